import os

import httpx
from fastapi import Header, HTTPException

DESK = httpx.Client(base_url="https://desk.example.com/api", timeout=10,
                    headers={"Authorization": f"Bearer {os.environ.get('DESK_TOKEN', '')}"})


def current_workspace(authorization: str = Header(...)) -> str:
    r = DESK.get("/me", headers={"Authorization": authorization})
    if r.status_code != 200:
        raise HTTPException(status_code=401)
    return r.json()["workspace_id"]


def route_ticket(workspace_id: str, message_id: str, queue: str, priority: str) -> None:
    DESK.post(f"/workspaces/{workspace_id}/tickets", json={"message": message_id, "queue": queue, "priority": priority})


def issue_refund(workspace_id: str, order_id: str, amount: float) -> None:
    DESK.post(f"/workspaces/{workspace_id}/refunds", json={"order": order_id, "amount": amount}).raise_for_status()
