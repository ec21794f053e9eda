//! `/ui`: the overview. The records of the last 24 hours by hour, by agent
//! and by type, drawn as SVG bar charts (each with its numbers as a table),
//! the log's size, how old its newest checkpoint is, and the witnesses'
//! state.
//!
//! The counts are kept in memory ([`Activity`]): one aggregate read fills
//! them, then each view reads only the records appended since, by log
//! index, so a view costs the new records, not the day's. Every replica
//! follows the one log, so each counts every replica's appends.

use std::collections::HashMap;

use askama::Template;
use axum::extract::State;
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Duration, DurationRound, Utc};
use tokio::sync::Mutex;

use super::view::{ago, render, task_href, Chrome, UiError};
use crate::domain::count;
use crate::http::AppState;
use crate::store::{ActivityCount, Store, StoreError};

/// The hours the overview covers.
const HOURS: i64 = 24;
/// Agents charted by name; the rest are summed as "others".
const AGENTS_CHARTED: usize = 8;
/// Records read from the log's tail at a time.
const TAIL_BATCH: u32 = 10_000;
/// A tail longer than this is counted by a new aggregate read instead
/// (each of its records read one by one would cost more).
const TAIL_MOST: usize = 100_000;

/// The counts of the recent records, by hour (`2026-11-27T01`), agent and
/// type, and the last log index counted.
#[derive(Default)]
pub(crate) struct Activity {
    inner: Mutex<Counts>,
}

#[derive(Default)]
struct Counts {
    /// The last log index counted; None before the first read.
    through: Option<u64>,
    /// The aggregate read was made (the log may have been empty).
    filled: bool,
    by: HashMap<(String, String, String), u64>,
}

impl Counts {
    fn add(&mut self, c: ActivityCount) {
        *self.by.entry((c.hour, c.agent_id, c.kind)).or_default() += c.records;
    }
}

/// The hour a timestamp begins with, as stored timestamps do.
fn hour_of(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H").to_string()
}

impl Activity {
    /// The counts of the hours `first_hour` to `last_hour`, up to date
    /// with the log. A record stamped in a later hour (a clock stepped
    /// back since) is kept for when its hour comes, not counted before.
    async fn counts(
        &self,
        store: &Store,
        first_hour: &str,
        last_hour: &str,
    ) -> Result<Vec<((String, String, String), u64)>, StoreError> {
        let mut counts = self.inner.lock().await;
        let newest = store.last_log_index().await?;
        // A long tail is counted by one aggregate read instead.
        let behind = match (newest, counts.through) {
            (Some(n), Some(t)) => n.saturating_sub(t),
            (Some(n), None) => n + 1,
            (None, _) => 0,
        };
        if counts.filled && behind as usize <= TAIL_MOST {
            loop {
                let rows = store.activity_after(counts.through, TAIL_BATCH).await?;
                let n = rows.len();
                for (index, c) in rows {
                    counts.through = Some(index);
                    counts.add(c);
                }
                if n < TAIL_BATCH as usize {
                    break;
                }
            }
        } else {
            *counts = Counts::default();
            if let Some(last) = newest {
                for c in store.activity_since(first_hour, last).await? {
                    counts.add(c);
                }
                counts.through = Some(last);
            }
            counts.filled = true;
        }
        // Hours that left the window are forgotten: memory stays bounded.
        counts
            .by
            .retain(|(hour, _, _), _| hour.as_str() >= first_hour);
        Ok(counts
            .by
            .iter()
            .filter(|((hour, _, _), _)| hour.as_str() <= last_hour)
            .map(|(k, n)| (k.clone(), *n))
            .collect())
    }
}

/// One bar of a chart.
pub(super) struct Bar {
    pub label: String,
    pub value: u64,
    /// Its length, in percent of the chart's longest bar.
    pub percent: f64,
    /// A link to what it counts, when there is one.
    pub href: Option<String>,
}

fn bars(values: Vec<(String, u64, Option<String>)>) -> Vec<Bar> {
    let most = values.iter().map(|v| v.1).max().unwrap_or(0).max(1) as f64;
    values
        .into_iter()
        .map(|(label, value, href)| Bar {
            label,
            value,
            percent: (value as f64 * 100.0 / most * 10.0).round() / 10.0,
            href,
        })
        .collect()
}

#[derive(Template)]
#[template(path = "ui/overview.html")]
struct OverviewPage {
    chrome: Chrome,
    /// The records of each of the last 24 hours, oldest first.
    hours: Vec<Bar>,
    /// Of the last 24 hours, by agent (most first) and by type.
    agents: Vec<Bar>,
    types: Vec<Bar>,
    total: String,
    tree_size: u64,
    /// When the newest record (and so the newest checkpoint) was appended,
    /// and how long ago.
    checkpoint_age: Option<(String, String)>,
    /// Without a witness policy: None; else how many witnesses cosign and
    /// the newest size the quorum cosigned.
    witnesses: Option<(usize, usize, Option<u64>)>,
    /// The tasks with the newest activity.
    recent: Vec<(String, String, u64, String)>,
}

/// `GET /ui`; with a query, the records list's filters of an older link:
/// sent there.
pub(super) async fn page(State(state): State<AppState>, uri: Uri) -> Result<Response, UiError> {
    if let Some(query) = uri.query().filter(|q| !q.is_empty()) {
        let to = format!("/ui/records?{query}");
        return Ok((StatusCode::SEE_OTHER, [(header::LOCATION, to)]).into_response());
    }
    let now = Utc::now();
    let this_hour = now.duration_trunc(Duration::hours(1)).unwrap_or(now);
    let first = this_hour - Duration::hours(HOURS - 1);
    let first_hour = hour_of(first);
    let counts = state
        .activity
        .counts(&state.store, &first_hour, &hour_of(this_hour))
        .await?;

    let mut by_hour: HashMap<&str, u64> = HashMap::new();
    let mut by_agent: HashMap<&str, u64> = HashMap::new();
    let mut by_type: HashMap<&str, u64> = HashMap::new();
    for ((hour, agent, kind), n) in &counts {
        *by_hour.entry(hour).or_default() += n;
        *by_agent.entry(agent).or_default() += n;
        *by_type.entry(kind).or_default() += n;
    }
    let total: u64 = by_hour.values().sum();
    let hours = bars(
        (0..HOURS)
            .map(|i| {
                let hour = hour_of(first + Duration::hours(i));
                let n = by_hour.get(hour.as_str()).copied().unwrap_or(0);
                (format!("{}:00", &hour[11..13]), n, None)
            })
            .collect(),
    );
    let mut agents: Vec<(&str, u64)> = by_agent.into_iter().collect();
    agents.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let others: u64 = agents.iter().skip(AGENTS_CHARTED).map(|a| a.1).sum();
    let mut agent_bars: Vec<(String, u64, Option<String>)> = agents
        .iter()
        .take(AGENTS_CHARTED)
        .map(|(a, n)| {
            let href = super::view::with_query("/ui/tasks", &[("agent_id", a)]);
            (a.to_string(), *n, Some(href))
        })
        .collect();
    if others > 0 {
        let more = agents.len() - AGENTS_CHARTED;
        agent_bars.push((count(more as u64, "more agent"), others, None));
    }
    let types = bars(
        crate::domain::RecordType::ALL
            .into_iter()
            .map(|t| {
                let n = by_type.get(t.as_str()).copied().unwrap_or(0);
                let href = super::view::with_query("/ui/tasks", &[("type", t.as_str())]);
                (t.as_str().to_string(), n, Some(href))
            })
            .collect(),
    );

    let checkpoint = state.store.database_checkpoint().await?;
    let checkpoint_age = match checkpoint.tree_size.checked_sub(1) {
        Some(last) => state
            .store
            .record_at(last)
            .await?
            .map(|r| (ago(&r.timestamp, now), r.timestamp)),
        None => None,
    };
    let witnesses = state.witnessing.as_ref().map(|w| {
        let rows = w.witnesses();
        let cosigning = rows
            .iter()
            .filter(|r| r.refusals == 0 && !r.failing)
            .count();
        (cosigning, rows.len(), w.witnessed().map(|c| c.tree_size))
    });
    let recent = state
        .store
        .tasks_by_activity(None, 5)
        .await?
        .items
        .into_iter()
        .map(|t| {
            (
                task_href(&t.task_id),
                ago(&t.last_timestamp, now),
                t.length,
                t.task_id,
            )
        })
        .collect();
    Ok(render(
        StatusCode::OK,
        &OverviewPage {
            chrome: Chrome::new(&state, "Overview"),
            hours,
            agents: bars(agent_bars),
            types,
            total: count(total, "record"),
            tree_size: checkpoint.tree_size,
            checkpoint_age,
            witnesses,
            recent,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_are_sized_against_the_longest_and_an_empty_chart_has_no_length() {
        let b = bars(vec![
            ("a".into(), 40, None),
            ("b".into(), 10, None),
            ("c".into(), 0, None),
        ]);
        let p: Vec<f64> = b.iter().map(|b| b.percent).collect();
        assert_eq!(p, [100.0, 25.0, 0.0]);
        let b = bars(vec![("a".into(), 0, None)]);
        assert_eq!(b[0].percent, 0.0);
        assert_eq!(
            hour_of("2026-11-27T01:59:59Z".parse().unwrap()),
            "2026-11-27T01"
        );
    }
}
