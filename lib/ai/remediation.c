/* lib/ai/remediation.c - remediation advice for a finding, asked of an OpenAI-compatible endpoint with credentials masked */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyzers/redact.h"
#include "scan/ai.h"
#include "scan/json.h"
#include "secrets/engine.h"
#include "secrets/rules.h"
#include "util/error.h"
#include "util/http.h"

#define AI_RESPONSE_MAX ((size_t)1 << 20)
#define FIELD_MAX 2000   /* bytes of one finding field in the prompt */

struct scan_ai_client {
	char *url, *model, *api_key;
	long timeout_ms;
	volatile sig_atomic_t *cancel;
	scan_secret_ruleset rules;
	scan_secret_engine *engine;
	scan_redactor *redactor;
};

void scan_ai_client_free(scan_ai_client *c)
{
	if (!c)
		return;
	scan_analyzers__redactor_free(c->redactor);
	scan_secrets__engine_free(c->engine);
	scan_secrets__ruleset_dispose(&c->rules);
	if (c->api_key)
		explicit_bzero(c->api_key, strlen(c->api_key));
	free(c->url);
	free(c->model);
	free(c->api_key);
	free(c);
}

int scan_ai_client_new(scan_ai_client **out, const scan_ai_endpoint *ep)
{
	scan_ai_client *c;
	size_t n;
	int rc;

	*out = NULL;
	if (!ep || !ep->url || !ep->model || !*ep->model ||
	    (strncmp(ep->url, "https://", 8) && strncmp(ep->url, "http://", 7)))
		return scan_util__error(SCAN_EINVAL, "an AI endpoint needs an http(s) URL and a model");
	if (!(c = calloc(1, sizeof(*c))))
		return scan_error__oom();
	if (!(c->url = strdup(ep->url)) || !(c->model = strdup(ep->model)) ||
	    (ep->api_key && !(c->api_key = strdup(ep->api_key)))) {
		scan_ai_client_free(c);
		return scan_error__oom();
	}
	for (n = strlen(c->url); n && c->url[n - 1] == '/'; n--)
		c->url[n - 1] = '\0';
	c->timeout_ms = ep->timeout_ms > 0 ? ep->timeout_ms : 60000;
	c->cancel = ep->cancel;
	if ((rc = scan_secrets__load_builtin(&c->rules)) != 0 ||
	    (rc = scan_secrets__engine_new(&c->engine, &c->rules, NULL)) != 0 ||
	    (rc = scan_analyzers__redactor_new(&c->redactor, c->engine)) != 0) {
		scan_ai_client_free(c);
		return rc;
	}
	*out = c;
	return 0;
}

/* "label: text" into the prompt, masked and cut; nothing for a missing field. */
static int prompt_field(scan_ai_client *c, scan_buf *prompt, const char *label, const char *text)
{
	scan_buf masked = SCAN_BUF_INIT;
	size_t n;
	bool changed;
	int rc;

	if (!text || !*text)
		return 0;
	n = strlen(text);
	if (n > FIELD_MAX)
		n = FIELD_MAX;
	if ((rc = scan_analyzers__redact(c->redactor, &masked, text, n, &changed)) == 0)
		rc = scan_buf_printf(prompt, "%s: %s\n", label, masked.ptr ? masked.ptr : "");
	scan_buf_dispose(&masked);
	return rc;
}

static int build_prompt(scan_ai_client *c, scan_buf *prompt, const scan_finding *f)
{
	const char *snippet = f->category == SCAN_CAT_SECRET ? NULL : f->snippet;
	const char *texts[4] = { f->title, f->description, snippet, f->file_path };
	size_t lens[4];
	char line[32];
	int rc;

	for (size_t i = 0; i < 4; i++)
		lens[i] = texts[i] ? strlen(texts[i]) : 0, texts[i] = texts[i] ? texts[i] : "";
	/* No file: the credentials to mask are looked for in the finding's own texts. */
	scan_analyzers__redactor_set_file(c->redactor, NULL, NULL, 0);
	if ((rc = scan_analyzers__redactor_prepare(c->redactor, texts, lens, 4, NULL, 0)) != 0)
		return rc;
	snprintf(line, sizeof(line), "%u", f->line_number);
	if ((rc = prompt_field(c, prompt, "Finding", f->title)) || (rc = prompt_field(c, prompt, "Rule", f->rule_id)) ||
	    (rc = prompt_field(c, prompt, "Severity", scan_severity_name(f->severity))) ||
	    (rc = prompt_field(c, prompt, "CWE", f->cwe_id)) || (rc = prompt_field(c, prompt, "File", f->file_path)) ||
	    (rc = prompt_field(c, prompt, "Line", line)) || (rc = prompt_field(c, prompt, "Description", f->description)) ||
	    (rc = prompt_field(c, prompt, "Code", snippet)))
		return rc;
	return 0;
}

/* The advice as stored: labelled, printable (newlines kept), cut at a character boundary. */
static int advice(char **out, const char *model, const char *text)
{
	scan_buf b = SCAN_BUF_INIT;
	size_t n = 0;

	scan_buf_printf(&b, SCAN_AI_ADVICE_PREFIX " (%s): ", model);
	while (*text == ' ' || *text == '\n')
		text++;
	const unsigned char *p = (const unsigned char *)text;
	for (; *p && n < SCAN_AI_ADVICE_MAX; p++, n++) {
		if (*p == '\n' || *p >= 0x20) {
			if (*p != 0x7f)
				scan_buf_putc(&b, (char)*p);
		} else {
			scan_buf_putc(&b, ' ');
		}
	}
	/* Cut inside a UTF-8 sequence: what was kept of it goes. */
	if (*p && (*p & 0xC0) == 0x80) {
		while (b.size && ((unsigned char)b.ptr[b.size - 1] & 0xC0) == 0x80)
			scan_buf_truncate(&b, b.size - 1);
		if (b.size && ((unsigned char)b.ptr[b.size - 1] & 0xC0) == 0xC0)
			scan_buf_truncate(&b, b.size - 1);
	}
	if (scan_buf_failed(&b)) {
		scan_buf_dispose(&b);
		return scan_error__oom();
	}
	*out = scan_buf_detach(&b);
	return 0;
}

int scan_ai_remediation(char **out, scan_ai_client *c, const scan_finding *f)
{
	scan_buf prompt = SCAN_BUF_INIT, body = SCAN_BUF_INIT, answer = SCAN_BUF_INIT, url = SCAN_BUF_INIT;
	char auth[600];
	const char *headers[3] = { "Content-Type: application/json", NULL, NULL };
	scan_http_request hr;
	scan_json w;
	cJSON *doc = NULL;
	const char *content;
	int status, rc;

	*out = NULL;
	if ((rc = build_prompt(c, &prompt, f)) != 0)
		goto done;
	scan_json_init(&w, &body, false);
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "model", c->model);
	scan_json_open(&w, "messages", '[');
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "role", "system");
	scan_json_str(&w, "content", "You are an application security engineer. Given a finding of a static analysis "
	                             "tool, explain in at most 120 words how to fix it in this code, with a short corrected "
	                             "example when it helps. Do not repeat the finding. Plain text, no Markdown headings.");
	scan_json_close(&w, '}');
	scan_json_open(&w, NULL, '{');
	scan_json_str(&w, "role", "user");
	scan_json_str(&w, "content", prompt.ptr ? prompt.ptr : "");
	scan_json_close(&w, '}');
	scan_json_close(&w, ']');
	scan_json_num(&w, "temperature", 0.2);
	scan_json_int(&w, "max_tokens", 400);
	scan_json_bool(&w, "stream", false);
	scan_json_close(&w, '}');
	if ((rc = scan_json_finish(&w)) != 0 || (rc = scan_buf_printf(&url, "%s/chat/completions", c->url)) != 0)
		goto done;
	if (c->api_key) {
		snprintf(auth, sizeof(auth), "Authorization: Bearer %s", c->api_key);
		headers[1] = auth;
	}
	memset(&hr, 0, sizeof(hr));
	hr.method = "POST";
	hr.url = url.ptr;
	hr.headers = headers;
	hr.body = body.ptr;
	hr.body_len = body.size;
	hr.max_response = AI_RESPONSE_MAX;
	hr.timeout_ms = c->timeout_ms;
	hr.allow_http = !strncmp(c->url, "http://", 7);
	hr.cancel = c->cancel;
	rc = scan_util__http(&status, &answer, &hr);
	explicit_bzero(auth, sizeof(auth));
	if (rc)
		goto done;
	if (status != 200) {
		rc = scan_util__error(SCAN_EIO, "the AI endpoint answered HTTP %d", status);
		goto done;
	}
	doc = cJSON_ParseWithLength(answer.ptr ? answer.ptr : "", answer.size);
	content = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
	        cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "choices"), 0),
	                                         "message"),
	        "content"));
	if (!content || !*content) {
		rc = scan_util__error(SCAN_EPARSE, "the AI endpoint's answer has no message");
		goto done;
	}
	rc = advice(out, c->model, content);
done:
	cJSON_Delete(doc);
	scan_buf_dispose(&prompt);
	scan_buf_dispose(&body);
	scan_buf_dispose(&answer);
	scan_buf_dispose(&url);
	return rc;
}
