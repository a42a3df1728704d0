<?php

namespace App\Lib;

class RequestBag
{
    private array $params;

    public function __construct(array $params)
    {
        $this->params = $params;
    }

    public function get(string $key, $default = null)
    {
        return $this->params[$key] ?? $default;
    }

    public function has(string $key): bool
    {
        return array_key_exists($key, $this->params);
    }
}
