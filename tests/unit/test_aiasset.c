/* tests/unit/test_aiasset.c - model pinning per provider, notebooks as code, MCP client configurations */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "aiasset/envvars.h"
#include "aiasset/mcpconfig.h"
#include "aiasset/modelid.h"
#include "aiasset/prompts.h"
#include "aiasset/rules.h"
#include "aiasset/signals.h"
#include "parse/notebook.h"
#include "scan/common.h"

/* --- pinning ------------------------------------------------------------------ */

static void expect_pin(scan_ai_provider p, const char *model, const char *revision, scan_ai_pinning want)
{
	const char *why = NULL;
	scan_ai_pinning got = scan_aiasset__pinning(p, model, revision, &why);

	if (got != want)
		fail_msg("%s %s (revision %s): %d, expected %d (%s)", scan_aiasset__provider_name(p), model,
		         revision ? revision : "-", got, want, why);
	assert_non_null(why);
}

static void test_pinning_per_provider(void **state)
{
	(void)state;
	/* OpenAI: snapshots are dated; aliases float. */
	expect_pin(SCAN_AI_PROVIDER_OPENAI, "gpt-4o-2024-08-06", NULL, SCAN_AI_PINNED);
	expect_pin(SCAN_AI_PROVIDER_OPENAI, "gpt-4-0613", NULL, SCAN_AI_PINNED);
	expect_pin(SCAN_AI_PROVIDER_OPENAI, "gpt-3.5-turbo-0125", NULL, SCAN_AI_PINNED);
	expect_pin(SCAN_AI_PROVIDER_OPENAI, "gpt-4o", NULL, SCAN_AI_FLOATING);
	expect_pin(SCAN_AI_PROVIDER_OPENAI, "gpt-4o-mini", NULL, SCAN_AI_FLOATING);
	expect_pin(SCAN_AI_PROVIDER_OPENAI, "chatgpt-4o-latest", NULL, SCAN_AI_FLOATING);
	/* Anthropic: dated ids, and dateless ones from the 4.6 generation on; -latest floats. */
	expect_pin(SCAN_AI_PROVIDER_ANTHROPIC, "claude-3-5-sonnet-20241022", NULL, SCAN_AI_PINNED);
	expect_pin(SCAN_AI_PROVIDER_ANTHROPIC, "claude-sonnet-4-6", NULL, SCAN_AI_PINNED);
	expect_pin(SCAN_AI_PROVIDER_ANTHROPIC, "claude-opus-4-7", NULL, SCAN_AI_PINNED);
	expect_pin(SCAN_AI_PROVIDER_ANTHROPIC, "claude-3-5-sonnet-latest", NULL, SCAN_AI_FLOATING);
	expect_pin(SCAN_AI_PROVIDER_ANTHROPIC, "claude-sonnet-4-5", NULL, SCAN_AI_FLOATING);
	/* Gemini: a three-digit version. */
	expect_pin(SCAN_AI_PROVIDER_GOOGLE, "gemini-1.5-pro-002", NULL, SCAN_AI_PINNED);
	expect_pin(SCAN_AI_PROVIDER_GOOGLE, "gemini-1.5-pro", NULL, SCAN_AI_FLOATING);
	expect_pin(SCAN_AI_PROVIDER_GOOGLE, "gemini-pro", NULL, SCAN_AI_FLOATING);
	/* Bedrock ids carry a version. */
	expect_pin(SCAN_AI_PROVIDER_BEDROCK, "anthropic.claude-3-5-sonnet-20240620-v1:0", NULL, SCAN_AI_PINNED);
	expect_pin(SCAN_AI_PROVIDER_BEDROCK, "amazon.titan-text-express", NULL, SCAN_AI_FLOATING);
	/* Mistral YYMM, Cohere MM-YYYY. */
	expect_pin(SCAN_AI_PROVIDER_MISTRAL, "mistral-large-2411", NULL, SCAN_AI_PINNED);
	expect_pin(SCAN_AI_PROVIDER_MISTRAL, "mistral-large-latest", NULL, SCAN_AI_FLOATING);
	expect_pin(SCAN_AI_PROVIDER_COHERE, "command-r-08-2024", NULL, SCAN_AI_PINNED);
	expect_pin(SCAN_AI_PROVIDER_COHERE, "command-r", NULL, SCAN_AI_FLOATING);
	/* Ollama: a tag pins, a digest best; none or latest floats. */
	expect_pin(SCAN_AI_PROVIDER_OLLAMA, "llama3.1:8b", NULL, SCAN_AI_PINNED);
	expect_pin(SCAN_AI_PROVIDER_OLLAMA, "llama3@sha256:0123abcd", NULL, SCAN_AI_PINNED);
	expect_pin(SCAN_AI_PROVIDER_OLLAMA, "llama3", NULL, SCAN_AI_FLOATING);
	expect_pin(SCAN_AI_PROVIDER_OLLAMA, "llama3:latest", NULL, SCAN_AI_FLOATING);
	/* Hugging Face: only a commit revision; a slash in the id proves nothing (notes 3.2's pitfall). */
	expect_pin(SCAN_AI_PROVIDER_HUGGINGFACE, "meta-llama/Llama-3.1-8B", NULL, SCAN_AI_FLOATING);
	expect_pin(SCAN_AI_PROVIDER_HUGGINGFACE, "meta-llama/Llama-3.1-8B", "main", SCAN_AI_FLOATING);
	expect_pin(SCAN_AI_PROVIDER_HUGGINGFACE, "meta-llama/Llama-3.1-8B", "0e9e39f249a16976918f6564b8830bc894c89659",
	           SCAN_AI_PINNED);
	/* LiteLLM defers to the provider it names; Azure deployments cannot say. */
	expect_pin(SCAN_AI_PROVIDER_LITELLM, "anthropic/claude-3-5-sonnet-20240620", NULL, SCAN_AI_PINNED);
	expect_pin(SCAN_AI_PROVIDER_LITELLM, "openai/gpt-4o", NULL, SCAN_AI_FLOATING);
	expect_pin(SCAN_AI_PROVIDER_LITELLM, "gpt-4o", NULL, SCAN_AI_PIN_UNKNOWN);
	expect_pin(SCAN_AI_PROVIDER_AZURE_OPENAI, "prod-gpt4", NULL, SCAN_AI_PIN_UNKNOWN);
	expect_pin(SCAN_AI_PROVIDER_UNKNOWN, "my-model", NULL, SCAN_AI_PIN_UNKNOWN);
	expect_pin(SCAN_AI_PROVIDER_OPENAI, "", NULL, SCAN_AI_PIN_UNKNOWN);
}

/* --- notebooks ---------------------------------------------------------------- */

static void test_notebook_code_and_line_map(void **state)
{
	const char *doc =
		"{\"cells\": ["
		"{\"cell_type\": \"markdown\", \"source\": [\"# Title\\n\", \"from openai import OpenAI\\n\"]},"
		"{\"cell_type\": \"code\", \"source\": [\"%pip install openai\\n\", \"from openai import OpenAI\\n\","
		" \"client = OpenAI()\"]},"
		"{\"cell_type\": \"code\", \"source\": \"!ls\\nprint(1)\\n\"}],"
		" \"metadata\": {\"kernelspec\": {\"language\": \"python\"}}, \"nbformat\": 4}";
	scan_notebook nb;

	(void)state;
	assert_int_equal(scan_parse__notebook_read(&nb, doc, strlen(doc)), 0);
	/* Markdown is not code; magics become comments; each cell ends its last line. */
	assert_string_equal(nb.code.ptr, "#pip install openai\nfrom openai import OpenAI\nclient = OpenAI()\n#ls\nprint(1)\n");
	assert_string_equal(nb.language, "python");
	assert_int_equal(nb.cells, 2);
	assert_int_equal(nb.lines, 5);
	/* Line 3 of the text is cell 1's third line; line 5 is cell 2's second. */
	assert_int_equal(nb.line_cell[2], 1);
	assert_int_equal(nb.line_of[2], 3);
	assert_int_equal(nb.line_cell[4], 2);
	assert_int_equal(nb.line_of[4], 2);
	scan_parse__notebook_dispose(&nb);

	/* The .ipynb file's own lines, as nbformat writes it: one source line per string. */
	{
		const char *pretty =
			"{\n \"cells\": [\n  {\n   \"cell_type\": \"markdown\",\n   \"source\": [\"# t\\n\"]\n  },\n"
			"  {\n   \"cell_type\": \"code\",\n   \"metadata\": {\"source\": 1},\n   \"source\": [\n"
			"    \"import openai\\n\",\n    \"m = \\\"gpt-4o\\\"\\n\"\n   ]\n  },\n"
			"  {\"cell_type\": \"code\", \"source\": \"a = 1\\nb = 2\\n\"}\n ],\n \"nbformat\": 4\n}\n";
		assert_int_equal(scan_parse__notebook_read(&nb, pretty, strlen(pretty)), 0);
		assert_int_equal(nb.lines, 4);
		assert_int_equal(nb.line_file[0], 11); /* import openai */
		assert_int_equal(nb.line_file[1], 12); /* m = "gpt-4o" */
		assert_int_equal(nb.line_file[2], 15); /* a one-string source: its lines on the line it starts */
		assert_int_equal(nb.line_file[3], 15);
		assert_int_equal(scan_parse__notebook_code_line(&nb, 12), 2);
		assert_int_equal(scan_parse__notebook_code_line(&nb, 3), 0);
		assert_int_equal(scan_parse__notebook_file_line(&nb, 2), 12);
		assert_int_equal(scan_parse__notebook_file_line(&nb, 0), 0);
		assert_int_equal(scan_parse__notebook_file_line(&nb, (unsigned)nb.lines + 1), 0);
		assert_true(scan_parse__is_notebook("eda/explore.ipynb"));
		assert_false(scan_parse__is_notebook(".ipynb"));
		assert_false(scan_parse__is_notebook("explore.ipynb.bak"));
		scan_parse__notebook_dispose(&nb);
	}

	assert_int_equal(scan_parse__notebook_read(&nb, "{\"cells\": 1}", 12), SCAN_EPARSE);
	assert_int_equal(scan_parse__notebook_read(&nb, "not json", 8), SCAN_EPARSE);
}

static void test_notebook_bounds(void **state)
{
	scan_buf doc = SCAN_BUF_INIT;
	scan_notebook nb;

	(void)state;
	scan_buf_puts(&doc, "{\"cells\": [");
	for (int i = 0; i <= SCAN_NOTEBOOK_CELLS_MAX; i++)
		scan_buf_printf(&doc, "%s{\"cell_type\": \"raw\"}", i ? "," : "");
	scan_buf_puts(&doc, "]}");
	assert_int_equal(scan_parse__notebook_read(&nb, doc.ptr, doc.size), SCAN_ELIMIT);
	assert_non_null(strstr(scan_error_last()->message, "cells"));
	scan_buf_dispose(&doc);
	/* One cell of about 11 MB of code. */
	scan_buf_puts(&doc, "{\"cells\": [{\"cell_type\": \"code\", \"source\": \"");
	for (int i = 0; i < 12 * 1024; i++)
		scan_buf_puts(&doc, "x = 1 # .................................................................. \\n"
		                    "y = 2 # ............................................................... \\n"
		                    "z = 3 # ..................................................................\\n"
		                    "w = 4 # ............................................................... \\n"
		                    "v = 5 # ..................................................................\\n"
		                    "u = 6 # ............................................................... \\n"
		                    "t = 7 # ..................................................................\\n"
		                    "s = 8 # ............................................................... \\n"
		                    "r = 9 # ..................................................................\\n"
		                    "q = 0 # ............................................................... \\n"
		                    "p = 1 # ..................................................................\\n"
		                    "o = 2 # ................................................................\\n");
	scan_buf_puts(&doc, "\"}]}");
	assert_int_equal(scan_parse__notebook_read(&nb, doc.ptr, doc.size), SCAN_ELIMIT);
	assert_non_null(strstr(scan_error_last()->message, "bytes of code"));
	scan_buf_dispose(&doc);
}

/* --- MCP configurations --------------------------------------------------------- */

static const scan_mcp_server *server_named(const scan_mcp_config *c, const char *name)
{
	for (size_t i = 0; i < c->count; i++)
		if (!strcmp(c->servers[i].name, name))
			return &c->servers[i];
	fail_msg("no server %s", name);
	return NULL;
}

static void test_mcp_claude_config(void **state)
{
	const char *doc =
		"{\n"
		"  \"mcpServers\": {\n"
		"    \"filesystem\": {\"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-filesystem\", \"/\"]},\n"
		"    \"github\": {\"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"],\n"
		"               \"env\": {\"GITHUB_PERSONAL_ACCESS_TOKEN\": \"ghp_abcdefghijklmnopqrstuvwxyz0123456789\"}},\n"
		"    \"safe\": {\"command\": \"npx\", \"args\": [\"@modelcontextprotocol/server-filesystem@1.0.2\", \"./docs\"],\n"
		"             \"env\": {\"API_KEY\": \"${API_KEY}\"}},\n"
		"    \"remote\": {\"url\": \"http://mcp.example.com/sse\", \"type\": \"sse\"},\n"
		"    \"local\": {\"url\": \"http://127.0.0.1:8000/mcp\"}\n"
		"  }\n"
		"}\n";
	scan_mcp_config c;
	const scan_mcp_server *s;

	(void)state;
	assert_int_equal(scan_aiasset__mcp_config_read(&c, doc, strlen(doc), "claude_desktop_config.json"), 0);
	assert_int_equal(c.count, 5);
	s = server_named(&c, "filesystem");
	assert_int_equal(s->line, 3);
	assert_int_equal(s->transport, SCAN_MCP_STDIO);
	assert_string_equal(s->package, "@modelcontextprotocol/server-filesystem");
	assert_false(s->package_pinned);
	assert_true(s->broad_filesystem);
	s = server_named(&c, "github");
	assert_true(s->package_pinned);
	assert_int_equal(s->nenv, 1);
	assert_string_equal(s->env_keys[0], "GITHUB_PERSONAL_ACCESS_TOKEN");
	assert_int_equal(s->literal_secrets, 1);
	assert_int_equal(s->literal_secret_line, 5);
	s = server_named(&c, "safe");
	assert_true(s->package_pinned);
	assert_false(s->broad_filesystem);
	assert_int_equal(s->literal_secrets, 0);   /* a reference, not a value */
	s = server_named(&c, "remote");
	assert_int_equal(s->transport, SCAN_MCP_SSE);
	assert_null(s->command);
	assert_true(s->plaintext_url);
	assert_false(server_named(&c, "local")->plaintext_url);
	assert_int_equal(server_named(&c, "local")->transport, SCAN_MCP_HTTP);
	scan_aiasset__mcp_config_dispose(&c);
}

static void test_mcp_vscode_config_with_comments(void **state)
{
	const char *doc =
		"{\n"
		"  // VS Code: \"servers\", and comments\n"
		"  \"servers\": {\n"
		"    /* a tunnel */\n"
		"    \"docs\": {\"type\": \"http\", \"url\": \"https://abc.ngrok-free.app/mcp\",\n"
		"             \"headers\": {\"Authorization\": \"Bearer ${input:token}\"}},\n"
		"    \"fetch\": {\"command\": \"uvx\", \"args\": [\"mcp-server-fetch==2025.1.17\"]},\n"
		"    \"floating\": {\"command\": \"uvx\", \"args\": [\"mcp-server-git\"]},\n"
		"    \"box\": {\"command\": \"docker\", \"args\": [\"run\", \"-i\", \"-e\", \"X=1\", \"ghcr.io/acme/mcp:latest\"]},\n"
		"    \"boxed\": {\"command\": \"docker\", \"args\": [\"run\", \"ghcr.io/acme/mcp@sha256:abcdef\"],\n"
		"              \"headers\": {\"Authorization\": \"Bearer sk-live-0123456789abcdef\"}},\n"
		"    \"url\": {\"command\": \"node\", \"args\": [\"// not a comment\"]}\n"
		"  }\n"
		"}\n";
	scan_mcp_config c;
	const scan_mcp_server *s;

	(void)state;
	assert_true(scan_aiasset__is_mcp_config(".vscode/mcp.json"));
	assert_true(scan_aiasset__is_mcp_config("claude_desktop_config.json"));
	assert_false(scan_aiasset__is_mcp_config("package.json"));
	assert_int_equal(scan_aiasset__mcp_config_read(&c, doc, strlen(doc), ".vscode/mcp.json"), 0);
	assert_int_equal(c.count, 6);
	s = server_named(&c, "docs");
	assert_int_equal(s->line, 5);
	assert_true(s->tunnel_url);
	assert_false(s->plaintext_url);
	assert_int_equal(s->literal_secrets, 0);
	assert_true(server_named(&c, "fetch")->package_pinned);
	assert_false(server_named(&c, "floating")->package_pinned);
	s = server_named(&c, "box");
	assert_string_equal(s->package, "ghcr.io/acme/mcp:latest");
	assert_false(s->package_pinned);
	s = server_named(&c, "boxed");
	assert_true(s->package_pinned);
	assert_int_equal(s->literal_secrets, 1);
	assert_int_equal(s->literal_secret_line, 11);
	/* A comment marker inside a string is text. */
	assert_string_equal(server_named(&c, "url")->args[0], "// not a comment");
	scan_aiasset__mcp_config_dispose(&c);

	assert_int_equal(scan_aiasset__mcp_config_read(&c, "[1]", 3, "mcp.json"), SCAN_EPARSE);
	assert_int_not_equal(scan_aiasset__mcp_config_read(&c, "{\"a\": &x 1}", 11, "mcp.json"), 0);
}

/* --- package signals ------------------------------------------------------------- */

static void test_package_signals(void **state)
{
	const scan_ai_package_signal *s;

	(void)state;
	s = scan_aiasset__package_signal("PyPI", "openai");
	assert_non_null(s);
	assert_int_equal(s->type, SCAN_AI_ASSET_PROVIDER);
	assert_int_equal(s->provider, SCAN_AI_PROVIDER_OPENAI);
	/* PyPI names match as PEP 503 normalizes them. */
	assert_non_null(scan_aiasset__package_signal("PyPI", "Sentence_Transformers"));
	assert_non_null(scan_aiasset__package_signal("PyPI", "llama_cpp_python"));
	s = scan_aiasset__package_signal("PyPI", "langchain-openai");
	assert_non_null(s);
	assert_string_equal(scan_aiasset__type_name(s->type), "agent_framework");
	s = scan_aiasset__package_signal("npm", "@langchain/core");
	assert_non_null(s);
	assert_string_equal(s->name, "LangChain");
	assert_int_equal(scan_aiasset__package_signal("npm", "@modelcontextprotocol/sdk")->type, SCAN_AI_ASSET_MCP_SERVER);
	assert_int_equal(scan_aiasset__package_signal("Maven", "dev.langchain4j:langchain4j-open-ai")->type,
	                 SCAN_AI_ASSET_AGENT_FRAMEWORK);
	assert_int_equal(scan_aiasset__package_signal("PyPI", "qdrant-client")->type, SCAN_AI_ASSET_VECTOR_STORE);
	/* npm names are exact: "OpenAI" is not "openai"; a name that only starts the same is not it. */
	assert_null(scan_aiasset__package_signal("npm", "OpenAI"));
	assert_null(scan_aiasset__package_signal("npm", "openai-helpers"));
	assert_null(scan_aiasset__package_signal("PyPI", "requests"));
	assert_null(scan_aiasset__package_signal("crates.io", "openai"));
}

/* --- the repository's environment ------------------------------------------------ */

static void test_dotenv_and_resolution(void **state)
{
	const char *env =
		"# models\n"
		"OPENAI_MODEL=gpt-4o-2024-08-06\n"
		"export ANTHROPIC_MODEL=\"claude-sonnet-4-6\"  # pinned\n"
		"  HF_MODEL='meta-llama/Llama-3.1-8B' \n"
		"EMPTY=\n"
		"URL=http://host/#anchor\n"
		"not a definition\n"
		"1BAD=x\n"
		"SHARED=a\n";
	const struct scan_envvar_def *def;
	scan_envvars e;

	(void)state;
	memset(&e, 0, sizeof(e));
	assert_true(scan_aiasset__is_dotenv(".env"));
	assert_true(scan_aiasset__is_dotenv("deploy/.env.production"));
	assert_true(scan_aiasset__is_dotenv("example.env"));
	assert_false(scan_aiasset__is_dotenv("environment.py"));
	assert_int_equal(scan_aiasset__envvars_dotenv(&e, env, strlen(env), ".env.example"), 0);
	assert_string_equal(scan_aiasset__envvars_get(&e, "OPENAI_MODEL", &def), "gpt-4o-2024-08-06");
	assert_int_equal(def->line, 2);
	assert_string_equal(def->path, ".env.example");
	assert_string_equal(scan_aiasset__envvars_get(&e, "ANTHROPIC_MODEL", NULL), "claude-sonnet-4-6");
	assert_string_equal(scan_aiasset__envvars_get(&e, "HF_MODEL", NULL), "meta-llama/Llama-3.1-8B");
	assert_string_equal(scan_aiasset__envvars_get(&e, "EMPTY", NULL), "");
	assert_string_equal(scan_aiasset__envvars_get(&e, "URL", NULL), "http://host/#anchor");
	assert_null(scan_aiasset__envvars_get(&e, "BAD", NULL));
	assert_null(scan_aiasset__envvars_get(&e, "MISSING", NULL));
	/* The same value again is fine; another one makes the name ambiguous: unresolved, not guessed. */
	assert_int_equal(scan_aiasset__envvars_add(&e, "OPENAI_MODEL", "gpt-4o-2024-08-06", "compose.yaml", 9), 0);
	assert_non_null(scan_aiasset__envvars_get(&e, "OPENAI_MODEL", NULL));
	assert_int_equal(scan_aiasset__envvars_add(&e, "SHARED", "b", "compose.yaml", 10), 0);
	assert_null(scan_aiasset__envvars_get(&e, "SHARED", NULL));
	scan_aiasset__envvars_dispose(&e);
}

static void test_env_from_compose_and_helm(void **state)
{
	const char *compose =
		"services:\n"
		"  api:\n"
		"    image: acme/api\n"
		"    environment:\n"
		"      LLM_MODEL: gpt-4o-2024-08-06\n"
		"      TEMPERATURE: \"0.2\"\n"
		"  worker:\n"
		"    environment:\n"
		"      - EMBED_MODEL=text-embedding-3-small\n"
		"      - NOVALUE\n";
	const char *helm =
		"api:\n"
		"  containers:\n"
		"    - name: api\n"
		"      env:\n"
		"        - name: OLLAMA_MODEL\n"
		"          value: llama3.1:8b\n"
		"        - name: FROM_SECRET\n"
		"          valueFrom: {secretKeyRef: {name: s, key: k}}\n";
	const struct scan_envvar_def *def;
	scan_envvars e;

	(void)state;
	memset(&e, 0, sizeof(e));
	assert_int_equal(scan_aiasset__envvars_yaml(&e, compose, strlen(compose), "docker-compose.yml"), 0);
	assert_string_equal(scan_aiasset__envvars_get(&e, "LLM_MODEL", &def), "gpt-4o-2024-08-06");
	assert_int_equal(def->line, 5);
	assert_string_equal(scan_aiasset__envvars_get(&e, "EMBED_MODEL", NULL), "text-embedding-3-small");
	assert_null(scan_aiasset__envvars_get(&e, "NOVALUE", NULL));
	assert_int_equal(scan_aiasset__envvars_yaml(&e, helm, strlen(helm), "chart/values.yaml"), 0);
	assert_string_equal(scan_aiasset__envvars_get(&e, "OLLAMA_MODEL", &def), "llama3.1:8b");
	assert_string_equal(def->path, "chart/values.yaml");
	assert_null(scan_aiasset__envvars_get(&e, "FROM_SECRET", NULL));
	assert_int_not_equal(scan_aiasset__envvars_yaml(&e, "a: &x 1\nb: *x\n", 14, "bad.yaml"), 0);
	scan_aiasset__envvars_dispose(&e);
}

/* --- prompt files and hidden characters ---------------------------------------------- */

static void test_prompt_files_and_hidden_chars(void **state)
{
	/* "Be helpful." then U+E0049 U+E0047 (tags spelling "IG") and a right-to-left override on line 2. */
	const char *text = "Be helpful.\xf3\xa0\x81\x89\xf3\xa0\x81\x87\nSummarize \xe2\x80\xae" "evil\n";
	scan_hidden_char h;
	size_t n;

	(void)state;
	assert_int_equal(scan_aiasset__prompt_file("AGENTS.md"), SCAN_PROMPT_FILE_INSTRUCTIONS);
	assert_int_equal(scan_aiasset__prompt_file(".github/copilot-instructions.md"), SCAN_PROMPT_FILE_INSTRUCTIONS);
	assert_int_equal(scan_aiasset__prompt_file(".cursor/rules/style.mdc"), SCAN_PROMPT_FILE_INSTRUCTIONS);
	assert_int_equal(scan_aiasset__prompt_file("skills/pdf/SKILL.md"), SCAN_PROMPT_FILE_INSTRUCTIONS);
	assert_int_equal(scan_aiasset__prompt_file("app/prompts/system.j2"), SCAN_PROMPT_FILE_PROMPT);
	assert_int_equal(scan_aiasset__prompt_file("support.prompty"), SCAN_PROMPT_FILE_PROMPT);
	assert_int_equal(scan_aiasset__prompt_file("README.md"), SCAN_PROMPT_FILE_NONE);
	assert_int_equal(scan_aiasset__prompt_file("app/prompts/loader.py"), SCAN_PROMPT_FILE_NONE);

	assert_true(scan_aiasset__hidden_char(text, strlen(text), &h, &n));
	assert_int_equal(n, 3);
	assert_int_equal(h.line, 1);
	assert_int_equal(h.column, 12);
	assert_int_equal(h.codepoint, 0xE0049);
	assert_string_equal(h.kind, "tag character");
	/* Plain text, accents, emoji and a byte-order mark at the start hide nothing; broken UTF-8 is skipped. */
	assert_false(scan_aiasset__hidden_char("\xef\xbb\xbf" "caf\xc3\xa9 \xf0\x9f\x99\x82 \xff\xfe ok", 18, &h, &n));
	assert_int_equal(n, 0);
	assert_true(scan_aiasset__hidden_char("a\xe2\x80\x8b" "b", 5, &h, &n));
	assert_string_equal(h.kind, "zero-width");
	assert_false(scan_aiasset__hidden_char("\xe2\x80", 2, &h, &n)); /* cut short */
}

/* Which secrets are an AI provider's credential (AI001) and which open more than a model. */
static void test_ai_provider_credentials(void **state)
{
	(void)state;
	assert_true(scan_aiasset__ai_secret_rule("secrets/openai-project-key"));
	assert_true(scan_aiasset__ai_secret_rule("anthropic-api-key"));
	assert_true(scan_aiasset__ai_secret_rule("secrets/azure-cognitive-services-key"));
	assert_false(scan_aiasset__ai_secret_rule("secrets/google-api-key"));
	assert_false(scan_aiasset__ai_secret_rule("secrets/azure-storage-account-key"));
	assert_false(scan_aiasset__ai_secret_rule("secrets/github-pat"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pinning_per_provider),
		cmocka_unit_test(test_notebook_code_and_line_map),
		cmocka_unit_test(test_notebook_bounds),
		cmocka_unit_test(test_mcp_claude_config),
		cmocka_unit_test(test_mcp_vscode_config_with_comments),
		cmocka_unit_test(test_package_signals),
		cmocka_unit_test(test_dotenv_and_resolution),
		cmocka_unit_test(test_env_from_compose_and_helm),
		cmocka_unit_test(test_prompt_files_and_hidden_chars),
		cmocka_unit_test(test_ai_provider_credentials),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
