/* lib/util/netaddr.h - what an IP address points at: public, loopback, private, link-local, reserved */
#ifndef SCAN_UTIL_NETADDR_H
#define SCAN_UTIL_NETADDR_H

#include <stdbool.h>
#include <sys/socket.h>
#include "scan/notify.h"

/* The class of an AF_INET or AF_INET6 address; any other family is reserved. */
scan_addr_class scan_util__addr_class(const struct sockaddr *sa);
/* The class of a host written as an address ("10.0.0.1", "[::1]", "::1"): true; false when host is a name. */
bool scan_util__addr_class_of(scan_addr_class *c, const char *host);
/* sa as text ("10.0.0.1", "::1") into out; "?" when it is neither family. */
void scan_util__addr_text(char *out, size_t cap, const struct sockaddr *sa);

#endif
