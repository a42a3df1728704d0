/* include/scan/notify.h - outbound notifications: events, channels, where a delivery may go (docs/notifications.md) */
#ifndef SCAN_NOTIFY_H
#define SCAN_NOTIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include "buf.h"
#include "common.h"

/* The events a webhook hears, one bit each. */
#define SCAN_NOTIFY_CRITICAL_VULNERABILITY 0x1u  /* a scan found critical vulnerabilities its branch did not have */
#define SCAN_NOTIFY_GATE_FAILED            0x2u  /* a completed scan's quality gate failed */
#define SCAN_NOTIFY_SCAN_FAILED            0x4u  /* a scan failed */
#define SCAN_NOTIFY_SCHEDULE_FAILED        0x8u  /* a scheduled run could not start, or its scan failed */
#define SCAN_NOTIFY_EVENTS_ALL             0xfu

/* The event's name ("critical_vulnerability", ...) for one bit; NULL for anything else. */
SCAN_EXTERN const char *scan_notify_event_name(unsigned event);
/* The bit of a name; 0 for an unknown one. */
SCAN_EXTERN unsigned scan_notify_event_bit(const char *name);

/* Where an address points; a delivery goes to public addresses only, unless the configuration allows a class. */
typedef enum {
	SCAN_ADDR_PUBLIC = 0,
	SCAN_ADDR_LOOPBACK = 0x1,     /* 127/8, ::1, "localhost" */
	SCAN_ADDR_PRIVATE = 0x2,      /* 10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7 */
	SCAN_ADDR_LINK_LOCAL = 0x4,   /* 169.254/16 (cloud metadata services), fe80::/10 */
	SCAN_ADDR_RESERVED = 0x8,     /* unspecified, broadcast, multicast, documentation, 240/4: never allowed */
} scan_addr_class;
/* "loopback", "private", "link-local", "reserved", "public". */
SCAN_EXTERN const char *scan_addr_class_name(scan_addr_class c);
/* A comma-separated list of loopback, private, link-local into bits; SCAN_EINVAL naming an unknown word. */
SCAN_EXTERN int scan_addr_classes_parse(unsigned *bits, const char *list);

/* The channels: how a delivery's body is shaped. */
typedef enum {
	SCAN_CHANNEL_GENERIC = 0,     /* the event's JSON, signed (Standard Webhooks) */
	SCAN_CHANNEL_SLACK,           /* an incoming webhook's {"text", "blocks"} */
	SCAN_CHANNEL_TEAMS,           /* a message with one Adaptive Card, as Teams workflows take it */
} scan_channel;
/* "generic", "slack", "teams" into c; SCAN_EINVAL otherwise ("email" is named as not available yet). */
SCAN_EXTERN int scan_channel_parse(scan_channel *c, const char *name);
SCAN_EXTERN const char *scan_channel_name(scan_channel c);

/*
 * A webhook URL checked before it is stored: http or https, a host, no
 * fragment, at most 2,048 bytes; a host given as an address (or named
 * localhost) must be public or of a class in allow. display gets the URL
 * with everything after the host hidden - a chat webhook's path is its
 * credential. 0 or SCAN_EINVAL with why.
 */
SCAN_EXTERN int scan_notify_url_check(char *display, size_t cap, const char *url, unsigned allow);

/*
 * The body a channel takes for an event, from the event's JSON document
 * (the generic body, docs/notifications.md): generic is the document as
 * it is; Slack and Teams get a short message of the same facts, every
 * piece of outside text shown as text, never as markup. 0, SCAN_EPARSE
 * for a document this did not write, SCAN_ENOMEM.
 */
SCAN_EXTERN int scan_notify_render(scan_buf *out, scan_channel c, const char *event_json);

/* One attempt at a delivery. */
typedef struct {
	int status_code;             /* 0: no answer */
	int64_t duration_ms;
	char error[256];             /* empty: delivered (2xx) */
} scan_notify_outcome;

typedef struct {
	const char *url;
	scan_channel channel;
	const char *secret;          /* generic: the signing secret (whsec_...); NULL otherwise */
	const char *delivery_id;     /* webhook-id: the same on every attempt, for the receiver to drop repeats */
	const char *event;           /* X-Rampart-Event */
	const char *body;            /* scan_notify_render()'s */
	size_t body_len;
	unsigned allow;              /* scan_addr_class bits the connection may reach beyond public addresses */
	long timeout_ms;             /* 0: 10 s */
	time_t now;                  /* webhook-timestamp */
} scan_notify_request;

/*
 * POST it: no redirect followed (a 3xx is a failed attempt), no proxy, the
 * address checked as the connection is opened - after DNS, so a name that
 * resolves (or rebinds) to a refused address is refused. The outcome says
 * what happened; the return is 0 unless memory ran out.
 */
SCAN_EXTERN int scan_notify_send(scan_notify_outcome *out, const scan_notify_request *req);

#endif
