/* server/server.c - start and stop: the store, the signing key, the rate limiter, civetweb */
#include <civetweb.h>
#include <errno.h>
#include <fcntl.h>
#include <openssl/crypto.h>
#include <openssl/ssl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core.h"
#include "scan/seal.h"

void srv_config_defaults(srv_config *cfg)
{
	if (!cfg->listen)
		cfg->listen = "127.0.0.1:8080";
	if (!cfg->http_threads)
		cfg->http_threads = 16;
	if (!cfg->token_ttl)
		cfg->token_ttl = 8 * 3600;
	if (!cfg->rate_default)
		cfg->rate_default = 500;
	if (!cfg->rate_trigger)
		cfg->rate_trigger = 10;
	if (!cfg->rate_login)
		cfg->rate_login = 10;
	if (!cfg->environment)
		cfg->environment = "production";
}

static int fail(const char *fmt, const char *a, const char *b) __attribute__((format(printf, 1, 0)));

/* One line on standard error; fmt takes up to two strings. Returns the exit code 2. */
static int fail(const char *fmt, const char *a, const char *b)
{
	fputs("rampart serve: ", stderr);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	fprintf(stderr, fmt, a, b);
#pragma GCC diagnostic pop
	fputc('\n', stderr);
	return 2;
}

/*
 * The HS256 key: 32 random bytes in a file only this user may read. Made at
 * the first start; a file others can read or write is refused, since
 * whoever reads it can sign in as anyone.
 */
/* A key file of the data directory (or the configuration's), made 0600 at the first start. */
static int load_key(unsigned char *key, size_t len, const char *given, const char *data_dir, const char *name)
{
	char path[4096];

	if (given)
		snprintf(path, sizeof(path), "%s", given);
	else
		snprintf(path, sizeof(path), "%s/%s", data_dir, name);
	if (scan_key_file(key, len, path, true) != 0)
		return fail("%s%s", scan_error_last()->message, "");
	return 0;
}

static int open_store(srv *s)
{
	scan_store_options o = SCAN_STORE_OPTIONS_INIT;
	int rc;

	if (!s->cfg.database)
		return fail("no database: give --db FILE or --database-url URL%s%s", "", "");
	if ((rc = scan_store_open_ext(&s->store, s->cfg.database, &o)) != 0)
		return fail("cannot open the database: %s%s", scan_error_last()->message, "");
	return 0;
}


static int prepare(srv *s, const srv_config *cfg)
{
	int rc;

	memset(s, 0, sizeof(*s));
	s->cfg = *cfg;
	srv_config_defaults(&s->cfg);
	pthread_mutex_init(&s->log_lock, NULL);
	if (!s->cfg.data_dir)
		return fail("no data directory: give --data-dir DIR%s%s", "", "");
	if (s->cfg.tls_cert) {
		char err[512];
		void *ctx;
		if (srv_tls_context(&ctx, s->cfg.tls_cert, s->cfg.tls_key, err, sizeof(err)) != 0)
			return fail("%s%s", err, "");
		SSL_CTX_free(ctx);
	}
	if (mkdir(s->cfg.data_dir, 0700) != 0 && errno != EEXIST)
		return fail("cannot create the data directory '%s': %s", s->cfg.data_dir, strerror(errno));
	/* The tokens' signing key, and the key that seals provider tokens for the workers (rampart worker --token-key). */
	if ((rc = load_key(s->jwt_key, sizeof(s->jwt_key), s->cfg.jwt_key_file, s->cfg.data_dir, "jwt.key")) != 0 ||
	    (rc = load_key(s->token_key, sizeof(s->token_key), s->cfg.token_key_file, s->cfg.data_dir, "token.key")) != 0 ||
	    (rc = open_store(s)) != 0)
		return rc;
	if (scan_addr_classes_parse(&s->notify_allow, s->cfg.notify_allow_targets) != 0)
		return fail("notify_allow_targets: %s%s", scan_error_last()->message, "");
	if (srv_rate_init(&s->rate, &s->cfg) != 0)
		return fail("out of memory%s%s", "", "");
	if (!s->cfg.access_log)
		s->access_log = stderr;
	else if (!strcmp(s->cfg.access_log, "-"))
		s->access_log = stdout;
	else if (!(s->access_log = fopen(s->cfg.access_log, "ae")))
		return fail("cannot open the access log '%s': %s", s->cfg.access_log, strerror(errno));
	return 0;
}

static void release(srv *s)
{
	if (s->access_log && s->access_log != stderr && s->access_log != stdout)
		fclose(s->access_log);
	srv_rate_dispose(&s->rate);
	scan_store_free(s->store);
	OPENSSL_cleanse(s->jwt_key, sizeof(s->jwt_key));
	OPENSSL_cleanse(s->token_key, sizeof(s->token_key));
	pthread_mutex_destroy(&s->log_lock);
}

int srv_check(const srv_config *cfg)
{
	srv s;
	int rc = prepare(&s, cfg);

	release(&s);
	return rc;
}

/*
 * "127.0.0.1:8080" as civetweb wants it; a bare port listens on loopback
 * only. Under TLS civetweb takes a free loopback port and the TLS
 * listener the configured address.
 */
static int listen_spec(char *out, size_t outlen, const char *address)
{
	bool bare = strspn(address, "0123456789") == strlen(address);
	int n = snprintf(out, outlen, "%s%s", bare ? "127.0.0.1:" : "", address);

	return n < 0 || (size_t)n >= outlen || !strchr(out, ':') ? -1 : 0;
}

/* civetweb's own messages (a failed TLS handshake, a bad request line) go to the error stream once. */
static int log_message(const struct mg_connection *conn, const char *message)
{
	(void)conn;
	fprintf(stderr, "rampart serve: %s\n", message);
	return 1;
}

int srv_run(const srv_config *cfg, volatile sig_atomic_t *stop)
{
	struct mg_callbacks cb;
	char ports[128], public[128], threads[16], err[512];
	const char *options[32];
	struct mg_server_port bound[4];
	size_t k = 0;
	srv s;
	int rc, n, port;

	/* PostgreSQL: the users and scans every request reads, kept until the database announces their change. */
	if ((rc = prepare(&s, cfg)) != 0 ||
	    (scan_store_cache_start(s.store) != 0 &&
	     (rc = fail("cannot start the store's cache: %s%s", scan_error_last()->message, "")) != 0)) {
		release(&s);
		return rc;
	}
	if (listen_spec(public, sizeof(public), s.cfg.listen) != 0 ||
	    listen_spec(ports, sizeof(ports), s.cfg.tls_cert ? "127.0.0.1:0" : s.cfg.listen) != 0) {
		release(&s);
		return fail("cannot listen on '%s': give ADDRESS:PORT%s", s.cfg.listen, "");
	}
	mg_init_library(0);
	snprintf(threads, sizeof(threads), "%u", s.cfg.http_threads);
	options[k++] = "listening_ports", options[k++] = ports;
	options[k++] = "num_threads", options[k++] = threads;
	options[k++] = "request_timeout_ms", options[k++] = "30000";
	options[k++] = "enable_keep_alive", options[k++] = "yes";
	options[k++] = "decode_url", options[k++] = "yes";
	/* Headers and body leave in two writes: without this, Nagle and delayed ACKs cost 40 ms a response. */
	options[k++] = "tcp_nodelay", options[k++] = "1";
	/* civetweb would answer CORS preflights itself, allowing every origin: CORS is ours (http.c), off by default. */
	options[k++] = "access_control_allow_origin", options[k++] = "";
	options[k++] = "access_control_allow_methods", options[k++] = "";
	options[k] = NULL;
	memset(&cb, 0, sizeof(cb));
	cb.log_message = log_message;
	s.stop = stop;
	/* Before the listener: a request may offer issues as soon as it can be served. */
	if (srv_enrich_start(&s) != 0) {
		release(&s);
		return fail("cannot start AI remediation%s%s", "", "");
	}
	if (!(s.ctx = mg_start(&cb, &s, options))) {
		srv_enrich_join(&s);
		release(&s);
		return fail("cannot listen on '%s' (in use, or not an address of this machine)%s", s.cfg.listen, "");
	}
	mg_set_request_handler(s.ctx, "/", srv_http_request, &s);
	if (srv_workers_start(&s) != 0) {
		*stop = 1;
		srv_workers_join(&s);
		mg_stop(s.ctx);
		srv_enrich_join(&s);
		release(&s);
		return fail("cannot start the scan workers%s%s", "", "");
	}
	n = mg_get_server_ports(s.ctx, 4, bound);
	port = n > 0 ? bound[0].port : 0;
	if (s.cfg.tls_cert && srv_tls_start(&s, public, port, &port, err, sizeof(err)) != 0) {
		*stop = 1;
		mg_stop(s.ctx);
		srv_enrich_join(&s);
		srv_workers_join(&s);
		release(&s);
		return fail("%s%s", err, "");
	}
	{
		/* The port the system chose for port 0: scripts and tests read it from this line. */
		char host[128];
		const char *colon = strrchr(public, ':');
		snprintf(host, sizeof(host), "%.*s", colon ? (int)(colon - public) : 0, public);
		fprintf(stderr, "rampart serve: listening on %s://%s:%d\n", s.cfg.tls_cert ? "https" : "http", host, port);
	}
	fflush(stderr);
	while (!*stop)
		usleep(100 * 1000);
	/* No new HTTPS connections; mg_stop waits for the requests in flight; the workers finish or give their scans back. */
	srv_tls_stop(&s);
	mg_stop(s.ctx);
	srv_enrich_join(&s);
	srv_workers_join(&s);
	mg_exit_library();
	release(&s);
	return 0;
}
