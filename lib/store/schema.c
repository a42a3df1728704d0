/*
 * lib/store/schema.c - the versioned schema. A migration is append-only: a
 * released one is never edited, a change is a new entry. Timestamps are ISO
 * 8601 UTC text ("2026-11-28T13:05:00Z", which sorts as it compares),
 * booleans 0/1, JSON documents text.
 */
#include <ctype.h>
#include <string.h>
#include "store/store_int.h"
#include "util/error.h"

static const char migration_1[] =
	/* Tenancy: the CLI works in organization 1 as user 1; the server adds more. */
	"CREATE TABLE organizations ("
	"  id INTEGER PRIMARY KEY,"
	"  name TEXT NOT NULL UNIQUE,"
	"  plan TEXT NOT NULL DEFAULT 'free',"
	"  created_at TEXT NOT NULL);"
	"CREATE TABLE users ("
	"  id INTEGER PRIMARY KEY,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  email TEXT NOT NULL UNIQUE,"
	"  role TEXT NOT NULL DEFAULT 'ORG_MEMBER' CHECK (role IN"
	"    ('SUPER_ADMIN','ORG_OWNER','ORG_ADMIN','ORG_MEMBER','ORG_VIEWER')),"
	"  created_at TEXT NOT NULL);"
	"INSERT INTO organizations (id, name, created_at) VALUES (1, 'local', strftime('%Y-%m-%dT%H:%M:%SZ','now'));"
	"INSERT INTO users (id, org_id, email, role, created_at)"
	"  VALUES (1, 1, 'local@localhost', 'ORG_OWNER', strftime('%Y-%m-%dT%H:%M:%SZ','now'));"

	"CREATE TABLE repositories ("
	"  id INTEGER PRIMARY KEY,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  name TEXT NOT NULL,"
	"  url TEXT NOT NULL,"
	"  source TEXT NOT NULL,"
	"  default_branch TEXT,"
	"  created_at TEXT NOT NULL,"
	"  UNIQUE (org_id, url));"

	"CREATE TABLE scans ("
	"  id INTEGER PRIMARY KEY,"
	"  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  status TEXT NOT NULL CHECK (status IN ('pending','scanning','completed','failed')),"
	"  scan_type TEXT NOT NULL DEFAULT 'smart' CHECK (scan_type IN ('smart','deep','sca')),"
	"  tier INTEGER NOT NULL DEFAULT 80,"
	"  issues_count INTEGER NOT NULL DEFAULT 0,"
	"  branch TEXT,"
	"  default_branch TEXT,"
	"  commit_sha TEXT,"
	"  pr_number INTEGER,"
	"  is_baseline_scan INTEGER NOT NULL DEFAULT 0,"
	"  error TEXT,"
	"  stats TEXT,"
	"  created_at TEXT NOT NULL,"
	"  completed_at TEXT);"
	"CREATE INDEX scans_by_repo ON scans (repo_id, id);"
	"CREATE INDEX scans_by_org ON scans (org_id, id);"

	"CREATE TABLE scan_issues ("
	"  id INTEGER PRIMARY KEY,"
	"  scan_id INTEGER NOT NULL REFERENCES scans(id) ON DELETE CASCADE,"
	"  rule_id TEXT NOT NULL,"
	"  title TEXT NOT NULL,"
	"  tool TEXT NOT NULL,"
	"  category TEXT NOT NULL CHECK (category IN ('security','secret','iac','quality','sca','ai')),"
	"  file_path TEXT NOT NULL,"
	"  line_number INTEGER NOT NULL,"
	"  end_line INTEGER,"
	"  col INTEGER,"
	"  description TEXT,"
	"  remediation TEXT,"
	"  cwe_id TEXT,"
	"  severity TEXT NOT NULL CHECK (severity IN ('critical','high','medium','low')),"
	"  cvss_score REAL,"
	"  confidence INTEGER NOT NULL,"
	"  snippet TEXT,"
	"  fingerprint TEXT NOT NULL,"
	"  is_new_in_pr INTEGER NOT NULL DEFAULT 0,"
	"  user_marked_fp INTEGER NOT NULL DEFAULT 0,"
	"  fp_marked_at TEXT,"
	"  fp_reason TEXT);"
	"CREATE INDEX scan_issues_by_scan ON scan_issues (scan_id, id);"
	"CREATE INDEX scan_issues_by_fingerprint ON scan_issues (fingerprint);"

	/* Spec 2.9: keyed by (repo_id, branch, fingerprint). */
	"CREATE TABLE quality_baseline ("
	"  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,"
	"  branch TEXT NOT NULL,"
	"  fingerprint TEXT NOT NULL,"
	"  first_scan_id INTEGER,"
	"  last_scan_id INTEGER,"
	"  updated_at TEXT NOT NULL,"
	"  PRIMARY KEY (repo_id, branch, fingerprint)) WITHOUT ROWID;"

	/* A false-positive mark outlives the scan it was made on. */
	"CREATE TABLE fp_marks ("
	"  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,"
	"  fingerprint TEXT NOT NULL,"
	"  reason TEXT NOT NULL,"
	"  marked_at TEXT NOT NULL,"
	"  marked_by_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,"
	"  PRIMARY KEY (repo_id, fingerprint)) WITHOUT ROWID;"

	"CREATE TABLE quality_gate_configs ("
	"  org_id INTEGER PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,"
	"  enabled INTEGER NOT NULL,"
	"  block_merge_on_fail INTEGER NOT NULL,"
	"  applies_to_new_code_only INTEGER NOT NULL,"
	"  policy TEXT NOT NULL,"
	"  policy_version TEXT NOT NULL DEFAULT 'v1',"
	"  updated_at TEXT NOT NULL);"

	"CREATE TABLE quality_gate_results ("
	"  scan_id INTEGER PRIMARY KEY REFERENCES scans(id) ON DELETE CASCADE,"
	"  status TEXT NOT NULL CHECK (status IN ('passed','failed','not_configured')),"
	"  violations TEXT NOT NULL,"
	"  waived_violations TEXT NOT NULL,"
	"  policy TEXT NOT NULL,"
	"  policy_version TEXT NOT NULL,"
	"  applies_to_new_code_only INTEGER NOT NULL,"
	"  computed_at TEXT NOT NULL);"

	"CREATE TABLE quality_waivers ("
	"  id INTEGER PRIMARY KEY,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  rule TEXT NOT NULL,"
	"  reason TEXT NOT NULL,"
	"  repo_id INTEGER REFERENCES repositories(id) ON DELETE CASCADE,"
	"  pr_number INTEGER,"
	"  created_by_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,"
	"  created_at TEXT NOT NULL,"
	"  expires_at TEXT,"
	"  revoked_at TEXT,"
	"  CHECK (pr_number IS NULL OR repo_id IS NOT NULL));"
	"CREATE INDEX quality_waivers_by_org ON quality_waivers (org_id, rule);"

	/* Only a hash of an API key is kept; the key itself is shown once. */
	"CREATE TABLE api_keys ("
	"  id INTEGER PRIMARY KEY,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  name TEXT NOT NULL,"
	"  key_hash TEXT NOT NULL UNIQUE,"
	"  key_prefix TEXT NOT NULL,"
	"  permissions TEXT NOT NULL DEFAULT '[\"read:scans\",\"read:repos\"]',"
	"  is_active INTEGER NOT NULL DEFAULT 1,"
	"  last_used TEXT,"
	"  use_count INTEGER NOT NULL DEFAULT 0,"
	"  created_at TEXT NOT NULL,"
	"  expires_at TEXT,"
	"  revoked_at TEXT);"

	"CREATE TABLE scheduled_scans ("
	"  id INTEGER PRIMARY KEY,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,"
	"  cron_expression TEXT NOT NULL DEFAULT '0 0 * * *',"
	"  scan_type TEXT NOT NULL DEFAULT 'smart' CHECK (scan_type IN ('smart','deep')),"
	"  is_active INTEGER NOT NULL DEFAULT 1,"
	"  last_run TEXT,"
	"  next_run TEXT,"
	"  run_count INTEGER NOT NULL DEFAULT 0,"
	"  trigger_on_push INTEGER NOT NULL DEFAULT 0,"
	"  trigger_branch TEXT NOT NULL DEFAULT 'main',"
	"  created_at TEXT NOT NULL,"
	"  UNIQUE (repo_id, trigger_branch));"
	"CREATE TABLE scheduled_scan_runs ("
	"  id INTEGER PRIMARY KEY,"
	"  schedule_id INTEGER NOT NULL REFERENCES scheduled_scans(id) ON DELETE CASCADE,"
	"  scan_id INTEGER REFERENCES scans(id) ON DELETE SET NULL,"
	"  status TEXT NOT NULL,"
	"  issues_found INTEGER,"
	"  duration_ms INTEGER,"
	"  error TEXT,"
	"  started_at TEXT NOT NULL);"

	"CREATE TABLE audit_log ("
	"  id INTEGER PRIMARY KEY,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  actor_email TEXT,"
	"  ip TEXT,"
	"  user_agent TEXT,"
	"  action TEXT NOT NULL,"
	"  metadata TEXT,"
	"  created_at TEXT NOT NULL);";

/*
 * Secrets: the hash that matches one secret across files, commits and scans
 * (never the secret), and where in history a finding came from.
 */
static const char migration_2[] =
	"ALTER TABLE scan_issues ADD COLUMN secret_hash TEXT;"
	"ALTER TABLE scan_issues ADD COLUMN commit_sha TEXT;"
	"ALTER TABLE scan_issues ADD COLUMN commit_time TEXT;"
	"ALTER TABLE scan_issues ADD COLUMN in_head INTEGER NOT NULL DEFAULT 1;"
	"ALTER TABLE scan_issues ADD COLUMN verified TEXT CHECK (verified IN ('live','dead','unknown'));"
	"CREATE INDEX scan_issues_by_secret ON scan_issues (secret_hash) WHERE secret_hash IS NOT NULL;";

/*
 * Quality: the summary of each scan (debt, ratings, new-code measures) as
 * the JSON it is shown as, metrics per file and function, the new lines of
 * each changed file (so coverage imported later can be measured on new
 * code), imported coverage per file, and the repository's own gate file.
 */
static const char migration_3[] =
	"CREATE TABLE quality_summaries ("
	"  scan_id INTEGER PRIMARY KEY REFERENCES scans(id) ON DELETE CASCADE,"
	"  summary TEXT NOT NULL);"
	"CREATE TABLE quality_file_metrics ("
	"  scan_id INTEGER NOT NULL REFERENCES scans(id) ON DELETE CASCADE,"
	"  file_path TEXT NOT NULL,"
	"  language TEXT NOT NULL,"
	"  lines INTEGER NOT NULL, code_lines INTEGER NOT NULL, comment_lines INTEGER NOT NULL,"
	"  blank_lines INTEGER NOT NULL, cyclomatic INTEGER NOT NULL, cognitive INTEGER NOT NULL,"
	"  functions INTEGER NOT NULL, duplicated_lines INTEGER NOT NULL, duplicated_blocks INTEGER NOT NULL,"
	"  new_lines INTEGER NOT NULL, new_duplicated_lines INTEGER NOT NULL,"
	"  PRIMARY KEY (scan_id, file_path));"
	"CREATE TABLE quality_function_metrics ("
	"  scan_id INTEGER NOT NULL REFERENCES scans(id) ON DELETE CASCADE,"
	"  file_path TEXT NOT NULL,"
	"  name TEXT NOT NULL,"
	"  line INTEGER NOT NULL, end_line INTEGER NOT NULL, code_lines INTEGER NOT NULL,"
	"  cyclomatic INTEGER NOT NULL, cognitive INTEGER NOT NULL, params INTEGER NOT NULL,"
	"  nesting INTEGER NOT NULL);"
	"CREATE INDEX quality_function_metrics_by_scan ON quality_function_metrics (scan_id, file_path);"
	"CREATE TABLE scan_new_lines ("
	"  scan_id INTEGER NOT NULL REFERENCES scans(id) ON DELETE CASCADE,"
	"  file_path TEXT NOT NULL,"
	"  ranges TEXT NOT NULL,"
	"  PRIMARY KEY (scan_id, file_path));"
	"CREATE TABLE coverage_files ("
	"  scan_id INTEGER NOT NULL REFERENCES scans(id) ON DELETE CASCADE,"
	"  file_path TEXT NOT NULL,"
	"  lines_total INTEGER NOT NULL, lines_covered INTEGER NOT NULL,"
	"  new_lines_total INTEGER NOT NULL, new_lines_covered INTEGER NOT NULL,"
	"  report_format TEXT NOT NULL,"
	"  PRIMARY KEY (scan_id, file_path));"
	"ALTER TABLE scans ADD COLUMN repo_policy TEXT;";

/*
 * Dependencies: the vulnerability database (OSV advisories with their
 * affected packages keyed by ecosystem and normalised name, every id and
 * alias of each, the KEV catalog and EPSS scores, and where each source
 * came from), what SCA findings say about their package, and each scan's
 * inventory with its dependency graph.
 */
static const char migration_4[] =
	"CREATE TABLE vuln_sources ("
	"  name TEXT PRIMARY KEY,"                  /* "osv:PyPI", "kev", "epss" */
	"  kind TEXT NOT NULL CHECK (kind IN ('osv','kev','epss')),"
	"  location TEXT NOT NULL,"
	"  imported_at INTEGER NOT NULL,"
	"  records INTEGER NOT NULL,"
	"  data_version TEXT,"
	"  sha256 TEXT);"
	"CREATE TABLE vuln_advisories ("
	"  id INTEGER PRIMARY KEY,"
	"  osv_id TEXT NOT NULL UNIQUE,"
	"  source TEXT NOT NULL REFERENCES vuln_sources(name) ON DELETE CASCADE,"
	"  modified TEXT, published TEXT,"
	"  summary TEXT, details TEXT,"
	"  severity TEXT,"                          /* JSON [{type, score}] */
	"  db_severity TEXT,"
	"  cwes TEXT, refs TEXT);"                  /* JSON arrays */
	"CREATE INDEX vuln_advisories_by_source ON vuln_advisories (source);"
	"CREATE TABLE vuln_ids ("
	"  vuln_id TEXT NOT NULL,"                  /* the id itself and each alias */
	"  advisory_id INTEGER NOT NULL REFERENCES vuln_advisories(id) ON DELETE CASCADE,"
	"  PRIMARY KEY (vuln_id, advisory_id)) WITHOUT ROWID;"
	"CREATE INDEX vuln_ids_by_advisory ON vuln_ids (advisory_id);"
	"CREATE TABLE vuln_affected ("
	"  advisory_id INTEGER NOT NULL REFERENCES vuln_advisories(id) ON DELETE CASCADE,"
	"  ecosystem TEXT NOT NULL,"
	"  name TEXT NOT NULL,"                     /* normalised for lookup */
	"  ranges TEXT NOT NULL,"                   /* JSON {ranges, versions} */
	"  severity TEXT);"
	"CREATE INDEX vuln_affected_by_package ON vuln_affected (ecosystem, name);"
	"CREATE INDEX vuln_affected_by_advisory ON vuln_affected (advisory_id);"
	"CREATE TABLE vuln_kev ("
	"  cve TEXT PRIMARY KEY,"
	"  vendor TEXT, product TEXT, name TEXT, date_added TEXT, due_date TEXT,"
	"  ransomware INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;"
	"CREATE TABLE vuln_epss ("
	"  cve TEXT PRIMARY KEY,"
	"  score REAL NOT NULL, percentile REAL NOT NULL) WITHOUT ROWID;"
	"ALTER TABLE scan_issues ADD COLUMN vuln_id TEXT;"
	"ALTER TABLE scan_issues ADD COLUMN cve_id TEXT;"
	"ALTER TABLE scan_issues ADD COLUMN aliases TEXT;"
	"ALTER TABLE scan_issues ADD COLUMN ecosystem TEXT;"
	"ALTER TABLE scan_issues ADD COLUMN package_name TEXT;"
	"ALTER TABLE scan_issues ADD COLUMN installed_version TEXT;"
	"ALTER TABLE scan_issues ADD COLUMN fixed_version TEXT;"
	"ALTER TABLE scan_issues ADD COLUMN purl TEXT;"
	"ALTER TABLE scan_issues ADD COLUMN epss_score REAL;"
	"ALTER TABLE scan_issues ADD COLUMN epss_percentile REAL;"
	"ALTER TABLE scan_issues ADD COLUMN kev_listed INTEGER;"
	"ALTER TABLE scan_issues ADD COLUMN is_direct INTEGER;"
	"ALTER TABLE scan_issues ADD COLUMN risk_score REAL;"
	"ALTER TABLE scan_issues ADD COLUMN priority_label TEXT;"
	"CREATE INDEX scan_issues_by_cve ON scan_issues (cve_id) WHERE cve_id IS NOT NULL;"
	"CREATE TABLE scan_dependencies ("
	"  id INTEGER PRIMARY KEY,"
	"  scan_id INTEGER NOT NULL REFERENCES scans(id) ON DELETE CASCADE,"
	"  ecosystem TEXT NOT NULL, name TEXT NOT NULL, version TEXT, purl TEXT NOT NULL,"
	"  license TEXT, license_type TEXT NOT NULL,"
	"  file_path TEXT NOT NULL, line INTEGER NOT NULL, flags INTEGER NOT NULL,"
	"  is_direct INTEGER NOT NULL, vulnerability_count INTEGER NOT NULL);"
	"CREATE INDEX scan_dependencies_by_scan ON scan_dependencies (scan_id);"
	"CREATE TABLE scan_dependency_edges ("
	"  from_id INTEGER NOT NULL REFERENCES scan_dependencies(id) ON DELETE CASCADE,"
	"  to_id INTEGER NOT NULL REFERENCES scan_dependencies(id) ON DELETE CASCADE,"
	"  PRIMARY KEY (from_id, to_id)) WITHOUT ROWID;";

/*
 * Dependency findings keep when their advisory was published (policy ages)
 * and the CVSS vector behind the score (SBOM ratings). Triage decisions
 * (spec 2.11) belong to a repository and one vulnerability of one package,
 * so they survive rescans and version bumps that leave it vulnerable.
 */
static const char migration_5[] =
	"ALTER TABLE scan_issues ADD COLUMN published INTEGER;"
	"ALTER TABLE scan_issues ADD COLUMN cvss_vector TEXT;"
	"CREATE TABLE sca_triage ("
	"  id INTEGER PRIMARY KEY,"
	"  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,"
	"  vuln_id TEXT NOT NULL,"
	"  ecosystem TEXT NOT NULL, package_name TEXT NOT NULL,"
	"  purl TEXT NOT NULL,"                     /* of the finding triaged: the VEX product */
	"  status TEXT NOT NULL CHECK (status IN ('open','accepted_risk','not_applicable','false_positive',"
	"    'wont_fix','in_progress','fixed')),"
	"  justification TEXT, assigned_to INTEGER,"
	"  updated_at INTEGER NOT NULL,"
	"  UNIQUE (repo_id, vuln_id, ecosystem, package_name));";

/* What a scan could not look at, whole or in part: shown with its findings and gate, never lost. */
static const char migration_6[] =
	"CREATE TABLE scan_skipped ("
	"  scan_id INTEGER NOT NULL REFERENCES scans(id) ON DELETE CASCADE,"
	"  path TEXT NOT NULL, reason TEXT NOT NULL);"
	"CREATE INDEX scan_skipped_by_scan ON scan_skipped (scan_id);";

/*
 * Findings silenced by a marker in a comment (docs/rules.md "Inline
 * suppression") are stored with the marker and its reason, and left out of
 * the gate's counts.
 */
static const char migration_7[] =
	"ALTER TABLE scan_issues ADD COLUMN suppressed INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE scan_issues ADD COLUMN suppression_kind TEXT;"
	"ALTER TABLE scan_issues ADD COLUMN suppression_reason TEXT;";

/* A code or IaC rule's rendered fix, and where its match ends, so stored findings still offer the fix. */
static const char migration_8[] =
	"ALTER TABLE scan_issues ADD COLUMN fix TEXT;"
	"ALTER TABLE scan_issues ADD COLUMN end_col INTEGER NOT NULL DEFAULT 0;";

/* Test and example code (docs/test-code.md): findings and file metrics say whether they are in it. Unrated advisories. */
static const char migration_9[] =
	"ALTER TABLE scan_issues ADD COLUMN in_test INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE quality_file_metrics ADD COLUMN in_test INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE quality_file_metrics ADD COLUMN generated INTEGER NOT NULL DEFAULT 0;"
	/* A dependency finding no record rates, and the alias record another's rating came from. */
	"ALTER TABLE scan_issues ADD COLUMN unrated INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE scan_issues ADD COLUMN rated_by TEXT;";

/*
 * Tenants for the server: an organization's timezone (schedules), users who
 * sign in (a password hash, never the password; an account can be
 * disabled), and an audit log that is read by organization and time. The
 * three times an earlier migration kept as seconds since the epoch become
 * text like every other time; a zero meant "never" and becomes NULL.
 * Roles keep their stored names: the store maps MEMBER and VIEWER onto
 * ORG_MEMBER and ORG_VIEWER.
 */
static const char migration_10[] =
	"ALTER TABLE organizations ADD COLUMN timezone TEXT NOT NULL DEFAULT 'UTC';"
	"ALTER TABLE users ADD COLUMN password_hash TEXT;"
	"ALTER TABLE users ADD COLUMN is_active INTEGER NOT NULL DEFAULT 1;"
	"CREATE INDEX users_by_org ON users (org_id, id);"
	"CREATE INDEX api_keys_by_org ON api_keys (org_id, id);"
	"CREATE INDEX audit_log_by_org ON audit_log (org_id, id);"
	"CREATE INDEX repositories_by_org ON repositories (org_id, id);"

	"ALTER TABLE scan_issues ADD COLUMN published_at TEXT;"
	"UPDATE scan_issues SET published_at = strftime('%Y-%m-%dT%H:%M:%SZ', published, 'unixepoch')"
	"  WHERE published IS NOT NULL AND published <> 0;"
	"ALTER TABLE scan_issues DROP COLUMN published;"

	"ALTER TABLE sca_triage ADD COLUMN decided_at TEXT;"
	"UPDATE sca_triage SET decided_at = strftime('%Y-%m-%dT%H:%M:%SZ', updated_at, 'unixepoch');"
	"ALTER TABLE sca_triage DROP COLUMN updated_at;"
	"ALTER TABLE sca_triage RENAME COLUMN decided_at TO updated_at;"

	"ALTER TABLE vuln_sources ADD COLUMN loaded_at TEXT;"
	"UPDATE vuln_sources SET loaded_at = strftime('%Y-%m-%dT%H:%M:%SZ', imported_at, 'unixepoch')"
	"  WHERE imported_at <> 0;"
	"ALTER TABLE vuln_sources DROP COLUMN imported_at;"
	"ALTER TABLE vuln_sources RENAME COLUMN loaded_at TO imported_at;";

/*
 * Durable scan jobs for the server's workers: a job is the pending scan
 * row's work, claimed with a lease a worker renews while it runs; a lease
 * that runs out (a worker killed) lets another worker take the job again,
 * attempts counting how often it was taken.
 */
static const char migration_11[] =
	"CREATE TABLE scan_jobs ("
	"  id INTEGER PRIMARY KEY,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,"
	"  scan_id INTEGER NOT NULL UNIQUE REFERENCES scans(id) ON DELETE CASCADE,"
	"  target TEXT NOT NULL,"
	"  branch TEXT,"
	"  status TEXT NOT NULL CHECK (status IN ('pending','scanning','completed','failed')),"
	"  progress INTEGER NOT NULL DEFAULT 0,"
	"  attempts INTEGER NOT NULL DEFAULT 0,"
	"  lease_owner TEXT,"
	"  lease_until TEXT,"
	"  error TEXT,"
	"  created_at TEXT NOT NULL,"
	"  updated_at TEXT NOT NULL);"
	"CREATE INDEX scan_jobs_queue ON scan_jobs (status, id);";

/* The gate's every condition, stored with its verdict: a report shows what was measured, not only what failed. */
static const char migration_12[] =
	"ALTER TABLE quality_gate_results ADD COLUMN conditions TEXT;";

/*
 * A queued scan of a private repository carries the trigger's provider
 * token to whichever worker clones it: sealed under the workers' key,
 * cleared when the job ends.
 */
static const char migration_13[] =
	"ALTER TABLE scan_jobs ADD COLUMN git_token_sealed TEXT;";

/* Signing out ends a user's sessions: tokens carry the version they were signed under. */
static const char migration_14[] =
	"ALTER TABLE users ADD COLUMN session_version INTEGER NOT NULL DEFAULT 0;";

/*
 * PostgreSQL: a change to a row another process may hold in its cache (a
 * user, a scan, its job, a repository, an organization) is announced on
 * the channel rampart_changes as "table:id" (a job by its scan's id) when
 * its transaction commits - every writer's change, whichever program made
 * it (lib/store/cache.c). SQLite's readers share no cache: nothing to do.
 */
static const char migration_15[] = "";
static const char migration_15_postgres[] =
	"CREATE FUNCTION rampart_changed() RETURNS trigger LANGUAGE plpgsql AS $body$"
	" DECLARE r jsonb;"
	" BEGIN"
	"  IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;"
	"  PERFORM pg_notify('rampart_changes', TG_TABLE_NAME || ':' || (r ->> TG_ARGV[0]));"
	"  RETURN NULL;"
	" END $body$;"
	"CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users"
	" FOR EACH ROW EXECUTE FUNCTION rampart_changed('id');"
	"CREATE TRIGGER scans_changed AFTER UPDATE OR DELETE ON scans"
	" FOR EACH ROW EXECUTE FUNCTION rampart_changed('id');"
	"CREATE TRIGGER scan_jobs_changed AFTER INSERT OR UPDATE OR DELETE ON scan_jobs"
	" FOR EACH ROW EXECUTE FUNCTION rampart_changed('scan_id');"
	"CREATE TRIGGER repositories_changed AFTER UPDATE OR DELETE ON repositories"
	" FOR EACH ROW EXECUTE FUNCTION rampart_changed('id');"
	"CREATE TRIGGER organizations_changed AFTER UPDATE OR DELETE ON organizations"
	" FOR EACH ROW EXECUTE FUNCTION rampart_changed('id');";

/* A taint rule's finding keeps its flow, as the report writes it (JSON). */
static const char migration_16[] =
	"ALTER TABLE scan_issues ADD COLUMN dataflow TEXT;";

/*
 * Compliance (spec 4.5): an organization's selection of frameworks (no row
 * or enabled_keys NULL: every framework; '[]': none; a JSON array: those),
 * the controls it marked not applicable, and its own frameworks, kept as
 * the document it gave. The audit log names the user who acted.
 */
static const char migration_17[] =
	"CREATE TABLE compliance_settings ("
	"  org_id INTEGER PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,"
	"  enabled_keys TEXT,"
	"  updated_at TEXT NOT NULL);"
	"CREATE TABLE compliance_disabled_controls ("
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  framework_key TEXT NOT NULL,"
	"  control_id TEXT NOT NULL,"
	"  PRIMARY KEY (org_id, framework_key, control_id)) WITHOUT ROWID;"
	"CREATE TABLE compliance_custom_frameworks ("
	"  id INTEGER PRIMARY KEY,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  framework_key TEXT NOT NULL,"
	"  name TEXT NOT NULL,"
	"  document TEXT NOT NULL,"
	"  created_at TEXT NOT NULL,"
	"  UNIQUE (org_id, framework_key));"
	"ALTER TABLE audit_log ADD COLUMN user_id INTEGER;"
	"CREATE INDEX scans_by_repo_completed ON scans (repo_id, status, completed_at);"
	/* When a repository first had each dependency finding (the SLA clock), without reading its other findings. */
	"CREATE INDEX scan_issues_sca_seen ON scan_issues (fingerprint, scan_id) WHERE category = 'sca';";

/*
 * AI attack surface (spec 2.13, 4.6). A finding of category ai names its
 * AI rule and OWASP LLM entry. Each scan that ran the ai analyzer is a run;
 * an asset keeps one row per repository and canonical identity across
 * runs (status active or removed, first and last seen, the approval
 * decision), with what each run saw of it (observations: its evidence and
 * fields then) and how assets related in that run. An AI finding is kept
 * per repository and fingerprint, with its triage across scans. Policies
 * are versioned documents (repo_id 0: the organization's). A BOM
 * generation is a run of the default branch; declarations are versioned,
 * every version kept.
 */
static const char migration_18[] =
	"ALTER TABLE scan_issues ADD COLUMN ai_rule TEXT;"
	"ALTER TABLE scan_issues ADD COLUMN owasp_category TEXT;"
	"CREATE TABLE ai_runs ("
	"  id INTEGER PRIMARY KEY,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,"
	"  scan_id INTEGER NOT NULL UNIQUE REFERENCES scans(id) ON DELETE CASCADE,"
	"  branch TEXT,"
	"  commit_sha TEXT,"
	"  default_branch INTEGER NOT NULL,"
	"  coverage_status TEXT NOT NULL,"
	"  coverage_reasons TEXT NOT NULL,"
	"  manifests_read INTEGER NOT NULL,"
	"  canonicalization TEXT NOT NULL,"
	"  asset_count INTEGER NOT NULL,"
	"  finding_count INTEGER NOT NULL,"
	"  policy_status TEXT NOT NULL,"
	"  policy_result TEXT,"
	"  policy_gate INTEGER NOT NULL DEFAULT 0,"
	"  created_at TEXT NOT NULL);"
	"CREATE INDEX ai_runs_by_repo ON ai_runs (repo_id, id);"
	"CREATE TABLE ai_assets ("
	"  id INTEGER PRIMARY KEY,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,"
	"  identity TEXT NOT NULL,"
	"  canonicalization TEXT NOT NULL,"
	"  asset_type TEXT NOT NULL,"
	"  name TEXT NOT NULL,"
	"  provider TEXT,"
	"  risk_level TEXT NOT NULL,"
	"  status TEXT NOT NULL,"
	"  approval_status TEXT NOT NULL DEFAULT 'unreviewed',"
	"  approval_reason TEXT,"
	"  approval_by INTEGER,"
	"  approval_at TEXT,"
	"  first_run_id INTEGER NOT NULL,"
	"  last_run_id INTEGER NOT NULL,"
	"  first_seen_at TEXT NOT NULL,"
	"  last_seen_at TEXT NOT NULL,"
	"  UNIQUE (repo_id, identity));"
	"CREATE INDEX ai_assets_by_org ON ai_assets (org_id, status, asset_type);"
	"CREATE TABLE ai_observations ("
	"  run_id INTEGER NOT NULL REFERENCES ai_runs(id) ON DELETE CASCADE,"
	"  asset_id INTEGER NOT NULL REFERENCES ai_assets(id) ON DELETE CASCADE,"
	"  fields TEXT NOT NULL,"
	"  PRIMARY KEY (run_id, asset_id)) WITHOUT ROWID;"
	"CREATE INDEX ai_observations_by_asset ON ai_observations (asset_id, run_id);"
	"CREATE TABLE ai_relations ("
	"  run_id INTEGER NOT NULL REFERENCES ai_runs(id) ON DELETE CASCADE,"
	"  from_asset INTEGER NOT NULL REFERENCES ai_assets(id) ON DELETE CASCADE,"
	"  kind TEXT NOT NULL,"
	"  to_asset INTEGER NOT NULL REFERENCES ai_assets(id) ON DELETE CASCADE,"
	"  PRIMARY KEY (run_id, from_asset, kind, to_asset)) WITHOUT ROWID;"
	"CREATE TABLE ai_findings ("
	"  id INTEGER PRIMARY KEY,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,"
	"  fingerprint TEXT NOT NULL,"
	"  rule_id TEXT NOT NULL,"
	"  detector TEXT NOT NULL,"
	"  owasp_category TEXT NOT NULL,"
	"  severity TEXT NOT NULL,"
	"  cwe_id TEXT,"
	"  title TEXT NOT NULL,"
	"  file_path TEXT NOT NULL,"
	"  line_number INTEGER NOT NULL,"
	"  evidence TEXT,"
	"  remediation TEXT,"
	"  present INTEGER NOT NULL,"
	"  status TEXT NOT NULL DEFAULT 'open',"
	"  status_reason TEXT,"
	"  status_by INTEGER,"
	"  status_at TEXT,"
	"  first_run_id INTEGER NOT NULL,"
	"  last_run_id INTEGER NOT NULL,"
	"  UNIQUE (repo_id, fingerprint));"
	"CREATE INDEX ai_findings_by_org ON ai_findings (org_id, status, severity);"
	"CREATE TABLE ai_policies ("
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  repo_id INTEGER NOT NULL,"
	"  version INTEGER NOT NULL,"
	"  document TEXT NOT NULL,"
	"  updated_by INTEGER,"
	"  updated_at TEXT NOT NULL,"
	"  PRIMARY KEY (org_id, repo_id)) WITHOUT ROWID;"
	"CREATE TABLE ai_waivers ("
	"  id INTEGER PRIMARY KEY,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  scope TEXT NOT NULL,"
	"  repo_id INTEGER,"
	"  finding_id INTEGER,"
	"  rule_id TEXT,"
	"  reason TEXT NOT NULL,"
	"  expires_at TEXT NOT NULL,"
	"  created_by INTEGER,"
	"  created_at TEXT NOT NULL,"
	"  revoked_at TEXT,"
	"  revoked_by INTEGER);"
	"CREATE TABLE ai_bom_generations ("
	"  id INTEGER PRIMARY KEY,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,"
	"  generation INTEGER NOT NULL,"
	"  run_id INTEGER NOT NULL REFERENCES ai_runs(id) ON DELETE CASCADE,"
	"  commit_sha TEXT,"
	"  coverage_status TEXT NOT NULL,"
	"  canonicalization TEXT NOT NULL,"
	"  created_at TEXT NOT NULL,"
	"  UNIQUE (repo_id, generation));"
	"CREATE TABLE ai_bom_declarations ("
	"  asset_id INTEGER NOT NULL REFERENCES ai_assets(id) ON DELETE CASCADE,"
	"  version INTEGER NOT NULL,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  supplier_name TEXT,"
	"  component_version TEXT,"
	"  declared_license TEXT,"
	"  download_location TEXT,"
	"  release_time TEXT,"
	"  source_kind TEXT NOT NULL,"
	"  source_uri TEXT,"
	"  source_digest TEXT,"
	"  verified INTEGER NOT NULL,"
	"  updated_by INTEGER,"
	"  updated_at TEXT NOT NULL,"
	"  PRIMARY KEY (asset_id, version)) WITHOUT ROWID;";

/*
 * Scheduled scans (spec 2.5, 4.3): one per repository and branch. A run is
 * keyed by its schedule and what fired it (the slot's UTC time, or a
 * push's delivery), so two processes that see the same due slot insert
 * one run between them; its scan's row says how it went.
 */
static const char migration_19[] =
	/* Migration 1 drew these tables before anything wrote to them: they are empty. */
	"DROP TABLE scheduled_scan_runs;"
	"DROP TABLE scheduled_scans;"
	"CREATE TABLE scheduled_scans ("
	"  id INTEGER PRIMARY KEY,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,"
	"  cron_expression TEXT NOT NULL,"
	"  scan_type TEXT NOT NULL CHECK (scan_type IN ('smart','deep')),"
	"  is_active INTEGER NOT NULL,"
	"  trigger_on_push INTEGER NOT NULL,"
	"  trigger_branch TEXT NOT NULL,"
	"  last_run TEXT,"
	"  next_run TEXT,"
	"  run_count INTEGER NOT NULL DEFAULT 0,"
	"  created_by_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,"
	"  created_at TEXT NOT NULL,"
	"  updated_at TEXT NOT NULL,"
	"  UNIQUE (repo_id, trigger_branch));"
	"CREATE INDEX scheduled_scans_due ON scheduled_scans (next_run) WHERE is_active = 1;"
	"CREATE TABLE scheduled_scan_runs ("
	"  id INTEGER PRIMARY KEY,"
	"  schedule_id INTEGER NOT NULL REFERENCES scheduled_scans(id) ON DELETE CASCADE,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  run_key TEXT NOT NULL,"
	"  trigger TEXT NOT NULL CHECK (trigger IN ('schedule','push')),"
	"  slot TEXT,"
	"  scan_id INTEGER REFERENCES scans(id) ON DELETE SET NULL,"
	"  fired_at TEXT NOT NULL,"
	"  error TEXT,"
	"  UNIQUE (schedule_id, run_key));"
	"CREATE INDEX scheduled_scan_runs_by_schedule ON scheduled_scan_runs (schedule_id, id);";

/*
 * Git providers' webhooks (spec 6): each delivery kept by its id for 30
 * days, so a redelivery is acknowledged and ignored; a pull request's
 * review record, linked to the scan it queued, whose row tells the verdict
 * and the new findings. A queued scan carries the pull request's target
 * branch.
 */
static const char migration_20[] =
	"ALTER TABLE scan_jobs ADD COLUMN base_branch TEXT;"
	"CREATE TABLE webhook_deliveries ("
	"  id INTEGER PRIMARY KEY,"
	"  provider TEXT NOT NULL,"
	"  delivery_id TEXT NOT NULL,"
	"  event TEXT NOT NULL,"
	"  outcome TEXT,"
	"  received_at TEXT NOT NULL,"
	"  UNIQUE (provider, delivery_id));"
	"CREATE INDEX webhook_deliveries_by_time ON webhook_deliveries (received_at);"
	"CREATE TABLE pr_reviews ("
	"  id INTEGER PRIMARY KEY,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  repo_id INTEGER NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,"
	"  provider TEXT NOT NULL,"
	"  pr_number INTEGER NOT NULL,"
	"  action TEXT NOT NULL,"
	"  head_ref TEXT NOT NULL,"
	"  head_sha TEXT,"
	"  base_ref TEXT NOT NULL,"
	"  scan_id INTEGER REFERENCES scans(id) ON DELETE SET NULL,"
	"  delivery_id TEXT,"
	"  created_at TEXT NOT NULL);"
	"CREATE INDEX pr_reviews_by_repo ON pr_reviews (repo_id, pr_number, id);";

/*
 * A repository's integration with its Git provider: the token that
 * decorates its pull requests and the secret its webhooks are signed with,
 * both sealed with the server's token key. A review remembers the
 * provider's name of the repository and what posting the result did.
 */
static const char migration_21[] =
	"CREATE TABLE repository_integrations ("
	"  repo_id INTEGER PRIMARY KEY REFERENCES repositories(id) ON DELETE CASCADE,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  provider TEXT NOT NULL CHECK (provider IN ('github','gitlab','bitbucket')),"
	"  token_sealed TEXT,"
	"  webhook_secret_sealed TEXT,"
	"  updated_at TEXT NOT NULL);"
	"ALTER TABLE pr_reviews ADD COLUMN repo_full_name TEXT;"
	"ALTER TABLE pr_reviews ADD COLUMN decoration TEXT;"
	"ALTER TABLE pr_reviews ADD COLUMN decorated_at TEXT;";

/*
 * Outbound notifications: the webhooks an organization registers (their
 * URL and signing secret sealed with the server's token key), and an
 * outbox - one delivery per webhook and event, unique by the event's key,
 * claimed under a lease by whichever process delivers, each attempt kept.
 * A scan or a failed scheduled run is looked at once for its events; what
 * came before this migration is not news.
 */
static const char migration_22[] =
	"CREATE TABLE notification_webhooks ("
	"  id INTEGER PRIMARY KEY,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  name TEXT NOT NULL,"
	"  channel_type TEXT NOT NULL CHECK (channel_type IN ('generic','slack','teams')),"
	"  url_sealed TEXT NOT NULL,"
	"  url_display TEXT NOT NULL,"
	"  secret_sealed TEXT,"
	"  events INTEGER NOT NULL,"
	"  is_active INTEGER NOT NULL,"
	"  disabled_reason TEXT,"
	"  consecutive_failures INTEGER NOT NULL DEFAULT 0,"
	"  created_by_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,"
	"  created_at TEXT NOT NULL,"
	"  updated_at TEXT NOT NULL);"
	"CREATE INDEX notification_webhooks_by_org ON notification_webhooks (org_id, id);"
	"CREATE TABLE notification_deliveries ("
	"  id INTEGER PRIMARY KEY,"
	"  webhook_id INTEGER NOT NULL REFERENCES notification_webhooks(id) ON DELETE CASCADE,"
	"  org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,"
	"  event TEXT NOT NULL,"
	"  event_key TEXT NOT NULL,"
	"  payload TEXT NOT NULL,"
	"  status TEXT NOT NULL CHECK (status IN ('pending','delivered','failed')),"
	"  attempts INTEGER NOT NULL DEFAULT 0,"
	"  next_attempt_at TEXT NOT NULL,"
	"  lease_owner TEXT,"
	"  lease_until TEXT,"
	"  last_status_code INTEGER,"
	"  last_error TEXT,"
	"  created_at TEXT NOT NULL,"
	"  finished_at TEXT,"
	"  UNIQUE (webhook_id, event_key));"
	"CREATE INDEX notification_deliveries_due ON notification_deliveries (next_attempt_at) WHERE status = 'pending';"
	"CREATE INDEX notification_deliveries_by_webhook ON notification_deliveries (webhook_id, id);"
	"CREATE TABLE notification_attempts ("
	"  id INTEGER PRIMARY KEY,"
	"  delivery_id INTEGER NOT NULL REFERENCES notification_deliveries(id) ON DELETE CASCADE,"
	"  attempt INTEGER NOT NULL,"
	"  status_code INTEGER,"
	"  duration_ms INTEGER NOT NULL,"
	"  error TEXT,"
	"  attempted_at TEXT NOT NULL);"
	"CREATE INDEX notification_attempts_by_delivery ON notification_attempts (delivery_id, attempt);"
	"ALTER TABLE scans ADD COLUMN notified INTEGER NOT NULL DEFAULT 0;"
	"UPDATE scans SET notified = 1;"
	"CREATE INDEX scans_to_notify ON scans (id) WHERE notified = 0;"
	"ALTER TABLE scheduled_scan_runs ADD COLUMN notified INTEGER NOT NULL DEFAULT 0;"
	"UPDATE scheduled_scan_runs SET notified = 1;"
	"CREATE INDEX scheduled_scan_runs_by_scan ON scheduled_scan_runs (scan_id);"
	"CREATE INDEX scheduled_scan_runs_to_notify ON scheduled_scan_runs (id) WHERE notified = 0 AND scan_id IS NULL;"
	"CREATE INDEX notification_deliveries_finished ON notification_deliveries (finished_at) WHERE status <> 'pending';";

const char *const scan_store__migrations[] = {
	migration_1,
	migration_2,
	migration_3,
	migration_4,
	migration_5,
	migration_6,
	migration_7,
	migration_8,
	migration_9,
	migration_10,
	migration_11,
	migration_12,
	migration_13,
	migration_14,
	migration_15,
	migration_16,
	migration_17,
	migration_18,
	migration_19,
	migration_20,
	migration_21,
	migration_22,
};

const int scan_store__migration_count = (int)(sizeof(scan_store__migrations) / sizeof(scan_store__migrations[0]));

/*
 * A migration as PostgreSQL runs it. The migrations are written in
 * SQLite's dialect, which differs from PostgreSQL's only where this
 * rewrites: a rowid "id INTEGER PRIMARY KEY" is an identity column, INTEGER
 * is 64-bit (BIGINT), REAL is DOUBLE PRECISION, WITHOUT ROWID has no
 * meaning, and the current time is formatted by to_char, as is a number
 * of seconds since the epoch (SQLite's strftime(FORMAT, X, 'unixepoch')).
 * Words are only replaced outside quoted text.
 */
static const struct {
	const char *from, *to;
} pg_words[] = {
	{ "id INTEGER PRIMARY KEY", "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY" },
	{ ") WITHOUT ROWID", ")" },
	{ "strftime('%Y-%m-%dT%H:%M:%SZ','now')", "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')" },
	{ "INTEGER", "BIGINT" },
	{ "REAL", "DOUBLE PRECISION" },
};

static bool word_at(const char *p, const char *start, const char *w)
{
	size_t n = strlen(w);

	if (strncmp(p, w, n) != 0)
		return false; /* p holds fewer than n bytes, or others: p[n] is not to be read */
	if (isalpha((unsigned char)w[0]) && p > start && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
		return false;
	return !(isalpha((unsigned char)w[n - 1]) && (isalnum((unsigned char)p[n]) || p[n] == '_'));
}

#define EPOCH_OPEN "strftime('%Y-%m-%dT%H:%M:%SZ', "
#define EPOCH_CLOSE ", 'unixepoch')"

int scan_store__migration_postgres(scan_buf *out, int i)
{
	const char *sql = scan_store__migrations[i];
	bool quoted = false;

	for (const char *p = sql; *p;) {
		size_t k = 0;
		const char *close;
		if (!quoted && !strncmp(p, EPOCH_OPEN, strlen(EPOCH_OPEN)) &&
		    (close = strstr(p, EPOCH_CLOSE)) != NULL) {
			const char *x = p + strlen(EPOCH_OPEN);
			scan_buf_printf(out, "to_char(to_timestamp(%.*s) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')",
			                (int)(close - x), x);
			p = close + strlen(EPOCH_CLOSE);
			continue;
		}
		if (!quoted) {
			for (; k < sizeof(pg_words) / sizeof(pg_words[0]); k++)
				if (word_at(p, sql, pg_words[k].from))
					break;
		}
		if (!quoted && k < sizeof(pg_words) / sizeof(pg_words[0])) {
			scan_buf_puts(out, pg_words[k].to);
			p += strlen(pg_words[k].from);
			continue;
		}
		if (*p == '\'')
			quoted = !quoted;
		scan_buf_putc(out, *p++);
	}
	/* Rows the first migration inserts with explicit ids: the identities continue after them. */
	if (i == 0)
		scan_buf_puts(out, ";SELECT setval(pg_get_serial_sequence('organizations', 'id'), 1);"
		                   "SELECT setval(pg_get_serial_sequence('users', 'id'), 1);");
	if (scan_store__migrations[i] == migration_15)
		scan_buf_puts(out, migration_15_postgres);
	return scan_buf_failed(out) ? scan_error__oom() : 0;
}
