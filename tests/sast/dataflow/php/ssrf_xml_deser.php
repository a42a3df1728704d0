<?php

require_once __DIR__ . '/lib/HttpFetcher.php';
require_once __DIR__ . '/lib/XmlImporter.php';
require_once __DIR__ . '/lib/RequestBag.php';

use App\Lib\HttpFetcher;
use App\Lib\RequestBag;
use App\Lib\XmlImporter;

const PARTNER_HOSTS = ['api.partner.example.com', 'hooks.example.com'];
const NEWS_FEEDS = ['https://news.example.com/rss', 'https://blog.example.com/feed'];

function preview_link()
{
    $url = $_GET['url'];
    // expect: CWE-918
    $ch = curl_init($url);
    curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
    return curl_exec($ch);
}

function preview_link_allowed()
{
    $url = $_GET['url'];
    if (filter_var($url, FILTER_VALIDATE_URL) === false || !in_array(parse_url($url, PHP_URL_HOST), PARTNER_HOSTS, true)) {
        return false;
    }
    // ok: CWE-918
    $ch = curl_init($url);
    curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
    return curl_exec($ch);
}

function notify_callback()
{
    $targets = ['primary' => $_POST['callback'], 'backup' => 'https://hooks.example.com/backup'];
    $ch = curl_init();
    // expect: CWE-918
    curl_setopt($ch, CURLOPT_URL, $targets['primary']);
    curl_setopt($ch, CURLOPT_POST, true);
    return curl_exec($ch);
}

function notify_backup_callback()
{
    $targets = ['primary' => $_POST['callback'], 'backup' => 'https://hooks.example.com/backup'];
    $ch = curl_init();
    // ok: CWE-918
    curl_setopt($ch, CURLOPT_URL, $targets['backup']);
    curl_setopt($ch, CURLOPT_POST, true);
    return curl_exec($ch);
}

function upstream_health()
{
    $url = 'http://';
    $url .= $_SERVER['HTTP_X_FORWARDED_HOST'];
    $url .= '/internal/health';
    // expect: CWE-918
    return file_get_contents($url);
}

function upstream_health_fixed_host()
{
    $url = 'http://';
    $url .= 'status.internal.example.com';
    $url .= '/internal/health';
    // ok: CWE-918
    return file_get_contents($url);
}

function import_remote_image()
{
    $fetcher = new HttpFetcher(10);
    return $fetcher->fetch($_REQUEST['image_url']);
}

function import_remote_image_allowed()
{
    $fetcher = new HttpFetcher(10);
    return $fetcher->fetchAllowed($_REQUEST['image_url']);
}

function read_news_feed()
{
    $feed = isset($_GET['feed']) ? $_GET['feed'] : NEWS_FEEDS[0];
    $ch = curl_init();
    // expect: CWE-918
    curl_setopt($ch, CURLOPT_URL, $feed);
    curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
    return curl_exec($ch);
}

function read_news_feed_allowed()
{
    $feed = isset($_GET['feed']) && in_array($_GET['feed'], NEWS_FEEDS, true) ? $_GET['feed'] : NEWS_FEEDS[0];
    $ch = curl_init();
    // ok: CWE-918
    curl_setopt($ch, CURLOPT_URL, $feed);
    curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
    return curl_exec($ch);
}

function webhook_endpoint(string $base): string
{
    return rtrim($base, '/') . '/events';
}

function ping_webhook()
{
    // expect: CWE-918
    $ch = curl_init(webhook_endpoint($_COOKIE['webhook_base']));
    return curl_exec($ch);
}

function ping_default_webhook()
{
    // ok: CWE-918
    $ch = curl_init(webhook_endpoint('https://hooks.example.com'));
    return curl_exec($ch);
}

function import_xml_body()
{
    $xml = file_get_contents('php://input');
    // expect: CWE-611
    $doc = simplexml_load_string($xml, 'SimpleXMLElement', LIBXML_NOENT);
    return (string) $doc->name;
}

function import_xml_body_default_options()
{
    $xml = file_get_contents('php://input');
    // ok: CWE-611
    $doc = simplexml_load_string($xml, 'SimpleXMLElement');
    return (string) $doc->name;
}

function parse_invoice(string $xml): DOMDocument
{
    $dom = new DOMDocument();
    // expect: CWE-611
    $dom->loadXML($xml, LIBXML_NOENT | LIBXML_DTDLOAD);
    return $dom;
}

function parse_invoice_plain(string $xml): DOMDocument
{
    $dom = new DOMDocument();
    // ok: CWE-611
    $dom->loadXML($xml);
    return $dom;
}

function upload_invoice()
{
    return parse_invoice($_POST['invoice'])->getElementsByTagName('total')->item(0)->textContent;
}

function upload_invoice_plain()
{
    return parse_invoice_plain($_POST['invoice'])->getElementsByTagName('total')->item(0)->textContent;
}

function import_rss()
{
    $xml = $_POST['feed'] ?? '<rss/>';
    libxml_disable_entity_loader(false);
    // expect: CWE-611
    $feed = simplexml_load_string($xml, 'SimpleXMLElement', LIBXML_NOENT | LIBXML_DTDLOAD);
    return $feed;
}

function import_rss_default_options()
{
    $xml = $_POST['feed'] ?? '<rss/>';
    libxml_disable_entity_loader(false);
    // ok: CWE-611
    $feed = simplexml_load_string($xml, 'SimpleXMLElement');
    return $feed;
}

function import_payload_upload()
{
    $payloads = ['upload' => $_POST['xml'], 'template' => '<?xml version="1.0"?><settings/>'];
    $dom = new DOMDocument();
    // expect: CWE-611
    $dom->loadXML($payloads['upload'], LIBXML_NOENT);
    return $dom;
}

function import_payload_template()
{
    $payloads = ['upload' => $_POST['xml'], 'template' => '<?xml version="1.0"?><settings/>'];
    $dom = new DOMDocument();
    // ok: CWE-611
    $dom->loadXML($payloads['template'], LIBXML_NOENT);
    return $dom;
}

function import_catalog()
{
    $importer = new XmlImporter();
    return $importer->import($_REQUEST['catalog']);
}

function import_catalog_plain()
{
    $importer = new XmlImporter();
    return $importer->importPlain($_REQUEST['catalog']);
}

function restore_cart()
{
    $raw = $_COOKIE['cart'];
    // expect: CWE-502
    $cart = unserialize($raw);
    return $cart;
}

function restore_cart_json()
{
    $raw = $_COOKIE['cart'];
    // ok: CWE-502
    $cart = json_decode($raw, true);
    return $cart;
}

function decode_state(string $state): string
{
    return base64_decode($state);
}

function resume_wizard()
{
    // expect: CWE-502
    $state = unserialize(decode_state($_POST['state']));
    return $state;
}

function resume_wizard_json()
{
    // ok: CWE-502
    $state = json_decode(decode_state($_POST['state']), true);
    return $state;
}

function receive_sync_batch()
{
    $body = file_get_contents('php://input') ?: '[]';
    // expect: CWE-502
    $batch = unserialize($body);
    return $batch;
}

function receive_sync_batch_json()
{
    $body = file_get_contents('php://input') ?: '[]';
    // ok: CWE-502
    $batch = json_decode($body, true);
    return $batch;
}

function load_preferences()
{
    $bag = new RequestBag($_COOKIE);
    // expect: CWE-502
    return unserialize($bag->get('prefs', ''));
}

function load_preferences_json()
{
    $bag = new RequestBag($_COOKIE);
    // ok: CWE-502
    return json_decode($bag->get('prefs', ''), true);
}

function load_widgets()
{
    $parts = [];
    $parts[] = $_GET['widgets'];
    $parts[] = serialize(['clock', 'weather']);
    // expect: CWE-502
    return unserialize($parts[0]);
}

function load_default_widgets()
{
    $parts = [];
    $parts[] = $_GET['widgets'];
    $parts[] = serialize(['clock', 'weather']);
    // ok: CWE-502
    return unserialize($parts[1]);
}
