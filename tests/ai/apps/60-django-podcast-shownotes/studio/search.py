"""Transcript search: every network's transcripts, unreleased episodes included, share one Pinecone index tagged with network_id."""
import os

from openai import OpenAI
from pinecone import Pinecone

pc = Pinecone(api_key=os.environ["PINECONE_API_KEY"])
transcripts = pc.Index("transcripts")
client = OpenAI(timeout=20)


def _embed(text: str) -> list[float]:
    return client.embeddings.create(model="text-embedding-3-small", input=text[:8000]).data[0].embedding


def network_episodes(network_id: int, text: str) -> str:
    res = transcripts.query(vector=_embed(text), top_k=5, include_metadata=True, filter={"network_id": {"$eq": network_id}})
    return "\n".join(f"{m.metadata['title']}: {m.metadata['text'][:300]}" for m in res.matches)


def other_mentions(guest_name: str) -> str:
    res = transcripts.query(vector=_embed(guest_name), top_k=8, include_metadata=True)
    return "\n".join(f"{m.metadata['title']}: {m.metadata['text'][:300]}" for m in res.matches)
