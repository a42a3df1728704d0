import os

import httpx

OPS = httpx.Client(base_url="https://ops.example.com/api", timeout=10,
                   headers={"Authorization": f"Bearer {os.environ.get('OPS_API_TOKEN', '')}"})


def post_to_channel(group_key: str, text: str) -> None:
    OPS.post("/chat/incidents", json={"group": group_key, "text": text}).raise_for_status()


def set_severity(group_key: str, severity: str) -> None:
    OPS.patch(f"/incidents/{group_key}", json={"severity": severity}).raise_for_status()


def set_impact(incident_id: str, customer_facing: bool, services: list[str]) -> None:
    OPS.patch(f"/incidents/{incident_id}", json={"customer_facing": customer_facing, "services": services}).raise_for_status()


def page_primary(group_key: str, severity: str) -> None:
    OPS.post("/paging/primary", json={"group": group_key, "severity": severity, "source": "alertmanager"}).raise_for_status()
