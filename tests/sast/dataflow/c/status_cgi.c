/* status.cgi: the operations status page. The web server runs it as a CGI program,
 * so QUERY_STRING, PATH_INFO, PATH_TRANSLATED and every HTTP_* variable hold what
 * the client sent. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "toolkit.h"

static void header(const char *type)
{
    printf("Content-Type: %s\r\n\r\n", type);
}

static void copy_out(FILE *in)
{
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, in)) > 0)
        fwrite(chunk, 1, n, stdout);
}

/* ---- commands ---------------------------------------------------------- */

static int run_status_tool(void)
{
    const char *tool = getenv("HTTP_X_STATUS_TOOL");
    if (tool == NULL)
        return -1;
    header("text/plain");
    // expect: CWE-78
    FILE *p = popen(tool, "r");
    if (p == NULL)
        return -1;
    copy_out(p);
    return pclose(p);
}

static int run_allowed_status_tool(void)
{
    const char *tool = getenv("HTTP_X_STATUS_TOOL");
    if (tool == NULL)
        return -1;
    if (!is_allowed_tool(tool))
        return -1;
    header("text/plain");
    // ok: CWE-78
    FILE *p = popen(tool, "r");
    if (p == NULL)
        return -1;
    copy_out(p);
    return pclose(p);
}

static int ping_host(void)
{
    char cmd[256];
    const char *host = getenv("QUERY_STRING");
    if (host == NULL)
        return -1;
    snprintf(cmd, sizeof cmd, "ping -c 1 -W 2 %s > /dev/null", host);
    header("text/plain");
    // expect: CWE-78
    int rc = system(cmd);
    puts(rc == 0 ? "up" : "down");
    return rc;
}

static int ping_loopback(void)
{
    char cmd[256];
    const char *qs = getenv("QUERY_STRING");
    if (qs == NULL)
        return -1;
    int count = atoi(qs);
    snprintf(cmd, sizeof cmd, "ping -c %d -W 2 127.0.0.1 > /dev/null", count);
    header("text/plain");
    // ok: CWE-78
    int rc = system(cmd);
    puts(rc == 0 ? "up" : "down");
    return rc;
}

static int trace_route(int verbose)
{
    char cmd[256];
    const char *target = verbose ? getenv("HTTP_X_TRACE_TARGET") : "gateway.internal";
    if (target == NULL)
        return -1;
    snprintf(cmd, sizeof cmd, "traceroute -n %s", target);
    header("text/plain");
    // expect: CWE-78
    return system(cmd);
}

static int trace_gateway(int verbose)
{
    char cmd[256];
    const char *target = verbose ? "gateway.internal -q 3" : "gateway.internal";
    snprintf(cmd, sizeof cmd, "traceroute -n %s", target);
    header("text/plain");
    // ok: CWE-78
    return system(cmd);
}

/* ---- files ------------------------------------------------------------- */

static int show_document(void)
{
    const char *doc = getenv("PATH_TRANSLATED");
    if (doc == NULL)
        return -1;
    // expect: CWE-22
    int fd = open(doc, O_RDONLY);
    if (fd < 0)
        return -1;
    header("text/html");
    FILE *in = fdopen(fd, "r");
    copy_out(in);
    return fclose(in);
}

static int show_checked_document(void)
{
    const char *doc = getenv("PATH_TRANSLATED");
    if (doc == NULL)
        return -1;
    if (!is_safe_path(doc))
        return -1;
    // ok: CWE-22
    int fd = open(doc, O_RDONLY);
    if (fd < 0)
        return -1;
    header("text/html");
    FILE *in = fdopen(fd, "r");
    copy_out(in);
    return fclose(in);
}

static int drop_cached_page(void)
{
    char path[512];
    const char *name = cgi_query();
    if (name == NULL)
        return -1;
    snprintf(path, sizeof path, "/var/cache/status/%s", name);
    header("text/plain");
    // expect: CWE-22
    return unlink(path);
}

static int drop_default_page(void)
{
    char path[512];
    const char *name = cgi_default_page();
    snprintf(path, sizeof path, "/var/cache/status/%s", name);
    header("text/plain");
    // ok: CWE-22
    return unlink(path);
}

static int serve_theme(void)
{
    char path[512];
    const char *sheets[2];
    sheets[0] = "default.css";
    sheets[1] = getenv("HTTP_X_THEME");
    if (sheets[1] == NULL)
        return -1;
    snprintf(path, sizeof path, "/srv/www/themes/%s", sheets[1]);
    // expect: CWE-22
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return -1;
    header("text/css");
    copy_out(f);
    return fclose(f);
}

static int serve_default_theme(void)
{
    char path[512];
    const char *sheets[2];
    sheets[0] = "default.css";
    sheets[1] = getenv("HTTP_X_THEME");
    if (sheets[1] == NULL)
        return -1;
    snprintf(path, sizeof path, "/srv/www/themes/%s", sheets[0]);
    // ok: CWE-22
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return -1;
    header("text/css");
    copy_out(f);
    return fclose(f);
}

static int append_access_log(const char *line)
{
    const char *log = "/var/log/status/access.log";
    if (getenv("HTTP_X_DEBUG_LOG") != NULL) {
        log = getenv("HTTP_X_DEBUG_LOG");
    }
    // expect: CWE-22
    FILE *f = fopen(log, "a");
    if (f == NULL)
        return -1;
    fprintf(f, "%s\n", line);
    return fclose(f);
}

static int append_fixed_access_log(const char *line)
{
    const char *log = "/var/log/status/access.log";
    if (0) {
        log = getenv("HTTP_X_DEBUG_LOG");
    }
    // ok: CWE-22
    FILE *f = fopen(log, "a");
    if (f == NULL)
        return -1;
    fprintf(f, "%s\n", line);
    return fclose(f);
}

int main(void)
{
    const char *page = getenv("SCRIPT_NAME");
    if (page == NULL)
        return 1;
    append_access_log(page);
    append_fixed_access_log(page);
    if (strstr(page, "/tool"))
        return run_status_tool() < 0 || run_allowed_status_tool() < 0;
    if (strstr(page, "/ping"))
        return ping_host() != 0 || ping_loopback() != 0;
    if (strstr(page, "/trace"))
        return trace_route(1) != 0 || trace_gateway(1) != 0;
    if (strstr(page, "/doc"))
        return show_document() != 0 || show_checked_document() != 0;
    if (strstr(page, "/purge"))
        return drop_cached_page() != 0 || drop_default_page() != 0;
    if (strstr(page, "/theme"))
        return serve_theme() != 0 || serve_default_theme() != 0;
    header("text/plain");
    puts("not found");
    return 0;
}
