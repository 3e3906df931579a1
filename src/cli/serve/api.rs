//! The API: each request is turned into the command line it stands for
//! (the query's names are the flags' names), parsed by the command line's
//! own parser, then run by the subcommand's own function on the request's
//! text, on a thread of its own whose stack holds the deepest tree the
//! reader accepts.

use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use clap::Parser;
use gametree::stack::stack_bytes_for_depth;
use gametree::tree::MAX_DEPTH;
use http_body_util::{BodyExt, LengthLimitError, Limited};
use serde_json::json;
use tokio::sync::Semaphore;

use super::stops::{Lease, Stopper, Stops};
use crate::cli::input::Input;
use crate::cli::{Cli, CliError, Command, SearchArgs, check, render, solve, trace};
use gametree::search::Stop;

/// The name a request's tree has in messages: `tree:3:5: ...`.
const TREE_NAME: &str = "tree";

/// The tree language's own media type: a body of this type is the tree
/// file's text (the API's other type is `application/json`).
pub(super) const TREE_TYPE: &str = "text/x-gametree";

/// The essence of the request's `Content-Type` (`type/subtype`, lower
/// case, parameters such as `charset` left out).
pub(super) fn media_type(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(header::CONTENT_TYPE)?.to_str().ok()?;
    let essence = value.split(';').next()?.trim().to_ascii_lowercase();
    Some(essence)
}

/// What every request shares: the limits and the searches' turns.
#[derive(Clone)]
pub(super) struct Server {
    /// The most nodes a tree may have (`--max-nodes`).
    pub(super) max_nodes: usize,
    /// The most nodes a page draws (`--max-draw-nodes`).
    pub(super) max_draw_nodes: usize,
    /// The longest answer (`--max-answer-bytes`).
    pub(super) max_answer_bytes: usize,
    /// The longest body (`--max-bytes`).
    pub(super) max_bytes: usize,
    /// Time for a body to arrive (`--body-timeout`).
    pub(super) body_timeout: Duration,
    /// Time for a request, its turn included (`--time-limit`).
    pub(super) time_limit: Duration,
    /// The searches' turns (`--max-searches`).
    pub(super) turns: Arc<Semaphore>,
    /// A flag for each turn, that stops its searches at the time limit.
    pub(super) stops: Arc<Stops>,
}

/// The most numbers of processors a request's `simulate` lists: each runs
/// a whole simulation.
const MOST_SIMULATIONS: usize = 16;

/// The requests the API answers, each standing for a subcommand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Endpoint {
    /// `POST /api/solve`: `solve --json`.
    Solve,
    /// `POST /api/trace`: `trace --json`.
    Trace,
    /// `POST /api/check`: `check --format json`.
    Check,
    /// `POST /api/page`: `render --format html`.
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
    "split-min-nodes",
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
    /// alone and `false` leaves it out; a page draws at most
    /// `max_draw_nodes` nodes, whatever the query asks.
    fn argv(
        self,
        query: &[(String, String)],
        max_draw_nodes: usize,
    ) -> Result<Vec<String>, ApiError> {
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
                return Err(self.unknown(name));
            }
            match value.as_str() {
                _ if flag == "max-draw-nodes" => {}
                "true" | "" => argv.push(format!("--{flag}")),
                "false" => {}
                value => argv.push(format!("--{flag}={value}")),
            }
        }
        if self == Endpoint::Page {
            argv.push(format!(
                "--max-draw-nodes={}",
                draw_limit(query, max_draw_nodes)?
            ));
        }
        Ok(argv)
    }

    fn unknown(self, name: &str) -> ApiError {
        ApiError::usage(format!(
            "unknown query parameter `{name}` for /api/{}: it takes {}",
            self.path(),
            SEARCH_FLAGS
                .iter()
                .chain(self.own_flags())
                .copied()
                .collect::<Vec<_>>()
                .join(", ")
        ))
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

/// The nodes a page may draw: the query's `max-draw-nodes`, at most the
/// server's limit (which is also the default).
fn draw_limit(query: &[(String, String)], server: usize) -> Result<usize, ApiError> {
    let asked = query
        .iter()
        .rev()
        .find(|(name, _)| name.replace('_', "-") == "max-draw-nodes")
        .map(|(_, value)| {
            value.parse::<usize>().map_err(|_| {
                ApiError::usage(format!(
                    "max-draw-nodes takes a number of nodes, not `{}`",
                    gametree::text::quoted(value).escape_debug()
                ))
            })
        })
        .transpose()?;
    Ok(asked.map_or(server, |n| n.min(server)))
}

/// A request refused: its status and the JSON body `{error, line, column}`.
#[derive(Debug)]
pub(super) struct ApiError {
    status: StatusCode,
    error: String,
    line: Option<usize>,
    column: Option<usize>,
    /// Close the connection after the answer (the rest of the request
    /// may not have been read).
    close: bool,
}

impl ApiError {
    /// A request the command line would refuse: 400.
    pub(super) fn usage(error: String) -> ApiError {
        ApiError::status(StatusCode::BAD_REQUEST, error)
    }

    /// A refusal with its status.
    pub(super) fn status(status: StatusCode, error: String) -> ApiError {
        ApiError {
            status,
            error,
            line: None,
            column: None,
            close: false,
        }
    }

    /// The message.
    pub(super) fn message(&self) -> &str {
        &self.error
    }

    /// The same refusal, closing the connection after it.
    pub(super) fn closing(self) -> ApiError {
        ApiError {
            close: true,
            ..self
        }
    }

    /// The command line's error. Its message about the tree starts with
    /// `tree:LINE:COLUMN:` when it has a place, which is read back.
    fn from_cli(error: CliError, max_answer_bytes: usize) -> ApiError {
        match error {
            CliError::BadInput(message) => {
                let (line, column) = place(&message).unzip();
                ApiError {
                    line,
                    column,
                    ..ApiError::usage(message)
                }
            }
            CliError::Output(e) if e.get_ref().is_some_and(|e| e.is::<TooLarge>()) => {
                ApiError::usage(format!(
                    "the answer would be more than {max_answer_bytes} bytes, the server's limit \
                     (--max-answer-bytes): ask for less (a smaller tree, a lower max-draw-nodes \
                     or draw-depth, no quiz)"
                ))
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
        let mut response = (self.status, axum::Json(body)).into_response();
        if self.close {
            response.headers_mut().insert(
                header::CONNECTION,
                header::HeaderValue::from_static("close"),
            );
        }
        response
    }
}

/// The JSON body every endpoint takes.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Texts {
    /// The tree file's text.
    tree: String,
    /// An answer file's text (`expect` lines), for `/api/check`; without
    /// it, the tree file's own `expect` lines are checked.
    answers: Option<String>,
}

/// An answer: its content type and body.
type Answer = (&'static str, Vec<u8>);

/// The output of a request, refused past the server's limit: writing past
/// it fails with [`TooLarge`], which stops the command.
struct Capped {
    bytes: Vec<u8>,
    cap: usize,
}

/// The error a [`Capped`] output fails with.
#[derive(Debug, thiserror::Error)]
#[error("the answer is larger than the server's limit")]
struct TooLarge;

impl Write for Capped {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.bytes.len() + buf.len() > self.cap {
            return Err(std::io::Error::other(TooLarge));
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A request's work: its command line and texts, and the server's limits.
struct Work {
    argv: Vec<String>,
    tree: String,
    answers: Option<String>,
    max_nodes: usize,
    max_answer_bytes: usize,
    /// What stops its searches, once its time is up.
    stop: Option<Stop>,
}

impl Work {
    /// Runs the request's command line on its texts, as the command line
    /// runs it on files.
    fn run(self) -> Result<Answer, ApiError> {
        let max_answer_bytes = self.max_answer_bytes;
        let failed = |e| ApiError::from_cli(e, max_answer_bytes);
        let cli = Cli::try_parse_from(self.argv).map_err(|e| ApiError::usage(e.to_string()))?;
        let mut out = Capped {
            bytes: Vec::new(),
            cap: max_answer_bytes,
        };
        let (tree, max_nodes) = (self.tree, self.max_nodes);
        let limits = (max_nodes, self.stop);
        match cli.command {
            Command::Solve(mut args) => {
                args.search.take_parallel(&args.parallel);
                few_simulations(&args.simulate.simulate)?;
                let input = limited(&mut args.search, tree, limits)?;
                solve::solve_input(input, &args, &mut out).map_err(failed)?;
            }
            Command::Trace(mut args) => {
                args.search.take_parallel(&args.parallel);
                let input = limited(&mut args.search, tree, limits)?;
                trace::trace_input(&input, &args, &mut out).map_err(failed)?;
            }
            Command::Check(mut args) => {
                args.search.take_parallel(&args.parallel);
                // Read first for its error's place; check reads it again.
                limited(&mut args.search, tree.clone(), limits)?;
                let mut files = vec![(format!("{TREE_NAME}.tree"), tree)];
                files.extend(self.answers.map(|text| ("answers".to_string(), text)));
                check::run_texts(&args, files, &mut out).map_err(failed)?;
            }
            Command::Render(mut args) => {
                args.search.take_parallel(&args.parallel);
                let mut input = limited(&mut args.search, tree, limits)?;
                let page = render::page_of(&args, &mut input).map_err(failed)?;
                out.write_all(page.as_bytes())
                    .map_err(|e| failed(CliError::Output(e)))?;
                return Ok(("text/html; charset=utf-8", out.bytes));
            }
            _ => return Err(ApiError::usage("not a request of the API".to_string())),
        }
        Ok(("application/json", out.bytes))
    }
}

/// Refuses a `simulate` list longer than [`MOST_SIMULATIONS`], or one that
/// names a number of processors twice.
fn few_simulations(processors: &[u16]) -> Result<(), ApiError> {
    if processors.len() > MOST_SIMULATIONS {
        return Err(ApiError::usage(format!(
            "simulate lists {} numbers of processors: the server simulates at most \
             {MOST_SIMULATIONS} in one request",
            processors.len()
        )));
    }
    let twice = processors
        .iter()
        .enumerate()
        .find(|(at, p)| processors[..*at].contains(p));
    match twice {
        Some((_, p)) => Err(ApiError::usage(format!(
            "simulate lists {p} processors twice: list each number once"
        ))),
        None => Ok(()),
    }
}

/// Applies the server's limits to a request's search (its node limit may
/// only lower the server's; its threads at most the machine's cores; its
/// stop, the server's), and reads its tree.
fn limited(
    search: &mut SearchArgs,
    tree: String,
    (max_nodes, stop): (usize, Option<Stop>),
) -> Result<Input, ApiError> {
    search.stop = stop;
    search.max_nodes = Some(search.max_nodes.map_or(max_nodes, |n| n.min(max_nodes)));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if let Some(threads) = search.parallel.threads {
        search.parallel.threads = Some(threads.min(cores.try_into().unwrap_or(u16::MAX)));
    }
    Input::parse(TREE_NAME, tree, search).map_err(|e| ApiError::from_cli(e, 0))
}

/// A request's query, as axum reads it.
pub(super) type QueryResult = Result<Query<Vec<(String, String)>>, QueryRejection>;

impl Server {
    /// The page of a small tree, made as a request's is (for the scripts
    /// every page carries).
    pub(super) fn sample_page(&self) -> Result<String, ApiError> {
        let work = Work {
            argv: Endpoint::Page.argv(&[], self.max_draw_nodes)?,
            tree: "[[3 12 8] [2 4 6]]".to_string(),
            answers: None,
            max_nodes: self.max_nodes,
            max_answer_bytes: self.max_answer_bytes,
            stop: None,
        };
        let (_, page) = work.run()?;
        Ok(String::from_utf8_lossy(&page).into_owned())
    }

    /// Answers one API request: reads its body within the body timeout,
    /// waits for a turn, runs it on a thread of its own, and gives up
    /// after the time limit.
    pub(super) async fn answer(
        &self,
        endpoint: Endpoint,
        query: QueryResult,
        headers: HeaderMap,
        body: Body,
    ) -> Response {
        match self.try_answer(endpoint, query, &headers, body).await {
            Ok((content_type, body)) => {
                ([(header::CONTENT_TYPE, content_type)], body).into_response()
            }
            Err(error) => error.into_response(),
        }
    }

    async fn try_answer(
        &self,
        endpoint: Endpoint,
        query: QueryResult,
        headers: &HeaderMap,
        body: Body,
    ) -> Result<Answer, ApiError> {
        let Query(query) = query.map_err(|e| ApiError::usage(e.body_text()))?;
        let argv = endpoint.argv(&query, self.max_draw_nodes)?;
        let body = self.read_body(body).await?;
        let (tree, answers) = texts(endpoint, headers, &body)?;
        let work = Work {
            argv,
            tree,
            answers,
            max_nodes: self.max_nodes,
            max_answer_bytes: self.max_answer_bytes,
            stop: None,
        };
        self.run_in_turn(work).await
    }

    /// The request's body, read within the body timeout and at most
    /// `max_bytes` long (a chunked body has no length to refuse up front).
    async fn read_body(&self, body: Body) -> Result<Bytes, ApiError> {
        let read = Limited::new(body, self.max_bytes).collect();
        match tokio::time::timeout(self.body_timeout, read).await {
            Err(_) => Err(ApiError::status(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request's body did not arrive within {} s (--body-timeout)",
                    self.body_timeout.as_secs_f64()
                ),
            )
            .closing()),
            Ok(Err(e)) if e.is::<LengthLimitError>() => Err(too_large(self.max_bytes)),
            Ok(Err(e)) => {
                Err(ApiError::usage(format!("the request's body could not be read: {e}")).closing())
            }
            Ok(Ok(collected)) => Ok(collected.to_bytes()),
        }
    }

    /// Waits for a turn within the time limit, then runs `work` on a thread
    /// whose stack holds a tree [`MAX_DEPTH`] levels deep (the searches,
    /// the reader and the views all recurse once per level).
    async fn run_in_turn(&self, mut work: Work) -> Result<Answer, ApiError> {
        let seconds = self.time_limit.as_secs_f64();
        let busy = || {
            ApiError::status(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the server is busy: no search could start within its time limit of {seconds} s"
                ),
            )
        };
        let started = tokio::time::Instant::now();
        let turn = tokio::time::timeout(self.time_limit, self.turns.clone().acquire_owned())
            .await
            .map_err(|_| busy())?
            .map_err(|_| busy())?;
        let lease = self.stops.lend();
        work.stop = lease.as_ref().map(Lease::stop);
        let stopper = lease.as_ref().map(Lease::stopper);
        let (sender, receiver) = tokio::sync::oneshot::channel();
        std::thread::Builder::new()
            .name("gametree-request".to_string())
            .stack_size(stack_bytes_for_depth(MAX_DEPTH))
            .spawn(move || {
                // The turn ends when the work does, even after its request
                // has been answered that it took too long.
                let (_turn, _lease) = (turn, lease);
                let _ = sender.send(work.run());
            })
            .map_err(|e| {
                ApiError::status(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!("the server cannot start a thread for the request: {e}"),
                )
            })?;
        let left = self.time_limit.saturating_sub(started.elapsed());
        match tokio::time::timeout(left, receiver).await {
            Err(_) => {
                // Its searches stop at the next node, and its turn comes back.
                stopper.iter().for_each(Stopper::stop);
                Err(ApiError::status(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!("the request took longer than the server's time limit of {seconds} s"),
                ))
            }
            Ok(Err(_)) => Err(ApiError::status(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the request failed".to_string(),
            )),
            Ok(Ok(answer)) => answer,
        }
    }
}

/// The refusal of a body longer than `max_bytes`: 413.
pub(super) fn too_large(max_bytes: usize) -> ApiError {
    ApiError::status(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("the request's body is larger than the server's limit of {max_bytes} bytes (--max-bytes)"),
    )
    .closing()
}

/// The request's texts: a JSON object `{"tree": ..., "answers": ...}`, or
/// (except for `/api/check`) the tree file's text itself.
fn texts(
    endpoint: Endpoint,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<(String, Option<String>), ApiError> {
    if media_type(headers).as_deref() == Some(TREE_TYPE) {
        if endpoint == Endpoint::Check {
            return Err(ApiError::status(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                format!(
                    "/api/check takes a JSON object {{\"tree\": TEXT, \"answers\": TEXT}} \
                     (Content-Type: application/json), not {TREE_TYPE}"
                ),
            ));
        }
        let text = String::from_utf8(body.to_vec()).map_err(|e| {
            ApiError::usage(format!(
                "the tree is not UTF-8 text (byte {})",
                e.utf8_error().valid_up_to()
            ))
        })?;
        return Ok((text, None));
    }
    let texts: Texts = serde_json::from_slice(body).map_err(|e| {
        let fields = match endpoint {
            Endpoint::Check => "{\"tree\": TEXT, \"answers\": TEXT}",
            _ => "{\"tree\": TEXT}",
        };
        ApiError::usage(format!(
            "/api/{} takes a JSON object {fields}: {e}",
            endpoint.path()
        ))
    })?;
    if texts.answers.is_some() && endpoint != Endpoint::Check {
        return Err(ApiError::usage(format!(
            "/api/{} takes no answers: only /api/check grades them",
            endpoint.path()
        )));
    }
    Ok((texts.tree, texts.answers))
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
        let argv = Endpoint::Solve.argv(&query, 2000).unwrap();
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
    fn a_page_draws_at_most_the_server_s_nodes() {
        let asked = |n: &str| vec![("max-draw-nodes".to_string(), n.to_string())];
        let last =
            |query: &[(String, String)]| Endpoint::Page.argv(query, 500).unwrap().last().cloned();
        assert_eq!(last(&[]).unwrap(), "--max-draw-nodes=500");
        assert_eq!(last(&asked("100000")).unwrap(), "--max-draw-nodes=500");
        assert_eq!(last(&asked("20")).unwrap(), "--max-draw-nodes=20");
        assert!(Endpoint::Page.argv(&asked("many"), 500).is_err());
    }

    #[test]
    fn flags_that_name_files_are_refused() {
        for name in ["key", "output", "game", "frames", "more"] {
            let query = vec![(name.to_string(), "x".to_string())];
            for endpoint in [Endpoint::Solve, Endpoint::Check, Endpoint::Page] {
                assert!(endpoint.argv(&query, 10).is_err(), "{name} {endpoint:?}");
            }
        }
    }

    #[test]
    fn the_place_of_an_error_is_read_back() {
        assert_eq!(place("tree:3:14: expected a value"), Some((3, 14)));
        assert_eq!(place("tree: more than 10 nodes"), None);
        assert_eq!(place("trees:1:1: x"), None);
    }

    #[test]
    fn output_past_the_cap_fails_and_keeps_what_fit() {
        let mut out = Capped {
            bytes: Vec::new(),
            cap: 5,
        };
        out.write_all(b"abc").unwrap();
        let error = out.write_all(b"def").unwrap_err();
        assert!(error.get_ref().unwrap().is::<TooLarge>());
        assert_eq!(out.bytes, b"abc");
    }
}
