package app

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
)

func setRoleHandler(w http.ResponseWriter, r *http.Request) {
	session, _ := store.Get(r, "app-session")
	// expect: CWE-501
	session.Values["role"] = r.FormValue("role")
	session.Save(r, w)
	w.WriteHeader(http.StatusNoContent)
}

func setDefaultRoleHandler(w http.ResponseWriter, r *http.Request) {
	session, _ := store.Get(r, "app-session")
	// ok: CWE-501
	session.Values["role"] = "viewer"
	session.Save(r, w)
	w.WriteHeader(http.StatusNoContent)
}

func rememberHandler(c *gin.Context) {
	session, _ := store.Get(c.Request, "app-session")
	name := "anonymous"
	if c.PostForm("remember") == "1" {
		name = c.PostForm("user")
	}
	// expect: CWE-501
	session.Values["display_name"] = name
	session.Save(c.Request, c.Writer)
	c.Status(http.StatusNoContent)
}

func rememberAnonymousHandler(c *gin.Context) {
	session, _ := store.Get(c.Request, "app-session")
	name := "anonymous"
	if false {
		name = c.PostForm("user")
	}
	// ok: CWE-501
	session.Values["display_name"] = name
	session.Save(c.Request, c.Writer)
	c.Status(http.StatusNoContent)
}

func nicknameHandler(w http.ResponseWriter, r *http.Request) {
	session, _ := store.Get(r, "app-session")
	p := NewProfile(r.URL.Query().Get("nick"))
	// expect: CWE-501
	session.Values["nick"] = p.DisplayName()
	session.Save(r, w)
	w.WriteHeader(http.StatusNoContent)
}

func guestNicknameHandler(w http.ResponseWriter, r *http.Request) {
	session, _ := store.Get(r, "app-session")
	p := NewProfile("guest")
	// ok: CWE-501
	session.Values["nick"] = p.DisplayName()
	session.Save(r, w)
	w.WriteHeader(http.StatusNoContent)
}

func prefsHandler(w http.ResponseWriter, r *http.Request) {
	session, _ := store.Get(r, "app-session")
	prefs := map[string]string{"lang": r.Header.Get("Accept-Language"), "theme": "light"}
	// expect: CWE-501
	session.Values["pref"] = prefs["lang"]
	session.Save(r, w)
	w.WriteHeader(http.StatusNoContent)
}

func themePrefsHandler(w http.ResponseWriter, r *http.Request) {
	session, _ := store.Get(r, "app-session")
	prefs := map[string]string{"lang": r.Header.Get("Accept-Language"), "theme": "light"}
	// ok: CWE-501
	session.Values["pref"] = prefs["theme"]
	session.Save(r, w)
	w.WriteHeader(http.StatusNoContent)
}

func cartID(raw string) string {
	return strings.TrimSpace(raw)
}

func defaultCartID(_ string) string {
	return "cart-default"
}

func cartHandler(c echo.Context) error {
	session, _ := store.Get(c.Request(), "app-session")
	// expect: CWE-501
	session.Values["cart"] = cartID(c.QueryParam("cart"))
	session.Save(c.Request(), c.Response())
	return c.NoContent(http.StatusNoContent)
}

func defaultCartHandler(c echo.Context) error {
	session, _ := store.Get(c.Request(), "app-session")
	// ok: CWE-501
	session.Values["cart"] = defaultCartID(c.QueryParam("cart"))
	session.Save(c.Request(), c.Response())
	return c.NoContent(http.StatusNoContent)
}

func lastSearchHandler(c echo.Context) error {
	session, _ := store.Get(c.Request(), "app-session")
	page := c.QueryParam("page")
	// expect: CWE-501
	session.Values["last_search"] = fmt.Sprintf("page:%s", page)
	session.Save(c.Request(), c.Response())
	return c.NoContent(http.StatusNoContent)
}

func lastSearchPageHandler(c echo.Context) error {
	session, _ := store.Get(c.Request(), "app-session")
	page, err := strconv.Atoi(c.QueryParam("page"))
	if err != nil {
		return c.NoContent(http.StatusBadRequest)
	}
	// ok: CWE-501
	session.Values["last_search"] = fmt.Sprintf("page:%d", page)
	session.Save(c.Request(), c.Response())
	return c.NoContent(http.StatusNoContent)
}
