//! Connections: accepted up to a cap (past it, answered 503 and closed at
//! once), each served by hyper's HTTP/1 connection with a time limit on
//! reading a request's head (the body's is the API's) and on a client
//! that takes nothing of its answer, and all told to finish when the
//! server stops, within a grace period.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};

use super::guard::{MAX_HEADER_BYTES, MAX_HEADERS, Reached};

/// Connections refused past the cap that may be open at once while their
/// answer is delivered; past that, a refused connection is closed without
/// an answer.
const REFUSING: usize = 64;
/// How long a refused connection is kept to deliver its answer.
const REFUSING_FOR: Duration = Duration::from_secs(1);

/// The limits on connections.
#[derive(Clone, Copy, Debug)]
pub(super) struct Limits {
    /// Connections open at once.
    pub(super) max_connections: usize,
    /// Time to send a request's head, counted from the connection's
    /// start or the end of its previous answer.
    pub(super) header_timeout: Duration,
    /// Time a client may take nothing of its answer.
    pub(super) send_timeout: Duration,
    /// Time the open connections have to finish once the server stops.
    pub(super) grace: Duration,
}

/// Where the server's stop stands: `None` while it serves, then the
/// signal that stops it.
pub(super) type Stop = watch::Receiver<Option<i32>>;

/// Serves connections on `listener` until `stop` says to stop; then stops
/// accepting at once and gives the open connections the grace period to
/// finish (each ends after its answer under way, an idle one at once).
/// Returns the signal that stopped it.
pub(super) async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    mut stop: Stop,
) -> i32 {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    let refusing = Arc::new(Semaphore::new(REFUSING));
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_header_size(4 * MAX_HEADER_BYTES)
        .max_buf_size(4 * MAX_HEADER_BYTES)
        .max_headers(2 * MAX_HEADERS);
    let http = Arc::new(http);
    let signal = loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => match open.clone().try_acquire_owned() {
                    Ok(permit) => {
                        let (http, router, stop) = (http.clone(), router.clone(), stop.clone());
                        let stream = SendTimed::new(stream, limits.send_timeout);
                        tokio::spawn(async move {
                            connection(stream, &http, router, stop).await;
                            drop(permit);
                        });
                    }
                    Err(_) => refuse(stream, &refusing, limits.max_connections),
                },
                // Out of file descriptors, most likely: the connections
                // waiting stay in the queue until some close.
                Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            },
            signal = stopped(&mut stop) => break signal,
        }
    };
    drop(listener);
    let all = u32::try_from(limits.max_connections).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(limits.grace, open.acquire_many(all)).await;
    signal
}

/// Resolves with the signal once the server is told to stop.
async fn stopped(stop: &mut Stop) -> i32 {
    let signal = stop.wait_for(Option::is_some).await.ok().and_then(|s| *s);
    match signal {
        Some(signal) => signal,
        // The sender is gone: no signal will come.
        None => std::future::pending().await,
    }
}

/// Serves one connection; when the server stops, lets its answer under
/// way finish and closes it.
async fn connection(stream: SendTimed, http: &http1::Builder, router: Router, mut stop: Stop) {
    let reached = Reached(stream.stream.local_addr().ok().map(|a| a.ip()));
    let _ = stream.stream.set_nodelay(true);
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(reached);
        hyper::service::Service::call(&TowerToHyperService::new(router.clone()), request)
    });
    let connection = http.serve_connection(TokioIo::new(stream), service);
    tokio::pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => return,
        _ = stopped(&mut stop) => {}
    }
    connection.as_mut().graceful_shutdown();
    let _ = connection.await;
}

/// Answers a connection past the cap 503 and closes it. The answer is
/// written at once (a new connection's buffer holds it); then, while
/// fewer than [`REFUSING`] are, what the client sends is read and thrown
/// away for a moment, so that closing does not reset the connection
/// before the client has read the answer.
fn refuse(stream: TcpStream, refusing: &Arc<Semaphore>, max_connections: usize) {
    let body = serde_json::json!({
        "error": format!(
            "the server has {max_connections} connections open, its limit (--max-connections): \
             try again later"
        ),
        "line": null,
        "column": null,
    })
    .to_string();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nretry-after: 1\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.try_write(answer.as_bytes());
    let Ok(permit) = refusing.clone().try_acquire_owned() else {
        return;
    };
    tokio::spawn(async move {
        let mut stream = stream;
        let _ = stream.shutdown().await;
        let mut sink = [0; 4096];
        let drain = async { while matches!(stream.read(&mut sink).await, Ok(n) if n > 0) {} };
        let _ = tokio::time::timeout(REFUSING_FOR, drain).await;
        drop(permit);
    });
}

/// A connection whose writes fail once the client has taken nothing for
/// `limit`: an answer then stops being held for a client that does not
/// read it.
struct SendTimed {
    stream: TcpStream,
    limit: Duration,
    /// Since when writing has waited for the client, if it does.
    stalled: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl SendTimed {
    fn new(stream: TcpStream, limit: Duration) -> SendTimed {
        SendTimed {
            stream,
            limit,
            stalled: None,
        }
    }

    /// What a write that made progress (`Ready`) or did not gives: a
    /// write waiting longer than the limit fails.
    fn timed<T>(
        &mut self,
        cx: &mut Context<'_>,
        written: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if written.is_ready() {
            self.stalled = None;
            return written;
        }
        let limit = self.limit;
        let stalled = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match stalled.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client took nothing of its answer within the send timeout",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for SendTimed {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for SendTimed {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.stream).poll_write(cx, buf);
        this.timed(cx, written)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        this.timed(cx, written)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let flushed = Pin::new(&mut this.stream).poll_flush(cx);
        this.timed(cx, flushed)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}
