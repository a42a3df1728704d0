/* lib/aiasset/signals.c - SDK packages per ecosystem and the AI asset each one means (notes §3.1) */
#include <string.h>
#include "aiasset/signals.h"

static const char *const type_names[SCAN_AI_ASSET__COUNT] = {
	"provider", "model", "dataset", "agent_framework", "agent", "mcp_server", "mcp_client", "vector_store",
	"prompt", "model_artifact", "tool", "runtime",
};

const char *scan_aiasset__type_name(scan_ai_asset_type t)
{
	return (unsigned)t < SCAN_AI_ASSET__COUNT ? type_names[t] : "unknown";
}

#define P SCAN_AI_ASSET_PROVIDER
#define R SCAN_AI_ASSET_RUNTIME
#define F SCAN_AI_ASSET_AGENT_FRAMEWORK
#define V SCAN_AI_ASSET_VECTOR_STORE
#define M SCAN_AI_ASSET_MCP_SERVER
#define D SCAN_AI_ASSET_DATASET

static const scan_ai_package_signal signals[] = {
	/* Hosted model APIs. */
	{ "PyPI", "openai", P, SCAN_AI_PROVIDER_OPENAI, "OpenAI" },
	{ "npm", "openai", P, SCAN_AI_PROVIDER_OPENAI, "OpenAI" },
	{ "Go", "github.com/sashabaranov/go-openai", P, SCAN_AI_PROVIDER_OPENAI, "OpenAI" },
	{ "Go", "github.com/openai/openai-go*", P, SCAN_AI_PROVIDER_OPENAI, "OpenAI" },
	{ "Maven", "com.openai:openai-java", P, SCAN_AI_PROVIDER_OPENAI, "OpenAI" },
	{ "NuGet", "OpenAI", P, SCAN_AI_PROVIDER_OPENAI, "OpenAI" },
	{ "Maven", "com.azure:azure-ai-openai", P, SCAN_AI_PROVIDER_AZURE_OPENAI, "Azure OpenAI" },
	{ "NuGet", "Azure.AI.OpenAI", P, SCAN_AI_PROVIDER_AZURE_OPENAI, "Azure OpenAI" },
	{ "npm", "@azure/openai", P, SCAN_AI_PROVIDER_AZURE_OPENAI, "Azure OpenAI" },
	{ "PyPI", "anthropic", P, SCAN_AI_PROVIDER_ANTHROPIC, "Anthropic" },
	{ "npm", "@anthropic-ai/sdk", P, SCAN_AI_PROVIDER_ANTHROPIC, "Anthropic" },
	{ "Go", "github.com/anthropics/anthropic-sdk-go*", P, SCAN_AI_PROVIDER_ANTHROPIC, "Anthropic" },
	{ "Maven", "com.anthropic:anthropic-java", P, SCAN_AI_PROVIDER_ANTHROPIC, "Anthropic" },
	{ "NuGet", "Anthropic.SDK", P, SCAN_AI_PROVIDER_ANTHROPIC, "Anthropic" },
	{ "NuGet", "Anthropic", P, SCAN_AI_PROVIDER_ANTHROPIC, "Anthropic" },
	{ "Maven", "com.google.genai:google-genai", P, SCAN_AI_PROVIDER_GOOGLE, "Google Gemini" },
	{ "PyPI", "google-genai", P, SCAN_AI_PROVIDER_GOOGLE, "Google Gemini" },
	{ "PyPI", "google-generativeai", P, SCAN_AI_PROVIDER_GOOGLE, "Google Gemini" },
	{ "PyPI", "google-cloud-aiplatform", P, SCAN_AI_PROVIDER_GOOGLE, "Google Vertex AI" },
	{ "PyPI", "vertexai", P, SCAN_AI_PROVIDER_GOOGLE, "Google Vertex AI" },
	{ "npm", "@google/genai", P, SCAN_AI_PROVIDER_GOOGLE, "Google Gemini" },
	{ "npm", "@google/generative-ai", P, SCAN_AI_PROVIDER_GOOGLE, "Google Gemini" },
	{ "Go", "google.golang.org/genai", P, SCAN_AI_PROVIDER_GOOGLE, "Google Gemini" },
	{ "npm", "@aws-sdk/client-bedrock-runtime", P, SCAN_AI_PROVIDER_BEDROCK, "Amazon Bedrock" },
	{ "Maven", "software.amazon.awssdk:bedrockruntime", P, SCAN_AI_PROVIDER_BEDROCK, "Amazon Bedrock" },
	{ "PyPI", "mistralai", P, SCAN_AI_PROVIDER_MISTRAL, "Mistral" },
	{ "npm", "@mistralai/mistralai", P, SCAN_AI_PROVIDER_MISTRAL, "Mistral" },
	{ "PyPI", "cohere", P, SCAN_AI_PROVIDER_COHERE, "Cohere" },
	{ "npm", "cohere-ai", P, SCAN_AI_PROVIDER_COHERE, "Cohere" },
	{ "PyPI", "groq", P, SCAN_AI_PROVIDER_UNKNOWN, "Groq" },
	{ "npm", "groq-sdk", P, SCAN_AI_PROVIDER_UNKNOWN, "Groq" },
	{ "PyPI", "litellm", P, SCAN_AI_PROVIDER_LITELLM, "LiteLLM" },
	/* Local runtimes. */
	{ "PyPI", "ollama", R, SCAN_AI_PROVIDER_OLLAMA, "Ollama" },
	{ "npm", "ollama", R, SCAN_AI_PROVIDER_OLLAMA, "Ollama" },
	{ "PyPI", "transformers", R, SCAN_AI_PROVIDER_HUGGINGFACE, "Hugging Face Transformers" },
	{ "PyPI", "huggingface-hub", R, SCAN_AI_PROVIDER_HUGGINGFACE, "Hugging Face Hub" },
	{ "PyPI", "sentence-transformers", R, SCAN_AI_PROVIDER_HUGGINGFACE, "Sentence Transformers" },
	{ "PyPI", "diffusers", R, SCAN_AI_PROVIDER_HUGGINGFACE, "Diffusers" },
	{ "npm", "@huggingface/inference", R, SCAN_AI_PROVIDER_HUGGINGFACE, "Hugging Face Inference" },
	{ "npm", "@huggingface/transformers", R, SCAN_AI_PROVIDER_HUGGINGFACE, "Transformers.js" },
	{ "PyPI", "llama-cpp-python", R, SCAN_AI_PROVIDER_UNKNOWN, "llama.cpp" },
	{ "PyPI", "vllm", R, SCAN_AI_PROVIDER_UNKNOWN, "vLLM" },
	/* Agent frameworks. */
	{ "PyPI", "langchain*", F, SCAN_AI_PROVIDER_UNKNOWN, "LangChain" },
	{ "npm", "langchain", F, SCAN_AI_PROVIDER_UNKNOWN, "LangChain" },
	{ "npm", "@langchain/langgraph", F, SCAN_AI_PROVIDER_UNKNOWN, "LangGraph" },
	{ "npm", "@langchain/*", F, SCAN_AI_PROVIDER_UNKNOWN, "LangChain" },
	{ "PyPI", "langgraph*", F, SCAN_AI_PROVIDER_UNKNOWN, "LangGraph" },
	{ "PyPI", "llama-index*", F, SCAN_AI_PROVIDER_UNKNOWN, "LlamaIndex" },
	{ "npm", "llamaindex", F, SCAN_AI_PROVIDER_UNKNOWN, "LlamaIndex" },
	{ "PyPI", "autogen*", F, SCAN_AI_PROVIDER_UNKNOWN, "AutoGen" },
	{ "PyPI", "pyautogen", F, SCAN_AI_PROVIDER_UNKNOWN, "AutoGen" },
	{ "PyPI", "crewai*", F, SCAN_AI_PROVIDER_UNKNOWN, "CrewAI" },
	{ "PyPI", "semantic-kernel", F, SCAN_AI_PROVIDER_UNKNOWN, "Semantic Kernel" },
	{ "NuGet", "Microsoft.SemanticKernel*", F, SCAN_AI_PROVIDER_UNKNOWN, "Semantic Kernel" },
	{ "PyPI", "openai-agents", F, SCAN_AI_PROVIDER_OPENAI, "OpenAI Agents SDK" },
	{ "npm", "@openai/agents", F, SCAN_AI_PROVIDER_OPENAI, "OpenAI Agents SDK" },
	{ "PyPI", "smolagents", F, SCAN_AI_PROVIDER_UNKNOWN, "smolagents" },
	{ "PyPI", "pydantic-ai*", F, SCAN_AI_PROVIDER_UNKNOWN, "Pydantic AI" },
	{ "PyPI", "dspy*", F, SCAN_AI_PROVIDER_UNKNOWN, "DSPy" },
	{ "npm", "ai", F, SCAN_AI_PROVIDER_UNKNOWN, "Vercel AI SDK" },
	{ "npm", "@ai-sdk/*", F, SCAN_AI_PROVIDER_UNKNOWN, "Vercel AI SDK" },
	{ "Maven", "dev.langchain4j:*", F, SCAN_AI_PROVIDER_UNKNOWN, "LangChain4j" },
	{ "Maven", "org.springframework.ai:*", F, SCAN_AI_PROVIDER_UNKNOWN, "Spring AI" },
	{ "Go", "github.com/tmc/langchaingo*", F, SCAN_AI_PROVIDER_UNKNOWN, "LangChainGo" },
	/* MCP. */
	{ "PyPI", "mcp", M, SCAN_AI_PROVIDER_UNKNOWN, "Model Context Protocol SDK" },
	{ "PyPI", "fastmcp", M, SCAN_AI_PROVIDER_UNKNOWN, "FastMCP" },
	{ "npm", "@modelcontextprotocol/sdk", M, SCAN_AI_PROVIDER_UNKNOWN, "Model Context Protocol SDK" },
	{ "Go", "github.com/mark3labs/mcp-go*", M, SCAN_AI_PROVIDER_UNKNOWN, "mcp-go" },
	{ "Go", "github.com/modelcontextprotocol/go-sdk*", M, SCAN_AI_PROVIDER_UNKNOWN, "Model Context Protocol SDK" },
	{ "Maven", "io.modelcontextprotocol.sdk:*", M, SCAN_AI_PROVIDER_UNKNOWN, "Model Context Protocol SDK" },
	{ "NuGet", "ModelContextProtocol*", M, SCAN_AI_PROVIDER_UNKNOWN, "Model Context Protocol SDK" },
	/* Vector stores. */
	{ "PyPI", "pinecone*", V, SCAN_AI_PROVIDER_UNKNOWN, "Pinecone" },
	{ "npm", "@pinecone-database/pinecone", V, SCAN_AI_PROVIDER_UNKNOWN, "Pinecone" },
	{ "PyPI", "chromadb*", V, SCAN_AI_PROVIDER_UNKNOWN, "Chroma" },
	{ "npm", "chromadb", V, SCAN_AI_PROVIDER_UNKNOWN, "Chroma" },
	{ "PyPI", "weaviate-client", V, SCAN_AI_PROVIDER_UNKNOWN, "Weaviate" },
	{ "npm", "weaviate-client", V, SCAN_AI_PROVIDER_UNKNOWN, "Weaviate" },
	{ "npm", "weaviate-ts-client", V, SCAN_AI_PROVIDER_UNKNOWN, "Weaviate" },
	{ "PyPI", "qdrant-client", V, SCAN_AI_PROVIDER_UNKNOWN, "Qdrant" },
	{ "npm", "@qdrant/js-client-rest", V, SCAN_AI_PROVIDER_UNKNOWN, "Qdrant" },
	{ "PyPI", "pgvector", V, SCAN_AI_PROVIDER_UNKNOWN, "pgvector" },
	{ "PyPI", "faiss-cpu", V, SCAN_AI_PROVIDER_UNKNOWN, "FAISS" },
	{ "PyPI", "faiss-gpu", V, SCAN_AI_PROVIDER_UNKNOWN, "FAISS" },
	{ "PyPI", "pymilvus", V, SCAN_AI_PROVIDER_UNKNOWN, "Milvus" },
	{ "PyPI", "lancedb", V, SCAN_AI_PROVIDER_UNKNOWN, "LanceDB" },
	/* Datasets. */
	{ "PyPI", "datasets", D, SCAN_AI_PROVIDER_HUGGINGFACE, "Hugging Face Datasets" },
	{ "PyPI", "tensorflow-datasets", D, SCAN_AI_PROVIDER_UNKNOWN, "TensorFlow Datasets" },
	{ "PyPI", "kaggle", D, SCAN_AI_PROVIDER_UNKNOWN, "Kaggle" },
};

static int tolower_ascii(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* PyPI names compare as PEP 503 normalizes them: case, '-', '_' and '.' alike. */
static bool pypi_equal(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++, a++, b++) {
		char x = (char)tolower_ascii(*a), y = (char)tolower_ascii(*b);
		if (x == '_' || x == '.')
			x = '-';
		if (y == '_' || y == '.')
			y = '-';
		if (x != y)
			return false;
	}
	return true;
}

const scan_ai_package_signal *scan_aiasset__package_signal(const char *ecosystem, const char *package)
{
	size_t plen = strlen(package);

	for (size_t i = 0; i < sizeof(signals) / sizeof(signals[0]); i++) {
		const scan_ai_package_signal *s = &signals[i];
		size_t n = strlen(s->package);
		bool prefix = n && s->package[n - 1] == '*';
		bool pypi = !strcmp(ecosystem, "PyPI");
		if (strcmp(s->ecosystem, ecosystem))
			continue;
		if (prefix)
			n--;
		if (prefix ? plen < n : plen != n)
			continue;
		if (pypi ? pypi_equal(package, s->package, n) : !strncmp(package, s->package, n))
			return s;
	}
	return NULL;
}

/* Lowercase copy of s into out (cut to fit). */
static void lower(char *out, size_t cap, const char *s)
{
	size_t k = 0;

	for (; *s && k + 1 < cap; s++)
		out[k++] = (char)tolower_ascii(*s);
	out[k] = '\0';
}

const scan_ai_package_signal *scan_aiasset__integration_signal(const char *module)
{
	/* the first token that names a provider: azure before openai, so Azure OpenAI is not OpenAI */
	static const struct { const char *token, *also, *ecosystem, *package; } tokens[] = {
		{ "azure", "openai", "NuGet", "Azure.AI.OpenAI" },
		{ "openai", NULL, "PyPI", "openai" },
		{ "anthropic", NULL, "PyPI", "anthropic" },
		{ "google-genai", NULL, "PyPI", "google-genai" },
		{ "google_genai", NULL, "PyPI", "google-genai" },
		{ "googleai", NULL, "PyPI", "google-genai" },
		{ "gemini", NULL, "PyPI", "google-genai" },
		{ "vertexai", NULL, "PyPI", "google-cloud-aiplatform" },
		{ "google-vertex", NULL, "PyPI", "google-cloud-aiplatform" },
		{ "mistral", NULL, "PyPI", "mistralai" },
		{ "bedrock", NULL, "npm", "@aws-sdk/client-bedrock-runtime" },
		{ "cohere", NULL, "PyPI", "cohere" },
		{ "groq", NULL, "PyPI", "groq" },
		{ "ollama", NULL, "PyPI", "ollama" },
		{ "huggingface", NULL, "PyPI", "huggingface-hub" },
	};
	char m[256];

	lower(m, sizeof(m), module);
	for (size_t i = 0; i < sizeof(tokens) / sizeof(tokens[0]); i++)
		if (strstr(m, tokens[i].token) && (!tokens[i].also || strstr(m, tokens[i].also)))
			return scan_aiasset__package_signal(tokens[i].ecosystem, tokens[i].package);
	return NULL;
}

const scan_ai_package_signal *scan_aiasset__store_signal(const char *name)
{
	for (size_t i = 0; i < sizeof(signals) / sizeof(signals[0]); i++)
		if (signals[i].type == SCAN_AI_ASSET_VECTOR_STORE && !strcmp(signals[i].name, name))
			return &signals[i];
	return NULL;
}

