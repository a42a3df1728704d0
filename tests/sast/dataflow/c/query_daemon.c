/* eventqd: answers event-log queries for the dashboard over TCP. Each request is
 * one recv() of the client's argument; the data comes from the network. */
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <mysql.h>

struct query_req {
    char table[32];
    char filter[128];
};

static void send_result(int fd, MYSQL *conn)
{
    MYSQL_RES *res = mysql_store_result(conn);
    MYSQL_ROW row;
    if (res == NULL)
        return;
    while ((row = mysql_fetch_row(res)) != NULL) {
        send(fd, row[0] ? row[0] : "", row[0] ? strlen(row[0]) : 0, 0);
        send(fd, "\n", 1, 0);
    }
    mysql_free_result(res);
}

static int handle_search(int fd, MYSQL *conn)
{
    struct query_req q;
    char sql[512];
    ssize_t n = recv(fd, q.filter, sizeof q.filter - 1, 0);
    if (n <= 0)
        return -1;
    q.filter[n] = '\0';
    strcpy(q.table, "events");
    snprintf(sql, sizeof sql, "SELECT msg FROM %s WHERE msg LIKE '%%%s%%'", q.table, q.filter);
    // expect: CWE-89
    if (mysql_query(conn, sql) != 0)
        return -1;
    send_result(fd, conn);
    return 0;
}

static int handle_count(int fd, MYSQL *conn)
{
    struct query_req q;
    char sql[512];
    ssize_t n = recv(fd, q.filter, sizeof q.filter - 1, 0);
    if (n <= 0)
        return -1;
    q.filter[n] = '\0';
    strcpy(q.table, "events");
    snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", q.table);
    // ok: CWE-89
    if (mysql_query(conn, sql) != 0)
        return -1;
    send_result(fd, conn);
    return 0;
}

static int handle_recent(int fd, MYSQL *conn)
{
    char buf[64], sql[256];
    ssize_t n = recv(fd, buf, sizeof buf - 1, 0);
    if (n < 0)
        return -1;
    buf[n] = '\0';
    const char *order = n > 1 ? buf : "created_at";
    snprintf(sql, sizeof sql, "SELECT msg FROM events ORDER BY %s DESC LIMIT 50", order);
    // expect: CWE-89
    if (mysql_query(conn, sql) != 0)
        return -1;
    send_result(fd, conn);
    return 0;
}

static int handle_recent_updates(int fd, MYSQL *conn)
{
    char buf[64], sql[256];
    ssize_t n = recv(fd, buf, sizeof buf - 1, 0);
    if (n < 0)
        return -1;
    buf[n] = '\0';
    const char *order = n > 1 ? "updated_at" : "created_at";
    snprintf(sql, sizeof sql, "SELECT msg FROM events ORDER BY %s DESC LIMIT 50", order);
    // ok: CWE-89
    if (mysql_query(conn, sql) != 0)
        return -1;
    send_result(fd, conn);
    return 0;
}

int main(void)
{
    struct sockaddr_in addr;
    MYSQL *conn = mysql_init(NULL);
    if (mysql_real_connect(conn, "localhost", "eventq", NULL, "events", 0, NULL, 0) == NULL)
        return 1;
    int srv = socket(AF_INET, SOCK_STREAM, 0);
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons(7171);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (srv < 0 || bind(srv, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(srv, 8) < 0)
        return 1;
    for (;;) {
        char op;
        int c = accept(srv, NULL, NULL);
        if (c < 0)
            continue;
        if (recv(c, &op, 1, 0) == 1) {
            if (op == 's')
                handle_search(c, conn);
            else if (op == 'c')
                handle_count(c, conn);
            else if (op == 'r')
                handle_recent(c, conn);
            else if (op == 'u')
                handle_recent_updates(c, conn);
        }
        close(c);
    }
}
