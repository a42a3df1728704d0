/* tests/fuzz/fuzz_server_multipart.c - upload bodies through the server's multipart reader */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "multipart.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * The input's first line is the Content-Type, the rest the body. Any input
 * is either split into parts that lie inside the body, each named once, or
 * refused with a reason; never a read outside it.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *nl = memchr(data, '\n', size);
	char ct[256], err[256];
	srv_part parts[4];
	size_t n, ctlen;
	const char *body;

	if (!nl)
		return 0;
	ctlen = (size_t)(nl - (const char *)data);
	if (ctlen >= sizeof(ct))
		return 0;
	memcpy(ct, data, ctlen);
	ct[ctlen] = '\0';
	body = nl + 1;
	size -= ctlen + 1;
	/* A copy of exactly the body's size: the sanitizer sees a read past its end. */
	char *copy = malloc(size ? size : 1);
	if (!copy)
		return 0;
	memcpy(copy, body, size);
	if (srv_multipart_parse(parts, 4, &n, ct, copy, size, err, sizeof(err)) == 0) {
		if (!n || n > 4)
			abort();
		for (size_t i = 0; i < n; i++) {
			if (parts[i].data < copy || parts[i].data + parts[i].len > copy + size || !parts[i].name[0])
				abort();
			for (size_t j = 0; j < i; j++)
				if (!strcmp(parts[i].name, parts[j].name))
					abort();
		}
	} else if (!err[0]) {
		abort();
	}
	free(copy);
	return 0;
}
