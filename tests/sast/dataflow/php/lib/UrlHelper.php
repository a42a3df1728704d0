<?php

namespace App\Lib;

class UrlHelper
{
    private const LOCAL_PATHS = ['/', '/account', '/orders', '/settings'];

    public static function returnUrl(array $params): string
    {
        return $params['return'] ?? '/';
    }

    public static function localReturnUrl(array $params): string
    {
        $url = $params['return'] ?? '/';
        return in_array($url, self::LOCAL_PATHS, true) ? $url : '/';
    }
}
