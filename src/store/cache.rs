//! Recent records by id, and stored log hashes by index. Both are immutable
//! once committed, so a cached copy can never be stale: the caches only save
//! the read. Bounded; large records are not cached.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use crate::domain::merkle::StoredHashes;
use crate::domain::Record;

/// Stored log hashes by their index (the nodes of inclusion and consistency
/// proofs). The upper levels of the tree are in every proof, so after a few
/// receipts most of a proof is served from memory. Bounded in entries
/// (48 bytes or so each); when full it starts over.
pub(crate) struct HashCache {
    max: usize,
    inner: Mutex<StoredHashes>,
}

impl HashCache {
    pub(crate) fn new(max: usize) -> HashCache {
        HashCache {
            max,
            inner: Mutex::new(StoredHashes::default()),
        }
    }

    /// The cached hashes of `indexes`, and the indexes not cached.
    pub(crate) fn lookup(&self, indexes: &[u64]) -> (StoredHashes, Vec<u64>) {
        let inner = self.inner.lock().expect("cache lock");
        let mut found = StoredHashes::with_capacity_and_hasher(indexes.len(), Default::default());
        let mut missing = Vec::new();
        for &i in indexes {
            match inner.get(&i) {
                Some(h) => {
                    found.insert(i, *h);
                }
                None => missing.push(i),
            }
        }
        (found, missing)
    }

    /// Caches hashes read from the database (only what is stored).
    pub(crate) fn put(&self, hashes: &StoredHashes) {
        if self.max == 0 {
            return;
        }
        let mut inner = self.inner.lock().expect("cache lock");
        if inner.len() + hashes.len() > self.max {
            inner.clear();
        }
        inner.extend(hashes.iter().map(|(i, h)| (*i, *h)));
    }
}

/// Records larger than this (content and metadata) are read from storage.
const MAX_CACHED_RECORD_BYTES: usize = 16 * 1024;

pub struct RecordCache {
    max_records: usize,
    max_bytes: usize,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    by_id: HashMap<String, Record>,
    order: VecDeque<String>,
    bytes: usize,
}

fn weight(r: &Record) -> usize {
    r.content.len() + r.metadata.as_ref().map_or(0, |m| m.canonical().len()) + 512
}

impl RecordCache {
    pub fn new(max_records: usize, max_bytes: usize) -> RecordCache {
        RecordCache {
            max_records,
            max_bytes,
            inner: Mutex::new(Inner::default()),
        }
    }

    pub fn get(&self, id: &str) -> Option<Record> {
        self.inner
            .lock()
            .expect("cache lock")
            .by_id
            .get(id)
            .cloned()
    }

    /// Caches a committed record (never anything uncommitted).
    pub fn put(&self, record: &Record) {
        let w = weight(record);
        if self.max_records == 0 || w > MAX_CACHED_RECORD_BYTES {
            return;
        }
        let mut inner = self.inner.lock().expect("cache lock");
        if inner.by_id.contains_key(&record.id) {
            return;
        }
        inner.order.push_back(record.id.clone());
        inner.by_id.insert(record.id.clone(), record.clone());
        inner.bytes += w;
        while inner.order.len() > self.max_records || inner.bytes > self.max_bytes {
            let Some(old) = inner.order.pop_front() else {
                break;
            };
            if let Some(r) = inner.by_id.remove(&old) {
                inner.bytes -= weight(&r);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::chain::link;
    use crate::domain::merkle::Hash;
    use crate::domain::{NewRecord, RecordType};

    fn record(i: u64, content: usize) -> Record {
        let draft = NewRecord {
            r#type: RecordType::Plan,
            task_id: "t".into(),
            agent_id: "a".into(),
            content: "x".repeat(content),
            metadata: None,
            capabilities: None,
            session_id: None,
            parent_id: None,
            expected_prev_hash: None,
        };
        link(
            draft,
            None,
            i,
            format!("r{i}"),
            "2026-01-01T00:00:00.000Z".into(),
        )
    }

    #[test]
    fn hashes_are_answered_from_memory_once_read_and_the_cache_stays_bounded() {
        let cache = HashCache::new(4);
        let read: StoredHashes = (0..3).map(|i| (i, Hash([i as u8; 32]))).collect();
        cache.put(&read);
        let (found, missing) = cache.lookup(&[0, 2, 7]);
        assert_eq!(found.len(), 2);
        assert_eq!(found[&2], Hash([2; 32]));
        assert_eq!(missing, vec![7]);
        let more: StoredHashes = (10..13).map(|i| (i, Hash([i as u8; 32]))).collect();
        cache.put(&more);
        assert!(
            cache.inner.lock().unwrap().len() <= 4,
            "starts over when full"
        );
        assert_eq!(cache.lookup(&[11]).0[&11], Hash([11; 32]));
    }

    #[test]
    fn bounded_in_records_and_bytes_oldest_out_first() {
        let cache = RecordCache::new(3, 1 << 20);
        for i in 0..5 {
            cache.put(&record(i, 10));
        }
        assert!(cache.get("r0").is_none() && cache.get("r1").is_none());
        assert_eq!(cache.get("r4").unwrap().id, "r4");
        let small = RecordCache::new(100, 3 * 1024);
        for i in 0..10 {
            small.put(&record(i, 500));
        }
        assert!(small.inner.lock().unwrap().bytes <= 3 * 1024);
        assert!(small.get("r9").is_some());
        small.put(&record(99, 20_000));
        assert!(small.get("r99").is_none(), "large records are not cached");
    }
}
