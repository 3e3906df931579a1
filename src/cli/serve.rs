//! `gametree serve`: the local playground. A page to type or paste a tree
//! and see its web page at once, and an API that answers with exactly the
//! JSON of `solve --json`, `trace --json` and `check --json`.
//!
//! Each request is turned into the command line it stands for (the query's
//! names are the flags' names) and parsed by the command line's own parser,
//! then run by the subcommand's own function on the request's text: the
//! server shares the command line's code, flags, checks and messages, and
//! adds only limits.

use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use clap::{Args, Parser};
use serde_json::json;
use tokio::sync::Semaphore;

use super::input::Input;
use super::{Cli, CliError, Command, SearchArgs, check, render, solve, trace};

/// The name a request's tree has in messages: `tree:3:5: ...`.
const TREE_NAME: &str = "tree";

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
    /// Refuse trees of more nodes than this (a request's `max-nodes` may
    /// only lower it).
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    max_nodes: usize,
    /// Refuse request bodies of more bytes than this.
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    max_bytes: usize,
    /// Answer 503 when a request is not done after this many seconds
    /// (waiting for its turn included).
    #[arg(long, value_name = "SECONDS", default_value_t = 10)]
    time_limit: u64,
    /// Run at most this many searches at once; later requests wait their
    /// turn, within the time limit.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..))]
    max_searches: u16,
}

/// What every request shares: the limits and the searches' turns.
#[derive(Clone)]
struct Server {
    max_nodes: usize,
    time_limit: Duration,
    turns: Arc<Semaphore>,
}

/// The requests the API answers, each standing for a subcommand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Endpoint {
    Solve,
    Trace,
    Check,
    Page,
}

/// The query names every endpoint takes: the search's flags.
const SEARCH_FLAGS: &[&str] = &[
    "algo",
    "depth",
    "order",
    "iterative",
    "strict",
    "fail-hard",
    "max-nodes",
    "threads",
    "split-depth",
    "young-brothers",
    "width",
];

impl Endpoint {
    /// The subcommand, and the flags that ask for JSON (or the page).
    fn command(self) -> (&'static str, &'static [&'static str]) {
        match self {
            Endpoint::Solve => ("solve", &["--json"]),
            Endpoint::Trace => ("trace", &["--json"]),
            Endpoint::Check => ("check", &["--format", "json"]),
            Endpoint::Page => ("render", &["--format", "html"]),
        }
    }

    /// The query names this endpoint takes besides the search's flags:
    /// none that reads or writes a file.
    fn own_flags(self) -> &'static [&'static str] {
        match self {
            Endpoint::Solve => &["stats", "simulate"],
            Endpoint::Trace => &["simulate"],
            Endpoint::Check => &["explain", "claims"],
            Endpoint::Page => &[
                "quiz",
                "style",
                "labels",
                "windows",
                "visit-order",
                "provisional",
                "node-types",
                "draw-depth",
                "max-draw-nodes",
            ],
        }
    }

    /// The command line the request stands for: `gametree solve tree
    /// --json --algo=minimax --strict`. A query value `true` is the flag
    /// alone and `false` leaves it out.
    fn argv(self, query: &[(String, String)]) -> Result<Vec<String>, ApiError> {
        let (command, output) = self.command();
        let mut argv: Vec<String> = ["gametree", command, TREE_NAME]
            .iter()
            .chain(output)
            .map(|s| s.to_string())
            .collect();
        for (name, value) in query {
            let flag = name.replace('_', "-");
            if !SEARCH_FLAGS.contains(&flag.as_str()) && !self.own_flags().contains(&flag.as_str())
            {
                return Err(ApiError::usage(format!(
                    "unknown query parameter `{name}` for /api/{}: it takes {}",
                    self.path(),
                    SEARCH_FLAGS
                        .iter()
                        .chain(self.own_flags())
                        .copied()
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
            match value.as_str() {
                "true" | "" => argv.push(format!("--{flag}")),
                "false" => {}
                value => argv.push(format!("--{flag}={value}")),
            }
        }
        Ok(argv)
    }

    fn path(self) -> &'static str {
        match self {
            Endpoint::Solve => "solve",
            Endpoint::Trace => "trace",
            Endpoint::Check => "check",
            Endpoint::Page => "page",
        }
    }
}

/// A request refused: its status and the JSON body `{error, line, column}`.
#[derive(Debug)]
struct ApiError {
    status: StatusCode,
    error: String,
    line: Option<usize>,
    column: Option<usize>,
}

impl ApiError {
    fn usage(error: String) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            error,
            line: None,
            column: None,
        }
    }

    fn status(status: StatusCode, error: String) -> ApiError {
        ApiError {
            status,
            ..ApiError::usage(error)
        }
    }

    /// The command line's error. Its message about the tree starts with
    /// `tree:LINE:COLUMN:` when it has a place, which is read back.
    fn from_cli(error: CliError) -> ApiError {
        match error {
            CliError::BadInput(message) => {
                let (line, column) = place(&message).unzip();
                ApiError {
                    line,
                    column,
                    ..ApiError::usage(message)
                }
            }
            CliError::Output(e) => {
                ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
            }
        }
    }
}

/// The line and column a message about the request's tree starts with.
fn place(message: &str) -> Option<(usize, usize)> {
    let rest = message.strip_prefix(TREE_NAME)?.strip_prefix(':')?;
    let mut parts = rest.splitn(3, ':');
    let line = parts.next()?.parse().ok()?;
    let column = parts.next()?.parse().ok()?;
    Some((line, column))
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({"error": self.error, "line": self.line, "column": self.column});
        (self.status, axum::Json(body)).into_response()
    }
}

/// The body of `/api/check`.
#[derive(serde::Deserialize)]
struct CheckBody {
    /// The tree file's text.
    tree: String,
    /// An answer file's text (`expect` lines); without it, the tree file's
    /// own `expect` lines are checked.
    answers: Option<String>,
}

/// An answer: its content type and body.
type Answer = (&'static str, Vec<u8>);

/// Runs one request's command line on its texts, as the command line runs
/// it on files.
fn run(
    argv: Vec<String>,
    tree: String,
    answers: Option<String>,
    max_nodes: usize,
) -> Result<Answer, ApiError> {
    let cli = Cli::try_parse_from(argv).map_err(|e| ApiError::usage(e.to_string()))?;
    let mut out = Vec::new();
    let failed = ApiError::from_cli;
    let json = "application/json";
    match cli.command {
        Command::Solve(mut args) => {
            args.search.take_parallel(&args.parallel);
            let input = limited(&mut args.search, tree, max_nodes)?;
            solve::solve_input(input, &args, &mut out).map_err(failed)?;
        }
        Command::Trace(mut args) => {
            args.search.take_parallel(&args.parallel);
            let input = limited(&mut args.search, tree, max_nodes)?;
            trace::trace_input(&input, &args, &mut out).map_err(failed)?;
        }
        Command::Check(mut args) => {
            args.search.take_parallel(&args.parallel);
            // Read first for its error's place; check reads it again.
            limited(&mut args.search, tree.clone(), max_nodes)?;
            let mut files = vec![(format!("{TREE_NAME}.tree"), tree)];
            files.extend(answers.map(|text| ("answers".to_string(), text)));
            check::run_texts(&args, files, &mut out).map_err(failed)?;
        }
        Command::Render(mut args) => {
            args.search.take_parallel(&args.parallel);
            let mut input = limited(&mut args.search, tree, max_nodes)?;
            let page = render::page_of(&args, &mut input).map_err(failed)?;
            return Ok(("text/html; charset=utf-8", page.into_bytes()));
        }
        _ => return Err(ApiError::usage("not a request of the API".to_string())),
    }
    out.flush().map_err(|e| failed(CliError::Output(e)))?;
    Ok((json, out))
}

/// Applies the server's limits to a request's search (its node limit may
/// only lower the server's; its threads at most the machine's cores), and
/// reads its tree.
fn limited(search: &mut SearchArgs, tree: String, max_nodes: usize) -> Result<Input, ApiError> {
    search.max_nodes = Some(search.max_nodes.map_or(max_nodes, |n| n.min(max_nodes)));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if let Some(threads) = search.parallel.threads {
        search.parallel.threads = Some(threads.min(cores.try_into().unwrap_or(u16::MAX)));
    }
    Input::parse(TREE_NAME, tree, search).map_err(ApiError::from_cli)
}

impl Server {
    /// Answers one API request: waits for a turn, runs it on a thread of
    /// its own, and gives up after the time limit.
    async fn answer(
        &self,
        endpoint: Endpoint,
        query: Result<Query<Vec<(String, String)>>, axum::extract::rejection::QueryRejection>,
        body: Bytes,
    ) -> Response {
        match self.try_answer(endpoint, query, body).await {
            Ok((content_type, body)) => {
                ([(header::CONTENT_TYPE, content_type)], body).into_response()
            }
            Err(error) => error.into_response(),
        }
    }

    async fn try_answer(
        &self,
        endpoint: Endpoint,
        query: Result<Query<Vec<(String, String)>>, axum::extract::rejection::QueryRejection>,
        body: Bytes,
    ) -> Result<Answer, ApiError> {
        let Query(query) = query.map_err(|e| ApiError::usage(e.body_text()))?;
        let argv = endpoint.argv(&query)?;
        let (tree, answers) = texts(endpoint, body)?;
        let busy = || {
            ApiError::status(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the server is busy: no search could start within its time limit of {} s",
                    self.time_limit.as_secs()
                ),
            )
        };
        let started = tokio::time::Instant::now();
        let turn = tokio::time::timeout(self.time_limit, self.turns.clone().acquire_owned())
            .await
            .map_err(|_| busy())?
            .map_err(|_| busy())?;
        let max_nodes = self.max_nodes;
        let job = tokio::task::spawn_blocking(move || {
            // The turn ends when the search does, even after its request
            // has been answered that it took too long.
            let _turn = turn;
            run(argv, tree, answers, max_nodes)
        });
        let left = self.time_limit.saturating_sub(started.elapsed());
        match tokio::time::timeout(left, job).await {
            Err(_) => Err(ApiError::status(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the request took longer than the server's time limit of {} s",
                    self.time_limit.as_secs()
                ),
            )),
            Ok(Err(e)) => Err(ApiError::status(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the request failed: {e}"),
            )),
            Ok(Ok(answer)) => answer,
        }
    }
}

/// The request's texts: the body for a tree; for `/api/check`, the JSON
/// object `{"tree": ..., "answers": ...}`.
fn texts(endpoint: Endpoint, body: Bytes) -> Result<(String, Option<String>), ApiError> {
    if endpoint == Endpoint::Check {
        let body: CheckBody = serde_json::from_slice(&body).map_err(|e| {
            ApiError::usage(format!(
                "/api/check takes a JSON object {{\"tree\": TEXT, \"answers\": TEXT}}: {e}"
            ))
        })?;
        return Ok((body.tree, body.answers));
    }
    let text = String::from_utf8(body.to_vec()).map_err(|e| {
        ApiError::usage(format!(
            "the tree is not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    Ok((text, None))
}

/// The routes: the playground page and the API.
fn routes(server: Server, max_bytes: usize) -> Router {
    macro_rules! endpoint {
        ($endpoint:expr) => {
            post(
                |State(server): State<Server>,
                 query: Result<Query<Vec<(String, String)>>, _>,
                 body: Bytes| async move { server.answer($endpoint, query, body).await },
            )
        };
    }
    Router::new()
        .route("/", get(playground))
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
        .layer(DefaultBodyLimit::max(max_bytes))
        .with_state(server)
}

/// The playground page.
async fn playground() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        super::playground::page(),
    )
}

/// Serves until Ctrl-C (or SIGTERM), then finishes the requests under way
/// and returns.
pub(super) fn run_server(args: &ServeArgs, out: &mut impl Write) -> Result<(), CliError> {
    if !args.bind.is_loopback() {
        super::streams::tell(format_args!(
            "warning: listening on {}, which other machines can reach: anyone who can reach it \
             can run searches (there is no authentication)",
            args.bind
        ));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(CliError::Output)?;
    let server = Server {
        max_nodes: args.max_nodes,
        time_limit: Duration::from_secs(args.time_limit.max(1)),
        turns: Arc::new(Semaphore::new(usize::from(args.max_searches))),
    };
    runtime.block_on(async {
        let address = SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| CliError::BadInput(format!("cannot listen on {address}: {e}")))?;
        let local = listener.local_addr().map_err(CliError::Output)?;
        writeln!(
            out,
            "gametree serve: the playground is at http://{local}/ (Ctrl-C stops it)"
        )?;
        out.flush()?;
        axum::serve(listener, routes(server, args.max_bytes))
            .with_graceful_shutdown(stopped())
            .await
            .map_err(CliError::Output)?;
        writeln!(out, "gametree serve: stopped")?;
        Ok(())
    })
}

/// Resolves at Ctrl-C or SIGTERM.
async fn stopped() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_becomes_the_command_line_it_stands_for() {
        let query = vec![
            ("algo".to_string(), "minimax".to_string()),
            ("strict".to_string(), "true".to_string()),
            ("fail_hard".to_string(), "false".to_string()),
            ("depth".to_string(), "3".to_string()),
        ];
        let argv = Endpoint::Solve.argv(&query).unwrap();
        assert_eq!(
            argv,
            [
                "gametree",
                "solve",
                "tree",
                "--json",
                "--algo=minimax",
                "--strict",
                "--depth=3"
            ]
        );
    }

    #[test]
    fn flags_that_name_files_are_refused() {
        for name in ["key", "output", "game", "frames", "more"] {
            let query = vec![(name.to_string(), "x".to_string())];
            for endpoint in [Endpoint::Solve, Endpoint::Check, Endpoint::Page] {
                assert!(endpoint.argv(&query).is_err(), "{name} {endpoint:?}");
            }
        }
    }

    #[test]
    fn the_place_of_an_error_is_read_back() {
        assert_eq!(place("tree:3:14: expected a value"), Some((3, 14)));
        assert_eq!(place("tree: more than 10 nodes"), None);
        assert_eq!(place("trees:1:1: x"), None);
    }
}
