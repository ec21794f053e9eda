//! The writer's clock (docs/design.md §2, "The clock"): the system clock
//! read through the watch (`domain::clock`) at start and for each batch,
//! what it finds logged, counted and kept for `/readyz`, and a chain's
//! timestamps kept from going backwards.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::task::State;
use crate::domain::chain::{format_timestamp, parse_timestamp, timestamp_before};
use crate::domain::clock::{ClockEvent, Reading, SETTLE_MS, START_GAP_MS};
use crate::domain::metrics::CLOCK_ANOMALIES;

/// What the writer last found wrong with the system clock, and when: said
/// on `/readyz` for [`CLOCK_NOTE_KEPT`] (docs/design.md §2, "The clock").
pub(crate) type ClockNotes = Arc<std::sync::Mutex<Option<(String, Instant)>>>;

/// How long `/readyz` says what the clock did.
pub(crate) const CLOCK_NOTE_KEPT: Duration = Duration::from_secs(3600);

/// How often the same kind of clock warning is logged at most.
const CLOCK_WARN_EVERY: Duration = Duration::from_secs(60);

impl State {
    /// Reads the clock through the watch (`domain::clock`): the time to
    /// stamp a record with (the clock's own text when the watch believes
    /// it), and the reading. What the watch found is logged, counted and
    /// kept for `/readyz`.
    pub(super) fn read_clock(&self) -> (String, Reading) {
        let clock = (self.seams.now)();
        let clock_ms = parse_timestamp(&clock).map_or(0, |t| t.timestamp_millis());
        let running_ms = u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX);
        let reading = self
            .clock
            .lock()
            .expect("not poisoned")
            .read(clock_ms, running_ms);
        match reading.event {
            Some(ClockEvent::Ahead { by_ms }) => self.clock_note(
                "ahead",
                format!(
                    "the system clock stepped {} ahead of the running time; records are \
                     stamped by the running time until the step has held for {} s, and \
                     idempotency keys never expire by it",
                    human_ms(by_ms),
                    SETTLE_MS / 1000
                ),
            ),
            Some(ClockEvent::Adopted { by_ms }) => tracing::warn!(
                ahead_ms = by_ms,
                "the system clock's step ahead held: records are stamped by it again"
            ),
            None => {}
        }
        let stamp = if reading.stamp_ms == clock_ms {
            clock
        } else {
            format_timestamp(
                chrono::DateTime::from_timestamp_millis(reading.stamp_ms).unwrap_or_default(),
            )
        };
        (stamp, reading)
    }

    /// The first reading of the clock, at start, with the timestamp of the
    /// log's newest record (`domain::clock::ClockWatch::start`): a clock
    /// far ahead of it is said.
    pub(super) fn start_clock(&self, newest: Option<&str>) {
        let clock = (self.seams.now)();
        let clock_ms = parse_timestamp(&clock).map_or(0, |t| t.timestamp_millis());
        let running_ms = u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX);
        let newest_ms = newest
            .and_then(parse_timestamp)
            .map(|t| t.timestamp_millis());
        let ahead = self
            .clock
            .lock()
            .expect("not poisoned")
            .start(clock_ms, running_ms, newest_ms);
        if ahead > START_GAP_MS {
            self.clock_note(
                "ahead",
                format!(
                    "the system clock reads {clock}, {} after the log's newest record ({}): \
                     expected if the service was stopped that long; otherwise the clock is \
                     wrong. Records are stamped by it; idempotency keys expire by the log's \
                     time",
                    human_ms(ahead),
                    newest.unwrap_or_default()
                ),
            );
        }
    }

    /// The record at the end of a chain whose last timestamp is `last` is
    /// stamped `now`, or `last` when the clock reads behind it (a chain's
    /// timestamps never go backwards), which is said.
    pub(super) fn stamp_after(&self, now: String, last: &str) -> String {
        if timestamp_before(&now, last) {
            self.clock_note(
                "behind",
                format!(
                    "the system clock read {now}, behind a chain's last timestamp {last}: records \
                     are stamped with the chain's last timestamp until it catches up"
                ),
            );
            last.to_string()
        } else {
            now
        }
    }

    /// Counts a clock anomaly, logs it (at most once a minute per kind) and
    /// keeps it for `/readyz`.
    fn clock_note(&self, direction: &'static str, said: String) {
        metrics::counter!(CLOCK_ANOMALIES, "direction" => direction).increment(1);
        let mut note = self.clock_notes.lock().expect("not poisoned");
        let quiet = note.as_ref().is_some_and(|(last, at)| {
            last.starts_with(direction) && at.elapsed() < CLOCK_WARN_EVERY
        });
        if !quiet {
            tracing::warn!(direction, "{said}");
            *note = Some((format!("{direction}: {said}"), Instant::now()));
        }
    }
}

/// Milliseconds as a person reads them.
fn human_ms(ms: i64) -> String {
    match ms {
        ms if ms >= 3_600_000 => format!("{:.1} h", ms as f64 / 3_600_000.0),
        ms if ms >= 60_000 => format!("{:.1} min", ms as f64 / 60_000.0),
        ms => format!("{:.1} s", ms as f64 / 1000.0),
    }
}
