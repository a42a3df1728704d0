/* lib/notify/names.c - the words of notifications: events, channels, address classes */
#include <string.h>
#include "scan/notify.h"
#include "util/error.h"

static const struct {
	unsigned bit;
	const char *name;
} events[] = {
	{ SCAN_NOTIFY_CRITICAL_VULNERABILITY, "critical_vulnerability" },
	{ SCAN_NOTIFY_GATE_FAILED, "gate_failed" },
	{ SCAN_NOTIFY_SCAN_FAILED, "scan_failed" },
	{ SCAN_NOTIFY_SCHEDULE_FAILED, "schedule_failed" },
};

const char *scan_notify_event_name(unsigned event)
{
	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]); i++)
		if (events[i].bit == event)
			return events[i].name;
	return NULL;
}

unsigned scan_notify_event_bit(const char *name)
{
	for (size_t i = 0; name && i < sizeof(events) / sizeof(events[0]); i++)
		if (!strcmp(events[i].name, name))
			return events[i].bit;
	return 0;
}

const char *scan_addr_class_name(scan_addr_class c)
{
	switch (c) {
	case SCAN_ADDR_PUBLIC: return "public";
	case SCAN_ADDR_LOOPBACK: return "loopback";
	case SCAN_ADDR_PRIVATE: return "private";
	case SCAN_ADDR_LINK_LOCAL: return "link-local";
	default: return "reserved";
	}
}

int scan_addr_classes_parse(unsigned *bits, const char *list)
{
	static const scan_addr_class allowed[] = { SCAN_ADDR_LOOPBACK, SCAN_ADDR_PRIVATE, SCAN_ADDR_LINK_LOCAL };

	*bits = 0;
	for (const char *p = list ? list : ""; *p;) {
		size_t n = strcspn(p, ",");
		const char *w = p;
		size_t k = n;
		bool known = false;
		while (k && (*w == ' ')) w++, k--;
		while (k && w[k - 1] == ' ') k--;
		for (size_t i = 0; k && i < sizeof(allowed) / sizeof(allowed[0]); i++) {
			const char *name = scan_addr_class_name(allowed[i]);
			if (strlen(name) == k && !strncmp(name, w, k)) {
				*bits |= (unsigned)allowed[i];
				known = true;
			}
		}
		if (k && !known)
			return scan_util__error(SCAN_EINVAL, "unknown address class '%.*s' (loopback, private, link-local)",
			                        (int)(k > 40 ? 40 : k), w);
		p += n;
		if (*p == ',')
			p++;
	}
	return 0;
}

int scan_channel_parse(scan_channel *c, const char *name)
{
	if (name && !strcmp(name, "generic"))
		*c = SCAN_CHANNEL_GENERIC;
	else if (name && !strcmp(name, "slack"))
		*c = SCAN_CHANNEL_SLACK;
	else if (name && !strcmp(name, "teams"))
		*c = SCAN_CHANNEL_TEAMS;
	else if (name && !strcmp(name, "email"))
		return scan_util__error(SCAN_EINVAL, "channel_type email is not available yet (generic, slack, teams)");
	else
		return scan_util__error(SCAN_EINVAL, "channel_type must be generic, slack or teams");
	return 0;
}

const char *scan_channel_name(scan_channel c)
{
	return c == SCAN_CHANNEL_SLACK ? "slack" : c == SCAN_CHANNEL_TEAMS ? "teams" : "generic";
}
