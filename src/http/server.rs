//! The HTTP/1.1 server loop: a bounded number of connections, a deadline for
//! each request head (which also closes idle and silent connections), a bound
//! on the request line and headers, graceful shutdown.
//!
//! hyper answers a request head it cannot accept (too large, unparseable)
//! itself, with an empty body, before any application code runs. `ProblemIo`
//! turns exactly those answers into problem responses, so every failure, even
//! these, is an RFC 9457 problem with a `code`.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{ready, Context, Poll};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower::ServiceExt;

use super::ops::clock::{self, RunSleep, RunTimer};
use super::problem::ApiError;
use super::Limits;

/// How long shutdown waits for open connections (streams included) to finish.
const DRAIN_LIMIT: Duration = Duration::from_secs(30);

/// hyper's smallest allowed read buffer.
const MIN_BUF: usize = 8192;

/// Accepts connections until `shutdown` resolves, then stops accepting, lets
/// requests in flight finish (closing idle connections at once) and returns.
pub async fn run(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let mut http = hyper::server::conn::http1::Builder::new();
    // Limits in the process's running time: a request whose head arrived
    // while the process was stopped is answered, not reset (http::ops::clock).
    http.timer(RunTimer)
        .header_read_timeout(limits.header_timeout)
        .max_header_size(limits.max_header_bytes)
        // Room to read a head up to the limit, so hyper can measure it.
        .max_buf_size((limits.max_header_bytes + MIN_BUF).max(400 * 1024));
    let graceful = GracefulShutdown::new();
    let connections = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    tokio::pin!(shutdown);
    loop {
        // At the connection limit, stop accepting: new clients wait in the
        // kernel's backlog until a connection closes.
        let permit = tokio::select! {
            permit = connections.clone().acquire_owned() => permit.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors and the like: pause rather than spin.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            router.clone().oneshot(req)
        });
        let io = TokioIo::new(ProblemIo::new(
            stream,
            limits.max_header_bytes,
            limits.request_timeout,
        ));
        let conn = graceful.watch(http.serve_connection(io, service));
        tokio::spawn(async move {
            if let Err(e) = conn.await {
                tracing::debug!(%peer, error = %e, "connection closed with an error");
            }
            drop(permit);
        });
    }
    drop(listener);
    if tokio::time::timeout(DRAIN_LIMIT, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("connections still open after {DRAIN_LIMIT:?}; closing them");
    }
    Ok(())
}

/// A connection whose automatic error answers from hyper become problems, and
/// which gives up on a client that stops reading its response.
pub struct ProblemIo {
    inner: TcpStream,
    max_header_bytes: usize,
    /// The problem response being written in place of hyper's, and how much of it is out.
    replacement: Option<(Vec<u8>, usize)>,
    /// How long a write may wait for the client to read.
    write_limit: Duration,
    /// Started when a write has to wait; cleared when one goes through.
    stalled: Option<RunSleep>,
}

impl ProblemIo {
    fn new(inner: TcpStream, max_header_bytes: usize, write_limit: Duration) -> ProblemIo {
        ProblemIo {
            inner,
            max_header_bytes,
            replacement: None,
            write_limit,
            stalled: None,
        }
    }

    /// Passes a write's outcome through, timing how long the client has not
    /// been reading: past the limit the connection fails, so a client that
    /// never reads cannot hold it (or a streamed export) open forever.
    fn watch_stall<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if poll.is_ready() {
            self.stalled = None;
            return poll;
        }
        let limit = self.write_limit;
        let timer = self.stalled.get_or_insert_with(|| clock::sleep(limit));
        match Pin::new(timer).poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client has not read its response within the request time limit",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    /// Writes the replacement out; ready once all of it is written.
    fn poll_replacement(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let Some((bytes, done)) = &mut self.replacement else {
            return Poll::Ready(Ok(()));
        };
        while *done < bytes.len() {
            let n = ready!(Pin::new(&mut self.inner).poll_write(cx, &bytes[*done..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            *done += n;
        }
        Poll::Ready(Ok(()))
    }
}

/// The problem for a response head hyper wrote on its own: status 400, 414 or
/// 431 with an empty body and no content type (the application never answers
/// so: its failures are problems with a body).
fn automatic_answer(buf: &[u8], max_header_bytes: usize) -> Option<ApiError> {
    let rest = buf.strip_prefix(b"HTTP/1.1 ")?;
    let error = match rest.get(..4)? {
        b"400 " => ApiError::MalformedRequest,
        b"414 " => ApiError::UriTooLong,
        b"431 " => ApiError::HeadersTooLarge {
            limit: max_header_bytes,
        },
        _ => return None,
    };
    let end = buf.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&buf[..end]).to_ascii_lowercase();
    let empty = head.contains("\r\ncontent-length: 0") && !head.contains("\r\ncontent-type:");
    empty.then_some(error)
}

impl AsyncRead for ProblemIo {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for ProblemIo {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.replacement.is_none() {
            match automatic_answer(buf, this.max_header_bytes) {
                Some(error) => this.replacement = Some((error.raw_response(), 0)),
                None => {
                    let poll = Pin::new(&mut this.inner).poll_write(cx, buf);
                    return this.watch_stall(cx, poll);
                }
            }
        }
        // hyper closes the connection after such an answer; anything it still
        // writes is part of its own answer, replaced as a whole.
        ready!(this.poll_replacement(cx))?;
        Poll::Ready(Ok(buf.len()))
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        let first = bufs.iter().find(|b| !b.is_empty());
        let automatic = this.replacement.is_some()
            || first.is_some_and(|b| automatic_answer(b, this.max_header_bytes).is_some());
        if automatic {
            // Hand the first slice to poll_write, which replaces it.
            let first = first.map_or(&[][..], |b| &b[..]);
            return Pin::new(this).poll_write(cx, first);
        }
        let poll = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.watch_stall(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_replacement(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_replacement(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hyper_s_empty_error_answers_are_replaced() {
        let auto =
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        assert!(matches!(
            automatic_answer(auto, 100),
            Some(ApiError::HeadersTooLarge { limit: 100 })
        ));
        let ours = b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/problem+json\r\ncontent-length: 90\r\n\r\n";
        assert!(automatic_answer(ours, 100).is_none());
        let ok = b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n";
        assert!(automatic_answer(ok, 100).is_none());
    }
}
