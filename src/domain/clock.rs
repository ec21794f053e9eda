//! The clock the writer trusts (docs/design.md §2, "The clock"): the system
//! clock, watched against the process's running time. A step of the system
//! clock ahead of the running time by more than [`JUMP_BOUND_MS`] between
//! two readings is not believed at once: records are stamped as if it had
//! not happened until it has held for [`SETTLE_MS`] of running time (a
//! clock set right, adopted then), and idempotency keys expire by a time
//! that never counts such a step at all, so a clock set ahead, even for one
//! append, purges no key early (a key's expiry is written by the clock as
//! read, so it is never shorter than the TTL). Steps back are believed (a
//! chain's timestamps never go backwards anyway).

/// The largest step ahead of the running time between two readings that is
/// believed at once, in milliseconds.
pub const JUMP_BOUND_MS: i64 = 60_000;

/// How long a step ahead must hold, in running time, before records are
/// stamped by it, in milliseconds.
pub const SETTLE_MS: u64 = 5 * 60_000;

/// What one reading of the clock found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockEvent {
    /// The clock stepped ahead of the running time by more than the bound:
    /// it reads `by_ms` ahead of the time records are stamped with.
    Ahead { by_ms: i64 },
    /// A step ahead held for [`SETTLE_MS`]: records are stamped by the
    /// clock again (it was `by_ms` ahead).
    Adopted { by_ms: i64 },
}

/// One reading: the clock as read, the time to stamp records with, the time
/// idempotency keys expire by, all Unix milliseconds, and what was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    pub clock_ms: i64,
    pub stamp_ms: i64,
    pub expiry_ms: i64,
    pub event: Option<ClockEvent>,
}

/// The watch over the system clock, fed readings of it and of the running
/// time (both milliseconds; the running time from any fixed start).
#[derive(Debug, Clone, Default)]
pub struct ClockWatch {
    /// The previous reading: (clock, running time).
    previous: Option<(i64, u64)>,
    /// How far the clock reads ahead of the time records are stamped with.
    stamp_offset: i64,
    /// How far the clock reads ahead of the time keys expire by: steps
    /// ahead are never adopted here.
    expiry_offset: i64,
    /// Since when (running time) `stamp_offset` has been positive.
    ahead_since: Option<u64>,
}

/// How far the clock at start may read after the log's newest record
/// before it is said (a WARN, counted, on `/readyz`), in milliseconds: a
/// service stopped longer is expected to, a clock stepped ahead while it was
/// stopped is not, and the two cannot be told apart at start.
pub const START_GAP_MS: i64 = 3_600_000;

impl ClockWatch {
    /// The first reading, at start: `clock_ms` at running time
    /// `running_ms`, with the timestamp of the log's newest record
    /// (`newest_ms`) when there is one. Every later reading is compared with
    /// this one, so a step ahead before the first append is watched like
    /// any other. A clock ahead of the newest record by more than
    /// [`JUMP_BOUND_MS`] is believed for stamps (a stopped service cannot
    /// tell a long stop from a step), but keys then expire by the newest
    /// record's time plus the running time, so a clock set ahead while the
    /// service was stopped purges no key early either. How far ahead of the
    /// newest record the clock reads.
    pub fn start(&mut self, clock_ms: i64, running_ms: u64, newest_ms: Option<i64>) -> i64 {
        self.previous = Some((clock_ms, running_ms));
        let ahead = newest_ms.map_or(0, |newest| clock_ms.saturating_sub(newest));
        if ahead > JUMP_BOUND_MS {
            self.expiry_offset = ahead;
        }
        ahead
    }

    /// Reads `clock_ms` at running time `running_ms`.
    pub fn read(&mut self, clock_ms: i64, running_ms: u64) -> Reading {
        let mut event = None;
        if let Some((clock, running)) = self.previous {
            let ran = i64::try_from(running_ms.saturating_sub(running)).unwrap_or(i64::MAX);
            // What the clock moved that the running time does not explain.
            let step = clock_ms.saturating_sub(clock).saturating_sub(ran);
            if step > JUMP_BOUND_MS {
                self.stamp_offset = self.stamp_offset.saturating_add(step);
                self.expiry_offset = self.expiry_offset.saturating_add(step);
                self.ahead_since.get_or_insert(running_ms);
                event = Some(ClockEvent::Ahead {
                    by_ms: self.stamp_offset,
                });
            } else if step < 0 {
                self.stamp_offset = (self.stamp_offset + step).max(0);
                self.expiry_offset = (self.expiry_offset + step).max(0);
            }
        }
        if self.stamp_offset == 0 {
            self.ahead_since = None;
        } else if let Some(since) = self.ahead_since {
            if running_ms.saturating_sub(since) >= SETTLE_MS {
                event = Some(ClockEvent::Adopted {
                    by_ms: self.stamp_offset,
                });
                self.stamp_offset = 0;
                self.ahead_since = None;
            }
        }
        self.previous = Some((clock_ms, running_ms));
        Reading {
            clock_ms,
            stamp_ms: clock_ms - self.stamp_offset,
            expiry_ms: clock_ms - self.expiry_offset,
            event,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUR: i64 = 3_600_000;

    #[test]
    fn a_clock_that_runs_with_the_process_is_believed() {
        let mut watch = ClockWatch::default();
        for i in 0..10u64 {
            let r = watch.read(1_000_000 + i as i64 * 1000, i * 1000);
            assert_eq!(
                (r.stamp_ms, r.expiry_ms, r.event),
                (
                    1_000_000 + i as i64 * 1000,
                    1_000_000 + i as i64 * 1000,
                    None
                )
            );
        }
        // Small steps either way (NTP) are believed too.
        assert_eq!(watch.read(1_030_000, 10_000).stamp_ms, 1_030_000);
        assert_eq!(watch.read(1_000_000, 11_000).stamp_ms, 1_000_000);
    }

    #[test]
    fn a_clock_set_ahead_for_a_while_moves_neither_stamps_nor_expiry() {
        let mut watch = ClockWatch::default();
        watch.read(0, 0);
        let ahead = watch.read(25 * HOUR + 10, 10);
        assert_eq!(ahead.stamp_ms, 10);
        assert_eq!(ahead.expiry_ms, 10);
        assert_eq!(ahead.event, Some(ClockEvent::Ahead { by_ms: 25 * HOUR }));
        assert_eq!(watch.read(25 * HOUR + 1000, 1000).stamp_ms, 1000);
        // The clock comes back: nothing was held back.
        let back = watch.read(2000, 2000);
        assert_eq!(
            (back.stamp_ms, back.expiry_ms, back.event),
            (2000, 2000, None)
        );
        assert_eq!(watch.read(3000, 3000).stamp_ms, 3000);
    }

    #[test]
    fn a_step_that_holds_is_adopted_for_stamps_never_for_expiry() {
        let mut watch = ClockWatch::default();
        watch.read(0, 0);
        watch.read(HOUR, 1);
        let later = SETTLE_MS + 1;
        let r = watch.read(HOUR + later as i64 - 1, later);
        assert_eq!(r.event, Some(ClockEvent::Adopted { by_ms: HOUR - 1 }));
        assert_eq!(r.stamp_ms, HOUR + later as i64 - 1);
        assert_eq!(r.expiry_ms, later as i64);
        let next = watch.read(HOUR + later as i64 + 999, later + 1000);
        assert_eq!(
            (next.stamp_ms, next.event),
            (HOUR + later as i64 + 999, None)
        );
    }

    #[test]
    fn a_step_ahead_after_the_start_and_before_the_first_append_is_watched() {
        let mut watch = ClockWatch::default();
        assert_eq!(watch.start(HOUR, 0, Some(HOUR - 5000)), 5000);
        let r = watch.read(26 * HOUR + 10, 10);
        assert_eq!(r.event, Some(ClockEvent::Ahead { by_ms: 25 * HOUR }));
        assert_eq!((r.stamp_ms, r.expiry_ms), (HOUR + 10, HOUR + 10));
    }

    #[test]
    fn a_clock_far_ahead_of_the_log_at_start_expires_keys_by_the_log() {
        let mut watch = ClockWatch::default();
        assert_eq!(watch.start(26 * HOUR, 0, Some(HOUR)), 25 * HOUR);
        let r = watch.read(26 * HOUR + 1000, 1000);
        assert_eq!(r.event, None);
        assert_eq!(
            r.stamp_ms,
            26 * HOUR + 1000,
            "a long stop is believed for stamps"
        );
        assert_eq!(r.expiry_ms, HOUR + 1000, "keys expire by the log's time");
    }

    #[test]
    fn a_clock_set_back_is_believed() {
        let mut watch = ClockWatch::default();
        watch.read(10 * HOUR, 0);
        let r = watch.read(HOUR, 1000);
        assert_eq!((r.stamp_ms, r.expiry_ms, r.event), (HOUR, HOUR, None));
    }
}
