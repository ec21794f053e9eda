//! What a record's metadata says about the work it tells of, read alike
//! from the OTLP mapping's keys (docs/design.md §11) and from the plain
//! keys an agent sends over REST (the README's metadata convention): its
//! tokens, cost, span times and error, and a reviewer's verdict on a
//! decision (`oversight`); a task's totals of them and its verdicts.

use std::collections::{BTreeSet, HashMap, HashSet};

use chrono::{DateTime, FixedOffset};
use serde_json::{Map, Value};

use super::metadata::{duration_text, span_times};
use super::view::{record_href, record_label, RecordView};
use crate::domain::record::oversight::{oversight_in, Oversight, OversightVerdict};
use crate::store::TaskRecordFacts;

/// When a span began and ended.
pub(super) type Span = (DateTime<FixedOffset>, DateTime<FixedOffset>);

/// The facts of one record's metadata.
#[derive(Debug, Default, Clone, PartialEq)]
pub(super) struct Facts {
    pub input_tokens: Option<u64>,
    pub output_tokens: Option<u64>,
    pub cost_usd: Option<f64>,
    pub span: Option<Span>,
    /// The error it reports, in words.
    pub error: Option<String>,
}

/// A count: a whole number, or its text (OTLP/JSON writes 64-bit
/// integers as strings).
fn count_of(map: &Map<String, Value>, keys: &[&str]) -> Option<u64> {
    keys.iter().find_map(|k| match map.get(*k)? {
        Value::Number(n) => n.as_u64().or_else(|| {
            n.as_f64()
                .filter(|f| *f >= 0.0 && f.fract() == 0.0)
                .map(|f| f as u64)
        }),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    })
}

/// The error a record reports: the span's error status (`otel.status`,
/// its `otel.status_message`), an agent's `error` (a string, or any other
/// value but `null` and `false`), or its `status` `error`.
pub(super) fn error_of(map: &Map<String, Value>) -> Option<String> {
    let text = |k: &str| map.get(k).and_then(Value::as_str).filter(|s| !s.is_empty());
    match map.get("error") {
        None | Some(Value::Null) | Some(Value::Bool(false)) => {}
        Some(Value::String(s)) if s.is_empty() => {}
        Some(Value::String(s)) => return Some(s.clone()),
        Some(Value::Bool(true)) => return Some("error".into()),
        Some(other) => return Some(other.to_string()),
    }
    [("otel.status", "otel.status_message"), ("status", "error")]
        .into_iter()
        .find(|(status, _)| text(status) == Some("error"))
        .map(|(_, message)| text(message).unwrap_or("error").to_string())
}

pub(super) fn facts(map: &Map<String, Value>) -> Facts {
    Facts {
        input_tokens: count_of(map, &["gen_ai.usage.input_tokens", "input_tokens"]),
        output_tokens: count_of(map, &["gen_ai.usage.output_tokens", "output_tokens"]),
        cost_usd: map
            .get("cost_usd")
            .and_then(Value::as_f64)
            .filter(|c| c.is_finite() && *c >= 0.0),
        span: span_times(map),
        error: error_of(map),
    }
}

/// [`facts`] of a record's canonical metadata.
pub(super) fn facts_of(canonical: &str) -> Facts {
    match serde_json::from_str::<Value>(canonical) {
        Ok(Value::Object(map)) => facts(&map),
        _ => Facts::default(),
    }
}

/// A cost in US dollars, to the cent, or to a hundredth of a cent below
/// a dollar (a model call costs fractions of a cent).
pub(super) fn cost_text(usd: f64) -> String {
    if usd >= 0.995 {
        format!("${usd:.2}")
    } else {
        format!("${usd:.4}")
    }
}

/// The verdict of a record's canonical metadata, when it carries one of
/// the convention's shape (domain::record::oversight: the rule, once).
pub(super) fn oversight_of(canonical: &str) -> Option<Oversight> {
    oversight_in(canonical)?.ok()
}

/// A task's totals over the records read.
#[derive(Debug, Default, Clone)]
pub(super) struct Totals {
    pub records: u64,
    input: u64,
    output: u64,
    tokens: bool,
    cost: f64,
    costed: bool,
    start: Option<DateTime<FixedOffset>>,
    end: Option<DateTime<FixedOffset>>,
    pub errors: u64,
}

impl Totals {
    pub(super) fn add(&mut self, f: &Facts) {
        self.records += 1;
        if f.input_tokens.is_some() || f.output_tokens.is_some() {
            self.tokens = true;
            self.input += f.input_tokens.unwrap_or(0);
            self.output += f.output_tokens.unwrap_or(0);
        }
        if let Some(c) = f.cost_usd {
            self.costed = true;
            self.cost += c;
        }
        if let Some((s, e)) = f.span {
            self.start = Some(self.start.map_or(s, |t| t.min(s)));
            self.end = Some(self.end.map_or(e, |t| t.max(e)));
        }
        if f.error.is_some() {
            self.errors += 1;
        }
    }

    /// The tokens in and out, when a record said any.
    pub(super) fn tokens(&self) -> Option<String> {
        self.tokens
            .then(|| format!("{} in · {} out", self.input, self.output))
    }

    /// [`Totals::tokens`] in a list's narrow column: `212.5k in · 1.8k out`.
    pub(super) fn tokens_short(&self) -> Option<String> {
        self.tokens.then(|| {
            format!(
                "{} in · {} out",
                short_count(self.input),
                short_count(self.output)
            )
        })
    }

    pub(super) fn cost(&self) -> Option<String> {
        self.costed.then(|| cost_text(self.cost))
    }

    /// From the earliest start to the latest end of the records' spans.
    pub(super) fn took(&self) -> Option<String> {
        let (s, e) = (self.start?, self.end?);
        let d = e - s;
        Some(duration_text(
            d.num_seconds() as f64 * 1e9 + f64::from(d.subsec_nanos()),
        ))
    }
}

/// A count in at most five characters or so: `9999`, `12.3k`, `4.5M`.
fn short_count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// A reviewer's verdict on one of a task's decisions.
pub(super) struct Verdict {
    pub decision_id: String,
    /// The decision, named `#3 decision`, and its page.
    pub decision: String,
    pub decision_href: String,
    pub oversight: Oversight,
    /// The verdict's record: when, and its page.
    pub at: String,
    pub href: String,
    /// The verdict's record named `#7 decision`: an `overridden` verdict's
    /// record is the replacement decision.
    pub label: String,
    /// How long after the decision it came, in words.
    pub later: String,
}

impl Verdict {
    /// The verdict in a line: "approved by reviewer-1, 2 min later".
    pub(super) fn said(&self) -> String {
        format!(
            "{} by {}, {}",
            self.oversight.verdict, self.oversight.reviewer, self.later
        )
    }

    /// An `overridden` verdict's record: the decision that replaces this one.
    pub(super) fn replaced(&self) -> bool {
        self.oversight.verdict == OversightVerdict::Overridden
    }
}

/// How long after `from` `to` came, in words.
fn later(from: &str, to: &str) -> String {
    let (Ok(from), Ok(to)) = (
        DateTime::parse_from_rfc3339(from),
        DateTime::parse_from_rfc3339(to),
    ) else {
        return "later".into();
    };
    let s = (to - from).num_seconds().max(0);
    match s {
        0..=59 => format!("{s} s later"),
        60..=3599 => format!("{} min later", s / 60),
        3600..=86_399 => format!("{} h later", s / 3600),
        _ => format!("{} d later", s / 86_400),
    }
}

/// What a task's records read say: totals, verdicts, decisions without one,
/// agents and types.
#[derive(Default)]
pub(super) struct TaskSum {
    pub totals: Totals,
    /// In the order they were appended.
    pub verdicts: Vec<Verdict>,
    /// Decisions no verdict answers (a reviewer's own replacement decision
    /// is not one).
    pub unreviewed: u64,
    pub agents: Vec<String>,
    pub types: Vec<String>,
}

/// Sums up a task's records (as read, in any order).
pub(super) fn sum_up(rows: &[TaskRecordFacts]) -> TaskSum {
    let mut sum = TaskSum::default();
    let mut agents = BTreeSet::new();
    let mut types = BTreeSet::new();
    let by_id: HashMap<&str, &TaskRecordFacts> = rows.iter().map(|r| (r.id.as_str(), r)).collect();
    let mut reviewed: HashSet<&str> = HashSet::new();
    let mut own: HashSet<&str> = HashSet::new();
    let mut ordered: Vec<&TaskRecordFacts> = rows.iter().collect();
    ordered.sort_by_key(|r| r.seq);
    for r in ordered {
        agents.insert(r.agent_id.clone());
        types.insert(r.kind.clone());
        let Some(m) = r.metadata.as_deref() else {
            sum.totals.add(&Facts::default());
            continue;
        };
        sum.totals.add(&facts_of(m));
        let Some(oversight) = oversight_of(m) else {
            continue;
        };
        own.insert(r.id.as_str());
        let Some(decision) = r.parent_id.as_deref().and_then(|p| by_id.get(p)) else {
            continue;
        };
        reviewed.insert(decision.id.as_str());
        sum.verdicts.push(Verdict {
            decision_id: decision.id.clone(),
            decision: record_label(decision.seq, &decision.kind),
            decision_href: record_href(&decision.id),
            later: later(&decision.timestamp, &r.timestamp),
            at: r.timestamp.clone(),
            href: record_href(&r.id),
            label: record_label(r.seq, &r.kind),
            oversight,
        });
    }
    sum.unreviewed = rows
        .iter()
        .filter(|r| r.kind == "decision")
        .filter(|r| !reviewed.contains(r.id.as_str()) && !own.contains(r.id.as_str()))
        .count() as u64;
    sum.agents = agents.into_iter().collect();
    sum.types = types.into_iter().collect();
    sum
}

/// A verdict as a decision's card or row shows it.
pub(super) struct Mark {
    /// The verdict's word, also its style.
    pub verdict: &'static str,
    pub text: String,
    pub reason: Option<String>,
    /// The verdict's record, named; for `overridden`, the replacement.
    pub href: String,
    pub label: String,
}

/// Marks each decision among `views` with the verdicts on it.
pub(super) fn mark(views: &mut [RecordView], verdicts: &[Verdict]) {
    for view in views.iter_mut() {
        view.marks = verdicts
            .iter()
            .filter(|v| v.decision_id == view.id)
            .map(|v| Mark {
                verdict: v.oversight.verdict.as_str(),
                text: v.said(),
                reason: v.oversight.reason.clone(),
                href: v.href.clone(),
                label: v.label.clone(),
            })
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(text: &str) -> Map<String, Value> {
        match serde_json::from_str(text).unwrap() {
            Value::Object(m) => m,
            _ => unreachable!(),
        }
    }

    #[test]
    fn the_rest_convention_reads_as_the_otlp_mapping() {
        let rest = facts(&map(
            r#"{"started_at":"2026-04-11T09:00:00Z","ended_at":"2026-04-11T09:00:01.5Z",
                "input_tokens":412,"output_tokens":"58","cost_usd":0.0042,"status":"error","error":"timeout"}"#,
        ));
        let otlp = facts(&map(
            r#"{"otel.start_time":"2026-04-11T09:00:00.000000000Z","otel.end_time":"2026-04-11T09:00:01.500000000Z",
                "gen_ai.usage.input_tokens":412,"gen_ai.usage.output_tokens":"58",
                "otel.status":"error","otel.status_message":"timeout"}"#,
        ));
        assert_eq!(rest.input_tokens, Some(412));
        assert_eq!(rest.output_tokens, Some(58));
        assert_eq!(rest.span, otlp.span);
        assert_eq!(rest.error.as_deref(), Some("timeout"));
        assert_eq!(otlp.error.as_deref(), Some("timeout"));
        assert_eq!(rest.cost_usd, Some(0.0042));
        for (text, error) in [
            (r#"{"status":"error"}"#, Some("error")),
            (r#"{"status":"ok"}"#, None),
            (r#"{"error":null}"#, None),
            (r#"{"error":false}"#, None),
            (r#"{"error":{"code":7}}"#, Some(r#"{"code":7}"#)),
        ] {
            assert_eq!(error_of(&map(text)).as_deref(), error, "{text}");
        }
        assert_eq!(cost_text(0.0042), "$0.0042");
        assert_eq!(cost_text(12.345), "$12.35");
    }

    #[test]
    fn totals_sum_tokens_cost_errors_and_span_the_earliest_start_to_the_latest_end() {
        let mut t = Totals::default();
        assert_eq!((t.tokens(), t.cost(), t.took()), (None, None, None));
        t.add(&facts(&map(
            r#"{"started_at":"2026-04-11T09:00:00Z","ended_at":"2026-04-11T09:00:02Z","input_tokens":10,"cost_usd":0.5}"#,
        )));
        t.add(&facts(&map(
            r#"{"started_at":"2026-04-11T09:00:01Z","ended_at":"2026-04-11T09:00:04Z","output_tokens":3,"cost_usd":0.75,"error":"x"}"#,
        )));
        t.add(&Facts::default());
        assert_eq!(t.tokens().as_deref(), Some("10 in · 3 out"));
        assert_eq!(t.tokens_short().as_deref(), Some("10 in · 3 out"));
        assert_eq!(
            (
                short_count(212_500),
                short_count(1_750),
                short_count(4_500_000)
            ),
            ("212.5k".into(), "1750".into(), "4.5M".into())
        );
        assert_eq!(t.cost().as_deref(), Some("$1.25"));
        assert_eq!(t.took().as_deref(), Some("4.00 s"));
        assert_eq!((t.records, t.errors), (3, 1));
    }

    #[test]
    fn verdicts_answer_decisions_and_the_rest_are_unreviewed() {
        let row =
            |id: &str, seq: u64, parent: Option<&str>, kind: &str, at: &str, m: Option<&str>| {
                TaskRecordFacts {
                    id: id.into(),
                    seq,
                    parent_id: parent.map(Into::into),
                    kind: kind.into(),
                    agent_id: "a".into(),
                    timestamp: at.into(),
                    metadata: m.map(Into::into),
                }
            };
        let rows = vec![
            row("d1", 0, None, "decision", "2026-04-11T09:00:00.000Z", None),
            row("d2", 1, None, "decision", "2026-04-11T09:00:00.000Z", None),
            row(
                "o1",
                2,
                Some("d1"),
                "decision",
                "2026-04-11T09:02:10.000Z",
                Some(
                    r#"{"oversight":{"reason":"too costly","reviewer":"rev-1","verdict":"overridden"}}"#,
                ),
            ),
        ];
        let sum = sum_up(&rows);
        assert_eq!(sum.verdicts.len(), 1);
        let v = &sum.verdicts[0];
        assert_eq!(v.said(), "overridden by rev-1, 2 min later");
        assert!(v.replaced());
        assert_eq!(
            (v.decision.as_str(), v.label.as_str()),
            ("#0 decision", "#2 decision")
        );
        assert_eq!(v.oversight.reason.as_deref(), Some("too costly"));
        // d2 has none; the replacement o1 is the reviewer's own.
        assert_eq!(sum.unreviewed, 1);
        assert_eq!(sum.types, ["decision"]);
    }
}
