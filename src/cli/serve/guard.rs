//! What a request must be before the server looks at it: addressed to the
//! server by one of its own names (`Host`, against DNS rebinding), sent by
//! the playground's own page or by no page at all (`Origin`), of a type no
//! page on another origin can send without asking first (`Content-Type`),
//! and small enough (the target, the head, `Content-Length`). And the
//! headers every answer carries: the Content-Security-Policy and the
//! others that keep the playground's page to itself.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::api::{ApiError, TREE_TYPE, media_type, too_large};

/// The longest request target (path and query) answered.
const MAX_TARGET: usize = 8 * 1024;
/// The most header bytes (names and values) answered.
pub(super) const MAX_HEADER_BYTES: usize = 16 * 1024;
/// The most header lines answered.
pub(super) const MAX_HEADERS: usize = 100;

/// The IP address of the server that a connection reached (its local
/// address), set on each request.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reached(pub(super) Option<IpAddr>);

/// The names the server answers to: the loopback names, the address it
/// is bound to, the address each connection reached, and the names given
/// with `--allow-host`, each with the server's port.
#[derive(Clone, Debug)]
pub(super) struct Hosts {
    names: Vec<String>,
    port: u16,
}

impl Hosts {
    /// The names of a server bound to `bind` and listening on `port`.
    pub(super) fn new(bind: IpAddr, port: u16, allowed: &[String]) -> Hosts {
        let mut names: Vec<String> = ["localhost", "127.0.0.1", "[::1]"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        if !bind.is_unspecified() {
            names.push(host_of(bind));
        }
        names.extend(allowed.iter().map(|name| name.to_ascii_lowercase()));
        Hosts { names, port }
    }

    /// Whether `authority` (`host` or `host:port`) names this server, for
    /// a connection that reached it at `reached`. Without a port, the
    /// server's must be 80.
    pub(super) fn allows(&self, authority: &str, reached: Option<IpAddr>) -> bool {
        let Some((host, port)) = split_authority(authority) else {
            return false;
        };
        if port.unwrap_or(80) != self.port {
            return false;
        }
        let host = host.to_ascii_lowercase();
        self.names.contains(&host) || reached.is_some_and(|ip| host_of(ip) == host)
    }
}

/// An address as a `Host` header writes it (IPv6 in brackets).
fn host_of(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => format!("[{v6}]"),
        },
    }
}

/// `host:port` split, the port parsed (`None` when absent or empty).
fn split_authority(authority: &str) -> Option<(&str, Option<u16>)> {
    let (host, port) = if authority.starts_with('[') {
        let end = authority.find(']')?;
        let (host, rest) = authority.split_at(end + 1);
        (
            host,
            rest.strip_prefix(':').or(rest.is_empty().then_some(""))?,
        )
    } else {
        match authority.split_once(':') {
            Some((host, port)) => (host, port),
            None => (authority, ""),
        }
    };
    if host.is_empty() || host.contains(['@', '/', ' ']) {
        return None;
    }
    match port {
        "" => Some((host, None)),
        port if port.bytes().all(|b| b.is_ascii_digit()) => Some((host, Some(port.parse().ok()?))),
        _ => None,
    }
}

/// What every request is checked against, and what every answer carries.
pub(super) struct Guard {
    pub(super) hosts: Hosts,
    pub(super) max_bytes: usize,
    /// The Content-Security-Policy of every answer.
    pub(super) policy: HeaderValue,
}

/// Checks a request before anything reads it; refused, it is answered
/// with a JSON error and its connection closed (its body is never read).
/// Every answer gets the security headers.
pub(super) async fn guard(
    State(guard): State<Arc<Guard>>,
    request: Request,
    next: Next,
) -> Response {
    let mut response = match guard.refusal(&request) {
        Some(refusal) => {
            crate::cli::streams::tell(format_args!(
                "gametree serve: refused {} {}: {}",
                request.method(),
                shown(request.uri().path()),
                refusal.message()
            ));
            refusal.closing().into_response()
        }
        None => next.run(request).await,
    };
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, guard.policy.clone());
    for (name, value) in [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            HeaderName::from_static("cross-origin-resource-policy"),
            "same-origin",
        ),
        (header::CACHE_CONTROL, "no-store"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// The headers a request may give once only: with two, the one checked
/// might not be the one another reader of the request takes.
const GIVEN_ONCE: [header::HeaderName; 4] = [
    header::HOST,
    header::ORIGIN,
    header::CONTENT_TYPE,
    header::CONTENT_LENGTH,
];

/// A path as a message shows it: at most 100 characters, no control
/// characters.
fn shown(path: &str) -> String {
    let short: String = path.chars().take(100).collect();
    short.escape_debug().to_string()
}

impl Guard {
    /// Why the request is refused, if it is.
    fn refusal(&self, request: &Request) -> Option<ApiError> {
        let headers = request.headers();
        let reached = request.extensions().get::<Reached>().and_then(|r| r.0);
        let target = request
            .uri()
            .path_and_query()
            .map_or(0, |p| p.as_str().len());
        if target > MAX_TARGET {
            return Some(ApiError::status(
                StatusCode::URI_TOO_LONG,
                format!("the request's target is longer than {MAX_TARGET} bytes"),
            ));
        }
        let head: usize = headers
            .iter()
            .map(|(name, value)| name.as_str().len() + value.len() + 4)
            .sum();
        if head > MAX_HEADER_BYTES || headers.len() > MAX_HEADERS {
            return Some(ApiError::status(
                StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
                format!(
                    "the request's headers are more than {MAX_HEADER_BYTES} bytes or \
                     {MAX_HEADERS} lines"
                ),
            ));
        }
        if let Some(name) = GIVEN_ONCE
            .iter()
            .find(|n| headers.get_all(*n).iter().count() > 1)
        {
            return Some(ApiError::status(
                StatusCode::BAD_REQUEST,
                format!("the request has more than one `{name}` header"),
            ));
        }
        self.foreign(request, reached)
            .or_else(|| self.unreadable(request))
    }

    /// Why a request is not the playground's own: a `Host` (or an absolute
    /// target) that is not one of the server's names, or an `Origin` that
    /// is not the playground's.
    fn foreign(&self, request: &Request, reached: Option<IpAddr>) -> Option<ApiError> {
        let forbidden = |message: String| Some(ApiError::status(StatusCode::FORBIDDEN, message));
        let headers = request.headers();
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
        let Some(host) = host.or_else(|| request.uri().authority().map(|a| a.as_str())) else {
            return forbidden("the request has no Host header".to_string());
        };
        let authorities =
            std::iter::once(host).chain(request.uri().authority().map(|a| a.as_str()));
        for authority in authorities {
            if !self.hosts.allows(authority, reached) {
                return forbidden(format!(
                    "the request is addressed to `{}`, which is not this server's name: \
                     the playground answers to localhost, 127.0.0.1 and [::1] with its port \
                     (more with --allow-host)",
                    shown(authority)
                ));
            }
        }
        let origin = headers.get(header::ORIGIN)?;
        let own = origin
            .to_str()
            .ok()
            .and_then(|o| o.strip_prefix("http://"))
            .is_some_and(|authority| self.hosts.allows(authority, reached));
        if own {
            return None;
        }
        forbidden(format!(
            "the request comes from a page of `{}`, not from the playground's own page",
            shown(&String::from_utf8_lossy(origin.as_bytes()))
        ))
    }

    /// Why the API cannot take the request's body: a type a page on another
    /// origin could send unasked (only JSON and the tree's own type are
    /// taken), or a `Content-Length` past the limit.
    fn unreadable(&self, request: &Request) -> Option<ApiError> {
        if request.method() != Method::POST || !request.uri().path().starts_with("/api/") {
            return None;
        }
        let headers = request.headers();
        let media = media_type(headers);
        if !matches!(media.as_deref(), Some("application/json" | TREE_TYPE)) {
            return Some(ApiError::status(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                format!(
                    "the API takes Content-Type application/json (a JSON object {{\"tree\": \
                     TEXT}}) or {TREE_TYPE} (the tree's text), not {}",
                    media.map_or("none".to_string(), |m| format!("`{}`", shown(&m)))
                ),
            ));
        }
        let length = headers
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u128>().ok());
        if length.is_some_and(|n| n > self.max_bytes as u128) {
            return Some(too_large(self.max_bytes));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loopback() -> Hosts {
        Hosts::new(
            "127.0.0.1".parse().unwrap(),
            8080,
            &["box.local".to_string()],
        )
    }

    #[test]
    fn the_loopback_names_with_the_port_are_the_server_s() {
        let hosts = loopback();
        for good in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LocalHost:8080",
            "[::1]:8080",
            "box.local:8080",
        ] {
            assert!(hosts.allows(good, None), "{good}");
        }
        for bad in [
            "127.0.0.1",
            "127.0.0.1:80",
            "localhost:8081",
            "rebind.attacker.com:8080",
            "localhost.attacker.com:8080",
            "127.0.0.1:8080:8080",
            "[::1]8080",
            "user@127.0.0.1:8080",
            ":8080",
            "",
        ] {
            assert!(!hosts.allows(bad, None), "{bad}");
        }
    }

    #[test]
    fn the_address_a_connection_reached_is_the_server_s() {
        let any = Hosts::new("0.0.0.0".parse().unwrap(), 80, &[]);
        let reached = Some("192.0.2.7".parse().unwrap());
        assert!(any.allows("192.0.2.7", reached));
        assert!(any.allows("192.0.2.7:80", reached));
        assert!(!any.allows("192.0.2.8", reached));
        assert!(!any.allows("0.0.0.0", None));
        let v6 = Some("2001:db8::1".parse().unwrap());
        assert!(any.allows("[2001:db8::1]", v6));
    }
}
