package api

import (
	"database/sql"
	"fmt"
	"html"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

type UserHandler struct {
	db   *sql.DB
	tmpl *template.Template
}

// Search looks users up by a free-text name.
func (h *UserHandler) Search(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	// expect: go.sql-injection-format-string
	rows, err := h.db.Query(fmt.Sprintf("SELECT id, email FROM users WHERE name LIKE '%%%s%%'", name))
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	// expect: go.response-write-html-request-input
	fmt.Fprintf(w, "<h2>Results for %s</h2>", name)
	for rows.Next() {
		var id int
		var email string
		rows.Scan(&id, &email)
		fmt.Fprintf(w, "<li>%s</li>", html.EscapeString(email))
	}
}

// SearchSafe is the parameterised version of Search.
func (h *UserHandler) SearchSafe(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	// ok: go.sql-injection-format-string
	rows, err := h.db.Query("SELECT id, email FROM users WHERE name LIKE $1", "%"+name+"%")
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	// ok: go.response-write-html-request-input
	fmt.Fprintf(w, "<h2>Results for %s</h2>", html.EscapeString(name))
}

func (h *UserHandler) Delete(w http.ResponseWriter, r *http.Request) {
	id := r.FormValue("id")
	// expect: go.sql-injection-concatenation
	_, err := h.db.Exec("DELETE FROM sessions WHERE user_id = '" + id + "'")
	if err != nil {
		http.Error(w, "delete failed", http.StatusInternalServerError)
	}
}

func (h *UserHandler) Get(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.FormValue("id"))
	if err != nil {
		http.Error(w, "bad id", http.StatusBadRequest)
		return
	}
	// ok: go.sql-injection-concatenation
	row := h.db.QueryRow("SELECT email FROM users WHERE id = " + strconv.Itoa(id))
	var email string
	row.Scan(&email)
	w.Write([]byte(email))
}

func (h *UserHandler) Sorted(w http.ResponseWriter, r *http.Request) {
	order := r.FormValue("order")
	query := fmt.Sprintf("SELECT id, name FROM users ORDER BY %s", order)
	// expect: go.sql-injection-format-string
	rows, err := h.db.QueryContext(r.Context(), query)
	if err == nil {
		rows.Close()
	}
}

func (h *UserHandler) Profile(w http.ResponseWriter, r *http.Request) {
	bio := r.FormValue("bio")
	data := map[string]any{
		// expect: go.template-unescaped-conversion
		"Bio": template.HTML(bio),
		// ok: go.template-unescaped-conversion
		"Footer": template.HTML("<small>&copy; Example Corp</small>"),
	}
	h.tmpl.ExecuteTemplate(w, "profile.html", data)
}

func (h *UserHandler) Login(w http.ResponseWriter, r *http.Request) {
	next := r.FormValue("next")
	token := "generated-elsewhere"
	// expect: go.cookie-missing-secure
	http.SetCookie(w, &http.Cookie{Name: "session", Value: token, Path: "/", HttpOnly: true})
	// expect: go.open-redirect
	http.Redirect(w, r, next, http.StatusFound)
}

func (h *UserHandler) LoginSafe(w http.ResponseWriter, r *http.Request) {
	next := r.FormValue("next")
	u, err := url.Parse(next)
	if err != nil || u.Host != "" || !strings.HasPrefix(u.Path, "/") {
		next = "/"
	}
	// ok: go.cookie-missing-secure
	http.SetCookie(w, &http.Cookie{Name: "session", Value: "t", Path: "/", Secure: true, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	// ok: go.open-redirect
	http.Redirect(w, r, next, http.StatusFound)
}

func (h *UserHandler) Prefs(w http.ResponseWriter, r *http.Request) {
	// expect: go.cookie-httponly-false
	http.SetCookie(w, &http.Cookie{Name: "prefs", Value: "compact", Secure: true, HttpOnly: false})
	id := r.FormValue("id")
	// ok: go.open-redirect
	http.Redirect(w, r, "/users/"+url.PathEscape(id), http.StatusSeeOther)
}
