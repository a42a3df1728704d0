package app

import (
	"errors"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-ldap/ldap/v3"
)

type FileStore struct {
	root string
}

func NewFileStore(root string) *FileStore {
	return &FileStore{root: filepath.Clean(root)}
}

func (s *FileStore) Path(name string) string {
	return filepath.Join(s.root, name)
}

func (s *FileStore) SafePath(name string) (string, error) {
	p := filepath.Clean(filepath.Join(s.root, name))
	if !strings.HasPrefix(p, s.root+string(os.PathSeparator)) {
		return "", errors.New("path escapes store root")
	}
	return p, nil
}

func (s *FileStore) Remove(name string) error {
	// expect: CWE-22
	return os.Remove(filepath.Join(s.root, name))
}

func (s *FileStore) RemoveBase(name string) error {
	// ok: CWE-22
	return os.Remove(filepath.Join(s.root, filepath.Base(name)))
}

type CommandSpec struct {
	line string
}

func NewCommandSpec(line string) *CommandSpec {
	return &CommandSpec{line: line}
}

func (c *CommandSpec) Line() string {
	return c.line
}

type Page struct {
	title string
}

func NewPage(title string) *Page {
	return &Page{title: title}
}

func (p *Page) Render() string {
	return "<html><head><title>" + p.title + "</title></head><body><h1>" + p.title + "</h1></body></html>"
}

type RedirectPlan struct {
	target string
}

func NewRedirectPlan(target string) *RedirectPlan {
	return &RedirectPlan{target: target}
}

func (p *RedirectPlan) Location() string {
	return p.target
}

func (p *RedirectPlan) SafeLocation() string {
	u, err := url.Parse(p.target)
	if err != nil || !allowedHosts[u.Host] {
		return "/"
	}
	return u.String()
}

type Fetcher struct {
	target string
}

func NewFetcher(target string) *Fetcher {
	return &Fetcher{target: target}
}

func (f *Fetcher) Target() string {
	return f.target
}

type ImageProxy struct {
	client *http.Client
}

func NewImageProxy(client *http.Client) *ImageProxy {
	return &ImageProxy{client: client}
}

func (p *ImageProxy) Fetch(raw string) (*http.Response, error) {
	// expect: CWE-918
	return p.client.Get(raw)
}

func (p *ImageProxy) FetchAllowed(raw string) (*http.Response, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" || !allowedHosts[u.Hostname()] {
		return nil, errors.New("image host not allowed")
	}
	// ok: CWE-918
	return p.client.Get(u.String())
}

type LdapFilter struct {
	parts []string
}

func NewLdapFilter() *LdapFilter {
	return &LdapFilter{}
}

func (f *LdapFilter) Eq(attr, value string) *LdapFilter {
	f.parts = append(f.parts, "("+attr+"="+value+")")
	return f
}

func (f *LdapFilter) EqEscaped(attr, value string) *LdapFilter {
	return f.Eq(attr, ldap.EscapeFilter(value))
}

func (f *LdapFilter) String() string {
	return "(&" + strings.Join(f.parts, "") + ")"
}

type Rule struct {
	expr string
}

func NewRule(expr string) *Rule {
	return &Rule{expr: strings.TrimSpace(expr)}
}

func (r *Rule) Expr() string {
	return r.expr
}

type Profile struct {
	nick string
}

func NewProfile(nick string) *Profile {
	return &Profile{nick: nick}
}

func (p *Profile) DisplayName() string {
	return strings.TrimSpace(p.nick)
}
