package app

import (
	"encoding/json"
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/sirupsen/logrus"
)

var (
	auditLog  = log.New(os.Stderr, "audit ", log.LstdFlags)
	appLogger = logrus.New()
)

func loginFailedLogHandler(w http.ResponseWriter, r *http.Request) {
	user := r.FormValue("user")
	// expect: CWE-117
	log.Printf("login failed for %s", user)
	w.WriteHeader(http.StatusUnauthorized)
}

func loginFailedQuotedLogHandler(w http.ResponseWriter, r *http.Request) {
	user := r.FormValue("user")
	// ok: CWE-117
	log.Printf("login failed for %q", user)
	w.WriteHeader(http.StatusUnauthorized)
}

func loginFailedStrippedLogHandler(w http.ResponseWriter, r *http.Request) {
	user := strings.ReplaceAll(strings.ReplaceAll(r.FormValue("user"), "\n", ""), "\r", "")
	// ok: CWE-117
	log.Printf("login failed for %s", user)
	w.WriteHeader(http.StatusUnauthorized)
}

func loginFailedSlogHandler(w http.ResponseWriter, r *http.Request) {
	user := r.FormValue("user")
	// ok: CWE-117
	slog.Warn("login failed", "user", user)
	w.WriteHeader(http.StatusUnauthorized)
}

func describeVisitor(name string) string {
	return "visitor=" + strings.TrimSpace(name)
}

func describeGuest(_ string) string {
	return "visitor=guest"
}

func oneLine(s string) string {
	return strings.NewReplacer("\r", " ", "\n", " ").Replace(s)
}

func visitLogHandler(w http.ResponseWriter, r *http.Request) {
	// expect: CWE-117
	auditLog.Println(describeVisitor(r.URL.Query().Get("name")))
	w.WriteHeader(http.StatusNoContent)
}

func visitGuestLogHandler(w http.ResponseWriter, r *http.Request) {
	// ok: CWE-117
	auditLog.Println(describeGuest(r.URL.Query().Get("name")))
	w.WriteHeader(http.StatusNoContent)
}

func visitOneLineLogHandler(w http.ResponseWriter, r *http.Request) {
	// ok: CWE-117
	auditLog.Println("visitor=" + oneLine(r.URL.Query().Get("name")))
	w.WriteHeader(http.StatusNoContent)
}

func clientLogHandler(w http.ResponseWriter, r *http.Request) {
	client := map[string]string{"ua": r.UserAgent(), "app": "web"}
	// expect: CWE-117
	log.Print("client ", client["ua"])
	w.WriteHeader(http.StatusNoContent)
}

func clientAppLogHandler(w http.ResponseWriter, r *http.Request) {
	client := map[string]string{"ua": r.UserAgent(), "app": "web"}
	// ok: CWE-117
	log.Print("client ", client["app"])
	w.WriteHeader(http.StatusNoContent)
}

func searchTermsLogHandler(w http.ResponseWriter, r *http.Request) {
	parts := []string{"search"}
	parts = append(parts, r.URL.Query().Get("q"))
	// expect: CWE-117
	appLogger.Warnf("terms: %s", parts[1])
	w.WriteHeader(http.StatusNoContent)
}

func searchLabelLogHandler(w http.ResponseWriter, r *http.Request) {
	parts := []string{"search"}
	parts = append(parts, r.URL.Query().Get("q"))
	// ok: CWE-117
	appLogger.Warnf("terms: %s", parts[0])
	w.WriteHeader(http.StatusNoContent)
}

func refererLogHandler(w http.ResponseWriter, r *http.Request) {
	var sb strings.Builder
	sb.WriteString("referer=")
	sb.WriteString(r.Referer())
	// expect: CWE-117
	log.Println(sb.String())
	w.WriteHeader(http.StatusNoContent)
}

func refererEscapedLogHandler(w http.ResponseWriter, r *http.Request) {
	var sb strings.Builder
	sb.WriteString("referer=")
	sb.WriteString(url.QueryEscape(r.Referer()))
	// ok: CWE-117
	log.Println(sb.String())
	w.WriteHeader(http.StatusNoContent)
}

func downloadLogHandler(w http.ResponseWriter, r *http.Request) {
	msg := fmt.Sprintf("download of %s requested", r.URL.Query().Get("file"))
	// expect: CWE-117
	auditLog.Print(msg)
	w.WriteHeader(http.StatusAccepted)
}

func downloadByIDLogHandler(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.URL.Query().Get("file"))
	if err != nil {
		http.Error(w, "bad file id", http.StatusBadRequest)
		return
	}
	msg := fmt.Sprintf("download of %d requested", id)
	// ok: CWE-117
	auditLog.Print(msg)
	w.WriteHeader(http.StatusAccepted)
}

func couponLogHandler(w http.ResponseWriter, r *http.Request) {
	var note string
	if r.FormValue("coupon") != "" {
		note = "coupon " + r.FormValue("coupon")
	} else {
		note = "no coupon"
	}
	// expect: CWE-117
	appLogger.Info(note)
	w.WriteHeader(http.StatusNoContent)
}

func couponDeadBranchLogHandler(w http.ResponseWriter, r *http.Request) {
	var note string
	if false {
		note = "coupon " + r.FormValue("coupon")
	} else {
		note = "no coupon"
	}
	// ok: CWE-117
	appLogger.Info(note)
	w.WriteHeader(http.StatusNoContent)
}

func tokenLogHandler(w http.ResponseWriter, r *http.Request) {
	token := r.Header.Get("X-Api-Token")
	// expect: CWE-117
	log.Println("token rejected: " + token + " from " + r.RemoteAddr)
	http.Error(w, "forbidden", http.StatusForbidden)
}

func tokenRedactedLogHandler(w http.ResponseWriter, r *http.Request) {
	token := r.Header.Get("X-Api-Token")
	token = "[redacted]"
	// ok: CWE-117
	log.Println("token rejected: " + token + " from " + r.RemoteAddr)
	http.Error(w, "forbidden", http.StatusForbidden)
}

func sortLogHandler(w http.ResponseWriter, r *http.Request) {
	sort := r.URL.Query().Get("sort")
	// expect: CWE-117
	appLogger.Errorf("unknown sort column %s", sort)
	http.Error(w, "bad sort", http.StatusBadRequest)
}

func sortJSONLogHandler(w http.ResponseWriter, r *http.Request) {
	sort, _ := json.Marshal(r.URL.Query().Get("sort"))
	// ok: CWE-117
	appLogger.Errorf("unknown sort column %s", sort)
	http.Error(w, "bad sort", http.StatusBadRequest)
}

func tenantLogHandler(w http.ResponseWriter, r *http.Request) {
	tenant := r.Header.Get("X-Tenant")
	// expect: CWE-117
	auditLog.Printf("client %s switched to tenant %s", r.RemoteAddr, tenant)
	w.WriteHeader(http.StatusNoContent)
}

func tenantQuotedLogHandler(w http.ResponseWriter, r *http.Request) {
	tenant := strconv.Quote(r.Header.Get("X-Tenant"))
	// ok: CWE-117
	auditLog.Printf("client %s switched to tenant %s", r.RemoteAddr, tenant)
	w.WriteHeader(http.StatusNoContent)
}
