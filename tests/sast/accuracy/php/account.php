<?php
// Legacy account pages: login, profile and search.
require_once __DIR__ . '/bootstrap.php';

$conn = mysqli_connect(getenv('DB_HOST'), getenv('DB_USER'), getenv('DB_PASSWORD'), 'shop');

function find_user_by_email(mysqli $conn, string $email)
{
    // ok: php.sqli-mysql-functions
    $stmt = mysqli_prepare($conn, "SELECT id, name, password_hash FROM users WHERE email = ?");
    mysqli_stmt_bind_param($stmt, "s", $email);
    mysqli_stmt_execute($stmt);
    return mysqli_fetch_assoc(mysqli_stmt_get_result($stmt));
}

function legacy_login(mysqli $conn)
{
    $user = $_POST['user'];
    // expect: php.sqli-mysql-functions
    $res = mysqli_query($conn, "SELECT * FROM users WHERE login = '$user' AND active = 1");
    $row = mysqli_fetch_assoc($res);
    // expect: php.weak-password-hash
    if ($row && $row['password'] === md5($_POST['password'])) {
        $_SESSION['uid'] = $row['id'];
        // expect: php.weak-random-token
        $_SESSION['csrf_token'] = md5(uniqid(mt_rand(), true));
        return true;
    }
    return false;
}

function modern_login(mysqli $conn)
{
    $row = find_user_by_email($conn, $_POST['email'] ?? '');
    if ($row && password_verify($_POST['password'] ?? '', $row['password_hash'])) {
        session_regenerate_id(true);
        // ok: php.weak-random-token
        $_SESSION['csrf_token'] = bin2hex(random_bytes(32));
        return true;
    }
    return false;
}

function order_history(mysqli $conn)
{
    // ok: php.sqli-mysql-functions
    $res = mysqli_query($conn, "SELECT * FROM orders WHERE user_id = " . intval($_GET['uid']) . " ORDER BY created_at DESC");
    return mysqli_fetch_all($res, MYSQLI_ASSOC);
}

function render_search()
{
    $q = $_GET['q'] ?? '';
    // expect: php.echo-request-data
    echo "<h2>Results for " . $_GET['q'] . "</h2>";
    // ok: php.echo-request-data
    echo "<p>You searched for " . htmlspecialchars($q, ENT_QUOTES, 'UTF-8') . "</p>";
    // ok: php.echo-request-data
    echo "<p>Page " . (int) $_GET['page'] . "</p>";
}

function remember_me(string $token)
{
    // expect: php.setcookie-insecure
    setcookie('remember', $token, time() + 86400 * 30, '/');
    // ok: php.setcookie-insecure
    setcookie('remember_v2', $token, ['expires' => time() + 86400 * 30, 'path' => '/', 'secure' => true, 'httponly' => true, 'samesite' => 'Lax']);
}

function logout()
{
    // ok: php.setcookie-insecure
    setcookie('remember', '', time() - 3600, '/');
    $next = $_GET['next'] ?? '/';
    // expect: php.open-redirect-header
    header("Location: " . $_GET['next']);
    exit;
}

function back_to_login()
{
    // ok: php.open-redirect-header
    header("Location: /login.php?next=" . urlencode($_GET['next'] ?? '/'));
    exit;
}

function load_preferences()
{
    // expect: php.unserialize-non-constant
    $prefs = unserialize($_COOKIE['prefs']);
    // ok: php.unserialize-non-constant
    $safe = unserialize(base64_decode($_COOKIE['prefs_v2']), ['allowed_classes' => false]);
    return [$prefs, $safe];
}

function hash_new_password(string $password)
{
    // ok: php.weak-password-hash
    return password_hash($password, PASSWORD_DEFAULT);
}

function avatar_etag(string $content)
{
    // ok: php.weak-password-hash
    return md5($content);
}
