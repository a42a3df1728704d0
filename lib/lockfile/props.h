/* lib/lockfile/props.h - build-file properties: their definitions and ${name} / $(Name) references */
#ifndef SCAN_LOCKFILE_PROPS_H
#define SCAN_LOCKFILE_PROPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "util/arena.h"

/*
 * Maven's <properties> and MSBuild's PropertyGroup (and its central
 * PackageVersion pins) are the same thing: names defined, possibly more
 * than once, then referenced from other values. One table and one
 * interpolation serve both; what differs (the brackets, whether case
 * matters, which names exist besides the table) is the caller's.
 */
typedef struct {
	const char *name, *value;  /* borrowed: the caller's arena */
	uint64_t order;            /* later definitions win */
	bool cond;                 /* defined under a condition (MSBuild's Condition) */
} scan_lockfile__prop;

typedef struct {
	scan_lockfile__prop *v;
	size_t n, cap;
	bool fold_case;            /* names compare without case (MSBuild) */
} scan_lockfile__props;

/* Append a definition; SCAN_ELIMIT past SCAN_SCA_COMPONENTS_MAX, SCAN_ENOMEM. */
int scan_lockfile__props_add(scan_lockfile__props *t, const char *name, const char *value, uint64_t order,
                             bool cond);

/*
 * One value per name, for lookups: the last unconditional definition;
 * failing that, the conditional ones when they all agree (MSBuild's
 * "default unless set" idiom); otherwise none (value NULL): which one
 * applies depends on the build.
 */
void scan_lockfile__props_resolve(scan_lockfile__props *t);

/* After resolve: the definition of name[0..len), or NULL. */
const scan_lockfile__prop *scan_lockfile__props_find(const scan_lockfile__props *t, const char *name, size_t len);

void scan_lockfile__props_dispose(scan_lockfile__props *t);

/* The value of a referenced name, or NULL when nothing defines it. */
typedef const char *(*scan_lockfile__props_lookup)(void *ctx, const char *name, size_t len);

typedef struct {
	char open, close;          /* '{' and '}' for ${name}, '(' and ')' for $(Name) */
	bool fold_case;            /* a name met again while it expands (a cycle) is compared without case */
	unsigned depth_max;        /* references nested in values, at most 16 */
	unsigned budget;           /* substitutions for one value: ${a}=${b}${b}, ${b}=${c}${c}... */
	size_t value_max;          /* bytes of the result */
	scan_lockfile__props_lookup lookup;
	void *ctx;
} scan_lockfile__interp_rules;

#define SCAN_LOCKFILE_INTERP_DEPTH_MAX 16

/*
 * s with every reference replaced, trimmed, copied into arena. *out is NULL
 * when s is NULL or comes out empty, or when a reference is unknown,
 * circular, nested too deep or over the budget: a value not fully known is
 * no value. *substitutions (may be NULL) grows by those made. SCAN_ENOMEM.
 */
int scan_lockfile__interp(const scan_lockfile__interp_rules *r, scan_arena *arena, const char *s, const char **out,
                          size_t *substitutions);

#endif
