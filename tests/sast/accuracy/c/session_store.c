/*
 * Session store for the embedded web console.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>
#include <alloca.h>
#include <sys/random.h>

#define TOKEN_LEN 32
#define MAX_SESSIONS 64

struct session {
    char *user;
    char token[TOKEN_LEN + 1];
    unsigned int csrf_nonce;
    time_t expires;
};

struct store {
    struct session *items;
    size_t count, cap;
    char *log_path;
};

static const char charset[] = "abcdefghijklmnopqrstuvwxyz0123456789";

static void make_session_token(char *out)
{
    // expect: c.srand-time-seed-for-security
    srand((unsigned) time(NULL));
    for (int i = 0; i < TOKEN_LEN; i++)
        // expect: c.rand-for-security
        out[i] = charset[rand() % (sizeof charset - 1)];
    out[TOKEN_LEN] = '\0';
}

static void make_session_token_v2(char *out)
{
    unsigned char raw[TOKEN_LEN];
    // ok: c.rand-for-security
    getrandom(raw, sizeof raw, 0);
    for (int i = 0; i < TOKEN_LEN; i++)
        out[i] = charset[raw[i] % (sizeof charset - 1)];
    out[TOKEN_LEN] = '\0';
}

static int jitter_ms(void)
{
    /* retry back-off only, not security relevant */
    // ok: c.rand-for-security
    return rand() % 250;
}

static int store_add(struct store *st, const char *user)
{
    struct session *s;

    if (st->count == st->cap) {
        st->cap = st->cap ? st->cap * 2 : 8;
        // expect: c.realloc-self-assign
        st->items = realloc(st->items, st->cap * sizeof *st->items);
        if (st->items == NULL)
            return -1;
    }
    s = &st->items[st->count++];
    // expect: c.malloc-strlen-missing-nul
    s->user = malloc(strlen(user));
    strcpy(s->user, user);
    make_session_token_v2(s->token);
    // expect: c.rand-for-security
    s->csrf_nonce = (unsigned) rand();
    s->expires = time(NULL) + 3600;
    return 0;
}

static char *copy_user(const char *user)
{
    // ok: c.malloc-strlen-missing-nul
    char *copy = malloc(strlen(user) + 1);
    if (copy == NULL)
        return NULL;
    // ok: c.strcpy-unbounded
    strcpy(copy, user);
    return copy;
}

static int grow_log(char **buf, size_t *cap)
{
    // ok: c.realloc-self-assign
    char *tmp = realloc(*buf, *cap * 2);
    if (tmp == NULL)
        return -1;
    *buf = tmp;
    *cap *= 2;
    return 0;
}

static void render_header(const char *name, size_t len)
{
    // expect: c.alloca-non-constant-size
    char *line = alloca(len + 16);
    // ok: c.alloca-non-constant-size
    char *pad = alloca(64);
    // ok: c.strncpy-size-from-source
    strncpy(pad, name, 63);
    pad[63] = '\0';
    // expect: c.strncpy-size-from-source
    strncpy(line, name, strlen(name));
    (void) line;
}

static char *read_body(int fd, const char *content_length)
{
    // expect: c.atoi-size
    char *body = malloc(atoi(content_length));
    if (body == NULL)
        return NULL;
    // ok: c.atoi-size
    int port = atoi("8080");
    (void) port;
    return body;
}

static void logout(char *password, size_t n)
{
    // expect: c.secret-memset-before-free
    memset(password, 0, n);
    free(password);
}

static FILE *open_log(struct store *st)
{
    if (access(st->log_path, W_OK) == 0)
        // expect: c.access-then-open-race
        return fopen(st->log_path, "a");
    return NULL;
}

static int open_lock(const char *dir)
{
    char path[256];
    // ok: c.insecure-temp-file-name
    char tmpl[] = "/tmp/console-XXXXXX";
    int fd = mkstemp(tmpl);

    snprintf(path, sizeof path, "%s/console.lock", dir);
    // ok: c.access-then-open-race
    if (access(path, F_OK) != 0)
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
    return fd;
}

static FILE *open_scratch(void)
{
    char name[L_tmpnam];
    // expect: c.insecure-temp-file-name
    if (tmpnam(name) == NULL)
        return NULL;
    return fopen(name, "w+");
}
