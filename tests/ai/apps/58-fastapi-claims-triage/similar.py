"""Claim precedents: the closed claims of every insurer are embedded into one Qdrant collection, tagged with insurer_id."""
from openai import OpenAI
from qdrant_client import QdrantClient
from qdrant_client.models import FieldCondition, Filter, MatchValue

qdrant = QdrantClient(url="http://qdrant.claims-platform.example.net:6333", timeout=10)
embedder = OpenAI(timeout=20)


def _embed(text: str) -> list[float]:
    return embedder.embeddings.create(model="text-embedding-3-small", input=text[:8000]).data[0].embedding


def insurer_precedents(insurer_id: str, text: str) -> str:
    hits = qdrant.search(
        collection_name="closed_claims",
        query_vector=_embed(text),
        query_filter=Filter(must=[FieldCondition(key="insurer_id", match=MatchValue(value=insurer_id))]),
        limit=5,
    )
    return "\n---\n".join(h.payload["summary"] for h in hits)


def similar_claims(text: str) -> str:
    hits = qdrant.search(collection_name="closed_claims", query_vector=_embed(text), limit=5)
    return "\n---\n".join(h.payload["summary"] for h in hits)
