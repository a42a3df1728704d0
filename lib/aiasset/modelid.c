/* lib/aiasset/modelid.c - provider-aware model pinning: what in an identifier fixes the model */
#include <ctype.h>
#include <string.h>
#include "aiasset/modelid.h"

static const char *const provider_names[SCAN_AI_PROVIDER__COUNT] = {
	"unknown", "openai", "azure_openai", "anthropic", "google", "bedrock", "mistral", "cohere", "ollama",
	"huggingface", "litellm",
};

const char *scan_aiasset__provider_name(scan_ai_provider p)
{
	return (unsigned)p < SCAN_AI_PROVIDER__COUNT ? provider_names[p] : "unknown";
}

bool scan_aiasset__provider_parse(scan_ai_provider *out, const char *name)
{
	for (int i = 1; i < SCAN_AI_PROVIDER__COUNT; i++) {
		if (!strcmp(name, provider_names[i])) {
			*out = (scan_ai_provider)i;
			return true;
		}
	}
	return false;
}

static bool digits(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return n > 0;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

/* A part "-2024-08-06" (YYYY-MM-DD) or "-20241022" (YYYYMMDD) anywhere after the name. */
static bool has_date(const char *s)
{
	for (const char *p = strchr(s, '-'); p; p = strchr(p + 1, '-')) {
		const char *q = p + 1;
		if (digits(q, 4) && q[4] == '-' && digits(q + 5, 2) && q[7] == '-' && digits(q + 8, 2) &&
		    (q[10] == '\0' || !isdigit((unsigned char)q[10])) && !strncmp(q, "20", 2))
			return true;
		if (digits(q, 8) && !isdigit((unsigned char)q[8]) && !strncmp(q, "20", 2))
			return true;
	}
	return false;
}

/* The last "-" part is n digits: OpenAI's "-0613", Mistral's "-2411", Gemini's "-002". */
static bool last_part_digits(const char *s, size_t n)
{
	const char *p = strrchr(s, '-');

	return p && strlen(p + 1) == n && digits(p + 1, n);
}

static bool is_hex(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return strlen(s) == n;
}

/* "claude-sonnet-4-6", "claude-opus-4-6-...": the generation's major and minor from the first two number parts. */
static bool claude_from_4_6(const char *s)
{
	int nums[2], k = 0;

	for (const char *p = strchr(s, '-'); p && k < 2; p = strchr(p + 1, '-')) {
		const char *q = p + 1;
		size_t n = strspn(q, "0123456789");
		if (n && n <= 2 && (q[n] == '-' || q[n] == '\0' || q[n] == '.'))
			nums[k++] = (q[0] - '0') * (n == 2 ? 10 : 1) + (n == 2 ? q[1] - '0' : 0);
	}
	return k == 2 && (nums[0] > 4 || (nums[0] == 4 && nums[1] >= 6));
}

scan_ai_pinning scan_aiasset__pinning(scan_ai_provider p, const char *model, const char *revision, const char **why)
{
	if (!model || !*model) {
		*why = "No model identifier.";
		return SCAN_AI_PIN_UNKNOWN;
	}
	if (p == SCAN_AI_PROVIDER_LITELLM) {
		/* "anthropic/claude-3-5-sonnet-20240620": the provider before the slash decides. */
		const char *slash = strchr(model, '/');
		char name[32];
		scan_ai_provider inner;
		if (!slash || (size_t)(slash - model) >= sizeof(name)) {
			*why = "A LiteLLM model without its provider prefix.";
			return SCAN_AI_PIN_UNKNOWN;
		}
		memcpy(name, model, (size_t)(slash - model));
		name[slash - model] = '\0';
		if (!strcmp(name, "gemini") || !strcmp(name, "vertex_ai"))
			inner = SCAN_AI_PROVIDER_GOOGLE;
		else if (!strcmp(name, "azure"))
			inner = SCAN_AI_PROVIDER_AZURE_OPENAI;
		else if (!scan_aiasset__provider_parse(&inner, name))
			inner = SCAN_AI_PROVIDER_UNKNOWN;
		return scan_aiasset__pinning(inner, slash + 1, revision, why);
	}
	if (ends_with(model, "-latest") || ends_with(model, ":latest") || strstr(model, "-latest-")) {
		*why = "A \"latest\" alias: the provider moves it to new models.";
		return SCAN_AI_FLOATING;
	}
	switch (p) {
	case SCAN_AI_PROVIDER_OPENAI:
		if (has_date(model) || last_part_digits(model, 4)) {
			*why = "A dated snapshot.";
			return SCAN_AI_PINNED;
		}
		/* Embedding, speech and image models OpenAI publishes under one name, with no snapshots behind it. */
		if (!strncmp(model, "text-embedding-", 15) || !strcmp(model, "whisper-1") || !strncmp(model, "tts-1", 5) ||
		    !strcmp(model, "dall-e-2") || !strcmp(model, "dall-e-3")) {
			*why = "A model OpenAI publishes under one name only, with no snapshots to pin.";
			return SCAN_AI_PINNED;
		}
		*why = "An alias without a snapshot date: OpenAI points it at newer snapshots.";
		return SCAN_AI_FLOATING;
	case SCAN_AI_PROVIDER_ANTHROPIC:
		if (has_date(model)) {
			*why = "A dated model id.";
			return SCAN_AI_PINNED;
		}
		if (claude_from_4_6(model)) {
			*why = "From the Claude 4.6 generation on, a model id names one snapshot.";
			return SCAN_AI_PINNED;
		}
		*why = "An id without a date before the Claude 4.6 generation is an alias.";
		return SCAN_AI_FLOATING;
	case SCAN_AI_PROVIDER_GOOGLE:
		if (last_part_digits(model, 3)) {
			*why = "A stable version suffix.";
			return SCAN_AI_PINNED;
		}
		*why = "An auto-updated alias without a three-digit version.";
		return SCAN_AI_FLOATING;
	case SCAN_AI_PROVIDER_BEDROCK: {
		const char *v = strstr(model, "-v");
		if (v && isdigit((unsigned char)v[2])) {
			*why = "A versioned Bedrock model id.";
			return SCAN_AI_PINNED;
		}
		*why = "A Bedrock model id without a version.";
		return SCAN_AI_FLOATING;
	}
	case SCAN_AI_PROVIDER_MISTRAL:
		/* "mistral-large-2411": year and month. */
		if (has_date(model) || last_part_digits(model, 4)) {
			*why = "A dated model id.";
			return SCAN_AI_PINNED;
		}
		*why = "A model name without its release (YYMM) suffix.";
		return SCAN_AI_FLOATING;
	case SCAN_AI_PROVIDER_COHERE: {
		/* "command-r-08-2024": month and year. */
		size_t n = strlen(model);
		if (has_date(model) || (n > 8 && model[n - 8] == '-' && digits(model + n - 7, 2) && model[n - 5] == '-' &&
		                        digits(model + n - 4, 4))) {
			*why = "A dated model id.";
			return SCAN_AI_PINNED;
		}
		*why = "A model name without its release date.";
		return SCAN_AI_FLOATING;
	}
	case SCAN_AI_PROVIDER_OLLAMA: {
		const char *at = strchr(model, '@'), *colon = strrchr(model, ':');
		if (at && !strncmp(at + 1, "sha256:", 7)) {
			*why = "A content digest.";
			return SCAN_AI_PINNED;
		}
		if (colon && colon[1] && !strchr(colon, '/')) {
			*why = "An explicit tag (a digest pins it best).";
			return SCAN_AI_PINNED;
		}
		*why = "No tag: Ollama pulls whatever \"latest\" is.";
		return SCAN_AI_FLOATING;
	}
	case SCAN_AI_PROVIDER_HUGGINGFACE:
		if (revision && (is_hex(revision, 40) || is_hex(revision, 64))) {
			*why = "A commit revision.";
			return SCAN_AI_PINNED;
		}
		*why = revision ? "A revision that names a branch or tag, which can move." : "No revision: the repository's main branch, which can change.";
		return SCAN_AI_FLOATING;
	case SCAN_AI_PROVIDER_AZURE_OPENAI:
		*why = "An Azure deployment name: the model version is set in the deployment, not in code.";
		return SCAN_AI_PIN_UNKNOWN;
	default:
		*why = "The provider's naming is not known.";
		return SCAN_AI_PIN_UNKNOWN;
	}
}
