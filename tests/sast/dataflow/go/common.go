package app

import (
	"database/sql"
	"net/http"
	"os"
	"time"

	"github.com/antchfx/xmlquery"
	"github.com/go-ldap/ldap/v3"
	"github.com/gorilla/sessions"
	"gorm.io/gorm"
)

const (
	dataDir   = "/srv/app/data"
	reportDir = "/srv/app/reports"
	baseDN    = "dc=example,dc=com"
)

var (
	db         *sql.DB
	gdb        *gorm.DB
	store      = sessions.NewCookieStore([]byte(os.Getenv("SESSION_KEY")))
	httpClient = &http.Client{Timeout: 10 * time.Second}
)

var allowedHosts = map[string]bool{
	"app.example.com": true,
	"api.example.com": true,
	"cdn.example.com": true,
}

type Item struct {
	ID    int
	Name  string
	Owner string
}

func ldapConn() (*ldap.Conn, error) {
	return ldap.DialURL("ldaps://ldap.example.com:636")
}

func loadXML(path string) (*xmlquery.Node, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return xmlquery.Parse(f)
}

func loadDirectory() (*xmlquery.Node, error) {
	return loadXML("/srv/app/directory.xml")
}

func loadCatalog() (*xmlquery.Node, error) {
	return loadXML("/srv/app/catalog.xml")
}
