<?php

namespace App\Lib;

class TemplateView
{
    private string $layout;

    public function __construct(string $layout = 'default')
    {
        $this->layout = $layout;
    }

    public function title(string $title): void
    {
        // expect: CWE-79
        echo '<h1 class="' . $this->layout . '">' . $title . '</h1>';
    }

    public function titleEscaped(string $title): void
    {
        // ok: CWE-79
        echo '<h1 class="' . $this->layout . '">' . htmlspecialchars($title, ENT_QUOTES, 'UTF-8') . '</h1>';
    }

    public function cell(string $value): string
    {
        return '<td>' . $value . '</td>';
    }

    public function cellEscaped(string $value): string
    {
        return '<td>' . htmlentities($value, ENT_QUOTES, 'UTF-8') . '</td>';
    }
}
