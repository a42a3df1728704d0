"""Help-center search: every workspace's articles and saved replies live in shared Pinecone indexes."""
import os

from openai import OpenAI
from pinecone import Pinecone

pc = Pinecone(api_key=os.environ["PINECONE_API_KEY"])
articles = pc.Index("help-articles")
saved_replies = pc.Index("saved-replies")
client = OpenAI(timeout=20)


def _embed(text: str) -> list[float]:
    return client.embeddings.create(model="text-embedding-3-small", input=text[:8000]).data[0].embedding


def kb_context(workspace_id: str, text: str) -> str:
    res = articles.query(vector=_embed(text), top_k=4, include_metadata=True, namespace=workspace_id)
    return "\n---\n".join(m.metadata["text"] for m in res.matches)


def suggested_replies(workspace_id: str, text: str) -> list[str]:
    res = saved_replies.query(vector=_embed(text), top_k=3, include_metadata=True)
    return [m.metadata["title"] for m in res.matches]
