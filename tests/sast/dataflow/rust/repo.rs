//! Session queries the handlers in sql.rs call with the user name from the request.
use sqlx::PgPool;

pub async fn delete_sessions_raw(pool: &PgPool, user: &str) -> sqlx::Result<u64> {
    let sql = format!("DELETE FROM sessions WHERE username = '{}'", user);
    // expect: CWE-89
    let done = sqlx::query(&sql).execute(pool).await?;
    Ok(done.rows_affected())
}

pub async fn delete_sessions(pool: &PgPool, user: &str) -> sqlx::Result<u64> {
    let sql = "DELETE FROM sessions WHERE username = $1";
    // ok: CWE-89
    let done = sqlx::query(sql).bind(user).execute(pool).await?;
    Ok(done.rows_affected())
}
