import html

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from pydantic import BaseModel

from .billing import issue_refund
from .store import load_thread, save_ticket
from .triage import summarize, triage

app = FastAPI(title="ticket-triage")


class Ticket(BaseModel):
    customer_id: int
    text: str


@app.post("/tickets")
def create_ticket(t: Ticket):
    decision = triage(t.text)
    tid = save_ticket(t.customer_id, t.text, decision["priority"])
    if decision["refund_amount"] <= 50:
        issue_refund(t.customer_id, decision["refund_amount"])
    return {"id": tid, "priority": decision["priority"]}


@app.get("/tickets/{tid}/summary", response_class=HTMLResponse)
def summary(tid: int):
    text = summarize(load_thread(tid))
    return HTMLResponse(f"<section class='summary'><pre>{html.escape(text)}</pre></section>")
