<?php

require_once __DIR__ . '/lib/TemplateView.php';
require_once __DIR__ . '/lib/RequestBag.php';
require_once __DIR__ . '/lib/UrlHelper.php';

use App\Lib\RequestBag;
use App\Lib\TemplateView;
use App\Lib\UrlHelper;

const ALLOWED_REDIRECTS = ['/', '/account', '/orders', '/help'];

function search_results_heading()
{
    $q = $_GET['q'];
    // expect: CWE-79
    echo '<h2>Results for ' . $q . '</h2>';
}

function search_results_heading_escaped()
{
    $q = htmlspecialchars($_GET['q'], ENT_QUOTES, 'UTF-8');
    // ok: CWE-79
    echo '<h2>Results for ' . $q . '</h2>';
}

function greeting(string $name): string
{
    return '<p>Welcome back, ' . $name . '</p>';
}

function welcome_banner()
{
    // expect: CWE-79
    print greeting($_COOKIE['display_name']);
}

function welcome_banner_escaped()
{
    // ok: CWE-79
    print greeting(htmlentities($_COOKIE['display_name'], ENT_QUOTES, 'UTF-8'));
}

function flash_message()
{
    $msg = $_POST['flash'] ?? 'Nothing to show';
    // expect: CWE-79
    printf('<div class="flash">%s</div>', $msg);
}

function flash_message_escaped()
{
    $msg = $_POST['flash'] ?? 'Nothing to show';
    // ok: CWE-79
    printf('<div class="flash">%s</div>', htmlspecialchars($msg, ENT_QUOTES, 'UTF-8'));
}

function upload_confirmation()
{
    $name = $_FILES['attachment']['name'];
    // expect: CWE-79
    echo "<p>Uploaded $name successfully</p>";
}

function upload_confirmation_escaped()
{
    $name = htmlspecialchars($_FILES['attachment']['name'], ENT_QUOTES, 'UTF-8');
    // ok: CWE-79
    echo "<p>Uploaded $name successfully</p>";
}

function product_row_title()
{
    $row = ['title' => $_GET['title'], 'id' => 42];
    // expect: CWE-79
    echo '<tr><td>' . $row['title'] . '</td></tr>';
}

function product_row_id()
{
    $row = ['title' => $_GET['title'], 'id' => 42];
    // ok: CWE-79
    echo '<tr><td>' . $row['id'] . '</td></tr>';
}

function tag_list()
{
    $items = [];
    foreach ((array) $_GET['tags'] as $tag) {
        $items[] = '<li>' . $tag . '</li>';
    }
    // expect: CWE-79
    echo '<ul>' . implode('', $items) . '</ul>';
}

function tag_list_escaped()
{
    $items = [];
    foreach ((array) $_GET['tags'] as $tag) {
        $items[] = '<li>' . htmlspecialchars($tag, ENT_QUOTES, 'UTF-8') . '</li>';
    }
    // ok: CWE-79
    echo '<ul>' . implode('', $items) . '</ul>';
}

function comment_preview()
{
    $html = '<div class="preview">';
    $html .= '<strong>' . $_POST['author'] . '</strong>';
    $html .= '</div>';
    // expect: CWE-79
    echo $html;
}

function comment_preview_escaped()
{
    $html = '<div class="preview">';
    $html .= '<strong>' . htmlspecialchars($_POST['author'], ENT_QUOTES, 'UTF-8') . '</strong>';
    $html .= '</div>';
    // ok: CWE-79
    echo $html;
}

function page_title()
{
    $view = new TemplateView('page');
    $view->title($_GET['title']);
}

function page_title_escaped()
{
    $view = new TemplateView('page');
    $view->titleEscaped($_GET['title']);
}

function invoice_cell()
{
    $view = new TemplateView();
    $cell = $view->cell($_REQUEST['reference']);
    // expect: CWE-79
    echo '<table><tr>' . $cell . '</tr></table>';
}

function invoice_cell_escaped()
{
    $view = new TemplateView();
    $cell = $view->cellEscaped($_REQUEST['reference']);
    // ok: CWE-79
    echo '<table><tr>' . $cell . '</tr></table>';
}

function page_number()
{
    $bag = new RequestBag($_GET);
    // expect: CWE-79
    echo '<span class="page">Page ' . $bag->get('page', '1') . '</span>';
}

function page_number_numeric()
{
    $bag = new RequestBag($_GET);
    // ok: CWE-79
    echo '<span class="page">Page ' . intval($bag->get('page', '1')) . '</span>';
}

function promo_banner()
{
    $banner = 'Welcome to our shop';
    if (isset($_GET['banner'])) {
        $banner = $_GET['banner'];
    }
    // expect: CWE-79
    echo '<div class="banner">' . $banner . '</div>';
}

function promo_banner_dead_branch()
{
    $banner = 'Welcome to our shop';
    if (false) {
        $banner = $_GET['banner'];
    }
    // ok: CWE-79
    echo '<div class="banner">' . $banner . '</div>';
}

function continue_after_login()
{
    $next = $_GET['next'];
    // expect: CWE-601
    header('Location: ' . $next);
    exit;
}

function continue_after_login_allowed()
{
    $next = $_GET['next'];
    if (!in_array($next, ALLOWED_REDIRECTS, true)) {
        $next = '/';
    }
    // ok: CWE-601
    header('Location: ' . $next);
    exit;
}

function return_after_checkout()
{
    $target = $_POST['return'] ?? '/orders';
    // expect: CWE-601
    header('Location: ' . $target, true, 302);
}

function return_after_checkout_overwritten()
{
    $target = $_POST['return'] ?? '/orders';
    $target = '/orders';
    // ok: CWE-601
    header('Location: ' . $target, true, 302);
}

function go_to(string $url)
{
    // expect: CWE-601
    header("Location: $url");
    exit;
}

function go_to_local(string $url)
{
    if (!in_array($url, ALLOWED_REDIRECTS, true)) {
        $url = '/';
    }
    // ok: CWE-601
    header("Location: $url");
    exit;
}

function logout_and_continue()
{
    session_destroy();
    go_to($_REQUEST['continue']);
}

function logout_and_continue_local()
{
    session_destroy();
    go_to_local($_REQUEST['continue']);
}

function back_to_origin()
{
    $url = UrlHelper::returnUrl($_GET);
    // expect: CWE-601
    header('Location: ' . $url);
}

function back_to_origin_local()
{
    $url = UrlHelper::localReturnUrl($_GET);
    // ok: CWE-601
    header('Location: ' . $url);
}

function language_switch()
{
    $targets = ['back' => $_GET['back'], 'home' => '/'];
    // expect: CWE-601
    header('Location: ' . $targets['back']);
}

function language_switch_home()
{
    $targets = ['back' => $_GET['back'], 'home' => '/'];
    // ok: CWE-601
    header('Location: ' . $targets['home']);
}
