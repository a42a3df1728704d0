/* lib/util/yamltree.c - build a tree from libyaml's event stream, with limits */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>
#include "util/error.h"
#include "util/yamltree.h"
#include "scan/array.h"

typedef struct {
	scan_yaml_node *node;
	scan_yaml_node **items;  /* growing child list, moved into the arena when closed */
	size_t count, cap;
} open_node;

typedef struct {
	scan_yaml_doc *doc;
	const char *origin;
	open_node stack[SCAN_YAML_DEPTH_MAX];
	size_t depth;
	size_t nodes, nodes_max;
} builder;

static int fail(const builder *b, int code, unsigned line, const char *reason)
{
	return scan_util__error(code, "%s:%u: %s", b->origin, line, reason);
}

static int add_child(builder *b, scan_yaml_node *n)
{
	open_node *top;

	if (!b->depth) {
		b->doc->root = n;
		return 0;
	}
	top = &b->stack[b->depth - 1];
	if (scan_array_reserve(&top->items, &top->cap, top->count + 1, sizeof(*top->items)) != 0)
		return SCAN_ENOMEM;
	top->items[top->count++] = n;
	return 0;
}

static scan_yaml_node *new_node(builder *b, scan_yaml_kind kind, unsigned line)
{
	scan_yaml_node *n;

	if (++b->nodes > b->nodes_max)
		return NULL;
	n = scan_arena__calloc(&b->doc->arena, sizeof(*n));
	if (n) {
		n->kind = kind;
		n->line = line;
	}
	return n;
}

static int close_node(builder *b)
{
	open_node *top = &b->stack[--b->depth];
	scan_yaml_node *n = top->node;
	int rc = 0;

	if (n->kind == SCAN_YAML_MAPPING && top->count % 2)
		rc = fail(b, SCAN_EPARSE, n->line, "mapping with a key and no value");
	if (!rc && top->count) {
		n->items = scan_arena__alloc(&b->doc->arena, top->count * sizeof(*n->items));
		if (!n->items)
			rc = scan_error__oom();
		else
			memcpy(n->items, top->items, top->count * sizeof(*n->items));
	}
	n->len = top->count;
	free(top->items);
	memset(top, 0, sizeof(*top));
	return rc ? rc : add_child(b, n);
}

int scan_util__yaml_parse(scan_yaml_doc *doc, const char *text, size_t len, const char *origin)
{
	return scan_util__yaml_parse_limited(doc, text, len, origin, SCAN_YAML_INPUT_MAX, SCAN_YAML_NODES_MAX);
}

int scan_util__yaml_parse_limited(scan_yaml_doc *doc, const char *text, size_t len, const char *origin,
                                  size_t input_max, size_t nodes_max)
{
	yaml_parser_t parser;
	yaml_event_t ev;
	builder b;
	bool done = false, started = false;
	int rc = 0;

	memset(doc, 0, sizeof(*doc));
	memset(&b, 0, sizeof(b));
	b.doc = doc;
	b.origin = origin ? origin : "<yaml>";
	b.nodes_max = nodes_max;
	if (len > input_max)
		return scan_util__error(SCAN_ELIMIT, "%s:1: file is larger than %zu MiB", b.origin, input_max >> 20);
	if (!yaml_parser_initialize(&parser))
		return scan_error__oom();
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	while (!done && !rc) {
		unsigned line;
		scan_yaml_node *n;

		if (!yaml_parser_parse(&parser, &ev)) {
			rc = scan_util__error(SCAN_EPARSE, "%s:%zu: %s", b.origin, parser.problem_mark.line + 1,
			                      parser.problem ? parser.problem : "malformed YAML");
			break;
		}
		line = (unsigned)ev.start_mark.line + 1;
		switch (ev.type) {
		case YAML_DOCUMENT_START_EVENT:
			/* Only the first document counts; a second one ends the parse. */
			if (started)
				done = true;
			started = true;
			break;
		case YAML_DOCUMENT_END_EVENT:
		case YAML_STREAM_END_EVENT:
			done = true;
			break;
		case YAML_ALIAS_EVENT:
			rc = fail(&b, SCAN_EPARSE, line, "anchors and aliases are not supported");
			break;
		case YAML_SCALAR_EVENT:
			if (ev.data.scalar.anchor) {
				rc = fail(&b, SCAN_EPARSE, line, "anchors and aliases are not supported");
				break;
			}
			if (!(n = new_node(&b, SCAN_YAML_SCALAR, line))) {
				rc = b.nodes > b.nodes_max ? fail(&b, SCAN_ELIMIT, line, "too many nodes")
				                                    : scan_error__oom();
				break;
			}
			n->value = scan_arena__strndup(&doc->arena, (const char *)ev.data.scalar.value,
			                               ev.data.scalar.length);
			n->len = ev.data.scalar.length;
			n->plain = ev.data.scalar.plain_implicit && ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
			rc = n->value ? add_child(&b, n) : scan_error__oom();
			break;
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			if ((ev.type == YAML_SEQUENCE_START_EVENT && ev.data.sequence_start.anchor) ||
			    (ev.type == YAML_MAPPING_START_EVENT && ev.data.mapping_start.anchor)) {
				rc = fail(&b, SCAN_EPARSE, line, "anchors and aliases are not supported");
				break;
			}
			if (b.depth == SCAN_YAML_DEPTH_MAX) {
				rc = fail(&b, SCAN_ELIMIT, line, "nesting deeper than 64 levels");
				break;
			}
			n = new_node(&b, ev.type == YAML_SEQUENCE_START_EVENT ? SCAN_YAML_SEQUENCE : SCAN_YAML_MAPPING, line);
			if (!n) {
				rc = b.nodes > b.nodes_max ? fail(&b, SCAN_ELIMIT, line, "too many nodes")
				                                    : scan_error__oom();
				break;
			}
			b.stack[b.depth++].node = n;
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			rc = close_node(&b);
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
	while (b.depth)
		free(b.stack[--b.depth].items);
	if (rc)
		scan_util__yaml_dispose(doc);
	return rc;
}

void scan_util__yaml_dispose(scan_yaml_doc *doc)
{
	scan_arena__dispose(&doc->arena);
	doc->root = NULL;
}

const scan_yaml_node *scan_util__yaml_get(const scan_yaml_node *map, const char *key)
{
	if (!map || map->kind != SCAN_YAML_MAPPING)
		return NULL;
	for (size_t i = 0; i + 1 < map->len; i += 2)
		if (map->items[i]->kind == SCAN_YAML_SCALAR && !strcmp(map->items[i]->value, key))
			return map->items[i + 1];
	return NULL;
}

size_t scan_util__yaml_count(const scan_yaml_node *n)
{
	if (!n || n->kind == SCAN_YAML_SCALAR)
		return 0;
	return n->kind == SCAN_YAML_MAPPING ? n->len / 2 : n->len;
}
