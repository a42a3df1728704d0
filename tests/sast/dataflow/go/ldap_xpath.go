package app

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/antchfx/xmlquery"
	"github.com/antchfx/xpath"
	"github.com/gin-gonic/gin"
	"github.com/go-ldap/ldap/v3"
	"github.com/labstack/echo/v4"
)

func ldapUserHandler(w http.ResponseWriter, r *http.Request) {
	user := r.FormValue("username")
	filter := fmt.Sprintf("(&(objectClass=person)(uid=%s))", user)
	conn, err := ldapConn()
	if err != nil {
		http.Error(w, "directory unavailable", http.StatusServiceUnavailable)
		return
	}
	defer conn.Close()
	// expect: CWE-90
	res, err := conn.Search(ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, filter, []string{"dn", "mail"}, nil))
	if err != nil {
		http.Error(w, "search failed", http.StatusInternalServerError)
		return
	}
	fmt.Fprintf(w, "%d", len(res.Entries))
}

func ldapUserEscapedHandler(w http.ResponseWriter, r *http.Request) {
	user := r.FormValue("username")
	filter := fmt.Sprintf("(&(objectClass=person)(uid=%s))", ldap.EscapeFilter(user))
	conn, err := ldapConn()
	if err != nil {
		http.Error(w, "directory unavailable", http.StatusServiceUnavailable)
		return
	}
	defer conn.Close()
	// ok: CWE-90
	res, err := conn.Search(ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, filter, []string{"dn", "mail"}, nil))
	if err != nil {
		http.Error(w, "search failed", http.StatusInternalServerError)
		return
	}
	fmt.Fprintf(w, "%d", len(res.Entries))
}

func ldapMailHandler(c *gin.Context) {
	filter := NewLdapFilter().Eq("objectClass", "person").Eq("mail", c.Query("mail")).String()
	conn, err := ldapConn()
	if err != nil {
		c.AbortWithStatus(http.StatusServiceUnavailable)
		return
	}
	defer conn.Close()
	// expect: CWE-90
	res, err := conn.Search(ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, filter, []string{"uid"}, nil))
	if err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.JSON(http.StatusOK, gin.H{"found": len(res.Entries)})
}

func ldapMailEscapedHandler(c *gin.Context) {
	filter := NewLdapFilter().Eq("objectClass", "person").EqEscaped("mail", c.Query("mail")).String()
	conn, err := ldapConn()
	if err != nil {
		c.AbortWithStatus(http.StatusServiceUnavailable)
		return
	}
	defer conn.Close()
	// ok: CWE-90
	res, err := conn.Search(ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, filter, []string{"uid"}, nil))
	if err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.JSON(http.StatusOK, gin.H{"found": len(res.Entries)})
}

func ldapGroupHandler(c echo.Context) error {
	var sb strings.Builder
	sb.WriteString("(&(objectClass=groupOfNames)(cn=")
	sb.WriteString(c.QueryParam("group"))
	sb.WriteString("))")
	conn, err := ldapConn()
	if err != nil {
		return c.NoContent(http.StatusServiceUnavailable)
	}
	defer conn.Close()
	// expect: CWE-90
	res, err := conn.Search(ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, sb.String(), []string{"member"}, nil))
	if err != nil {
		return c.NoContent(http.StatusInternalServerError)
	}
	return c.JSON(http.StatusOK, map[string]int{"groups": len(res.Entries)})
}

func ldapGroupEscapedHandler(c echo.Context) error {
	var sb strings.Builder
	sb.WriteString("(&(objectClass=groupOfNames)(cn=")
	sb.WriteString(ldap.EscapeFilter(c.QueryParam("group")))
	sb.WriteString("))")
	conn, err := ldapConn()
	if err != nil {
		return c.NoContent(http.StatusServiceUnavailable)
	}
	defer conn.Close()
	// ok: CWE-90
	res, err := conn.Search(ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, sb.String(), []string{"member"}, nil))
	if err != nil {
		return c.NoContent(http.StatusInternalServerError)
	}
	return c.JSON(http.StatusOK, map[string]int{"groups": len(res.Entries)})
}

var ldapGroups = map[string]bool{"admins": true, "developers": true, "support": true}

func memberOfFilter(group string) string {
	return "(&(objectClass=person)(memberOf=cn=" + group + ",ou=groups,dc=example,dc=com))"
}

func ldapMembersHandler(w http.ResponseWriter, r *http.Request) {
	group := r.URL.Query().Get("group")
	conn, err := ldapConn()
	if err != nil {
		http.Error(w, "directory unavailable", http.StatusServiceUnavailable)
		return
	}
	defer conn.Close()
	// expect: CWE-90
	res, err := conn.Search(ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, memberOfFilter(group), []string{"uid"}, nil))
	if err != nil {
		http.Error(w, "search failed", http.StatusInternalServerError)
		return
	}
	fmt.Fprintf(w, "%d", len(res.Entries))
}

func ldapMembersKnownHandler(w http.ResponseWriter, r *http.Request) {
	group := r.URL.Query().Get("group")
	if !ldapGroups[group] {
		http.Error(w, "unknown group", http.StatusBadRequest)
		return
	}
	conn, err := ldapConn()
	if err != nil {
		http.Error(w, "directory unavailable", http.StatusServiceUnavailable)
		return
	}
	defer conn.Close()
	// ok: CWE-90
	res, err := conn.Search(ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, memberOfFilter(group), []string{"uid"}, nil))
	if err != nil {
		http.Error(w, "search failed", http.StatusInternalServerError)
		return
	}
	fmt.Fprintf(w, "%d", len(res.Entries))
}

func xpathRoleHandler(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("id")
	doc, err := loadDirectory()
	if err != nil {
		http.Error(w, "directory unavailable", http.StatusServiceUnavailable)
		return
	}
	// expect: CWE-643
	node := xmlquery.FindOne(doc, "//user[@id='"+id+"']/role")
	if node == nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, node.InnerText())
}

func xpathRoleByNumberHandler(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.URL.Query().Get("id"))
	if err != nil {
		http.Error(w, "bad id", http.StatusBadRequest)
		return
	}
	doc, err := loadDirectory()
	if err != nil {
		http.Error(w, "directory unavailable", http.StatusServiceUnavailable)
		return
	}
	// ok: CWE-643
	node := xmlquery.FindOne(doc, "//user[@id='"+strconv.Itoa(id)+"']/role")
	if node == nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, node.InnerText())
}

var departments = map[string]bool{"sales": true, "engineering": true, "finance": true}

func xpathCountHandler(c *gin.Context) {
	dept := c.Query("dept")
	// expect: CWE-643
	expr, err := xpath.Compile(fmt.Sprintf("count(//user[department='%s'])", dept))
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	doc, err := loadDirectory()
	if err != nil {
		c.AbortWithStatus(http.StatusServiceUnavailable)
		return
	}
	c.JSON(http.StatusOK, gin.H{"count": expr.Evaluate(xmlquery.CreateXPathNavigator(doc))})
}

func xpathCountKnownHandler(c *gin.Context) {
	dept := c.Query("dept")
	if !departments[dept] {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	// ok: CWE-643
	expr, err := xpath.Compile(fmt.Sprintf("count(//user[department='%s'])", dept))
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	doc, err := loadDirectory()
	if err != nil {
		c.AbortWithStatus(http.StatusServiceUnavailable)
		return
	}
	c.JSON(http.StatusOK, gin.H{"count": expr.Evaluate(xmlquery.CreateXPathNavigator(doc))})
}

func bookQuery(title string) string {
	return "//book[title='" + title + "']"
}

func allBooksQuery(_ string) string {
	return "//book[not(@hidden)]"
}

func booksHandler(c echo.Context) error {
	doc, err := loadCatalog()
	if err != nil {
		return c.NoContent(http.StatusServiceUnavailable)
	}
	// expect: CWE-643
	nodes, err := xmlquery.QueryAll(doc, bookQuery(c.QueryParam("title")))
	if err != nil {
		return c.NoContent(http.StatusBadRequest)
	}
	return c.JSON(http.StatusOK, map[string]int{"matches": len(nodes)})
}

func allBooksHandler(c echo.Context) error {
	doc, err := loadCatalog()
	if err != nil {
		return c.NoContent(http.StatusServiceUnavailable)
	}
	// ok: CWE-643
	nodes, err := xmlquery.QueryAll(doc, allBooksQuery(c.QueryParam("title")))
	if err != nil {
		return c.NoContent(http.StatusBadRequest)
	}
	return c.JSON(http.StatusOK, map[string]int{"matches": len(nodes)})
}

func itemSearchHandler(c *gin.Context) {
	exprs := map[string]string{
		"all":    "//item[@public='true']",
		"search": "//item[@public='true' and name='" + c.Query("q") + "']",
	}
	doc, err := loadCatalog()
	if err != nil {
		c.AbortWithStatus(http.StatusServiceUnavailable)
		return
	}
	// expect: CWE-643
	nodes, err := xmlquery.QueryAll(doc, exprs["search"])
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	c.JSON(http.StatusOK, gin.H{"matches": len(nodes)})
}

func itemListHandler(c *gin.Context) {
	exprs := map[string]string{
		"all":    "//item[@public='true']",
		"search": "//item[@public='true' and name='" + c.Query("q") + "']",
	}
	doc, err := loadCatalog()
	if err != nil {
		c.AbortWithStatus(http.StatusServiceUnavailable)
		return
	}
	// ok: CWE-643
	nodes, err := xmlquery.QueryAll(doc, exprs["all"])
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	c.JSON(http.StatusOK, gin.H{"matches": len(nodes)})
}
