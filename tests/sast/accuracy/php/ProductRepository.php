<?php

declare(strict_types=1);

namespace App\Repository;

use PDO;

final class ProductRepository
{
    private string $table = 'products';

    public function __construct(private PDO $pdo)
    {
    }

    public function find(int $id): ?array
    {
        // ok: php.sqli-db-object-query
        $stmt = $this->pdo->prepare("SELECT * FROM {$this->table} WHERE id = :id");
        $stmt->execute(['id' => $id]);
        return $stmt->fetch(PDO::FETCH_ASSOC) ?: null;
    }

    public function findMany(array $ids): array
    {
        $placeholders = implode(',', array_fill(0, count($ids), '?'));
        // ok: php.sqli-db-object-query
        $stmt = $this->pdo->prepare("SELECT * FROM products WHERE id IN ($placeholders)");
        $stmt->execute(array_values($ids));
        return $stmt->fetchAll(PDO::FETCH_ASSOC);
    }

    public function search(string $term, string $sort): array
    {
        // expect: php.sqli-db-object-query
        $rows = $this->pdo->query("SELECT * FROM products WHERE name LIKE '%" . $term . "%' ORDER BY " . $sort);
        return $rows->fetchAll(PDO::FETCH_ASSOC);
    }

    public function countByCategory(int $categoryId): int
    {
        // ok: php.sqli-db-object-query
        $stmt = $this->pdo->query("SELECT COUNT(*) FROM products WHERE category_id = " . (int) $categoryId);
        return (int) $stmt->fetchColumn();
    }

    public function deleteByOwner(string $owner): int
    {
        // expect: php.sqli-db-object-query
        return $this->pdo->exec("DELETE FROM products WHERE owner = '$owner'");
    }

    public function touch(int $id): void
    {
        // ok: php.sqli-db-object-query
        $this->pdo->exec("UPDATE products SET updated_at = NOW() WHERE id = " . intval($id));
    }

    public function exportCsv(string $path): void
    {
        $out = fopen($path, 'w');
        foreach ($this->pdo->query('SELECT id, name, price FROM products') as $row) {
            fputcsv($out, $row);
        }
        fclose($out);
    }

    public function thumbnail(string $file): string
    {
        // ok: php.exec-non-constant
        exec('convert ' . escapeshellarg($file) . ' -thumbnail 200x200 ' . escapeshellarg($file . '.thumb.png'), $lines, $rc);
        if ($rc !== 0) {
            throw new \RuntimeException('convert failed');
        }
        return $file . '.thumb.png';
    }

    public function legacyThumbnail(string $file, string $size): void
    {
        // expect: php.exec-non-constant
        system('convert ' . escapeshellarg($file) . ' -thumbnail ' . $size . ' out.png');
    }

    public function cacheKey(array $filters): string
    {
        // ok: php.weak-password-hash
        return 'products:' . sha1(serialize($filters));
    }

    public function restoreFilters(string $cached): array
    {
        // ok: php.unserialize-non-constant
        return unserialize($cached, ['allowed_classes' => false]) ?: [];
    }

    public function render(array $product): void
    {
        // ok: php.echo-request-data
        echo '<h2>' . htmlspecialchars($product['name'], ENT_QUOTES, 'UTF-8') . '</h2>';
        // ok: php.echo-request-data
        echo '<p>' . number_format((float) $product['price'], 2) . '</p>';
    }
}
