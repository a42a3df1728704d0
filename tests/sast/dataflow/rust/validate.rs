//! Allow-list predicates the handlers call before using request data.
use url::Url;

const ALLOWED_HOSTS: &[&str] = &["api.example.com", "cdn.example.com", "status.example.com"];

pub fn is_valid_username(name: &str) -> bool {
    !name.is_empty() && name.len() <= 32 && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

pub fn is_valid_hostname(host: &str) -> bool {
    !host.is_empty()
        && host.len() <= 253
        && !host.starts_with('-')
        && host.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-')
}

pub fn is_valid_slug(slug: &str) -> bool {
    !slug.is_empty()
        && slug.len() <= 64
        && slug.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

pub fn is_allowed_host(host: &str) -> bool {
    ALLOWED_HOSTS.contains(&host)
}

pub fn is_allowed_url(raw: &str) -> bool {
    match Url::parse(raw) {
        Ok(url) => url.scheme() == "https" && url.host_str().map_or(false, is_allowed_host),
        Err(_) => false,
    }
}
