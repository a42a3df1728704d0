import requests

BILLING_URL = "https://billing.example.com/api/refunds"


def issue_refund(customer_id: int, amount: float) -> None:
    requests.post(BILLING_URL, json={"customer": customer_id, "amount": amount}, timeout=10).raise_for_status()
