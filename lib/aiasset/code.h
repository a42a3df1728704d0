/* lib/aiasset/code.h - the facts of one source file that say what AI it uses: imports, calls, constants */
#ifndef SCAN_AIASSET_CODE_H
#define SCAN_AIASSET_CODE_H

#include <stdbool.h>
#include <stddef.h>
#include <tree_sitter/api.h>
#include "util/arena.h"
#include "walk/lang.h"

/* Bounds per file: a generated file with a million calls costs no more than this. */
#define SCAN_AI_CODE_CALLS_MAX 5000
#define SCAN_AI_CODE_ARGS_MAX 24
#define SCAN_AI_CODE_IMPORTS_MAX 2000
#define SCAN_AI_CODE_BINDINGS_MAX 5000
#define SCAN_AI_CODE_TEXT_MAX 200

typedef enum {
	SCAN_AI_VALUE_OTHER = 0,  /* computed at run time */
	SCAN_AI_VALUE_STRING,     /* a literal without interpolation */
	SCAN_AI_VALUE_NAME,       /* a name: a constant to look up, or a qualified one ("openai.GPT4o") */
	SCAN_AI_VALUE_ENV,        /* read from the environment: os.getenv, process.env.X, System.getenv, os.Getenv */
	SCAN_AI_VALUE_TRUE,
	SCAN_AI_VALUE_FALSE,
	SCAN_AI_VALUE_NUMBER,
} scan_ai_value_kind;

typedef struct {
	scan_ai_value_kind kind;
	const char *text;         /* STRING: the content; NAME: the name; ENV: the variable; NUMBER: the digits */
	const char *fallback;     /* ENV: the literal used when the variable is unset (getenv's default, || "x"); NULL */
	bool wrapped;             /* read through a provider function, openai("id"): the id is where that call is */
} scan_ai_value;

typedef struct {
	const char *name;         /* keyword, named argument, object property or struct field; NULL: positional */
	unsigned position;        /* positional arguments: 0, 1, ... */
	scan_ai_value value;
	unsigned line;
} scan_ai_arg;

typedef struct {
	const char *callee;       /* its last name: "create", "OpenAI", "from_pretrained", "ChatCompletionRequest" */
	const char *path;         /* as written, shortened: "client.chat.completions.create" */
	unsigned line;
	bool construct;           /* new X(...), a Go composite literal X{...} */
	scan_ai_arg *args;
	size_t nargs;
} scan_ai_call;

typedef struct {
	const char *module;       /* "openai", "@anthropic-ai/sdk", "com.openai.client.OpenAIClient", "OpenAI.Chat" */
	unsigned line;
} scan_ai_import;

/* NAME = value, where the value is a literal or an environment read: how a name used as a model id resolves. */
typedef struct {
	const char *name;
	scan_ai_value value;
	unsigned line;
} scan_ai_binding;

/* A Python function under a decorator (@tool, @mcp.tool(), @function_tool): a tool an agent may call. */
typedef struct {
	const char *function;
	const char *decorator;    /* its callee path: "mcp.tool", "tool" */
	unsigned line;
} scan_ai_decorated;

typedef struct {
	scan_arena arena;
	scan_ai_import *imports;
	size_t nimports, imports_cap;
	scan_ai_call *calls;
	size_t ncalls, calls_cap;
	scan_ai_binding *bindings;
	size_t nbindings, bindings_cap;
	scan_ai_decorated *decorated;
	size_t ndecorated, decorated_cap;
	bool truncated;           /* a bound was reached: later facts of the file were not kept */
} scan_ai_code;

/*
 * Read the facts of a parsed Python, JavaScript/TypeScript, Java, Go or C#
 * file: its imports, the calls that name an AI SDK's constructors or pass
 * a model-like argument (model=, modelId, Model:, .model("...")), the
 * names bound to literals or environment reads, decorated functions.
 * Other languages give no facts. 0 or SCAN_ENOMEM;
 * scan_aiasset__code_dispose() in every case.
 */
int scan_aiasset__code_read(scan_ai_code *out, const TSTree *tree, scan_lang lang, const char *src, size_t len);
void scan_aiasset__code_dispose(scan_ai_code *c);

/* The value bound to name in the file, or NULL. */
const scan_ai_binding *scan_aiasset__code_binding(const scan_ai_code *c, const char *name);
/* The argument of call named name (any of several spellings, '|'-separated: "model|model_name"), or at position pos (-1: none). */
const scan_ai_arg *scan_aiasset__call_arg(const scan_ai_call *call, const char *names, int pos);

#endif
