/* lib/aiasset/rules.c - the 25 AI attack-surface rules (notes §3.3), and which part of Rampart detects each */
#include <string.h>
#include "aiasset/rules.h"

#define C SCAN_SEV_CRITICAL
#define H SCAN_SEV_HIGH
#define M SCAN_SEV_MEDIUM
#define L SCAN_SEV_LOW

static const scan_ai_rule rules[] = {
	{ "AI001", "LLM02", C, "CWE-798", "AI provider credential written out in code or configuration", "analyzer" },
	{ "AI002", "LLM03", M, "CWE-1104", "model id that the provider may point at another model", "analyzer" },
	{ "AI003", "LLM03", H, NULL, "provider outside the organization's allow-list", "policy" },
	{ "AI004", "LLM03", H, NULL, "model the organization denies", "policy" },
	{ "AI005", "LLM03", M, NULL, "AI asset not approved while approval is required", "policy" },
	{ "AI006", "LLM03", H, "CWE-494", "model loaded with its repository's own code (trust_remote_code)", "rules" },
	{ "AI007", "LLM03", H, "CWE-502", "model file deserialized with pickle", "rules" },
	{ "AI008", "LLM08", H, "CWE-502", "vector index loaded with pickle", "rules" },
	{ "AI009", "LLM01", H, "CWE-77", "untrusted input in a system prompt", "rules" },
	{ "AI010", "LLM01", M, "CWE-1007", "hidden characters in a prompt or agent-instruction file", "analyzer" },
	{ "AI011", "LLM05", C, "CWE-95", "model output executed as code or a command", "rules" },
	{ "AI012", "LLM05", H, "CWE-79", "model output rendered as HTML without escaping", "rules" },
	{ "AI013", "LLM05", H, "CWE-89", "model output in SQL text", "rules" },
	{ "AI014", "LLM06", H, "CWE-250", "agent given a shell or code-execution tool", "rules" },
	{ "AI015", "LLM06", M, "CWE-250", "agent given unrestricted network or file-write tools", "rules" },
	{ "AI016", "LLM06", H, "CWE-306", "MCP server over HTTP without authentication or on every interface", "rules" },
	{ "AI017", "LLM03", M, "CWE-829", "MCP server launched from an unpinned package or reached over plaintext or a tunnel", "analyzer" },
	{ "AI018", "LLM06", M, "CWE-732", "MCP filesystem server given the whole disk or home directory", "analyzer" },
	{ "AI019", "LLM07", H, "CWE-200", "credential or internal address in a prompt", "analyzer" },
	{ "AI020", "LLM07", L, "CWE-602", "access rule enforced only by the prompt", "analyzer" },
	{ "AI021", "LLM08", M, "CWE-319", "vector store reached without authentication or over plaintext", "rules" },
	{ "AI022", "LLM02", M, "CWE-359", "personal data sent to a model provider or prompts logged", "rules" },
	{ "AI023", "LLM04", M, "CWE-345", "dataset pulled without a pinned revision", "analyzer" },
	{ "AI024", "LLM10", L, "CWE-770", "model call without an output cap, or with a user-chosen model or cap", "rules" },
	{ "AI025", "LLM09", L, "CWE-20", "model output drives a decision without validation", "rules" },
};

const scan_ai_rule *scan_aiasset__rule(const char *id)
{
	if (!strncmp(id, "ai/", 3))
		id += 3;
	for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if (!strcmp(rules[i].id, id))
			return &rules[i];
	return NULL;
}

const scan_ai_rule *scan_aiasset__rules(size_t *n)
{
	*n = sizeof(rules) / sizeof(rules[0]);
	return rules;
}

bool scan_aiasset__ai_secret_rule(const char *rule_id)
{
	/* the secrets pack's rules for AI providers' credentials (rules/secrets/) */
	static const char *const prefixes[] = { "openai-", "anthropic-", "cohere-", "deepseek-", "groq-", "huggingface-",
		"mistral-", "perplexity-", "pinecone-", "replicate-", "together-", "xai-", "google-gemini-", "azure-openai-",
		"azure-cognitive-services-", /* Azure AI services: Azure OpenAI among them */
		NULL };

	if (!strncmp(rule_id, "secrets/", 8))
		rule_id += 8;
	for (size_t i = 0; prefixes[i]; i++)
		if (!strncmp(rule_id, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

