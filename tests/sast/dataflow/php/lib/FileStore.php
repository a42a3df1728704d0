<?php

namespace App\Lib;

class FileStore
{
    private string $root;

    public function __construct(string $root)
    {
        $this->root = rtrim($root, '/');
    }

    public function pathFor(string $name): string
    {
        return $this->root . '/' . $name;
    }

    public function basenamePathFor(string $name): string
    {
        return $this->root . '/' . basename($name);
    }

    public function read(string $name): string
    {
        // expect: CWE-22
        return file_get_contents($this->root . '/' . $name);
    }

    public function readBase(string $name): string
    {
        // ok: CWE-22
        return file_get_contents($this->root . '/' . basename($name));
    }
}
