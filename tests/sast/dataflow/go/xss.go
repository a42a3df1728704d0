package app

import (
	"bytes"
	"fmt"
	"html"
	"html/template"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
)

func helloHandler(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// expect: CWE-79
	fmt.Fprintf(w, "<h1>Hello, %s</h1>", name)
}

func helloEscapedHandler(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// ok: CWE-79
	fmt.Fprintf(w, "<h1>Hello, %s</h1>", html.EscapeString(name))
}

func flashHandler(w http.ResponseWriter, r *http.Request) {
	msg := r.FormValue("msg")
	body := "<div class=\"flash\">" + msg + "</div>"
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// expect: CWE-79
	w.Write([]byte(body))
}

func flashEscapedHandler(w http.ResponseWriter, r *http.Request) {
	msg := template.HTMLEscapeString(r.FormValue("msg"))
	body := "<div class=\"flash\">" + msg + "</div>"
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// ok: CWE-79
	w.Write([]byte(body))
}

func notFoundPageHandler(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	// expect: CWE-79
	fmt.Fprintf(w, "<p>No page at %s</p>", r.URL.Path)
}

func notFoundPageEscapedHandler(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	// ok: CWE-79
	fmt.Fprintf(w, "<p>No page at %s</p>", html.EscapeString(r.URL.Path))
}

var bioTmpl = template.Must(template.New("bio").Parse(`<div class="bio">{{.Bio}}</div>`))

func bioHandler(w http.ResponseWriter, r *http.Request) {
	bio := r.PostFormValue("bio")
	// expect: CWE-79
	bioTmpl.Execute(w, map[string]interface{}{"Bio": template.HTML(bio)})
}

func bioEscapedHandler(w http.ResponseWriter, r *http.Request) {
	bio := r.PostFormValue("bio")
	// ok: CWE-79
	bioTmpl.Execute(w, map[string]interface{}{"Bio": template.HTML(template.HTMLEscapeString(bio))})
}

func renderGreeting(name string) string {
	return "<p>Welcome back, " + name + "!</p>"
}

func renderGenericGreeting(_ string) string {
	return "<p>Welcome back!</p>"
}

func welcomeHandler(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("user")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// expect: CWE-79
	io.WriteString(w, renderGreeting(name))
}

func welcomeGenericHandler(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("user")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// ok: CWE-79
	io.WriteString(w, renderGenericGreeting(name))
}

func titleHandler(w http.ResponseWriter, r *http.Request) {
	page := NewPage(r.URL.Query().Get("title"))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// expect: CWE-79
	io.WriteString(w, page.Render())
}

func titleEscapedHandler(w http.ResponseWriter, r *http.Request) {
	page := NewPage(html.EscapeString(r.URL.Query().Get("title")))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// ok: CWE-79
	io.WriteString(w, page.Render())
}

func badgeHandler(c *gin.Context) {
	fields := map[string]string{"user": c.Query("user"), "site": "Example Corp"}
	// expect: CWE-79
	c.Data(http.StatusOK, "text/html; charset=utf-8", []byte("<b>"+fields["user"]+"</b>"))
}

func siteBadgeHandler(c *gin.Context) {
	fields := map[string]string{"user": c.Query("user"), "site": "Example Corp"}
	// ok: CWE-79
	c.Data(http.StatusOK, "text/html; charset=utf-8", []byte("<b>"+fields["site"]+"</b>"))
}

func tagsHandler(c echo.Context) error {
	var buf bytes.Buffer
	buf.WriteString("<ul>")
	for _, t := range strings.Split(c.QueryParam("tags"), ",") {
		buf.WriteString("<li>" + t + "</li>")
	}
	buf.WriteString("</ul>")
	// expect: CWE-79
	return c.HTML(http.StatusOK, buf.String())
}

func tagsEscapedHandler(c echo.Context) error {
	var buf bytes.Buffer
	buf.WriteString("<ul>")
	for _, t := range strings.Split(c.QueryParam("tags"), ",") {
		buf.WriteString("<li>" + html.EscapeString(t) + "</li>")
	}
	buf.WriteString("</ul>")
	// ok: CWE-79
	return c.HTML(http.StatusOK, buf.String())
}

func greetingHandler(w http.ResponseWriter, r *http.Request) {
	greeting := "Hello, guest"
	u := r.URL.Query().Get("u")
	if u != "" {
		greeting = "Hello, " + u
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// expect: CWE-79
	fmt.Fprint(w, "<span>"+greeting+"</span>")
}

func guestGreetingHandler(w http.ResponseWriter, r *http.Request) {
	greeting := "Hello, guest"
	u := r.URL.Query().Get("u")
	if false {
		greeting = "Hello, " + u
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// ok: CWE-79
	fmt.Fprint(w, "<span>"+greeting+"</span>")
}

func slugHandler(c *gin.Context) {
	slug := c.Param("slug")
	c.Header("Content-Type", "text/html; charset=utf-8")
	c.Status(http.StatusNotFound)
	// expect: CWE-79
	c.Writer.WriteString("<p>" + slug + " was not found</p>")
}

func genericSlugHandler(c *gin.Context) {
	slug := c.Param("slug")
	slug = "The page"
	c.Header("Content-Type", "text/html; charset=utf-8")
	c.Status(http.StatusNotFound)
	// ok: CWE-79
	c.Writer.WriteString("<p>" + slug + " was not found</p>")
}

func pagerHandler(c echo.Context) error {
	page := c.QueryParam("page")
	// expect: CWE-79
	return c.HTML(http.StatusOK, fmt.Sprintf("<p>Showing page %s</p>", page))
}

func pagerNumberHandler(c echo.Context) error {
	page, err := strconv.Atoi(c.QueryParam("page"))
	if err != nil {
		page = 1
	}
	// ok: CWE-79
	return c.HTML(http.StatusOK, fmt.Sprintf("<p>Showing page %d</p>", page))
}

func breadcrumbHandler(w http.ResponseWriter, r *http.Request) {
	crumbs := []string{"Dashboard"}
	crumbs = append(crumbs, r.FormValue("crumb"))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// expect: CWE-79
	fmt.Fprintf(w, "<nav>%s</nav>", crumbs[1])
}

func rootBreadcrumbHandler(w http.ResponseWriter, r *http.Request) {
	crumbs := []string{"Dashboard"}
	crumbs = append(crumbs, r.FormValue("crumb"))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// ok: CWE-79
	fmt.Fprintf(w, "<nav>%s</nav>", crumbs[0])
}
