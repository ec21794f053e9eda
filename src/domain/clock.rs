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

impl ClockWatch {
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
    fn a_clock_set_back_is_believed() {
        let mut watch = ClockWatch::default();
        watch.read(10 * HOUR, 0);
        let r = watch.read(HOUR, 1000);
        assert_eq!((r.stamp_ms, r.expiry_ms, r.event), (HOUR, HOUR, None));
    }
}
