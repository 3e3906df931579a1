//! `gametree serve`: the local playground. A page to type or paste a tree
//! and see its web page at once, and an API that answers with exactly the
//! JSON of `solve --json`, `trace --json` and `check --json`.
//!
//! Each request is turned into the command line it stands for and run by
//! the subcommand's own function on the request's text ([`api`]): the
//! server shares the command line's code, flags, checks and messages, and
//! adds only limits. Only the playground's own page may use it ([`guard`]),
//! and connections are capped and timed ([`connections`]).

mod api;
mod connections;
mod csp;
mod guard;
mod stops;

use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use clap::Args;
use tokio::sync::Semaphore;

use super::{CliError, signals};
use api::{ApiError, Endpoint, QueryResult, Server};
use guard::{Guard, Hosts};

/// Arguments of `gametree serve`.
#[derive(Debug, Args)]
pub(super) struct ServeArgs {
    /// The port to listen on; 0 picks a free one (the address is printed
    /// when the server starts).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. Loopback by default: any other lets other
    /// machines use the server, which has no authentication.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Another name the server answers to (a request's `Host` and `Origin`
    /// must name it): by default only localhost, 127.0.0.1, [::1] and the
    /// address it is bound to, with its port. Repeat for more names.
    #[arg(long, value_name = "NAME")]
    allow_host: Vec<String>,
    /// Refuse trees of more nodes than this (a request's `max-nodes` may
    /// only lower it).
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    max_nodes: usize,
    /// Draw pages of at most this many nodes (a request's `max-draw-nodes`
    /// may only lower it).
    #[arg(long, value_name = "N", default_value_t = 2000)]
    max_draw_nodes: usize,
    /// Refuse request bodies of more bytes than this.
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    max_bytes: usize,
    /// Refuse to answer with more bytes than this (a page, a trace).
    #[arg(long, value_name = "BYTES", default_value_t = 16 << 20)]
    max_answer_bytes: usize,
    /// Answer 503 when a request is not done after this many seconds
    /// (waiting for its turn included).
    #[arg(long, value_name = "SECONDS", default_value_t = 10)]
    time_limit: u64,
    /// Run at most this many searches at once; later requests wait their
    /// turn, within the time limit.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..))]
    max_searches: u16,
    /// Keep at most this many connections open; past it, a new one is
    /// answered 503 and closed.
    #[arg(long, value_name = "N", default_value_t = 512, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_connections: u32,
    /// Close a connection that has not sent a request's whole head this
    /// many seconds after it opened (or after its previous answer).
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = seconds)]
    header_timeout: Duration,
    /// Close a connection whose client has taken nothing of its answer
    /// for this many seconds.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = seconds)]
    send_timeout: Duration,
    /// Answer 408 and close a connection whose request's body has not
    /// all arrived this many seconds after its head.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = seconds)]
    body_timeout: Duration,
    /// On SIGTERM, SIGINT or SIGHUP, give the requests under way this many
    /// seconds to finish before exiting (a second signal exits at once).
    #[arg(long, value_name = "SECONDS", default_value = "5", value_parser = seconds)]
    grace: Duration,
}

/// A number of seconds, fractions allowed: from 0.01 to a day.
fn seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.01..=86_400.0).contains(&s) => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!(
            "a number of seconds from 0.01 to 86400, not `{}`",
            text.escape_debug()
        )),
    }
}

/// The routes: the playground page, its script and style, and the API;
/// every request goes through the guard first.
fn routes(server: Server, guard: Arc<Guard>) -> Router {
    macro_rules! endpoint {
        ($endpoint:expr) => {
            post(
                |State(server): State<Server>,
                 query: QueryResult,
                 headers: HeaderMap,
                 body: Body| async move { server.answer($endpoint, query, headers, body).await },
            )
        };
    }
    let file = |content_type: &'static str, text: &'static str| {
        get(move || async move { ([(header::CONTENT_TYPE, content_type)], text) })
    };
    Router::new()
        .route("/", get(playground))
        .route(
            "/playground.js",
            file("text/javascript; charset=utf-8", super::playground::SCRIPT),
        )
        .route(
            "/playground.css",
            file("text/css; charset=utf-8", super::playground::STYLE),
        )
        .route("/api/solve", endpoint!(Endpoint::Solve))
        .route("/api/trace", endpoint!(Endpoint::Trace))
        .route("/api/check", endpoint!(Endpoint::Check))
        .route("/api/page", endpoint!(Endpoint::Page))
        .fallback(|| async {
            ApiError::status(
                StatusCode::NOT_FOUND,
                "no such page: the playground is at /, the API at /api/solve, /api/trace, \
                 /api/check and /api/page"
                    .to_string(),
            )
        })
        .method_not_allowed_fallback(|| async {
            ApiError::status(
                StatusCode::METHOD_NOT_ALLOWED,
                "the page is read with GET, the API is sent with POST".to_string(),
            )
        })
        .layer(axum::middleware::from_fn_with_state(guard, guard::guard))
        .with_state(server)
}

/// The playground page.
async fn playground() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        super::playground::page(),
    )
}

/// The Content-Security-Policy of every answer: the playground's own files,
/// and the inline script and style of the pages the API makes, which the
/// sandboxed frame showing them inherits the policy of.
fn policy(server: &Server) -> Result<HeaderValue, CliError> {
    let page = server.sample_page().map_err(|e| {
        CliError::BadInput(format!(
            "cannot make a page to read its scripts from: {}",
            e.message()
        ))
    })?;
    HeaderValue::from_str(&csp::policy(&csp::Inline::of(&page)))
        .map_err(|e| CliError::BadInput(format!("the Content-Security-Policy: {e}")))
}

/// Serves until SIGINT, SIGTERM or SIGHUP, then stops accepting, gives the
/// requests under way the grace period, and returns 128 + the signal's
/// number (a second signal exits at once).
pub(super) fn run_server(args: &ServeArgs, out: &mut impl Write) -> Result<u8, CliError> {
    if !args.bind.is_loopback() {
        super::streams::tell(format_args!(
            "warning: listening on {}, which other machines can reach: anyone who can reach it \
             can run searches (there is no authentication)",
            args.bind
        ));
    }
    let (stopping, stop) = tokio::sync::watch::channel(None);
    signals::install_stopping(move |signal| {
        let _ = stopping.send(Some(signal));
    });
    let server = Server {
        max_nodes: args.max_nodes,
        max_draw_nodes: args.max_draw_nodes,
        max_answer_bytes: args.max_answer_bytes,
        max_bytes: args.max_bytes,
        body_timeout: args.body_timeout,
        time_limit: Duration::from_secs(args.time_limit.max(1)),
        turns: Arc::new(Semaphore::new(usize::from(args.max_searches))),
        stops: Arc::new(stops::Stops::new(usize::from(args.max_searches))),
    };
    let policy = policy(&server)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(CliError::Output)?;
    let served = runtime.block_on(async {
        let address = SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| CliError::BadInput(format!("cannot listen on {address}: {e}")))?;
        let local = listener.local_addr().map_err(CliError::Output)?;
        let guard = Arc::new(Guard {
            hosts: Hosts::new(args.bind, local.port(), &args.allow_host),
            max_bytes: args.max_bytes,
            policy,
        });
        writeln!(
            out,
            "gametree serve: the playground is at http://{local}/ (Ctrl-C stops it)"
        )?;
        out.flush()?;
        let limits = connections::Limits {
            max_connections: args.max_connections as usize,
            header_timeout: args.header_timeout,
            send_timeout: args.send_timeout,
            grace: args.grace,
        };
        let signal = connections::serve(listener, routes(server, guard), limits, stop).await;
        writeln!(out, "gametree serve: stopped ({})", signals::name(signal))?;
        out.flush()?;
        Ok(signals::exit_code(signal))
    });
    // Searches that outlived their requests are not waited for.
    runtime.shutdown_background();
    served
}
