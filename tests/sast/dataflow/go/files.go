package app

import (
	"fmt"
	"io"
	"io/ioutil"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
)

func downloadHandler(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("file")
	p := filepath.Join(dataDir, name)
	// expect: CWE-22
	data, err := os.ReadFile(p)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Write(data)
}

func downloadBaseHandler(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("file")
	p := filepath.Join(dataDir, filepath.Base(name))
	// ok: CWE-22
	data, err := os.ReadFile(p)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Write(data)
}

func attachmentHandler(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	p := dataDir + "/" + name
	// expect: CWE-22
	f, err := os.Open(p)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	w.Header().Set("Content-Type", "application/octet-stream")
	io.Copy(w, f)
}

func attachmentCheckedHandler(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	p := filepath.Clean(dataDir + "/" + name)
	if !strings.HasPrefix(p, dataDir+"/") {
		http.Error(w, "forbidden", http.StatusForbidden)
		return
	}
	// ok: CWE-22
	f, err := os.Open(p)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	w.Header().Set("Content-Type", "application/octet-stream")
	io.Copy(w, f)
}

func reportHandler(w http.ResponseWriter, r *http.Request) {
	report := r.FormValue("report")
	// expect: CWE-22
	http.ServeFile(w, r, filepath.Join(reportDir, report))
}

func summaryReportHandler(w http.ResponseWriter, r *http.Request) {
	report := r.FormValue("report")
	report = "summary.pdf"
	// ok: CWE-22
	http.ServeFile(w, r, filepath.Join(reportDir, report))
}

func templatePath(name string) string {
	return "/srv/app/templates/" + name
}

func cleanTemplatePath(name string) string {
	return filepath.Join("/srv/app/templates", filepath.Base(name))
}

func templateSourceHandler(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("tpl")
	// expect: CWE-22
	src, err := ioutil.ReadFile(templatePath(name))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write(src)
}

func templateSourceCleanHandler(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("tpl")
	// ok: CWE-22
	src, err := ioutil.ReadFile(cleanTemplatePath(name))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write(src)
}

func storeReadHandler(c *gin.Context) {
	fs := NewFileStore(dataDir)
	p := fs.Path(c.Query("name"))
	// expect: CWE-22
	data, err := os.ReadFile(p)
	if err != nil {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	c.Data(http.StatusOK, "application/octet-stream", data)
}

func storeReadCheckedHandler(c *gin.Context) {
	fs := NewFileStore(dataDir)
	p, err := fs.SafePath(c.Query("name"))
	if err != nil {
		c.AbortWithStatus(http.StatusForbidden)
		return
	}
	// ok: CWE-22
	data, err := os.ReadFile(p)
	if err != nil {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	c.Data(http.StatusOK, "application/octet-stream", data)
}

func storeDeleteHandler(c *gin.Context) {
	if err := NewFileStore(dataDir).Remove(c.PostForm("name")); err != nil {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	c.Status(http.StatusNoContent)
}

func storeDeleteBaseHandler(c *gin.Context) {
	if err := NewFileStore(dataDir).RemoveBase(c.PostForm("name")); err != nil {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	c.Status(http.StatusNoContent)
}

func openLogHandler(c *gin.Context) {
	paths := map[string]string{
		"app":  "/var/log/app/app.log",
		"user": filepath.Join(dataDir, c.Query("f")),
	}
	// expect: CWE-22
	f, err := os.Open(paths["user"])
	if err != nil {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	defer f.Close()
	c.DataFromReader(http.StatusOK, -1, "application/octet-stream", f, nil)
}

func openAppLogHandler(c *gin.Context) {
	paths := map[string]string{
		"app":  "/var/log/app/app.log",
		"user": filepath.Join(dataDir, c.Query("f")),
	}
	// ok: CWE-22
	f, err := os.Open(paths["app"])
	if err != nil {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	defer f.Close()
	c.DataFromReader(http.StatusOK, -1, "application/octet-stream", f, nil)
}

func configHandler(c echo.Context) error {
	candidates := []string{"/srv/app/config/default.json"}
	candidates = append(candidates, c.QueryParam("cfg"))
	// expect: CWE-22
	data, err := os.ReadFile(candidates[1])
	if err != nil {
		return c.NoContent(http.StatusNotFound)
	}
	return c.Blob(http.StatusOK, "application/json", data)
}

func defaultConfigHandler(c echo.Context) error {
	candidates := []string{"/srv/app/config/default.json"}
	candidates = append(candidates, c.QueryParam("cfg"))
	// ok: CWE-22
	data, err := os.ReadFile(candidates[0])
	if err != nil {
		return c.NoContent(http.StatusNotFound)
	}
	return c.Blob(http.StatusOK, "application/json", data)
}

func saveReportHandler(c echo.Context) error {
	year := c.FormValue("year")
	var sb strings.Builder
	sb.WriteString(reportDir)
	sb.WriteString("/annual-")
	sb.WriteString(year)
	sb.WriteString(".csv")
	// expect: CWE-22
	err := os.WriteFile(sb.String(), []byte("id,total\n"), 0o644)
	if err != nil {
		return c.NoContent(http.StatusInternalServerError)
	}
	return c.NoContent(http.StatusCreated)
}

func saveYearReportHandler(c echo.Context) error {
	year, err := strconv.Atoi(c.FormValue("year"))
	if err != nil {
		return c.NoContent(http.StatusBadRequest)
	}
	var sb strings.Builder
	sb.WriteString(reportDir)
	sb.WriteString("/annual-")
	sb.WriteString(strconv.Itoa(year))
	sb.WriteString(".csv")
	// ok: CWE-22
	err = os.WriteFile(sb.String(), []byte("id,total\n"), 0o644)
	if err != nil {
		return c.NoContent(http.StatusInternalServerError)
	}
	return c.NoContent(http.StatusCreated)
}

func docsHandler(c *gin.Context) {
	name := "index.html"
	if v := c.GetHeader("X-Doc"); v != "" {
		name = v
	}
	// expect: CWE-22
	c.File(filepath.Join("/srv/app/docs", name))
}

var docPages = map[string]bool{"index.html": true, "install.html": true, "faq.html": true}

func docsKnownHandler(c *gin.Context) {
	name := "index.html"
	if v := c.GetHeader("X-Doc"); docPages[v] {
		name = v
	}
	// ok: CWE-22
	c.File(filepath.Join("/srv/app/docs", name))
}

func uploadHandler(w http.ResponseWriter, r *http.Request) {
	fname := "upload.bin"
	if r.FormValue("keep_name") == "1" {
		fname = r.FormValue("filename")
	}
	// expect: CWE-22
	f, err := os.OpenFile(fmt.Sprintf("/srv/app/uploads/%s", fname), os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		http.Error(w, "cannot store upload", http.StatusInternalServerError)
		return
	}
	defer f.Close()
	io.Copy(f, r.Body)
	w.WriteHeader(http.StatusCreated)
}

func uploadFixedNameHandler(w http.ResponseWriter, r *http.Request) {
	fname := "upload.bin"
	if false {
		fname = r.FormValue("filename")
	}
	// ok: CWE-22
	f, err := os.OpenFile(fmt.Sprintf("/srv/app/uploads/%s", fname), os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		http.Error(w, "cannot store upload", http.StatusInternalServerError)
		return
	}
	defer f.Close()
	io.Copy(f, r.Body)
	w.WriteHeader(http.StatusCreated)
}

var themes = map[string]bool{"light": true, "dark": true, "contrast": true}

func themeCSSHandler(w http.ResponseWriter, r *http.Request) {
	theme := "light"
	if ck, err := r.Cookie("theme"); err == nil {
		theme = ck.Value
	}
	// expect: CWE-22
	css, err := os.ReadFile(filepath.Join("/srv/app/themes", theme+".css"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/css")
	w.Write(css)
}

func themeCSSKnownHandler(w http.ResponseWriter, r *http.Request) {
	theme := "light"
	if ck, err := r.Cookie("theme"); err == nil && themes[ck.Value] {
		theme = ck.Value
	}
	// ok: CWE-22
	css, err := os.ReadFile(filepath.Join("/srv/app/themes", theme+".css"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/css")
	w.Write(css)
}
