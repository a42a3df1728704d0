<?php
// Helpers kept from the PHP 5 version of the intranet.

function api_cors()
{
    $origin = $_SERVER['HTTP_ORIGIN'] ?? '';
    $trusted = ['https://intranet.example.com', 'https://admin.example.com'];
    if (in_array($origin, $trusted, true)) {
        // ok: php.cors-origin-reflection
        header("Access-Control-Allow-Origin: " . $_SERVER['HTTP_ORIGIN']);
        header("Vary: Origin");
    }
}

function api_cors_legacy()
{
    // expect: php.cors-origin-reflection
    header("Access-Control-Allow-Origin: " . $_SERVER['HTTP_ORIGIN']);
    header("Access-Control-Allow-Credentials: true");
}

function legacy_encrypt($data, $key)
{
    // expect: php.mcrypt-usage
    return mcrypt_encrypt(MCRYPT_RIJNDAEL_128, $key, $data, MCRYPT_MODE_ECB);
}

function modern_encrypt($data, $key)
{
    $nonce = random_bytes(SODIUM_CRYPTO_SECRETBOX_NONCEBYTES);
    // ok: php.mcrypt-usage
    return $nonce . sodium_crypto_secretbox($data, $nonce, $key);
}

function check_rule($rule)
{
    // expect: php.assert-string-eval
    return assert("in_array('" . $_GET['role'] . "', ['admin', 'editor'])");
}

function check_count(array $items)
{
    // ok: php.assert-string-eval
    assert(count($items) > 0, 'items must not be empty');
    return count($items);
}

function make_sorter($field)
{
    // expect: php.create-function
    return create_function('$a, $b', 'return strcmp($a["' . $field . '"], $b["' . $field . '"]);');
}

function make_sorter_modern($field)
{
    // ok: php.create-function
    return function ($a, $b) use ($field) { return strcmp($a[$field], $b[$field]); };
}

function dispatch()
{
    // expect: php.dynamic-call-user-input
    return call_user_func($_REQUEST['handler'], $_REQUEST['arg'] ?? null);
}

function dispatch_safe()
{
    $handlers = ['list' => 'list_items', 'show' => 'show_item'];
    $name = $handlers[$_REQUEST['handler'] ?? 'list'] ?? 'list_items';
    // ok: php.dynamic-call-user-input
    return call_user_func($name, $_REQUEST['arg'] ?? null);
}

function import_xml($xml)
{
    // expect: php.libxml-entity-loader-enabled
    libxml_disable_entity_loader(false);
    $doc = simplexml_load_string($xml);
    // ok: php.libxml-entity-loader-enabled
    libxml_disable_entity_loader(true);
    return $doc;
}

function render_view($view, array $data)
{
    // expect: php.include-dynamic-path
    include "views/" . $view . ".phtml";
}

function render_layout()
{
    // ok: php.include-dynamic-path
    require __DIR__ . '/views/layout.phtml';
}

function read_query($qs)
{
    // expect: php.parse-str-without-result
    parse_str($qs);
    // ok: php.parse-str-without-result
    parse_str($qs, $params);
    return $params;
}
