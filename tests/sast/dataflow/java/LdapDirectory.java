package com.acme.shop;

import java.util.Hashtable;
import javax.naming.Context;
import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.directory.DirContext;
import javax.naming.directory.InitialDirContext;
import javax.naming.directory.SearchControls;
import javax.naming.directory.SearchResult;

public class LdapDirectory {

    public static final String PEOPLE_BASE = "ou=people,dc=acme,dc=com";
    public static final String GROUPS_BASE = "ou=groups,dc=acme,dc=com";

    private final DirContext ctx;

    public LdapDirectory(DirContext ctx) {
        this.ctx = ctx;
    }

    public static DirContext connect() throws NamingException {
        Hashtable<String, String> env = new Hashtable<>();
        env.put(Context.INITIAL_CONTEXT_FACTORY, "com.sun.jndi.ldap.LdapCtxFactory");
        env.put(Context.PROVIDER_URL, "ldap://ldap.acme.internal:389");
        env.put(Context.SECURITY_PRINCIPAL, "cn=shop-reader,dc=acme,dc=com");
        env.put(Context.SECURITY_CREDENTIALS, System.getProperty("ldap.password", ""));
        return new InitialDirContext(env);
    }

    public static SearchControls subtree() {
        SearchControls controls = new SearchControls();
        controls.setSearchScope(SearchControls.SUBTREE_SCOPE);
        return controls;
    }

    public boolean uidExists(String uid) throws NamingException {
        String filter = "(&(objectClass=inetOrgPerson)(uid=" + uid + "))";
        // expect: CWE-90
        NamingEnumeration<SearchResult> results = ctx.search(PEOPLE_BASE, filter, subtree());
        return results.hasMore();
    }

    public boolean uidRegistered(String uid) throws NamingException {
        String filter = "(&(objectClass=inetOrgPerson)(uid=" + Sanitizers.escapeLdapFilter(uid) + "))";
        // ok: CWE-90
        NamingEnumeration<SearchResult> results = ctx.search(PEOPLE_BASE, filter, subtree());
        return results.hasMore();
    }
}
