package app

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
)

func loginDoneHandler(w http.ResponseWriter, r *http.Request) {
	next := r.URL.Query().Get("next")
	// expect: CWE-601
	http.Redirect(w, r, next, http.StatusFound)
}

func loginDoneCheckedHandler(w http.ResponseWriter, r *http.Request) {
	next := r.URL.Query().Get("next")
	if u, err := url.Parse(next); err != nil || !allowedHosts[u.Host] {
		next = "/"
	}
	// ok: CWE-601
	http.Redirect(w, r, next, http.StatusFound)
}

func returnToHandler(c *gin.Context) {
	target := c.Query("return_to")
	// expect: CWE-601
	c.Redirect(http.StatusFound, target)
}

func returnToDashboardHandler(c *gin.Context) {
	target := c.Query("return_to")
	target = "/dashboard"
	// ok: CWE-601
	c.Redirect(http.StatusFound, target)
}

var continuePaths = map[string]bool{"/": true, "/account": true, "/orders": true}

func continueHandler(c echo.Context) error {
	cont := c.FormValue("continue")
	// expect: CWE-601
	return c.Redirect(http.StatusSeeOther, cont)
}

func continueKnownHandler(c echo.Context) error {
	cont := c.FormValue("continue")
	if !continuePaths[cont] {
		cont = "/"
	}
	// ok: CWE-601
	return c.Redirect(http.StatusSeeOther, cont)
}

func withCampaign(u string) string {
	return u + "?utm_source=newsletter"
}

func homeWithCampaign(_ string) string {
	return "/home?utm_source=newsletter"
}

func campaignHandler(w http.ResponseWriter, r *http.Request) {
	dest := r.URL.Query().Get("dest")
	// expect: CWE-601
	http.Redirect(w, r, withCampaign(dest), http.StatusFound)
}

func campaignHomeHandler(w http.ResponseWriter, r *http.Request) {
	dest := r.URL.Query().Get("dest")
	// ok: CWE-601
	http.Redirect(w, r, homeWithCampaign(dest), http.StatusFound)
}

func planHandler(c *gin.Context) {
	plan := NewRedirectPlan(c.Query("to"))
	// expect: CWE-601
	c.Redirect(http.StatusFound, plan.Location())
}

func planCheckedHandler(c *gin.Context) {
	plan := NewRedirectPlan(c.Query("to"))
	// ok: CWE-601
	c.Redirect(http.StatusFound, plan.SafeLocation())
}

func afterSaveHandler(w http.ResponseWriter, r *http.Request) {
	dests := map[string]string{"home": "/", "back": r.FormValue("back")}
	// expect: CWE-601
	http.Redirect(w, r, dests["back"], http.StatusSeeOther)
}

func afterSaveHomeHandler(w http.ResponseWriter, r *http.Request) {
	dests := map[string]string{"home": "/", "back": r.FormValue("back")}
	// ok: CWE-601
	http.Redirect(w, r, dests["home"], http.StatusSeeOther)
}

func switchLangHandler(c *gin.Context) {
	target := func(ref string) string {
		if ref != "" {
			return ref
		}
		return "/"
	}(c.Query("from"))
	// expect: CWE-601
	c.Redirect(http.StatusFound, target)
}

func switchLangKnownHandler(c *gin.Context) {
	target := func(ref string) string {
		if ref == "/settings" || ref == "/profile" {
			return ref
		}
		return "/"
	}(c.Query("from"))
	// ok: CWE-601
	c.Redirect(http.StatusFound, target)
}

func regionHandler(w http.ResponseWriter, r *http.Request) {
	region := r.URL.Query().Get("region")
	var sb strings.Builder
	sb.WriteString("https://")
	sb.WriteString(region)
	sb.WriteString("/welcome")
	// expect: CWE-601
	http.Redirect(w, r, sb.String(), http.StatusFound)
}

func regionKnownHandler(w http.ResponseWriter, r *http.Request) {
	region := r.URL.Query().Get("region")
	switch region {
	case "eu.example.com", "us.example.com":
	default:
		region = "www.example.com"
	}
	var sb strings.Builder
	sb.WriteString("https://")
	sb.WriteString(region)
	sb.WriteString("/welcome")
	// ok: CWE-601
	http.Redirect(w, r, sb.String(), http.StatusFound)
}
