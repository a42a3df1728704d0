package app

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
)

var corsOrigins = map[string]bool{
	"https://app.example.com":   true,
	"https://admin.example.com": true,
}

func contentLanguageHeaderHandler(w http.ResponseWriter, r *http.Request) {
	lang := r.URL.Query().Get("lang")
	// expect: CWE-113
	w.Header().Set("Content-Language", lang)
	w.WriteHeader(http.StatusNoContent)
}

func contentLanguageStrippedHeaderHandler(w http.ResponseWriter, r *http.Request) {
	lang := strings.ReplaceAll(strings.ReplaceAll(r.URL.Query().Get("lang"), "\r", ""), "\n", "")
	// ok: CWE-113
	w.Header().Set("Content-Language", lang)
	w.WriteHeader(http.StatusNoContent)
}

func exportDownloadHeaderHandler(c *gin.Context) {
	name := c.Query("name")
	// expect: CWE-113
	c.Header("Content-Disposition", "attachment; filename="+name)
	c.String(http.StatusOK, "id,total\n1,10\n")
}

func exportDownloadEscapedHeaderHandler(c *gin.Context) {
	name := c.Query("name")
	// ok: CWE-113
	c.Header("Content-Disposition", "attachment; filename="+url.PathEscape(name))
	c.String(http.StatusOK, "id,total\n1,10\n")
}

func corsPreflightHeaderHandler(w http.ResponseWriter, r *http.Request) {
	origin := r.Header.Get("Origin")
	if origin != "" {
		// (a reflected Origin: the CORS rules' case, not counted as CWE-113)
		w.Header().Set("Access-Control-Allow-Origin", origin)
	}
	w.WriteHeader(http.StatusNoContent)
}

func corsPreflightAllowedHeaderHandler(w http.ResponseWriter, r *http.Request) {
	origin := r.Header.Get("Origin")
	if corsOrigins[origin] {
		// (a reflected Origin: the CORS rules' case, not counted as CWE-113)
		w.Header().Set("Access-Control-Allow-Origin", origin)
	}
	w.WriteHeader(http.StatusNoContent)
}

func attachmentDisposition(name string) string {
	return "attachment; filename=\"" + strings.TrimSpace(name) + "\""
}

func defaultDisposition(_ string) string {
	return "attachment; filename=\"export.csv\""
}

func exportFileHeaderHandler(w http.ResponseWriter, r *http.Request) {
	// expect: CWE-113
	w.Header().Set("Content-Disposition", attachmentDisposition(r.FormValue("file")))
	w.Write([]byte("id,total\n1,10\n"))
}

func exportDefaultFileHeaderHandler(w http.ResponseWriter, r *http.Request) {
	// ok: CWE-113
	w.Header().Set("Content-Disposition", defaultDisposition(r.FormValue("file")))
	w.Write([]byte("id,total\n1,10\n"))
}

func traceHeaderHandler(w http.ResponseWriter, r *http.Request) {
	meta := map[string]string{"rid": r.Header.Get("X-Request-Id"), "server": "api-1"}
	// expect: CWE-113
	w.Header().Set("X-Request-Id", meta["rid"])
	w.WriteHeader(http.StatusNoContent)
}

func servedByHeaderHandler(w http.ResponseWriter, r *http.Request) {
	meta := map[string]string{"rid": r.Header.Get("X-Request-Id"), "server": "api-1"}
	// ok: CWE-113
	w.Header().Set("X-Served-By", meta["server"])
	w.WriteHeader(http.StatusNoContent)
}

func itemsLinkHeaderHandler(w http.ResponseWriter, r *http.Request) {
	var sb strings.Builder
	sb.WriteString("<")
	sb.WriteString(r.URL.Query().Get("next"))
	sb.WriteString(">; rel=\"next\"")
	// expect: CWE-113
	w.Header().Add("Link", sb.String())
	w.Write([]byte("[]"))
}

func itemsLinkEscapedHeaderHandler(w http.ResponseWriter, r *http.Request) {
	var sb strings.Builder
	sb.WriteString("<")
	sb.WriteString(url.QueryEscape(r.URL.Query().Get("next")))
	sb.WriteString(">; rel=\"next\"")
	// ok: CWE-113
	w.Header().Add("Link", sb.String())
	w.Write([]byte("[]"))
}

func statusRefreshHeaderHandler(w http.ResponseWriter, r *http.Request) {
	var delay string
	if r.FormValue("delay") != "" {
		delay = r.FormValue("delay")
	} else {
		delay = "5"
	}
	// expect: CWE-113
	w.Header().Set("Refresh", delay)
	w.Write([]byte("working"))
}

func statusRefreshDeadBranchHeaderHandler(w http.ResponseWriter, r *http.Request) {
	var delay string
	if false {
		delay = r.FormValue("delay")
	} else {
		delay = "5"
	}
	// ok: CWE-113
	w.Header().Set("Refresh", delay)
	w.Write([]byte("working"))
}

func retryAfterHeaderHandler(w http.ResponseWriter, r *http.Request) {
	wait := r.URL.Query().Get("wait")
	// expect: CWE-113
	w.Header().Set("Retry-After", wait)
	w.WriteHeader(http.StatusServiceUnavailable)
}

func retryAfterNumberHeaderHandler(w http.ResponseWriter, r *http.Request) {
	wait, err := strconv.Atoi(r.URL.Query().Get("wait"))
	if err != nil {
		http.Error(w, "bad wait", http.StatusBadRequest)
		return
	}
	// ok: CWE-113
	w.Header().Set("Retry-After", strconv.Itoa(wait))
	w.WriteHeader(http.StatusServiceUnavailable)
}

func tenantHeaderHandler(c *gin.Context) {
	tenant := c.GetHeader("X-Tenant")
	// expect: CWE-113
	c.Header("X-Tenant", tenant)
	c.Status(http.StatusNoContent)
}

func tenantOverwrittenHeaderHandler(c *gin.Context) {
	tenant := c.GetHeader("X-Tenant")
	tenant = "default"
	// ok: CWE-113
	c.Header("X-Tenant", tenant)
	c.Status(http.StatusNoContent)
}
