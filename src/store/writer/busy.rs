//! What the writer spends its time on (docs/design.md §10), so that a slow
//! append says why it was slow: each of the writer's activities is timed
//! into `decision_trail_writer_busy_seconds{what}`, and each append's wait,
//! from its queueing to its answer, is counted in
//! `decision_trail_append_wait_seconds{cause}` under the activity that took
//! the largest part of it (`queue` when the writer was between activities:
//! waking, or answering others).

use std::collections::VecDeque;
use std::time::Instant;

use crate::domain::metrics::{APPEND_WAIT, WRITER_BUSY};

/// One of the writer's activities.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum What {
    /// Opening a batch's transaction (on PostgreSQL, waiting for the log's lock).
    Begin,
    /// Reading what a batch needs (chain heads, idempotency keys) and
    /// planning it in memory: hashes, the frontier, the checkpoint's signature.
    Plan,
    /// The batch's statements.
    Write,
    /// The batch's commit: its durable write (the WAL's fsync).
    Commit,
    /// Cleaning the files of erased bytes after an erasure's commit.
    Erasure,
    /// A probe, snapshot, cosignature or binding between batches.
    Job,
}

impl What {
    /// Every activity, in the order of their discriminants.
    const ALL: [What; 6] = [
        What::Begin,
        What::Plan,
        What::Write,
        What::Commit,
        What::Erasure,
        What::Job,
    ];

    /// The label value.
    pub(crate) fn label(self) -> &'static str {
        match self {
            What::Begin => "begin",
            What::Plan => "plan",
            What::Write => "write",
            What::Commit => "commit",
            What::Erasure => "erasure",
            What::Job => "job",
        }
    }
}

/// The label of an append's wait that no activity covers most of.
pub(crate) const QUEUE: &str = "queue";

/// Activities kept: more than a batch's few, fewer than one append could
/// ever wait behind without the oldest mattering.
const KEPT: usize = 256;

/// The writer's recent activities, newest last.
#[derive(Debug, Default)]
pub(super) struct Busy {
    /// What, from when, to when.
    recent: VecDeque<(What, Instant, Instant)>,
}

impl Busy {
    /// `what` ran from `since` to now: timed, and kept for attributing waits.
    pub(super) fn done(&mut self, what: What, since: Instant) {
        let now = Instant::now();
        metrics::histogram!(WRITER_BUSY, "what" => what.label())
            .record(now.saturating_duration_since(since).as_secs_f64());
        if self.recent.len() == KEPT {
            self.recent.pop_front();
        }
        self.recent.push_back((what, since, now));
    }

    /// An append queued at `queued` is answered now: its wait is counted
    /// under the activity that took most of it.
    pub(super) fn answered(&self, queued: Instant) {
        let now = Instant::now();
        let wait = now.saturating_duration_since(queued);
        metrics::histogram!(APPEND_WAIT, "cause" => self.cause(queued, now))
            .record(wait.as_secs_f64());
    }

    /// The label of the activity that overlaps `from..to` most; [`QUEUE`]
    /// when the activities cover less of it than the time between them.
    fn cause(&self, from: Instant, to: Instant) -> &'static str {
        let mut by = [std::time::Duration::ZERO; What::ALL.len()];
        let mut covered = std::time::Duration::ZERO;
        for (what, start, end) in self.recent.iter().rev() {
            if *end <= from {
                break;
            }
            let overlap = (*end).min(to).saturating_duration_since((*start).max(from));
            by[*what as usize] += overlap;
            covered += overlap;
        }
        let idle = to.saturating_duration_since(from).saturating_sub(covered);
        let (most, longest) = by
            .iter()
            .enumerate()
            .max_by_key(|(_, d)| **d)
            .expect("an activity at least");
        if *longest == std::time::Duration::ZERO || idle > *longest {
            return QUEUE;
        }
        What::ALL[most].label()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_wait_is_the_activity_that_took_most_of_it() {
        let t0 = Instant::now();
        let at = |ms: u64| t0 + Duration::from_millis(ms);
        let mut busy = Busy::default();
        busy.recent.push_back((What::Plan, at(0), at(2)));
        busy.recent.push_back((What::Commit, at(2), at(30)));
        busy.recent.push_back((What::Plan, at(30), at(31)));
        busy.recent.push_back((What::Write, at(31), at(33)));
        busy.recent.push_back((What::Commit, at(33), at(35)));
        // Queued during the long commit: it waited behind it.
        assert_eq!(busy.cause(at(5), at(35)), "commit");
        // Queued after it: its own batch's write is the largest part.
        assert_eq!(busy.cause(at(30), at(34)), "write");
        // Nothing ran for most of it.
        assert_eq!(busy.cause(at(35), at(50)), QUEUE);
    }
}
