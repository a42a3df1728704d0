//! Outgoing HTTP requests whose address comes from the request: axum and actix-web handlers.
use actix_web::{web, HttpResponse};
use axum::extract::{Query, State};
use axum::http::StatusCode;

use crate::catalog;
use crate::models::{AppState, EndpointParams, FeedParams, FetchParams, MirrorParams, StatusParams, Webhook};
use crate::validate::{is_allowed_host, is_allowed_url};

const DEFAULT_MIRROR: &str = "https://mirror.example.com/index.json";
const DEFAULT_ENDPOINT: &str = "https://status.example.com/health";

fn bad_gateway<E>(_: E) -> StatusCode {
    StatusCode::BAD_GATEWAY
}

pub async fn preview(Query(p): Query<FetchParams>) -> Result<String, StatusCode> {
    let target = p.url.trim().to_string();
    // expect: CWE-918
    let resp = reqwest::get(&target).await.map_err(bad_gateway)?;
    resp.text().await.map_err(bad_gateway)
}

pub async fn preview_checked(Query(p): Query<FetchParams>) -> Result<String, StatusCode> {
    let target = p.url.trim().to_string();
    if !is_allowed_url(&target) {
        return Err(StatusCode::FORBIDDEN);
    }
    // ok: CWE-918
    let resp = reqwest::get(&target).await.map_err(bad_gateway)?;
    resp.text().await.map_err(bad_gateway)
}

pub async fn host_status(State(state): State<AppState>, Query(p): Query<StatusParams>) -> Result<String, StatusCode> {
    let mut url = String::from("http://");
    url.push_str(&p.host);
    url.push_str("/healthz");
    // expect: CWE-918
    let resp = state.http.get(&url).send().await.map_err(bad_gateway)?;
    Ok(resp.status().as_u16().to_string())
}

pub async fn host_status_checked(State(state): State<AppState>, Query(p): Query<StatusParams>) -> Result<String, StatusCode> {
    if !is_allowed_host(&p.host) {
        return Err(StatusCode::FORBIDDEN);
    }
    let mut url = String::from("http://");
    url.push_str(&p.host);
    url.push_str("/healthz");
    // ok: CWE-918
    let resp = state.http.get(&url).send().await.map_err(bad_gateway)?;
    Ok(resp.status().as_u16().to_string())
}

fn callback_target(hook: &Webhook) -> String {
    hook.callback_url.trim().to_string()
}

fn health_target(_hook: &Webhook) -> String {
    String::from("https://hooks.example.com/health")
}

pub async fn register_hook(hook: web::Json<Webhook>, client: web::Data<reqwest::Client>) -> HttpResponse {
    let target = callback_target(&hook);
    // expect: CWE-918
    match client.post(&target).send().await {
        Ok(_) => HttpResponse::Accepted().body(hook.event.clone()),
        Err(_) => HttpResponse::BadGateway().finish(),
    }
}

pub async fn register_hook_health(hook: web::Json<Webhook>, client: web::Data<reqwest::Client>) -> HttpResponse {
    let target = health_target(&hook);
    // ok: CWE-918
    match client.post(&target).send().await {
        Ok(_) => HttpResponse::Accepted().body(hook.event.clone()),
        Err(_) => HttpResponse::BadGateway().finish(),
    }
}

pub async fn fetch_feed(State(state): State<AppState>, Query(p): Query<FeedParams>) -> Result<String, StatusCode> {
    let url = catalog::normalize_url(&p.feed);
    // expect: CWE-918
    let resp = state.http.get(&url).send().await.map_err(bad_gateway)?;
    resp.text().await.map_err(bad_gateway)
}

pub async fn fetch_known_feed(State(state): State<AppState>, Query(p): Query<FeedParams>) -> Result<String, StatusCode> {
    let url = catalog::feed_url(&p.feed);
    // ok: CWE-918
    let resp = state.http.get(url).send().await.map_err(bad_gateway)?;
    resp.text().await.map_err(bad_gateway)
}

pub async fn mirror_check(q: web::Query<MirrorParams>) -> HttpResponse {
    let mirrors: Vec<String> = vec![q.mirror.clone(), String::from(DEFAULT_MIRROR)];
    // expect: CWE-918
    match reqwest::get(&mirrors[0]).await {
        Ok(resp) => HttpResponse::Ok().body(resp.status().as_u16().to_string()),
        Err(_) => HttpResponse::BadGateway().finish(),
    }
}

pub async fn mirror_check_default(q: web::Query<MirrorParams>) -> HttpResponse {
    let mirrors: Vec<String> = vec![q.mirror.clone(), String::from(DEFAULT_MIRROR)];
    // ok: CWE-918
    match reqwest::get(&mirrors[1]).await {
        Ok(resp) => HttpResponse::Ok().body(resp.status().as_u16().to_string()),
        Err(_) => HttpResponse::BadGateway().finish(),
    }
}

pub async fn probe_endpoint(State(state): State<AppState>, Query(p): Query<EndpointParams>) -> Result<String, StatusCode> {
    let endpoint = if p.custom { p.endpoint.clone() } else { String::from(DEFAULT_ENDPOINT) };
    // expect: CWE-918
    let resp = state.http.get(&endpoint).send().await.map_err(bad_gateway)?;
    Ok(resp.status().as_u16().to_string())
}

pub async fn probe_default_endpoint(State(state): State<AppState>, Query(p): Query<EndpointParams>) -> Result<String, StatusCode> {
    let mut endpoint = if p.custom { p.endpoint.clone() } else { String::from(DEFAULT_ENDPOINT) };
    endpoint = String::from(DEFAULT_ENDPOINT);
    // ok: CWE-918
    let resp = state.http.get(&endpoint).send().await.map_err(bad_gateway)?;
    Ok(resp.status().as_u16().to_string())
}
