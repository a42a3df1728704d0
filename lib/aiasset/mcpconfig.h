/* lib/aiasset/mcpconfig.h - MCP client configurations: the servers a client launches or reaches, and how */
#ifndef SCAN_AIASSET_MCPCONFIG_H
#define SCAN_AIASSET_MCPCONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include "util/arena.h"

#define SCAN_MCP_SERVERS_MAX 1000
#define SCAN_MCP_CONFIG_MAX ((size_t)4 << 20)

typedef enum { SCAN_MCP_STDIO = 0, SCAN_MCP_HTTP, SCAN_MCP_SSE } scan_mcp_transport;

typedef struct {
	const char *name;
	unsigned line;                 /* where its entry starts */
	scan_mcp_transport transport;
	const char *command;           /* stdio: what is launched; NULL for a remote server */
	const char *const *args;
	size_t nargs;
	const char *url;               /* a remote server's */
	const char *package;           /* the package or image the command fetches and runs (npx, uvx, pipx, docker); NULL */
	bool package_pinned;           /* ... at an exact version or digest */
	const char *const *env_keys;   /* the names of its environment (never the values) */
	size_t nenv;
	unsigned literal_secrets;      /* env or header values that are credentials written out, not references */
	unsigned literal_secret_line;
	bool broad_filesystem;         /* a filesystem server given /, ~ or $HOME */
	bool plaintext_url;            /* http:// to a host other than this machine */
	bool tunnel_url;               /* a tunnel's host (ngrok, trycloudflare, ...) */
} scan_mcp_server;

typedef struct {
	scan_arena arena;
	scan_mcp_server *servers;
	size_t count, cap;
} scan_mcp_config;

/* Whether path is a file MCP clients read their servers from (mcp.json, .cursor/mcp.json, claude_desktop_config.json, ...). */
bool scan_aiasset__is_mcp_config(const char *path);

/*
 * Read a client configuration: JSON, with the // and block comments VS
 * Code allows, servers under "mcpServers" (Claude, Cursor, Cline, Windsurf)
 * or "servers" (VS Code). SCAN_EPARSE for text that is not a JSON object,
 * SCAN_ELIMIT past SCAN_MCP_CONFIG_MAX bytes or SCAN_MCP_SERVERS_MAX servers.
 * scan_aiasset__mcp_config_dispose() in every case.
 */
int scan_aiasset__mcp_config_read(scan_mcp_config *out, const char *text, size_t len, const char *origin);
void scan_aiasset__mcp_config_dispose(scan_mcp_config *c);

#endif
