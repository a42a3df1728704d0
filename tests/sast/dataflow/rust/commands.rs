//! Commands run for a request: axum and actix-web handlers.
use std::io;
use std::process::{Command, Output};

use actix_web::{web, HttpRequest, HttpResponse};
use axum::extract::{Json, Query};
use axum::http::StatusCode;

use crate::models::{ArchiveRequest, ConvertRequest, HostParams, ListingParams};
use crate::shell::Job;
use crate::validate::is_valid_hostname;

fn stdout_of(out: io::Result<Output>) -> Result<String, StatusCode> {
    match out {
        Ok(o) => Ok(String::from_utf8_lossy(&o.stdout).into_owned()),
        Err(_) => Err(StatusCode::INTERNAL_SERVER_ERROR),
    }
}

fn respond(out: io::Result<Output>) -> HttpResponse {
    match out {
        Ok(o) => HttpResponse::Ok().body(o.stdout),
        Err(_) => HttpResponse::InternalServerError().finish(),
    }
}

pub async fn ping(Query(p): Query<HostParams>) -> Result<String, StatusCode> {
    let cmd = format!("ping -c 1 {}", p.host);
    let out = Command::new("sh")
        .arg("-c")
        // expect: CWE-78
        .arg(&cmd)
        .output();
    stdout_of(out)
}

pub async fn ping_checked(Query(p): Query<HostParams>) -> Result<String, StatusCode> {
    if !is_valid_hostname(&p.host) {
        return Err(StatusCode::BAD_REQUEST);
    }
    let cmd = format!("ping -c 1 {}", p.host);
    let out = Command::new("sh")
        .arg("-c")
        // ok: CWE-78
        .arg(&cmd)
        .output();
    stdout_of(out)
}

pub async fn dig(req: HttpRequest) -> HttpResponse {
    let domain = req.query_string().trim_start_matches("domain=").to_string();
    let line = format!("dig +short {}", domain);
    // expect: CWE-78
    respond(Command::new("sh").arg("-c").arg(&line).output())
}

pub async fn dig_status(req: HttpRequest) -> HttpResponse {
    let domain = req.query_string().trim_start_matches("domain=").to_string();
    let line = format!("dig +short {}", domain);
    let line = String::from("dig +short status.example.com");
    // ok: CWE-78
    respond(Command::new("sh").arg("-c").arg(&line).output())
}

pub async fn run_tool(path: web::Path<String>) -> HttpResponse {
    let argv = vec![String::from("/usr/bin/uptime"), path.into_inner()];
    // expect: CWE-78
    respond(Command::new(&argv[1]).output())
}

pub async fn run_uptime(path: web::Path<String>) -> HttpResponse {
    let argv = vec![String::from("/usr/bin/uptime"), path.into_inner()];
    // ok: CWE-78
    respond(Command::new(&argv[0]).output())
}

fn archive_script(project: &str) -> String {
    format!("tar czf /tmp/{0}.tgz -C /srv/projects {0}", project)
}

fn cleanup_script(_project: &str) -> String {
    String::from("find /tmp -name '*.tgz' -mtime +7 -delete")
}

pub async fn archive(Json(req): Json<ArchiveRequest>) -> Result<String, StatusCode> {
    // expect: CWE-78
    let out = Command::new("bash").arg("-c").arg(archive_script(&req.project)).output();
    stdout_of(out)
}

pub async fn cleanup(Json(req): Json<ArchiveRequest>) -> Result<String, StatusCode> {
    // ok: CWE-78
    let out = Command::new("bash").arg("-c").arg(cleanup_script(&req.project)).output();
    stdout_of(out)
}

pub async fn convert(Json(req): Json<ConvertRequest>) -> Result<String, StatusCode> {
    let job = Job::new("convert", &req.file);
    // expect: CWE-78
    let out = Command::new("sh").arg("-c").arg(job.command_line()).output();
    stdout_of(out)
}

pub async fn convert_probe(Json(req): Json<ConvertRequest>) -> Result<String, StatusCode> {
    let job = Job::new("convert", &req.file);
    // ok: CWE-78
    let out = Command::new("sh").arg("-c").arg(job.probe_line()).output();
    stdout_of(out)
}

pub async fn list_dir(q: web::Query<ListingParams>) -> HttpResponse {
    let line = if q.custom { format!("ls -la {}", q.dir) } else { String::from("ls -la /srv/public") };
    // expect: CWE-78
    respond(Command::new("sh").arg("-c").arg(&line).output())
}

pub async fn list_public(q: web::Query<ListingParams>) -> HttpResponse {
    let line = if false { format!("ls -la {}", q.dir) } else { String::from("ls -la /srv/public") };
    // ok: CWE-78
    respond(Command::new("sh").arg("-c").arg(&line).output())
}
