/* server/multipart.h - the parts of a multipart/form-data body (RFC 7578) */
#ifndef RAMPART_SERVER_MULTIPART_H
#define RAMPART_SERVER_MULTIPART_H

#include <stdbool.h>
#include <stddef.h>

/* A part's field name and file name are short: longer ones are refused, not cut. */
#define SRV_PART_NAME_MAX 64
#define SRV_PART_FILENAME_MAX 256
/* Headers of one part, all of them: a form field needs a few short lines. */
#define SRV_PART_HEADERS_MAX 4096

typedef struct {
	char name[SRV_PART_NAME_MAX];         /* the form field */
	char filename[SRV_PART_FILENAME_MAX]; /* "" when the part is not a file */
	bool is_file;
	const char *data;                     /* borrowed from the body */
	size_t len;
} srv_part;

/*
 * Split body (len bytes) into at most max parts by the boundary of
 * content_type ("multipart/form-data; boundary=..."). Every part needs a
 * Content-Disposition of form-data with a name; a name given twice, a
 * part without its closing delimiter, a header block over
 * SRV_PART_HEADERS_MAX, or more than max parts is refused. 0 with *n
 * parts, or -1 with a one-line reason in err.
 */
int srv_multipart_parse(srv_part *parts, size_t max, size_t *n, const char *content_type, const char *body, size_t len,
                        char *err, size_t errlen);

#endif
