<?php

use Illuminate\Http\Request;
use Symfony\Component\HttpFoundation\Response;

const ALLOWED_ORIGINS = ['https://app.example.com', 'https://admin.example.com'];

function export_download()
{
    $name = $_GET['name'];
    // expect: CWE-113
    header('Content-Disposition: attachment; filename="' . $name . '"');
    echo "id,total\n1,10\n";
}

function export_download_encoded()
{
    $name = $_GET['name'];
    // ok: CWE-113
    header('Content-Disposition: attachment; filename="' . rawurlencode($name) . '"');
    echo "id,total\n1,10\n";
}

function cors_preflight()
{
    $origin = isset($_SERVER['HTTP_ORIGIN']) ? $_SERVER['HTTP_ORIGIN'] : '';
    if ($origin !== '') {
        // (a reflected Origin: the CORS rules' case, not counted as CWE-113)
        header('Access-Control-Allow-Origin: ' . $origin);
    }
    http_response_code(204);
}

function cors_preflight_allowed()
{
    $origin = isset($_SERVER['HTTP_ORIGIN']) ? $_SERVER['HTTP_ORIGIN'] : '';
    if (in_array($origin, ALLOWED_ORIGINS, true)) {
        // (a reflected Origin: the CORS rules' case, not counted as CWE-113)
        header('Access-Control-Allow-Origin: ' . $origin);
    }
    http_response_code(204);
}

function content_language_line($lang)
{
    return 'Content-Language: ' . trim($lang);
}

function content_language_default($lang)
{
    return 'Content-Language: en';
}

function page_language()
{
    // expect: CWE-113
    header(content_language_line($_GET['lang']));
    echo 'ok';
}

function page_language_default()
{
    // ok: CWE-113
    header(content_language_default($_GET['lang']));
    echo 'ok';
}

function request_id_echo()
{
    $meta = ['rid' => $_SERVER['HTTP_X_REQUEST_ID'], 'server' => 'web-1'];
    // expect: CWE-113
    header('X-Request-Id: ' . $meta['rid']);
    echo 'ok';
}

function served_by()
{
    $meta = ['rid' => $_SERVER['HTTP_X_REQUEST_ID'], 'server' => 'web-1'];
    // ok: CWE-113
    header('X-Served-By: ' . $meta['server']);
    echo 'ok';
}

function pagination_links()
{
    $links = ['</static/items.css>; rel=preload'];
    if (isset($_GET['next'])) {
        $links[] = '<' . $_GET['next'] . '>; rel="next"';
    }
    // expect: CWE-113
    header('Link: ' . implode(', ', $links));
    echo '[]';
}

function pagination_links_dead_branch()
{
    $links = ['</static/items.css>; rel=preload'];
    if (false) {
        $links[] = '<' . $_GET['next'] . '>; rel="next"';
    }
    // ok: CWE-113
    header('Link: ' . implode(', ', $links));
    echo '[]';
}

function status_refresh()
{
    $delay = isset($_GET['delay']) ? $_GET['delay'] : '5';
    // expect: CWE-113
    header('Refresh: ' . $delay);
    echo 'working';
}

function status_refresh_number()
{
    $delay = isset($_GET['delay']) ? intval($_GET['delay']) : '5';
    // ok: CWE-113
    header('Refresh: ' . $delay);
    echo 'working';
}

class ReportController
{
    public function download(Request $request)
    {
        $name = $request->input('name', 'report.csv');
        // expect: CWE-113
        return response("id,total\n1,10\n")->header('Content-Disposition', 'attachment; filename=' . $name);
    }

    public function downloadStripped(Request $request)
    {
        $name = str_replace(["\r", "\n"], '', $request->input('name', 'report.csv'));
        // ok: CWE-113
        return response("id,total\n1,10\n")->header('Content-Disposition', 'attachment; filename=' . $name);
    }

    public function trace(Request $request)
    {
        $rid = $request->header('X-Request-Id');
        $response = new Response('ok');
        // expect: CWE-113
        $response->headers->set('X-Request-Id', $rid);
        return $response;
    }

    public function traceOverwritten(Request $request)
    {
        $rid = $request->header('X-Request-Id');
        $rid = 'generated';
        $response = new Response('ok');
        // ok: CWE-113
        $response->headers->set('X-Request-Id', $rid);
        return $response;
    }
}
