/* lib/model/finding_list.h - building finding lists inside libscan */
#ifndef SCAN_SCAN_FINDING_LIST_H
#define SCAN_SCAN_FINDING_LIST_H

#include "scan/finding.h"
#include "scan/json.h"
#include "util/arena.h"

struct scan_finding_list {
	scan_finding *items;
	size_t count, cap;
	scan_arena arena;   /* every string the items point at */
};

scan_finding_list *scan_model__finding_list_new(void);
/* A zeroed slot at the end (cvss_score -1); NULL when out of memory. */
scan_finding *scan_model__finding_list_push(scan_finding_list *l);
/* Moves every item and string of src to the end of dst; src ends empty. */
int scan_model__finding_list_absorb(scan_finding_list *dst, scan_finding_list *src);
/* By file, line, column, rule, fingerprint: the order every output shows. */
void scan_model__finding_list_sort(scan_finding_list *l);
/* A deep copy of src in a; NULL when out of memory. */
scan_finding_sca *scan_model__finding_sca_copy(scan_arena *a, const scan_finding_sca *src);
/* Mutable access for the store, which sets ids and flags. */
scan_finding *scan_model__finding_list_at(scan_finding_list *l, size_t i);

/* A taint finding's flow as JSON (the report, the store), and read back from it into a's memory. */
void scan_model__flow_json(scan_json *w, const char *key, const scan_flow_step *v, size_t n);
int scan_model__flow_parse(scan_arena *a, const char *text, const scan_flow_step **out, size_t *n);

#endif
