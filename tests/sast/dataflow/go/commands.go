package app

import (
	"bytes"
	"fmt"
	"net/http"
	"os/exec"
	"regexp"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
)

func pingHandler(w http.ResponseWriter, r *http.Request) {
	host := r.URL.Query().Get("host")
	// expect: CWE-78
	cmd := exec.Command("sh", "-c", "ping -c 1 "+host)
	if err := cmd.Run(); err != nil {
		http.Error(w, "unreachable", http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func pingArgsHandler(w http.ResponseWriter, r *http.Request) {
	host := r.URL.Query().Get("host")
	// ok: CWE-78
	cmd := exec.Command("ping", "-c", "1", "--", host)
	if err := cmd.Run(); err != nil {
		http.Error(w, "unreachable", http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

var toolPaths = map[string]string{
	"git": "/usr/bin/git",
	"go":  "/usr/local/go/bin/go",
}

func toolVersionHandler(c *gin.Context) {
	tool := c.Query("tool")
	// expect: CWE-78
	out, err := exec.Command(tool, "--version").Output()
	if err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.JSON(http.StatusOK, gin.H{"bytes": len(out)})
}

func knownToolVersionHandler(c *gin.Context) {
	tool, found := toolPaths[c.Query("tool")]
	if !found {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	// ok: CWE-78
	out, err := exec.Command(tool, "--version").Output()
	if err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.JSON(http.StatusOK, gin.H{"bytes": len(out)})
}

func archiveProject(name string) error {
	// expect: CWE-78
	return exec.Command("bash", "-c", "tar czf /tmp/"+name+".tgz -C /srv/app/projects "+name).Run()
}

func archiveJob(id int) error {
	// ok: CWE-78
	return exec.Command("bash", "-c", fmt.Sprintf("tar czf /tmp/job-%d.tgz -C /srv/app/jobs %d", id, id)).Run()
}

func archiveProjectHandler(c *gin.Context) {
	if err := archiveProject(c.Query("project")); err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusAccepted)
}

func archiveJobHandler(c *gin.Context) {
	id, err := strconv.Atoi(c.Query("project"))
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	if err := archiveJob(id); err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusAccepted)
}

func thumbnailHandler(w http.ResponseWriter, r *http.Request) {
	file := r.FormValue("image")
	spec := NewCommandSpec("convert /srv/app/uploads/" + file + " -resize 128x128 /tmp/thumb.png")
	// expect: CWE-78
	err := exec.Command("sh", "-c", spec.Line()).Run()
	if err != nil {
		http.Error(w, "convert failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

func defaultThumbnailHandler(w http.ResponseWriter, r *http.Request) {
	spec := NewCommandSpec("convert /srv/app/uploads/latest.png -resize 128x128 /tmp/thumb.png")
	// ok: CWE-78
	err := exec.Command("sh", "-c", spec.Line()).Run()
	if err != nil {
		http.Error(w, "convert failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

func diagHandler(c echo.Context) error {
	checks := map[string]string{
		"disk": "df -h /srv",
		"user": "id " + c.QueryParam("user"),
	}
	// expect: CWE-78
	err := exec.Command("sh", "-c", checks["user"]).Run()
	if err != nil {
		return c.NoContent(http.StatusInternalServerError)
	}
	return c.NoContent(http.StatusNoContent)
}

func diskDiagHandler(c echo.Context) error {
	checks := map[string]string{
		"disk": "df -h /srv",
		"user": "id " + c.QueryParam("user"),
	}
	// ok: CWE-78
	err := exec.Command("sh", "-c", checks["disk"]).Run()
	if err != nil {
		return c.NoContent(http.StatusInternalServerError)
	}
	return c.NoContent(http.StatusNoContent)
}

func grepLogsHandler(w http.ResponseWriter, r *http.Request) {
	args := []string{"-c", "grep -rc ERROR /srv/app/logs"}
	args = append(args, "grep -rc '"+r.URL.Query().Get("pattern")+"' /srv/app/logs")
	// expect: CWE-78
	err := exec.Command("sh", args[0], args[2]).Run()
	if err != nil {
		http.Error(w, "grep failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func grepErrorsHandler(w http.ResponseWriter, r *http.Request) {
	args := []string{"-c", "grep -rc ERROR /srv/app/logs"}
	args = append(args, "grep -rc '"+r.URL.Query().Get("pattern")+"' /srv/app/logs")
	// ok: CWE-78
	err := exec.Command("sh", args[0], args[1]).Run()
	if err != nil {
		http.Error(w, "grep failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

var hostnameRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9.-]{0,252}$`)

func lookupDNSHandler(w http.ResponseWriter, r *http.Request) {
	domain := r.FormValue("domain")
	var b bytes.Buffer
	b.WriteString("nslookup ")
	b.WriteString(domain)
	// expect: CWE-78
	err := exec.Command("sh", "-c", b.String()).Run()
	if err != nil {
		http.Error(w, "lookup failed", http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func lookupDNSCheckedHandler(w http.ResponseWriter, r *http.Request) {
	domain := r.FormValue("domain")
	if !hostnameRe.MatchString(domain) {
		http.Error(w, "invalid domain", http.StatusBadRequest)
		return
	}
	var b bytes.Buffer
	b.WriteString("nslookup ")
	b.WriteString(domain)
	// ok: CWE-78
	err := exec.Command("sh", "-c", b.String()).Run()
	if err != nil {
		http.Error(w, "lookup failed", http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func backupHandler(c *gin.Context) {
	var script string
	if c.PostForm("mode") == "full" {
		script = "/srv/app/bin/backup.sh --full --target " + c.PostForm("target")
	} else {
		script = "/srv/app/bin/backup.sh --incremental"
	}
	// expect: CWE-78
	err := exec.Command("sh", "-c", script).Run()
	if err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusAccepted)
}

func incrementalBackupHandler(c *gin.Context) {
	var script string
	if false {
		script = "/srv/app/bin/backup.sh --full --target " + c.PostForm("target")
	} else {
		script = "/srv/app/bin/backup.sh --incremental"
	}
	// ok: CWE-78
	err := exec.Command("sh", "-c", script).Run()
	if err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusAccepted)
}

func normalizeRepo(repo string) string {
	return strings.TrimSuffix(strings.TrimSpace(repo), "/")
}

func mirrorRepo(_ string) string {
	return "https://git.example.com/platform/app.git"
}

func cloneHandler(c echo.Context) error {
	repo := c.FormValue("repo")
	// expect: CWE-78
	err := exec.CommandContext(c.Request().Context(), "sh", "-c", "git clone --depth 1 "+normalizeRepo(repo)+" /tmp/checkout").Run()
	if err != nil {
		return c.NoContent(http.StatusBadGateway)
	}
	return c.NoContent(http.StatusCreated)
}

func cloneMirrorHandler(c echo.Context) error {
	repo := c.FormValue("repo")
	// ok: CWE-78
	err := exec.CommandContext(c.Request().Context(), "sh", "-c", "git clone --depth 1 "+mirrorRepo(repo)+" /tmp/checkout").Run()
	if err != nil {
		return c.NoContent(http.StatusBadGateway)
	}
	return c.NoContent(http.StatusCreated)
}

func convertHandler(w http.ResponseWriter, r *http.Request) {
	format := r.Header.Get("X-Output-Format")
	line := fmt.Sprintf("pandoc /srv/app/docs/readme.md -t %s -o /tmp/readme.out", format)
	// expect: CWE-78
	err := exec.Command("/bin/sh", "-c", line).Run()
	if err != nil {
		http.Error(w, "conversion failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

func convertHTMLHandler(w http.ResponseWriter, r *http.Request) {
	format := r.Header.Get("X-Output-Format")
	format = "html"
	line := fmt.Sprintf("pandoc /srv/app/docs/readme.md -t %s -o /tmp/readme.out", format)
	// ok: CWE-78
	err := exec.Command("/bin/sh", "-c", line).Run()
	if err != nil {
		http.Error(w, "conversion failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}
