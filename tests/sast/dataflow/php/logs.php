<?php

use Illuminate\Http\Request;
use Illuminate\Support\Facades\Log;
use Psr\Log\LoggerInterface;

const AUDIT_CHANNEL = 'audit';

function failed_login_logged()
{
    $user = $_POST['user'];
    // expect: CWE-117
    error_log('login failed for ' . $user);
}

function failed_login_logged_stripped()
{
    $user = str_replace(["\r", "\n"], '', $_POST['user']);
    // ok: CWE-117
    error_log('login failed for ' . $user);
}

function describe_visitor($name)
{
    return 'visitor=' . trim($name);
}

function describe_guest($name)
{
    return 'visitor=guest';
}

function one_line($text)
{
    return preg_replace('/[\r\n]+/', ' ', $text);
}

function visit_logged(LoggerInterface $logger)
{
    // expect: CWE-117
    $logger->info(describe_visitor($_GET['name']));
}

function visit_logged_guest(LoggerInterface $logger)
{
    // ok: CWE-117
    $logger->info(describe_guest($_GET['name']));
}

function visit_logged_one_line(LoggerInterface $logger)
{
    // ok: CWE-117
    $logger->info('visitor=' . one_line($_GET['name']));
}

function user_agent_logged()
{
    $client = ['ua' => $_SERVER['HTTP_USER_AGENT'], 'app' => 'web'];
    // expect: CWE-117
    syslog(LOG_INFO, 'client ' . $client['ua']);
}

function app_name_logged()
{
    $client = ['ua' => $_SERVER['HTTP_USER_AGENT'], 'app' => 'web'];
    // ok: CWE-117
    syslog(LOG_INFO, 'client ' . $client['app']);
}

function download_logged()
{
    $msg = sprintf('download of %s requested', $_GET['file']);
    // expect: CWE-117
    Log::info($msg);
}

function download_logged_numeric()
{
    $msg = sprintf('download of %d requested', intval($_GET['file']));
    // ok: CWE-117
    Log::info($msg);
}

function referer_logged(LoggerInterface $logger)
{
    $from = isset($_SERVER['HTTP_REFERER']) ? $_SERVER['HTTP_REFERER'] : 'direct';
    // expect: CWE-117
    $logger->notice('visit from ' . $from);
}

function referer_logged_encoded(LoggerInterface $logger)
{
    $from = isset($_SERVER['HTTP_REFERER']) ? urlencode($_SERVER['HTTP_REFERER']) : 'direct';
    // ok: CWE-117
    $logger->notice('visit from ' . $from);
}

function token_rejected(Request $request)
{
    // expect: CWE-117
    error_log('token rejected: ' . $request->input('token') . ' from ' . $request->ip());
}

function token_rejected_overwritten(Request $request)
{
    $token = $request->input('token');
    $token = '[redacted]';
    // ok: CWE-117
    error_log('token rejected: ' . $token . ' from ' . $request->ip());
}

function bad_sort_logged(Request $request)
{
    // expect: CWE-117
    Log::channel(AUDIT_CHANNEL)->warning('unknown sort column', ['sort' => $request->query('sort')]);
}

function bad_sort_logged_json(Request $request)
{
    // ok: CWE-117
    Log::channel(AUDIT_CHANNEL)->warning('unknown sort column', ['sort' => json_encode($request->query('sort'))]);
}

function coupon_logged(LoggerInterface $logger)
{
    $note = 'coupon check';
    if (isset($_POST['coupon'])) {
        $note .= ': ' . $_POST['coupon'];
    }
    // expect: CWE-117
    $logger->log('warning', $note);
}

function coupon_logged_dead_branch(LoggerInterface $logger)
{
    $note = 'coupon check';
    if (false) {
        $note .= ': ' . $_POST['coupon'];
    }
    // ok: CWE-117
    $logger->log('warning', $note);
}

class SearchAudit
{
    private $logger;

    public function __construct(LoggerInterface $logger)
    {
        $this->logger = $logger;
    }

    public function terms()
    {
        $parts = [];
        $parts[] = 'search';
        $parts[] = $_GET['q'];
        // expect: CWE-117
        $this->logger->warning('terms: ' . $parts[1]);
    }

    public function termsLabel()
    {
        $parts = [];
        $parts[] = 'search';
        $parts[] = $_GET['q'];
        // ok: CWE-117
        $this->logger->warning('terms: ' . $parts[0]);
    }

    public function category()
    {
        $category = $_GET['category'];
        // expect: CWE-117
        $this->logger->error("no such category: $category");
    }

    public function categoryEscaped()
    {
        $category = addcslashes($_GET['category'], "\0..\37");
        // ok: CWE-117
        $this->logger->error("no such category: $category");
    }
}
