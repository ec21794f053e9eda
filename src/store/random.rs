//! Random bytes from the operating system, drawn a page at a time: record ids
//! and request ids take 16 bytes each, and one `getrandom` call per append
//! (two with the request id) was a measurable share of an append's system
//! time. Every byte still comes from the OS's CSPRNG and is used once.

use std::cell::RefCell;

use rand_core::{OsRng, RngCore};

/// Bytes drawn from the OS per refill.
const POOL: usize = 4096;

/// One thread's unused random bytes: `bytes[used..]`.
struct Pool {
    /// Bytes drawn from the OS at the last refill; zeroed as they are used.
    bytes: Box<[u8; POOL]>,
    /// How many of `bytes` have been handed out.
    used: usize,
}

thread_local! {
    static THREAD_POOL: RefCell<Pool> = RefCell::new(Pool {
        bytes: Box::new([0; POOL]),
        used: POOL,
    });
}

/// Fills `out` with random bytes from the OS.
pub fn fill(out: &mut [u8]) {
    if out.len() > POOL / 4 {
        OsRng.fill_bytes(out);
        return;
    }
    THREAD_POOL.with_borrow_mut(|pool| {
        if POOL - pool.used < out.len() {
            OsRng.fill_bytes(&mut pool.bytes[..]);
            pool.used = 0;
        }
        let taken = &mut pool.bytes[pool.used..pool.used + out.len()];
        out.copy_from_slice(taken);
        // Zeroed once used: no byte is handed out twice.
        taken.fill(0);
        pool.used += out.len();
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_differ_across_refills_and_threads() {
        let mut seen = std::collections::HashSet::new();
        // More than a pool's worth, so the pool refills at least once.
        for _ in 0..(2 * POOL / 16 + 3) {
            let mut id = [0u8; 16];
            fill(&mut id);
            assert_ne!(id, [0; 16]);
            assert!(seen.insert(id), "a 16-byte draw repeated");
        }
        let other = std::thread::spawn(|| {
            let mut id = [0u8; 16];
            fill(&mut id);
            id
        })
        .join()
        .unwrap();
        assert!(seen.insert(other), "another thread drew the same bytes");
        let mut big = vec![0u8; POOL];
        fill(&mut big);
        assert!(big.iter().any(|&b| b != 0));
    }
}
