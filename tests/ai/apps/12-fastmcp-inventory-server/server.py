"""MCP server exposing warehouse inventory to the purchasing assistant."""
import sqlite3

from fastmcp import FastMCP

DB_PATH = "inventory.db"
mcp = FastMCP("inventory-tools")


def db() -> sqlite3.Connection:
    return sqlite3.connect(DB_PATH)


@mcp.tool
def stock_level(sku: str) -> int:
    """Units on hand for a SKU."""
    row = db().execute("SELECT on_hand FROM stock WHERE sku = ?", (sku,)).fetchone()
    return row[0] if row else 0


@mcp.tool()
def reorder(sku: str, quantity: int) -> str:
    """Place a purchase order with the SKU's default supplier."""
    with db() as conn:
        conn.execute("INSERT INTO purchase_orders(sku, quantity, status) VALUES (?, ?, 'open')", (sku, quantity))
    return f"ordered {quantity} x {sku}"


@mcp.resource("inventory://skus")
def all_skus() -> list[str]:
    return [r[0] for r in db().execute("SELECT sku FROM stock ORDER BY sku")]


@mcp.prompt()
def restock_plan(warehouse: str) -> str:
    return f"Plan next week's restock for warehouse {warehouse} using stock_level and reorder."


def main() -> None:
    mcp.run(transport="http", host="0.0.0.0", port=8000)


if __name__ == "__main__":
    main()
