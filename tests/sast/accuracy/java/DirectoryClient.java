package com.example.ops;

import java.io.IOException;
import java.security.cert.X509Certificate;
import javax.naming.NamingEnumeration;
import javax.naming.directory.DirContext;
import javax.naming.directory.SearchControls;
import javax.naming.directory.SearchResult;
import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;

public class DirectoryClient {

    private final DirContext ctx;
    private final XPath xpath = XPathFactory.newInstance().newXPath();

    public DirectoryClient(DirContext ctx) {
        this.ctx = ctx;
    }

    public NamingEnumeration<SearchResult> findUser(String uid) throws Exception {
        SearchControls sc = new SearchControls();
        sc.setSearchScope(SearchControls.SUBTREE_SCOPE);
        // expect: java.ldap-filter-injection
        return ctx.search("ou=people,dc=example,dc=com", "(&(objectClass=person)(uid=" + uid + "))", sc);
    }

    public NamingEnumeration<SearchResult> findGroup(String cn) throws Exception {
        // ok: java.ldap-filter-injection
        return ctx.search("ou=groups,dc=example,dc=com", "(cn={0})", new Object[]{cn}, new SearchControls());
    }

    public String roleOf(Document users, String name) throws Exception {
        // expect: java.xpath-injection
        return (String) xpath.evaluate("/users/user[@name='" + name + "']/role", users, XPathConstants.STRING);
    }

    public Double activeCount(Document users) throws Exception {
        // ok: java.xpath-injection
        return (Double) xpath.evaluate("count(/users/user[@active='true'])", users, XPathConstants.NUMBER);
    }

    public Process restart(String service) throws IOException {
        // expect: java.processbuilder-shell-injection
        return new ProcessBuilder("/bin/sh", "-c", "systemctl restart " + service).start();
    }

    public Process status(String service) throws IOException {
        // ok: java.processbuilder-shell-injection
        return new ProcessBuilder("systemctl", "status", "--no-pager", service).start();
    }

    public Process ping(String host) throws IOException {
        // expect: java.runtime-exec-non-constant
        return Runtime.getRuntime().exec("ping -c 3 " + host);
    }

    public Process uptime() throws IOException {
        // ok: java.runtime-exec-non-constant
        return Runtime.getRuntime().exec("uptime");
    }

    static SSLContext insecureContext() throws Exception {
        TrustManager[] trustAll = new TrustManager[]{
            new X509TrustManager() {
                public void checkClientTrusted(X509Certificate[] chain, String authType) {
                }

                // expect: java.trustmanager-accept-all
                public void checkServerTrusted(X509Certificate[] chain, String authType) {
                }

                public X509Certificate[] getAcceptedIssuers() {
                    return new X509Certificate[0];
                }
            }
        };
        // expect: java.weak-tls-protocol
        SSLContext sc = SSLContext.getInstance("TLSv1");
        sc.init(null, trustAll, null);
        return sc;
    }

    static void relaxHostnames(boolean lab) {
        if (lab) {
            // expect: java.hostname-verifier-accept-all
            HttpsURLConnection.setDefaultHostnameVerifier((host, session) -> true);
        }
        HostnameVerifier strict = HttpsURLConnection.getDefaultHostnameVerifier();
        // ok: java.hostname-verifier-accept-all
        HttpsURLConnection.setDefaultHostnameVerifier((host, session) -> host.endsWith(".example.com") && strict.verify(host, session));
    }

    static SSLContext modernContext() throws Exception {
        // ok: java.weak-tls-protocol
        return SSLContext.getInstance("TLSv1.3");
    }
}
