import hashlib
import sqlite3

from fastapi import HTTPException

DB = sqlite3.connect("intake.db", check_same_thread=False)


def firm_for_key(key: str) -> str:
    row = DB.execute("SELECT firm_id FROM api_keys WHERE key_hash = ?", (hashlib.sha256(key.encode()).hexdigest(),)).fetchone()
    if row is None:
        raise HTTPException(status_code=401)
    return row[0]


def assign_matter(firm_id: str, group: str, urgency: int, story: str) -> int:
    cur = DB.execute("INSERT INTO matters(firm_id, practice_group, urgency, story) VALUES (?, ?, ?, ?)",
                     (firm_id, group, urgency, story))
    DB.commit()
    return cur.lastrowid


def save_conflict_check(firm_id: str, matter_id: int, parties: list[str], adverse: list[str]) -> None:
    DB.executemany("INSERT INTO conflict_names(firm_id, matter_id, name, adverse) VALUES (?, ?, ?, ?)",
                   [(firm_id, matter_id, n, n in adverse) for n in parties + adverse])
    DB.commit()


def matter_summary(firm_id: str, matter_id: int) -> str:
    row = DB.execute("SELECT practice_group, story FROM matters WHERE firm_id = ? AND id = ?", (firm_id, matter_id)).fetchone()
    if row is None:
        raise HTTPException(status_code=404)
    return f"Practice group: {row[0]}\n{row[1]}"
