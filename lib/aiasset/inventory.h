/* lib/aiasset/inventory.h - the AI inventory of one scan, built from signals in any order, read back in one order */
#ifndef SCAN_AIASSET_INVENTORY_H
#define SCAN_AIASSET_INVENTORY_H

#include "scan/aiasm.h"
#include "scan/buf.h"
#include "scan/map.h"
#include "util/arena.h"

#define SCAN_AI_ASSETS_MAX 20000
#define SCAN_AI_RELATIONS_MAX 50000
#define SCAN_AI_GAPS_MAX 1000

typedef struct {
	scan_ai_asset a;
	scan_ai_evidence ev[SCAN_AI_EVIDENCE_MAX];
} scan_ai_slot;

typedef struct {
	const char *from, *to, *kind;  /* identities, until finish */
} scan_ai_pending_relation;

/*
 * Signals arrive from many files, on many workers, in no fixed order; the
 * inventory they make must not depend on it. So an asset is keyed by its
 * identity, its evidence kept as the SCAN_AI_EVIDENCE_MAX smallest by
 * (file, line, signal), and finish() sorts everything: the same files give
 * the same inventory, byte for byte, however the work was shared.
 */
typedef struct scan_ai_builder_s {
	scan_arena arena;
	scan_map index;                /* identity -> slot */
	scan_ai_slot *slots;
	size_t nslots, slots_cap;
	scan_ai_pending_relation *pending;
	size_t npending, pending_cap;
	scan_map relation_index;       /* (from|kind, to) -> 1 */
	scan_ai_gap *gaps;
	size_t ngaps, gaps_cap, gaps_dropped;
	scan_ai_asset *assets;         /* finish(): the sorted result */
	scan_ai_relation *relations;
	size_t nrelations;
	bool full;                     /* SCAN_AI_ASSETS_MAX reached: said as a gap */
	scan_ai_inventory inv;
} scan_ai_builder;

void scan_aiasset__builder_init(scan_ai_builder *b);
void scan_aiasset__builder_dispose(scan_ai_builder *b);

/*
 * The identity of an asset: "TYPE|PROVIDER|KEY", KEY lowercased for
 * names that compare without case (packages, model ids) and kept as is for
 * paths. Written into out (cleared first). SCAN_ENOMEM.
 */
int scan_aiasset__identity(scan_buf *out, const char *type, const char *provider, const char *key, bool fold_case);

/*
 * Add or merge an asset (a->identity set; strings copied). A merge keeps
 * the first non-NULL of each field, ORs declared and used_in_code, and
 * raises confidence to the higher one plus a corroboration bonus when the
 * other evidence is of another kind. *slot: the asset's index until finish.
 */
int scan_aiasset__add(scan_ai_builder *b, const scan_ai_asset *a, size_t *slot);
/* Evidence for an asset; snippet already masked (copied, shortened to one line). */
int scan_aiasset__evidence(scan_ai_builder *b, size_t slot, const char *file_path, uint32_t line, const char *signal,
                           const char *snippet);
/* from -kind-> to, by identity; a relation to an asset never added is dropped at finish. */
int scan_aiasset__relate(scan_ai_builder *b, const char *from, const char *kind, const char *to);
int scan_aiasset__gap(scan_ai_builder *b, const char *file_path, uint32_t line, const char *reason);
/* The slot of an identity, or false. */
bool scan_aiasset__find(const scan_ai_builder *b, const char *identity, size_t *slot);

/* Sort and freeze: the inventory, valid while b lives. Nothing may be added after. */
int scan_aiasset__finish(scan_ai_builder *b, const scan_ai_inventory **out);

#endif
