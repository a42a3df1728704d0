/*
 * tests/unit/test_aibom.c - the AI-BOM writers (lib/sbom/aibom*.c): a
 * hand-made inventory as CycloneDX 1.7 and SPDX 3.0.1, validated against the
 * official schemas, byte-identical across runs, with declarations cited;
 * the SPDX profiles' mandatory properties checked both ways.
 */
#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "helpers.h"
#include "scan/aibom.h"

#ifndef RAMPART_SCHEMA_DIR
#define RAMPART_SCHEMA_DIR RAMPART_SOURCE_DIR "/../shared/schemas"
#endif
#define VALIDATOR RAMPART_SOURCE_DIR "/tests/unit/validate_json_schema.py"
#define SYSTEM_PYTHON "/usr/bin/python3"
#define CDX17 RAMPART_SCHEMA_DIR "/bom-1.7.schema.json"
#define SPDX301 RAMPART_SCHEMA_DIR "/spdx-3.0.1.schema.json"
#define T_GEN 1763717700LL /* 2025-11-21T09:35:00Z */

static char *tmpdir;

static const scan_ai_evidence ev_model[] = { { "app.py", 12, "call", "client.chat.completions.create(model=\"gpt-4o\")" } };
static const scan_ai_evidence ev_sdk[] = { { "app.py", 2, "import", "from openai import OpenAI" },
	                                       { "requirements.txt", 1, "manifest", "openai 1.40.0" } };
static const scan_ai_evidence ev_file[] = { { "models/tiny.onnx", 0, "artifact", NULL } };

/* Sorted by identity, as the inventory is. */
static const scan_ai_asset assets[] = {
	{ .identity = "dataset|huggingface|org/reviews", .type = "dataset", .name = "org/reviews",
	  .provider = "huggingface", .pinning = "floating", .confidence = 90, .used_in_code = true },
	{ .identity = "mcp_server||fs", .type = "mcp_server", .name = "fs", .transport = "stdio",
	  .package = "@modelcontextprotocol/server-filesystem@1.0.0", .confidence = 95, .used_in_code = true },
	{ .identity = "model_artifact||models/tiny.onnx", .type = "model_artifact", .name = "models/tiny.onnx",
	  .sha256 = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", .size = 4, .confidence = 95,
	  .evidence = ev_file, .nevidence = 1, .nevidence_total = 1 },
	{ .identity = "model|huggingface|sentence-transformers/all-minilm-l6-v2", .type = "model",
	  .name = "sentence-transformers/all-MiniLM-L6-v2", .provider = "huggingface",
	  .version = "c9745ed1d9f207416be6d2e6f8de32d1f16199bf", .pinning = "pinned", .confidence = 90 },
	{ .identity = "model|openai|gpt-4o", .type = "model", .name = "gpt-4o", .provider = "openai",
	  .pinning = "floating", .pinning_reason = "An alias.", .confidence = 90, .used_in_code = true,
	  .evidence = ev_model, .nevidence = 1, .nevidence_total = 1 },
	{ .identity = "provider|openai|openai", .type = "provider", .name = "OpenAI", .provider = "openai",
	  .version = "1.40.0", .confidence = 95, .declared = true, .used_in_code = true, .evidence = ev_sdk,
	  .nevidence = 2, .nevidence_total = 2 },
	{ .identity = "prompt||prompts/system \"x\".md", .type = "prompt", .name = "prompts/system \"x\".md",
	  .confidence = 90 },
};
static const scan_ai_relation relations[] = {
	{ 4, 5, "served_by" },
	{ 4, 5, "uses" }, /* the same target twice, under two kinds: one dependsOn */
};
static const scan_ai_gap gaps[] = { { "app.py", 30, "model id read from $MODEL, which no environment file defines" } };
static const scan_ai_inventory inventory = { assets, sizeof(assets) / sizeof(assets[0]), relations, 2, gaps, 1, true };

static scan_aibom_input input(const scan_ai_declaration *d, size_t nd)
{
	scan_aibom_input in = { &inventory, "acme/payments", 42, "9f2c1e09f2c1e09f2c1e09f2c1e09f2c1e09f2c1",
		                    3, T_GEN, "0.1.0", d, nd };
	return in;
}

static int validate(const char *schema, const scan_buf *doc, const char *name)
{
	scan_buf cmd = SCAN_BUF_INIT;
	char *path = th_join(tmpdir, name);
	int status;

	th_write_bytes(tmpdir, name, doc->ptr, doc->size);
	scan_buf_printf(&cmd, SYSTEM_PYTHON " '%s' '%s' '%s'", VALIDATOR, schema, path);
	status = system(cmd.ptr);
	scan_buf_dispose(&cmd);
	free(path);
	assert_true(status != -1 && WIFEXITED(status));
	return WEXITSTATUS(status);
}

static cJSON *find(cJSON *arr, const char *key, const char *value)
{
	cJSON *x;
	cJSON_ArrayForEach(x, arr) {
		cJSON *v = cJSON_GetObjectItemCaseSensitive(x, key);
		if (cJSON_IsString(v) && !strcmp(v->valuestring, value))
			return x;
	}
	return NULL;
}

static const char *str(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static const scan_ai_declaration declared[] = {
	{ .identity = "dataset|huggingface|org/reviews", .version = 1, .supplier_name = "Org Data",
	  .declared_license = "CC-BY-4.0", .download_location = "https://huggingface.co/datasets/org/reviews",
	  .release_time = 1700000000, .source_kind = "upstream", .source_uri = "https://huggingface.co/datasets/org/reviews",
	  .verified = true, .updated_at = T_GEN - 100 },
	{ .identity = "model_artifact||models/tiny.onnx", .version = 2, .supplier_name = "Acme ML",
	  .component_version = "1.0", .declared_license = "Apache-2.0", .download_location = "https://models.acme.test/tiny",
	  .release_time = 1690000000, .source_kind = "manual", .verified = true, .updated_at = T_GEN - 50 },
	{ .identity = "model|huggingface|sentence-transformers/all-minilm-l6-v2", .version = 1,
	  .supplier_name = "sentence-transformers", .declared_license = "Apache-2.0",
	  .download_location = "https://huggingface.co/sentence-transformers/all-MiniLM-L6-v2",
	  .release_time = 1660000000, .source_kind = "upstream", .source_digest =
	  "1111111111111111111111111111111111111111111111111111111111111111", .verified = true, .updated_at = T_GEN - 10 },
	{ .identity = "model|openai|gpt-4o", .version = 4, .supplier_name = "OpenAI", .component_version = "2024-08-06",
	  .download_location = "https://api.openai.com/v1", .release_time = 1722902400, .source_kind = "manual",
	  .verified = true, .updated_at = T_GEN - 1 },
};

static void test_cyclonedx(void **state)
{
	scan_aibom_input in = input(declared, 4);
	scan_buf a = SCAN_BUF_INIT, b = SCAN_BUF_INIT;
	cJSON *doc, *comps, *c, *deps, *d;
	(void)state;

	assert_int_equal(scan_aibom_cyclonedx(&a, &in), 0);
	assert_int_equal(scan_aibom_cyclonedx(&b, &in), 0);
	assert_string_equal(a.ptr, b.ptr); /* same inventory, same bytes */
	assert_int_equal(validate(CDX17, &a, "ai.cdx.json"), 0);
	assert_non_null(doc = cJSON_Parse(a.ptr));
	assert_string_equal(str(doc, "specVersion"), "1.7");
	assert_int_equal(cJSON_GetObjectItem(doc, "version")->valueint, 3);
	assert_non_null(strstr(str(doc, "serialNumber"), "urn:uuid:"));
	comps = cJSON_GetObjectItem(doc, "components");
	assert_int_equal(cJSON_GetArraySize(comps), 6); /* the provider is a service */
	c = find(comps, "bom-ref", "model|openai|gpt-4o");
	assert_string_equal(str(c, "type"), "machine-learning-model");
	assert_string_equal(str(c, "version"), "2024-08-06");
	assert_string_equal(str(cJSON_GetObjectItem(c, "supplier"), "name"), "OpenAI");
	c = find(comps, "bom-ref", "model|huggingface|sentence-transformers/all-minilm-l6-v2");
	assert_string_equal(str(c, "group"), "sentence-transformers");
	assert_string_equal(str(c, "purl"),
	                    "pkg:huggingface/sentence-transformers/all-MiniLM-L6-v2@c9745ed1d9f207416be6d2e6f8de32d1f16199bf");
	c = find(comps, "bom-ref", "dataset|huggingface|org/reviews");
	assert_string_equal(str(c, "type"), "data");
	c = find(comps, "bom-ref", "model_artifact||models/tiny.onnx");
	assert_string_equal(str(cJSON_GetArrayItem(cJSON_GetObjectItem(c, "hashes"), 0), "alg"), "SHA-256");
	assert_non_null(find(cJSON_GetObjectItem(doc, "services"), "bom-ref", "provider|openai|openai"));
	deps = cJSON_GetObjectItem(doc, "dependencies");
	d = find(deps, "ref", "model|openai|gpt-4o");
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(d, "dependsOn")), 1);
	d = find(deps, "ref", "application");
	/* everything but the provider, which the model reaches */
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(d, "dependsOn")), 6);
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(doc, "citations")), 4);
	assert_non_null(strstr(a.ptr, "\"rampart:ai-bom:gap\""));
	cJSON_Delete(doc);
	scan_buf_dispose(&a);
	scan_buf_dispose(&b);

	/* A later generation is another document; no declarations, no citations, still valid. */
	in = input(NULL, 0);
	in.generation = 4;
	assert_int_equal(scan_aibom_cyclonedx(&a, &in), 0);
	assert_int_equal(validate(CDX17, &a, "ai4.cdx.json"), 0);
	assert_null(strstr(a.ptr, "citation:"));
	scan_buf_dispose(&a);
	in.generation = 0;
	assert_int_equal(scan_aibom_cyclonedx(&a, &in), SCAN_EINVAL);
	scan_buf_dispose(&a);
}

static void test_spdx(void **state)
{
	scan_aibom_input in = input(declared, 4);
	scan_buf a = SCAN_BUF_INIT, b = SCAN_BUF_INIT;
	scan_aibom_blocker *bl;
	size_t n;
	cJSON *doc, *graph, *x;
	int ai = 0, ds = 0, rel = 0;
	(void)state;

	assert_int_equal(scan_aibom_spdx(&a, &in), 0);
	assert_int_equal(scan_aibom_spdx(&b, &in), 0);
	assert_string_equal(a.ptr, b.ptr);
	assert_int_equal(validate(SPDX301, &a, "ai.spdx.jsonld"), 0);
	assert_non_null(doc = cJSON_Parse(a.ptr));
	graph = cJSON_GetObjectItem(doc, "@graph");
	cJSON_ArrayForEach(x, graph) {
		const char *t = str(x, "type");
		if (!strcmp(t, "ai_AIPackage")) {
			ai++;
			/* the five the AI profile makes mandatory */
			assert_non_null(str(x, "releaseTime"));
			assert_non_null(str(x, "suppliedBy"));
			assert_non_null(str(x, "software_downloadLocation"));
			assert_non_null(str(x, "software_packageVersion"));
			assert_string_equal(str(x, "software_primaryPurpose"), "model");
		} else if (!strcmp(t, "dataset_DatasetPackage")) {
			ds++;
			assert_non_null(str(x, "builtTime"));
			assert_non_null(cJSON_GetObjectItem(x, "originatedBy"));
		} else if (!strcmp(t, "Relationship")) {
			rel++;
		}
	}
	assert_int_equal(ai, 3);
	assert_int_equal(ds, 1);
	assert_int_equal(rel, 4 * 2 + 6 + 2); /* two licence relations per model and dataset; roots; inventory */
	cJSON_Delete(doc);
	assert_int_equal(scan_aibom_spdx_blockers(&in, &bl, &n), 0);
	assert_int_equal(n, 0);
	assert_null(bl);
	scan_buf_dispose(&a);
	scan_buf_dispose(&b);

	/* Without declarations: still valid JSON-LD, but every model and the dataset block the profile. */
	in = input(NULL, 0);
	assert_int_equal(scan_aibom_spdx(&a, &in), 0);
	assert_int_equal(validate(SPDX301, &a, "ai-bare.spdx.jsonld"), 0);
	assert_int_equal(scan_aibom_spdx_blockers(&in, &bl, &n), 0);
	assert_int_equal(n, 4);
	assert_string_equal(bl[0].identity, "dataset|huggingface|org/reviews");
	assert_string_equal(bl[0].missing, "releaseTime, originatedBy, builtTime, software_downloadLocation");
	/* the Hugging Face model has its revision for a version */
	assert_string_equal(bl[2].missing, "releaseTime, suppliedBy, software_downloadLocation");
	free(bl);
	scan_buf_dispose(&a);

	/* An unverified declaration is not enough. */
	{
		scan_ai_declaration d[4];
		memcpy(d, declared, sizeof(d));
		d[3].verified = false;
		in = input(d, 4);
		assert_int_equal(scan_aibom_spdx_blockers(&in, &bl, &n), 0);
		assert_int_equal(n, 1);
		assert_string_equal(bl[0].identity, "model|openai|gpt-4o");
		free(bl);
	}
}

static int setup(void **state)
{
	(void)state;
	tmpdir = th_tmpdir();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	th_rmtree(tmpdir);
	free(tmpdir);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cyclonedx),
		cmocka_unit_test(test_spdx),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
