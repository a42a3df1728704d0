/* server/core.h - the running server, as http.c, server.c and the rate limiter see it */
#ifndef RAMPART_SERVER_CORE_H
#define RAMPART_SERVER_CORE_H

#include <pthread.h>
#include <stdio.h>
#include "auth.h"
#include "scan/map.h"
#include "scan/seal.h"
#include "srv.h"

/* Fixed windows of a minute per (class, client address). */
typedef struct {
	char key[64];                 /* class digit, '|', address */
	time_t window;                /* the minute it counts */
	unsigned count;
} srv_rate_slot;

#define SRV_RATE_CLIENTS_MAX 65536

typedef struct {
	pthread_mutex_t lock;
	scan_map index;               /* key -> slot */
	srv_rate_slot *slots;         /* SRV_RATE_CLIENTS_MAX, allocated once: the map borrows their keys */
	size_t used;
	unsigned per_minute[SRV_RATE_CLASSES];
} srv_rate_limiter;

int srv_rate_init(srv_rate_limiter *rl, const srv_config *cfg);
void srv_rate_dispose(srv_rate_limiter *rl);
/* Count one request of ip in class; 0 when allowed, else the seconds until it would be. */
unsigned srv_rate_take(srv_rate_limiter *rl, srv_rate cls, const char *ip, time_t now);

struct srv {
	srv_config cfg;
	scan_store *store;
	unsigned char jwt_key[SRV_JWT_KEY_BYTES];
	unsigned char token_key[SCAN_SEAL_KEY_BYTES]; /* seals the trigger's provider token for the worker that clones */
	srv_rate_limiter rate;
	FILE *access_log;
	pthread_mutex_t log_lock;
	struct mg_context *ctx;
	pthread_t *workers;           /* cfg.workers scan workers */
	size_t nworkers;
	pthread_t scheduler;          /* fires due scheduled scans, when there are workers */
	bool has_scheduler;
	pthread_t notifier;           /* queues and delivers outbound notifications */
	bool has_notifier;
	unsigned notify_allow;        /* cfg.notify_allow_targets as scan_addr_class bits */
	volatile sig_atomic_t *stop;
	struct srv_enricher *enrich;  /* NULL: AI remediation is not configured */
	struct srv_tls *tls;          /* NULL: plain HTTP */
};

/*
 * HTTPS (tls.c): a TLS listener on the configured address relaying each
 * connection to civetweb, which listens on loopback only. srv_tls_context()
 * checks a certificate and key (*out an SSL_CTX to free with SSL_CTX_free);
 * srv_tls_client() names the client a relay's local port stands for.
 */
int srv_tls_context(void **out, const char *cert, const char *key, char *err, size_t errlen);
int srv_tls_start(srv *s, const char *spec, int backend_port, int *bound, char *err, size_t errlen);
void srv_tls_stop(srv *s);
bool srv_tls_client(srv *s, int port, char *ip, size_t iplen);

/* The notification options of this server (workers.c): the webhook routes and the notifier share them. */
scan_notify_options srv_notify_options(const srv *s, const char *owner);

/* The scan workers of this process (workers.c): started after the listener, joined at the stop. */
int srv_workers_start(srv *s);
void srv_workers_join(srv *s);

/*
 * AI remediation (enrich.c): a thread that asks the configured endpoint
 * about issues offered by reads, one at a time; started after the
 * listener, joined at the stop. Offering never blocks a read.
 */
int srv_enrich_start(srv *s);
void srv_enrich_join(srv *s);
void srv_enrich_offer(srv *s, int64_t org, const scan_finding_list *l);

/* The route table: every family's routes (routes.c). */
extern const srv_route *const srv_families[];
/* The route matching method and path, filling r's parameters; *path_known when some route has the path. */
const srv_route *srv_route_match(srv_req *r, srv_method method, const char *path, bool *path_known);
const char *srv_method_name(srv_method m);

/* Authentication (auth.c): resolve r->who from the request's credential; 0, or the 401 status after answering. */
int srv_authenticate(srv_req *r);

/* The OpenAPI 3.1 document of the route table (openapi.c). */
int srv_openapi(scan_buf *out);

/* civetweb's handler for every request (http.c). */
struct mg_connection;
int srv_http_request(struct mg_connection *conn, void *data);

/* The access log line of a finished request. */
void srv_access_log(srv *s, const srv_req *r, double ms);

#endif
