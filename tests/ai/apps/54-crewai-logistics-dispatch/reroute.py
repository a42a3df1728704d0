"""Shipment exceptions: the model proposes a reroute or a damage hold, the TMS applies it."""
import json

from openai import OpenAI

from tms import apply_reroute, hold_shipment, notify_customer

client = OpenAI(timeout=30)
MODEL = "gpt-4o-mini-2024-07-18"
DEPOTS = {"AMS1", "RTM2", "ANR1", "DUS3"}


def check_reroute(plan) -> dict:
    """Reject anything but a known depot, a delay of 0-72 hours and a notify flag."""
    if not isinstance(plan, dict) or set(plan) != {"depot", "delay_hours", "notify"}:
        raise ValueError(f"unexpected reroute plan: {plan!r}")
    if plan["depot"] not in DEPOTS:
        raise ValueError(f"unknown depot {plan['depot']!r}")
    if not isinstance(plan["delay_hours"], int) or not 0 <= plan["delay_hours"] <= 72:
        raise ValueError("delay_hours out of range")
    if not isinstance(plan["notify"], bool):
        raise ValueError("notify must be a boolean")
    return plan


def handle_exception(shipment_id: str, event: str) -> None:
    resp = client.chat.completions.create(
        model=MODEL,
        max_tokens=150,
        messages=[{"role": "user", "content": f"Depots: {sorted(DEPOTS)}. Carrier event: {event}\n"
                                              'Reply with JSON: {"depot": str, "delay_hours": int, "notify": bool}'}],
    )
    plan = json.loads(resp.choices[0].message.content)
    check_reroute(plan)
    apply_reroute(shipment_id, plan["depot"], plan["delay_hours"])
    if plan["notify"]:
        notify_customer(shipment_id)


def triage_damage(shipment_id: str, report: str) -> None:
    resp = client.chat.completions.create(
        model=MODEL,
        max_tokens=100,
        messages=[{"role": "user", "content": 'Damage report. Reply with JSON {"hold": bool, "claim_amount": number}:\n' + report}],
    )
    verdict = json.loads(resp.choices[0].message.content)
    if verdict["hold"]:
        hold_shipment(shipment_id, verdict["claim_amount"])
