/* lib/analyzers/ai.c - the AI assets of a repository, and the findings its configuration and files show */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "aiasset/configmodels.h"
#include "aiasset/detect.h"
#include "aiasset/envvars.h"
#include "aiasset/inventory.h"
#include "aiasset/mcpconfig.h"
#include "aiasset/prompts.h"
#include "aiasset/rules.h"
#include "analyzers/sink.h"
#include "lockfile/lockfile.h"
#include "parse/language.h"
#include "parse/notebook.h"
#include "scan/buf.h"
#include "util/beneath.h"
#include "util/digest.h"
#include "util/error.h"

/* A model file is hashed up to this size; a larger one is listed with its size and the reason it was not. */
#define AI_HASH_MAX ((uint64_t)512 << 20)
/* Environment files are small; a 10 MB .env is not one. */
#define AI_ENV_FILE_MAX ((size_t)1 << 20)

typedef struct {
	const char *root;
	int root_fd;
	pthread_mutex_t lock;            /* over everything below */
	scan_ai_builder b;
	scan_envvars env;
	scan_ai_model_refs refs;
	scan_ai_builder *done;           /* finalize(): handed to the result */
} ai_state;

typedef struct {
	scan_buf tmp;
} ai_worker;

static int ai_init(void **state, const scan_analyzer_ctx *ctx)
{
	ai_state *st = calloc(1, sizeof(*st));

	if (!st)
		return scan_error__oom();
	st->root = ctx->root;
	st->root_fd = ctx->root ? open(ctx->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
	pthread_mutex_init(&st->lock, NULL);
	scan_aiasset__builder_init(&st->b);
	*state = st;
	return 0;
}

static void ai_free(void *state)
{
	ai_state *st = state;

	if (!st)
		return;
	if (st->root_fd >= 0)
		close(st->root_fd);
	scan_aiasset__builder_dispose(&st->b);
	scan_aiasset__envvars_dispose(&st->env);
	scan_aiasset__model_refs_dispose(&st->refs);
	pthread_mutex_destroy(&st->lock);
	free(st);
}

static int ai_worker_init(void **wstate, void *state)
{
	ai_worker *w = calloc(1, sizeof(*w));

	(void)state;
	if (!w)
		return scan_error__oom();
	scan_buf_init(&w->tmp, (size_t)1 << 20);
	*wstate = w;
	return 0;
}

static void ai_worker_free(void *wstate)
{
	ai_worker *w = wstate;

	if (!w)
		return;
	scan_buf_dispose(&w->tmp);
	free(w);
}

/* One finding of an analyzer-side rule, its severity, CWE and OWASP entry from the rule table. */
static int emit_quoting(scan_sink *sink, const char *path, const char *rule, unsigned line, const char *snippet,
                        const char *title, const char *description, const char *remediation, unsigned confidence)
{
	const scan_ai_rule *r = scan_aiasset__rule(rule);
	char rule_id[16];
	scan_finding_draft d;

	snprintf(rule_id, sizeof(rule_id), "ai/%s", rule);
	memset(&d, 0, sizeof(d));
	d.rule_id = rule_id;
	d.title = title;
	d.description = description;
	d.remediation = remediation;
	d.cwe_id = r ? r->cwe : NULL;
	d.severity = r ? r->severity : SCAN_SEV_MEDIUM;
	d.category = SCAN_CAT_AI;
	d.ai_rule = r ? r->id : NULL;
	d.owasp = r ? r->owasp : NULL;
	d.confidence = confidence;
	d.cvss_score = -1;
	d.line = line ? line : 1;
	d.snippet = snippet;
	d.snippet_len = snippet ? strlen(snippet) : 0;
	return scan_analyzers__emit(sink, path, &d);
}

static int emit(scan_sink *sink, const char *path, const char *rule, unsigned line, const char *title,
                const char *description, const char *remediation, unsigned confidence)
{
	return emit_quoting(sink, path, rule, line, line ? scan_analyzers__quote(sink, line) : NULL, title, description,
	                    remediation, confidence);
}

typedef struct {
	scan_sink *sink;
	const scan_notebook *nb;         /* a notebook's lines are quoted from its joined code */
	scan_buf *tmp;
} quote_ctx;

static const char *quote(void *ctx, unsigned line)
{
	quote_ctx *q = ctx;
	const char *s, *e;

	if (!q->nb)
		return scan_analyzers__quote(q->sink, line);
	/* a notebook's line is the .ipynb file's: the joined code's line holding it, "cell N, line M: code" */
	if (!(line = scan_parse__notebook_code_line(q->nb, line)))
		return NULL;
	s = q->nb->code.ptr;
	for (unsigned i = 1; i < line && s; i++)
		s = (s = strchr(s, '\n')) ? s + 1 : NULL;
	if (!s || line > q->nb->lines)
		return NULL;
	e = s + strcspn(s, "\n");
	scan_buf_clear(q->tmp);
	if (scan_buf_printf(q->tmp, "cell %u, line %u: %.*s", q->nb->line_cell[line - 1] + 1, q->nb->line_of[line - 1],
	                    (int)(e - s > 200 ? 200 : e - s), s))
		return NULL;
	return q->tmp->ptr;
}

/* --- MCP client configurations ------------------------------------------------------------- */

static const char *mcp_client_name(const char *path)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;

	if (!strcmp(base, "claude_desktop_config.json"))
		return "Claude Desktop";
	if (!strcmp(base, "cline_mcp_settings.json"))
		return "Cline";
	if (strstr(path, ".cursor/"))
		return "Cursor";
	if (strstr(path, ".vscode/"))
		return "VS Code";
	if (!strcmp(base, ".mcp.json"))
		return "Claude Code";
	return "MCP client";
}

/*
 * A configuration line with every string value after a ':' of 8 bytes or
 * more cut to its first 4 and "****": the reader keeps no credential's
 * value, so the secrets engine may not know one to mask, and a quote must
 * not give it away. NULL passes through.
 */
static const char *mask_values(scan_buf *out, const char *line)
{
	const char *p = line;

	if (!line)
		return NULL;
	scan_buf_clear(out);
	while (*p) {
		const char *q = p;
		if (*p == ':') {
			q = p + 1;
			while (*q == ' ' || *q == '\t')
				q++;
		}
		if (q != p && *q == '"') {
			const char *e = q + 1;
			while (*e && *e != '"')
				e += e[0] == '\\' && e[1] ? 2 : 1;
			if (scan_buf_put(out, p, (size_t)(q - p) + 1))
				return NULL;
			if (e - (q + 1) >= 8) {
				if (scan_buf_put(out, q + 1, 4) || scan_buf_puts(out, "****"))
					return NULL;
			} else if (scan_buf_put(out, q + 1, (size_t)(e - (q + 1)))) {
				return NULL;
			}
			p = e;
			continue;
		}
		if (scan_buf_putc(out, *p++))
			return NULL;
	}
	return out->ptr;
}

/* A line of an MCP configuration as evidence or a finding's snippet: always value-masked (mask_values). */
static const char *mcp_quote(ai_worker *w, scan_sink *sink, unsigned line)
{
	return mask_values(&w->tmp, scan_analyzers__quote(sink, line));
}

static int mcp_file(ai_state *st, ai_worker *w, const scan_file *f, scan_sink *sink)
{
	scan_mcp_config cfg;
	scan_buf id = SCAN_BUF_INIT, cid = SCAN_BUF_INIT, name = SCAN_BUF_INIT;
	int rc;
	size_t client, slot;

	rc = scan_aiasset__mcp_config_read(&cfg, (const char *)f->data, f->len, f->path);
	if (rc == SCAN_EPARSE || rc == SCAN_ELIMIT) {
		char msg[300];
		snprintf(msg, sizeof(msg), "MCP configuration not read: %s", scan_error_last()->message);
		pthread_mutex_lock(&st->lock);
		rc = scan_aiasset__gap(&st->b, f->path, 0, msg);
		pthread_mutex_unlock(&st->lock);
		scan_aiasset__mcp_config_dispose(&cfg);
		return rc ? rc : scan_analyzers__emit_skip(sink, f->path, msg);
	}
	if (rc) {
		scan_aiasset__mcp_config_dispose(&cfg);
		return rc;
	}
	pthread_mutex_lock(&st->lock);
	if (!(rc = scan_aiasset__identity(&cid, "mcp_client", NULL, f->path, false)) &&
	    !(rc = scan_buf_printf(&name, "%s (%s)", mcp_client_name(f->path), f->path))) {
		scan_ai_asset a = { .identity = cid.ptr, .type = "mcp_client", .name = name.ptr, .confidence = 95,
		                    .used_in_code = true };
		if (!(rc = scan_aiasset__add(&st->b, &a, &client)))
			rc = scan_aiasset__evidence(&st->b, client, f->path, 0, "config", NULL);
	}
	for (size_t i = 0; i < cfg.count && !rc; i++) {
		const scan_mcp_server *s = &cfg.servers[i];
		static const char *const transports[] = { "stdio", "http", "sse" };
		scan_ai_asset a;
		memset(&a, 0, sizeof(a));
		if ((rc = scan_aiasset__identity(&id, "mcp_server", NULL, s->name, false)) != 0)
			break;
		a.identity = id.ptr, a.type = "mcp_server", a.name = s->name, a.confidence = 95, a.used_in_code = true;
		a.transport = transports[s->transport];
		a.package = s->package;
		if (!(rc = scan_aiasset__add(&st->b, &a, &slot)) &&
		    !(rc = scan_aiasset__evidence(&st->b, slot, f->path, s->line, "config", mcp_quote(w, sink, s->line))))
			rc = scan_aiasset__relate(&st->b, cid.ptr, s->transport == SCAN_MCP_STDIO ? "launches" : "connects_to",
			                          id.ptr);
	}
	pthread_mutex_unlock(&st->lock);
	for (size_t i = 0; i < cfg.count && !rc; i++) {
		const scan_mcp_server *s = &cfg.servers[i];
		char title[300];
		if (s->package && !s->package_pinned) {
			snprintf(title, sizeof(title), "MCP server '%.100s' runs %.100s at whatever version is newest", s->name,
			         s->package);
			rc = emit_quoting(sink, f->path, "AI017", s->line, mcp_quote(w, sink, s->line), title,
			          "The client fetches and runs the package each time it starts the server: a new release, "
			          "or a compromised one, runs with the client's access without review.",
			          "Pin the package to an exact version (npx -y pkg@1.2.3, uvx pkg==1.2.3) or an image digest.", 90);
		}
		if (!rc && (s->plaintext_url || s->tunnel_url)) {
			snprintf(title, sizeof(title), "MCP server '%.100s' is reached %s", s->name,
			         s->tunnel_url ? "through a public tunnel" : "over plaintext HTTP");
			rc = emit_quoting(sink, f->path, "AI017", s->line, mcp_quote(w, sink, s->line), title,
			          "Tool calls, their results and any credentials in headers travel where others can read or "
			          "change them.",
			          "Use https to a host you control; do not expose MCP servers through ad-hoc tunnels.", 90);
		}
		if (!rc && s->broad_filesystem) {
			snprintf(title, sizeof(title), "MCP filesystem server '%.100s' is given the whole disk or home directory",
			         s->name);
			rc = emit_quoting(sink, f->path, "AI018", s->line, mcp_quote(w, sink, s->line), title,
			          "Whatever the model is talked into reading or writing, it can, anywhere the user can.",
			          "Give the server only the project directories it needs.", 90);
		}
		if (!rc && s->literal_secrets) {
			snprintf(title, sizeof(title), "MCP server '%.100s' has a credential written into its configuration",
			         s->name);
			unsigned line = s->literal_secret_line ? s->literal_secret_line : s->line;
			rc = emit_quoting(sink, f->path, "AI001", line, mcp_quote(w, sink, line), title,
			          "The credential is readable by everyone with the repository, and by every tool that reads the "
			          "configuration.",
			          "Reference it from the environment (\"${env:API_KEY}\" or the client's input variables) and "
			          "rotate the one committed.", 90);
		}
	}
	scan_buf_dispose(&id);
	scan_buf_dispose(&cid);
	scan_buf_dispose(&name);
	scan_aiasset__mcp_config_dispose(&cfg);
	return rc;
}

/* --- environment, containers --------------------------------------------------------------- */

/* Variables that say an application talks to a provider. */
static const struct { const char *name; const char *ecosystem, *package; } env_signals[] = {
	{ "OPENAI_API_KEY", "PyPI", "openai" }, { "ANTHROPIC_API_KEY", "PyPI", "anthropic" },
	{ "GEMINI_API_KEY", "PyPI", "google-genai" }, { "GOOGLE_API_KEY", "PyPI", "google-genai" },
	{ "MISTRAL_API_KEY", "PyPI", "mistralai" }, { "CO_API_KEY", "PyPI", "cohere" },
	{ "COHERE_API_KEY", "PyPI", "cohere" }, { "GROQ_API_KEY", "PyPI", "groq" },
	{ "AZURE_OPENAI_ENDPOINT", "NuGet", "Azure.AI.OpenAI" }, { "AZURE_OPENAI_API_KEY", "NuGet", "Azure.AI.OpenAI" },
	{ "PINECONE_API_KEY", "PyPI", "pinecone" }, { "HF_TOKEN", "PyPI", "huggingface-hub" },
};

static int env_file_signals(ai_state *st, const scan_file *f, scan_sink *sink)
{
	int rc = 0;
	size_t slot;

	for (size_t i = 0; i < st->env.count && !rc; i++) {
		const struct scan_envvar_def *d = &st->env.defs[i];
		if (strcmp(d->path, f->path))
			continue;
		for (size_t k = 0; k < sizeof(env_signals) / sizeof(env_signals[0]); k++) {
			const scan_ai_package_signal *s;
			if (strcmp(d->name, env_signals[k].name) ||
			    !(s = scan_aiasset__package_signal(env_signals[k].ecosystem, env_signals[k].package)))
				continue;
			if (!(rc = scan_aiasset__add_signal(&st->b, s, false, NULL, &slot))) {
				st->b.slots[slot].a.confidence = st->b.slots[slot].a.confidence < 60 ? 60 : st->b.slots[slot].a.confidence;
				rc = scan_aiasset__evidence(&st->b, slot, f->path, d->line, "env", scan_analyzers__quote(sink, d->line));
			}
		}
	}
	return rc;
}

/* Container images that serve models: Compose services and Dockerfile stages. */
static const struct { const char *image, *name; scan_ai_provider provider; } model_servers[] = {
	{ "ollama/ollama", "Ollama", SCAN_AI_PROVIDER_OLLAMA },
	{ "vllm/vllm-openai", "vLLM", SCAN_AI_PROVIDER_UNKNOWN },
	{ "ghcr.io/huggingface/text-generation-inference", "Text Generation Inference", SCAN_AI_PROVIDER_HUGGINGFACE },
	{ "ghcr.io/ggerganov/llama.cpp", "llama.cpp", SCAN_AI_PROVIDER_UNKNOWN },
	{ "ghcr.io/ggml-org/llama.cpp", "llama.cpp", SCAN_AI_PROVIDER_UNKNOWN },
	{ "localai/localai", "LocalAI", SCAN_AI_PROVIDER_UNKNOWN },
	{ "ghcr.io/berriai/litellm", "LiteLLM", SCAN_AI_PROVIDER_LITELLM },
};

static int container_images(ai_state *st, const scan_file *f, scan_sink *sink, bool dockerfile)
{
	const char *s = (const char *)f->data, *end = s + f->len;
	unsigned line = 1;
	int rc = 0;

	for (; s < end && !rc; line++) {
		const char *e = memchr(s, '\n', (size_t)(end - s));
		const char *p = s;
		size_t n;
		if (!e)
			e = end;
		while (p < e && (*p == ' ' || *p == '\t' || *p == '-'))
			p++;
		n = (size_t)(e - p);
		if ((dockerfile && n > 5 && !strncasecmp(p, "FROM ", 5)) || (!dockerfile && n > 6 && !strncmp(p, "image:", 6))) {
			p += dockerfile ? 5 : 6;
			while (p < e && (*p == ' ' || *p == '"' || *p == '\''))
				p++;
			for (size_t k = 0; k < sizeof(model_servers) / sizeof(model_servers[0]) && !rc; k++) {
				size_t il = strlen(model_servers[k].image);
				scan_ai_asset a;
				scan_buf id = SCAN_BUF_INIT;
				size_t slot;
				if ((size_t)(e - p) < il || strncmp(p, model_servers[k].image, il) ||
				    (p + il < e && p[il] != ':' && p[il] != '@' && p[il] != ' ' && p[il] != '"' && p[il] != '\'' &&
				     p[il] != '\r'))
					continue;
				memset(&a, 0, sizeof(a));
				if ((rc = scan_aiasset__identity(&id, "runtime",
				                                 model_servers[k].provider ? scan_aiasset__provider_name(model_servers[k].provider) : NULL,
				                                 model_servers[k].name, true)) == 0) {
					a.identity = id.ptr, a.type = "runtime", a.name = model_servers[k].name, a.confidence = 90;
					a.provider = model_servers[k].provider ? scan_aiasset__provider_name(model_servers[k].provider) : NULL;
					a.used_in_code = true;
					if (!(rc = scan_aiasset__add(&st->b, &a, &slot)))
						rc = scan_aiasset__evidence(&st->b, slot, f->path, line, "config", scan_analyzers__quote(sink, line));
				}
				scan_buf_dispose(&id);
			}
		}
		s = e + 1;
	}
	return rc;
}

static bool has_suffix(const char *path, const char *suffix)
{
	size_t n = strlen(path), m = strlen(suffix);
	return n >= m && !strcasecmp(path + n - m, suffix);
}

static const char *base_of(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

static bool compose_or_manifest(const char *path)
{
	const char *b = base_of(path);
	return (has_suffix(b, ".yml") || has_suffix(b, ".yaml"));
}

static bool dockerfile(const char *path)
{
	const char *b = base_of(path);
	return !strcmp(b, "Dockerfile") || !strncmp(b, "Dockerfile.", 11) || has_suffix(b, ".dockerfile") ||
	       !strcmp(b, "Containerfile");
}

/* --- prompts -------------------------------------------------------------------------------- */

/* Phrases that put an access decision in the prompt's hands (AI020). */
static const char *const prompt_access_rules[] = {
	"only admins", "only administrators", "only the admin", "if the user is an admin", "never reveal",
	"do not reveal", "don't reveal", "never disclose", "do not disclose", "must not disclose",
	"only answer questions from", "unless the user is", NULL };

static const char *ci_find(const char *s, size_t n, const char *needle)
{
	size_t m = strlen(needle);
	for (size_t i = 0; i + m <= n; i++)
		if (!strncasecmp(s + i, needle, m))
			return s + i;
	return NULL;
}

/* An address inside an organization's network: private ranges, .internal, .corp, .local hosts. */
static const char *internal_address(const char *s, size_t n)
{
	static const char *const marks[] = { "://10.", "://192.168.", "://172.16.", "://172.17.", "://172.18.",
		"://172.19.", "://172.2", "://172.30.", "://172.31.", ".internal/", ".internal:", ".corp/", ".corp:",
		".local/", ".local:", ".intranet.", NULL };
	for (size_t k = 0; marks[k]; k++) {
		const char *p = ci_find(s, n, marks[k]);
		if (p)
			return p;
	}
	return NULL;
}

static unsigned line_at(const char *data, const char *p)
{
	unsigned line = 1;
	for (const char *s = data; s < p; s++)
		line += *s == '\n';
	return line;
}

static int prompt_file(ai_state *st, const scan_file *f, scan_sink *sink, scan_prompt_file kind)
{
	const char *data = (const char *)f->data, *p;
	scan_hidden_char hc;
	size_t nhidden = 0, slot;
	scan_buf id = SCAN_BUF_INIT;
	int rc;

	pthread_mutex_lock(&st->lock);
	if (!(rc = scan_aiasset__identity(&id, "prompt", NULL, f->path, false))) {
		scan_ai_asset a = { .identity = id.ptr, .type = "prompt", .name = f->path, .confidence = 90,
		                    .used_in_code = true };
		if (!(rc = scan_aiasset__add(&st->b, &a, &slot)))
			rc = scan_aiasset__evidence(&st->b, slot, f->path, 0, "file", NULL);
	}
	pthread_mutex_unlock(&st->lock);
	scan_buf_dispose(&id);
	if (rc)
		return rc;
	if (scan_aiasset__hidden_char(data, f->len, &hc, &nhidden)) {
		char title[200];
		snprintf(title, sizeof(title), "%zu hidden character%s in %s (first a %s, U+%04X)", nhidden,
		         nhidden == 1 ? "" : "s", kind == SCAN_PROMPT_FILE_INSTRUCTIONS ? "agent instructions" : "a prompt",
		         hc.kind, (unsigned)hc.codepoint);
		if ((rc = emit(sink, f->path, "AI010", hc.line, title,
		               "A model reads characters a reviewer does not see: instructions can be hidden in text that "
		               "looks harmless in review.",
		               "Remove the invisible characters (and find out who added them); reject them in review with a "
		               "pre-commit check.", 95)) != 0)
			return rc;
	}
	if ((p = internal_address(data, f->len))) {
		unsigned line = line_at(data, p);
		if ((rc = emit(sink, f->path, "AI019", line, "Internal address in a prompt",
		               "A prompt is not a secret: a model can be talked into repeating it, and with it the "
		               "network layout it names.",
		               "Keep internal hosts, credentials and configuration out of prompts; let the code call them.",
		               80)) != 0)
			return rc;
	}
	for (size_t k = 0; prompt_access_rules[k]; k++) {
		if ((p = ci_find(data, f->len, prompt_access_rules[k]))) {
			unsigned line = line_at(data, p);
			return emit(sink, f->path, "AI020", line, "An access rule is enforced only by the prompt",
			            "Telling the model who may see what does not stop it: a crafted input talks it out of the "
			            "rule.",
			            "Check the caller's rights in code before the model sees the data; treat the prompt as "
			            "public.", 80);
		}
	}
	return 0;
}

/* --- model artifacts ------------------------------------------------------------------------ */

static const char *const artifact_suffixes[] = {
	".gguf", ".ggml", ".safetensors", ".onnx", ".pt", ".pth", ".ckpt", ".pkl", ".joblib", ".h5", ".keras",
	".tflite", ".mlmodel", ".llamafile", NULL };

static bool artifact(const char *path)
{
	const char *b = base_of(path);
	for (size_t k = 0; artifact_suffixes[k]; k++)
		if (has_suffix(b, artifact_suffixes[k]))
			return true;
	return !strcmp(b, "pytorch_model.bin") || !strcmp(b, "tf_model.h5");
}

static int artifact_file(ai_state *st, const scan_file *f)
{
	char hex[65];
	const char *skipped = NULL;
	scan_buf id = SCAN_BUF_INIT;
	scan_ai_asset a;
	size_t slot;
	int rc;

	hex[0] = '\0';
	if (f->size > AI_HASH_MAX) {
		skipped = "over 512 MB: listed by size, not hashed";
	} else if (f->data && f->len == f->size) {
		scan_util__sha256_hex(hex, f->data, f->len);
	} else {
		int fd = st->root_fd >= 0 ? scan_util__open_beneath(st->root_fd, f->path, O_RDONLY | O_NOCTTY | O_NONBLOCK, NULL)
		                          : -1;
		struct stat sb;
		if (fd < 0 || fstat(fd, &sb) || !S_ISREG(sb.st_mode) || (uint64_t)sb.st_size > AI_HASH_MAX ||
		    scan_util__sha256_fd_hex(hex, fd))
			skipped = "could not be read to hash";
		if (fd >= 0)
			close(fd);
	}
	memset(&a, 0, sizeof(a));
	if ((rc = scan_aiasset__identity(&id, "model_artifact", NULL, f->path, false)) != 0)
		return rc;
	a.identity = id.ptr, a.type = "model_artifact", a.name = f->path, a.confidence = 95, a.used_in_code = true;
	a.sha256 = skipped ? NULL : hex;
	a.hash_skipped = skipped;
	a.size = f->size;
	pthread_mutex_lock(&st->lock);
	if (!(rc = scan_aiasset__add(&st->b, &a, &slot)))
		rc = scan_aiasset__evidence(&st->b, slot, f->path, 0, "artifact", NULL);
	if (!rc && skipped)
		rc = scan_aiasset__gap(&st->b, f->path, 0, skipped[0] == 'o' ? "model file over 512 MB: not hashed"
		                                                              : "model file could not be read to hash");
	pthread_mutex_unlock(&st->lock);
	scan_buf_dispose(&id);
	return rc;
}

/* --- code ----------------------------------------------------------------------------------- */

static int code_facts(ai_state *st, const scan_ai_code *c, scan_lang lang, const char *path, quote_ctx *q)
{
	int rc;

	if (c->truncated) {
		pthread_mutex_lock(&st->lock);
		rc = scan_aiasset__gap(&st->b, path, 0, "the file has more calls or imports than are read for AI assets");
		pthread_mutex_unlock(&st->lock);
		if (rc)
			return rc;
	}
	if (!c->nimports)
		return 0;
	pthread_mutex_lock(&st->lock);
	rc = scan_aiasset__detect_code(&st->b, c, lang, path, quote, q, &st->refs);
	pthread_mutex_unlock(&st->lock);
	return rc;
}

/* A notebook's facts at the .ipynb file's lines, as evidence and findings name them. */
static void remap_lines(scan_ai_code *c, const scan_notebook *nb)
{
#define MAP(l) scan_parse__notebook_file_line(nb, (l))
	for (size_t i = 0; i < c->nimports; i++)
		c->imports[i].line = MAP(c->imports[i].line);
	for (size_t i = 0; i < c->ncalls; i++) {
		c->calls[i].line = MAP(c->calls[i].line);
		for (size_t k = 0; k < c->calls[i].nargs; k++)
			c->calls[i].args[k].line = MAP(c->calls[i].args[k].line);
	}
	for (size_t i = 0; i < c->nbindings; i++)
		c->bindings[i].line = MAP(c->bindings[i].line);
	for (size_t i = 0; i < c->ndecorated; i++)
		c->decorated[i].line = MAP(c->decorated[i].line);
#undef MAP
}

static int notebook_file(ai_state *st, ai_worker *w, const scan_file *f, scan_sink *sink)
{
	const TSTree *tree;
	const char *reason = NULL;
	const scan_notebook *nb = scan_file_notebook(f, &tree, &reason);
	quote_ctx q = { sink, nb, &w->tmp };
	scan_ai_code c;
	int rc;

	if (reason) {
		pthread_mutex_lock(&st->lock);
		rc = scan_aiasset__gap(&st->b, f->path, 0, reason);
		pthread_mutex_unlock(&st->lock);
		return rc ? rc : scan_analyzers__emit_skip(sink, f->path, reason);
	}
	if (!nb)
		return 0;
	rc = scan_aiasset__code_read(&c, tree, SCAN_LANG_PYTHON, nb->code.ptr, nb->code.size);
	if (!rc) {
		remap_lines(&c, nb);
		rc = code_facts(st, &c, SCAN_LANG_PYTHON, f->path, &q);
	}
	scan_aiasset__code_dispose(&c);
	return rc;
}

/* The models a configuration file names, and a model server told to run the repository's code (AI006). */
static int config_file(ai_state *st, const scan_file *f, scan_sink *sink)
{
	scan_ai_config_models cm;
	int rc = scan_aiasset__config_models(&cm, f->path, (const char *)f->data, f->len);

	pthread_mutex_lock(&st->lock);
	for (size_t i = 0; i < cm.count && !rc; i++) {
		const scan_ai_config_model *m = &cm.models[i];
		scan_ai_model_ref ref;
		memset(&ref, 0, sizeof(ref));
		ref.file_path = f->path;
		ref.line = m->line;
		ref.snippet = scan_analyzers__quote(sink, m->line);
		ref.provider = m->provider;
		ref.id = m->id;
		ref.env = m->env;
		ref.fallback = m->fallback;
		ref.deployment = m->deployment;
		rc = scan_aiasset__model_ref_add(&st->b, &st->refs, &ref);
	}
	pthread_mutex_unlock(&st->lock);
	if (!rc && cm.trust_remote_code_line)
		rc = emit(sink, f->path, "AI006", cm.trust_remote_code_line,
		          "A model server runs the model repository's own code (--trust-remote-code)",
		          "The server executes Python shipped with the model: whoever can push to that repository runs code "
		          "in the server.",
		          "Drop --trust-remote-code, or pin the model to a reviewed commit (--revision) and vendor its code.", 90);
	scan_aiasset__config_models_dispose(&cm);
	return rc;
}

static bool code_language(scan_lang l)
{
	return l == SCAN_LANG_PYTHON || l == SCAN_LANG_JAVASCRIPT || l == SCAN_LANG_TYPESCRIPT || l == SCAN_LANG_TSX ||
	       l == SCAN_LANG_JAVA || l == SCAN_LANG_GO || l == SCAN_LANG_CSHARP;
}

static int ai_file(void *state, void *wstate, const scan_file *f, scan_sink *sink)
{
	ai_state *st = state;
	ai_worker *w = wstate;
	scan_prompt_file pk;
	int rc = 0;

	if (artifact(f->path))
		return f->in_test ? 0 : artifact_file(st, f);
	if (!f->data || f->is_binary)
		return 0;
	if (scan_aiasset__is_model_config(f->path) && !f->in_test && f->len <= AI_ENV_FILE_MAX &&
	    (rc = config_file(st, f, sink)) != 0)
		return rc;
	if (scan_aiasset__is_mcp_config(f->path))
		return mcp_file(st, w, f, sink);
	if (scan_aiasset__is_dotenv(f->path)) {
		if (f->len > AI_ENV_FILE_MAX)
			return 0;
		pthread_mutex_lock(&st->lock);
		if (!(rc = scan_aiasset__envvars_dotenv(&st->env, (const char *)f->data, f->len, f->path)))
			rc = env_file_signals(st, f, sink);
		pthread_mutex_unlock(&st->lock);
		return rc;
	}
	if (scan_parse__is_notebook(f->path))
		return f->in_test ? 0 : notebook_file(st, w, f, sink);
	if ((pk = scan_aiasset__prompt_file(f->path)) != SCAN_PROMPT_FILE_NONE)
		return f->in_test ? 0 : prompt_file(st, f, sink, pk);
	if (dockerfile(f->path)) {
		pthread_mutex_lock(&st->lock);
		rc = container_images(st, f, sink, true);
		pthread_mutex_unlock(&st->lock);
		return rc;
	}
	if (compose_or_manifest(f->path) && f->len <= AI_ENV_FILE_MAX) {
		pthread_mutex_lock(&st->lock);
		rc = scan_aiasset__envvars_yaml(&st->env, (const char *)f->data, f->len, f->path);
		if (rc == SCAN_EPARSE || rc == SCAN_ELIMIT)
			rc = 0; /* not a Compose or Kubernetes file this reader can use; other analyzers report YAML errors */
		if (!rc)
			rc = container_images(st, f, sink, false);
		pthread_mutex_unlock(&st->lock);
		return rc;
	}
	if (code_language(f->lang) && !f->in_test) {
		const char *reason = NULL;
		const TSTree *tree = scan_file_tree(f, &reason);
		scan_ai_code c;
		quote_ctx q = { sink, NULL, &w->tmp };
		if (!tree)
			return 0; /* the parse's skip is reported once, by the scan */
		rc = scan_aiasset__code_read(&c, tree, f->lang, (const char *)f->data, f->len);
		if (!rc)
			rc = code_facts(st, &c, f->lang, f->path, &q);
		scan_aiasset__code_dispose(&c);
	}
	return rc;
}

/* --- the whole repository ------------------------------------------------------------------- */

static int manifests(ai_state *st, const scan_sca_inventory *inv)
{
	int rc = 0;

	for (size_t i = 0; inv && i < inv->count && !rc; i++) {
		const scan_component *c = &inv->items[i];
		const scan_ai_package_signal *s = scan_aiasset__package_signal(scan_ecosystem_name(c->ecosystem), c->name);
		size_t slot;
		if (!s)
			continue;
		if (!(rc = scan_aiasset__add_signal(&st->b, s, true, c->version, &slot))) {
			char text[300];
			snprintf(text, sizeof(text), "%s %s", c->name, c->version ? c->version : "");
			rc = scan_aiasset__evidence(&st->b, slot, c->file, c->line, "manifest", text);
		}
	}
	return rc;
}

/* A floating model is AI002 (supply chain); a dataset pulled at whatever revision is newest, AI023 (poisoning). */
static int floating_finding(scan_sink *sink, const scan_ai_model_ref *r, const char *id, const char *why)
{
	char title[300];
	scan_finding_draft d;
	const scan_ai_rule *rule = scan_aiasset__rule(r->dataset ? "AI023" : "AI002");

	if (r->dataset)
		snprintf(title, sizeof(title), "Dataset '%.120s' is pulled without a pinned revision", id);
	else
		snprintf(title, sizeof(title), "Model '%.120s' is not pinned", id);
	memset(&d, 0, sizeof(d));
	d.rule_id = r->dataset ? "ai/AI023" : "ai/AI002";
	d.title = title;
	d.description = why;
	d.remediation = r->dataset ? "Pass revision= with the dataset's commit (40 hex digits)."
	                           : "Name a dated or versioned snapshot (gpt-4o-2024-08-06, claude-3-5-sonnet-20241022, "
	                             "gemini-1.5-pro-002) or, for Hugging Face, revision= with a commit hash.";
	d.cwe_id = rule->cwe;
	d.severity = rule->severity;
	d.category = SCAN_CAT_AI;
	d.ai_rule = rule->id;
	d.owasp = rule->owasp;
	d.confidence = r->id ? 90 : 85;
	d.cvss_score = -1;
	d.line = r->line;
	d.snippet = r->snippet;
	d.snippet_len = r->snippet ? strlen(r->snippet) : 0;
	return scan_analyzers__emit(sink, r->file_path, &d);
}

/* Each model a call names, its id resolved now that every environment file is read. */
static int resolve_models(ai_state *st, scan_sink *sink)
{
	int rc = 0;

	for (size_t i = 0; i < st->refs.count && !rc; i++) {
		const scan_ai_model_ref *r = &st->refs.refs[i];
		const struct scan_envvar_def *def = NULL;
		const char *id = r->id, *source = "call", *why = NULL;
		scan_ai_pinning pin;
		size_t slot;
		if (!id && r->env) {
			if ((id = scan_aiasset__envvars_get(&st->env, r->env, &def)))
				source = "env";
			else if ((id = r->fallback))
				source = "call";
		}
		if (!id) {
			char msg[300];
			if (scan_aiasset__envvars_defined(&st->env, r->env))
				snprintf(msg, sizeof(msg), "model id read from $%.100s, which the repository's environment files "
				         "define with two different values", r->env);
			else
				snprintf(msg, sizeof(msg), "model id read from $%.100s, which no environment file of the "
				         "repository defines", r->env);
			rc = scan_aiasset__gap(&st->b, r->file_path, r->line, msg);
			continue;
		}
		if ((rc = scan_aiasset__add_model(&st->b, r, id, source, &pin, &why, &slot)) != 0)
			break;
		if (def)
			rc = scan_aiasset__evidence(&st->b, slot, def->path, def->line, "env", NULL);
		if (!rc && pin == SCAN_AI_FLOATING)
			rc = floating_finding(sink, r, id, why);
	}
	return rc;
}

static int ai_finalize(void *state, scan_sink *sink)
{
	ai_state *st = state;
	const scan_ai_inventory *inv;
	int rc;

	if (sink->inventory && *sink->inventory)
		rc = manifests(st, *sink->inventory);
	else
		rc = scan_aiasset__gap(&st->b, NULL, 0, "dependency manifests not read for AI packages: the sca analyzer "
		                                        "did not run");
	if (!rc && st->env.full)
		rc = scan_aiasset__gap(&st->b, NULL, 0, "more environment definitions than are kept: some model ids may "
		                                        "be unresolved");
	if (!rc)
		rc = resolve_models(st, sink);
	if (!rc)
		rc = scan_aiasset__link_providers(&st->b);
	if (!rc)
		rc = scan_aiasset__finish(&st->b, &inv);
	if (rc)
		return rc;
	st->b.inv.manifests_read = sink->inventory && *sink->inventory;
	if (sink->ai) {
		/* hand the builder (and the inventory in it) to the result */
		scan_ai_builder *keep = malloc(sizeof(*keep));
		if (!keep)
			return scan_error__oom();
		*keep = st->b;
		keep->inv.assets = keep->assets;
		memset(&st->b, 0, sizeof(st->b));
		*sink->ai = keep;
	}
	return 0;
}

const scan_analyzer scan_analyzers__analyzer_ai = {
	.info = { "ai", "0.1.0", "AI assets (providers, models, agents, MCP servers, prompts, model files) and the "
	          "attack surface their configuration shows", true },
	.wants = SCAN_WANT_TEXT | SCAN_WANT_BINARY | SCAN_WANT_TOO_LARGE | SCAN_WANT_TREE,
	.init = ai_init,
	.worker_init = ai_worker_init,
	.file = ai_file,
	.finalize = ai_finalize,
	.worker_free = ai_worker_free,
	.free = ai_free,
};
