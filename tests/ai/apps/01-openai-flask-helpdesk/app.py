"""Helpdesk assistant: answers employee IT questions through OpenAI.

The first prototype called gpt-3.5-turbo directly; the model now comes from OPENAI_MODEL.
"""
import html
import os

from dotenv import load_dotenv
from flask import Flask, jsonify, request
from openai import OpenAI

load_dotenv()

app = Flask(__name__)
client = OpenAI(api_key=os.environ["OPENAI_API_KEY"], timeout=30)
MODEL = os.getenv("OPENAI_MODEL")


@app.post("/api/ask")
def ask():
    body = request.get_json()
    team = body.get("team", "IT")
    resp = client.chat.completions.create(
        model=MODEL,
        max_tokens=600,
        messages=[
            {"role": "system", "content": f"You are the helpdesk assistant of the {team} team."},
            {"role": "user", "content": body["question"]},
        ],
    )
    return jsonify(answer=resp.choices[0].message.content)


@app.route("/widget")
def widget():
    q = request.args.get("q", "")
    resp = client.chat.completions.create(
        model=MODEL,
        max_tokens=300,
        messages=[{"role": "user", "content": q}],
    )
    answer = resp.choices[0].message.content
    return f"<div class='answer'>{html.escape(answer)}</div>"


if __name__ == "__main__":
    app.run(debug=False)
