/* lib/util/netaddr.c - what an IP address points at, for a connection that must reach public addresses only */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "util/netaddr.h"

static scan_addr_class class_v4(uint32_t a)
{
	unsigned b0 = a >> 24, b1 = (a >> 16) & 0xff, b2 = (a >> 8) & 0xff;

	if (b0 == 127)
		return SCAN_ADDR_LOOPBACK;
	if (b0 == 10 || (b0 == 172 && (b1 & 0xf0) == 16) || (b0 == 192 && b1 == 168) ||
	    (b0 == 100 && (b1 & 0xc0) == 64))
		return SCAN_ADDR_PRIVATE;
	if (b0 == 169 && b1 == 254)
		return SCAN_ADDR_LINK_LOCAL;
	/* "This network", IETF protocol assignments, documentation, benchmarking, multicast, 240/4 and broadcast. */
	if (b0 == 0 || (b0 == 192 && b1 == 0 && b2 == 0) || (b0 == 192 && b1 == 0 && b2 == 2) ||
	    (b0 == 198 && (b1 & 0xfe) == 18) || (b0 == 198 && b1 == 51 && b2 == 100) ||
	    (b0 == 203 && b1 == 0 && b2 == 113) || b0 >= 224)
		return SCAN_ADDR_RESERVED;
	return SCAN_ADDR_PUBLIC;
}

static uint32_t v4_at(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static scan_addr_class class_v6(const unsigned char *a)
{
	static const unsigned char zero[16];
	static const unsigned char mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };
	static const unsigned char nat64[12] = { 0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0 };

	if (!memcmp(a, zero, 15))
		return a[15] == 1 ? SCAN_ADDR_LOOPBACK : SCAN_ADDR_RESERVED; /* ::1, :: */
	/* An IPv4 address carried in IPv6 (mapped, translated, compatible) is that address. */
	if (!memcmp(a, mapped, 12) || !memcmp(a, nat64, 12) || !memcmp(a, zero, 12))
		return class_v4(v4_at(a + 12));
	if (a[0] == 0x20 && a[1] == 0x02)       /* 6to4: 2002:AABB:CCDD:: carries AA.BB.CC.DD */
		return class_v4(v4_at(a + 2));
	if ((a[0] & 0xfe) == 0xfc)
		return SCAN_ADDR_PRIVATE;
	if (a[0] == 0xfe && (a[1] & 0xc0) == 0x80)
		return SCAN_ADDR_LINK_LOCAL;
	if (a[0] == 0xff || (a[0] == 0x20 && a[1] == 0x01 && a[2] == 0x0d && a[3] == 0xb8) ||
	    (a[0] == 0xfe && (a[1] & 0xc0) == 0xc0))
		return SCAN_ADDR_RESERVED;          /* multicast, documentation, site-local */
	return SCAN_ADDR_PUBLIC;
}

scan_addr_class scan_util__addr_class(const struct sockaddr *sa)
{
	if (sa->sa_family == AF_INET)
		return class_v4(ntohl(((const struct sockaddr_in *)(const void *)sa)->sin_addr.s_addr));
	if (sa->sa_family == AF_INET6)
		return class_v6(((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr.s6_addr);
	return SCAN_ADDR_RESERVED;
}

bool scan_util__addr_class_of(scan_addr_class *c, const char *host)
{
	char buf[64];
	size_t n = strlen(host);
	struct in_addr v4;
	struct in6_addr v6;

	if (n >= 2 && host[0] == '[' && host[n - 1] == ']') {
		if (n - 2 >= sizeof(buf))
			return false;
		memcpy(buf, host + 1, n - 2);
		buf[n - 2] = '\0';
		host = buf;
	}
	/* inet_aton, not inet_pton: it reads the forms a URL parser might pass on (127.1, 0x7f000001). */
	if (inet_aton(host, &v4)) {
		*c = class_v4(ntohl(v4.s_addr));
		return true;
	}
	if (inet_pton(AF_INET6, host, &v6) == 1) {
		*c = class_v6(v6.s6_addr);
		return true;
	}
	return false;
}

void scan_util__addr_text(char *out, size_t cap, const struct sockaddr *sa)
{
	const void *a = sa->sa_family == AF_INET ? (const void *)&((const struct sockaddr_in *)(const void *)sa)->sin_addr
	              : sa->sa_family == AF_INET6 ? (const void *)&((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr
	              : NULL;

	if (!a || !inet_ntop(sa->sa_family, a, out, (socklen_t)cap))
		snprintf(out, cap, "?");
}
