"""Nightly job: file incoming documents into categories and write short abstracts."""
import psycopg
from mistralai import Mistral

client = Mistral(api_key="Zq8mT3vKp2XwR7nB4cYd9sLf6HjA1uEo")

CATEGORIES = "invoice, contract, complaint, resume, other"


def file_document(conn: psycopg.Connection, doc_id: int, text: str) -> None:
    r = client.chat.complete(
        model="mistral-large-latest",
        max_tokens=10,
        messages=[{"role": "user", "content": f"Which of [{CATEGORIES}] is this document? One word.\n\n{text[:4000]}"}],
    )
    label = r.choices[0].message.content.strip().lower()
    with conn.cursor() as cur:
        cur.execute(f"UPDATE documents SET category = '{label}' WHERE id = {doc_id}")


def abstract(conn: psycopg.Connection, doc_id: int, text: str) -> None:
    r = client.chat.complete(
        model="mistral-small-2409",
        max_tokens=200,
        messages=[{"role": "user", "content": "Two-sentence abstract:\n\n" + text[:8000]}],
    )
    summary = r.choices[0].message.content
    with conn.cursor() as cur:
        cur.execute("UPDATE documents SET abstract = %s WHERE id = %s", (summary, doc_id))


def main() -> None:
    with psycopg.connect("dbname=docs") as conn:
        rows = conn.execute("SELECT id, body FROM documents WHERE category IS NULL").fetchall()
        for doc_id, body in rows:
            file_document(conn, doc_id, body)
            abstract(conn, doc_id, body)


if __name__ == "__main__":
    main()
