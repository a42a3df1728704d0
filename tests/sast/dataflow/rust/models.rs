use serde::{Deserialize, Serialize};
use sqlx::PgPool;

use crate::storage::Storage;

#[derive(Clone)]
pub struct AppState {
    pub pool: PgPool,
    pub http: reqwest::Client,
    pub storage: Storage,
}

#[derive(Serialize, sqlx::FromRow)]
pub struct UserRow {
    pub id: i64,
    pub name: String,
}

#[derive(Deserialize)]
pub struct UserSearch {
    pub name: String,
}

#[derive(Deserialize)]
pub struct ListParams {
    pub sort: String,
    #[serde(default)]
    pub desc: bool,
}

#[derive(Deserialize)]
pub struct OrderFilter {
    pub customer: String,
}

#[derive(Deserialize)]
pub struct ProductFilter {
    pub category: String,
}

#[derive(Deserialize)]
pub struct InvoiceQuery {
    pub customer: String,
}

#[derive(Deserialize)]
pub struct HostParams {
    pub host: String,
}

#[derive(Deserialize)]
pub struct ListingParams {
    pub dir: String,
    #[serde(default)]
    pub custom: bool,
}

#[derive(Deserialize)]
pub struct ArchiveRequest {
    pub project: String,
}

#[derive(Deserialize)]
pub struct ConvertRequest {
    pub file: String,
}

#[derive(Deserialize)]
pub struct FileQuery {
    pub name: String,
}

#[derive(Deserialize)]
pub struct LogQuery {
    pub service: String,
}

#[derive(Deserialize)]
pub struct ExportRequest {
    pub file_name: String,
    pub rows: Vec<String>,
}

#[derive(Deserialize)]
pub struct FetchParams {
    pub url: String,
}

#[derive(Deserialize)]
pub struct StatusParams {
    pub host: String,
}

#[derive(Deserialize)]
pub struct Webhook {
    pub callback_url: String,
    pub event: String,
}

#[derive(Deserialize)]
pub struct FeedParams {
    pub feed: String,
}

#[derive(Deserialize)]
pub struct MirrorParams {
    pub mirror: String,
}

#[derive(Deserialize)]
pub struct EndpointParams {
    pub endpoint: String,
    #[serde(default)]
    pub custom: bool,
}
