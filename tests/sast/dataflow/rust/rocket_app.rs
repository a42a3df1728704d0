//! The Rocket side of the service: route parameters are request data.
use std::process::Command;

use rocket::fs::NamedFile;
use rocket::{get, routes, Build, Rocket};

#[get("/probe/<port>")]
pub fn probe(port: &str) -> String {
    let line = format!("nc -z -w 2 127.0.0.1 {}", port);
    // expect: CWE-78
    match Command::new("sh").arg("-c").arg(&line).output() {
        Ok(o) => String::from_utf8_lossy(&o.stdout).into_owned(),
        Err(_) => String::from("probe failed"),
    }
}

#[get("/probe-port/<port>")]
pub fn probe_port(port: &str) -> String {
    let port = match port.parse::<u16>() {
        Ok(n) => n,
        Err(_) => return String::from("bad port"),
    };
    let line = format!("nc -z -w 2 127.0.0.1 {}", port);
    // ok: CWE-78
    match Command::new("sh").arg("-c").arg(&line).output() {
        Ok(o) => String::from_utf8_lossy(&o.stdout).into_owned(),
        Err(_) => String::from("probe failed"),
    }
}

#[get("/docs/<lang>/<page>")]
pub async fn docs(lang: &str, page: &str) -> Option<NamedFile> {
    let file = if lang == "en" { format!("docs/en/{}.html", page) } else { String::from("docs/en/index.html") };
    // expect: CWE-22
    NamedFile::open(file).await.ok()
}

#[get("/docs-index/<lang>/<page>")]
pub async fn docs_index(lang: &str, page: &str) -> Option<NamedFile> {
    let file = if false { format!("docs/en/{}.html", page) } else { String::from("docs/en/index.html") };
    // ok: CWE-22
    NamedFile::open(file).await.ok()
}

#[get("/proxy?<url>")]
pub async fn proxy(url: &str) -> Option<String> {
    let mut target = "https://status.example.com/";
    if url.starts_with("https://") {
        target = url;
    }
    // expect: CWE-918
    let resp = reqwest::get(target).await.ok()?;
    resp.text().await.ok()
}

#[get("/proxy-status?<url>")]
pub async fn proxy_status(url: &str) -> Option<String> {
    let mut target = "https://status.example.com/";
    if false {
        target = url;
    }
    // ok: CWE-918
    let resp = reqwest::get(target).await.ok()?;
    resp.text().await.ok()
}

pub fn rocket() -> Rocket<Build> {
    rocket::build().mount("/", routes![probe, probe_port, docs, docs_index, proxy, proxy_status])
}
