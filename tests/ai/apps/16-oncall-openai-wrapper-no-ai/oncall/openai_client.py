"""Client for OpenAI, our Open Alerting Interface (the on-call paging service), not an AI vendor.

Endpoints: POST /v2/alerts, POST /v2/alerts/{id}/ack, GET /v2/schedules/{team}.
"""
import os

import requests


class OpenAIClient:
    def __init__(self, base_url: str, token: str, timeout: float = 10.0):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Token {token}"
        self.timeout = timeout

    def create(self, model: str, summary: str, severity: str = "p3") -> dict:
        """Raise an alert; `model` is the alert template (e.g. "disk-full", "latency-slo")."""
        r = self.session.post(
            f"{self.base_url}/v2/alerts",
            json={"model": model, "summary": summary, "severity": severity},
            timeout=self.timeout,
        )
        r.raise_for_status()
        return r.json()

    def ack(self, alert_id: str) -> None:
        self.session.post(f"{self.base_url}/v2/alerts/{alert_id}/ack", timeout=self.timeout).raise_for_status()


openai_client = OpenAIClient(os.environ.get("OAI_URL", "https://alerts.example.com"), os.environ["OAI_TOKEN"])
