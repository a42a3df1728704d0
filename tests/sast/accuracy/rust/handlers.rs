use actix_cors::Cors;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::{get, post, web, HttpResponse};
use serde::Deserialize;
use std::path::{Component, Path, PathBuf};
use std::process::Command;

#[derive(Deserialize)]
pub struct FileQuery {
    name: String,
}

#[derive(Deserialize)]
pub struct Webhook {
    callback_url: String,
    event: String,
}

#[get("/files")]
async fn download(q: web::Query<FileQuery>) -> HttpResponse {
    // expect: rust.path-traversal-handler
    let path = PathBuf::from("/srv/files").join(&q.name);
    match std::fs::read(&path) {
        Ok(bytes) => HttpResponse::Ok().body(bytes),
        Err(_) => HttpResponse::NotFound().finish(),
    }
}

#[get("/avatars")]
async fn avatar(q: web::Query<FileQuery>) -> HttpResponse {
    let rel = Path::new(&q.name);
    if rel.components().any(|c| !matches!(c, Component::Normal(_))) {
        return HttpResponse::BadRequest().finish();
    }
    // ok: rust.path-traversal-handler
    let path = Path::new("/srv/avatars").join(rel);
    HttpResponse::Ok().body(std::fs::read(path).unwrap_or_default())
}

#[post("/hooks")]
async fn register_hook(hook: web::Json<Webhook>, client: web::Data<reqwest::Client>) -> HttpResponse {
    // expect: rust.ssrf-handler
    let resp = client.post(&hook.callback_url).send().await;
    match resp {
        Ok(_) => HttpResponse::Accepted().finish(),
        Err(_) => HttpResponse::BadGateway().finish(),
    }
}

#[post("/notify")]
async fn notify(hook: web::Json<Webhook>, client: web::Data<reqwest::Client>) -> HttpResponse {
    // ok: rust.ssrf-handler
    let _ = client.post("https://events.internal.example.com/ingest").send().await;
    HttpResponse::Ok().body(hook.event.clone())
}

#[post("/tools/ping")]
async fn ping(q: web::Query<FileQuery>) -> HttpResponse {
    // expect: rust.shell-command-injection
    let out = Command::new("sh").arg("-c").arg(format!("ping -c 1 {}", q.name)).output();
    match out {
        Ok(o) => HttpResponse::Ok().body(o.stdout),
        Err(_) => HttpResponse::InternalServerError().finish(),
    }
}

#[post("/tools/ping2")]
async fn ping_safe(q: web::Query<FileQuery>) -> HttpResponse {
    // ok: rust.shell-command-injection
    let out = Command::new("ping").arg("-c").arg("1").arg(&q.name).output();
    match out {
        Ok(o) => HttpResponse::Ok().body(o.stdout),
        Err(_) => HttpResponse::InternalServerError().finish(),
    }
}

pub fn login_cookie(token: String) -> Cookie<'static> {
    // expect: rust.cookie-insecure
    Cookie::build(("session", token)).path("/").secure(false).http_only(true).finish()
}

pub fn login_cookie_safe(token: String) -> Cookie<'static> {
    // ok: rust.cookie-insecure
    Cookie::build(("session", token)).path("/").secure(true).http_only(true).same_site(SameSite::Strict).finish()
}

pub fn cors_dev() -> Cors {
    // expect: rust.cors-permissive
    Cors::permissive()
}

pub fn cors_prod() -> Cors {
    // ok: rust.cors-permissive
    Cors::default().allowed_origin("https://app.example.com").supports_credentials().max_age(3600)
}

pub fn run_hook(program: &str, arg: &str) -> std::io::Result<std::process::ExitStatus> {
    // expect: rust.command-non-constant-program
    Command::new(program).arg(arg).status()
}
