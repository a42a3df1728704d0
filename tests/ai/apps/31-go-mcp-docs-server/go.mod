module github.com/acme/docs-mcp

go 1.23

require github.com/mark3labs/mcp-go v0.26.0
