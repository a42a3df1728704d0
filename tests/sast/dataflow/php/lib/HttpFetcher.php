<?php

namespace App\Lib;

class HttpFetcher
{
    private const ALLOWED_HOSTS = ['api.partner.example.com', 'cdn.example.com'];

    private int $timeout;

    public function __construct(int $timeout = 5)
    {
        $this->timeout = $timeout;
    }

    public function fetch(string $url): string
    {
        // expect: CWE-918
        $ch = curl_init($url);
        curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
        curl_setopt($ch, CURLOPT_TIMEOUT, $this->timeout);
        $body = curl_exec($ch);
        curl_close($ch);
        return (string) $body;
    }

    public function fetchAllowed(string $url): string
    {
        $host = parse_url($url, PHP_URL_HOST);
        if (filter_var($url, FILTER_VALIDATE_URL) === false || !in_array($host, self::ALLOWED_HOSTS, true)) {
            return '';
        }
        // ok: CWE-918
        $ch = curl_init($url);
        curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
        curl_setopt($ch, CURLOPT_TIMEOUT, $this->timeout);
        $body = curl_exec($ch);
        curl_close($ch);
        return (string) $body;
    }
}
