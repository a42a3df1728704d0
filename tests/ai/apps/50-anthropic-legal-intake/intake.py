"""Client intake for the law firms on our platform: Claude routes each prospect to a practice group."""
import json

import chromadb
import jsonschema
from anthropic import Anthropic
from fastapi import FastAPI
from pydantic import BaseModel

from store import assign_matter, firm_for_key, matter_summary, save_conflict_check

app = FastAPI(title="legal-intake")
claude = Anthropic(timeout=30.0, max_retries=2)
chroma = chromadb.HttpClient(host="chroma.intake-platform.example.com", port=8000)
past_matters = chroma.get_or_create_collection("past_matters")

MODEL = "claude-3-5-sonnet-20241022"
ROUTE_SYSTEM = (
    "You route legal intake requests. Reply with JSON only: "
    '{"practice_group": "family|employment|immigration|injury|other", "urgency": 1-5}'
)
PARTIES_SYSTEM = 'List every person and organisation the story names. Reply with JSON only: {"parties": [str], "adverse": [str]}'
PARTIES_SCHEMA = {
    "type": "object",
    "required": ["parties", "adverse"],
    "properties": {
        "parties": {"type": "array", "items": {"type": "string", "maxLength": 200}, "maxItems": 30},
        "adverse": {"type": "array", "items": {"type": "string", "maxLength": 200}, "maxItems": 30},
    },
    "additionalProperties": False,
}


class Intake(BaseModel):
    firm_key: str
    story: str


class LetterRequest(BaseModel):
    firm_key: str
    matter_id: int
    max_tokens: int = 1500


def similar_matters(firm_id: str, story: str) -> str:
    res = past_matters.query(query_texts=[story], n_results=3)
    return "\n---\n".join(res["documents"][0])


def ask(system: str, content: str, max_tokens: int = 300) -> str:
    msg = claude.messages.create(model=MODEL, max_tokens=max_tokens, system=system,
                                 messages=[{"role": "user", "content": content}])
    return msg.content[0].text


@app.post("/intake")
def intake(req: Intake):
    firm_id = firm_for_key(req.firm_key)
    route = json.loads(ask(ROUTE_SYSTEM, f"Similar past matters:\n{similar_matters(firm_id, req.story)}\n\nNew request:\n{req.story}"))
    matter_id = assign_matter(firm_id, route["practice_group"], route["urgency"], req.story)
    names = json.loads(ask(PARTIES_SYSTEM, req.story))
    jsonschema.validate(names, PARTIES_SCHEMA)
    save_conflict_check(firm_id, matter_id, names["parties"], names["adverse"])
    return {"matter": matter_id, "practice_group": route["practice_group"]}


@app.post("/letters/engagement")
def engagement_letter(req: LetterRequest):
    firm_id = firm_for_key(req.firm_key)
    msg = claude.messages.create(model=MODEL, max_tokens=req.max_tokens, messages=[{"role": "user", "content": "Draft an engagement letter for this matter:\n" + matter_summary(firm_id, req.matter_id)}])
    return {"letter": msg.content[0].text}
