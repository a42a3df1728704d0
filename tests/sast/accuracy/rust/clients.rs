use jsonwebtoken::{decode, Algorithm, DecodingKey, Validation};
use openssl::ssl::{SslConnector, SslMethod, SslVerifyMode};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::time::Duration;

// expect: rust.hardcoded-secret
const PAYMENTS_API_KEY: &str = "pk_live_9fX2Lq7TzR4mB8vW1nC3";

// ok: rust.hardcoded-secret
const PAYMENTS_API_KEY_ENV: &str = "PAYMENTS_API_KEY";

#[derive(Debug, Deserialize)]
pub struct Claims {
    pub sub: String,
    pub exp: usize,
}

pub fn internal_client() -> reqwest::Result<reqwest::Client> {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        // expect: rust.tls-accept-invalid-certs
        .danger_accept_invalid_certs(true)
        .build()
}

pub fn partner_client(ca_pem: &[u8]) -> reqwest::Result<reqwest::Client> {
    let ca = reqwest::Certificate::from_pem(ca_pem)?;
    reqwest::Client::builder()
        .add_root_certificate(ca)
        // ok: rust.tls-accept-invalid-certs
        .danger_accept_invalid_certs(false)
        .build()
}

pub fn legacy_connector() -> SslConnector {
    let mut b = SslConnector::builder(SslMethod::tls()).expect("openssl");
    // expect: rust.openssl-verify-none
    b.set_verify(SslVerifyMode::NONE);
    b.build()
}

pub fn strict_connector() -> SslConnector {
    let mut b = SslConnector::builder(SslMethod::tls()).expect("openssl");
    // ok: rust.openssl-verify-none
    b.set_verify(SslVerifyMode::PEER);
    b.build()
}

pub fn cache_key(body: &[u8]) -> String {
    // expect: rust.weak-hash
    let digest = md5::compute(body);
    format!("{:x}", digest)
}

pub fn content_hash(body: &[u8]) -> String {
    // ok: rust.weak-hash
    let digest = Sha256::digest(body);
    hex::encode(digest)
}

pub fn peek_claims(token: &str) -> Option<Claims> {
    let mut validation = Validation::new(Algorithm::HS256);
    // expect: rust.jwt-signature-validation-disabled
    validation.insecure_disable_signature_validation();
    decode::<Claims>(token, &DecodingKey::from_secret(&[]), &validation).ok().map(|d| d.claims)
}

pub fn verify_claims(token: &str, secret: &[u8]) -> Option<Claims> {
    // ok: rust.jwt-signature-validation-disabled
    let validation = Validation::new(Algorithm::HS256);
    decode::<Claims>(token, &DecodingKey::from_secret(secret), &validation).ok().map(|d| d.claims)
}

pub fn charge(client: &reqwest::blocking::Client, amount: u64) -> reqwest::Result<reqwest::blocking::Response> {
    // ok: rust.hardcoded-secret
    let api_key = std::env::var("PAYMENTS_API_KEY").unwrap_or_default();
    client
        .post("https://api.payments.example.com/v1/charges")
        .bearer_auth(if api_key.is_empty() { PAYMENTS_API_KEY.to_string() } else { api_key })
        .form(&[("amount", amount.to_string())])
        .send()
}
