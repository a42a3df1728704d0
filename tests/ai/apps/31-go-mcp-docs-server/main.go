// docs-mcp: an MCP server that searches the internal engineering docs.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var docsRoot = "/srv/docs"

func searchDocs(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	query, err := req.RequireString("query")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	var hits []string
	_ = filepath.WalkDir(docsRoot, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") || len(hits) >= 20 {
			return nil
		}
		if b, err := os.ReadFile(p); err == nil && strings.Contains(strings.ToLower(string(b)), strings.ToLower(query)) {
			hits = append(hits, strings.TrimPrefix(p, docsRoot+"/"))
		}
		return nil
	})
	return mcp.NewToolResultText(fmt.Sprintf("%d matches:\n%s", len(hits), strings.Join(hits, "\n"))), nil
}

func main() {
	s := server.NewMCPServer("docs-search", "0.3.0", server.WithToolCapabilities(false))
	s.AddTool(mcp.NewTool("search_docs",
		mcp.WithDescription("Full-text search over the engineering docs"),
		mcp.WithString("query", mcp.Required()),
	), searchDocs)

	httpServer := server.NewStreamableHTTPServer(s)
	log.Println("docs-search MCP on :8080/mcp")
	if err := httpServer.Start(":8080"); err != nil {
		log.Fatal(err)
	}
}
