/* server/config.h - reading the server's configuration */
#ifndef RAMPART_SERVER_CONFIG_H
#define RAMPART_SERVER_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include "scan/common.h"
#include "server.h"

/*
 * The file at path (a flat YAML mapping of the keys of srv_config; an
 * unknown key is an error), then RAMPART_<KEY> from getvar over it. A
 * missing file is fine unless path_given. 0, or -1 with err set.
 */
int srv_config_load(srv_config *cfg, const char *path, bool path_given, scan_getvar_fn getvar, void *ctx, char *err,
                    size_t errlen);
/* Free the strings the loader copied into cfg (after the server stopped). */
void srv_config_dispose(srv_config *cfg);

#endif
