package storage

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

const uploadRoot = "/srv/uploads"

// Download streams a stored file back to the client.
func Download(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("file")
	// expect: go.path-traversal-request-input
	f, err := os.Open(filepath.Join(uploadRoot, name))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	io.Copy(w, f)
}

// DownloadSafe only accepts a bare file name.
func DownloadSafe(w http.ResponseWriter, r *http.Request) {
	name := filepath.Base(r.URL.Query().Get("file"))
	// ok: go.path-traversal-request-input
	http.ServeFile(w, r, filepath.Join(uploadRoot, name))
}

// Avatar keeps the user-supplied name inside the avatar directory.
func Avatar(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name")
	if !filepath.IsLocal(name) {
		http.Error(w, "invalid name", http.StatusBadRequest)
		return
	}
	// ok: go.path-traversal-request-input
	http.ServeFile(w, r, filepath.Join(uploadRoot, "avatars", name))
}

// Upload stores the request body under the client's file name.
func Upload(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 10<<20)
	// expect: go.path-join-request-input
	dst := filepath.Join(uploadRoot, r.FormValue("filename"))
	out, err := os.Create(dst)
	if err != nil {
		http.Error(w, "cannot create", http.StatusInternalServerError)
		return
	}
	defer out.Close()
	io.Copy(out, r.Body)
}

// Unzip extracts an uploaded archive.
func Unzip(src, dest string) error {
	zr, err := zip.OpenReader(src)
	if err != nil {
		return err
	}
	defer zr.Close()
	for _, f := range zr.File {
		// expect: go.zip-slip
		path := filepath.Join(dest, f.Name)
		if f.FileInfo().IsDir() {
			os.MkdirAll(path, 0o755)
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return err
		}
		out, err := os.Create(path)
		if err != nil {
			rc.Close()
			return err
		}
		// expect: go.decompression-bomb
		io.Copy(out, rc)
		out.Close()
		rc.Close()
	}
	return nil
}

// UntarSafe rejects entries escaping dest.
func UntarSafe(r io.Reader, dest string) error {
	gz, err := gzip.NewReader(r)
	if err != nil {
		return err
	}
	tr := tar.NewReader(gz)
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		// ok: go.zip-slip
		target := filepath.Join(dest, hdr.Name)
		if !strings.HasPrefix(target, filepath.Clean(dest)+string(os.PathSeparator)) {
			return fmt.Errorf("entry %q escapes destination", hdr.Name)
		}
		out, err := os.Create(target)
		if err != nil {
			return err
		}
		// ok: go.decompression-bomb
		io.CopyN(out, tr, 100<<20)
		out.Close()
	}
}

// Inflate decompresses a gzip stream to disk.
func Inflate(src io.Reader, path string) error {
	zr, err := gzip.NewReader(src)
	if err != nil {
		return err
	}
	defer zr.Close()
	// expect: go.world-writable-permissions
	out, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY, 0666)
	if err != nil {
		return err
	}
	defer out.Close()
	// expect: go.decompression-bomb
	_, err = io.Copy(out, zr)
	return err
}

// SaveReport writes a private report.
func SaveReport(path string, data []byte) error {
	// ok: go.world-writable-permissions
	return os.WriteFile(path, data, 0o600)
}
