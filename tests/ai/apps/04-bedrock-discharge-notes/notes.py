"""Discharge-note drafting for the clinic portal, on Amazon Bedrock."""
import json

import boto3

bedrock = boto3.client("bedrock-runtime", region_name="us-east-1")

CLAUDE = "anthropic.claude-3-5-sonnet-20240620-v1:0"
TITAN = "amazon.titan-text-express-v1"


def draft_discharge_summary(patient: dict, visit: dict) -> str:
    prompt = (
        f"Patient: {patient['full_name']}, DOB {patient['dob']}, SSN {patient['ssn']}.\n"
        f"Diagnosis: {visit['diagnosis']}. Medications: {', '.join(visit['medications'])}.\n"
        "Write a discharge summary for the attending physician."
    )
    resp = bedrock.converse(
        modelId=CLAUDE,
        messages=[{"role": "user", "content": [{"text": prompt}]}],
        inferenceConfig={"maxTokens": 800, "temperature": 0.1},
    )
    return resp["output"]["message"]["content"][0]["text"]


def keywords(note_text: str) -> list[str]:
    body = json.dumps({
        "inputText": "List five keywords, comma separated, for:\n" + note_text,
        "textGenerationConfig": {"maxTokenCount": 64},
    })
    resp = bedrock.invoke_model(modelId=TITAN, body=body, contentType="application/json")
    payload = json.loads(resp["body"].read())
    return [k.strip() for k in payload["results"][0]["outputText"].split(",")][:5]
