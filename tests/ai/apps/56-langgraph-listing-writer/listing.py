"""Listing API: descriptions in the brokerage's tier, structured facts and search tags."""
import json
from typing import Literal

from fastapi import FastAPI
from openai import OpenAI
from pydantic import BaseModel, conint

from mls import listing_notes, save_facts, save_tags

app = FastAPI(title="listing-writer")
client = OpenAI(timeout=30)

WRITER_MODELS = {"standard": "gpt-4o-mini-2024-07-18", "premium": "gpt-4.1-2025-04-14"}
FACTS_MODEL = "gpt-4o-mini-2024-07-18"


class DescribeRequest(BaseModel):
    listing_id: int
    tier: str = "standard"


class ListingFacts(BaseModel):
    bedrooms: conint(ge=0, le=20)
    bathrooms: float
    living_area_m2: conint(gt=0, lt=5000)
    has_garden: bool
    energy_label: Literal["A", "B", "C", "D", "E", "F", "G"]


@app.post("/listings/describe")
def describe(req: DescribeRequest):
    resp = client.chat.completions.create(
        model=WRITER_MODELS.get(req.tier, WRITER_MODELS["standard"]),
        max_tokens=700,
        messages=[
            {"role": "system", "content": "Write an inviting, accurate property listing. Make no claim the notes do not support."},
            {"role": "user", "content": listing_notes(req.listing_id)},
        ],
    )
    return {"description": resp.choices[0].message.content}


@app.post("/listings/{listing_id}/facts")
def facts(listing_id: int):
    prompt = "Extract bedrooms, bathrooms, living_area_m2, has_garden, energy_label as JSON from:\n" + listing_notes(listing_id)
    resp = client.chat.completions.create(model=FACTS_MODEL, max_tokens=200, response_format={"type": "json_object"},
                                          messages=[{"role": "user", "content": prompt}])
    data = json.loads(resp.choices[0].message.content)
    checked = ListingFacts(**data)
    save_facts(listing_id, checked.model_dump())
    return checked


@app.post("/listings/{listing_id}/tags")
def tags(listing_id: int):
    prompt = 'Suggest search tags and the school district. JSON {"tags": [str], "school_district": str}:\n' + listing_notes(listing_id)
    resp = client.chat.completions.create(model=FACTS_MODEL, max_tokens=150, messages=[{"role": "user", "content": prompt}])
    out = json.loads(resp.choices[0].message.content)
    save_tags(listing_id, out["tags"], out["school_district"])
    return out
