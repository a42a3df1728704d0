<?php

namespace App\Lib;

class Formula
{
    private string $expression;

    public function __construct(string $expression)
    {
        $this->expression = $expression;
    }

    public function expression(): string
    {
        return $this->expression;
    }
}
