/*
 * logrot - rotates the appliance logs and compresses old generations.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_GEN 7

struct rotator {
    char *path;
    char *suffix;
    int generations;
};

static void die(const char *fmt, ...)
{
    va_list ap;
    char msg[256];

    va_start(ap, fmt);
    // ok: c.sprintf-unbounded-string
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    // ok: c.format-string-non-literal
    fprintf(stderr, "logrot: %s\n", msg);
    exit(1);
}

static void trace(char *out, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    // expect: c.sprintf-unbounded-string
    vsprintf(out, "[trace] %s", ap);
    va_end(ap);
}

static struct rotator *rotator_new(const char *path)
{
    struct rotator *r = calloc(1, sizeof *r);
    size_t n;

    if (r == NULL)
        die("out of memory");
    n = strlen(path);
    r->path = malloc(n + 8);            /* room for ".N.gz" */
    if (r->path == NULL)
        die("out of memory");
    /* Known limitation: the buffer is sized from strlen(path) through the
       variable n, which the rule cannot see, so this safe copy is reported. */
    // ok: c.strcpy-unbounded
    strcpy(r->path, path);
    r->generations = MAX_GEN;
    return r;
}

static int rotate_one(struct rotator *r, int gen)
{
    char from[512], to[512];

    // ok: c.sprintf-unbounded-string
    snprintf(from, sizeof from, "%s.%d.gz", r->path, gen);
    // ok: c.sprintf-unbounded-string
    snprintf(to, sizeof to, "%s.%d.gz", r->path, gen + 1);
    return rename(from, to);
}

static void fix_permissions(const char *path)
{
    // ok: c.chmod-world-writable
    chmod(path, S_IRUSR | S_IWUSR | S_IRGRP);
}

int main(int argc, char **argv)
{
    struct rotator *r;
    char status[64];

    if (argc < 2)
        die("usage: %s LOGFILE", argv[0]);
    r = rotator_new(argv[1]);
    for (int g = r->generations - 1; g >= 0; g--)
        rotate_one(r, g);
    fix_permissions(r->path);
    trace(status, "rotated %s", r->path);
    // ok: c.format-string-non-literal
    puts(status);
    free(r->path);
    free(r);
    return 0;
}
