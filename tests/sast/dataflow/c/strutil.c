/* String helpers and input checks shared by the tools. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "toolkit.h"

/* A heap copy of s without leading and trailing blanks. */
char *str_trim_dup(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
        n--;
    char *out = malloc(n + 1);
    if (out == NULL)
        return NULL;
    memcpy(out, s, n);
    out[n] = '\0';
    return out;
}

/* The host the tools talk to when none is configured. */
char *str_default_host(void)
{
    return strdup("localhost");
}

int is_allowed_tool(const char *tool)
{
    static const char *const tools[] = {"uptime", "df -h", "free -m", NULL};
    for (size_t i = 0; tools[i] != NULL; i++)
        if (strcmp(tool, tools[i]) == 0)
            return 1;
    return 0;
}

int is_safe_filename(const char *name)
{
    if (name[0] == '\0' || name[0] == '.')
        return 0;
    for (const char *p = name; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_' && *p != '.')
            return 0;
    return strstr(name, "..") == NULL;
}

int is_safe_path(const char *path)
{
    if (path[0] != '/' || strstr(path, "..") != NULL)
        return 0;
    return strncmp(path, "/srv/www/", 9) == 0;
}

int is_valid_username(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > 32)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!islower((unsigned char)name[i]) && !isdigit((unsigned char)name[i]) && name[i] != '_')
            return 0;
    return 1;
}
