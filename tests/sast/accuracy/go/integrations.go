package integrations

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"net/http"
	"net/url"
	"os/exec"
	"time"

	"golang.org/x/crypto/ssh"
	"golang.org/x/crypto/ssh/knownhosts"
)

// InternalClient talks to services with self-signed certificates.
func InternalClient() *http.Client {
	tr := &http.Transport{
		// expect: go.tls-insecure-skip-verify
		TLSClientConfig: &tls.Config{InsecureSkipVerify: true},
	}
	return &http.Client{Transport: tr, Timeout: 10 * time.Second}
}

// PartnerClient trusts the partner CA explicitly.
func PartnerClient(pool *x509.CertPool) *http.Client {
	tr := &http.Transport{
		// ok: go.tls-insecure-skip-verify
		TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12},
	}
	return &http.Client{Transport: tr}
}

func LegacyServerTLS(cert tls.Certificate) *tls.Config {
	return &tls.Config{
		Certificates: []tls.Certificate{cert},
		// expect: go.tls-weak-version
		MinVersion: tls.VersionTLS10,
	}
}

func ModernServerTLS(cert tls.Certificate) *tls.Config {
	return &tls.Config{
		Certificates: []tls.Certificate{cert},
		// ok: go.tls-weak-version
		MinVersion: tls.VersionTLS13,
	}
}

func DeployConfig(user string, auth []ssh.AuthMethod) *ssh.ClientConfig {
	return &ssh.ClientConfig{
		User: user,
		Auth: auth,
		// expect: go.ssh-insecure-host-key
		HostKeyCallback: ssh.InsecureIgnoreHostKey(),
	}
}

func DeployConfigSafe(user string, auth []ssh.AuthMethod) (*ssh.ClientConfig, error) {
	// ok: go.ssh-insecure-host-key
	cb, err := knownhosts.New("/etc/deploy/known_hosts")
	if err != nil {
		return nil, err
	}
	return &ssh.ClientConfig{User: user, Auth: auth, HostKeyCallback: cb}, nil
}

// Preview fetches a URL to render a link preview.
func Preview(w http.ResponseWriter, r *http.Request) {
	target := r.URL.Query().Get("url")
	// expect: go.ssrf-request-url
	resp, err := http.Get(target)
	if err != nil {
		http.Error(w, "fetch failed", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	io.Copy(w, io.LimitReader(resp.Body, 1<<20))
}

// Weather proxies to a fixed upstream.
func Weather(w http.ResponseWriter, r *http.Request) {
	city := r.URL.Query().Get("city")
	// ok: go.ssrf-request-url
	req, _ := http.NewRequestWithContext(r.Context(), http.MethodGet, "https://api.weather.example.com/v1/"+url.PathEscape(city), nil)
	resp, err := http.DefaultClient.Do(req)
	if err == nil {
		defer resp.Body.Close()
		io.Copy(w, resp.Body)
	}
}

// Thumbnail shells out to ImageMagick.
func Thumbnail(ctx context.Context, src, size string) error {
	// expect: go.exec-shell-non-constant
	cmd := exec.CommandContext(ctx, "sh", "-c", "convert "+src+" -resize "+size+" /tmp/thumb.png")
	return cmd.Run()
}

// ThumbnailSafe passes arguments directly.
func ThumbnailSafe(ctx context.Context, src, size string) error {
	// ok: go.exec-shell-non-constant
	cmd := exec.CommandContext(ctx, "convert", src, "-resize", size, "/tmp/thumb.png")
	return cmd.Run()
}

// Lookup runs whois for a domain given in the request.
func Lookup(w http.ResponseWriter, r *http.Request) {
	domain := r.FormValue("domain")
	// expect: go.exec-request-input
	out, err := exec.Command("whois", domain).Output()
	if err != nil {
		http.Error(w, "lookup failed", http.StatusInternalServerError)
		return
	}
	w.Write(out)
}

// Uptime runs a constant command.
func Uptime(w http.ResponseWriter, r *http.Request) {
	// ok: go.exec-request-input
	out, _ := exec.Command("uptime").Output()
	w.Write(out)
}

// RunPlugin runs a configured plugin binary.
func RunPlugin(path string, args []string) ([]byte, error) {
	// expect: go.exec-non-constant-program
	return exec.Command(path, args...).Output()
}
