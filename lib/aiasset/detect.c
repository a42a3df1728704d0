/* lib/aiasset/detect.c - imports, calls and decorators read as AI assets (notes §3.1) */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aiasset/detect.h"
#include "scan/array.h"
#include "scan/buf.h"
#include "util/error.h"

/* Python modules whose distribution is named otherwise (the rest compare as PEP 503 names). */
static const struct { const char *module, *package; } python_modules[] = {
	{ "google.genai", "google-genai" }, { "google.generativeai", "google-generativeai" },
	{ "google.cloud.aiplatform", "google-cloud-aiplatform" }, { "llama_cpp", "llama-cpp-python" },
	{ "faiss", "faiss-cpu" }, { "weaviate", "weaviate-client" }, { "qdrant_client", "qdrant-client" },
	{ "pinecone", "pinecone" }, { "autogen_agentchat", "autogen-agentchat" },
};

/* Java packages, by prefix, and the Maven artifact that ships them. */
static const struct { const char *prefix, *artifact; } java_packages[] = {
	{ "com.openai.", "com.openai:openai-java" },
	{ "com.anthropic.", "com.anthropic:anthropic-java" },
	{ "com.azure.ai.openai.", "com.azure:azure-ai-openai" },
	{ "dev.langchain4j.", "dev.langchain4j:langchain4j" },
	{ "org.springframework.ai.", "org.springframework.ai:spring-ai-core" },
	{ "software.amazon.awssdk.services.bedrockruntime.", "software.amazon.awssdk:bedrockruntime" },
	{ "io.modelcontextprotocol.", "io.modelcontextprotocol.sdk:mcp" },
	{ "com.google.genai.", "com.google.genai:google-genai" },
};

const scan_ai_package_signal *scan_aiasset__import_signal(scan_lang lang, const char *module)
{
	char buf[256];
	size_t n;

	switch (lang) {
	case SCAN_LANG_PYTHON:
		for (size_t i = 0; i < sizeof(python_modules) / sizeof(python_modules[0]); i++) {
			size_t k = strlen(python_modules[i].module);
			if (!strncmp(module, python_modules[i].module, k) && (module[k] == '\0' || module[k] == '.'))
				return scan_aiasset__package_signal("PyPI", python_modules[i].package);
		}
		n = strcspn(module, ".");
		if (n >= sizeof(buf))
			return NULL;
		memcpy(buf, module, n);
		buf[n] = '\0';
		return scan_aiasset__package_signal("PyPI", buf);
	case SCAN_LANG_JAVASCRIPT: case SCAN_LANG_TYPESCRIPT: case SCAN_LANG_TSX: {
		/* "@scope/name/sub" -> "@scope/name"; "name/sub" -> "name" */
		const char *slash = strchr(module, '/');
		if (module[0] == '@' && slash)
			slash = strchr(slash + 1, '/');
		n = slash ? (size_t)(slash - module) : strlen(module);
		if (n >= sizeof(buf))
			return NULL;
		memcpy(buf, module, n);
		buf[n] = '\0';
		return scan_aiasset__package_signal("npm", buf);
	}
	case SCAN_LANG_GO:
		return scan_aiasset__package_signal("Go", module);
	case SCAN_LANG_JAVA:
		for (size_t i = 0; i < sizeof(java_packages) / sizeof(java_packages[0]); i++)
			if (!strncmp(module, java_packages[i].prefix, strlen(java_packages[i].prefix)))
				return scan_aiasset__package_signal("Maven", java_packages[i].artifact);
		return NULL;
	case SCAN_LANG_CSHARP:
		/* The namespace, then each of its parents: OpenAI.Chat -> OpenAI. */
		n = strlen(module);
		if (n >= sizeof(buf))
			return NULL;
		memcpy(buf, module, n + 1);
		for (;;) {
			const scan_ai_package_signal *s = scan_aiasset__package_signal("NuGet", buf);
			char *dot = strrchr(buf, '.');
			if (s)
				return s;
			if (!dot)
				return NULL;
			*dot = '\0';
		}
	default:
		return NULL;
	}
}

static bool starts(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

scan_ai_provider scan_aiasset__provider_of_id(const char *id)
{
	const char *colon = strchr(id, ':');
	const char *dot = strchr(id, '.');

	/* Bedrock: "anthropic.claude-3-5-sonnet-20240620-v1:0", "amazon.titan-text-express-v1" */
	if (dot && !strchr(id, '/') && (starts(id, "anthropic.") || starts(id, "amazon.") || starts(id, "meta.") ||
	                                starts(id, "cohere.") || starts(id, "ai21.") || starts(id, "mistral.") ||
	                                starts(id, "us.") || starts(id, "eu.") || starts(id, "apac.")))
		return SCAN_AI_PROVIDER_BEDROCK;
	if (starts(id, "gpt-") || starts(id, "chatgpt-") || starts(id, "text-embedding-") || starts(id, "dall-e") ||
	    starts(id, "whisper-") || starts(id, "tts-") || starts(id, "davinci") || starts(id, "babbage") ||
	    ((id[0] == 'o') && isdigit((unsigned char)id[1]) && (id[2] == '\0' || id[2] == '-')))
		return SCAN_AI_PROVIDER_OPENAI;
	if (starts(id, "claude-"))
		return SCAN_AI_PROVIDER_ANTHROPIC;
	if (starts(id, "gemini-") || starts(id, "text-bison") || starts(id, "chat-bison") ||
	    starts(id, "models/gemini-") || starts(id, "text-embedding-004"))
		return SCAN_AI_PROVIDER_GOOGLE;
	if (starts(id, "mistral-") || starts(id, "mixtral-") || starts(id, "codestral-") ||
	    starts(id, "open-mistral") || starts(id, "ministral-") || starts(id, "pixtral-") || starts(id, "magistral-"))
		return SCAN_AI_PROVIDER_MISTRAL;
	if (starts(id, "command-") || starts(id, "embed-english") || starts(id, "embed-multilingual"))
		return SCAN_AI_PROVIDER_COHERE;
	(void)colon;
	return SCAN_AI_PROVIDER_UNKNOWN;
}

int scan_aiasset__add_signal(scan_ai_builder *b, const scan_ai_package_signal *s, bool declared, const char *version,
                             size_t *slot)
{
	scan_buf id = SCAN_BUF_INIT;
	scan_ai_asset a;
	const char *prov = s->provider ? scan_aiasset__provider_name(s->provider) : NULL;
	int rc;

	memset(&a, 0, sizeof(a));
	/* keyed by who serves it, when the table says, and what it is called */
	if ((rc = scan_aiasset__identity(&id, scan_aiasset__type_name(s->type), prov, s->name, true)) != 0)
		return rc;
	a.identity = id.ptr;
	a.type = scan_aiasset__type_name(s->type);
	a.name = s->name;
	a.provider = prov;
	a.version = declared ? version : NULL;
	a.confidence = declared ? 70 : 85;
	a.declared = declared;
	a.used_in_code = !declared;
	rc = scan_aiasset__add(b, &a, slot);
	scan_buf_dispose(&id);
	return rc;
}

/* The provider an SDK's import gives a file: its calls' models are served by it, unless their id says otherwise. */
typedef struct {
	scan_ai_provider provider;    /* the one provider imported; UNKNOWN when none or several */
	unsigned providers;           /* how many distinct */
	bool ai;                      /* some AI SDK is imported: calls may name models */
	bool mcp;
	const char *framework;        /* identity of the agent framework imported, for its agents and models */
	const char *framework_name;
	const char *vector_store;     /* identity of a vector store imported */
	bool custom_endpoint;         /* an OpenAI-compatible client sent elsewhere (base_url): the models are not OpenAI's */
	bool azure;                   /* the file uses Azure OpenAI's SDK */
	const char *langgraph;        /* identity of LangGraph when imported: its prebuilt agents are built with it */
	const char *agent;            /* identity of the file's first agent: the models its code names are that agent's */
} file_context;

static const char *callee_is(const scan_ai_call *c, const char *const *names)
{
	for (; *names; names++)
		if (!strcmp(c->callee, *names))
			return *names;
	return NULL;
}

static const char *const agent_callees[] = {
	"Agent", "AgentExecutor", "AssistantAgent", "ChatCompletionAgent", "ConversableAgent", "Crew", "ReActAgent",
	"UserProxyAgent", "createReactAgent", "create_react_agent", "initialize_agent", NULL };
static const char *const mcp_server_callees[] = { "FastMCP", "McpServer", "NewMCPServer", "Server", NULL };
static const char *const mcp_client_callees[] = {
	"ClientSession", "MultiServerMCPClient", "sse_client", "stdio_client", "streamablehttp_client", NULL };
/* Go's genai client takes the model after the context: Models.GenerateContent(ctx, "gemini-2.0-flash-001", ...). */
static const char *const second_positional_model_callees[] = {
	"CountTokens", "EmbedContent", "GenerateContent", "GenerateContentStream", "GenerateImages", NULL };
/* Calls whose first positional argument is a model id. */
static const char *const positional_model_callees[] = {
	"ChatClient", "GenerativeModel", "GetChatClient", "LLM", "SentenceTransformer", "WithModel", "from_pretrained",
	"hf_hub_download", "model", "modelId", "modelName", "snapshot_download", NULL };
/* Vector stores an agent framework's own classes reach (LangChain's FAISS.load_local, Chroma(...)). */
static const struct { const char *callee, *name; } store_callees[] = {
	{ "FAISS", "FAISS" }, { "Chroma", "Chroma" }, { "QdrantVectorStore", "Qdrant" }, { "Qdrant", "Qdrant" },
	{ "PineconeVectorStore", "Pinecone" }, { "WeaviateVectorStore", "Weaviate" }, { "PGVector", "pgvector" },
	{ "Milvus", "Milvus" }, { "LanceDB", "LanceDB" },
};
static const char *const dataset_callees[] = { "load_dataset", NULL };
/* Tools an agent or an MCP server exposes, by decorator. */
static bool tool_decorator(const char *d)
{
	size_t n = strlen(d);
	return !strcmp(d, "tool") || !strcmp(d, "function_tool") || !strcmp(d, "kernel_function") ||
	       (n > 5 && !strcmp(d + n - 5, ".tool"));
}

static bool looks_like_id(const char *s)
{
	size_t n = strlen(s);
	if (!n || n > 200)
		return false;
	for (size_t i = 0; i < n; i++)
		if (isspace((unsigned char)s[i]) || s[i] == '{' || s[i] == '<' || s[i] == '$')
			return false;
	return true;
}

static bool same_text(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

int scan_aiasset__model_ref_add(scan_ai_builder *b, scan_ai_model_refs *refs, const scan_ai_model_ref *r)
{
	scan_ai_model_ref *d;

	if (refs->count >= 10000)
		return 0;
	/*
	 * One site, one ref: Go's params literal and the call it is passed to
	 * both name the model (a file's refs are added together, under the lock).
	 */
	for (size_t i = refs->count; i-- > 0 && !strcmp(refs->refs[i].file_path, r->file_path);)
		if (refs->refs[i].line == r->line && refs->refs[i].dataset == r->dataset && same_text(refs->refs[i].id, r->id) &&
		    same_text(refs->refs[i].env, r->env)) {
			if (!refs->refs[i].user && r->user && !(refs->refs[i].user = scan_arena__strdup(&b->arena, r->user)))
				return scan_error__oom();
			return 0;
		}
	if (scan_array_reserve(&refs->refs, &refs->cap, refs->count + 1, sizeof(*refs->refs)))
		return SCAN_ENOMEM;
	d = &refs->refs[refs->count];
	*d = *r;
	/* into the builder's arena: refs outlive the file's facts */
	d->file_path = scan_arena__strdup(&b->arena, r->file_path);
	d->snippet = scan_arena__strdup(&b->arena, r->snippet);
	d->id = scan_arena__strdup(&b->arena, r->id);
	d->env = scan_arena__strdup(&b->arena, r->env);
	d->fallback = scan_arena__strdup(&b->arena, r->fallback);
	d->revision = scan_arena__strdup(&b->arena, r->revision);
	d->user = scan_arena__strdup(&b->arena, r->user);
	if (!d->file_path || (r->snippet && !d->snippet) || (r->id && !d->id) || (r->env && !d->env) ||
	    (r->fallback && !d->fallback) || (r->revision && !d->revision) || (r->user && !d->user))
		return scan_error__oom();
	refs->count++;
	return 0;
}

/* A call's revision= as a literal, through a constant when it names one. */
static const char *revision_of(const scan_ai_code *c, const scan_ai_call *call)
{
	const scan_ai_arg *a = scan_aiasset__call_arg(call, "revision", -1);
	const scan_ai_binding *bd;

	if (!a)
		return NULL;
	if (a->value.kind == SCAN_AI_VALUE_STRING)
		return a->value.text;
	if (a->value.kind == SCAN_AI_VALUE_NAME && (bd = scan_aiasset__code_binding(c, a->value.text)) &&
	    bd->value.kind == SCAN_AI_VALUE_STRING)
		return bd->value.text;
	return NULL;
}

/*
 * An SDK's model constant as its id: openai-java ChatModel.GPT_4O_MINI,
 * go-openai openai.GPT4oMini, anthropic-sdk-go anthropic.ModelClaude3_5SonnetLatest.
 * The constants spell the id: words and digits, "Dot" for a point, a run of
 * 8 digits for a date. false for a name that is not such a constant.
 */
static bool constant_id(const char *name, char *out, size_t cap)
{
	const char *dot = strrchr(name, '.'), *p;
	size_t k = 0;
	char prev = 0;

	if (!dot)
		return false;
	if (!((dot - name == 9 && !strncmp(name, "ChatModel", 9)) || (dot - name == 6 && !strncmp(name, "openai", 6)) ||
	      (dot - name == 9 && !strncmp(name, "anthropic", 9))))
		return false;
	p = dot + 1;
	if (!strncmp(p, "Model", 5) && p[5] >= 'A' && p[5] <= 'Z')
		p += 5; /* anthropic.ModelClaude... */
	if (!(!strncmp(p, "GPT", 3) || !strncmp(p, "Claude", 6) || (p[0] == 'O' && p[1] >= '0' && p[1] <= '9')))
		return false;
	/* GPT_4O_MINI: words between underscores, as Java spells constants; else CamelCase words */
	if (strchr(p, '_') && strncmp(p, "Claude", 6)) {
		for (; *p && k + 2 < cap; p++) {
			bool point = *p == '_' && k && out[k - 1] >= '0' && out[k - 1] <= '9' && (k < 2 || out[k - 2] < '0' ||
			             out[k - 2] > '9') && p[1] >= '0' && p[1] <= '9' && (p[2] < '0' || p[2] > '9');
			out[k++] = *p == '_' ? (point ? '.' : '-') : (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
		}
		out[k] = '\0';
		return k > 0;
	}
	for (; *p && k + 2 < cap; p++) {
		char ch = *p, low = (char)(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
		bool digit = ch >= '0' && ch <= '9', upper = ch >= 'A' && ch <= 'Z';
		if (!strncmp(p, "Dot", 3) && prev >= '0' && prev <= '9') {
			out[k++] = '.';
			p += 2;
			prev = '.';
			continue;
		}
		if (ch == '_') {
			/* GPT_4_1: a point between single digits; 2024_08_06: a dash */
			bool point = prev >= '0' && prev <= '9' && p[1] >= '0' && p[1] <= '9' && (p[2] < '0' || p[2] > '9') &&
			             k >= 2 && (out[k - 2] < '0' || out[k - 2] > '9');
			out[k++] = point ? '.' : '-';
			prev = out[k - 1];
			continue;
		}
		if (k && ((digit && !(prev >= '0' && prev <= '9') && prev != '-' && prev != '.') ||
		          (upper && prev != '-' && prev != '.' && !(prev >= 'a' && prev <= 'z' && p[-1] >= 'A' && p[-1] <= 'Z'))))
			out[k++] = '-';
		out[k++] = low;
		prev = low;
	}
	out[k] = '\0';
	/* a date written as 8 digits: 20240806 -> 2024-08-06 */
	for (size_t i = 0; i + 8 <= k; i++) {
		if ((i == 0 || out[i - 1] == '-') && strspn(out + i, "0123456789") == 8 && (out[i + 8] == '\0' || out[i + 8] == '-') &&
		    k + 2 < cap) {
			memmove(out + i + 10, out + i + 8, k - i - 8 + 1);
			memmove(out + i + 5, out + i + 4, 2);
			memmove(out + i + 8, out + i + 6, 2);
			out[i + 4] = '-';
			out[i + 7] = '-';
			k += 2;
			break;
		}
	}
	return k > 0 && k + 1 < cap;
}

/* Resolve a value to a literal, an env read, or nothing (a gap). */
static int model_value(scan_ai_builder *b, const scan_ai_code *c, const char *path, const scan_ai_arg *a,
                       scan_ai_model_ref *ref)
{
	scan_ai_value v = a->value;
	char msg[320];

	if (v.kind == SCAN_AI_VALUE_NAME) {
		const scan_ai_binding *bd = scan_aiasset__code_binding(c, v.text);
		char constant[128];
		if (bd) {
			v = bd->value;
		} else if (constant_id(v.text, constant, sizeof(constant))) {
			if (!(ref->id = scan_arena__strdup(&b->arena, constant)))
				return SCAN_ENOMEM;
			return 1;
		}
	}
	if (v.kind == SCAN_AI_VALUE_STRING && looks_like_id(v.text)) {
		ref->id = v.text;
		return 1;
	}
	if (v.kind == SCAN_AI_VALUE_ENV && v.text) {
		ref->env = v.text;
		ref->fallback = v.fallback && looks_like_id(v.fallback) ? v.fallback : NULL;
		return 1;
	}
	snprintf(msg, sizeof(msg), "the model id given to this call is %s%s%s, which the scan cannot resolve",
	         v.kind == SCAN_AI_VALUE_NAME ? "the name " : "computed at run time",
	         v.kind == SCAN_AI_VALUE_NAME ? v.text : "", "");
	return scan_aiasset__gap(b, path, a->line, msg) ? SCAN_ENOMEM : 0;
}

/*
 * Where a file's clients send their calls, before its models are read: an
 * OpenAI-compatible client given another base URL serves whatever model
 * that endpoint runs; boto3's bedrock-runtime client is Amazon Bedrock.
 */
static int endpoints(scan_ai_builder *b, const scan_ai_code *c, const char *path, scan_ai_quote_fn quote, void *qctx,
                     file_context *fx)
{
	static const char *const clients[] = { "OpenAI", "AsyncOpenAI", "ChatOpenAI", "OpenAIClient", NULL };
	int rc = 0;

	for (size_t i = 0; i < c->ncalls && !rc; i++) {
		const scan_ai_call *call = &c->calls[i];
		const scan_ai_arg *a;
		if (callee_is(call, clients) && scan_aiasset__call_arg(call, "base_url|baseURL|baseUrl|api_base", -1)) {
			fx->custom_endpoint = true;
		} else if (!strcmp(call->callee, "client") && (a = scan_aiasset__call_arg(call, "service_name", 0)) &&
		           a->value.kind == SCAN_AI_VALUE_STRING &&
		           (!strcmp(a->value.text, "bedrock-runtime") || !strcmp(a->value.text, "bedrock"))) {
			const scan_ai_package_signal *s = scan_aiasset__package_signal("npm", "@aws-sdk/client-bedrock-runtime");
			size_t slot;
			if (s && !(rc = scan_aiasset__add_signal(b, s, false, NULL, &slot)))
				rc = scan_aiasset__evidence(b, slot, path, call->line, "call", quote(qctx, call->line));
			fx->provider = SCAN_AI_PROVIDER_BEDROCK;
			fx->ai = true;
		}
	}
	return rc;
}

/* An agent's identity: its file and its name= (or role=), else the constructor's name. */
static int agent_identity(scan_buf *id, scan_buf *key, const scan_ai_call *call, const char *path, const char *what,
                          const scan_ai_arg **nm)
{
	int rc;

	*nm = scan_aiasset__call_arg(call, "name|role|Name|Role", -1);
	scan_buf_clear(key);
	if ((rc = scan_buf_printf(key, "%s#%s", path,
	                          *nm && (*nm)->value.kind == SCAN_AI_VALUE_STRING ? (*nm)->value.text : what)) != 0)
		return rc;
	return scan_aiasset__identity(id, "agent", NULL, key->ptr, false);
}

int scan_aiasset__detect_code(scan_ai_builder *b, const scan_ai_code *c, scan_lang lang, const char *path,
                              scan_ai_quote_fn quote, void *qctx, scan_ai_model_refs *refs)
{
	file_context fx;
	scan_buf id = SCAN_BUF_INIT;
	int rc = 0;
	size_t slot;

	memset(&fx, 0, sizeof(fx));
	/* Azure's SDKs build on OpenAI's types (OpenAI.Chat in .NET): with them, the provider is Azure's */
	for (size_t i = 0; i < c->nimports; i++) {
		const scan_ai_package_signal *s = scan_aiasset__import_signal(lang, c->imports[i].module);
		if (s && s->provider == SCAN_AI_PROVIDER_AZURE_OPENAI)
			fx.azure = true;
	}
	for (size_t i = 0; i < c->nimports && !rc; i++) {
		const scan_ai_package_signal *s = scan_aiasset__import_signal(lang, c->imports[i].module);
		const scan_ai_package_signal *via;
		const char *snippet;
		if (!strncmp(c->imports[i].module, "langchain_mcp_adapters", 22)) {
			fx.ai = fx.mcp = true; /* a client of MCP servers: its calls say which */
			continue;
		}
		if (!s)
			continue;
		fx.ai = true;
		if (fx.azure && s->provider == SCAN_AI_PROVIDER_OPENAI && s->type == SCAN_AI_ASSET_PROVIDER)
			continue;
		snippet = quote(qctx, c->imports[i].line);
		if ((rc = scan_aiasset__add_signal(b, s, false, NULL, &slot)) != 0 ||
		    (rc = scan_aiasset__evidence(b, slot, path, c->imports[i].line, "import", snippet)) != 0)
			break;
		/* an agent framework's integration package names the provider it reaches: langchain_openai, @ai-sdk/anthropic */
		if (s->type == SCAN_AI_ASSET_AGENT_FRAMEWORK && (via = scan_aiasset__integration_signal(c->imports[i].module))) {
			size_t vslot;
			if ((rc = scan_aiasset__add_signal(b, via, false, NULL, &vslot)) != 0 ||
			    (rc = scan_aiasset__evidence(b, vslot, path, c->imports[i].line, "import", snippet)) != 0)
				break;
			if (via->provider && via->provider != fx.provider) {
				fx.provider = via->provider;
				fx.providers++;
			}
		}
		if ((s->type == SCAN_AI_ASSET_PROVIDER || s->type == SCAN_AI_ASSET_RUNTIME) && s->provider &&
		    s->provider != fx.provider) {
			fx.provider = s->provider;
			fx.providers++;
		}
		if (s->type == SCAN_AI_ASSET_MCP_SERVER)
			fx.mcp = true;
		if (s->type == SCAN_AI_ASSET_AGENT_FRAMEWORK && !fx.framework) {
			fx.framework = b->slots[slot].a.identity;
			fx.framework_name = b->slots[slot].a.name;
		}
		if (s->type == SCAN_AI_ASSET_AGENT_FRAMEWORK && !strcmp(s->name, "LangGraph"))
			fx.langgraph = b->slots[slot].a.identity;
		if (s->type == SCAN_AI_ASSET_VECTOR_STORE && !fx.vector_store)
			fx.vector_store = b->slots[slot].a.identity;
	}
	if (fx.providers > 1)
		fx.provider = SCAN_AI_PROVIDER_UNKNOWN;
	if (!rc)
		rc = endpoints(b, c, path, quote, qctx, &fx);
	if (rc || !fx.ai) {
		scan_buf_dispose(&id);
		return rc;
	}
	if (fx.framework && fx.vector_store && !rc)
		rc = scan_aiasset__relate(b, fx.framework, "retrieves_from", fx.vector_store);
	/* the file's first agent, known before its models are: they are that agent's, not the framework's */
	for (size_t i = 0; i < c->ncalls && !rc && !fx.agent && fx.framework; i++) {
		const char *what = callee_is(&c->calls[i], agent_callees);
		const scan_ai_arg *nm;
		scan_buf key = SCAN_BUF_INIT;
		if (what && !(rc = agent_identity(&id, &key, &c->calls[i], path, what, &nm)) &&
		    !(fx.agent = scan_arena__strdup(&b->arena, id.ptr)))
			rc = scan_error__oom();
		scan_buf_dispose(&key);
	}

	for (size_t i = 0; i < c->ncalls && !rc; i++) {
		const scan_ai_call *call = &c->calls[i];
		const scan_ai_arg *a;
		scan_ai_model_ref ref;
		scan_ai_asset as;
		const char *what;

		memset(&ref, 0, sizeof(ref));
		memset(&as, 0, sizeof(as));
		ref.file_path = path;
		ref.line = call->line;
		ref.snippet = quote(qctx, call->line);
		ref.provider = fx.custom_endpoint ? SCAN_AI_PROVIDER_UNKNOWN : fx.provider;
		ref.endpoint = fx.custom_endpoint;
		ref.user = fx.agent ? fx.agent : fx.framework;
		if ((what = callee_is(call, mcp_server_callees)) && (fx.mcp || strcmp(what, "Server"))) {
			a = scan_aiasset__call_arg(call, "name", 0);
			if (!a || a->value.kind != SCAN_AI_VALUE_STRING)
				continue;
			if ((rc = scan_aiasset__identity(&id, "mcp_server", NULL, a->value.text, false)) != 0)
				break;
			as.identity = id.ptr, as.type = "mcp_server", as.name = a->value.text, as.confidence = 90;
			as.used_in_code = true;
			if ((rc = scan_aiasset__add(b, &as, &slot)) == 0)
				rc = scan_aiasset__evidence(b, slot, path, call->line, "call", ref.snippet);
			/* the tools this file decorates are this server's */
			for (size_t k = 0; k < c->ndecorated && !rc; k++) {
				scan_buf tid = SCAN_BUF_INIT;
				if (!tool_decorator(c->decorated[k].decorator))
					continue;
				if (!(rc = scan_aiasset__identity(&tid, "tool", NULL, path, false)) &&
				    !(rc = scan_buf_printf(&tid, "#%s", c->decorated[k].function)))
					rc = scan_aiasset__relate(b, b->slots[slot].a.identity, "exposes", tid.ptr);
				scan_buf_dispose(&tid);
			}
			continue;
		}
		for (size_t k = 0; k < sizeof(store_callees) / sizeof(store_callees[0]) && fx.framework; k++) {
			size_t n = strlen(store_callees[k].callee);
			const scan_ai_package_signal *vs;
			if (strcmp(call->callee, store_callees[k].callee) &&
			    (strncmp(call->path, store_callees[k].callee, n) || call->path[n] != '.'))
				continue;
			if ((vs = scan_aiasset__store_signal(store_callees[k].name)) &&
			    !(rc = scan_aiasset__add_signal(b, vs, false, NULL, &slot)) &&
			    !(rc = scan_aiasset__evidence(b, slot, path, call->line, "call", ref.snippet)))
				rc = scan_aiasset__relate(b, fx.framework, "retrieves_from", b->slots[slot].a.identity);
			break;
		}
		if (rc)
			break;
		if (callee_is(call, mcp_client_callees) && fx.mcp) {
			if ((rc = scan_aiasset__identity(&id, "mcp_client", NULL, path, false)) != 0)
				break;
			as.identity = id.ptr, as.type = "mcp_client", as.confidence = 85, as.used_in_code = true;
			as.name = path;
			if ((rc = scan_aiasset__add(b, &as, &slot)) == 0)
				rc = scan_aiasset__evidence(b, slot, path, call->line, "call", ref.snippet);
			continue;
		}
		if ((what = callee_is(call, agent_callees)) && fx.framework) {
			const scan_ai_arg *nm;
			scan_buf key = SCAN_BUF_INIT;
			/* LangGraph's prebuilt ReAct agent is LangGraph's, whatever else the file imports */
			const char *built = fx.langgraph && (!strcmp(what, "create_react_agent") || !strcmp(what, "createReactAgent"))
			                        ? fx.langgraph : fx.framework;
			if ((rc = agent_identity(&id, &key, call, path, what, &nm)) != 0) {
				scan_buf_dispose(&key);
				break;
			}
			as.identity = id.ptr, as.type = "agent", as.confidence = 80, as.used_in_code = true;
			as.name = nm && nm->value.kind == SCAN_AI_VALUE_STRING ? nm->value.text : key.ptr;
			if ((rc = scan_aiasset__add(b, &as, &slot)) == 0 &&
			    (rc = scan_aiasset__evidence(b, slot, path, call->line, "call", ref.snippet)) == 0)
				rc = scan_aiasset__relate(b, b->slots[slot].a.identity, "built_with", built);
			ref.user = b->slots[slot].a.identity;
			scan_buf_dispose(&key);
			/* an agent given its model inline names it like any call */
		}
		if (callee_is(call, dataset_callees)) {
			a = scan_aiasset__call_arg(call, "path", 0);
			if (a && (rc = model_value(b, c, path, a, &ref)) < 0)
				break;
			/* a builder name (json, csv, parquet, imagefolder) loads local files, not a Hub dataset */
			if (!a || (!ref.id && !ref.env) || (ref.id && !strchr(ref.id, '/'))) {
				rc = 0;
				continue;
			}
			ref.dataset = true;
			ref.provider = SCAN_AI_PROVIDER_HUGGINGFACE;
			ref.revision = revision_of(c, call);
			rc = scan_aiasset__model_ref_add(b, refs, &ref);
			continue;
		}
		a = scan_aiasset__call_arg(call, "model|model_name|modelName|model_id|modelId|Model|ModelID|engine|"
		                                 "pretrained_model_name_or_path|repo_id|repoId",
		                           callee_is(call, positional_model_callees) ? 0 :
		                           lang == SCAN_LANG_GO && callee_is(call, second_positional_model_callees) ? 1 : -1);
		if (!a) {
			a = scan_aiasset__call_arg(call, "azure_deployment|deployment_name|deploymentName|deployment", -1);
			ref.deployment = a != NULL;
		}
		if (!a)
			continue;
		if ((rc = model_value(b, c, path, a, &ref)) < 0)
			break;
		rc = 0;
		if (!ref.id && !ref.env)
			continue;
		if (a->value.wrapped && a->line != call->line) {
			ref.line = a->line; /* model: openai("gpt-4o") on a line of its own names the model there */
			ref.snippet = quote(qctx, a->line);
		}
		if (!strcmp(call->callee, "from_pretrained") || !strcmp(call->callee, "SentenceTransformer") ||
		    !strcmp(call->callee, "hf_hub_download") || !strcmp(call->callee, "snapshot_download") ||
		    !strcmp(call->callee, "pipeline") || !strcmp(call->callee, "InferenceClient"))
			ref.provider = SCAN_AI_PROVIDER_HUGGINGFACE;
		if (ref.deployment)
			ref.provider = SCAN_AI_PROVIDER_AZURE_OPENAI;
		ref.revision = revision_of(c, call);
		if (!strcmp(call->callee, "GetChatClient") && fx.provider == SCAN_AI_PROVIDER_AZURE_OPENAI)
			ref.deployment = true; /* Azure's chat client is got by deployment name */
		if ((a = scan_aiasset__call_arg(call, "repo_type", -1)) && a->value.kind == SCAN_AI_VALUE_STRING &&
		    !strcmp(a->value.text, "dataset"))
			ref.dataset = true;
		rc = scan_aiasset__model_ref_add(b, refs, &ref);
	}
	/* Tools: decorated functions, wherever they are exposed from. */
	for (size_t k = 0; k < c->ndecorated && !rc; k++) {
		scan_ai_asset as;
		if (!tool_decorator(c->decorated[k].decorator))
			continue;
		memset(&as, 0, sizeof(as));
		if ((rc = scan_aiasset__identity(&id, "tool", NULL, path, false)) != 0 ||
		    (rc = scan_buf_printf(&id, "#%s", c->decorated[k].function)) != 0)
			break;
		as.identity = id.ptr, as.type = "tool", as.name = c->decorated[k].function, as.confidence = 80;
		as.used_in_code = true;
		if ((rc = scan_aiasset__add(b, &as, &slot)) == 0)
			rc = scan_aiasset__evidence(b, slot, path, c->decorated[k].line, "call", quote(qctx, c->decorated[k].line));
	}
	scan_buf_dispose(&id);
	return rc;
}

int scan_aiasset__add_model(scan_ai_builder *b, const scan_ai_model_ref *ref, const char *idtext, const char *source,
                            scan_ai_pinning *pinning, const char **why, size_t *slot)
{
	scan_buf id = SCAN_BUF_INIT;
	scan_ai_asset a;
	scan_ai_provider p = ref->provider;
	scan_ai_provider shape = scan_aiasset__provider_of_id(idtext);
	const char *type = ref->dataset ? "dataset" : "model";
	int rc;

	/* The id's own shape wins over the file's SDK (a LiteLLM or LangChain call names any provider's model). */
	if (shape && p != SCAN_AI_PROVIDER_AZURE_OPENAI && p != SCAN_AI_PROVIDER_BEDROCK && p != SCAN_AI_PROVIDER_LITELLM)
		p = shape;
	/* an org/name id no provider claims is a Hugging Face repository (a Hub model a local server runs) */
	if (!p && !ref->dataset && !ref->deployment && strchr(idtext, '/') && !strchr(strchr(idtext, '/') + 1, '/') &&
	    !strchr(idtext, ':') && idtext[0] != '/' && idtext[0] != '.')
		p = SCAN_AI_PROVIDER_HUGGINGFACE;
	if (ref->deployment) {
		*pinning = SCAN_AI_PIN_UNKNOWN;
		*why = "an Azure deployment name: the model version is set in the deployment, not in code";
	} else if (ref->endpoint) {
		*pinning = SCAN_AI_PIN_UNKNOWN;
		*why = "served by an endpoint the code chose: the version is that server's to pin";
	} else {
		*pinning = scan_aiasset__pinning(p, idtext, ref->revision, why);
	}
	memset(&a, 0, sizeof(a));
	if ((rc = scan_aiasset__identity(&id, type, p ? scan_aiasset__provider_name(p) : NULL, idtext, true)) != 0)
		return rc;
	a.identity = id.ptr;
	a.type = type;
	a.name = idtext;
	a.provider = p ? scan_aiasset__provider_name(p) : NULL;
	a.version = ref->revision;
	a.pinning = *pinning == SCAN_AI_PINNED ? "pinned" : *pinning == SCAN_AI_FLOATING ? "floating" : "unknown";
	a.pinning_reason = *why;
	a.confidence = ref->id ? 90 : 75;
	a.used_in_code = true;
	if ((rc = scan_aiasset__add(b, &a, slot)) == 0)
		rc = scan_aiasset__evidence(b, *slot, ref->file_path, ref->line, source, ref->snippet);
	if (!rc && ref->user)
		rc = scan_aiasset__relate(b, ref->user, "uses", b->slots[*slot].a.identity);
	scan_buf_dispose(&id);
	return rc;
}

int scan_aiasset__link_providers(scan_ai_builder *b)
{
	int rc = 0;

	for (size_t i = 0; i < b->nslots && !rc; i++) {
		const scan_ai_asset *m = &b->slots[i].a;
		if ((strcmp(m->type, "model") && strcmp(m->type, "dataset")) || !m->provider)
			continue;
		for (size_t k = 0; k < b->nslots && !rc; k++) {
			const scan_ai_asset *x = &b->slots[k].a;
			if ((!strcmp(x->type, "provider") || !strcmp(x->type, "runtime")) && x->provider &&
			    !strcmp(x->provider, m->provider))
				rc = scan_aiasset__relate(b, m->identity, "served_by", x->identity);
		}
	}
	return rc;
}

void scan_aiasset__model_refs_dispose(scan_ai_model_refs *r)
{
	free(r->refs);
	memset(r, 0, sizeof(*r));
}
