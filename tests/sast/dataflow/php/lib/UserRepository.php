<?php

namespace App\Lib;

use PDO;

class UserRepository
{
    private PDO $pdo;

    public function __construct(PDO $pdo)
    {
        $this->pdo = $pdo;
    }

    public function findByEmail(string $email)
    {
        // expect: CWE-89
        $stmt = $this->pdo->query("SELECT id, name, email FROM users WHERE email = '" . $email . "'");
        return $stmt->fetch(PDO::FETCH_ASSOC);
    }

    public function findByEmailPrepared(string $email)
    {
        // ok: CWE-89
        $stmt = $this->pdo->prepare('SELECT id, name, email FROM users WHERE email = ?');
        $stmt->execute([$email]);
        return $stmt->fetch(PDO::FETCH_ASSOC);
    }

    public function deactivate($userId): int
    {
        // expect: CWE-89
        return $this->pdo->exec('UPDATE users SET active = 0 WHERE id = ' . $userId);
    }

    public function deactivateNumeric($userId): int
    {
        // ok: CWE-89
        return $this->pdo->exec('UPDATE users SET active = 0 WHERE id = ' . intval($userId));
    }
}
