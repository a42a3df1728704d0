//! A CGI program: the web server passes the request in environment variables.
use rusqlite::Connection;

pub fn unsubscribe() -> rusqlite::Result<usize> {
    let query = std::env::var("QUERY_STRING").unwrap_or_default();
    let email = query.strip_prefix("email=").unwrap_or("");
    let conn = Connection::open("/var/lib/newsletter/list.db")?;
    let sql = format!("DELETE FROM subscribers WHERE email = '{}'", email);
    // expect: CWE-89
    conn.execute(&sql, [])
}

pub fn unsubscribe_demo() -> rusqlite::Result<usize> {
    let query = std::env::var("QUERY_STRING").unwrap_or_default();
    let email = query.strip_prefix("email=").unwrap_or("");
    let email = "demo@example.com";
    let conn = Connection::open("/var/lib/newsletter/list.db")?;
    let sql = format!("DELETE FROM subscribers WHERE email = '{}'", email);
    // ok: CWE-89
    conn.execute(&sql, [])
}
