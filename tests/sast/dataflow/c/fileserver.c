/* fileserverd: a small TCP file and job service for the build farm. A client sends
 * a one-byte opcode followed by the argument of the request; everything read from
 * the socket comes from the network. */
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <syslog.h>
#include <unistd.h>

#define FILE_ROOT "/srv/files"

struct job_req {
    char user[64];
    char action[32];
};

struct upload {
    char name[128];
    char tmp[64];
};

static void send_stream(int fd, FILE *in)
{
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, in)) > 0)
        send(fd, chunk, n, 0);
}

/* ---- commands ---------------------------------------------------------- */

static int handle_grep(int fd)
{
    char pattern[128];
    char cmd[512] = "grep -c -- ";
    ssize_t n = recv(fd, pattern, sizeof pattern - 1, 0);
    if (n <= 0)
        return -1;
    pattern[n] = '\0';
    strcat(cmd, pattern);
    strcat(cmd, " /var/log/app.log");
    // expect: CWE-78
    FILE *p = popen(cmd, "r");
    if (p == NULL)
        return -1;
    send_stream(fd, p);
    return pclose(p);
}

static int handle_linecount(int fd)
{
    char pattern[128];
    char cmd[512] = "grep -c -- ";
    ssize_t n = recv(fd, pattern, sizeof pattern - 1, 0);
    if (n <= 0)
        return -1;
    pattern[n] = '\0';
    strcat(cmd, pattern);
    strcat(cmd, " /var/log/app.log");
    syslog(LOG_INFO, "grep disabled, was asked for: %s", cmd);
    snprintf(cmd, sizeof cmd, "wc -l /var/log/app.log");
    // ok: CWE-78
    FILE *p = popen(cmd, "r");
    if (p == NULL)
        return -1;
    send_stream(fd, p);
    return pclose(p);
}

static int handle_job_list(int fd, int op)
{
    struct job_req req;
    char cmd[256];
    ssize_t n = recv(fd, req.user, sizeof req.user - 1, 0);
    if (n <= 0)
        return -1;
    req.user[n] = '\0';
    strcpy(req.action, op == 1 ? "status" : "restart");
    snprintf(cmd, sizeof cmd, "sudo -u %s /usr/local/bin/jobctl list", req.user);
    // expect: CWE-78
    return system(cmd);
}

static int handle_job_service(int fd, int op)
{
    struct job_req req;
    char cmd[256];
    ssize_t n = recv(fd, req.user, sizeof req.user - 1, 0);
    if (n <= 0)
        return -1;
    req.user[n] = '\0';
    strcpy(req.action, op == 1 ? "status" : "restart");
    snprintf(cmd, sizeof cmd, "systemctl %s jobs.service", req.action);
    // ok: CWE-78
    return system(cmd);
}

static int handle_hook(int fd)
{
    char buf[256];
    const char *script = "/usr/local/bin/healthcheck";
    ssize_t n = read(fd, buf, sizeof buf - 1);
    if (n < 0)
        return -1;
    buf[n] = '\0';
    if (n > 1) {
        script = buf;
    }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd, STDOUT_FILENO);
        // expect: CWE-78
        execl("/bin/sh", "sh", "-c", script, (char *)NULL);
        _exit(127);
    }
    return pid < 0 ? -1 : 0;
}

static int handle_healthcheck(int fd)
{
    char buf[256];
    const char *script = "/usr/local/bin/healthcheck";
    ssize_t n = read(fd, buf, sizeof buf - 1);
    if (n < 0)
        return -1;
    buf[n] = '\0';
    if (0) {
        script = buf;
    }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd, STDOUT_FILENO);
        // ok: CWE-78
        execl("/bin/sh", "sh", "-c", script, (char *)NULL);
        _exit(127);
    }
    return pid < 0 ? -1 : 0;
}

/* ---- files ------------------------------------------------------------- */

static int handle_get(int fd)
{
    char name[256], path[512];
    ssize_t n = recv(fd, name, sizeof name - 1, 0);
    if (n <= 0)
        return -1;
    name[n] = '\0';
    snprintf(path, sizeof path, FILE_ROOT "/%s", name);
    // expect: CWE-22
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return -1;
    send_stream(fd, f);
    return fclose(f);
}

static int handle_get_checked(int fd)
{
    char name[256], path[512];
    ssize_t n = recv(fd, name, sizeof name - 1, 0);
    if (n <= 0)
        return -1;
    name[n] = '\0';
    if (strstr(name, "..") != NULL)
        return -1;
    snprintf(path, sizeof path, FILE_ROOT "/%s", name);
    // ok: CWE-22
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return -1;
    send_stream(fd, f);
    return fclose(f);
}

static int handle_motd(int fd)
{
    char name[256], path[512];
    ssize_t n = recv(fd, name, sizeof name - 1, 0);
    if (n <= 0)
        return -1;
    name[n] = '\0';
    snprintf(path, sizeof path, FILE_ROOT "/%s", name);
    syslog(LOG_INFO, "motd requested as %s", path);
    snprintf(path, sizeof path, FILE_ROOT "/motd.txt");
    // ok: CWE-22
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return -1;
    send_stream(fd, f);
    return fclose(f);
}

static int handle_put(int fd)
{
    struct upload up;
    char path[512], chunk[4096];
    ssize_t n = recv(fd, up.name, sizeof up.name - 1, 0);
    if (n <= 0)
        return -1;
    up.name[n] = '\0';
    strcpy(up.tmp, "upload.part");
    snprintf(path, sizeof path, "/srv/uploads/%s", up.name);
    // expect: CWE-22
    int out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0640);
    if (out < 0)
        return -1;
    while ((n = recv(fd, chunk, sizeof chunk, 0)) > 0)
        write(out, chunk, (size_t)n);
    return close(out);
}

static int handle_abort_upload(int fd)
{
    struct upload up;
    char path[512];
    ssize_t n = recv(fd, up.name, sizeof up.name - 1, 0);
    if (n <= 0)
        return -1;
    up.name[n] = '\0';
    strcpy(up.tmp, "upload.part");
    snprintf(path, sizeof path, "/srv/uploads/%s", up.tmp);
    // ok: CWE-22
    return unlink(path);
}

static int handle_index(int fd)
{
    char name[256], path[512];
    ssize_t n = recv(fd, name, sizeof name - 1, 0);
    if (n < 0)
        return -1;
    name[n] = '\0';
    const char *file = n > 1 ? name : "index.html";
    snprintf(path, sizeof path, FILE_ROOT "/%s", file);
    // expect: CWE-22
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return -1;
    send_stream(fd, f);
    return fclose(f);
}

static int handle_default_index(int fd)
{
    char name[256], path[512];
    ssize_t n = recv(fd, name, sizeof name - 1, 0);
    if (n < 0)
        return -1;
    name[n] = '\0';
    const char *file = n > 1 ? "index.html" : "default.html";
    snprintf(path, sizeof path, FILE_ROOT "/%s", file);
    // ok: CWE-22
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return -1;
    send_stream(fd, f);
    return fclose(f);
}

static FILE *open_under_root(const char *rel)
{
    char path[512];
    snprintf(path, sizeof path, FILE_ROOT "/%s", rel);
    // expect: CWE-22
    return fopen(path, "r");
}

static const char *banner_name(const char *requested)
{
    (void)requested;
    return "banner.txt";
}

static int handle_download(int fd)
{
    char name[256];
    ssize_t n = recv(fd, name, sizeof name - 1, 0);
    if (n <= 0)
        return -1;
    name[n] = '\0';
    FILE *f = open_under_root(name);
    if (f == NULL)
        return -1;
    send_stream(fd, f);
    return fclose(f);
}

static int handle_banner(int fd)
{
    char name[256], path[512];
    ssize_t n = recv(fd, name, sizeof name - 1, 0);
    if (n <= 0)
        return -1;
    name[n] = '\0';
    snprintf(path, sizeof path, FILE_ROOT "/%s", banner_name(name));
    // ok: CWE-22
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return -1;
    send_stream(fd, f);
    return fclose(f);
}

static void serve(int fd)
{
    unsigned char op;
    if (recv(fd, &op, 1, 0) != 1)
        return;
    switch (op) {
    case 'g': handle_grep(fd); break;
    case 'l': handle_linecount(fd); break;
    case 'j': handle_job_list(fd, 1); break;
    case 's': handle_job_service(fd, 2); break;
    case 'h': handle_hook(fd); break;
    case 'H': handle_healthcheck(fd); break;
    case 'G': handle_get(fd); break;
    case 'C': handle_get_checked(fd); break;
    case 'm': handle_motd(fd); break;
    case 'P': handle_put(fd); break;
    case 'A': handle_abort_upload(fd); break;
    case 'i': handle_index(fd); break;
    case 'I': handle_default_index(fd); break;
    case 'D': handle_download(fd); break;
    case 'b': handle_banner(fd); break;
    default: break;
    }
}

int main(void)
{
    struct sockaddr_in addr;
    int one = 1;
    int srv = socket(AF_INET, SOCK_STREAM, 0);
    if (srv < 0)
        return 1;
    setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons(7070);
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    if (bind(srv, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(srv, 16) < 0)
        return 1;
    for (;;) {
        int c = accept(srv, NULL, NULL);
        if (c < 0)
            continue;
        serve(c);
        close(c);
    }
}
