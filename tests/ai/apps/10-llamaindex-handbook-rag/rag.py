"""Employee-handbook Q&A: a LlamaIndex agent over a Chroma collection."""
import chromadb
from llama_index.core import Settings, VectorStoreIndex
from llama_index.core.agent.workflow import ReActAgent
from llama_index.core.tools import QueryEngineTool
from llama_index.embeddings.openai import OpenAIEmbedding
from llama_index.llms.openai import OpenAI
from llama_index.vector_stores.chroma import ChromaVectorStore

Settings.llm = OpenAI(model="gpt-4o", max_tokens=512, timeout=60)
Settings.embed_model = OpenAIEmbedding(model="text-embedding-3-small")

chroma = chromadb.HttpClient(host="chroma.prod.example.com", port=8000)
collection = chroma.get_or_create_collection("handbook")
index = VectorStoreIndex.from_vector_store(ChromaVectorStore(chroma_collection=collection))

handbook_tool = QueryEngineTool.from_defaults(
    query_engine=index.as_query_engine(similarity_top_k=4),
    name="handbook",
    description="Answers questions from the employee handbook.",
)

agent = ReActAgent(name="handbook_agent", tools=[handbook_tool], llm=Settings.llm)


async def ask(question: str) -> str:
    return str(await agent.run(question))
