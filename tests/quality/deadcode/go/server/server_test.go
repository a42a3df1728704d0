package server

import "testing"

func TestNormalize(t *testing.T) {
	if normalize("JSON") != "json" {
		t.Fatal("normalize")
	}
}

func newTestServer() *Server { // expect: unused-private-function
	return New()
}
