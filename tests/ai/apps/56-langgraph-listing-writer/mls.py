import os

import httpx

MLS = httpx.Client(base_url="https://mls.example.com/api/v2", timeout=10,
                   headers={"Authorization": f"Bearer {os.environ.get('MLS_TOKEN', '')}"})


def listing_notes(listing_id: int) -> str:
    r = MLS.get(f"/listings/{listing_id}/notes")
    r.raise_for_status()
    return r.text


def save_facts(listing_id: int, facts: dict) -> None:
    MLS.patch(f"/listings/{listing_id}", json={"facts": facts}).raise_for_status()


def save_tags(listing_id: int, tags: list, school_district: str) -> None:
    MLS.patch(f"/listings/{listing_id}", json={"search_tags": tags, "school_district": school_district}).raise_for_status()
