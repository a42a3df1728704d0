//! Files named by the request: axum and actix-web handlers.
use std::collections::HashMap;
use std::io::{self, Write};
use std::path::{Component, Path as FsPath, PathBuf};

use actix_files::NamedFile;
use actix_web::{web, HttpResponse};
use axum::body::Bytes;
use axum::extract::{Json, Path, Query, State};
use axum::http::StatusCode;

use crate::models::{AppState, ExportRequest, FileQuery, LogQuery};
use crate::validate::is_valid_slug;

const FILES_ROOT: &str = "/srv/app/files";
const STATIC_ROOT: &str = "/srv/app/static";
const UPLOAD_ROOT: &str = "/srv/app/uploads";
const EXPORT_ROOT: &str = "/srv/app/exports";

fn internal<E>(_: E) -> StatusCode {
    StatusCode::INTERNAL_SERVER_ERROR
}

pub async fn download(Path(name): Path<String>) -> Result<Vec<u8>, StatusCode> {
    let full = PathBuf::from(FILES_ROOT).join(&name);
    // expect: CWE-22
    std::fs::read(&full).map_err(|_| StatusCode::NOT_FOUND)
}

pub async fn download_checked(Path(name): Path<String>) -> Result<Vec<u8>, StatusCode> {
    let rel = FsPath::new(&name);
    if rel.components().any(|c| !matches!(c, Component::Normal(_))) {
        return Err(StatusCode::BAD_REQUEST);
    }
    let full = PathBuf::from(FILES_ROOT).join(rel);
    // ok: CWE-22
    std::fs::read(&full).map_err(|_| StatusCode::NOT_FOUND)
}

pub async fn static_file(q: web::Query<FileQuery>) -> io::Result<NamedFile> {
    let p = FsPath::new(STATIC_ROOT).join(&q.name);
    // expect: CWE-22
    NamedFile::open(p)
}

pub async fn static_file_contained(q: web::Query<FileQuery>) -> io::Result<NamedFile> {
    let p = FsPath::new(STATIC_ROOT).join(&q.name).canonicalize()?;
    if !p.starts_with(STATIC_ROOT) {
        return Err(io::Error::new(io::ErrorKind::PermissionDenied, "outside the static root"));
    }
    // ok: CWE-22
    NamedFile::open(p)
}

fn upload_path(name: &str) -> PathBuf {
    FsPath::new(UPLOAD_ROOT).join(name)
}

fn upload_marker(_name: &str) -> PathBuf {
    FsPath::new(UPLOAD_ROOT).join(".last-upload")
}

pub async fn upload(Path(name): Path<String>, body: Bytes) -> Result<StatusCode, StatusCode> {
    // expect: CWE-22
    std::fs::write(upload_path(&name), &body).map_err(internal)?;
    Ok(StatusCode::CREATED)
}

pub async fn upload_last(Path(name): Path<String>, body: Bytes) -> Result<StatusCode, StatusCode> {
    // ok: CWE-22
    std::fs::write(upload_marker(&name), &body).map_err(internal)?;
    Ok(StatusCode::CREATED)
}

pub async fn read_report(State(state): State<AppState>, Query(q): Query<FileQuery>) -> Result<String, StatusCode> {
    let path = state.storage.path_for(&q.name);
    // expect: CWE-22
    tokio::fs::read_to_string(&path).await.map_err(|_| StatusCode::NOT_FOUND)
}

pub async fn read_report_base(State(state): State<AppState>, Query(q): Query<FileQuery>) -> Result<String, StatusCode> {
    let path = state.storage.contained_path_for(&q.name).ok_or(StatusCode::BAD_REQUEST)?;
    // ok: CWE-22
    tokio::fs::read_to_string(&path).await.map_err(|_| StatusCode::NOT_FOUND)
}

pub async fn export(Json(req): Json<ExportRequest>) -> Result<StatusCode, StatusCode> {
    let mut parts: HashMap<&str, String> = HashMap::new();
    parts.insert("dir", String::from(EXPORT_ROOT));
    parts.insert("file", req.file_name.clone());
    let target = format!("{}/{}", parts["dir"], parts["file"]);
    // expect: CWE-22
    let mut out = std::fs::File::create(&target).map_err(internal)?;
    out.write_all(req.rows.join("\n").as_bytes()).map_err(internal)?;
    Ok(StatusCode::CREATED)
}

pub async fn export_latest(Json(req): Json<ExportRequest>) -> Result<StatusCode, StatusCode> {
    let mut parts: HashMap<&str, String> = HashMap::new();
    parts.insert("dir", String::from(EXPORT_ROOT));
    parts.insert("file", req.file_name.clone());
    let target = format!("{}/latest.csv", parts["dir"]);
    // ok: CWE-22
    let mut out = std::fs::File::create(&target).map_err(internal)?;
    out.write_all(req.rows.join("\n").as_bytes()).map_err(internal)?;
    Ok(StatusCode::CREATED)
}

pub async fn service_log(q: web::Query<LogQuery>) -> HttpResponse {
    let mut path = String::from("/var/log/app/");
    path.push_str(&q.service);
    path.push_str(".log");
    // expect: CWE-22
    match std::fs::read_to_string(&path) {
        Ok(text) => HttpResponse::Ok().body(text),
        Err(_) => HttpResponse::NotFound().finish(),
    }
}

pub async fn service_log_checked(q: web::Query<LogQuery>) -> HttpResponse {
    if !is_valid_slug(&q.service) {
        return HttpResponse::BadRequest().finish();
    }
    let mut path = String::from("/var/log/app/");
    path.push_str(&q.service);
    path.push_str(".log");
    // ok: CWE-22
    match std::fs::read_to_string(&path) {
        Ok(text) => HttpResponse::Ok().body(text),
        Err(_) => HttpResponse::NotFound().finish(),
    }
}
