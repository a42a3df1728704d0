/* tests/fuzz/fuzz_sca_toml.c - the TOML reader alone on arbitrary bytes */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lockfile/toml.h"
#include "scan/common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Whatever the reader accepts is a well-formed tree: children counted
 * right, within the depth cap, table entries keyed and findable by their
 * key, scalars with NUL-terminated text. Whatever it refuses is refused
 * with a documented code, a one-line message and no tree.
 */
static void walk(const scan_toml_doc *doc, const scan_toml_node *n, unsigned depth)
{
	const scan_toml_node *c;
	size_t count = 0;

	if (n->depth != depth || depth > SCAN_TOML_DEPTH_MAX || n->line == 0)
		abort();
	switch (n->kind) {
	case SCAN_TOML_TABLE:
	case SCAN_TOML_ARRAY:
		for (c = n->child; c; c = c->next) {
			if (n->kind == SCAN_TOML_TABLE) {
				if (!c->key || c->key[c->key_len] != '\0')
					abort();
				/* Keys with a NUL cannot be looked up by a C string; the rest must be found. */
				if (strlen(c->key) == c->key_len && scan_toml__get(doc, n, c->key) != c)
					abort();
			} else if (c->key) {
				abort();
			}
			walk(doc, c, depth + 1);
			if (!c->next && n->last != c)
				abort();
			count++;
		}
		if (count != n->len || n->str)
			abort();
		break;
	case SCAN_TOML_STRING:
	case SCAN_TOML_INTEGER:
	case SCAN_TOML_FLOAT:
	case SCAN_TOML_BOOL:
	case SCAN_TOML_DATETIME:
		if (!n->str || n->str[n->len] != '\0' || n->child)
			abort();
		break;
	default:
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	scan_toml_doc doc;
	int err = scan_toml__parse(&doc, (const char *)data, size, "fuzz.toml");

	if (err == 0) {
		if (!doc.root || doc.root->kind != SCAN_TOML_TABLE || doc.root->key)
			abort();
		walk(&doc, doc.root, 0);
	} else {
		const scan_error *e = scan_error_last();
		if (err != SCAN_EPARSE && err != SCAN_ELIMIT && err != SCAN_ENOMEM)
			abort();
		if (doc.root || !e->message[0] || strchr(e->message, '\n') || strncmp(e->message, "fuzz.toml", 9))
			abort();
	}
	scan_toml__dispose(&doc);
	return 0;
}
