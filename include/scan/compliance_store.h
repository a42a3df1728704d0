/* include/scan/compliance_store.h - an organization's compliance selection and frameworks, and a scan's compliance facts, as stored */
#ifndef SCAN_COMPLIANCE_STORE_H
#define SCAN_COMPLIANCE_STORE_H

#include "compliance.h"
#include "store.h"
#include "tenant.h"

/*
 * What an organization chose (spec 4.5): which frameworks are on
 * (all_enabled: enabled_keys is null, every framework), the controls it
 * marked not applicable, and its own frameworks.
 */
typedef struct {
	bool all_enabled;
	const char *const *enabled;          /* all_enabled false: the explicit list (may be empty) */
	size_t nenabled;
	const scan_compliance_disabled *disabled;
	size_t ndisabled;
	scan_framework_set *custom;          /* never NULL after a successful read */
	void *storage;
} scan_compliance_config;

SCAN_EXTERN int scan_store_compliance_config(scan_compliance_config *out, scan_store *st, int64_t org);
SCAN_EXTERN void scan_compliance_config_dispose(scan_compliance_config *c);
/* The disabled ids of one framework (NULL and 0 when none). */
SCAN_EXTERN const scan_compliance_disabled *scan_compliance_config_disabled(const scan_compliance_config *c,
                                                                           const char *key);

/*
 * Changes, each in one transaction with its audit entry (audit->action
 * and metadata are the caller's). The store checks nothing beyond its
 * constraints: which keys and ids are valid is the operations' call
 * (scan_ops_compliance_*).
 */
SCAN_EXTERN int scan_store_compliance_enabled_put(scan_store *st, int64_t org, bool all, const char *const *keys,
                                                  size_t n, const scan_audit_entry *audit);
SCAN_EXTERN int scan_store_compliance_disabled_put(scan_store *st, int64_t org, const char *key,
                                                   const char *const *ids, size_t n, const scan_audit_entry *audit);
/* SCAN_EEXIST when the organization has the key; an explicit selection gains the key. */
SCAN_EXTERN int scan_store_compliance_custom_add(int64_t *id, scan_store *st, int64_t org, const char *key,
                                                 const char *name, const char *document,
                                                 const scan_audit_entry *audit);
/* SCAN_ENOTFOUND when the organization has no such framework; the key leaves the selection and its disabled list. */
SCAN_EXTERN int scan_store_compliance_custom_remove(scan_store *st, int64_t org, const char *key,
                                                    const scan_audit_entry *audit);

/*
 * The facts of one completed scan of a repository's default branch, as
 * stored: findings with what excluded them (a false-positive mark, an
 * inline suppression, a triage state), when each dependency finding was
 * first seen, the analyzers that ran, the languages, the gate, the
 * ratings, the schedule. scan_id 0: the latest such scan (facts.scanned
 * false when there is none). SCAN_ENOTFOUND for a repository or scan of
 * another organization.
 */
typedef struct scan_compliance_data scan_compliance_data;
SCAN_EXTERN int scan_store_compliance_data(scan_compliance_data **out, scan_store *st, int64_t org, int64_t repo_id,
                                           int64_t scan_id, time_t now);
SCAN_EXTERN scan_compliance_facts *scan_compliance_data_facts(scan_compliance_data *d);
/* The findings of the facts, for the operations to mark what the store leaves to them (triage, SLA). */
SCAN_EXTERN scan_compliance_finding *scan_compliance_data_findings(scan_compliance_data *d, size_t *count);
/* Per finding (index into facts.findings): the triage state ("" when none) and when the repository first had it. */
SCAN_EXTERN const char *scan_compliance_data_triage(const scan_compliance_data *d, size_t i);
SCAN_EXTERN time_t scan_compliance_data_first_seen(const scan_compliance_data *d, size_t i);
SCAN_EXTERN void scan_compliance_data_free(scan_compliance_data *d);

/*
 * The completed default-branch scans of a repository completed at or after
 * since, oldest first; SCAN_ENOTFOUND for a repository of another
 * organization (none in the window is an empty list).
 */
SCAN_EXTERN int scan_store_compliance_scans(int64_t **ids, size_t *n, scan_store *st, int64_t org, int64_t repo_id,
                                            time_t since);

#endif
