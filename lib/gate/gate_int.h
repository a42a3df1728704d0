/* lib/gate/gate_int.h - policy keys shared by the gate and the store */
#ifndef SCAN_GATE_GATE_INT_H
#define SCAN_GATE_GATE_INT_H

#include "scan/gate.h"

typedef enum { POLICY_INT, POLICY_PCT, POLICY_RATING } scan_gate_policy_type;

typedef struct {
	const char *name;           /* the policy key, also the violation's rule */
	scan_gate_policy_type type;
	const char *severity;       /* of a violation of it */
} scan_gate_policy_key;

/* Every key of spec 2.6, NULL-terminated; names are static storage. */
extern const scan_gate_policy_key scan_gate__policy_keys[];
const scan_gate_policy_key *scan_gate__policy_key_find(const char *name);
/* The policy as a JSON object of the keys whose bit (1 << index in scan_gate__policy_keys) is in set. */
void scan_gate__policy_members(scan_json *w, const char *key, const scan_gate_policy *p, unsigned set);

#endif
