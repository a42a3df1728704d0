/* opsadm: the operators' maintenance tool. It is installed setuid root so that
 * members of the ops group can run maintenance without a root shell; its command
 * line comes from an unprivileged user and must not be trusted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libpq-fe.h>

#include "toolkit.h"

static void usage(void)
{
    fputs("usage: opsadm archive|rotate|ping|ping-default|kick|kick-escaped|export|export-names ARG...\n", stderr);
}

/* ---- commands ---------------------------------------------------------- */

static int run_archive(const char *name)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "tar czf /var/backups/%s.tgz -C /srv/data %s", name, name);
    // expect: CWE-78
    return system(cmd);
}

static int run_rotate(const char *period)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "logrotate -f /etc/logrotate.d/%s", period);
    // ok: CWE-78
    return system(cmd);
}

static int ping_peer(int argc, char **argv)
{
    char cmd[256];
    if (argc < 3)
        return 2;
    char *host = str_trim_dup(argv[2]);
    if (host == NULL)
        return 1;
    snprintf(cmd, sizeof cmd, "ping -c 3 %s", host);
    free(host);
    // expect: CWE-78
    return system(cmd);
}

static int ping_default_peer(int argc, char **argv)
{
    char cmd[256];
    (void)argc;
    (void)argv;
    char *host = str_default_host();
    if (host == NULL)
        return 1;
    snprintf(cmd, sizeof cmd, "ping -c 3 %s", host);
    free(host);
    // ok: CWE-78
    return system(cmd);
}

/* ---- database ---------------------------------------------------------- */

static int kick_user(PGconn *conn, int argc, char **argv)
{
    char q[512] = "DELETE FROM sessions WHERE username = '";
    if (argc < 3)
        return 2;
    strcat(q, argv[2]);
    strcat(q, "'");
    // expect: CWE-89
    PGresult *res = PQexec(conn, q);
    int ok = PQresultStatus(res) == PGRES_COMMAND_OK;
    PQclear(res);
    return !ok;
}

static int kick_user_escaped(PGconn *conn, int argc, char **argv)
{
    char q[512] = "DELETE FROM sessions WHERE username = ";
    if (argc < 3)
        return 2;
    char *lit = PQescapeLiteral(conn, argv[2], strlen(argv[2]));
    if (lit == NULL)
        return 1;
    strcat(q, lit);
    PQfreemem(lit);
    // ok: CWE-89
    PGresult *res = PQexec(conn, q);
    int ok = PQresultStatus(res) == PGRES_COMMAND_OK;
    PQclear(res);
    return !ok;
}

static int export_column(PGconn *conn, int argc, char **argv)
{
    char sql[256];
    const char *cols[3] = {"username", "email", NULL};
    if (argc < 3)
        return 2;
    cols[2] = argv[2];
    snprintf(sql, sizeof sql, "SELECT %s FROM accounts ORDER BY 1", cols[2]);
    // expect: CWE-89
    PGresult *res = PQexec(conn, sql);
    for (int i = 0; i < PQntuples(res); i++)
        puts(PQgetvalue(res, i, 0));
    PQclear(res);
    return 0;
}

static int export_names(PGconn *conn, int argc, char **argv)
{
    char sql[256];
    const char *cols[3] = {"username", "email", NULL};
    if (argc < 3)
        return 2;
    cols[2] = argv[2];
    snprintf(sql, sizeof sql, "SELECT %s FROM accounts ORDER BY 1", cols[0]);
    // ok: CWE-89
    PGresult *res = PQexec(conn, sql);
    for (int i = 0; i < PQntuples(res); i++)
        puts(PQgetvalue(res, i, 0));
    PQclear(res);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage();
        return 2;
    }
    const char *verb = argv[1];
    if (strcmp(verb, "archive") == 0)
        return argc < 3 ? 2 : run_archive(argv[2]);
    if (strcmp(verb, "rotate") == 0)
        return run_rotate("weekly");
    if (strcmp(verb, "ping") == 0)
        return ping_peer(argc, argv);
    if (strcmp(verb, "ping-default") == 0)
        return ping_default_peer(argc, argv);

    PGconn *conn = PQconnectdb("dbname=ops user=opsadm");
    if (PQstatus(conn) != CONNECTION_OK) {
        fprintf(stderr, "opsadm: %s", PQerrorMessage(conn));
        return 1;
    }
    int rc = 2;
    if (strcmp(verb, "kick") == 0)
        rc = kick_user(conn, argc, argv);
    else if (strcmp(verb, "kick-escaped") == 0)
        rc = kick_user_escaped(conn, argc, argv);
    else if (strcmp(verb, "export") == 0)
        rc = export_column(conn, argc, argv);
    else if (strcmp(verb, "export-names") == 0)
        rc = export_names(conn, argc, argv);
    else
        usage();
    PQfinish(conn);
    return rc;
}
