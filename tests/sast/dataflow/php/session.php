<?php

require_once __DIR__ . '/lib/SessionStore.php';
require_once __DIR__ . '/lib/RequestBag.php';

use App\Lib\RequestBag;
use App\Lib\SessionStore;

session_start();

const ROLES = ['viewer', 'editor'];
const LANGUAGES = ['en', 'de', 'fr', 'nl'];

function set_role()
{
    $role = $_GET['role'];
    // expect: CWE-501
    $_SESSION['role'] = $role;
}

function set_role_allowed()
{
    $role = $_GET['role'];
    if (!in_array($role, ROLES, true)) {
        $role = 'viewer';
    }
    // ok: CWE-501
    $_SESSION['role'] = $role;
}

function store_preference(string $key, $value)
{
    // expect: CWE-501
    $_SESSION[$key] = $value;
}

function store_checked_preference(string $key, $value)
{
    if (!in_array($value, ['light', 'dark'], true)) {
        $value = 'light';
    }
    // ok: CWE-501
    $_SESSION[$key] = $value;
}

function remember_theme()
{
    store_preference('theme', $_COOKIE['theme']);
}

function remember_theme_checked()
{
    store_checked_preference('theme', $_COOKIE['theme']);
}

function save_nickname()
{
    $profile = ['nick' => $_POST['nick'], 'tier' => 'free'];
    // expect: CWE-501
    $_SESSION['nick'] = $profile['nick'];
}

function save_tier()
{
    $profile = ['nick' => $_POST['nick'], 'tier' => 'free'];
    // ok: CWE-501
    $_SESSION['tier'] = $profile['tier'];
}

function choose_language()
{
    $lang = $_GET['lang'] ?? 'en';
    // expect: CWE-501
    $_SESSION['lang'] = $lang;
}

function choose_language_allowed()
{
    $lang = in_array($_GET['lang'] ?? '', LANGUAGES, true) ? $_GET['lang'] : 'en';
    // ok: CWE-501
    $_SESSION['lang'] = $lang;
}

function track_breadcrumb()
{
    $trail = 'home';
    if (isset($_SERVER['HTTP_X_SECTION'])) {
        $trail .= ' > ' . $_SERVER['HTTP_X_SECTION'];
    }
    $trail .= ' > checkout';
    // expect: CWE-501
    $_SESSION['trail'] = $trail;
}

function track_breadcrumb_dead_branch()
{
    $trail = 'home';
    if (false) {
        $trail .= ' > ' . $_SERVER['HTTP_X_SECTION'];
    }
    $trail .= ' > checkout';
    // ok: CWE-501
    $_SESSION['trail'] = $trail;
}

function impersonate_account()
{
    $store = new SessionStore();
    $store->remember('account_id', $_REQUEST['account_id']);
}

function impersonate_account_checked()
{
    $store = new SessionStore();
    $store->rememberChoice('account_id', $_REQUEST['account_id'], ['demo-1', 'demo-2'], 'demo-1');
}

function save_company()
{
    $bag = new RequestBag($_POST);
    $company = $bag->get('company');
    // expect: CWE-501
    $_SESSION['company'] = $company;
}

function save_company_overwritten()
{
    $bag = new RequestBag($_POST);
    $company = $bag->get('company');
    $company = 'Acme Corp';
    // ok: CWE-501
    $_SESSION['company'] = $company;
}

function save_filters()
{
    $filters = [];
    $filters[] = 'status:open';
    $filters[] = $_GET['filter'];
    // expect: CWE-501
    $_SESSION['filters'] = implode(';', $filters);
}

function save_default_filter()
{
    $filters = [];
    $filters[] = 'status:open';
    $filters[] = $_GET['filter'];
    // ok: CWE-501
    $_SESSION['filters'] = $filters[0];
}
