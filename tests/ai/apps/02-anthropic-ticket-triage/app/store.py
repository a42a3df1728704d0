import sqlite3

DB = sqlite3.connect("tickets.db", check_same_thread=False)


def save_ticket(customer_id: int, text: str, priority: str) -> int:
    cur = DB.execute("INSERT INTO tickets(customer_id, body, priority) VALUES (?, ?, ?)", (customer_id, text, priority))
    DB.commit()
    return cur.lastrowid


def load_thread(tid: int) -> list[str]:
    return [row[0] for row in DB.execute("SELECT body FROM messages WHERE ticket_id = ? ORDER BY id", (tid,))]
