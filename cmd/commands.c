/* cmd/commands.c - every command of rampart, once: dispatch, help and the docs check read this table */
#include "cli.h"

extern const cli_command cli_scan_def, cli_gate_def, cli_findings_def, cli_baseline_def, cli_waiver_def,
	cli_coverage_def, cli_db_def, cli_sbom_def, cli_policy_def, cli_vex_def, cli_rules_def, cli_version_def,
	cli_help_def, cli_serve_def, cli_admin_def, cli_worker_def, cli_compliance_def, cli_audit_def, cli_ai_def,
	cli_bomexport_def;

const cli_command *const cli_commands[] = {
	&cli_scan_def, &cli_gate_def, &cli_findings_def, &cli_baseline_def, &cli_waiver_def, &cli_coverage_def,
	&cli_compliance_def, &cli_audit_def, &cli_ai_def, &cli_bomexport_def, &cli_db_def, &cli_sbom_def, &cli_policy_def, &cli_vex_def, &cli_rules_def, &cli_version_def, &cli_help_def,
	&cli_serve_def, &cli_worker_def, &cli_admin_def, NULL,
};
