//! One log line per answered request, in the request's span (method, route
//! template, path, request id, the key's agent): a success or a 4xx at DEBUG,
//! a 5xx at ERROR. A client's 4xx are also counted, and said in at most one
//! WARN line a minute per client, so a client looping on a bad request cannot
//! flood the log at the default level (docs/design.md §10, "Request logs").
//! Each answer is also counted, by route template, method and status class
//! (`metrics`).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::Response;

use crate::domain::count as count_of;
use crate::http::ops::guard::Caller;

/// How often a client's 4xx may be summed up in a WARN line.
const SUMMARY_EVERY: Duration = Duration::from_secs(60);

/// The most clients tallied: past it, those not summed up within a minute are
/// dropped (at most once a second: a scan of the map), and a new client while
/// it is still full is not tallied, so gets no WARN line (its DEBUG lines stay).
const MAX_CLIENTS: usize = 10_000;

/// The 4xx answered to each client since its last WARN line.
#[derive(Debug, Default)]
pub(crate) struct ProblemTally {
    inner: Mutex<Tallies>,
}

#[derive(Debug, Default)]
struct Tallies {
    /// Each client's tally, by client.
    clients: HashMap<String, Tally>,
    /// When the map was last pruned: a flood of new clients scans it at most
    /// once a second.
    pruned_at: Option<Instant>,
}

#[derive(Debug, Clone, Copy)]
struct Tally {
    /// 4xx answered since the last WARN line.
    unsaid: u64,
    /// When the last WARN line was written.
    said_at: Instant,
}

impl ProblemTally {
    /// Counts one 4xx for `client`; the count to say when a WARN line is due
    /// (its first 4xx, or its first a minute after the last line).
    pub(crate) fn count(&self, client: &str, now: Instant) -> Option<u64> {
        let mut inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        let Tallies { clients, pruned_at } = &mut *inner;
        if clients.len() >= MAX_CLIENTS && !clients.contains_key(client) {
            if pruned_at
                .is_none_or(|at| now.saturating_duration_since(at) >= Duration::from_secs(1))
            {
                clients.retain(|_, t| now.saturating_duration_since(t.said_at) < SUMMARY_EVERY);
                *pruned_at = Some(now);
            }
            if clients.len() >= MAX_CLIENTS {
                return None;
            }
        }
        match clients.get_mut(client) {
            None => {
                clients.insert(
                    client.to_string(),
                    Tally {
                        unsaid: 0,
                        said_at: now,
                    },
                );
                Some(1)
            }
            Some(t) if now.saturating_duration_since(t.said_at) >= SUMMARY_EVERY => {
                let said = t.unsaid + 1;
                *t = Tally {
                    unsaid: 0,
                    said_at: now,
                };
                Some(said)
            }
            Some(t) => {
                t.unsaid += 1;
                None
            }
        }
    }
}

/// The middleware: runs the request, then logs its answer.
pub(crate) async fn log_answer(
    State(tally): State<Arc<ProblemTally>>,
    req: Request,
    next: Next,
) -> Response {
    let started = Instant::now();
    let series = crate::http::ops::metrics::route(
        req.extensions()
            .get::<MatchedPath>()
            .map(MatchedPath::as_str),
    );
    let method = req.method().clone();
    let address = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(a)| a.ip());
    let response = next.run(req).await;
    let status = response.status().as_u16();
    let took = started.elapsed();
    crate::http::ops::metrics::answered(series, &method, status, took);
    let latency_ms = took.as_secs_f64() * 1000.0;
    if status >= 500 {
        tracing::error!(status, latency_ms, "answered");
    } else {
        tracing::debug!(status, latency_ms, "answered");
    }
    if (400..500).contains(&status) {
        // Keys of one agent share a line; an open service's clients are addresses.
        let client = match response.extensions().get::<Caller>() {
            Some(Caller::Key { agent_id, .. }) => format!("agent {agent_id}"),
            _ => address.map_or_else(|| "address unknown".into(), |a| format!("address {a}")),
        };
        if let Some(count) = tally.count(&client, Instant::now()) {
            tracing::warn!(
                client = %client,
                problems = count,
                last_status = status,
                "{client}: {} answered with a 4xx since the last such line, the last a \
                 {status}; at most one such line a minute per client \
                 (RUST_LOG=info,decision_trail=debug logs each)",
                count_of(count, "request")
            );
        }
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_s_problems_are_said_at_most_once_a_minute() {
        let tally = ProblemTally::default();
        let t0 = Instant::now();
        assert_eq!(tally.count("a", t0), Some(1), "the first is said");
        for i in 1..1000 {
            let at = t0 + Duration::from_millis(i * 50);
            assert_eq!(tally.count("a", at), None, "then silence for a minute");
        }
        assert_eq!(tally.count("b", t0), Some(1), "per client");
        let later = t0 + SUMMARY_EVERY;
        assert_eq!(tally.count("a", later), Some(1000), "then the sum");
        assert_eq!(tally.count("a", later), None);
    }

    #[test]
    fn the_tally_is_bounded_under_a_flood_of_new_clients() {
        let tally = ProblemTally::default();
        let t0 = Instant::now();
        for i in 0..MAX_CLIENTS {
            assert_eq!(tally.count(&format!("c{i}"), t0), Some(1));
        }
        // Full, and every client said within the minute: a new one is not tallied.
        assert_eq!(tally.count("new", t0), None);
        assert_eq!(tally.count("new", t0 + SUMMARY_EVERY / 2), None);
        let clients = |t: &ProblemTally| t.inner.lock().unwrap().clients.len();
        assert_eq!(clients(&tally), MAX_CLIENTS);
        // A minute on, the stale ones go and the new client is tallied again.
        assert_eq!(tally.count("new", t0 + SUMMARY_EVERY), Some(1));
        assert_eq!(clients(&tally), 1);
    }
}
