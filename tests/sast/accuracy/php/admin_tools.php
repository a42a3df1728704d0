<?php
// Small admin toolbox for the intranet server.
// expect: php.display-errors-enabled
ini_set('display_errors', '1');
// ok: php.display-errors-enabled
ini_set('log_errors', '1');

session_start();
if (empty($_SESSION['is_admin'])) {
    http_response_code(403);
    exit;
}

$action = $_GET['action'] ?? 'home';

// expect: php.include-user-input
include "modules/" . $_GET['module'] . ".php";

$pages = ['home' => 'home.php', 'logs' => 'logs.php'];
// ok: php.include-user-input
include __DIR__ . '/pages/' . ($pages[$action] ?? 'home.php');

function ping_host(string $host)
{
    // expect: php.exec-non-constant
    exec("ping -c 3 " . $host, $output, $rc);
    // ok: php.exec-non-constant
    exec("ping -c 3 " . escapeshellarg($host), $safeOutput, $rc2);
    return [$output, $safeOutput];
}

function disk_usage()
{
    // ok: php.exec-non-constant
    return shell_exec('df -h /var/www');
}

function list_dir(string $dir)
{
    // expect: php.backtick-non-constant
    return `ls -la $dir`;
}

function show_log()
{
    // expect: php.path-traversal-user-input
    readfile("/var/log/app/" . $_GET['log']);
    // ok: php.path-traversal-user-input
    readfile("/var/log/app/" . basename($_GET['log']));
}

function upload_avatar()
{
    // expect: php.upload-original-filename
    move_uploaded_file($_FILES['avatar']['tmp_name'], "/var/www/uploads/" . $_FILES['avatar']['name']);
    $name = bin2hex(random_bytes(16)) . '.png';
    // ok: php.upload-original-filename
    move_uploaded_file($_FILES['avatar']['tmp_name'], "/var/www/uploads/" . $name);
}

function calc()
{
    // expect: php.eval-non-constant
    return eval("return " . $_POST['formula'] . ";");
}

function bbcode(string $text)
{
    // expect: php.preg-replace-eval-modifier
    $text = preg_replace('/\[u\](.*?)\[\/u\]/e', '"<u>" . strtoupper("$1") . "</u>"', $text);
    // ok: php.preg-replace-eval-modifier
    return preg_replace_callback('/\[b\](.*?)\[\/b\]/', fn ($m) => '<b>' . htmlspecialchars($m[1]) . '</b>', $text);
}

function import_settings()
{
    // expect: php.extract-request-data
    extract($_POST);
    // ok: php.parse-str-without-result
    parse_str($_SERVER['QUERY_STRING'] ?? '', $query);
    return $query;
}

function parse_feed(string $xml)
{
    $doc = new DOMDocument();
    // expect: php.xml-parse-noent
    $doc->loadXML($xml, LIBXML_NOENT | LIBXML_DTDLOAD);
    $safe = new DOMDocument();
    // ok: php.xml-parse-noent
    $safe->loadXML($xml, LIBXML_NONET);
    return [$doc, $safe];
}

if ($action === 'info' && getenv('APP_ENV') === 'local') {
    // expect: php.phpinfo-call
    phpinfo();
}
