"""Claims core client: insurer API keys and the claims system of record."""
import hashlib
import os

import httpx
from fastapi import Header, HTTPException

CORE = httpx.Client(base_url="https://claims-core.example.com/api", timeout=10,
                    headers={"Authorization": f"Bearer {os.environ.get('CLAIMS_CORE_TOKEN', '')}"})


def insurer_for_key(x_api_key: str = Header(...)) -> str:
    r = CORE.get("/insurers/by-key", params={"key_sha256": hashlib.sha256(x_api_key.encode()).hexdigest()})
    if r.status_code != 200:
        raise HTTPException(status_code=401)
    return r.json()["insurer_id"]


def claim_record(insurer_id: str, claim_id: int) -> dict:
    r = CORE.get(f"/insurers/{insurer_id}/claims/{claim_id}")
    if r.status_code == 404:
        raise HTTPException(status_code=404)
    r.raise_for_status()
    return r.json()


def open_claim(insurer_id: str, policy_number: str, queue: str, description: str) -> int:
    r = CORE.post(f"/insurers/{insurer_id}/claims", json={"policy": policy_number, "queue": queue, "description": description})
    r.raise_for_status()
    return r.json()["id"]


def fast_track_payout(insurer_id: str, claim_id: int, amount: float) -> None:
    CORE.post(f"/insurers/{insurer_id}/claims/{claim_id}/payouts", json={"amount": amount, "channel": "fast_track"}).raise_for_status()


def save_fraud_signals(insurer_id: str, claim_id: int, score: float, signals: list[str]) -> None:
    CORE.put(f"/insurers/{insurer_id}/claims/{claim_id}/fraud", json={"score": score, "signals": signals}).raise_for_status()
