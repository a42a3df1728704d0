package app

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
)

func previewHandler(w http.ResponseWriter, r *http.Request) {
	target := r.URL.Query().Get("url")
	// expect: CWE-918
	resp, err := http.Get(target)
	if err != nil {
		http.Error(w, "fetch failed", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	fmt.Fprintf(w, "%d", resp.StatusCode)
}

func previewCheckedHandler(w http.ResponseWriter, r *http.Request) {
	target := r.URL.Query().Get("url")
	if u, err := url.Parse(target); err != nil || u.Scheme != "https" || !allowedHosts[u.Hostname()] {
		http.Error(w, "host not allowed", http.StatusForbidden)
		return
	}
	// ok: CWE-918
	resp, err := http.Get(target)
	if err != nil {
		http.Error(w, "fetch failed", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	fmt.Fprintf(w, "%d", resp.StatusCode)
}

func callbackHandler(c *gin.Context) {
	cb := c.Query("callback")
	// expect: CWE-918
	req, err := http.NewRequest(http.MethodPost, cb, strings.NewReader(`{"status":"done"}`))
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		c.AbortWithStatus(http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	c.Status(http.StatusAccepted)
}

func callbackFixedHandler(c *gin.Context) {
	cb := c.Query("callback")
	cb = "https://hooks.example.com/notify"
	// ok: CWE-918
	req, err := http.NewRequest(http.MethodPost, cb, strings.NewReader(`{"status":"done"}`))
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		c.AbortWithStatus(http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	c.Status(http.StatusAccepted)
}

func webhookURL(host string) string {
	return "https://" + host + "/hooks/deploy"
}

func deployHookHandler(w http.ResponseWriter, r *http.Request) {
	host := r.FormValue("host")
	// expect: CWE-918
	resp, err := http.Post(webhookURL(host), "application/json", strings.NewReader("{}"))
	if err != nil {
		http.Error(w, "hook failed", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.WriteHeader(http.StatusAccepted)
}

func deployHookCheckedHandler(w http.ResponseWriter, r *http.Request) {
	host := r.FormValue("host")
	if !allowedHosts[host] {
		http.Error(w, "host not allowed", http.StatusForbidden)
		return
	}
	// ok: CWE-918
	resp, err := http.Post(webhookURL(host), "application/json", strings.NewReader("{}"))
	if err != nil {
		http.Error(w, "hook failed", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.WriteHeader(http.StatusAccepted)
}

func feedHandler(c echo.Context) error {
	f := NewFetcher(c.QueryParam("feed"))
	// expect: CWE-918
	resp, err := http.Get(f.Target())
	if err != nil {
		return c.NoContent(http.StatusBadGateway)
	}
	defer resp.Body.Close()
	return c.NoContent(http.StatusNoContent)
}

func newsFeedHandler(c echo.Context) error {
	f := NewFetcher("https://news.example.com/rss.xml")
	// ok: CWE-918
	resp, err := http.Get(f.Target())
	if err != nil {
		return c.NoContent(http.StatusBadGateway)
	}
	defer resp.Body.Close()
	return c.NoContent(http.StatusNoContent)
}

func imageProxyHandler(c *gin.Context) {
	resp, err := NewImageProxy(httpClient).Fetch(c.Query("src"))
	if err != nil {
		c.AbortWithStatus(http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	c.Status(resp.StatusCode)
}

func imageProxyAllowedHandler(c *gin.Context) {
	resp, err := NewImageProxy(httpClient).FetchAllowed(c.Query("src"))
	if err != nil {
		c.AbortWithStatus(http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	c.Status(resp.StatusCode)
}

func endpointCheckHandler(c *gin.Context) {
	endpoints := map[string]string{
		"status": "https://status.example.com/api/v2/summary.json",
		"custom": c.Query("endpoint"),
	}
	// expect: CWE-918
	resp, err := httpClient.Get(endpoints["custom"])
	if err != nil {
		c.AbortWithStatus(http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	c.Status(http.StatusNoContent)
}

func statusCheckHandler(c *gin.Context) {
	endpoints := map[string]string{
		"status": "https://status.example.com/api/v2/summary.json",
		"custom": c.Query("endpoint"),
	}
	// ok: CWE-918
	resp, err := httpClient.Get(endpoints["status"])
	if err != nil {
		c.AbortWithStatus(http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	c.Status(http.StatusNoContent)
}

func healthProxyHandler(w http.ResponseWriter, r *http.Request) {
	service := r.FormValue("service")
	var sb strings.Builder
	sb.WriteString("http://")
	sb.WriteString(service)
	sb.WriteString(":8080/health")
	// expect: CWE-918
	resp, err := httpClient.Get(sb.String())
	if err != nil {
		http.Error(w, "unhealthy", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.WriteHeader(http.StatusNoContent)
}

func healthProxyKnownHandler(w http.ResponseWriter, r *http.Request) {
	service := r.FormValue("service")
	switch service {
	case "billing", "inventory", "search":
	default:
		service = "gateway"
	}
	var sb strings.Builder
	sb.WriteString("http://")
	sb.WriteString(service)
	sb.WriteString(":8080/health")
	// ok: CWE-918
	resp, err := httpClient.Get(sb.String())
	if err != nil {
		http.Error(w, "unhealthy", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.WriteHeader(http.StatusNoContent)
}

func mirrorHandler(c *gin.Context) {
	target := func(v string) string {
		if v != "" {
			return v
		}
		return "https://mirror.example.com/pkg/index.json"
	}(c.Query("mirror"))
	// expect: CWE-918
	resp, err := http.Head(target)
	if err != nil {
		c.AbortWithStatus(http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	c.Status(http.StatusNoContent)
}

func defaultMirrorHandler(c *gin.Context) {
	target := func(v string) string {
		if false {
			return v
		}
		return "https://mirror.example.com/pkg/index.json"
	}(c.Query("mirror"))
	// ok: CWE-918
	resp, err := http.Head(target)
	if err != nil {
		c.AbortWithStatus(http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	c.Status(http.StatusNoContent)
}

func pingExtraHandler(w http.ResponseWriter, r *http.Request) {
	urls := []string{"https://api.example.com/ping"}
	urls = append(urls, r.URL.Query().Get("extra"))
	// expect: CWE-918
	req, err := http.NewRequestWithContext(r.Context(), http.MethodGet, urls[1], nil)
	if err != nil {
		http.Error(w, "bad url", http.StatusBadRequest)
		return
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		http.Error(w, "ping failed", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.WriteHeader(http.StatusNoContent)
}

func pingPrimaryHandler(w http.ResponseWriter, r *http.Request) {
	urls := []string{"https://api.example.com/ping"}
	urls = append(urls, r.URL.Query().Get("extra"))
	// ok: CWE-918
	req, err := http.NewRequestWithContext(r.Context(), http.MethodGet, urls[0], nil)
	if err != nil {
		http.Error(w, "bad url", http.StatusBadRequest)
		return
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		http.Error(w, "ping failed", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.WriteHeader(http.StatusNoContent)
}
