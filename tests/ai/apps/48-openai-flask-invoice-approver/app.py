"""Accounts-payable inbox: OpenAI reads supplier invoices and small invoices from known vendors are paid."""
import hashlib
import hmac
import json
import os

from flask import Flask, abort, jsonify, request
from openai import OpenAI

from payments import invoice_text, record_bank_event, schedule_payment

app = Flask(__name__)
client = OpenAI(api_key=os.environ["OPENAI_API_KEY"], timeout=30)
BANK_SECRET = os.environ["BANK_WEBHOOK_SECRET"].encode()

EXTRACT_MODEL = "gpt-4o-mini-2024-07-18"
EXPLAIN_MODEL = "gpt-4o-2024-08-06"
SUMMARY_PARAMS = {"model": EXPLAIN_MODEL, "max_tokens": 250, "temperature": 0.2}
EXTRACT_PROMPT = (
    "Extract the invoice fields. Reply with a JSON object: "
    '{"vendor": str, "invoice_number": str, "total": number, "currency": str, "due_date": "YYYY-MM-DD"}'
)

with open(os.path.join(os.path.dirname(__file__), "vendors.json")) as fh:
    VENDORS = json.load(fh)


@app.post("/invoices")
def ingest_invoice():
    text = request.get_json()["text"]
    resp = client.chat.completions.create(
        model=EXTRACT_MODEL,
        response_format={"type": "json_object"},
        messages=[
            {"role": "system", "content": EXTRACT_PROMPT},
            {"role": "user", "content": text},
        ],
    )
    fields = json.loads(resp.choices[0].message.content)
    vendor = VENDORS.get(fields["vendor"])
    if vendor and fields["total"] <= vendor["auto_approve_limit"]:
        schedule_payment(vendor["iban"], fields["total"], fields["currency"], fields["due_date"])
        return jsonify(status="scheduled", invoice=fields["invoice_number"])
    return jsonify(status="needs_review", invoice=fields.get("invoice_number"))


@app.get("/invoices/<invoice_id>/explain")
def explain(invoice_id):
    model = request.args.get("model", EXPLAIN_MODEL)
    prompt = "Explain the line items of this invoice to a budget owner:\n" + invoice_text(invoice_id)
    resp = client.chat.completions.create(model=model, max_tokens=400, messages=[{"role": "user", "content": prompt}])
    return jsonify(explanation=resp.choices[0].message.content)


@app.post("/invoices/digest")
def digest():
    lines = "\n".join(invoice_text(i) for i in request.get_json()["invoice_ids"][:50])
    resp = client.chat.completions.create(messages=[{"role": "user", "content": "Summarize for the CFO:\n" + lines}], **SUMMARY_PARAMS)
    return jsonify(summary=resp.choices[0].message.content)


@app.post("/webhooks/bank")
def bank_webhook():
    expected = hmac.new(BANK_SECRET, request.data, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(request.headers.get("X-Bank-Signature", ""), expected):
        abort(401)
    event = json.loads(request.data)
    record_bank_event(event["payment_id"], event["status"])
    return "", 204
