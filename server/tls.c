/* server/tls.c - HTTPS: OpenSSL terminates TLS and relays each connection to civetweb on loopback */
#define _GNU_SOURCE /* accept4 */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include "core.h"

/*
 * civetweb's own TLS loads OpenSSL by name and calls functions OpenSSL 3
 * no longer has (Debian 12's civetweb 1.15), so HTTPS is done here: a
 * thread per connection, at most TLS_CONNECTIONS of them, each relaying
 * bytes between the TLS client and a plain connection to civetweb on
 * 127.0.0.1. civetweb then sees a loopback peer; the relay's local port
 * says which client it stands for (srv_tls_client()).
 */
#define TLS_CONNECTIONS 256
#define TLS_HANDSHAKE_MS 10000
#define TLS_IDLE_S 120
#define TLS_CHUNK 16384

typedef struct {
	int port;                 /* the relay's local port towards civetweb; 0: free */
	char ip[64];
} tls_peer;

struct srv_tls {
	SSL_CTX *ctx;
	int listen_fd;
	int backend_port;
	pthread_t acceptor;
	atomic_bool stopping;
	atomic_int active;
	pthread_mutex_t lock;
	tls_peer peers[TLS_CONNECTIONS];
};

typedef struct {
	struct srv_tls *t;
	int fd;
	char ip[64];
} tls_conn;

int srv_tls_context(void **out, const char *cert, const char *key, char *err, size_t errlen)
{
	SSL_CTX *ctx = SSL_CTX_new(TLS_server_method());
	unsigned long e;

	*out = NULL;
	if (!ctx) {
		snprintf(err, errlen, "cannot make a TLS context");
		return -1;
	}
	SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
	SSL_CTX_set_options(ctx, SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE);
	if (SSL_CTX_use_certificate_chain_file(ctx, cert) != 1 ||
	    SSL_CTX_use_PrivateKey_file(ctx, key ? key : cert, SSL_FILETYPE_PEM) != 1 || SSL_CTX_check_private_key(ctx) != 1) {
		e = ERR_get_error();
		snprintf(err, errlen, "cannot use the certificate '%s' and key '%s': %s", cert, key ? key : cert,
		         e ? ERR_reason_error_string(e) : "unreadable");
		ERR_clear_error();
		SSL_CTX_free(ctx);
		return -1;
	}
	*out = ctx;
	return 0;
}

bool srv_tls_client(srv *s, int port, char *ip, size_t iplen)
{
	struct srv_tls *t = s->tls;
	bool found = false;

	if (!t || port <= 0)
		return false;
	pthread_mutex_lock(&t->lock);
	for (size_t i = 0; i < TLS_CONNECTIONS && !found; i++)
		if (t->peers[i].port == port) {
			snprintf(ip, iplen, "%s", t->peers[i].ip);
			found = true;
		}
	pthread_mutex_unlock(&t->lock);
	return found;
}

static int peer_add(struct srv_tls *t, int port, const char *ip)
{
	int slot = -1;

	pthread_mutex_lock(&t->lock);
	for (int i = 0; i < TLS_CONNECTIONS && slot < 0; i++)
		if (!t->peers[i].port) {
			t->peers[i].port = port;
			snprintf(t->peers[i].ip, sizeof(t->peers[i].ip), "%s", ip);
			slot = i;
		}
	pthread_mutex_unlock(&t->lock);
	return slot;
}

static void peer_remove(struct srv_tls *t, int slot)
{
	pthread_mutex_lock(&t->lock);
	t->peers[slot].port = 0;
	pthread_mutex_unlock(&t->lock);
}

static void timeouts(int fd, int ms)
{
	struct timeval tv = { ms / 1000, (ms % 1000) * 1000 };

	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
}

static int backend_connect(struct srv_tls *t, int *local_port)
{
	struct sockaddr_in a;
	socklen_t len = sizeof(a);
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), one = 1;

	if (fd < 0)
		return -1;
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((uint16_t)t->backend_port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&a, sizeof(a)) != 0 || getsockname(fd, (struct sockaddr *)&a, &len) != 0) {
		close(fd);
		return -1;
	}
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	*local_port = ntohs(a.sin_port);
	return fd;
}

static bool write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		p += w, n -= (size_t)w;
	}
	return true;
}

/* Bytes both ways until either side ends, the connection idles out or the server stops. */
static void relay(struct srv_tls *t, SSL *ssl, int client, int backend)
{
	char buf[TLS_CHUNK];
	time_t last = time(NULL);

	while (!atomic_load(&t->stopping) && time(NULL) - last < TLS_IDLE_S) {
		struct pollfd p[2] = { { client, POLLIN, 0 }, { backend, POLLIN, 0 } };
		int n = SSL_pending(ssl) > 0 ? 1 : poll(p, 2, 500);

		if (n < 0 && errno != EINTR)
			return;
		if (n <= 0)
			continue;
		last = time(NULL);
		if (SSL_pending(ssl) > 0 || (p[0].revents & (POLLIN | POLLHUP | POLLERR))) {
			int r = SSL_read(ssl, buf, sizeof(buf));
			if (r <= 0) {
				int e = SSL_get_error(ssl, r);
				if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE)
					continue;
				return;
			}
			if (!write_all(backend, buf, (size_t)r))
				return;
		}
		if (p[1].revents & (POLLIN | POLLHUP | POLLERR)) {
			ssize_t r = read(backend, buf, sizeof(buf));
			if (r <= 0)
				return;
			if (SSL_write(ssl, buf, (int)r) != (int)r)
				return;
		}
	}
}

static void *conn_main(void *p)
{
	tls_conn *c = p;
	struct srv_tls *t = c->t;
	SSL *ssl = SSL_new(t->ctx);
	int backend = -1, port = 0, slot = -1;

	timeouts(c->fd, TLS_HANDSHAKE_MS);
	if (!ssl || SSL_set_fd(ssl, c->fd) != 1 || SSL_accept(ssl) != 1)
		goto done; /* a failed handshake: a scanner, a plain-HTTP client, a bad certificate check */
	timeouts(c->fd, 30000);
	if ((backend = backend_connect(t, &port)) < 0 || (slot = peer_add(t, port, c->ip)) < 0)
		goto done;
	relay(t, ssl, c->fd, backend);
	SSL_shutdown(ssl);
done:
	if (slot >= 0)
		peer_remove(t, slot);
	if (backend >= 0)
		close(backend);
	SSL_free(ssl);
	ERR_clear_error();
	close(c->fd);
	free(c);
	atomic_fetch_sub(&t->active, 1);
	return NULL;
}

static void *accept_main(void *p)
{
	struct srv_tls *t = p;

	while (!atomic_load(&t->stopping)) {
		struct sockaddr_storage a;
		socklen_t len = sizeof(a);
		struct pollfd pf = { t->listen_fd, POLLIN, 0 };
		pthread_attr_t attr;
		pthread_t th;
		tls_conn *c;
		int fd;

		if (poll(&pf, 1, 500) <= 0)
			continue;
		if ((fd = accept4(t->listen_fd, (struct sockaddr *)&a, &len, SOCK_CLOEXEC)) < 0)
			continue;
		/* Past the bound a connection is closed at once: the relays are threads, and threads are not free. */
		if (atomic_load(&t->active) >= TLS_CONNECTIONS || !(c = calloc(1, sizeof(*c)))) {
			close(fd);
			continue;
		}
		c->t = t;
		c->fd = fd;
		if (getnameinfo((struct sockaddr *)&a, len, c->ip, sizeof(c->ip), NULL, 0, NI_NUMERICHOST) != 0)
			snprintf(c->ip, sizeof(c->ip), "unknown");
		atomic_fetch_add(&t->active, 1);
		pthread_attr_init(&attr);
		pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
		if (pthread_create(&th, &attr, conn_main, c) != 0) {
			atomic_fetch_sub(&t->active, 1);
			close(fd);
			free(c);
		}
		pthread_attr_destroy(&attr);
	}
	return NULL;
}

/* The listening socket of "host:port" (a bare port: 127.0.0.1); *bound is the port taken. */
static int listen_on(const char *spec, int *bound, char *err, size_t errlen)
{
	char host[128] = "127.0.0.1", port[16];
	const char *colon = strrchr(spec, ':');
	struct addrinfo hints, *res = NULL;
	struct sockaddr_storage a;
	socklen_t len = sizeof(a);
	int fd = -1, one = 1;

	if (colon) {
		size_t n = (size_t)(colon - spec);
		if (n >= sizeof(host))
			n = sizeof(host) - 1;
		if (n && spec[0] == '[' && spec[n - 1] == ']')
			spec++, n -= 2;
		memcpy(host, spec, n);
		host[n] = '\0';
		snprintf(port, sizeof(port), "%s", colon + 1);
	} else {
		snprintf(port, sizeof(port), "%s", spec);
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE | AI_NUMERICHOST | AI_NUMERICSERV;
	if (getaddrinfo(host, port, &hints, &res) != 0 || !res) {
		snprintf(err, errlen, "cannot listen on '%s': not an address and port", spec);
		return -1;
	}
	if ((fd = socket(res->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) != 0 || bind(fd, res->ai_addr, res->ai_addrlen) != 0 ||
	    listen(fd, 128) != 0 || getsockname(fd, (struct sockaddr *)&a, &len) != 0) {
		snprintf(err, errlen, "cannot listen on '%s': %s", spec, strerror(errno));
		if (fd >= 0)
			close(fd);
		freeaddrinfo(res);
		return -1;
	}
	freeaddrinfo(res);
	*bound = ntohs(a.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&a)->sin6_port : ((struct sockaddr_in *)&a)->sin_port);
	return fd;
}

int srv_tls_start(srv *s, const char *spec, int backend_port, int *bound, char *err, size_t errlen)
{
	struct srv_tls *t = calloc(1, sizeof(*t));
	void *ctx;

	if (!t) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (srv_tls_context(&ctx, s->cfg.tls_cert, s->cfg.tls_key, err, errlen) != 0) {
		free(t);
		return -1;
	}
	t->ctx = ctx;
	t->backend_port = backend_port;
	atomic_init(&t->stopping, false);
	atomic_init(&t->active, 0);
	pthread_mutex_init(&t->lock, NULL);
	if ((t->listen_fd = listen_on(spec, bound, err, errlen)) < 0 ||
	    pthread_create(&t->acceptor, NULL, accept_main, t) != 0) {
		if (t->listen_fd >= 0) {
			close(t->listen_fd);
			snprintf(err, errlen, "cannot start the TLS listener");
		}
		SSL_CTX_free(t->ctx);
		pthread_mutex_destroy(&t->lock);
		free(t);
		return -1;
	}
	s->tls = t;
	return 0;
}

void srv_tls_stop(srv *s)
{
	struct srv_tls *t = s->tls;

	if (!t)
		return;
	atomic_store(&t->stopping, true);
	pthread_join(t->acceptor, NULL);
	close(t->listen_fd);
	/* Each relay looks at the flag at least twice a second. */
	for (int i = 0; i < 100 && atomic_load(&t->active) > 0; i++)
		usleep(50 * 1000);
	if (atomic_load(&t->active) > 0)
		return; /* a relay stuck in a write: its memory is left to the exit rather than freed under it */
	SSL_CTX_free(t->ctx);
	pthread_mutex_destroy(&t->lock);
	free(t);
	s->tls = NULL;
}
