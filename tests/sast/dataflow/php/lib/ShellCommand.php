<?php

namespace App\Lib;

class ShellCommand
{
    private string $binDir;

    public function __construct(string $binDir = '/usr/bin')
    {
        $this->binDir = $binDir;
    }

    public function ping(string $host): ?string
    {
        // expect: CWE-78
        return shell_exec($this->binDir . '/ping -c 3 ' . $host);
    }

    public function pingQuoted(string $host): ?string
    {
        // ok: CWE-78
        return shell_exec($this->binDir . '/ping -c 3 ' . escapeshellarg($host));
    }

    public function zipCommand(string $archive): string
    {
        return $this->binDir . '/zip -r /backups/' . $archive . '.zip /var/www/uploads';
    }

    public function zipCommandQuoted(string $archive): string
    {
        return $this->binDir . '/zip -r /backups/' . escapeshellarg($archive . '.zip') . ' /var/www/uploads';
    }
}
