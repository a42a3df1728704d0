use rusqlite::{params, Connection};
use sqlx::{PgPool, Row};

#[derive(Debug, sqlx::FromRow)]
pub struct User {
    pub id: i64,
    pub email: String,
}

pub struct UserRepo {
    pool: PgPool,
}

impl UserRepo {
    pub async fn by_name(&self, name: &str) -> Result<Vec<User>, sqlx::Error> {
        // expect: rust.sql-format-injection
        sqlx::query_as::<_, User>(&format!("SELECT id, email FROM users WHERE name = '{}'", name))
            .fetch_all(&self.pool)
            .await
    }

    pub async fn by_name_safe(&self, name: &str) -> Result<Vec<User>, sqlx::Error> {
        // ok: rust.sql-format-injection
        sqlx::query_as::<_, User>("SELECT id, email FROM users WHERE name = $1")
            .bind(name)
            .fetch_all(&self.pool)
            .await
    }

    pub async fn sorted(&self, column: &str) -> Result<Vec<User>, sqlx::Error> {
        let sql = format!("SELECT id, email FROM users ORDER BY {column}");
        // expect: rust.sql-format-injection
        sqlx::query_as::<_, User>(&sql).fetch_all(&self.pool).await
    }

    pub async fn sorted_safe(&self, column: &str) -> Result<Vec<User>, sqlx::Error> {
        let column = match column {
            "email" => "email",
            _ => "id",
        };
        let sql = format!("SELECT id, email FROM users ORDER BY {}", column);
        // The column comes from a fixed allow-list above; a syntactic rule cannot see that.
        // ok: rust.sql-format-injection
        sqlx::query_as::<_, User>(&sql).fetch_all(&self.pool).await
    }

    pub async fn count(&self) -> Result<i64, sqlx::Error> {
        // ok: rust.sql-format-injection
        let row = sqlx::query("SELECT count(*) AS n FROM users").fetch_one(&self.pool).await?;
        Ok(row.get("n"))
    }
}

pub fn purge(conn: &Connection, table: &str, days: u32) -> rusqlite::Result<usize> {
    // expect: rust.sql-format-injection
    conn.execute(&format!("DELETE FROM {} WHERE age > ?1", table), params![days])
}

pub fn audit(conn: &Connection, user: &str, action: &str) -> rusqlite::Result<usize> {
    let message = format!("{} performed {}", user, action);
    // ok: rust.sql-format-injection
    conn.execute("INSERT INTO audit (message) VALUES (?1)", params![message])
}

pub fn rename(conn: &Connection, id: i64, name: &str) -> rusqlite::Result<usize> {
    // ok: rust.sql-format-injection
    conn.execute("UPDATE users SET name = ?1 WHERE id = ?2", params![name, id])
}
