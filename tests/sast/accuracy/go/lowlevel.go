package lowlevel

import (
	"crypto/tls"
	"encoding/binary"
	"log"
	"net"
	"net/http"
	"reflect"
	"text/template"
	"time"
	"unsafe"
)

var statusPage = template.Must(template.New("status").Parse(`<html><body><h1>{{.Title}}</h1></body></html>`))

// expect: go.reflect-slice-header
type sliceHeader = reflect.SliceHeader

// BytesToString avoids a copy on the hot path.
func BytesToString(b []byte) string {
	// expect: go.unsafe-pointer-cast
	hdr := (*sliceHeader)(unsafe.Pointer(&b))
	// expect: go.reflect-slice-header
	sh := reflect.StringHeader{Data: hdr.Data, Len: hdr.Len}
	// expect: go.unsafe-pointer-cast
	return *(*string)(unsafe.Pointer(&sh))
}

// BytesToStringSafe uses the Go 1.20 helpers.
func BytesToStringSafe(b []byte) string {
	// ok: go.unsafe-pointer-cast
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// Field returns a pointer to the n-th 8-byte field of a record.
func Field(rec unsafe.Pointer, n int) *uint64 {
	// expect: go.unsafe-pointer-arithmetic
	p := unsafe.Pointer(uintptr(rec) + uintptr(n)*8)
	return (*uint64)(p)
}

// FieldSafe decodes the same field from bytes.
func FieldSafe(rec []byte, n int) uint64 {
	// ok: go.unsafe-pointer-arithmetic
	return binary.LittleEndian.Uint64(rec[n*8:])
}

func status(w http.ResponseWriter, r *http.Request) {
	// expect: go.text-template-http-response
	statusPage.Execute(w, map[string]string{"Title": r.URL.Query().Get("title")})
}

func tlsConfig() *tls.Config {
	return &tls.Config{
		MinVersion: tls.VersionTLS12,
		CipherSuites: []uint16{
			tls.TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
			// expect: go.tls-weak-cipher-suite
			tls.TLS_ECDHE_RSA_WITH_RC4_128_SHA,
			// ok: go.tls-weak-cipher-suite
			tls.TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
		},
	}
}

func Serve() {
	mux := http.NewServeMux()
	mux.HandleFunc("/status", status)
	go func() {
		// ok: go.http-listen-all-interfaces
		l, err := net.Listen("tcp", "127.0.0.1:9000")
		if err != nil {
			log.Fatal(err)
		}
		// expect: go.http-serve-no-timeouts
		http.Serve(l, mux)
	}()
	// expect: go.http-listen-all-interfaces
	srv := &http.Server{Addr: "0.0.0.0:8080", Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	log.Fatal(srv.ListenAndServe())
}
