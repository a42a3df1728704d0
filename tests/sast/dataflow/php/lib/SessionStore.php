<?php

namespace App\Lib;

class SessionStore
{
    public function __construct()
    {
        if (session_status() !== PHP_SESSION_ACTIVE) {
            session_start();
        }
    }

    public function remember(string $key, $value): void
    {
        // expect: CWE-501
        $_SESSION[$key] = $value;
    }

    public function rememberChoice(string $key, $value, array $allowed, $fallback): void
    {
        if (!in_array($value, $allowed, true)) {
            $value = $fallback;
        }
        // ok: CWE-501
        $_SESSION[$key] = $value;
    }
}
