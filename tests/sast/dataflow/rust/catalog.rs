//! Feed addresses: a client names a feed, or (for the legacy endpoint) sends its address.

pub fn normalize_url(raw: &str) -> String {
    let rest = raw.trim().trim_start_matches("https://").trim_start_matches("http://");
    format!("https://{}", rest)
}

pub fn feed_url(name: &str) -> &'static str {
    match name {
        "releases" => "https://feeds.example.com/releases.xml",
        "security" => "https://feeds.example.com/security.xml",
        _ => "https://feeds.example.com/news.xml",
    }
}
