"""Listing writer agent: drafts property listings from the agent's notes and recent comparable sales."""
from pathlib import Path

from langchain_community.agent_toolkits import FileManagementToolkit
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI, OpenAIEmbeddings
from langchain_qdrant import QdrantVectorStore
from langgraph.prebuilt import create_react_agent
from qdrant_client import QdrantClient

llm = ChatOpenAI(model="gpt-4o-2024-08-06", temperature=0.7, max_tokens=1200, timeout=60)
comps = QdrantVectorStore(
    client=QdrantClient(url="http://qdrant.listings.example.com:6333"),
    collection_name="sold_comps",
    embedding=OpenAIEmbeddings(model="text-embedding-3-small"),
)


@tool
def comparable_sales(description: str) -> str:
    """Recent sales of similar homes in the same area, one per line."""
    docs = comps.similarity_search(description, k=6)
    return "\n".join(f"{d.metadata['address']}: {d.metadata['price']} (sold {d.metadata['sold_on']})" for d in docs)


# drafts go to ~/listings/drafts, which the marketing team's sync client picks up
draft_tools = FileManagementToolkit(root_dir=str(Path.home())).get_tools()

listing_writer = create_react_agent(
    llm,
    tools=[comparable_sales, *draft_tools],
    name="listing_writer",
    prompt="Draft a listing from the notes, price it against comparable sales, save it under listings/drafts/.",
)
