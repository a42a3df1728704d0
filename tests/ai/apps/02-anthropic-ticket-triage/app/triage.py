"""Ticket triage and thread summaries with Claude."""
import json
import logging

from anthropic import Anthropic

log = logging.getLogger(__name__)
client = Anthropic(timeout=20.0, max_retries=2)

TRIAGE_MODEL = "claude-3-5-sonnet-20241022"
SUMMARY_MODEL = "claude-3-5-haiku-latest"

TRIAGE_SYSTEM = (
    "Classify the customer support ticket. Reply with JSON only: "
    '{"priority": "low|normal|urgent", "refund_amount": <number>}'
)


def triage(ticket_text: str) -> dict:
    msg = client.messages.create(
        model=TRIAGE_MODEL,
        max_tokens=300,
        system=TRIAGE_SYSTEM,
        messages=[{"role": "user", "content": ticket_text}],
    )
    decision = json.loads(msg.content[0].text)
    return decision


def summarize(thread: list[str]) -> str:
    msg = client.messages.create(
        model=SUMMARY_MODEL,
        max_tokens=400,
        messages=[{"role": "user", "content": "Summarize this support thread:\n" + "\n".join(thread)}],
    )
    text = msg.content[0].text
    log.info("summary prompt=%r completion=%r", thread, text)
    return text
