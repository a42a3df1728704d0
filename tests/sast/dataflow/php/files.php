<?php

require_once __DIR__ . '/lib/FileStore.php';

use App\Lib\FileStore;

const DOCS_DIR = '/var/www/docs/';
const THEMES = ['light', 'dark', 'contrast'];

function show_document()
{
    $name = $_GET['doc'];
    // expect: CWE-22
    $body = file_get_contents(DOCS_DIR . $name);
    return $body;
}

function show_document_basename()
{
    $name = basename($_GET['doc']);
    // ok: CWE-22
    $body = file_get_contents(DOCS_DIR . $name);
    return $body;
}

function theme_stylesheet()
{
    $theme = $_COOKIE['theme'];
    // expect: CWE-22
    $fh = fopen('/var/www/themes/' . $theme . '/style.css', 'r');
    return $fh;
}

function theme_stylesheet_allowed()
{
    $theme = $_COOKIE['theme'];
    if (!in_array($theme, THEMES, true)) {
        $theme = 'light';
    }
    // ok: CWE-22
    $fh = fopen('/var/www/themes/' . $theme . '/style.css', 'r');
    return $fh;
}

function export_path(string $name): string
{
    return '/srv/exports/' . $name;
}

function download_export()
{
    header('Content-Type: application/octet-stream');
    // expect: CWE-22
    readfile(export_path($_GET['file']));
}

function download_export_basename()
{
    header('Content-Type: application/octet-stream');
    // ok: CWE-22
    readfile(export_path(basename($_GET['file'])));
}

function render_page()
{
    $page = isset($_GET['page']) ? $_GET['page'] : 'home';
    // expect: CWE-22
    include '/var/www/pages/' . $page . '.php';
}

function render_page_allowed()
{
    $page = isset($_GET['page']) && in_array($_GET['page'], ['home', 'about', 'contact'], true) ? $_GET['page'] : 'home';
    // ok: CWE-22
    include '/var/www/pages/' . $page . '.php';
}

function load_plugin(string $plugin)
{
    // expect: CWE-22
    require_once __DIR__ . '/plugins/' . $plugin . '.php';
}

function load_plugin_basename(string $plugin)
{
    // ok: CWE-22
    require_once __DIR__ . '/plugins/' . basename($plugin) . '.php';
}

function enable_plugin()
{
    load_plugin($_POST['plugin']);
}

function enable_plugin_basename()
{
    load_plugin_basename($_POST['plugin']);
}

function delete_attachments()
{
    $files = (array) $_POST['delete'];
    foreach ($files as $f) {
        // expect: CWE-22
        unlink('/var/uploads/' . $f);
    }
}

function delete_attachments_basename()
{
    $files = (array) $_POST['delete'];
    foreach ($files as $f) {
        // ok: CWE-22
        unlink('/var/uploads/' . basename($f));
    }
}

function purge_cache_entry()
{
    $queue = [];
    array_push($queue, '/var/cache/app/' . $_REQUEST['key'], '/var/cache/app/index.tmp');
    // expect: CWE-22
    unlink($queue[0]);
}

function purge_cache_index()
{
    $queue = [];
    array_push($queue, '/var/cache/app/' . $_REQUEST['key'], '/var/cache/app/index.tmp');
    // ok: CWE-22
    unlink($queue[1]);
}

function read_stored_file()
{
    $store = new FileStore('/var/app/storage');
    $path = $store->pathFor($_GET['name']);
    // expect: CWE-22
    return file_get_contents($path);
}

function read_stored_file_basename()
{
    $store = new FileStore('/var/app/storage');
    $path = $store->basenamePathFor($_GET['name']);
    // ok: CWE-22
    return file_get_contents($path);
}

function read_invoice()
{
    $store = new FileStore('/var/app/invoices');
    return $store->read($_POST['invoice']);
}

function read_invoice_basename()
{
    $store = new FileStore('/var/app/invoices');
    return $store->readBase($_POST['invoice']);
}

function monthly_report()
{
    $path = sprintf('/var/reports/%s.pdf', $_GET['report']);
    // expect: CWE-22
    readfile($path);
}

function monthly_report_basename()
{
    $path = sprintf('/var/reports/%s.pdf', basename($_GET['report']));
    // ok: CWE-22
    readfile($path);
}

function translation_messages()
{
    $lang = 'en';
    if (isset($_REQUEST['lang'])) {
        $lang = $_REQUEST['lang'];
    }
    $path = '/var/www/lang';
    $path .= '/' . $lang;
    $path .= '/messages.json';
    // expect: CWE-22
    return json_decode(file_get_contents($path), true);
}

function translation_messages_dead_branch()
{
    $lang = 'en';
    if (false) {
        $lang = $_REQUEST['lang'];
    }
    $path = '/var/www/lang';
    $path .= '/' . $lang;
    $path .= '/messages.json';
    // ok: CWE-22
    return json_decode(file_get_contents($path), true);
}

function save_note()
{
    $title = $_POST['title'];
    // expect: CWE-22
    file_put_contents('/var/app/notes/' . $title . '.txt', $_POST['body']);
}

function save_note_basename()
{
    $title = basename($_POST['title']);
    // ok: CWE-22
    file_put_contents('/var/app/notes/' . $title . '.txt', $_POST['body']);
}

function avatar_image()
{
    $file = $_SERVER['HTTP_X_AVATAR'] ?? 'default.png';
    // expect: CWE-22
    readfile('/var/www/avatars/' . $file);
}

function avatar_image_overwritten()
{
    $file = $_SERVER['HTTP_X_AVATAR'] ?? 'default.png';
    $file = 'default.png';
    // ok: CWE-22
    readfile('/var/www/avatars/' . $file);
}
