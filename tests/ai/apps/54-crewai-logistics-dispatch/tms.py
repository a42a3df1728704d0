import os

import httpx

TMS = httpx.Client(base_url="https://tms.example.com/api/v3", timeout=10,
                   headers={"Authorization": f"Bearer {os.environ.get('TMS_TOKEN', '')}"})


def apply_reroute(shipment_id: str, depot: str, delay_hours: int) -> None:
    TMS.post(f"/shipments/{shipment_id}/reroute", json={"depot": depot, "delay_hours": delay_hours}).raise_for_status()


def hold_shipment(shipment_id: str, claim_amount: float) -> None:
    TMS.post(f"/shipments/{shipment_id}/hold", json={"claim_amount": claim_amount}).raise_for_status()


def notify_customer(shipment_id: str) -> None:
    TMS.post(f"/shipments/{shipment_id}/notify").raise_for_status()
