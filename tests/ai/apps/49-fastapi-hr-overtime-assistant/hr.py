"""HR assistant for client companies: policy answers and overtime pre-approval."""
import os

from fastapi import Depends, FastAPI, Header
from openai import OpenAI
from pydantic import BaseModel, Field
from qdrant_client import QdrantClient
from qdrant_client.models import FieldCondition, Filter, MatchValue

from payroll import book_overtime, company_for_token

app = FastAPI(title="hr-assistant")
client = OpenAI(timeout=30)
qdrant = QdrantClient(url="https://qdrant.hr-platform.example.com:6333", api_key=os.environ["QDRANT_API_KEY"])

ANSWER_MODEL = "gpt-4o-2024-08-06"
DECIDE_MODEL = "gpt-4o-mini-2024-07-18"
MAX_DIGEST_TOKENS = 800


class Question(BaseModel):
    text: str
    max_tokens: int = 300


class OvertimeRequest(BaseModel):
    employee_id: str
    hours: float
    justification: str


class OvertimeDecision(BaseModel):
    approve: bool
    hours: float = Field(ge=0, le=12)
    reason: str


def company(authorization: str = Header(...)) -> str:
    return company_for_token(authorization)


def policy_context(company_id: str, text: str) -> str:
    vec = client.embeddings.create(model="text-embedding-3-small", input=text).data[0].embedding
    hits = qdrant.search(
        collection_name="hr_policies",
        query_vector=vec,
        query_filter=Filter(must=[FieldCondition(key="company_id", match=MatchValue(value=company_id))]),
        limit=4,
    )
    return "\n---\n".join(h.payload["text"] for h in hits)


@app.post("/policy/ask")
def ask(q: Question, company_id: str = Depends(company)):
    r = client.responses.create(
        model=ANSWER_MODEL,
        instructions="Answer HR policy questions from the excerpts. Cite the section title.",
        input=f"Excerpts:\n{policy_context(company_id, q.text)}\n\nQuestion: {q.text}",
    )
    return {"answer": r.output_text}


@app.post("/policy/digest")
def digest(q: Question, company_id: str = Depends(company)):
    r = client.chat.completions.create(
        model=ANSWER_MODEL,
        max_tokens=min(q.max_tokens, MAX_DIGEST_TOKENS),
        messages=[{"role": "user", "content": f"Summarize what our policy says about: {q.text}\n\n{policy_context(company_id, q.text)}"}],
    )
    return {"digest": r.choices[0].message.content}


@app.post("/overtime")
def overtime(req: OvertimeRequest, company_id: str = Depends(company)):
    completion = client.beta.chat.completions.parse(
        model=DECIDE_MODEL,
        max_tokens=200,
        response_format=OvertimeDecision,
        messages=[
            {"role": "system", "content": "Decide whether the overtime request fits the policy excerpts."},
            {"role": "user", "content": f"Policy:\n{policy_context(company_id, 'overtime')}\n\nRequest: {req.hours}h. {req.justification}"},
        ],
    )
    decision = completion.choices[0].message.parsed
    if decision.approve:
        book_overtime(company_id, req.employee_id, decision.hours)
    return decision
