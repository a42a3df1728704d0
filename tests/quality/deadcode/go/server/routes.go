package server

import (
	"fmt"
	"io"
)

// writeStatus is defined here and used by server.go; retryable and loop
// are defined there and used only here.
func writeStatus(w io.Writer, format string) {
	if format == "json" {
		fmt.Fprint(w, `{"status":"ok"}`)
		return
	}
	fmt.Fprint(w, "ok")
	_ = retryable
	_ = loop
}
