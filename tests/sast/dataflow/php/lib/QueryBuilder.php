<?php

namespace App\Lib;

class QueryBuilder
{
    private string $table;
    private array $conditions = [];

    public function __construct(string $table)
    {
        $this->table = $table;
    }

    public function where(string $column, string $value): self
    {
        $this->conditions[] = $column . " = '" . $value . "'";
        return $this;
    }

    public function whereEscaped(\mysqli $db, string $column, string $value): self
    {
        $this->conditions[] = $column . " = '" . $db->real_escape_string($value) . "'";
        return $this;
    }

    public function whereInt(string $column, $value): self
    {
        $this->conditions[] = $column . ' = ' . intval($value);
        return $this;
    }

    public function toSql(): string
    {
        $sql = 'SELECT * FROM ' . $this->table;
        if (count($this->conditions) > 0) {
            $sql .= ' WHERE ' . implode(' AND ', $this->conditions);
        }
        return $sql;
    }

    public static function defaultOrder(): string
    {
        return 'created_at DESC';
    }
}
