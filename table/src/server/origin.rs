//! The WebSocket `Origin` rule: a connection is taken only without an `Origin` header (the app's own
//! Rust client, `briscola join`, any program) or from the app's own webview, so that a web page a
//! player happens to open cannot open connections to a table server on their network.
//!
//! Deliberately absent: a list the host can extend (no web client of the protocol exists).

use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::http::StatusCode;

/// The app's webview origins (Tauri's, on each platform).
pub const APP_ORIGINS: [&str; 3] = [
    "tauri://localhost",
    "http://tauri.localhost",
    "https://tauri.localhost",
];

/// Whether a handshake with this `Origin` header (or none) is taken.
pub fn allowed(origin: Option<&[u8]>) -> bool {
    match origin {
        None => true,
        Some(origin) => APP_ORIGINS
            .iter()
            .any(|app| app.as_bytes().eq_ignore_ascii_case(origin)),
    }
}

/// The handshake's check: `403 Forbidden` for another origin (the signature is tungstenite's
/// callback's, hence the large error).
#[allow(clippy::result_large_err)]
pub fn check(request: &Request, response: Response) -> Result<Response, ErrorResponse> {
    let origin = request.headers().get("origin").map(|v| v.as_bytes());
    if allowed(origin) {
        return Ok(response);
    }
    let mut refused = ErrorResponse::new(Some("this origin may not open table connections".into()));
    *refused.status_mut() = StatusCode::FORBIDDEN;
    Err(refused)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_no_origin_or_the_apps_own_is_taken() {
        assert!(allowed(None));
        assert!(allowed(Some(b"tauri://localhost")));
        assert!(allowed(Some(b"http://tauri.localhost")));
        assert!(allowed(Some(b"https://tauri.localhost")));
        assert!(!allowed(Some(b"https://evil.example")));
        assert!(!allowed(Some(b"null")));
        assert!(!allowed(Some(b"http://localhost")));
        assert!(!allowed(Some(b"tauri://localhost.evil.example")));
    }
}
