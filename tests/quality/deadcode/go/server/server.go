// Package server answers health checks.
package server

import (
	"errors"
	"net/http"
	"strings"
)

var errClosed = errors.New("server closed")

type Server struct {
	mux    *http.ServeMux
	closed bool
}

func New() *Server {
	s := &Server{mux: http.NewServeMux()}
	s.mux.HandleFunc("/health", s.health)
	return s
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	if s.closed {
		http.Error(w, errClosed.Error(), http.StatusServiceUnavailable)
		return
		w.WriteHeader(http.StatusOK) // expect: unreachable-code
	}
	writeStatus(w, normalize(r.URL.Query().Get("format")))
}

// normalize lowercases the requested format.
func normalize(format string) string {
	return strings.ToLower(format)
}

func legacyStatus(w http.ResponseWriter) { // expect: unused-private-function
	w.Write([]byte("ok"))
}

func (s *Server) unusedMethod() {}

func init() {
	http.DefaultServeMux.Handle("/", http.NotFoundHandler())
}

func retryable(err error) bool {
	for i := 0; i < 3; i++ {
		if err == nil {
			break
		}
		continue
		err = nil // expect: unreachable-code
	}
	if err != nil {
		goto fail
	}
	return true
fail:
	return false
}

func loop(n int) int {
	switch {
	case n < 0:
		return -1
	case n == 0:
		fallthrough
	default:
		n++
	}
	return n
}
