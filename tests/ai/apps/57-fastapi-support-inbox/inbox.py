"""Support inbox: classifies incoming email, suggests saved replies, checks refund requests."""
import hmac
import json
import os
from typing import Literal

import requests
from fastapi import Depends, FastAPI, HTTPException, Request
from openai import OpenAI
from pydantic import BaseModel

from agent import inbox_agent
from helpdesk import current_workspace, issue_refund, route_ticket
from kb import kb_context, suggested_replies

app = FastAPI(title="support-inbox")
client = OpenAI(timeout=30)
MAIL_API = "https://mail.example.com/v1"
MAIL_HEADERS = {"Authorization": f"Bearer {os.environ['MAIL_API_TOKEN']}"}
WEBHOOK_TOKEN = os.environ["MAIL_WEBHOOK_TOKEN"]


class Triage(BaseModel):
    queue: Literal["billing", "shipping", "returns", "other"]
    priority: Literal["low", "normal", "high"]


class RefundCheck(BaseModel):
    order_id: str
    message: str


@app.post("/webhooks/email")
async def inbound_email(request: Request):
    if not hmac.compare_digest(request.headers.get("X-Mail-Token", ""), WEBHOOK_TOKEN):
        raise HTTPException(status_code=401)
    payload = json.loads(await request.body())
    body = requests.get(f"{MAIL_API}/messages/{payload['message_id']}/text", headers=MAIL_HEADERS, timeout=10).text
    resp = client.chat.completions.create(
        model="gpt-4o-mini-2024-07-18",
        response_format={"type": "json_object"},
        messages=[{"role": "system", "content": 'Classify the email. JSON {"queue": ..., "priority": ...}'}, {"role": "user", "content": body}],
    )
    triage = Triage.model_validate_json(resp.choices[0].message.content)
    route_ticket(payload["workspace_id"], payload["message_id"], triage.queue, triage.priority)
    return {"suggested": suggested_replies(payload["workspace_id"], body)}


@app.post("/refunds/check")
def refund_check(req: RefundCheck, workspace_id: str = Depends(current_workspace)):
    resp = client.chat.completions.create(
        model="gpt-4o-mini-2024-07-18",
        max_tokens=120,
        messages=[
            {"role": "system", "content": 'Decide whether the refund policy covers the request. JSON {"refund": bool, "amount": number}'},
            {"role": "user", "content": f"Policy:\n{kb_context(workspace_id, 'refund policy')}\n\nCustomer: {req.message}"},
        ],
    )
    decision = json.loads(resp.choices[0].message.content)
    if decision["refund"]:
        issue_refund(workspace_id, req.order_id, decision["amount"])
    return decision


@app.post("/tickets/{ticket_id}/draft")
def draft(ticket_id: str, workspace_id: str = Depends(current_workspace)):
    out = inbox_agent.invoke({"messages": [("user", f"Draft a reply for ticket {ticket_id} of workspace {workspace_id}")]})
    return {"draft": out["messages"][-1].content}
