"""Treasury API client: payment runs and invoice documents."""
import os

import requests

TREASURY = "https://treasury.example.com/api"
HEADERS = {"Authorization": f"Bearer {os.environ.get('TREASURY_TOKEN', '')}"}


def schedule_payment(iban: str, amount: float, currency: str, due_date: str) -> None:
    body = {"iban": iban, "amount": amount, "currency": currency, "execute_on": due_date}
    requests.post(f"{TREASURY}/payments", json=body, headers=HEADERS, timeout=10).raise_for_status()


def record_bank_event(payment_id: str, status: str) -> None:
    requests.patch(f"{TREASURY}/payments/{payment_id}", json={"status": status}, headers=HEADERS, timeout=10)


def invoice_text(invoice_id: str) -> str:
    r = requests.get(f"{TREASURY}/invoices/{invoice_id}/text", headers=HEADERS, timeout=10)
    r.raise_for_status()
    return r.text
