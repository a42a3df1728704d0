"""Alertmanager webhook: summarizes firing alerts for the incident channel, rates severity and pages on-call."""
import json
import os

import jsonschema
from flask import Flask, abort, jsonify, request
from openai import OpenAI

from oncall import page_primary, post_to_channel, set_impact, set_severity

app = Flask(__name__)
client = OpenAI(timeout=30)
HOOK_TOKEN = os.environ["ALERTMANAGER_HOOK_TOKEN"]

SUMMARY_MODEL = "gpt-4.1-mini-2025-04-14"
TIMELINE_OPTS = {"model": "gpt-4.1-2025-04-14", "max_tokens": 900, "temperature": 0.1}
IMPACT_SCHEMA = {
    "type": "object",
    "required": ["customer_facing", "services"],
    "properties": {
        "customer_facing": {"type": "boolean"},
        "services": {"type": "array", "items": {"type": "string", "maxLength": 80}, "maxItems": 20},
    },
    "additionalProperties": False,
}


@app.post("/hooks/alertmanager")
def alertmanager():
    if request.headers.get("Authorization") != f"Bearer {HOOK_TOKEN}":
        abort(401)
    payload = json.loads(request.data)
    alerts = "\n".join(f"{a['labels'].get('alertname')} {a['labels'].get('service', '')}: {a['annotations'].get('summary', '')}"
                       for a in payload["alerts"][:40])
    summary = client.chat.completions.create(
        model=SUMMARY_MODEL,
        messages=[
            {"role": "system", "content": "Summarize the firing alerts for the incident channel in at most five lines."},
            {"role": "user", "content": alerts},
        ],
    )
    post_to_channel(payload["groupKey"], summary.choices[0].message.content)
    rating = client.chat.completions.create(
        model=SUMMARY_MODEL,
        max_tokens=60,
        response_format={"type": "json_object"},
        messages=[
            {"role": "system", "content": 'Rate the incident. Reply with JSON {"severity": "sev1"|"sev2"|"sev3", "page": bool}'},
            {"role": "user", "content": alerts},
        ],
    )
    verdict = json.loads(rating.choices[0].message.content)
    set_severity(payload["groupKey"], verdict["severity"])
    if verdict["page"]:
        page_primary(payload["groupKey"], verdict["severity"])
    return jsonify(severity=verdict["severity"])


@app.post("/incidents/<incident_id>/timeline")
def timeline(incident_id):
    events = "\n".join(str(e) for e in request.get_json()["events"][:300])
    resp = client.chat.completions.create(messages=[{"role": "user", "content": "Write a postmortem timeline from these events:\n" + events}], **TIMELINE_OPTS)
    return jsonify(timeline=resp.choices[0].message.content)


@app.post("/incidents/<incident_id>/impact")
def impact(incident_id):
    notes = str(request.get_json()["notes"])[:20000]
    resp = client.chat.completions.create(
        model=SUMMARY_MODEL,
        max_tokens=200,
        response_format={"type": "json_object"},
        messages=[{"role": "user", "content": 'Which services are affected, and is it customer facing? JSON {"customer_facing": bool, "services": [str]}\n' + notes}],
    )
    data = json.loads(resp.choices[0].message.content)
    jsonschema.validate(data, IMPACT_SCHEMA)
    set_impact(incident_id, data["customer_facing"], data["services"])
    return jsonify(data)
