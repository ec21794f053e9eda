//! The trace view of a task or a session (`?view=trace`, a task's default):
//! a split pane, the page's records as dense one-line rows in tree order
//! (type, #seq, agent, a line of the content as wide as the pane, the
//! duration, an error, reviewers' verdicts) with a waterfall of their span
//! times, a session's grouped by task under a header each, and the
//! selected record's detail beside them with its inclusion proof.
//! Selecting is a link, so it works without script; the `keys` script only
//! moves the focus between rows with the arrow keys.

use chrono::{DateTime, FixedOffset, Utc};

use std::collections::HashMap;

use super::facts::{mark, TaskSum, Verdict};
use super::metadata::{duration_text, span_times_of};
use super::task::{nest, TreeItem};
use super::view::{record_views, task_href, with_query, Link, RecordView, UiError};
use crate::domain::count;
use crate::domain::merkle::to_hex;
use crate::domain::Record;
use crate::http::log::receipts::inclusion;
use crate::http::{log::provable_time, AppState};

/// The deepest indent drawn; deeper rows are drawn at it.
const DEEPEST: usize = 8;
/// The most characters of content a row carries: the stylesheet cuts the
/// line at the pane's width, this only bounds the page's size.
const EXCERPT: usize = 400;

/// One record's row.
pub(super) struct TraceRow {
    pub record: RecordView,
    /// Its depth in the page's tree, at most [`DEEPEST`].
    pub depth: usize,
    /// The content's first line, at most [`EXCERPT`] characters.
    pub excerpt: String,
    /// Its span's duration, in words.
    pub took: Option<String>,
    /// Its span on the page's waterfall: where it starts and how long it
    /// is, in percent of the page's time window.
    pub bar: Option<(f64, f64)>,
    /// The page with this record selected.
    pub href: String,
    pub selected: bool,
    /// The first row of a task's records on a session's trace: its header.
    pub group: Option<Group>,
}

/// A task's header on a session's trace.
pub(super) struct Group {
    pub task: Link,
    /// Its totals in words ("3 records · 820 in · 96 out · $0.0040 · 2.10 s").
    pub said: String,
}

/// The selected record, with its proof.
pub(super) struct Detail {
    pub record: RecordView,
    /// The checkpoint that proves it: its size and root.
    pub tree_size: u64,
    pub root: String,
    /// The inclusion proof's hashes, leaf side first.
    pub proof: Vec<String>,
    /// Its provable time in words (docs/design.md §13).
    pub time: String,
}

/// A page's trace.
pub(super) struct Trace {
    pub rows: Vec<TraceRow>,
    pub detail: Option<Detail>,
    /// The waterfall's window in words, when a record has span times.
    pub window: Option<String>,
}

/// A time delta in seconds.
fn seconds(delta: chrono::TimeDelta) -> f64 {
    delta.num_seconds() as f64 + f64::from(delta.subsec_nanos()) / 1e9
}

/// The first line of `text`, cut to [`EXCERPT`] characters.
fn excerpt(text: &str) -> String {
    let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let mut cut: String = line.chars().take(EXCERPT).collect();
    if cut.len() < line.len()
        || text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .nth(1)
            .is_some()
    {
        cut.push('…');
    }
    cut
}

/// The trace of a page of `records` (`views` are theirs, in the same
/// order): the page's `selected` (a record id) or the first row is
/// detailed; `link` makes the page's address with a record selected; its
/// `verdicts` mark the decisions; with its `by_task`, rows are grouped by
/// task, each group under a header with the task's totals.
async fn trace(
    state: &AppState,
    records: &[Record],
    mut views: Vec<RecordView>,
    page: &TracePage<'_>,
    link: impl Fn(&str) -> String,
    now: DateTime<Utc>,
) -> Result<Trace, UiError> {
    let (selected, verdicts, by_task) = (page.selected, page.verdicts, page.by_task);
    mark(&mut views, verdicts);
    let times: Vec<Option<(DateTime<FixedOffset>, DateTime<FixedOffset>)>> = records
        .iter()
        .map(|r| {
            r.authored
                .metadata
                .as_ref()
                .and_then(|m| span_times_of(m.canonical()))
        })
        .collect();
    let start = times.iter().flatten().map(|t| t.0).min();
    let end = times.iter().flatten().map(|t| t.1).max();
    // In seconds as f64: any span an agent states stays finite.
    let window = match (start, end) {
        (Some(s), Some(e)) => Some((s, seconds(e - s).max(1e-9))),
        _ => None,
    };
    let selected = selected
        .filter(|id| records.iter().any(|r| r.id == *id))
        .map(str::to_string)
        .or_else(|| records.first().map(|r| r.id.clone()));
    let index: HashMap<&str, usize> = records
        .iter()
        .enumerate()
        .map(|(i, r)| (r.id.as_str(), i))
        .collect();
    let mut rows = Vec::with_capacity(records.len());
    for (task, items) in grouped(views, records, by_task.is_some()) {
        let mut depth = 0usize;
        let mut group = task.map(|task_id| {
            let sum = by_task.and_then(|b| b.get(&task_id));
            Group {
                said: sum.map(group_said).unwrap_or_default(),
                task: Link {
                    href: task_href(&task_id),
                    text: task_id,
                },
            }
        });
        for item in items {
            let r = item.record;
            let span = index.get(r.id.as_str()).and_then(|&i| times[i]);
            let took = span.map(|(s, e)| duration_text(seconds(e - s) * 1e9));
            let bar = match (span, window) {
                (Some((s, e)), Some((w0, width))) => {
                    let x = seconds(s - w0) * 100.0 / width;
                    let w = seconds(e - s) * 100.0 / width;
                    // At least a sliver, so an instant still shows.
                    Some((
                        (x * 10.0).round() / 10.0,
                        (w * 10.0).round().max(3.0) / 10.0,
                    ))
                }
                _ => None,
            };
            let text = r.erased.as_deref().unwrap_or(&r.content);
            rows.push(TraceRow {
                excerpt: excerpt(text),
                depth: depth.min(DEEPEST),
                took,
                bar,
                href: link(&r.id),
                selected: selected.as_deref() == Some(r.id.as_str()),
                group: group.take(),
                record: r,
            });
            if item.opens {
                depth += 1;
            }
            depth = depth.saturating_sub(item.closes);
        }
    }
    let detail = match selected.and_then(|id| records.iter().find(|r| r.id == id)) {
        Some(record) => {
            let mut views = record_views(state, std::slice::from_ref(record), now).await?;
            mark(&mut views, verdicts);
            let mut view = views.pop().expect("one view");
            // Where the walk broke, as its row says.
            view.broken = rows
                .iter()
                .find(|r| r.record.id == view.id)
                .and_then(|r| r.record.broken.clone());
            let (checkpoint, proof, _) = inclusion(state, record).await?;
            let time = provable_time::of_record(state, record.log_index).await?;
            Some(Detail {
                record: view,
                tree_size: checkpoint.tree_size,
                root: to_hex(&checkpoint.root),
                proof: proof.iter().map(to_hex).collect(),
                time: time.summary().to_string(),
            })
        }
        None => None,
    };
    let window = window.map(|(s, width)| {
        format!(
            "{} from {}",
            duration_text(width * 1e9),
            s.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
        )
    });
    Ok(Trace {
        rows,
        detail,
        window,
    })
}

/// The records of a page in tree order, in one group, or one per task
/// (in the order each task first shows on the page) named by its task.
fn grouped(
    views: Vec<RecordView>,
    records: &[Record],
    by_task: bool,
) -> Vec<(Option<String>, Vec<TreeItem>)> {
    if !by_task {
        return vec![(None, nest(views, records))];
    }
    let mut groups: Vec<(String, Vec<RecordView>, Vec<Record>)> = Vec::new();
    for (view, record) in views.into_iter().zip(records) {
        match groups.iter_mut().find(|g| g.0 == record.authored.task_id) {
            Some(g) => {
                g.1.push(view);
                g.2.push(record.clone());
            }
            None => groups.push((
                record.authored.task_id.clone(),
                vec![view],
                vec![record.clone()],
            )),
        }
    }
    groups
        .into_iter()
        .map(|(task, views, records)| (Some(task), nest(views, &records)))
        .collect()
}

/// A task's totals in a header's words.
fn group_said(sum: &TaskSum) -> String {
    let mut said = vec![count(sum.totals.records, "record")];
    said.extend(sum.totals.tokens().map(|t| format!("{t} tokens")));
    said.extend(sum.totals.cost());
    said.extend(sum.totals.took());
    if sum.totals.errors > 0 {
        said.push(count(sum.totals.errors, "error"));
    }
    said.join(" · ")
}

/// Where a trace's page is and what marks its rows.
pub(super) struct TracePage<'a> {
    /// The page's address and its cursor `after`.
    pub href: &'a str,
    pub after: Option<&'a str>,
    pub selected: Option<&'a str>,
    pub verdicts: &'a [Verdict],
    /// A session's: its tasks' sums, rows grouped by task.
    pub by_task: Option<&'a HashMap<String, TaskSum>>,
}

/// The trace of a page of a task or a session, each row linking to the
/// same page with its record selected.
pub(super) async fn trace_of_page(
    state: &AppState,
    page: TracePage<'_>,
    records: &[Record],
    views: Vec<RecordView>,
    now: DateTime<Utc>,
) -> Result<Trace, UiError> {
    let after = page.after.unwrap_or("");
    let href = page.href;
    let link = |id: &str| {
        with_query(
            href,
            &[("view", "trace"), ("after", after), ("selected", id)],
        ) + "#detail"
    };
    trace(state, records, views, &page, link, now).await
}

#[cfg(test)]
mod tests {
    use super::excerpt;

    #[test]
    fn an_excerpt_is_the_first_line_said_to_be_cut() {
        assert_eq!(excerpt("one line"), "one line");
        assert_eq!(excerpt("\n  \nfirst\nsecond"), "first…");
        assert_eq!(excerpt("\n\nonly\n"), "only");
        let long = "é".repeat(500);
        let cut = excerpt(&long);
        assert_eq!(cut.chars().count(), 401);
        assert!(cut.ends_with('…'));
    }
}
