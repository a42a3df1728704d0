<?php

namespace App\Lib;

class LdapDirectory
{
    private $conn;
    private string $baseDn;

    public function __construct($conn, string $baseDn)
    {
        $this->conn = $conn;
        $this->baseDn = $baseDn;
    }

    public static function filterFor(string $attribute, string $value): string
    {
        return '(' . $attribute . '=' . $value . ')';
    }

    public static function escapedFilterFor(string $attribute, string $value): string
    {
        return '(' . $attribute . '=' . ldap_escape($value, '', LDAP_ESCAPE_FILTER) . ')';
    }

    public function findByUid(string $uid)
    {
        // expect: CWE-90
        $result = ldap_search($this->conn, $this->baseDn, '(&(objectClass=inetOrgPerson)(uid=' . $uid . '))');
        return ldap_get_entries($this->conn, $result);
    }

    public function findByUidEscaped(string $uid)
    {
        // ok: CWE-90
        $result = ldap_search($this->conn, $this->baseDn, '(&(objectClass=inetOrgPerson)(uid=' . ldap_escape($uid, '', LDAP_ESCAPE_FILTER) . '))');
        return ldap_get_entries($this->conn, $result);
    }
}
