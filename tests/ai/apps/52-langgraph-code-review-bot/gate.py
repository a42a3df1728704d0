"""Merge gate: the model reviews a pull request's diff and the bot approves or blocks it."""
import json
import os

import requests
from openai import OpenAI

GITHUB = "https://api.github.com"
HEADERS = {"Authorization": f"Bearer {os.environ['GITHUB_TOKEN']}", "Accept": "application/vnd.github+json"}
GATE_SYSTEM = (
    "Review the diff. Reply with JSON only: "
    '{"verdict": "approve" | "request_changes", "comments": [{"path": str, "line": int, "body": str}]}'
)
client = OpenAI(timeout=60)


def pull_diff(repo: str, number: int) -> str:
    r = requests.get(f"{GITHUB}/repos/{repo}/pulls/{number}", headers={**HEADERS, "Accept": "application/vnd.github.diff"}, timeout=20)
    r.raise_for_status()
    return r.text


def gate(repo: str, number: int) -> str:
    resp = client.chat.completions.create(
        model="gpt-4.1-2025-04-14",
        max_completion_tokens=1200,
        messages=[{"role": "system", "content": GATE_SYSTEM}, {"role": "user", "content": pull_diff(repo, number)[:80000]}],
    )
    verdict = json.loads(resp.choices[0].message.content)
    event = "APPROVE" if verdict["verdict"] == "approve" else "REQUEST_CHANGES"
    requests.post(f"{GITHUB}/repos/{repo}/pulls/{number}/reviews", headers=HEADERS,
                  json={"event": event, "comments": verdict["comments"]}, timeout=20).raise_for_status()
    return event


def changelog_entry(repo: str, number: int) -> str:
    resp = client.chat.completions.create(
        model="gpt-4.1-mini-2025-04-14",
        messages=[{"role": "user", "content": "Write a one-paragraph changelog entry for this diff:\n" + pull_diff(repo, number)[:80000]}],
    )
    return resp.choices[0].message.content
