<?php

require_once __DIR__ . '/lib/QueryBuilder.php';
require_once __DIR__ . '/lib/UserRepository.php';
require_once __DIR__ . '/lib/RequestBag.php';

use App\Lib\QueryBuilder;
use App\Lib\RequestBag;
use App\Lib\UserRepository;

function find_user_by_name(mysqli $db)
{
    $name = $_GET['name'];
    $sql = "SELECT id, email FROM users WHERE name = '" . $name . "'";
    // expect: CWE-89
    return mysqli_query($db, $sql);
}

function find_user_by_name_escaped(mysqli $db)
{
    $name = mysqli_real_escape_string($db, $_GET['name']);
    $sql = "SELECT id, email FROM users WHERE name = '" . $name . "'";
    // ok: CWE-89
    return mysqli_query($db, $sql);
}

function delete_order(mysqli $db)
{
    $id = $_POST['order_id'];
    // expect: CWE-89
    $db->query('DELETE FROM orders WHERE id = ' . $id);
}

function delete_order_numeric(mysqli $db)
{
    $id = (int) $_POST['order_id'];
    // ok: CWE-89
    $db->query('DELETE FROM orders WHERE id = ' . $id);
}

function product_by_sku(PDO $pdo)
{
    $sku = $_REQUEST['sku'];
    // expect: CWE-89
    $stmt = $pdo->query("SELECT * FROM products WHERE sku = '$sku'");
    return $stmt->fetchAll();
}

function product_by_sku_prepared(PDO $pdo)
{
    $sku = $_REQUEST['sku'];
    // ok: CWE-89
    $stmt = $pdo->prepare('SELECT * FROM products WHERE sku = ?');
    $stmt->execute([$sku]);
    return $stmt->fetchAll();
}

function order_clause(string $column): string
{
    return ' ORDER BY ' . $column;
}

function list_products_sorted(PDO $pdo)
{
    $sql = 'SELECT id, name, price FROM products' . order_clause($_GET['sort']);
    // expect: CWE-89
    return $pdo->query($sql)->fetchAll();
}

function list_products_default_sort(PDO $pdo)
{
    $sql = 'SELECT id, name, price FROM products' . order_clause('created_at');
    // ok: CWE-89
    return $pdo->query($sql)->fetchAll();
}

function run_actor_audit(mysqli $db, string $actor)
{
    $sql = "SELECT * FROM audit_log WHERE actor = '" . $actor . "' ORDER BY ts DESC";
    // expect: CWE-89
    return mysqli_query($db, $sql);
}

function run_actor_audit_escaped(mysqli $db, string $actor)
{
    $sql = "SELECT * FROM audit_log WHERE actor = '" . mysqli_real_escape_string($db, $actor) . "' ORDER BY ts DESC";
    // ok: CWE-89
    return mysqli_query($db, $sql);
}

function audit_for_cookie_actor(mysqli $db)
{
    return run_actor_audit($db, $_COOKIE['actor']);
}

function audit_for_cookie_actor_escaped(mysqli $db)
{
    return run_actor_audit_escaped($db, $_COOKIE['actor']);
}

function search_customers_by_city(PDO $pdo)
{
    $filters = [];
    $filters['city'] = $_GET['city'];
    $filters['default_city'] = 'Amsterdam';
    // expect: CWE-89
    return $pdo->query("SELECT * FROM customers WHERE city = '" . $filters['city'] . "'")->fetchAll();
}

function search_customers_default_city(PDO $pdo)
{
    $filters = [];
    $filters['city'] = $_GET['city'];
    $filters['default_city'] = 'Amsterdam';
    // ok: CWE-89
    return $pdo->query("SELECT * FROM customers WHERE city = '" . $filters['default_city'] . "'")->fetchAll();
}

function sales_report(mysqli $db)
{
    $sql = 'SELECT day, SUM(total) FROM sales WHERE 1=1';
    $sql .= " AND region = '" . $_GET['region'] . "'";
    $sql .= ' GROUP BY day ORDER BY day';
    // expect: CWE-89
    return $db->query($sql);
}

function sales_report_escaped(mysqli $db)
{
    $sql = 'SELECT day, SUM(total) FROM sales WHERE 1=1';
    $sql .= " AND region = '" . $db->real_escape_string($_GET['region']) . "'";
    $sql .= ' GROUP BY day ORDER BY day';
    // ok: CWE-89
    return $db->query($sql);
}

function feature_products(PDO $pdo)
{
    $ids = (array) $_POST['ids'];
    $list = implode(',', $ids);
    // expect: CWE-89
    return $pdo->exec('UPDATE products SET featured = 1 WHERE id IN (' . $list . ')');
}

function feature_products_numeric(PDO $pdo)
{
    $ids = (array) $_POST['ids'];
    $list = implode(',', array_map('intval', $ids));
    // ok: CWE-89
    return $pdo->exec('UPDATE products SET featured = 1 WHERE id IN (' . $list . ')');
}

function log_user_agent(mysqli $db)
{
    $sql = sprintf("INSERT INTO visits (agent, seen_at) VALUES ('%s', NOW())", $_SERVER['HTTP_USER_AGENT']);
    // expect: CWE-89
    mysqli_query($db, $sql);
}

function log_user_agent_escaped(mysqli $db)
{
    $sql = sprintf("INSERT INTO visits (agent, seen_at) VALUES ('%s', NOW())", mysqli_real_escape_string($db, $_SERVER['HTTP_USER_AGENT']));
    // ok: CWE-89
    mysqli_query($db, $sql);
}

function list_users_direction(PDO $pdo)
{
    $dir = isset($_GET['dir']) ? $_GET['dir'] : 'ASC';
    // expect: CWE-89
    return $pdo->query('SELECT id, name FROM users ORDER BY name ' . $dir)->fetchAll();
}

function list_users_direction_allowed(PDO $pdo)
{
    $dir = in_array($_GET['dir'] ?? '', ['ASC', 'DESC'], true) ? $_GET['dir'] : 'ASC';
    // ok: CWE-89
    return $pdo->query('SELECT id, name FROM users ORDER BY name ' . $dir)->fetchAll();
}

function paged_messages(mysqli $db)
{
    $limit = $_GET['limit'] ?? '20';
    // expect: CWE-89
    return mysqli_query($db, 'SELECT * FROM messages ORDER BY id DESC LIMIT ' . $limit);
}

function paged_messages_numeric(mysqli $db)
{
    $limit = (int) ($_GET['limit'] ?? '20');
    // ok: CWE-89
    return mysqli_query($db, 'SELECT * FROM messages ORDER BY id DESC LIMIT ' . $limit);
}

function record_upload(mysqli $db)
{
    $original = $_FILES['document']['name'];
    // expect: CWE-89
    $db->query("INSERT INTO uploads (original_name) VALUES ('" . $original . "')");
}

function record_upload_escaped(mysqli $db)
{
    $original = $db->real_escape_string($_FILES['document']['name']);
    // ok: CWE-89
    $db->query("INSERT INTO uploads (original_name) VALUES ('" . $original . "')");
}

function find_accounts_by_owner(mysqli $db)
{
    $sql = (new QueryBuilder('accounts'))->where('owner', $_POST['owner'])->toSql();
    // expect: CWE-89
    return mysqli_query($db, $sql);
}

function find_accounts_by_owner_escaped(mysqli $db)
{
    $sql = (new QueryBuilder('accounts'))->whereEscaped($db, 'owner', $_POST['owner'])->toSql();
    // ok: CWE-89
    return mysqli_query($db, $sql);
}

function lookup_user_by_email(PDO $pdo)
{
    $repo = new UserRepository($pdo);
    return $repo->findByEmail($_POST['email']);
}

function lookup_user_by_email_prepared(PDO $pdo)
{
    $repo = new UserRepository($pdo);
    return $repo->findByEmailPrepared($_POST['email']);
}

function deactivate_user(PDO $pdo)
{
    $repo = new UserRepository($pdo);
    return $repo->deactivate($_GET['user_id']);
}

function deactivate_user_numeric(PDO $pdo)
{
    $repo = new UserRepository($pdo);
    return $repo->deactivateNumeric($_GET['user_id']);
}

function stores_in_country(PDO $pdo)
{
    $bag = new RequestBag($_GET);
    $country = $bag->get('country', 'NL');
    // expect: CWE-89
    return $pdo->query("SELECT * FROM stores WHERE country = '" . $country . "'")->fetchAll();
}

function stores_in_default_country(PDO $pdo)
{
    $bag = new RequestBag(['country' => 'NL']);
    $country = $bag->get('country', 'NL');
    // ok: CWE-89
    return $pdo->query("SELECT * FROM stores WHERE country = '" . $country . "'")->fetchAll();
}

function tickets_by_status(mysqli $db)
{
    $status = 'open';
    if (isset($_GET['status'])) {
        $status = $_GET['status'];
    }
    // expect: CWE-89
    return mysqli_query($db, "SELECT * FROM tickets WHERE status = '" . $status . "'");
}

function tickets_by_status_dead_branch(mysqli $db)
{
    $status = 'open';
    if (false) {
        $status = $_GET['status'];
    }
    // ok: CWE-89
    return mysqli_query($db, "SELECT * FROM tickets WHERE status = '" . $status . "'");
}

function archive_for_year(PDO $pdo)
{
    $year = $_GET['year'];
    // expect: CWE-89
    return $pdo->query('SELECT * FROM archive_' . $year . ' LIMIT 100')->fetchAll();
}

function archive_for_current_year(PDO $pdo)
{
    $year = $_GET['year'];
    $year = '2024';
    // ok: CWE-89
    return $pdo->query('SELECT * FROM archive_' . $year . ' LIMIT 100')->fetchAll();
}

function recent_orders_sorted(PDO $pdo)
{
    $order = $_COOKIE['order_pref'] ?? QueryBuilder::defaultOrder();
    // expect: CWE-89
    return $pdo->query('SELECT * FROM orders ORDER BY ' . $order)->fetchAll();
}

function recent_orders_default_sort(PDO $pdo)
{
    $order = QueryBuilder::defaultOrder();
    // ok: CWE-89
    return $pdo->query('SELECT * FROM orders ORDER BY ' . $order)->fetchAll();
}
