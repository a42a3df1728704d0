/* lib/analyzers/secrets.c - leaked credentials: the secrets engine over every text file */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "aiasset/prompts.h"
#include "aiasset/rules.h"
#include "analyzers/analyzer.h"
#include "scan/buf.h"
#include "secrets/engine.h"
#include "secrets/verify.h"
#include "scan/array.h"
#include "util/digest.h"
#include "util/error.h"
#include "util/rulefiles.h"
#include "walk/ignore.h"
#include "walk/walk.h"

#define ALLOWLIST_PATH ".rampart/secrets-allowlist"
#define ALLOWLIST_MAX ((size_t)1 << 20)
#define SNIPPET_CONTEXT 120   /* bytes of the line kept on each side of the secret */
#define MASK_MAX 96
#define VERIFY_TIMEOUT_MS 8000L

typedef struct {
	char *rule_id;            /* "*" or an id without the "secrets/" prefix */
	char hash[65];
} allow_hash;

typedef struct {
	const scan_secret_engine *engine; /* the scan's */
	allow_hash *hashes;
	size_t hash_count, hash_cap;
	scan_ignore *paths;       /* the allowlist's path entries, in gitignore syntax */
	bool verify;
} secrets_state;

static bool is_hex64(const char *s)
{
	if (strlen(s) != 64)
		return false;
	for (; *s; s++)
		if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f')))
			return false;
	return true;
}

/* ".rampart/secrets-allowlist": "rule-id:sha256", "*:sha256" or a path glob per line; '#' comments. */
static int load_allowlist(secrets_state *st, const char *root)
{
	char *text = NULL, *line, *next;
	size_t len;
	int rc = 0, root_fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (root_fd < 0)
		goto done;
	/*
	 * The one bounded reader, below the root (.rampart a link out of the
	 * tree is no allowlist). No allowlist is the common case; one that is
	 * not a regular file is none.
	 */
	if ((rc = scan_util__read_file_at(&text, &len, root_fd, ALLOWLIST_PATH, ALLOWLIST_PATH, ALLOWLIST_MAX,
	                                  SCAN_FILE_NOFOLLOW | SCAN_FILE_OPTIONAL)) != 0) {
		rc = rc == SCAN_ENOMEM ? rc : 0;
		goto done;
	}
	for (line = text; line && *line && !rc; line = next) {
		char *colon, *end;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		while (*line == ' ' || *line == '\t')
			line++;
		for (end = line + strlen(line); end > line && (end[-1] == ' ' || end[-1] == '\r' || end[-1] == '\t');)
			*--end = '\0';
		if (!*line || *line == '#')
			continue;
		colon = strrchr(line, ':');
		if (colon && is_hex64(colon + 1)) {
			allow_hash *n;
			if (scan_array_reserve(&st->hashes, &st->hash_cap, st->hash_count + 1, sizeof(*st->hashes))) {
				rc = SCAN_ENOMEM;
				break;
			}
			n = st->hashes;
			*colon = '\0';
			if (!strncmp(line, "secrets/", 8))
				line += 8;
			if (!(n[st->hash_count].rule_id = strdup(line))) {
				rc = scan_error__oom();
				break;
			}
			memcpy(n[st->hash_count].hash, colon + 1, 65);
			st->hash_count++;
		} else {
			if (!st->paths && (rc = scan_ignore__new(&st->paths)) != 0)
				break;
			rc = scan_ignore__add_rule(st->paths, line);
		}
	}
done:
	free(text);
	if (root_fd >= 0)
		close(root_fd);
	return rc;
}

static void secrets_free(void *state)
{
	secrets_state *st = state;

	if (!st)
		return;
	for (size_t i = 0; i < st->hash_count; i++)
		free(st->hashes[i].rule_id);
	free(st->hashes);
	scan_ignore__free(st->paths);
	free(st);
}

static int secrets_init(void **state, const scan_analyzer_ctx *ctx)
{
	secrets_state *st = calloc(1, sizeof(*st));
	int rc;

	if (!st)
		return scan_error__oom();
	st->verify = ctx->verify;
	st->engine = ctx->secret_engine;
	if (ctx->root && (rc = load_allowlist(st, ctx->root)) != 0) {
		secrets_free(st);
		return rc;
	}
	*state = st;
	return 0;
}

static int secrets_worker_init(void **wstate, void *state)
{
	secrets_state *st = state;

	return scan_secrets__scratch_new((scan_secret_scratch **)wstate, st->engine);
}

static void secrets_worker_free(void *wstate)
{
	scan_secrets__scratch_free(wstate);
}

typedef struct {
	const secrets_state *st;
	scan_sink *sink;
	const char *path;
} file_ctx;

static bool hash_allowed(const secrets_state *st, const char *rule, const char *hash)
{
	for (size_t i = 0; i < st->hash_count; i++)
		if (!strcmp(st->hashes[i].hash, hash) &&
		    (!strcmp(st->hashes[i].rule_id, "*") || !strcmp(st->hashes[i].rule_id, rule)))
			return true;
	return false;
}

/* The secret's line with the secret masked, cut to some context on each side. */
static int build_snippet(scan_buf *out, const scan_secret_match *m, const scan_secret_input *in, const char *mask)
{
	size_t le = m->start, from = m->line_start, to;

	while (le < in->len && in->data[le] != '\n')
		le++;
	if (m->start - from > SNIPPET_CONTEXT)
		from = m->start - SNIPPET_CONTEXT;
	to = m->end < le ? m->end : le;
	scan_buf_put(out, in->data + from, m->start - from);
	scan_buf_puts(out, mask);
	if (m->end < le) {
		size_t tail = le - to > SNIPPET_CONTEXT ? SNIPPET_CONTEXT : le - to;
		scan_buf_put(out, in->data + to, tail);
	}
	/* A line may still hold another secret of another rule: it is masked in its own finding. */
	for (size_t i = 0; i < out->size; i++)
		if ((unsigned char)out->ptr[i] < 0x20 && out->ptr[i] != '\t')
			out->ptr[i] = ' ';
	return scan_buf_failed(out);
}

static int on_secret(const scan_secret_match *m, const scan_secret_input *in, void *payload)
{
	file_ctx *fc = payload;
	const scan_secret_rule *r = m->rule;
	char hash[65], mask[MASK_MAX];
	scan_buf snippet = SCAN_BUF_INIT, desc = SCAN_BUF_INIT;
	scan_secret_verdict verdict = SECRET_VERIFY_UNKNOWN;
	scan_severity severity = r->severity;
	unsigned confidence = m->confidence;
	int rc;

	scan_util__sha256_hex(hash, in->data + m->start, m->end - m->start);
	if (hash_allowed(fc->st, r->id, hash))
		return 0;
	scan_secrets__mask(mask, sizeof(mask), in->data + m->start, m->end - m->start);
	if ((rc = build_snippet(&snippet, m, in, mask)) != 0)
		goto done;
	scan_buf_printf(&desc, "A %s (%s) is committed in this file: %s. Anyone who can read the repository, "
	                "a clone of it or its history can use it.", r->name, r->provider, mask);
	if (fc->st->verify && r->verify_url) {
		long status = 0;
		verdict = scan_secrets__verify(r, in->data + m->start, m->end - m->start, VERIFY_TIMEOUT_MS, &status);
		if (verdict == SECRET_VERIFY_LIVE) {
			confidence = 100;
			scan_buf_printf(&desc, " Verified live: the provider accepted it (HTTP %ld).", status);
		} else if (verdict == SECRET_VERIFY_DEAD) {
			/* Revoked or expired: still to be removed, but no longer an open door. */
			severity = severity > SCAN_SEV_LOW ? severity - 1 : SCAN_SEV_LOW;
			scan_buf_printf(&desc, " The provider rejected it (HTTP %ld): it looks revoked or expired.", status);
		}
	}
	if ((rc = scan_buf_failed(&desc)) != 0)
		goto done;
	{
		scan_finding_draft d = {
			.rule_id = r->rule_id,
			.title = r->name,
			.description = desc.ptr,
			.remediation = r->remediation,
			.cwe_id = r->cwe,
			.severity = severity,
			.category = SCAN_CAT_SECRET,
			.confidence = confidence,
			.cvss_score = -1,
			.line = m->line,
			.column = m->column,
			.snippet = snippet.ptr,
			.snippet_len = snippet.size,
			.secret_hash = hash,
			.verified = fc->st->verify ? scan_secrets__verdict_name(verdict) : NULL,
		};
		/*
		 * An AI provider's credential is also the AI attack surface's AI001
		 * (LLM02); any other credential in a prompt or agent-instruction file
		 * is AI019 (LLM07): the model hands it to whoever asks.
		 */
		if (scan_aiasset__ai_secret_rule(r->rule_id) ||
		    scan_aiasset__prompt_file(fc->path) != SCAN_PROMPT_FILE_NONE) {
			const scan_ai_rule *ai = scan_aiasset__rule(scan_aiasset__ai_secret_rule(r->rule_id) ? "AI001" : "AI019");
			d.ai_rule = ai->id;
			d.owasp = ai->owasp;
		}
		rc = scan_analyzers__emit(fc->sink, fc->path, &d);
	}
done:
	scan_buf_dispose(&snippet);
	scan_buf_dispose(&desc);
	return rc;
}

/* Like the walker: a file is allowed when it, or a directory above it, matches. */
static bool path_allowed(const scan_ignore *paths, const char *path)
{
	char dir[SCAN_WALK_PATH_MAX + 1];
	size_t len = strlen(path);

	if (!paths || len > SCAN_WALK_PATH_MAX)
		return false;
	memcpy(dir, path, len + 1);
	for (char *s = strchr(dir, '/'); s; s = strchr(s + 1, '/')) {
		bool hit;
		*s = '\0';
		hit = scan_ignore__match(paths, dir, true);
		*s = '/';
		if (hit)
			return true;
	}
	return scan_ignore__match(paths, dir, false);
}

static int secrets_file(void *state, void *wstate, const scan_file *f, scan_sink *sink)
{
	const secrets_state *st = state;
	scan_secret_input in = { f->path, f->data, f->len, false };
	file_ctx fc = { st, sink, f->path };

	const scan_secret_rule *limited;
	const char *why;
	int rc;

	if (path_allowed(st->paths, f->path))
		return 0;
	if ((rc = scan_secrets__scan(st->engine, wstate, &in, on_secret, &fc)) != 0)
		return rc;
	if ((why = scan_secrets__scan_limit(wstate, &limited)) != NULL) {
		scan_buf msg = SCAN_BUF_INIT;
		if (limited)
			scan_buf_printf(&msg, "secret rule %s %s; the file was searched no further for it", limited->rule_id, why);
		else
			scan_buf_printf(&msg, "secret search: %s", why);
		rc = scan_buf_failed(&msg) ? scan_error__oom() : scan_analyzers__emit_skip(sink, f->path, msg.ptr);
		scan_buf_dispose(&msg);
	}
	return rc;
}

const scan_analyzer scan_analyzers__analyzer_secrets = {
	.info = {
		.name = "secrets",
		.version = "1.0.0",
		.description = "leaked credentials: provider tokens with checksum and structure checks, "
		               "private keys, connection strings and generic secrets",
		.default_enabled = true,
	},
	.wants = SCAN_WANT_TEXT | SCAN_WANT_HISTORY,
	.init = secrets_init,
	.worker_init = secrets_worker_init,
	.file = secrets_file,
	.worker_free = secrets_worker_free,
	.free = secrets_free,
};
