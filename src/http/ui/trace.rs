//! The trace view of a task or a session (`?view=trace`): a split pane,
//! the page's records as dense one-line rows in tree order (type, #seq,
//! agent, a line of the content, the duration) with a waterfall of their
//! span times, and the selected record's detail beside them with its
//! inclusion proof. Selecting is a link, so it works without script; the
//! `keys` script only moves the focus between rows with the arrow keys.

use chrono::{DateTime, FixedOffset, Utc};

use super::metadata::{duration_text, span_times_of};
use super::task::nest;
use super::view::{record_views, with_query, RecordView, UiError};
use crate::domain::merkle::to_hex;
use crate::domain::Record;
use crate::http::records::inclusion;
use crate::http::AppState;

/// The deepest indent drawn; deeper rows are drawn at it.
const DEEPEST: usize = 8;
/// The characters of content a row shows.
const EXCERPT: usize = 140;

/// One record's row.
pub(super) struct TraceRow {
    pub record: RecordView,
    /// Its depth in the page's tree, at most [`DEEPEST`].
    pub depth: usize,
    /// The content's first line, cut to [`EXCERPT`] characters.
    pub excerpt: String,
    /// Its span's duration, in words.
    pub took: Option<String>,
    /// Its span on the page's waterfall: where it starts and how long it
    /// is, in percent of the page's time window.
    pub bar: Option<(f64, f64)>,
    /// The page with this record selected.
    pub href: String,
    pub selected: bool,
}

/// The selected record, with its proof.
pub(super) struct Detail {
    pub record: RecordView,
    /// The checkpoint that proves it: its size and root.
    pub tree_size: u64,
    pub root: String,
    /// The inclusion proof's hashes, leaf side first.
    pub proof: Vec<String>,
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
/// order): `selected` (a record id) or the first row is detailed; `link`
/// makes the page's address with a record selected.
async fn trace(
    state: &AppState,
    records: &[Record],
    views: Vec<RecordView>,
    selected: Option<&str>,
    link: impl Fn(&str) -> String,
    now: DateTime<Utc>,
) -> Result<Trace, UiError> {
    let times: Vec<Option<(DateTime<FixedOffset>, DateTime<FixedOffset>)>> = records
        .iter()
        .map(|r| {
            r.metadata
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
    let mut rows = Vec::with_capacity(records.len());
    let mut depth = 0usize;
    for item in nest(views, records) {
        let r = item.record;
        let at = records.iter().position(|o| o.id == r.id);
        let span = at.and_then(|i| times[i]);
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
            record: r,
        });
        if item.opens {
            depth += 1;
        }
        depth = depth.saturating_sub(item.closes);
    }
    let detail = match selected.and_then(|id| records.iter().find(|r| r.id == id)) {
        Some(record) => {
            let view = record_views(state, std::slice::from_ref(record), now)
                .await?
                .pop()
                .expect("one view");
            let (checkpoint, proof, _) = inclusion(state, record).await?;
            Some(Detail {
                record: view,
                tree_size: checkpoint.tree_size,
                root: to_hex(&checkpoint.root),
                proof: proof.iter().map(to_hex).collect(),
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

/// The trace of a page of a task or a session at `href` (its cursor
/// `after`), each row linking to the same page with its record selected.
pub(super) async fn trace_of_page(
    state: &AppState,
    href: &str,
    after: Option<&str>,
    selected: Option<&str>,
    records: &[Record],
    views: Vec<RecordView>,
    now: DateTime<Utc>,
) -> Result<Trace, UiError> {
    let after = after.unwrap_or("");
    let link = |id: &str| {
        with_query(
            href,
            &[("view", "trace"), ("after", after), ("selected", id)],
        ) + "#detail"
    };
    trace(state, records, views, selected, link, now).await
}

#[cfg(test)]
mod tests {
    use super::excerpt;

    #[test]
    fn an_excerpt_is_the_first_line_said_to_be_cut() {
        assert_eq!(excerpt("one line"), "one line");
        assert_eq!(excerpt("\n  \nfirst\nsecond"), "first…");
        assert_eq!(excerpt("\n\nonly\n"), "only");
        let long = "é".repeat(200);
        let cut = excerpt(&long);
        assert_eq!(cut.chars().count(), 141);
        assert!(cut.ends_with('…'));
    }
}
