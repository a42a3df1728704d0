/*
 * useradm - small administration helper for the billing appliance.
 * Reads commands from stdin, manages local accounts and spool files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>
#include <sys/stat.h>
#include <mysql.h>

#define SPOOL_DIR "/var/spool/billing"
#define BANNER "useradm 2.3 ready\n"
#define ADMIN_USER "admin"
// expect: c.hardcoded-password
#define ADMIN_PASSWORD "Bill1ng#Adm1n"
// ok: c.hardcoded-password
#define PASSWORD_ENV "USERADM_DB_PASSWORD"

// ok: c.hardcoded-password
static const char *password_prompt = "Password: ";

struct account {
    char login[32];
    char home[128];
    int uid;
};

static void log_event(const char *who, const char *what)
{
    // ok: c.format-string-non-literal
    syslog(LOG_INFO, "%s: %s", who, what);
    // expect: c.format-string-non-literal
    syslog(LOG_NOTICE, what);
}

static int read_account(struct account *acc)
{
    char line[256];
    char shell[64];

    printf("%s", password_prompt);
    // ok: c.gets
    if (fgets(line, sizeof line, stdin) == NULL)
        return -1;
    // expect: c.scanf-unbounded-string
    if (sscanf(line, "%31s %s %d", acc->login, shell, &acc->uid) != 3)
        return -1;
    // ok: c.scanf-unbounded-string
    if (sscanf(line, "%31s %63s", acc->login, shell) != 2)
        return -1;
    // expect: c.sprintf-unbounded-string
    sprintf(acc->home, "/home/%s", acc->login);
    return 0;
}

static void legacy_read(char *buf)
{
    // expect: c.gets
    gets(buf);
}

static void set_motd(const char *text)
{
    char motd[80];
    char tag[16];

    // ok: c.strcpy-unbounded
    strcpy(tag, "[motd] ");
    // expect: c.strcpy-unbounded
    strcpy(motd, text);
    // ok: c.sprintf-unbounded-string
    sprintf(tag, "#%04d", 12);
    // ok: c.format-string-non-literal
    printf(BANNER);
    // expect: c.format-string-non-literal
    printf(motd);
}

static int archive_user(const char *login)
{
    char cmd[256];

    snprintf(cmd, sizeof cmd, "tar czf %s/%s.tgz /home/%s", SPOOL_DIR, login, login);
    // expect: c.command-injection
    if (system(cmd) != 0)
        return -1;
    // ok: c.command-injection
    return system("sync");
}

static void publish_report(const char *path)
{
    // ok: c.chmod-world-writable
    chmod(path, 0640);
    // expect: c.chmod-world-writable
    chmod(SPOOL_DIR, 0777);
}

static void drop_privileges(uid_t uid, gid_t gid)
{
    // ok: c.setuid-unchecked
    if (setgid(gid) != 0) {
        perror("setgid");
        exit(1);
    }
    // expect: c.setuid-unchecked
    setuid(uid);
}

static MYSQL *open_db(MYSQL *m)
{
    const char *pw = getenv(PASSWORD_ENV);
    // ok: c.hardcoded-password
    return mysql_real_connect(m, "localhost", ADMIN_USER, pw, "billing", 0, NULL, 0);
}

int main(void)
{
    struct account acc;
    char scratch[64];

    openlog("useradm", LOG_PID, LOG_AUTH);
    if (read_account(&acc) != 0)
        return 1;
    legacy_read(scratch);
    set_motd(scratch);
    log_event(acc.login, "account loaded");
    archive_user(acc.login);
    publish_report("/var/spool/billing/report.txt");
    drop_privileges(acc.uid, acc.uid);
    open_db(mysql_init(NULL));
    return 0;
}
