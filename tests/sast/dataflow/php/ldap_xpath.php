<?php

require_once __DIR__ . '/lib/LdapDirectory.php';
require_once __DIR__ . '/lib/XmlCatalog.php';

use App\Lib\LdapDirectory;
use App\Lib\XmlCatalog;

const PEOPLE_DN = 'ou=people,dc=example,dc=com';
const LDAP_GROUPS = ['users', 'admins', 'support'];

function ldap_conn()
{
    $ds = ldap_connect('ldap://ldap.example.com');
    ldap_set_option($ds, LDAP_OPT_PROTOCOL_VERSION, 3);
    ldap_bind($ds, 'cn=reader,dc=example,dc=com', 'reader-secret');
    return $ds;
}

function ldap_find_user()
{
    $ds = ldap_conn();
    $user = $_POST['username'];
    $filter = '(uid=' . $user . ')';
    // expect: CWE-90
    $sr = ldap_search($ds, PEOPLE_DN, $filter);
    return ldap_get_entries($ds, $sr);
}

function ldap_find_user_escaped()
{
    $ds = ldap_conn();
    $user = ldap_escape($_POST['username'], '', LDAP_ESCAPE_FILTER);
    $filter = '(uid=' . $user . ')';
    // ok: CWE-90
    $sr = ldap_search($ds, PEOPLE_DN, $filter);
    return ldap_get_entries($ds, $sr);
}

function ldap_find_by_mail()
{
    $ds = ldap_conn();
    $filter = sprintf('(&(objectClass=person)(mail=%s))', $_GET['mail']);
    // expect: CWE-90
    $sr = ldap_search($ds, PEOPLE_DN, $filter, ['cn', 'mail']);
    return ldap_get_entries($ds, $sr);
}

function ldap_find_by_mail_escaped()
{
    $ds = ldap_conn();
    $filter = sprintf('(&(objectClass=person)(mail=%s))', ldap_escape($_GET['mail'], '', LDAP_ESCAPE_FILTER));
    // ok: CWE-90
    $sr = ldap_search($ds, PEOPLE_DN, $filter, ['cn', 'mail']);
    return ldap_get_entries($ds, $sr);
}

function ldap_find_by_attribute()
{
    $ds = ldap_conn();
    $filter = LdapDirectory::filterFor('telephoneNumber', $_GET['phone']);
    // expect: CWE-90
    $sr = ldap_search($ds, PEOPLE_DN, $filter);
    return ldap_count_entries($ds, $sr);
}

function ldap_find_by_attribute_escaped()
{
    $ds = ldap_conn();
    $filter = LdapDirectory::escapedFilterFor('telephoneNumber', $_GET['phone']);
    // ok: CWE-90
    $sr = ldap_search($ds, PEOPLE_DN, $filter);
    return ldap_count_entries($ds, $sr);
}

function ldap_profile_lookup()
{
    $dir = new LdapDirectory(ldap_conn(), PEOPLE_DN);
    return $dir->findByUid($_COOKIE['uid']);
}

function ldap_profile_lookup_escaped()
{
    $dir = new LdapDirectory(ldap_conn(), PEOPLE_DN);
    return $dir->findByUidEscaped($_COOKIE['uid']);
}

function ldap_staff_by_cn()
{
    $ds = ldap_conn();
    $criteria = ['cn' => $_GET['cn'], 'ou' => 'staff'];
    // expect: CWE-90
    $sr = ldap_list($ds, PEOPLE_DN, '(cn=' . $criteria['cn'] . ')');
    return ldap_get_entries($ds, $sr);
}

function ldap_staff_by_ou()
{
    $ds = ldap_conn();
    $criteria = ['cn' => $_GET['cn'], 'ou' => 'staff'];
    // ok: CWE-90
    $sr = ldap_list($ds, PEOPLE_DN, '(cn=' . $criteria['ou'] . ')');
    return ldap_get_entries($ds, $sr);
}

function ldap_group_members()
{
    $ds = ldap_conn();
    $group = $_GET['group'] ?? 'users';
    // expect: CWE-90
    $sr = ldap_search($ds, PEOPLE_DN, '(memberOf=cn=' . $group . ',ou=groups,dc=example,dc=com)');
    return ldap_get_entries($ds, $sr);
}

function ldap_group_members_allowed()
{
    $ds = ldap_conn();
    $group = in_array($_GET['group'] ?? '', LDAP_GROUPS, true) ? $_GET['group'] : 'users';
    // ok: CWE-90
    $sr = ldap_search($ds, PEOPLE_DN, '(memberOf=cn=' . $group . ',ou=groups,dc=example,dc=com)');
    return ldap_get_entries($ds, $sr);
}

function users_xpath(): DOMXPath
{
    $doc = new DOMDocument();
    $doc->load('/etc/app/users.xml');
    return new DOMXPath($doc);
}

function xpath_find_user()
{
    $xp = users_xpath();
    $name = $_GET['user'];
    // expect: CWE-643
    $nodes = $xp->query("//user[name='" . $name . "']/email");
    return $nodes->length ? $nodes->item(0)->textContent : null;
}

function xpath_find_user_overwritten()
{
    $xp = users_xpath();
    $name = $_GET['user'];
    $name = 'guest';
    // ok: CWE-643
    $nodes = $xp->query("//user[name='" . $name . "']/email");
    return $nodes->length ? $nodes->item(0)->textContent : null;
}

function product_price_expression(string $sku): string
{
    return "//product[@sku='" . $sku . "']/price";
}

function default_price_expression(): string
{
    return "//product[@sku='DEFAULT']/price";
}

function xpath_product_price()
{
    $xp = users_xpath();
    // expect: CWE-643
    return $xp->evaluate('string(' . product_price_expression($_POST['sku']) . ')');
}

function xpath_default_product_price()
{
    $xp = users_xpath();
    // ok: CWE-643
    return $xp->evaluate('string(' . default_price_expression() . ')');
}

function xpath_order_by_id()
{
    $xp = users_xpath();
    $expr = '//order';
    $expr .= '[@id=' . $_GET['id'] . ']';
    $expr .= '/total';
    // expect: CWE-643
    return $xp->query($expr);
}

function xpath_order_by_id_numeric()
{
    $xp = users_xpath();
    $expr = '//order';
    $expr .= '[@id=' . intval($_GET['id']) . ']';
    $expr .= '/total';
    // ok: CWE-643
    return $xp->query($expr);
}

function xpath_permissions_for_role()
{
    $xp = users_xpath();
    $role = $_COOKIE['role'] ?: 'guest';
    // expect: CWE-643
    return $xp->query("//permission[@role='" . $role . "']");
}

function xpath_permissions_for_role_allowed()
{
    $xp = users_xpath();
    $role = in_array($_COOKIE['role'], ['guest', 'member', 'editor'], true) ? $_COOKIE['role'] : 'guest';
    // ok: CWE-643
    return $xp->query("//permission[@role='" . $role . "']");
}

function catalog_by_title()
{
    $catalog = new XmlCatalog('/var/app/catalog.xml');
    return $catalog->findByTitle($_GET['title']);
}

function catalog_by_id()
{
    $catalog = new XmlCatalog('/var/app/catalog.xml');
    return $catalog->findById($_GET['id']);
}

function catalog_titles_by_author()
{
    $catalog = new XmlCatalog('/var/app/catalog.xml');
    $expr = XmlCatalog::authorExpression($_REQUEST['author']);
    // expect: CWE-643
    return $catalog->xpath()->evaluate($expr);
}

function catalog_featured_titles()
{
    $catalog = new XmlCatalog('/var/app/catalog.xml');
    $expr = XmlCatalog::featuredExpression();
    // ok: CWE-643
    return $catalog->xpath()->evaluate($expr);
}

function xpath_user_search_terms()
{
    $xp = users_xpath();
    $parts = [];
    $parts[] = "department='" . $_GET['dept'] . "'";
    $parts[] = "active='1'";
    // expect: CWE-643
    return $xp->query('//user[' . implode(' and ', $parts) . ']');
}

function xpath_user_search_active_only()
{
    $xp = users_xpath();
    $parts = [];
    $parts[] = "department='" . $_GET['dept'] . "'";
    $parts[] = "active='1'";
    // ok: CWE-643
    return $xp->query('//user[' . $parts[1] . ']');
}
