/* include/scan/ai.h - remediation advice from an OpenAI-compatible chat-completions endpoint */
#ifndef SCAN_AI_H
#define SCAN_AI_H

#include <signal.h>
#include "common.h"
#include "finding.h"

typedef struct {
	const char *url;       /* the API root: https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama), a llama.cpp server */
	const char *model;
	const char *api_key;   /* NULL: none sent (a local server) */
	long timeout_ms;       /* 0: 60 s */
	volatile sig_atomic_t *cancel; /* non-zero: a question in flight stops within a second; may be NULL */
} scan_ai_endpoint;

/* Advice longer than this is cut: it is shown in a list of findings. */
#define SCAN_AI_ADVICE_MAX 4000
/* What the advice stored with a finding starts with: an AI's words are never taken for the rule's. */
#define SCAN_AI_ADVICE_PREFIX "AI suggestion"

typedef struct scan_ai_client scan_ai_client;

/*
 * A client of ep (copied). Building it compiles the secret rules the
 * prompt is masked with, so make one and keep it; one thread at a time.
 */
SCAN_EXTERN int scan_ai_client_new(scan_ai_client **out, const scan_ai_endpoint *ep);
SCAN_EXTERN void scan_ai_client_free(scan_ai_client *c); /* NULL is fine */

/*
 * Ask for remediation advice on f: the prompt carries its title, rule,
 * severity, CWE, file, line, description and snippet, every credential
 * in them masked (a secret finding's snippet is left out whole). *out is
 * "AI suggestion (MODEL): " and the advice, printable, at most
 * SCAN_AI_ADVICE_MAX bytes; the caller frees it. 0; SCAN_EIO when the
 * endpoint cannot be reached or answers an error; SCAN_EPARSE for an
 * answer without a message; SCAN_ECANCELED when *cancel turned non-zero;
 * SCAN_ELIMIT, SCAN_ENOMEM.
 */
SCAN_EXTERN int scan_ai_remediation(char **out, scan_ai_client *c, const scan_finding *f);

#endif
