package main

import (
	"database/sql"
	"encoding/json"
	"io"
	"log"
	"net/http"
	// expect: go.pprof-exposed
	_ "net/http/pprof"
	"os"
	"time"

	"github.com/rs/cors"
)

// expect: go.hardcoded-credential
const adminPassword = "Adm1n!2023-prod"

// ok: go.hardcoded-credential
const adminPasswordEnv = "ADMIN_PASSWORD"

type Server struct {
	db *sql.DB
}

func openDB() (*sql.DB, error) {
	if dsn := os.Getenv("DATABASE_URL"); dsn != "" {
		// ok: go.hardcoded-dsn-password
		return sql.Open("postgres", dsn)
	}
	// expect: go.hardcoded-dsn-password
	return sql.Open("postgres", "postgres://app:s3cr3tpass@localhost:5432/app?sslmode=disable")
}

func (s *Server) createItem(w http.ResponseWriter, r *http.Request) {
	// expect: go.request-body-unbounded-read
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	var item map[string]any
	if err := json.Unmarshal(body, &item); err != nil {
		http.Error(w, "bad json", http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

func (s *Server) updateItem(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	// ok: go.request-body-unbounded-read
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "too large", http.StatusRequestEntityTooLarge)
		return
	}
	w.Write(body)
}

func withCORS(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// expect: go.cors-reflected-origin
		w.Header().Set("Access-Control-Allow-Origin", r.Header.Get("Origin"))
		w.Header().Set("Access-Control-Allow-Credentials", "true")
		next.ServeHTTP(w, r)
	})
}

func withPublicCORS(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// ok: go.cors-wildcard-with-credentials
		w.Header().Set("Access-Control-Allow-Origin", "*")
		next.ServeHTTP(w, r)
	})
}

func main() {
	db, err := openDB()
	if err != nil {
		log.Fatal(err)
	}
	s := &Server{db: db}
	mux := http.NewServeMux()
	mux.HandleFunc("/items", s.createItem)
	mux.HandleFunc("/items/update", s.updateItem)

	// expect: go.cors-options-wildcard-credentials
	c := cors.New(cors.Options{
		AllowedOrigins:   []string{"*"},
		AllowCredentials: true,
	})
	// ok: go.cors-options-wildcard-credentials
	public := cors.New(cors.Options{AllowedOrigins: []string{"*"}})

	go func() {
		// expect: go.http-serve-no-timeouts
		log.Println(http.ListenAndServe("127.0.0.1:6060", nil))
	}()

	// ok: go.http-server-no-timeouts
	srv := &http.Server{
		Addr:              ":8443",
		Handler:           c.Handler(withCORS(mux)),
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	// expect: go.http-server-no-timeouts
	metrics := &http.Server{Addr: ":9100", Handler: public.Handler(http.NotFoundHandler())}
	go metrics.ListenAndServe()
	log.Fatal(srv.ListenAndServeTLS("cert.pem", "key.pem"))
}
