package app

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/mux"
	"github.com/labstack/echo/v4"
)

func userByNameHandler(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	query := "SELECT id, email FROM users WHERE name = '" + name + "'"
	// expect: CWE-89
	rows, err := db.Query(query)
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	w.WriteHeader(http.StatusOK)
}

func userByNameBoundHandler(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	query := "SELECT id, email FROM users WHERE name = ?"
	// ok: CWE-89
	rows, err := db.Query(query, name)
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	w.WriteHeader(http.StatusOK)
}

func buildOrderQuery(id string) string {
	return fmt.Sprintf("SELECT id, total, status FROM orders WHERE id = %s", id)
}

func orderHandler(w http.ResponseWriter, r *http.Request) {
	id := mux.Vars(r)["id"]
	var oid int
	var total float64
	var status string
	// expect: CWE-89
	row := db.QueryRow(buildOrderQuery(id))
	if err := row.Scan(&oid, &total, &status); err != nil {
		http.NotFound(w, r)
		return
	}
	fmt.Fprintf(w, "%d %.2f", oid, total)
}

func orderByNumberHandler(w http.ResponseWriter, r *http.Request) {
	id := mux.Vars(r)["id"]
	n, err := strconv.Atoi(id)
	if err != nil {
		http.Error(w, "bad id", http.StatusBadRequest)
		return
	}
	var oid int
	var total float64
	var status string
	// ok: CWE-89
	row := db.QueryRow(buildOrderQuery(strconv.Itoa(n)))
	if err := row.Scan(&oid, &total, &status); err != nil {
		http.NotFound(w, r)
		return
	}
	fmt.Fprintf(w, "%d %.2f", oid, total)
}

func purgeSession(token string) error {
	// expect: CWE-89
	_, err := db.Exec("DELETE FROM sessions WHERE token = '" + token + "'")
	return err
}

func purgeSessionBound(token string) error {
	// ok: CWE-89
	_, err := db.Exec("DELETE FROM sessions WHERE token = $1", token)
	return err
}

func logoutHandler(w http.ResponseWriter, r *http.Request) {
	ck, err := r.Cookie("sid")
	if err != nil {
		http.Redirect(w, r, "/login", http.StatusFound)
		return
	}
	if err := purgeSession(ck.Value); err != nil {
		http.Error(w, "logout failed", http.StatusInternalServerError)
		return
	}
	http.Redirect(w, r, "/login", http.StatusFound)
}

func logoutBoundHandler(w http.ResponseWriter, r *http.Request) {
	ck, err := r.Cookie("sid")
	if err != nil {
		http.Redirect(w, r, "/login", http.StatusFound)
		return
	}
	if err := purgeSessionBound(ck.Value); err != nil {
		http.Error(w, "logout failed", http.StatusInternalServerError)
		return
	}
	http.Redirect(w, r, "/login", http.StatusFound)
}

func productsHandler(w http.ResponseWriter, r *http.Request) {
	cat := r.URL.Query().Get("category")
	qb := NewQueryBuilder("products").WhereRaw("category = '" + cat + "'")
	// expect: CWE-89
	rows, err := db.Query(qb.Build())
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	w.WriteHeader(http.StatusOK)
}

func productsBoundHandler(w http.ResponseWriter, r *http.Request) {
	cat := r.URL.Query().Get("category")
	qb := NewQueryBuilder("products").Where("category = ?", cat)
	// ok: CWE-89
	rows, err := db.Query(qb.Build(), qb.Args()...)
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	w.WriteHeader(http.StatusOK)
}

func userSearchHandler(w http.ResponseWriter, r *http.Request) {
	email := r.FormValue("email")
	rows, err := NewUserRepo(db).SearchRaw("email = '" + email + "'")
	if err != nil {
		http.Error(w, "search failed", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	w.WriteHeader(http.StatusOK)
}

func userSearchByEmailHandler(w http.ResponseWriter, r *http.Request) {
	email := r.FormValue("email")
	rows, err := NewUserRepo(db).SearchByEmail(email)
	if err != nil {
		http.Error(w, "search failed", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	w.WriteHeader(http.StatusOK)
}

func itemsSortedHandler(c *gin.Context) {
	opts := map[string]string{"col": "created_at"}
	opts["sort"] = c.Query("sort")
	var items []Item
	// expect: CWE-89
	gdb.Raw("SELECT * FROM items ORDER BY " + opts["sort"]).Scan(&items)
	c.JSON(http.StatusOK, items)
}

func itemsDefaultSortHandler(c *gin.Context) {
	opts := map[string]string{"col": "created_at"}
	opts["sort"] = c.Query("sort")
	var items []Item
	// ok: CWE-89
	gdb.Raw("SELECT * FROM items ORDER BY " + opts["col"]).Scan(&items)
	c.JSON(http.StatusOK, items)
}

func projectsHandler(c *gin.Context) {
	conds := []string{"archived = 0"}
	conds = append(conds, "owner = '"+c.Query("owner")+"'")
	// expect: CWE-89
	rows, err := db.Query("SELECT id, name FROM projects WHERE " + conds[1])
	if err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	c.Status(http.StatusOK)
}

func activeProjectsHandler(c *gin.Context) {
	conds := []string{"archived = 0"}
	conds = append(conds, "owner = '"+c.Query("owner")+"'")
	// ok: CWE-89
	rows, err := db.Query("SELECT id, name FROM projects WHERE " + conds[0])
	if err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	c.Status(http.StatusOK)
}

var logLevels = map[string]bool{"debug": true, "info": true, "warn": true, "error": true}

func logsHandler(c echo.Context) error {
	level := c.QueryParam("level")
	var sb strings.Builder
	sb.WriteString("SELECT ts, msg FROM logs WHERE level = '")
	sb.WriteString(level)
	sb.WriteString("' ORDER BY ts DESC LIMIT 100")
	// expect: CWE-89
	rows, err := db.Query(sb.String())
	if err != nil {
		return err
	}
	defer rows.Close()
	return c.NoContent(http.StatusOK)
}

func logsByLevelHandler(c echo.Context) error {
	level := c.QueryParam("level")
	if !logLevels[level] {
		level = "info"
	}
	var sb strings.Builder
	sb.WriteString("SELECT ts, msg FROM logs WHERE level = '")
	sb.WriteString(level)
	sb.WriteString("' ORDER BY ts DESC LIMIT 100")
	// ok: CWE-89
	rows, err := db.Query(sb.String())
	if err != nil {
		return err
	}
	defer rows.Close()
	return c.NoContent(http.StatusOK)
}

func auditHandler(w http.ResponseWriter, r *http.Request) {
	actor := r.FormValue("actor")
	parts := []string{"SELECT action, ts FROM audit WHERE actor =", "'" + actor + "'", "ORDER BY ts DESC"}
	// expect: CWE-89
	rows, err := db.Query(strings.Join(parts, " "))
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	w.WriteHeader(http.StatusOK)
}

func systemAuditHandler(w http.ResponseWriter, r *http.Request) {
	actor := r.FormValue("actor")
	actor = "system"
	parts := []string{"SELECT action, ts FROM audit WHERE actor =", "'" + actor + "'", "ORDER BY ts DESC"}
	// ok: CWE-89
	rows, err := db.Query(strings.Join(parts, " "))
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	w.WriteHeader(http.StatusOK)
}

func usersSortedHandler(w http.ResponseWriter, r *http.Request) {
	col := "name"
	if by := r.URL.Query().Get("by"); by != "" {
		col = by
	}
	// expect: CWE-89
	rows, err := db.Query("SELECT id, name, email FROM users ORDER BY " + col)
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	w.WriteHeader(http.StatusOK)
}

func usersSortedCheckedHandler(w http.ResponseWriter, r *http.Request) {
	col := "name"
	if by := r.URL.Query().Get("by"); by == "email" || by == "created_at" {
		col = by
	}
	// ok: CWE-89
	rows, err := db.Query("SELECT id, name, email FROM users ORDER BY " + col)
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	w.WriteHeader(http.StatusOK)
}

func itemsFilterHandler(c *gin.Context) {
	cond := func(v string) string {
		if v != "" {
			return v
		}
		return "deleted_at IS NULL"
	}(c.Query("where"))
	var items []Item
	// expect: CWE-89
	gdb.Where(cond).Find(&items)
	c.JSON(http.StatusOK, items)
}

func itemsTrashFilterHandler(c *gin.Context) {
	cond := func(v string) string {
		if v != "" {
			return "deleted_at IS NOT NULL"
		}
		return "deleted_at IS NULL"
	}(c.Query("where"))
	var items []Item
	// ok: CWE-89
	gdb.Where(cond).Find(&items)
	c.JSON(http.StatusOK, items)
}

type lookupRequest struct {
	Name string `json:"name"`
}

func lookupHandler(c *gin.Context) {
	var req lookupRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	var it Item
	// expect: CWE-89
	gdb.Where(fmt.Sprintf("name = '%s'", req.Name)).First(&it)
	c.JSON(http.StatusOK, it)
}

func lookupBoundHandler(c *gin.Context) {
	var req lookupRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	var it Item
	// ok: CWE-89
	gdb.Where("name = ?", req.Name).First(&it)
	c.JSON(http.StatusOK, it)
}

var tenants = map[string]bool{"acme": true, "globex": true, "initech": true}

func tenantHandler(w http.ResponseWriter, r *http.Request) {
	tenant := r.Header.Get("X-Tenant")
	// expect: CWE-89
	_, err := db.Exec(fmt.Sprintf("SET search_path TO %s", tenant))
	if err != nil {
		http.Error(w, "tenant switch failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func tenantCheckedHandler(w http.ResponseWriter, r *http.Request) {
	tenant := r.Header.Get("X-Tenant")
	if !tenants[tenant] {
		http.Error(w, "unknown tenant", http.StatusForbidden)
		return
	}
	// ok: CWE-89
	_, err := db.Exec(fmt.Sprintf("SET search_path TO %s", tenant))
	if err != nil {
		http.Error(w, "tenant switch failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func orderClause(col string) string {
	return " ORDER BY " + col
}

func fixedOrderClause(_ string) string {
	return " ORDER BY created_at DESC"
}

func invoicesHandler(c echo.Context) error {
	sort := c.QueryParam("sort")
	// expect: CWE-89
	rows, err := db.Query("SELECT id, amount FROM invoices" + orderClause(sort))
	if err != nil {
		return err
	}
	defer rows.Close()
	return c.NoContent(http.StatusOK)
}

func invoicesFixedOrderHandler(c echo.Context) error {
	sort := c.QueryParam("sort")
	// ok: CWE-89
	rows, err := db.Query("SELECT id, amount FROM invoices" + fixedOrderClause(sort))
	if err != nil {
		return err
	}
	defer rows.Close()
	return c.NoContent(http.StatusOK)
}

func accountHandler(c echo.Context) error {
	id := c.Param("id")
	q := fmt.Sprintf("SELECT * FROM accounts WHERE id = %s", id)
	var acc Item
	// expect: CWE-89
	if err := gdb.Raw(q).Scan(&acc).Error; err != nil {
		return err
	}
	return c.JSON(http.StatusOK, acc)
}

func accountBoundHandler(c echo.Context) error {
	id := c.Param("id")
	q := "SELECT * FROM accounts WHERE id = ?"
	var acc Item
	// ok: CWE-89
	if err := gdb.Raw(q, id).Scan(&acc).Error; err != nil {
		return err
	}
	return c.JSON(http.StatusOK, acc)
}
