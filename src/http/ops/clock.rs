//! Time limits that count only the time the process ran.
//!
//! A process stopped (SIGSTOP, a frozen container, a paused VM) and then
//! continued finds every monotonic deadline passed at once: a request whose
//! head arrived during the freeze would be closed unread (the client sees a
//! TCP reset) instead of answered. The server's limits (the request head's,
//! the request's, a stalled write's) are measured with [`sleep`] and
//! [`RunTimer`] instead: when one falls due, the time the process was
//! frozen meanwhile is added to its deadline (docs/design.md §3).
//!
//! A freeze is seen by a pulse: a thread that wakes every [`BEAT`]; a wake
//! later than [`FREEZE`] means the process did not run in between. A limit
//! that falls due while the pulse has not beaten since (the process was just
//! continued) waits for the pulse's next beat before it decides.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::OnceLock;
use std::task::{ready, Context, Poll};
use std::time::{Duration, Instant};

/// How often the pulse beats.
const BEAT: Duration = Duration::from_millis(100);

/// A gap between beats longer than this is a freeze: far beyond scheduling
/// delays on a loaded machine.
const FREEZE: Duration = Duration::from_secs(1);

/// A pulse that has not beaten for this long may not have seen a freeze yet.
const STALE: Duration = Duration::from_millis(500);

/// The pulse's record, read by every limit.
struct Pulse {
    /// What all times are counted from.
    origin: Instant,
    /// The last beat, in nanoseconds since `origin`.
    last_beat: AtomicU64,
    /// Time the process was frozen since `origin`, in nanoseconds.
    frozen: AtomicU64,
    /// Whether the pulse thread runs: without it, limits count wall time.
    beating: AtomicBool,
}

impl Pulse {
    /// The pulse, started at its first use.
    fn get() -> &'static Pulse {
        static PULSE: OnceLock<&'static Pulse> = OnceLock::new();
        PULSE.get_or_init(|| {
            let pulse: &'static Pulse = Box::leak(Box::new(Pulse {
                origin: Instant::now(),
                last_beat: AtomicU64::new(0),
                frozen: AtomicU64::new(0),
                beating: AtomicBool::new(true),
            }));
            let started = std::thread::Builder::new()
                .name("trail-pulse".into())
                .spawn(move || pulse.beat());
            if let Err(e) = started {
                // Limits then count a freeze as time run, as plain timers do.
                pulse.beating.store(false, Ordering::Release);
                tracing::warn!(error = %e, "cannot start the pulse thread");
            }
            pulse
        })
    }

    fn since_origin(&self, at: Instant) -> u64 {
        u64::try_from(at.saturating_duration_since(self.origin).as_nanos()).unwrap_or(u64::MAX)
    }

    fn beat(&self) {
        let mut last = Instant::now();
        loop {
            std::thread::sleep(BEAT);
            let now = Instant::now();
            let gap = now.saturating_duration_since(last);
            if gap > FREEZE {
                let frozen = u64::try_from((gap - BEAT).as_nanos()).unwrap_or(u64::MAX);
                self.frozen.fetch_add(frozen, Ordering::AcqRel);
                tracing::warn!(
                    seconds = (gap - BEAT).as_secs_f64(),
                    "the process did not run for a while (stopped, or its machine paused); \
                     time limits do not count it"
                );
            }
            self.last_beat
                .store(self.since_origin(now), Ordering::Release);
            last = now;
        }
    }

    /// Whether the pulse may not have seen a freeze that ended just now.
    fn stale(&self, now: Instant) -> bool {
        if !self.beating.load(Ordering::Acquire) {
            return false;
        }
        let last = self.last_beat.load(Ordering::Acquire);
        self.since_origin(now).saturating_sub(last) > STALE.as_nanos() as u64
    }

    fn frozen(&self) -> u64 {
        self.frozen.load(Ordering::Acquire)
    }
}

/// A sleep of process running time: due once its duration has passed with
/// the process running.
pub(crate) struct RunSleep {
    timer: Pin<Box<tokio::time::Sleep>>,
    /// When it is due, moved on by every freeze seen meanwhile.
    deadline: Instant,
    /// The pulse's frozen total already added to `deadline`.
    frozen_seen: u64,
}

/// A sleep of `duration` of the process's running time.
pub(crate) fn sleep(duration: Duration) -> RunSleep {
    sleep_until(Instant::now() + duration)
}

fn sleep_until(deadline: Instant) -> RunSleep {
    let pulse = Pulse::get();
    RunSleep {
        timer: Box::pin(tokio::time::sleep_until(deadline.into())),
        deadline,
        frozen_seen: pulse.frozen(),
    }
}

impl Future for RunSleep {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let pulse = Pulse::get();
        loop {
            ready!(self.timer.as_mut().poll(cx));
            let now = Instant::now();
            if pulse.stale(now) {
                // Just continued, maybe: decide after the pulse's next beat.
                self.timer.as_mut().reset((now + 2 * BEAT).into());
                continue;
            }
            let frozen = pulse.frozen();
            if frozen == self.frozen_seen {
                return Poll::Ready(());
            }
            let added = Duration::from_nanos(frozen - self.frozen_seen);
            self.frozen_seen = frozen;
            self.deadline += added;
            let deadline = self.deadline;
            self.timer.as_mut().reset(deadline.into());
        }
    }
}

impl hyper::rt::Sleep for RunSleep {}

/// `work`, unless `limit` of running time passes first.
pub(crate) async fn timeout<F: Future>(limit: Duration, work: F) -> Option<F::Output> {
    tokio::select! {
        out = work => Some(out),
        () = sleep(limit) => None,
    }
}

/// hyper's timer (the request head's limit), in running time.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RunTimer;

impl hyper::rt::Timer for RunTimer {
    fn sleep(&self, duration: Duration) -> Pin<Box<dyn hyper::rt::Sleep>> {
        Box::pin(sleep(duration))
    }

    fn sleep_until(&self, deadline: Instant) -> Pin<Box<dyn hyper::rt::Sleep>> {
        Box::pin(sleep_until(deadline))
    }
}
