/* lib/aiasset/code.c - imports, calls and constants of a parsed file, in each language's own node names */
#include <stdlib.h>
#include <string.h>
#include "aiasset/code.h"
#include "parse/tree.h"
#include "scan/array.h"
#include "util/error.h"

/*
 * The calls kept are those an AI asset can hide in: a constructor or
 * function of a known SDK (checked by name here, by module in detect.c),
 * or any call passing a model-like argument. Sorted for bsearch.
 */
static const char *const interesting_callees[] = {
	"Agent", "AgentExecutor", "Anthropic", "AnthropicBedrock", "AnthropicClient", "AnthropicVertex", "AssistantAgent",
	"AsyncAnthropic", "AsyncAzureOpenAI", "AsyncOpenAI", "AzureChatOpenAI", "AzureOpenAI", "AzureOpenAIClient",
	"ChatAnthropic", "ChatClient", "ChatCompletionAgent", "ChatCompletionRequest", "ChatGoogleGenerativeAI",
	"ChatMistralAI", "ChatModel", "ChatOllama", "ChatOpenAI", "Chroma", "Client", "ClientSession", "ClientV2",
	"ConversableAgent", "CountTokens", "Crew", "EmbedContent", "FastMCP", "GenerateContent", "GenerateContentStream",
	"GenerateImages", "GenerativeModel", "GetChatClient", "Groq", "HttpClient",
	"InferenceClient", "Kernel", "LLM", "Llama", "McpServer", "Milvus", "Mistral", "Model", "MultiServerMCPClient",
	"NewClient", "NewMCPServer", "Ollama", "OpenAI", "OpenAIClient", "OpenAIEmbeddings", "PGVector",
	"PersistentClient", "Pinecone", "PineconeVectorStore", "QdrantClient", "QdrantVectorStore", "ReActAgent",
	"SentenceTransformer", "Server", "StateGraph", "UserProxyAgent", "WeaviateVectorStore", "WithModel",
	"client", "connect_to_custom", "connect_to_local", "connect_to_weaviate_cloud",
	"createReactAgent", "create_react_agent", "from_documents", "from_pretrained", "from_texts",
	"hf_hub_download", "initialize_agent", "load_dataset", "load_local", "model", "modelId",
	"modelName", "new", "pipeline", "snapshot_download", "sse_client", "stdio_client",
	"streamablehttp_client",
};

/* Argument names that carry a model, dataset or revision. */
static const char *const model_keys[] = {
	"Model", "ModelID", "azure_deployment", "deployment", "deploymentName", "deployment_name", "engine",
	"model", "modelId", "modelName", "model_id", "model_name", "pretrained_model_name_or_path", "repoId",
	"repo_id", "revision",
};

static int cmp_str(const void *key, const void *elem)
{
	return strcmp(key, *(const char *const *)elem);
}

static bool in_set(const char *s, const char *const *set, size_t n)
{
	return s && bsearch(s, set, n, sizeof(*set), cmp_str) != NULL;
}

typedef struct {
	scan_ai_code *out;
	scan_lang lang;
	const char *src;
	size_t len;
	char tmp[SCAN_AI_CODE_TEXT_MAX + 1];
} reader;

static TSNode callee_of(reader *r, TSNode call, bool *construct);
static TSNode last_name(TSNode f);

static bool is(TSNode n, const char *type)
{
	return !ts_node_is_null(n) && !strcmp(ts_node_type(n), type);
}

static TSNode field(TSNode n, const char *name)
{
	return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

static unsigned line_of(TSNode n)
{
	return ts_node_start_point(n).row + 1;
}

/* The node's text, shortened to SCAN_AI_CODE_TEXT_MAX bytes, into the arena. */
static const char *text(reader *r, TSNode n)
{
	uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);

	if (b > r->len || a > b)
		return NULL;
	if (b - a > SCAN_AI_CODE_TEXT_MAX)
		b = a + SCAN_AI_CODE_TEXT_MAX;
	return scan_arena__strndup(&r->out->arena, r->src + a, b - a);
}

/* Same, in the reader's scratch (valid until the next call). */
static const char *peek(reader *r, TSNode n)
{
	uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);

	if (b > r->len || a > b)
		return "";
	if (b - a > SCAN_AI_CODE_TEXT_MAX)
		b = a + SCAN_AI_CODE_TEXT_MAX;
	memcpy(r->tmp, r->src + a, b - a);
	r->tmp[b - a] = '\0';
	return r->tmp;
}

/*
 * A string literal's content when it has no interpolation, or NULL. The
 * grammars name the pieces differently: string_content (Python),
 * string_fragment (JS, Java), interpreted_string_literal_content (Go),
 * string_literal_content (C#); an escape sequence makes it OTHER.
 */
static const char *string_value(reader *r, TSNode n)
{
	const char *t = ts_node_type(n);
	uint32_t count = ts_node_named_child_count(n);
	TSNode piece = { 0 };
	unsigned pieces = 0;

	if (strcmp(t, "string") && strcmp(t, "string_literal") && strcmp(t, "interpreted_string_literal") &&
	    strcmp(t, "raw_string_literal") && strcmp(t, "template_string") && strcmp(t, "verbatim_string_literal"))
		return NULL;
	for (uint32_t i = 0; i < count; i++) {
		TSNode k = ts_node_named_child(n, i);
		const char *kt = ts_node_type(k);
		if (!strcmp(kt, "string_start") || !strcmp(kt, "string_end"))
			continue;
		if (strcmp(kt, "string_content") && strcmp(kt, "string_fragment") &&
		    strcmp(kt, "interpreted_string_literal_content") && strcmp(kt, "string_literal_content") &&
		    strcmp(kt, "raw_string_literal_content"))
			return NULL; /* interpolation, escape */
		piece = k;
		pieces++;
	}
	if (pieces > 1)
		return NULL;
	if (!pieces) {
		/* Go's raw strings and C#'s verbatim ones hold their text directly. */
		if (!strcmp(t, "raw_string_literal") || !strcmp(t, "verbatim_string_literal")) {
			const char *s = peek(r, n);
			size_t l = strlen(s), skip = s[0] == '@' ? 2 : 1;
			return l > skip ? scan_arena__strndup(&r->out->arena, s + skip, l - skip - 1) : "";
		}
		return "";
	}
	return text(r, piece);
}

/* The first argument of a call node, when it is a string literal. */
static const char *first_string_arg(reader *r, TSNode args)
{
	for (uint32_t i = 0; i < ts_node_named_child_count(args); i++) {
		TSNode a = ts_node_named_child(args, i);
		if (is(a, "argument") && ts_node_named_child_count(a))
			a = ts_node_named_child(a, ts_node_named_child_count(a) - 1);
		if (is(a, "comment"))
			continue;
		return string_value(r, a);
	}
	return NULL;
}

static const char *second_string_arg(reader *r, TSNode args)
{
	unsigned seen = 0;

	for (uint32_t i = 0; i < ts_node_named_child_count(args); i++) {
		TSNode a = ts_node_named_child(args, i);
		if (is(a, "comment"))
			continue;
		if (seen++ == 1)
			return string_value(r, a);
	}
	return NULL;
}

/* The callee of a call expression: its text and its last name. */
static TSNode callee_of(reader *r, TSNode call, bool *construct)
{
	const char *t = ts_node_type(call);
	TSNode f;

	*construct = false;
	(void)r;
	if (!strcmp(t, "call") || !strcmp(t, "call_expression") || !strcmp(t, "invocation_expression"))
		f = field(call, "function");
	else if (!strcmp(t, "new_expression"))
		f = field(call, "constructor"), *construct = true;
	else if (!strcmp(t, "object_creation_expression"))
		f = field(call, "type"), *construct = true;
	else if (!strcmp(t, "implicit_object_creation_expression"))
		f = call, *construct = true; /* C#'s new(...): the type is the variable's; the callee reads "new" */
	else if (!strcmp(t, "composite_literal"))
		f = field(call, "type"), *construct = true;
	else if (!strcmp(t, "method_invocation"))
		f = field(call, "name");
	else
		memset(&f, 0, sizeof(f));
	return f;
}

/* The last name of a callee: c.chat.completions.create -> create; openai.OpenAI -> OpenAI; Foo<T> -> Foo. */
static TSNode last_name(TSNode f)
{
	for (int guard = 0; guard < 8 && !ts_node_is_null(f); guard++) {
		const char *t = ts_node_type(f);
		TSNode next = { 0 };
		if (!strcmp(t, "identifier") || !strcmp(t, "property_identifier") || !strcmp(t, "field_identifier") ||
		    !strcmp(t, "type_identifier") || !strcmp(t, "implicit_object_creation_expression"))
			return f;
		if (!strcmp(t, "attribute"))
			next = field(f, "attribute");
		else if (!strcmp(t, "member_expression"))
			next = field(f, "property");
		else if (!strcmp(t, "selector_expression"))
			next = field(f, "field");
		else if (!strcmp(t, "member_access_expression") || !strcmp(t, "qualified_type") ||
		         !strcmp(t, "qualified_name") || !strcmp(t, "scoped_type_identifier"))
			next = field(f, "name");
		else if (!strcmp(t, "generic_name") || !strcmp(t, "generic_type"))
			next = ts_node_named_child(f, 0);
		if (ts_node_is_null(next))
			return next;
		f = next;
	}
	return (TSNode){ 0 };
}

/* The environment variable an expression reads, or NULL (*fallback: the default it gives). */
static const char *env_read(reader *r, TSNode v, const char **fallback)
{
	const char *t = ts_node_type(v);

	*fallback = NULL;
	if (!strcmp(t, "call") || !strcmp(t, "call_expression") || !strcmp(t, "method_invocation") ||
	    !strcmp(t, "invocation_expression")) {
		TSNode f = strcmp(t, "method_invocation") ? field(v, "function") : v;
		TSNode args = field(v, "arguments");
		const char *path;
		if (ts_node_is_null(f) || ts_node_is_null(args))
			return NULL;
		if (!strcmp(t, "method_invocation")) {
			TSNode obj = field(v, "object"), name = field(v, "name");
			if (ts_node_is_null(obj) || ts_node_is_null(name) || strcmp(peek(r, obj), "System"))
				return NULL;
			path = peek(r, name);
			if (strcmp(path, "getenv") && strcmp(path, "getProperty"))
				return NULL;
		} else {
			path = peek(r, f);
			if (strcmp(path, "os.getenv") && strcmp(path, "os.environ.get") && strcmp(path, "getenv") &&
			    strcmp(path, "os.Getenv") && strcmp(path, "Environment.GetEnvironmentVariable") &&
			    strcmp(path, "os.LookupEnv") && strcmp(path, "Deno.env.get"))
				return NULL;
		}
		*fallback = second_string_arg(r, args);
		return first_string_arg(r, args);
	}
	if (!strcmp(t, "subscript") || !strcmp(t, "subscript_expression")) {
		/* os.environ["X"], process.env["X"] */
		TSNode obj = field(v, strcmp(t, "subscript") ? "object" : "value");
		TSNode idx = field(v, strcmp(t, "subscript") ? "index" : "subscript");
		const char *o;
		if (ts_node_is_null(obj) || ts_node_is_null(idx))
			return NULL;
		o = peek(r, obj);
		return !strcmp(o, "os.environ") || !strcmp(o, "process.env") ? string_value(r, idx) : NULL;
	}
	if (!strcmp(t, "member_expression")) {
		TSNode obj = field(v, "object"), prop = field(v, "property");
		if (ts_node_is_null(obj) || ts_node_is_null(prop) || strcmp(peek(r, obj), "process.env"))
			return NULL;
		return text(r, prop);
	}
	if (!strcmp(t, "binary_expression") || !strcmp(t, "boolean_operator")) {
		/* process.env.X || "default"; in Python, an environment read or "default" */
		TSNode left = field(v, "left"), right = field(v, "right");
		const char *var, *fb;
		if (ts_node_is_null(left) || ts_node_is_null(right) || !(var = env_read(r, left, &fb)))
			return NULL;
		*fallback = string_value(r, right);
		return var;
	}
	return NULL;
}

/*
 * Calls that only wrap a model id: the AI SDK's provider functions
 * (openai("gpt-4o")), Go's conversion anthropic.Model(x). Their argument is
 * the value.
 */
static const char *const model_wrappers[] = {
	"Model", "anthropic", "azure", "bedrock", "cohere", "deepseek", "google", "groq", "mistral", "ollama", "openai",
	"vertex", "xai",
};

/* A provider's model factories: openai.embedding("text-embedding-3-small"), google.textEmbeddingModel(...). */
static const char *const provider_model_factories[] = {
	"chat", "completion", "embedding", "image", "imageModel", "languageModel", "responses", "textEmbedding",
	"textEmbeddingModel",
};

static bool wraps_model(reader *r, TSNode f, TSNode name)
{
	TSNode obj;

	if (in_set(peek(r, name), model_wrappers, sizeof(model_wrappers) / sizeof(*model_wrappers)))
		return true;
	if (!is(f, "member_expression") || !in_set(peek(r, name), provider_model_factories,
	                                           sizeof(provider_model_factories) / sizeof(*provider_model_factories)))
		return false;
	obj = field(f, "object");
	return !ts_node_is_null(obj) && is(obj, "identifier") &&
	       in_set(peek(r, obj), model_wrappers, sizeof(model_wrappers) / sizeof(*model_wrappers));
}

static TSNode wrapped_model(reader *r, TSNode v)
{
	TSNode f, name, args;
	bool construct;

	if (!is(v, "call") && !is(v, "call_expression"))
		return (TSNode){ 0 };
	f = callee_of(r, v, &construct);
	if (ts_node_is_null(f) || ts_node_is_null(name = last_name(f)) || !wraps_model(r, f, name))
		return (TSNode){ 0 };
	args = field(v, "arguments");
	for (uint32_t i = 0; !ts_node_is_null(args) && i < ts_node_named_child_count(args); i++) {
		TSNode a = ts_node_named_child(args, i);
		if (!is(a, "comment"))
			return a;
	}
	return (TSNode){ 0 };
}

static scan_ai_value value_of(reader *r, TSNode v)
{
	scan_ai_value out = { SCAN_AI_VALUE_OTHER, NULL, NULL, false };
	const char *t, *s;
	TSNode inner;

	if (ts_node_is_null(v))
		return out;
	if (is(v, "literal_element") && ts_node_named_child_count(v)) /* Go keyed elements wrap their value */
		v = ts_node_named_child(v, 0);
	/* (x), TypeScript's x! and x as T, an AI SDK's provider("id") hold the value */
	for (int guard = 0; guard < 4; guard++) {
		if ((is(v, "parenthesized_expression") || is(v, "non_null_expression") || is(v, "as_expression")) &&
		    ts_node_named_child_count(v))
			v = ts_node_named_child(v, 0);
		else if (!ts_node_is_null(inner = wrapped_model(r, v)))
			v = inner, out.wrapped = true;
		else
			break;
	}
	t = ts_node_type(v);
	if ((s = string_value(r, v)))
		out.kind = SCAN_AI_VALUE_STRING, out.text = s;
	else if ((s = env_read(r, v, &out.fallback)))
		out.kind = SCAN_AI_VALUE_ENV, out.text = s;
	else if (!strcmp(t, "identifier") || !strcmp(t, "attribute") || !strcmp(t, "selector_expression") ||
	         !strcmp(t, "shorthand_property_identifier") || !strcmp(t, "qualified_name") ||
	         !strcmp(t, "member_expression") || !strcmp(t, "field_access") || !strcmp(t, "member_access_expression"))
		out.kind = SCAN_AI_VALUE_NAME, out.text = text(r, v);
	else if (!strcmp(t, "true") || (!strcmp(t, "boolean_literal") && !strcmp(peek(r, v), "true")))
		out.kind = SCAN_AI_VALUE_TRUE;
	else if (!strcmp(t, "false") || (!strcmp(t, "boolean_literal") && !strcmp(peek(r, v), "false")))
		out.kind = SCAN_AI_VALUE_FALSE;
	else if (!strcmp(t, "integer") || !strcmp(t, "number") || !strcmp(t, "int_literal") ||
	         !strcmp(t, "decimal_integer_literal") || !strcmp(t, "integer_literal"))
		out.kind = SCAN_AI_VALUE_NUMBER, out.text = text(r, v);
	return out;
}

static int add_arg(reader *r, scan_ai_arg *args, size_t *n, const char *name, unsigned pos, TSNode v)
{
	if (*n >= SCAN_AI_CODE_ARGS_MAX)
		return 0;
	args[*n].name = name;
	args[*n].position = pos;
	args[*n].value = value_of(r, v);
	args[*n].line = line_of(v);
	(*n)++;
	return 0;
}

/* A call's argument list: its field, or (C#'s new(...)) its argument_list child. */
static TSNode args_of(TSNode call)
{
	TSNode a = field(call, "arguments");

	for (uint32_t i = 0; ts_node_is_null(a) && i < ts_node_named_child_count(call); i++)
		if (is(ts_node_named_child(call, i), "argument_list"))
			a = ts_node_named_child(call, i);
	return a;
}

/* A JS object literal or a Go composite literal's body: its properties become named arguments. */
static void add_properties(reader *r, scan_ai_arg *args, size_t *n, TSNode obj)
{
	for (uint32_t i = 0; i < ts_node_named_child_count(obj); i++) {
		TSNode p = ts_node_named_child(obj, i), key, val;
		const char *name;
		if (is(p, "pair"))
			key = field(p, "key"), val = field(p, "value");
		else if (is(p, "keyed_element"))
			key = field(p, "key"), val = field(p, "value");
		else if (is(p, "assignment_expression")) /* a C# object initializer: Model = "..." */
			key = field(p, "left"), val = field(p, "right");
		else if (is(p, "shorthand_property_identifier")) /* { model } */
			key = p, val = p;
		else
			continue;
		if (ts_node_is_null(key) || ts_node_is_null(val))
			continue;
		if (is(key, "literal_element") && ts_node_named_child_count(key))
			key = ts_node_named_child(key, 0);
		name = string_value(r, key);
		add_arg(r, args, n, name ? name : text(r, key), 0, val);
	}
}

static int read_args(reader *r, TSNode call, scan_ai_arg *args, size_t *n)
{
	TSNode list = is(call, "composite_literal") ? field(call, "body") : args_of(call);
	TSNode init = field(call, "initializer");
	unsigned pos = 0;

	if (is(init, "initializer_expression"))
		add_properties(r, args, n, init);
	if (ts_node_is_null(list))
		return 0;
	if (is(call, "composite_literal")) {
		add_properties(r, args, n, list);
		return 0;
	}
	for (uint32_t i = 0; i < ts_node_named_child_count(list); i++) {
		TSNode a = ts_node_named_child(list, i);
		const char *t = ts_node_type(a);
		if (!strcmp(t, "comment"))
			continue;
		if (!strcmp(t, "keyword_argument")) {
			add_arg(r, args, n, text(r, field(a, "name")), 0, field(a, "value"));
		} else if (!strcmp(t, "argument")) { /* C#: [name:] expression */
			TSNode name = field(a, "name");
			TSNode v = ts_node_named_child(a, ts_node_named_child_count(a) - 1);
			if (ts_node_is_null(name))
				add_arg(r, args, n, NULL, pos++, v);
			else
				add_arg(r, args, n, text(r, name), 0, v);
		} else if (!strcmp(t, "object") || !strcmp(t, "composite_literal")) {
			add_properties(r, args, n, !strcmp(t, "object") ? a : field(a, "body"));
			pos++;
		} else {
			add_arg(r, args, n, NULL, pos++, a);
		}
	}
	return 0;
}

static bool model_key(reader *r, TSNode key)
{
	if (ts_node_is_null(key))
		return false;
	if (is(key, "literal_element") && ts_node_named_child_count(key))
		key = ts_node_named_child(key, 0);
	return in_set(peek(r, key), model_keys, sizeof(model_keys) / sizeof(*model_keys));
}

/* Does an argument (or a property of an object argument) have a model-like name? Read without copying. */
static bool has_model_key(reader *r, TSNode call)
{
	TSNode list = is(call, "composite_literal") ? field(call, "body") : args_of(call);
	TSNode init = field(call, "initializer");

	for (uint32_t i = 0; is(init, "initializer_expression") && i < ts_node_named_child_count(init); i++) {
		TSNode p = ts_node_named_child(init, i);
		if (is(p, "assignment_expression") && model_key(r, field(p, "left")))
			return true;
	}
	if (ts_node_is_null(list))
		return false;
	for (uint32_t i = 0; i < ts_node_named_child_count(list); i++) {
		TSNode a = ts_node_named_child(list, i);
		const char *t = ts_node_type(a);
		if (!strcmp(t, "keyword_argument") || !strcmp(t, "argument")) {
			if (model_key(r, field(a, "name")))
				return true;
		} else if (!strcmp(t, "keyed_element") || !strcmp(t, "pair")) {
			if (model_key(r, field(a, "key")))
				return true;
		} else if (!strcmp(t, "object") || !strcmp(t, "composite_literal")) {
			TSNode o = !strcmp(t, "object") ? a : field(a, "body");
			for (uint32_t k = 0; !ts_node_is_null(o) && k < ts_node_named_child_count(o); k++) {
				TSNode p = ts_node_named_child(o, k);
				if (((is(p, "pair") || is(p, "keyed_element")) && model_key(r, field(p, "key"))) ||
				    (is(p, "shorthand_property_identifier") && model_key(r, p)))
					return true;
			}
		}
	}
	return false;
}

static int on_call(reader *r, TSNode call)
{
	scan_ai_code *c = r->out;
	scan_ai_arg args[SCAN_AI_CODE_ARGS_MAX];
	size_t n = 0;
	bool construct;
	TSNode f = callee_of(r, call, &construct), name;
	scan_ai_call *out;
	const char *callee;

	if (ts_node_is_null(f) || ts_node_is_null(name = last_name(f)))
		return 0;
	callee = is(call, "implicit_object_creation_expression") ? "new" : peek(r, name);
	/* Cheap refusal first, copying nothing: most calls are neither an SDK's nor given a model. */
	if (!in_set(callee, interesting_callees, sizeof(interesting_callees) / sizeof(*interesting_callees)) &&
	    !has_model_key(r, call))
		return 0;
	if (c->ncalls >= SCAN_AI_CODE_CALLS_MAX) {
		c->truncated = true;
		return 0;
	}
	if (scan_array_reserve(&c->calls, &c->calls_cap, c->ncalls + 1, sizeof(*c->calls)))
		return SCAN_ENOMEM;
	out = &c->calls[c->ncalls];
	memset(out, 0, sizeof(*out));
	if (is(call, "implicit_object_creation_expression")) {
		out->callee = out->path = "new";
	} else {
		out->callee = text(r, name);
		out->path = text(r, f);
	}
	/* a Java builder's .model("x") is where its name is, not where the chain starts */
	out->line = line_of(is(call, "method_invocation") ? name : call);
	out->construct = construct;
	read_args(r, call, args, &n);
	if (n && !(out->args = scan_arena__alloc(&c->arena, n * sizeof(*args))))
		return SCAN_ENOMEM;
	if (n)
		memcpy(out->args, args, n * sizeof(*args));
	out->nargs = n;
	if (!out->callee || !out->path)
		return SCAN_ENOMEM;
	c->ncalls++;
	return 0;
}

static int add_import(reader *r, const char *module, unsigned line)
{
	scan_ai_code *c = r->out;

	if (!module || !*module || module[0] == '.')
		return module ? 0 : SCAN_ENOMEM;
	if (c->nimports >= SCAN_AI_CODE_IMPORTS_MAX) {
		c->truncated = true;
		return 0;
	}
	if (scan_array_reserve(&c->imports, &c->imports_cap, c->nimports + 1, sizeof(*c->imports)))
		return SCAN_ENOMEM;
	c->imports[c->nimports].module = module;
	c->imports[c->nimports].line = line;
	c->nimports++;
	return 0;
}

static int on_import(reader *r, TSNode n)
{
	const char *t = ts_node_type(n);
	int rc = 0;

	if (!strcmp(t, "import_statement") && r->lang == SCAN_LANG_PYTHON) {
		for (uint32_t i = 0; i < ts_node_named_child_count(n) && !rc; i++) {
			TSNode k = ts_node_named_child(n, i);
			if (is(k, "aliased_import"))
				k = field(k, "name");
			if (is(k, "dotted_name"))
				rc = add_import(r, text(r, k), line_of(n));
		}
	} else if (!strcmp(t, "import_from_statement")) {
		TSNode m = field(n, "module_name");
		if (is(m, "dotted_name"))
			rc = add_import(r, text(r, m), line_of(n));
	} else if (!strcmp(t, "import_statement")) { /* JS/TS */
		TSNode s = field(n, "source");
		const char *v = ts_node_is_null(s) ? NULL : string_value(r, s);
		if (v)
			rc = add_import(r, v, line_of(n));
	} else if (!strcmp(t, "import_declaration") && r->lang == SCAN_LANG_JAVA) {
		for (uint32_t i = 0; i < ts_node_named_child_count(n) && !rc; i++) {
			TSNode k = ts_node_named_child(n, i);
			if (is(k, "scoped_identifier") || is(k, "identifier"))
				rc = add_import(r, text(r, k), line_of(n));
		}
	} else if (!strcmp(t, "import_spec")) { /* Go */
		TSNode p = field(n, "path");
		const char *v = ts_node_is_null(p) ? NULL : string_value(r, p);
		if (v)
			rc = add_import(r, v, line_of(n));
	} else if (!strcmp(t, "using_directive")) { /* C# */
		for (uint32_t i = 0; i < ts_node_named_child_count(n) && !rc; i++) {
			TSNode k = ts_node_named_child(n, i);
			if (is(k, "qualified_name") || is(k, "identifier"))
				rc = add_import(r, text(r, k), line_of(n));
		}
	}
	return rc;
}

static int add_binding(reader *r, TSNode name, TSNode value)
{
	scan_ai_code *c = r->out;
	scan_ai_value v;

	if (ts_node_is_null(name) || ts_node_is_null(value) || !is(name, "identifier"))
		return 0;
	if (is(value, "expression_list") && ts_node_named_child_count(value) == 1)
		value = ts_node_named_child(value, 0);
	v = value_of(r, value);
	if (v.kind != SCAN_AI_VALUE_STRING && v.kind != SCAN_AI_VALUE_ENV)
		return 0;
	if (c->nbindings >= SCAN_AI_CODE_BINDINGS_MAX) {
		c->truncated = true;
		return 0;
	}
	if (scan_array_reserve(&c->bindings, &c->bindings_cap, c->nbindings + 1, sizeof(*c->bindings)))
		return SCAN_ENOMEM;
	c->bindings[c->nbindings].name = text(r, name);
	c->bindings[c->nbindings].value = v;
	c->bindings[c->nbindings].line = line_of(name);
	if (!c->bindings[c->nbindings].name)
		return SCAN_ENOMEM;
	c->nbindings++;
	return 0;
}

static int on_binding(reader *r, TSNode n)
{
	const char *t = ts_node_type(n);

	if (!strcmp(t, "assignment")) /* Python */
		return add_binding(r, field(n, "left"), field(n, "right"));
	if (!strcmp(t, "variable_declarator")) { /* JS, Java: name/value; C#: name, then the expression */
		TSNode v = field(n, "value");
		uint32_t k = ts_node_named_child_count(n);
		if (ts_node_is_null(v) && k >= 2)
			v = ts_node_named_child(n, k - 1);
		return add_binding(r, field(n, "name"), v);
	}
	if (!strcmp(t, "const_spec") || !strcmp(t, "var_spec")) { /* Go */
		TSNode v = field(n, "value");
		return add_binding(r, field(n, "name"), v);
	}
	if (!strcmp(t, "short_var_declaration")) {
		TSNode left = field(n, "left");
		if (!ts_node_is_null(left) && ts_node_named_child_count(left) == 1)
			return add_binding(r, ts_node_named_child(left, 0), field(n, "right"));
	}
	return 0;
}

static int on_decorated(reader *r, TSNode n)
{
	scan_ai_code *c = r->out;
	TSNode def = field(n, "definition"), name;

	if (!is(def, "function_definition") || ts_node_is_null(name = field(def, "name")))
		return 0;
	for (uint32_t i = 0; i < ts_node_named_child_count(n); i++) {
		TSNode d = ts_node_named_child(n, i), e;
		if (!is(d, "decorator") || !ts_node_named_child_count(d))
			continue;
		e = ts_node_named_child(d, 0);
		if (is(e, "call"))
			e = field(e, "function");
		if (ts_node_is_null(e))
			continue;
		if (c->ndecorated >= SCAN_AI_CODE_CALLS_MAX) {
			c->truncated = true;
			return 0;
		}
		if (scan_array_reserve(&c->decorated, &c->decorated_cap, c->ndecorated + 1, sizeof(*c->decorated)))
			return SCAN_ENOMEM;
		c->decorated[c->ndecorated].function = text(r, name);
		c->decorated[c->ndecorated].decorator = text(r, e);
		c->decorated[c->ndecorated].line = line_of(def);
		if (!c->decorated[c->ndecorated].function || !c->decorated[c->ndecorated].decorator)
			return SCAN_ENOMEM;
		c->ndecorated++;
	}
	return 0;
}

static bool supported(scan_lang lang)
{
	switch (lang) {
	case SCAN_LANG_PYTHON: case SCAN_LANG_JAVASCRIPT: case SCAN_LANG_TYPESCRIPT: case SCAN_LANG_TSX:
	case SCAN_LANG_JAVA: case SCAN_LANG_GO: case SCAN_LANG_CSHARP:
		return true;
	default:
		return false;
	}
}

int scan_aiasset__code_read(scan_ai_code *out, const TSTree *tree, scan_lang lang, const char *src, size_t len)
{
	reader r = { out, lang, src, len, { 0 } };
	TSTreeCursor cur;
	uint32_t depth = 0;
	bool descend = true;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (!tree || !supported(lang))
		return 0;
	cur = ts_tree_cursor_new(ts_tree_root_node(tree));
	while (!rc && scan_parse__walk_next(&cur, descend, &depth)) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		const char *t = ts_node_type(n);
		descend = true;
		switch (t[0]) {
		case 'i':
			if (!strcmp(t, "import_statement") || !strcmp(t, "import_from_statement") ||
			    !strcmp(t, "import_declaration") || !strcmp(t, "import_spec")) {
				rc = on_import(&r, n);
				descend = !strcmp(t, "import_declaration") && lang == SCAN_LANG_GO;
			} else if (!strcmp(t, "invocation_expression") || !strcmp(t, "implicit_object_creation_expression")) {
				rc = on_call(&r, n);
			}
			break;
		case 'u':
			if (!strcmp(t, "using_directive"))
				rc = on_import(&r, n), descend = false;
			break;
		case 'c':
			if (!strcmp(t, "call") || !strcmp(t, "call_expression") || !strcmp(t, "composite_literal")) {
				rc = on_call(&r, n);
				/* require("x") and import("x") are JS's other imports */
				if (!rc && !strcmp(t, "call_expression") && lang != SCAN_LANG_GO) {
					TSNode f = field(n, "function");
					const char *p = ts_node_is_null(f) ? "" : peek(&r, f);
					if (!strcmp(p, "require") || !strcmp(p, "import")) {
						const char *m = first_string_arg(&r, field(n, "arguments"));
						if (m)
							rc = add_import(&r, m, line_of(n));
					}
				}
			} else if (!strcmp(t, "const_spec")) {
				rc = on_binding(&r, n);
			}
			break;
		case 'n':
			if (!strcmp(t, "new_expression"))
				rc = on_call(&r, n);
			break;
		case 'o':
			if (!strcmp(t, "object_creation_expression"))
				rc = on_call(&r, n);
			break;
		case 'm':
			if (!strcmp(t, "method_invocation"))
				rc = on_call(&r, n);
			break;
		case 'a':
			if (!strcmp(t, "assignment"))
				rc = on_binding(&r, n);
			break;
		case 'v':
			if (!strcmp(t, "variable_declarator") || !strcmp(t, "var_spec"))
				rc = on_binding(&r, n);
			break;
		case 's':
			if (!strcmp(t, "short_var_declaration"))
				rc = on_binding(&r, n);
			break;
		case 'd':
			if (!strcmp(t, "decorated_definition"))
				rc = on_decorated(&r, n);
			break;
		default:
			break;
		}
	}
	ts_tree_cursor_delete(&cur);
	return rc;
}

void scan_aiasset__code_dispose(scan_ai_code *c)
{
	free(c->imports);
	free(c->calls);
	free(c->bindings);
	free(c->decorated);
	scan_arena__dispose(&c->arena);
	memset(c, 0, sizeof(*c));
}

const scan_ai_binding *scan_aiasset__code_binding(const scan_ai_code *c, const char *name)
{
	/* The last binding wins, as the code's own reading order would have it. */
	for (size_t i = c->nbindings; i-- > 0;)
		if (!strcmp(c->bindings[i].name, name))
			return &c->bindings[i];
	return NULL;
}

const scan_ai_arg *scan_aiasset__call_arg(const scan_ai_call *call, const char *names, int pos)
{
	for (size_t i = 0; i < call->nargs; i++) {
		const scan_ai_arg *a = &call->args[i];
		if (a->name && names) {
			size_t n = strlen(a->name);
			for (const char *p = names; *p;) {
				const char *bar = strchr(p, '|');
				size_t k = bar ? (size_t)(bar - p) : strlen(p);
				if (k == n && !strncmp(p, a->name, n))
					return a;
				p += k + (bar ? 1 : 0);
			}
		} else if (!a->name && pos >= 0 && a->position == (unsigned)pos) {
			return a;
		}
	}
	return NULL;
}
