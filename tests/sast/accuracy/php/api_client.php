<?php
// Outbound integrations: partner API, image proxy and token handling.
use Firebase\JWT\JWT;
use Firebase\JWT\Key;

// expect: php.hardcoded-db-password
$pdo = new PDO('mysql:host=db.internal;dbname=partners', 'partners', 'P4rtn3rs!2023');
// ok: php.hardcoded-db-password
$reporting = new PDO(getenv('REPORTING_DSN'), getenv('REPORTING_USER'), getenv('REPORTING_PASSWORD'));

function partner_request(string $path, array $payload)
{
    $ch = curl_init('https://partner.example.com/api/' . rawurlencode($path));
    curl_setopt($ch, CURLOPT_POST, true);
    curl_setopt($ch, CURLOPT_POSTFIELDS, json_encode($payload));
    // ok: php.curl-tls-verification-disabled
    curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, true);
    // expect: php.curl-tls-verification-disabled
    curl_setopt($ch, CURLOPT_SSL_VERIFYHOST, 0);
    $body = curl_exec($ch);
    curl_close($ch);
    return $body;
}

function image_proxy()
{
    // expect: php.ssrf-user-url
    $ch = curl_init($_GET['src']);
    curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
    // ok: php.ssrf-user-url
    curl_setopt($ch, CURLOPT_TIMEOUT, (int) ($_GET['timeout'] ?? 5));
    $img = curl_exec($ch);
    header('Content-Type: image/png');
    echo $img;
}

function legacy_feed()
{
    // expect: php.stream-context-tls-verification-disabled
    $ctx = stream_context_create(['ssl' => ['verify_peer' => false, 'verify_peer_name' => false]]);
    return file_get_contents('https://legacy.example.com/feed.xml', false, $ctx);
}

function decode_token(string $jwt, string $key)
{
    // ok: php.jwt-none-algorithm
    return JWT::decode($jwt, new Key($key, 'HS256'));
}

function decode_legacy_token(string $jwt, string $key)
{
    // expect: php.jwt-none-algorithm
    return JWT::decode($jwt, $key, ['HS256', 'none']);
}

function encrypt_legacy(string $data, string $key)
{
    // expect: php.openssl-weak-cipher
    return openssl_encrypt($data, 'des-ede3-cbc', $key, 0, substr($key, 0, 8));
}

function encrypt_modern(string $data, string $key)
{
    $iv = random_bytes(12);
    // ok: php.openssl-weak-cipher
    $ct = openssl_encrypt($data, 'aes-256-gcm', $key, OPENSSL_RAW_DATA, $iv, $tag);
    return base64_encode($iv . $tag . $ct);
}

function legacy_password(string $password)
{
    // expect: php.crypt-weak-salt
    return crypt($password, 'xy');
}

function modern_password(string $password, string $stored)
{
    // ok: php.crypt-weak-salt
    return hash_equals($stored, crypt($password, $stored));
}

function cors_headers()
{
    // expect: php.cors-wildcard-with-credentials
    header('Access-Control-Allow-Origin: *');
    header('Access-Control-Allow-Credentials: true');
    // ok: php.open-redirect-header
    header('X-Frame-Options: DENY');
}
