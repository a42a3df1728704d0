"""FastAPI order service (accuracy suite)."""
import html
import os

import httpx
import uvicorn
from fastapi import Depends, FastAPI, HTTPException, Request
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import HTMLResponse, RedirectResponse
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session

# ok: python.fastapi-debug-enabled
app = FastAPI(title="orders", debug=os.environ.get("ORDERS_DEBUG") == "1")
# expect: python.fastapi-cors-wildcard-credentials
app.add_middleware(CORSMiddleware, allow_origins=["*"], allow_credentials=True, allow_methods=["*"])

# expect: python.hardcoded-connection-password
engine = create_engine("postgresql+psycopg2://orders:Wint3r-Sun-42@db.internal:5432/orders")
# ok: python.hardcoded-connection-password
replica = create_engine(os.environ["REPLICA_URL"], pool_pre_ping=True)


def get_session():
    with Session(engine) as session:
        yield session


@app.get("/orders")
def list_orders(status: str, session: Session = Depends(get_session)):
    # expect: python.sqlalchemy-text-formatted
    rows = session.execute(text(f"SELECT id, total FROM orders WHERE status = '{status}'")).all()
    return [dict(r._mapping) for r in rows]


@app.get("/orders/{order_id}")
def get_order(order_id: int, session: Session = Depends(get_session)):
    # ok: python.sqlalchemy-text-formatted
    row = session.execute(text("SELECT id, total FROM orders WHERE id = :id"), {"id": order_id}).first()
    if row is None:
        raise HTTPException(status_code=404)
    return dict(row._mapping)


@app.get("/receipt/{order_id}", response_class=HTMLResponse)
async def receipt(order_id: int, note: str = ""):
    # expect: python.fastapi-html-response-formatted
    return HTMLResponse(f"<h1>Order {order_id}</h1><p>{note}</p>")


@app.get("/receipt-safe/{order_id}", response_class=HTMLResponse)
async def receipt_safe(order_id: int, note: str = ""):
    # ok: python.fastapi-html-response-formatted
    return HTMLResponse(f"<h1>Order {order_id}</h1><p>{html.escape(note)}</p>")


@app.get("/track")
async def track(request: Request):
    async with httpx.AsyncClient(timeout=5) as client:
        # expect: python.ssrf-request-url
        r = await client.get(request.query_params["carrier_url"])
    return r.json()


@app.get("/go")
async def go(request: Request):
    # expect: python.open-redirect
    return RedirectResponse(request.query_params.get("to", "/"))


@app.get("/carrier-status")
async def carrier_status(code: str):
    # ok: python.tls-verify-disabled
    async with httpx.AsyncClient(timeout=5, verify=True) as client:
        r = await client.get("https://carrier.example.com/status", params={"code": code})
    return r.json()


if __name__ == "__main__":
    # expect: python.bind-all-interfaces
    uvicorn.run("orders_api:app", host="0.0.0.0", port=8000)
