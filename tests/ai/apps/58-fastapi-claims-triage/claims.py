"""Claims intake for the insurers on our platform: Claude triages first notice of loss reports and drafts letters."""
import json
from typing import Literal

from anthropic import Anthropic
from fastapi import Depends, FastAPI
from pydantic import BaseModel, Field

from core import claim_record, fast_track_payout, insurer_for_key, open_claim, save_fraud_signals
from similar import insurer_precedents, similar_claims

app = FastAPI(title="claims-triage")
claude = Anthropic(timeout=30.0, max_retries=2)

TRIAGE_MODEL = "claude-3-5-haiku-20241022"
WRITER_MODEL = "claude-sonnet-4-5-20250929"
MAX_LETTER_TOKENS = 1500
TRIAGE_SYSTEM = (
    "You triage first notice of loss reports for a motor and property insurer. Reply with JSON only: "
    '{"queue": "motor|property|liability|injury", "fast_track": bool, "estimate_eur": number}'
)
FRAUD_SYSTEM = 'List fraud indicators in the claim. Reply with JSON only: {"score": 0..1, "signals": [str]}'


class Notice(BaseModel):
    policy_number: str
    description: str


class LetterRequest(BaseModel):
    claim_id: int
    kind: Literal["acknowledgement", "decision", "request_for_documents"] = "acknowledgement"
    max_tokens: int = 800


class FraudSignals(BaseModel):
    score: float = Field(ge=0, le=1)
    signals: list[str] = Field(max_length=10)


@app.post("/claims")
def triage(notice: Notice, insurer_id: str = Depends(insurer_for_key)):
    msg = claude.messages.create(
        model=TRIAGE_MODEL,
        max_tokens=300,
        system=TRIAGE_SYSTEM,
        messages=[{"role": "user", "content": f"Similar past claims:\n{similar_claims(notice.description)}\n\nNew report:\n{notice.description}"}],
    )
    result = json.loads(msg.content[0].text)
    claim_id = open_claim(insurer_id, notice.policy_number, result["queue"], notice.description)
    if result["fast_track"] and result["estimate_eur"] < 2500:
        fast_track_payout(insurer_id, claim_id, result["estimate_eur"])
    return {"claim_id": claim_id, "queue": result["queue"]}


@app.post("/claims/{claim_id}/fraud-check")
def fraud_check(claim_id: int, insurer_id: str = Depends(insurer_for_key)):
    claim = claim_record(insurer_id, claim_id)
    precedents = insurer_precedents(insurer_id, claim["description"])
    msg = claude.messages.create(model=TRIAGE_MODEL, max_tokens=400, system=FRAUD_SYSTEM,
                                 messages=[{"role": "user", "content": f"{claim['description']}\n\nPrecedents:\n{precedents}"}])
    checked = FraudSignals.model_validate_json(msg.content[0].text)
    save_fraud_signals(insurer_id, claim_id, checked.score, checked.signals)
    return checked


@app.post("/letters")
def letter(req: LetterRequest, insurer_id: str = Depends(insurer_for_key)):
    claim = claim_record(insurer_id, req.claim_id)
    prompt = (
        f"Write the {req.kind.replace('_', ' ')} letter for claim {req.claim_id}.\n"
        f"Policyholder: {claim['holder_name']}, date of birth {claim['date_of_birth']}, policy {claim['policy_number']}.\n"
        f"Claim: {claim['description']}\nOutcome so far: {claim.get('outcome', 'pending')}"
    )
    msg = claude.messages.create(model=WRITER_MODEL, max_tokens=req.max_tokens, messages=[{"role": "user", "content": prompt}])
    return {"letter": msg.content[0].text}


@app.post("/letters/outline")
def outline(req: LetterRequest, insurer_id: str = Depends(insurer_for_key)):
    claim = claim_record(insurer_id, req.claim_id)
    msg = claude.messages.create(
        model=WRITER_MODEL,
        max_tokens=min(req.max_tokens, MAX_LETTER_TOKENS),
        messages=[{"role": "user", "content": f"Outline a {req.kind.replace('_', ' ')} letter in five bullet points for this claim:\n{claim['description']}"}],
    )
    return {"outline": msg.content[0].text}
