//! SQL text built from request data: axum + sqlx (Postgres) and actix-web + rusqlite.
use std::collections::HashMap;
use std::sync::Mutex;

use actix_web::{web, HttpResponse};
use axum::extract::{Form, Query, State};
use axum::http::StatusCode;
use axum::Json;
use rusqlite::Connection;

use crate::models::{AppState, InvoiceQuery, ListParams, OrderFilter, ProductFilter, UserRow, UserSearch};
use crate::query_builder::SelectBuilder;
use crate::repo;
use crate::validate::is_valid_username;

fn internal<E>(_: E) -> StatusCode {
    StatusCode::INTERNAL_SERVER_ERROR
}

pub async fn search_users(
    State(state): State<AppState>,
    Query(p): Query<UserSearch>,
) -> Result<Json<Vec<UserRow>>, StatusCode> {
    let sql = format!("SELECT id, name FROM users WHERE name = '{}'", p.name);
    // expect: CWE-89
    let rows = sqlx::query_as::<_, UserRow>(&sql)
        .fetch_all(&state.pool)
        .await
        .map_err(internal)?;
    Ok(Json(rows))
}

pub async fn search_users_checked(
    State(state): State<AppState>,
    Query(p): Query<UserSearch>,
) -> Result<Json<Vec<UserRow>>, StatusCode> {
    if !is_valid_username(&p.name) {
        return Err(StatusCode::BAD_REQUEST);
    }
    let sql = format!("SELECT id, name FROM users WHERE name = '{}'", p.name);
    // ok: CWE-89
    let rows = sqlx::query_as::<_, UserRow>(&sql)
        .fetch_all(&state.pool)
        .await
        .map_err(internal)?;
    Ok(Json(rows))
}

pub async fn archive_orders(db: web::Data<Mutex<Connection>>, form: web::Form<OrderFilter>) -> HttpResponse {
    let mut sql = String::from("UPDATE orders SET archived = 1 WHERE customer_id = ");
    sql.push_str(&form.customer);
    let conn = db.lock().unwrap();
    // expect: CWE-89
    match conn.execute(&sql, []) {
        Ok(n) => HttpResponse::Ok().body(n.to_string()),
        Err(_) => HttpResponse::InternalServerError().finish(),
    }
}

pub async fn archive_orders_numeric(db: web::Data<Mutex<Connection>>, form: web::Form<OrderFilter>) -> HttpResponse {
    let customer = match form.customer.parse::<i64>() {
        Ok(id) => id,
        Err(_) => return HttpResponse::BadRequest().finish(),
    };
    let mut sql = String::from("UPDATE orders SET archived = 1 WHERE customer_id = ");
    sql.push_str(&customer.to_string());
    let conn = db.lock().unwrap();
    // ok: CWE-89
    match conn.execute(&sql, []) {
        Ok(n) => HttpResponse::Ok().body(n.to_string()),
        Err(_) => HttpResponse::InternalServerError().finish(),
    }
}

fn order_by(column: &str) -> String {
    format!(" ORDER BY {} DESC", column)
}

fn default_order(_column: &str) -> String {
    String::from(" ORDER BY created_at DESC")
}

pub async fn list_orders(State(state): State<AppState>, Query(p): Query<ListParams>) -> Result<String, StatusCode> {
    let sql = format!("SELECT id, customer_id, total FROM orders{}", order_by(&p.sort));
    // expect: CWE-89
    let rows = sqlx::query(&sql).fetch_all(&state.pool).await.map_err(internal)?;
    Ok(rows.len().to_string())
}

pub async fn list_orders_default(State(state): State<AppState>, Query(p): Query<ListParams>) -> Result<String, StatusCode> {
    let sql = format!("SELECT id, customer_id, total FROM orders{}", default_order(&p.sort));
    // ok: CWE-89
    let rows = sqlx::query(&sql).fetch_all(&state.pool).await.map_err(internal)?;
    Ok(rows.len().to_string())
}

pub async fn filter_products(State(state): State<AppState>, Form(f): Form<ProductFilter>) -> Result<String, StatusCode> {
    let mut filters: HashMap<&str, String> = HashMap::new();
    filters.insert("category", f.category.clone());
    filters.insert("status", String::from("published"));
    let sql = format!("SELECT id, title FROM products WHERE category = '{}'", filters["category"]);
    // expect: CWE-89
    let rows = sqlx::query(&sql).fetch_all(&state.pool).await.map_err(internal)?;
    Ok(rows.len().to_string())
}

pub async fn filter_published(State(state): State<AppState>, Form(f): Form<ProductFilter>) -> Result<String, StatusCode> {
    let mut filters: HashMap<&str, String> = HashMap::new();
    filters.insert("category", f.category.clone());
    filters.insert("status", String::from("published"));
    let sql = format!("SELECT id, title FROM products WHERE status = '{}'", filters["status"]);
    // ok: CWE-89
    let rows = sqlx::query(&sql).fetch_all(&state.pool).await.map_err(internal)?;
    Ok(rows.len().to_string())
}

pub async fn list_customers(State(state): State<AppState>, Query(p): Query<ListParams>) -> Result<String, StatusCode> {
    let column = if p.desc { p.sort.clone() } else { String::from("id") };
    let sql = format!("SELECT id, email FROM customers ORDER BY {}", column);
    // expect: CWE-89
    let rows = sqlx::query(&sql).fetch_all(&state.pool).await.map_err(internal)?;
    Ok(rows.len().to_string())
}

pub async fn list_customers_by_age(State(state): State<AppState>, Query(p): Query<ListParams>) -> Result<String, StatusCode> {
    let column = if p.desc { String::from("created_at DESC") } else { String::from("id") };
    let sql = format!("SELECT id, email FROM customers ORDER BY {}", column);
    // ok: CWE-89
    let rows = sqlx::query(&sql).fetch_all(&state.pool).await.map_err(internal)?;
    Ok(rows.len().to_string())
}

pub async fn unpaid_invoices(State(state): State<AppState>, Query(q): Query<InvoiceQuery>) -> Result<String, StatusCode> {
    let sql = SelectBuilder::new("invoices")
        .where_raw(&format!("customer = '{}'", q.customer))
        .where_raw("paid = false")
        .build();
    // expect: CWE-89
    let rows = sqlx::query(&sql).fetch_all(&state.pool).await.map_err(internal)?;
    Ok(rows.len().to_string())
}

pub async fn unpaid_invoices_bound(State(state): State<AppState>, Query(q): Query<InvoiceQuery>) -> Result<String, StatusCode> {
    let sql = SelectBuilder::new("invoices")
        .where_raw("customer = $1")
        .where_raw("paid = false")
        .build();
    // ok: CWE-89
    let rows = sqlx::query(&sql).bind(&q.customer).fetch_all(&state.pool).await.map_err(internal)?;
    Ok(rows.len().to_string())
}

pub async fn logout_everywhere(State(state): State<AppState>, Form(f): Form<UserSearch>) -> Result<String, StatusCode> {
    let removed = repo::delete_sessions_raw(&state.pool, &f.name).await.map_err(internal)?;
    Ok(removed.to_string())
}

pub async fn logout_everywhere_bound(State(state): State<AppState>, Form(f): Form<UserSearch>) -> Result<String, StatusCode> {
    let removed = repo::delete_sessions(&state.pool, &f.name).await.map_err(internal)?;
    Ok(removed.to_string())
}
