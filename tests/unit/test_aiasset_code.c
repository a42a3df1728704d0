/* tests/unit/test_aiasset_code.c - code facts per language, what they mean, and an inventory that ignores arrival order */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "aiasset/code.h"
#include "aiasset/configmodels.h"
#include "aiasset/detect.h"
#include "aiasset/inventory.h"
#include "parse/language.h"

typedef struct {
	TSParser *parser;
	TSTree *tree;
	scan_ai_code code;
} parsed;

static void parse(parsed *p, scan_lang lang, const char *src)
{
	p->parser = ts_parser_new();
	assert_true(ts_parser_set_language(p->parser, scan_parse__ts_language(lang)));
	p->tree = ts_parser_parse_string(p->parser, NULL, src, (uint32_t)strlen(src));
	assert_non_null(p->tree);
	assert_int_equal(scan_aiasset__code_read(&p->code, p->tree, lang, src, strlen(src)), 0);
}

static void unparse(parsed *p)
{
	scan_aiasset__code_dispose(&p->code);
	ts_tree_delete(p->tree);
	ts_parser_delete(p->parser);
}

static const char *no_quote(void *ctx, unsigned line)
{
	(void)ctx;
	(void)line;
	return NULL;
}

static bool has_import(const scan_ai_code *c, const char *m)
{
	for (size_t i = 0; i < c->nimports; i++)
		if (!strcmp(c->imports[i].module, m))
			return true;
	return false;
}

static const scan_ai_call *call_named(const scan_ai_code *c, const char *callee)
{
	for (size_t i = 0; i < c->ncalls; i++)
		if (!strcmp(c->calls[i].callee, callee))
			return &c->calls[i];
	return NULL;
}

static void test_python_facts(void **state)
{
	parsed p;
	const scan_ai_call *c;
	const scan_ai_arg *a;
	const scan_ai_binding *b;
	(void)state;
	parse(&p, SCAN_LANG_PYTHON,
	      "import os, openai as oa\nfrom anthropic import Anthropic\nfrom . import local\n"
	      "MODEL = os.getenv(\"CHAT_MODEL\", \"gpt-4o-mini\")\nOTHER = f\"gpt-{x}\"\n"
	      "c = Anthropic()\n"
	      "r = c.messages.create(model=MODEL, max_tokens=100, messages=[])\n"
	      "tok = AutoTokenizer.from_pretrained(\"org/name\", revision=\"main\")\n"
	      "unrelated(1, 2)\n"
	      "@mcp.tool()\ndef search(q):\n    return q\n");
	assert_true(has_import(&p.code, "os"));
	assert_true(has_import(&p.code, "openai"));
	assert_true(has_import(&p.code, "anthropic"));
	assert_int_equal(p.code.nimports, 3); /* the relative import is not a package */
	assert_non_null(b = scan_aiasset__code_binding(&p.code, "MODEL"));
	assert_int_equal(b->value.kind, SCAN_AI_VALUE_ENV);
	assert_string_equal(b->value.text, "CHAT_MODEL");
	assert_string_equal(b->value.fallback, "gpt-4o-mini");
	assert_null(scan_aiasset__code_binding(&p.code, "OTHER")); /* an f-string with a field is computed */
	assert_non_null(call_named(&p.code, "Anthropic"));
	assert_non_null(c = call_named(&p.code, "create"));
	assert_string_equal(c->path, "c.messages.create");
	assert_non_null(a = scan_aiasset__call_arg(c, "model", -1));
	assert_int_equal(a->value.kind, SCAN_AI_VALUE_NAME);
	assert_string_equal(a->value.text, "MODEL");
	assert_non_null(a = scan_aiasset__call_arg(c, "max_tokens", -1));
	assert_int_equal(a->value.kind, SCAN_AI_VALUE_NUMBER);
	assert_non_null(c = call_named(&p.code, "from_pretrained"));
	assert_string_equal(scan_aiasset__call_arg(c, NULL, 0)->value.text, "org/name");
	assert_string_equal(scan_aiasset__call_arg(c, "revision", -1)->value.text, "main");
	assert_null(call_named(&p.code, "unrelated")); /* neither an SDK's nor given a model */
	assert_int_equal(p.code.ndecorated, 1);
	assert_string_equal(p.code.decorated[0].function, "search");
	assert_string_equal(p.code.decorated[0].decorator, "mcp.tool");
	unparse(&p);
}

static void test_other_languages_facts(void **state)
{
	parsed p;
	const scan_ai_call *c;
	(void)state;

	parse(&p, SCAN_LANG_TYPESCRIPT,
	      "import OpenAI from \"openai\";\nconst sdk = require(\"@anthropic-ai/sdk\");\n"
	      "const r = await client.chat.completions.create({ model: process.env.MODEL || \"gpt-4o\", messages: [] });\n");
	assert_true(has_import(&p.code, "openai"));
	assert_true(has_import(&p.code, "@anthropic-ai/sdk"));
	assert_non_null(c = call_named(&p.code, "create"));
	assert_int_equal(scan_aiasset__call_arg(c, "model", -1)->value.kind, SCAN_AI_VALUE_ENV);
	assert_string_equal(scan_aiasset__call_arg(c, "model", -1)->value.text, "MODEL");
	assert_string_equal(scan_aiasset__call_arg(c, "model", -1)->value.fallback, "gpt-4o");
	unparse(&p);

	parse(&p, SCAN_LANG_JAVA,
	      "import com.openai.client.OpenAIClient;\n"
	      "class A { void f() { var p = ChatCompletionCreateParams.builder().model(\"gpt-4o-2024-08-06\").build(); } }\n");
	assert_true(has_import(&p.code, "com.openai.client.OpenAIClient"));
	assert_non_null(c = call_named(&p.code, "model"));
	assert_string_equal(scan_aiasset__call_arg(c, NULL, 0)->value.text, "gpt-4o-2024-08-06");
	unparse(&p);

	parse(&p, SCAN_LANG_GO,
	      "package main\nimport (\n\topenai \"github.com/sashabaranov/go-openai\"\n\t\"os\"\n)\n"
	      "func f() { r, _ := c.CreateChatCompletion(ctx, openai.ChatCompletionRequest{Model: \"gpt-4o\"}); m := os.Getenv(\"M\") }\n");
	assert_true(has_import(&p.code, "github.com/sashabaranov/go-openai"));
	assert_non_null(c = call_named(&p.code, "ChatCompletionRequest"));
	assert_string_equal(scan_aiasset__call_arg(c, "Model", -1)->value.text, "gpt-4o");
	assert_int_equal(scan_aiasset__code_binding(&p.code, "m")->value.kind, SCAN_AI_VALUE_ENV);
	unparse(&p);

	parse(&p, SCAN_LANG_CSHARP,
	      "using OpenAI.Chat;\nclass A { void F() { var c = new ChatClient(model: \"gpt-4o\", apiKey: k);"
	      " var d = new ChatClient(\"o3-mini\", k); } }\n");
	assert_true(has_import(&p.code, "OpenAI.Chat"));
	assert_int_equal(p.code.ncalls, 2);
	assert_string_equal(scan_aiasset__call_arg(&p.code.calls[0], "model", -1)->value.text, "gpt-4o");
	assert_string_equal(scan_aiasset__call_arg(&p.code.calls[1], NULL, 0)->value.text, "o3-mini");
	unparse(&p);
}

static void test_import_signals(void **state)
{
	const scan_ai_package_signal *s;
	(void)state;
	assert_non_null(s = scan_aiasset__import_signal(SCAN_LANG_PYTHON, "google.genai.types"));
	assert_string_equal(s->name, "Google Gemini");
	assert_non_null(s = scan_aiasset__import_signal(SCAN_LANG_PYTHON, "langchain_openai"));
	assert_string_equal(s->name, "LangChain");
	assert_non_null(s = scan_aiasset__import_signal(SCAN_LANG_PYTHON, "llama_index.core"));
	assert_string_equal(s->name, "LlamaIndex");
	assert_null(scan_aiasset__import_signal(SCAN_LANG_PYTHON, "google.cloud.storage"));
	assert_null(scan_aiasset__import_signal(SCAN_LANG_PYTHON, "openai_helpers")); /* a name like one is not one */
	assert_non_null(s = scan_aiasset__import_signal(SCAN_LANG_TYPESCRIPT, "@langchain/openai/chat"));
	assert_string_equal(s->name, "LangChain");
	assert_non_null(s = scan_aiasset__import_signal(SCAN_LANG_GO, "github.com/tmc/langchaingo/llms/openai"));
	assert_string_equal(s->name, "LangChainGo");
	assert_non_null(s = scan_aiasset__import_signal(SCAN_LANG_JAVA, "dev.langchain4j.model.openai.OpenAiChatModel"));
	assert_string_equal(s->name, "LangChain4j");
	assert_non_null(s = scan_aiasset__import_signal(SCAN_LANG_CSHARP, "Microsoft.SemanticKernel.Connectors.OpenAI"));
	assert_string_equal(s->name, "Semantic Kernel");
	assert_null(scan_aiasset__import_signal(SCAN_LANG_CSHARP, "System.Text.Json"));
	assert_int_equal(scan_aiasset__provider_of_id("anthropic.claude-3-5-sonnet-20240620-v1:0"), SCAN_AI_PROVIDER_BEDROCK);
	assert_int_equal(scan_aiasset__provider_of_id("o3-mini"), SCAN_AI_PROVIDER_OPENAI);
	assert_int_equal(scan_aiasset__provider_of_id("omni-thing"), SCAN_AI_PROVIDER_UNKNOWN);
	assert_int_equal(scan_aiasset__provider_of_id("claude-sonnet-4-6"), SCAN_AI_PROVIDER_ANTHROPIC);
	assert_int_equal(scan_aiasset__provider_of_id("meta-llama/Llama-3.1-8B"), SCAN_AI_PROVIDER_UNKNOWN);
}

static const scan_ai_asset *asset(const scan_ai_inventory *inv, const char *identity)
{
	for (size_t i = 0; i < inv->nassets; i++)
		if (!strcmp(inv->assets[i].identity, identity))
			return &inv->assets[i];
	return NULL;
}

static void test_detect_models_and_gaps(void **state)
{
	parsed p;
	scan_ai_builder b;
	scan_ai_model_refs refs = { 0 };
	const scan_ai_inventory *inv;
	scan_ai_pinning pin;
	const char *why;
	size_t slot;
	(void)state;

	scan_aiasset__builder_init(&b);
	parse(&p, SCAN_LANG_PYTHON,
	      "import os\nfrom openai import OpenAI\nfrom langchain.agents import create_react_agent\n"
	      "client = OpenAI()\nMODEL = \"gpt-4o\"\n"
	      "client.chat.completions.create(model=MODEL)\n"
	      "client.chat.completions.create(model=\"claude-3-5-sonnet-20241022\")\n"
	      "client.chat.completions.create(model=settings.model)\n"
	      "client.chat.completions.create(model=os.environ[\"DEPLOYED\"])\n"
	      "agent = create_react_agent(llm, tools, prompt)\n");
	assert_int_equal(scan_aiasset__detect_code(&b, &p.code, SCAN_LANG_PYTHON, "app.py", no_quote, NULL, &refs), 0);
	assert_int_equal(refs.count, 3);
	assert_string_equal(refs.refs[0].id, "gpt-4o");
	assert_int_equal(refs.refs[0].provider, SCAN_AI_PROVIDER_OPENAI);
	assert_string_equal(refs.refs[1].id, "claude-3-5-sonnet-20241022");
	assert_string_equal(refs.refs[2].env, "DEPLOYED");
	assert_int_equal(b.ngaps, 1); /* settings.model */
	assert_int_equal(b.gaps[0].line, 8);
	for (size_t i = 0; i < 2; i++)
		assert_int_equal(scan_aiasset__add_model(&b, &refs.refs[i], refs.refs[i].id, "call", &pin, &why, &slot), 0);
	assert_int_equal(scan_aiasset__link_providers(&b), 0);
	assert_int_equal(scan_aiasset__finish(&b, &inv), 0);
	assert_non_null(asset(inv, "provider|openai|openai"));
	assert_non_null(asset(inv, "agent_framework||langchain"));
	assert_non_null(asset(inv, "agent||app.py#create_react_agent"));
	assert_string_equal(asset(inv, "model|openai|gpt-4o")->pinning, "floating");
	/* the id's shape names its provider, whatever SDK the file imports */
	assert_string_equal(asset(inv, "model|anthropic|claude-3-5-sonnet-20241022")->pinning, "pinned");
	{
		bool served = false;
		for (size_t i = 0; i < inv->nrelations; i++)
			served |= !strcmp(inv->relations[i].kind, "served_by") &&
			          !strcmp(inv->assets[inv->relations[i].from].identity, "model|openai|gpt-4o") &&
			          !strcmp(inv->assets[inv->relations[i].to].identity, "provider|openai|openai");
		assert_true(served);
	}
	scan_aiasset__model_refs_dispose(&refs);
	scan_aiasset__builder_dispose(&b);
	unparse(&p);

	/* No AI import: a model= argument is someone else's (a Django form, a factory). */
	scan_aiasset__builder_init(&b);
	parse(&p, SCAN_LANG_PYTHON, "from django import forms\nf = modelform_factory(model=Author)\nx = build(model=\"gpt-4o\")\n");
	assert_int_equal(scan_aiasset__detect_code(&b, &p.code, SCAN_LANG_PYTHON, "forms.py", no_quote, NULL, &refs), 0);
	assert_int_equal(refs.count, 0);
	assert_int_equal(b.nslots, 0);
	assert_int_equal(b.ngaps, 0);
	scan_aiasset__model_refs_dispose(&refs);
	scan_aiasset__builder_dispose(&b);
	unparse(&p);
}

/* The same signals in two orders make the same inventory, evidence cut to the smallest places. */
static void build(scan_ai_builder *b, bool reverse, const scan_ai_inventory **inv)
{
	static const char *const ids[] = { "model|openai|gpt-4o", "provider|openai|openai", "vector_store||chroma" };
	size_t slot;

	scan_aiasset__builder_init(b);
	for (int k = 0; k < 3; k++) {
		int i = reverse ? 2 - k : k;
		scan_ai_asset a = { .identity = ids[i], .type = i == 0 ? "model" : i == 1 ? "provider" : "vector_store",
		                    .name = ids[i], .confidence = 70, .used_in_code = true };
		assert_int_equal(scan_aiasset__add(b, &a, &slot), 0);
		for (unsigned n = 0; n < 30; n++) {
			unsigned line = reverse ? 30 - n : n + 1;
			assert_int_equal(scan_aiasset__evidence(b, slot, "a.py", line, "call", "x"), 0);
		}
	}
	assert_int_equal(scan_aiasset__relate(b, ids[0], "served_by", ids[1]), 0);
	assert_int_equal(scan_aiasset__relate(b, ids[0], "served_by", ids[1]), 0); /* once */
	assert_int_equal(scan_aiasset__relate(b, ids[0], "served_by", "provider|nobody|x"), 0); /* dropped */
	assert_int_equal(scan_aiasset__gap(b, "b.py", 3, "two"), 0);
	assert_int_equal(scan_aiasset__gap(b, "a.py", 9, "one"), 0);
	assert_int_equal(scan_aiasset__finish(b, inv), 0);
}

static void test_inventory_order_free(void **state)
{
	scan_ai_builder b1, b2;
	const scan_ai_inventory *x, *y;
	scan_buf j1 = SCAN_BUF_INIT, j2 = SCAN_BUF_INIT;
	scan_json w;
	size_t slot;
	(void)state;

	build(&b1, false, &x);
	build(&b2, true, &y);
	assert_int_equal(x->nassets, 3);
	assert_int_equal(x->nrelations, 1);
	assert_int_equal(x->assets[0].nevidence, SCAN_AI_EVIDENCE_MAX);
	assert_int_equal(x->assets[0].nevidence_total, 30);
	assert_int_equal(x->assets[0].evidence[0].line, 1);
	assert_int_equal(x->assets[0].evidence[SCAN_AI_EVIDENCE_MAX - 1].line, SCAN_AI_EVIDENCE_MAX);
	assert_string_equal(x->gaps[0].file_path, "a.py");
	scan_json_init(&w, &j1, false);
	scan_ai_inventory_json(&w, NULL, x);
	assert_int_equal(scan_json_finish(&w), 0);
	scan_json_init(&w, &j2, false);
	scan_ai_inventory_json(&w, NULL, y);
	assert_int_equal(scan_json_finish(&w), 0);
	assert_string_equal(j1.ptr, j2.ptr);
	assert_non_null(strstr(j1.ptr, "\"coverage_status\":\"partial\""));
	scan_buf_dispose(&j1);
	scan_buf_dispose(&j2);
	scan_aiasset__builder_dispose(&b1);
	scan_aiasset__builder_dispose(&b2);

	/* A merge: a manifest and an import corroborate each other. */
	scan_aiasset__builder_init(&b1);
	{
		scan_ai_asset a = { .identity = "provider|openai|openai", .type = "provider", .name = "OpenAI",
		                    .confidence = 70, .declared = true, .version = "1.40.0" };
		scan_ai_asset c = { .identity = "provider|openai|openai", .type = "provider", .name = "OpenAI",
		                    .confidence = 85, .used_in_code = true };
		assert_int_equal(scan_aiasset__add(&b1, &a, &slot), 0);
		assert_int_equal(scan_aiasset__add(&b1, &c, &slot), 0);
		assert_int_equal(b1.slots[slot].a.confidence, 95);
		assert_true(b1.slots[slot].a.declared && b1.slots[slot].a.used_in_code);
		assert_string_equal(b1.slots[slot].a.version, "1.40.0");
	}
	scan_aiasset__builder_dispose(&b1);
}

static void test_diff(void **state)
{
	static const scan_ai_evidence e1[] = { { "a.py", 3, "call", NULL } }, e2[] = { { "a.py", 9, "call", NULL } };
	static const scan_ai_asset before[] = {
		{ .identity = "model|openai|gpt-4o", .type = "model", .name = "gpt-4o", .pinning = "floating",
		  .evidence = e1, .nevidence = 1, .nevidence_total = 1 },
		{ .identity = "provider|openai|openai", .type = "provider", .name = "OpenAI", .version = "1.40.0",
		  .evidence = e1, .nevidence = 1, .nevidence_total = 1 },
		{ .identity = "vector_store||chroma", .type = "vector_store", .name = "Chroma" },
	};
	static const scan_ai_asset after[] = {
		{ .identity = "model|openai|gpt-4o", .type = "model", .name = "gpt-4o", .pinning = "floating",
		  .evidence = e2, .nevidence = 1, .nevidence_total = 1 },              /* moved only */
		{ .identity = "model|openai|gpt-4o-2024-08-06", .type = "model", .name = "gpt-4o-2024-08-06" }, /* added */
		{ .identity = "provider|openai|openai", .type = "provider", .name = "OpenAI", .version = "1.50.0",
		  .evidence = e1, .nevidence = 1, .nevidence_total = 1 },              /* upgraded */
	};
	static const scan_ai_relation rb[] = { { 0, 1, "served_by" } }, ra[] = { { 1, 2, "served_by" } };
	scan_ai_inventory a = { before, 3, rb, 1, NULL, 0, true }, b = { after, 3, ra, 1, NULL, 0, true };
	scan_buf out = SCAN_BUF_INIT;
	scan_json w;
	(void)state;

	scan_json_init(&w, &out, false);
	scan_json_open(&w, NULL, '{');
	scan_ai_diff_json(&w, &a, "v1", &b, "v1");
	scan_json_close(&w, '}');
	assert_int_equal(scan_json_finish(&w), 0);
	assert_non_null(strstr(out.ptr, "\"comparison_status\":\"exact\""));
	assert_non_null(strstr(out.ptr, "\"summary\":{\"added\":1,\"removed\":1,\"modified\":1,\"evidence_only\":1,\"unchanged\":0}"));
	assert_non_null(strstr(out.ptr, "{\"field\":\"version\",\"from\":\"1.40.0\",\"to\":\"1.50.0\"}"));
	assert_non_null(strstr(out.ptr, "\"change\":\"added\",\"from\":\"model|openai|gpt-4o-2024-08-06\""));
	assert_non_null(strstr(out.ptr, "\"change\":\"removed\",\"from\":\"model|openai|gpt-4o\""));
	scan_buf_dispose(&out);

	/* A gap on one side: inferred. A new identity scheme: nothing but the call to rebaseline. */
	b.ngaps = 1;
	b.gaps = (const scan_ai_gap[]){ { "x.py", 1, "unresolved" } };
	scan_json_init(&w, &out, false);
	scan_json_open(&w, NULL, '{');
	scan_ai_diff_json(&w, &a, "v1", &b, "v1");
	scan_json_close(&w, '}');
	assert_int_equal(scan_json_finish(&w), 0);
	assert_non_null(strstr(out.ptr, "\"comparison_status\":\"inferred\""));
	scan_buf_dispose(&out);
	scan_json_init(&w, &out, false);
	scan_json_open(&w, NULL, '{');
	scan_ai_diff_json(&w, &a, "v1", &b, "v2");
	scan_json_close(&w, '}');
	assert_int_equal(scan_json_finish(&w), 0);
	assert_non_null(strstr(out.ptr, "\"comparison_status\":\"requires_rebaseline\""));
	assert_null(strstr(out.ptr, "additions"));
	scan_buf_dispose(&out);
}

static void test_config_models(void **state)
{
	scan_ai_config_models c;
	const char *yml = "server:\n  port: 8080\nspring:\n  ai:\n    openai:\n      api-key: ${OPENAI_API_KEY}\n"
	                  "      chat:\n        options:\n          model: gpt-4o\n    azure:\n      openai:\n"
	                  "        chat:\n          options:\n            deployment-name: ${DEPLOYMENT:reports}\n"
	                  "other:\n  model: not-this\n";
	const char *props = "spring.ai.anthropic.chat.options.model=claude-3-5-sonnet-latest\nmodel=x\n";
	const char *prompty = "---\nname: n\nmodel:\n  api: chat\n  configuration:\n    model: gpt-4o-mini\n"
	                      "    type: openai\n---\nsystem:\nmodel: ignored\n";
	const char *compose = "services:\n  vllm:\n    image: vllm/vllm-openai:v0.6.4\n    command:\n      - --model\n"
	                      "      - microsoft/Phi-3.5-mini-instruct\n      - --trust-remote-code\n"
	                      "  other:\n    command: vllm serve org/model --port 8000\n";
	(void)state;

	assert_true(scan_aiasset__is_model_config("src/main/resources/application.yml"));
	assert_true(scan_aiasset__is_model_config("p/x.prompty"));
	assert_true(scan_aiasset__is_model_config("docker-compose.yml"));
	assert_false(scan_aiasset__is_model_config("config/app.yml"));

	assert_int_equal(scan_aiasset__config_models(&c, "application.yml", yml, strlen(yml)), 0);
	assert_int_equal(c.count, 2);
	assert_string_equal(c.models[0].id, "gpt-4o");
	assert_int_equal(c.models[0].provider, SCAN_AI_PROVIDER_OPENAI);
	assert_int_equal(c.models[0].line, 9);
	assert_null(c.models[1].id);
	assert_string_equal(c.models[1].env, "DEPLOYMENT");
	assert_string_equal(c.models[1].fallback, "reports");
	assert_true(c.models[1].deployment);
	scan_aiasset__config_models_dispose(&c);

	assert_int_equal(scan_aiasset__config_models(&c, "application.properties", props, strlen(props)), 0);
	assert_int_equal(c.count, 1);
	assert_int_equal(c.models[0].provider, SCAN_AI_PROVIDER_ANTHROPIC);
	scan_aiasset__config_models_dispose(&c);

	/* the type after the model still names its provider; the prompt below the front matter is not read */
	assert_int_equal(scan_aiasset__config_models(&c, "x.prompty", prompty, strlen(prompty)), 0);
	assert_int_equal(c.count, 1);
	assert_string_equal(c.models[0].id, "gpt-4o-mini");
	assert_int_equal(c.models[0].provider, SCAN_AI_PROVIDER_OPENAI);
	assert_int_equal(c.models[0].line, 6);
	scan_aiasset__config_models_dispose(&c);

	assert_int_equal(scan_aiasset__config_models(&c, "docker-compose.yml", compose, strlen(compose)), 0);
	assert_int_equal(c.count, 2);
	assert_string_equal(c.models[0].id, "microsoft/Phi-3.5-mini-instruct");
	assert_int_equal(c.models[0].line, 6);
	assert_string_equal(c.models[1].id, "org/model");
	assert_int_equal(c.trust_remote_code_line, 7);
	scan_aiasset__config_models_dispose(&c);

	{
		const char *lite = "model_list:\n  - model_name: fast\n    litellm_params:\n      model: openai/gpt-4o\n"
		                   "  - model_name: smart\n    litellm_params:\n      model: anthropic/claude-3-5-sonnet-20240620\n"
		                   "      api_key: os.environ/ANTHROPIC_API_KEY\n";
		assert_true(scan_aiasset__is_model_config("proxy/config.yaml"));
		assert_int_equal(scan_aiasset__config_models(&c, "proxy/config.yaml", lite, strlen(lite)), 0);
		assert_int_equal(c.count, 2);
		assert_string_equal(c.models[0].id, "openai/gpt-4o");
		assert_int_equal(c.models[0].provider, SCAN_AI_PROVIDER_LITELLM);
		assert_string_equal(c.models[1].id, "anthropic/claude-3-5-sonnet-20240620");
		assert_int_equal(c.models[1].line, 7);
		scan_aiasset__config_models_dispose(&c);
		/* a config.yaml of something else names no model */
		assert_int_equal(scan_aiasset__config_models(&c, "config.yaml", "model: x\n", 9), 0);
		assert_int_equal(c.count, 0);
		scan_aiasset__config_models_dispose(&c);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_python_facts),
		cmocka_unit_test(test_other_languages_facts),
		cmocka_unit_test(test_import_signals),
		cmocka_unit_test(test_detect_models_and_gaps),
		cmocka_unit_test(test_inventory_order_free),
		cmocka_unit_test(test_diff),
		cmocka_unit_test(test_config_models),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
