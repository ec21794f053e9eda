//! Recent records by id, and stored log hashes by index, in bounded caches
//! (`quick_cache`). Both are immutable once committed, so a cached copy can
//! never be stale: the caches only save the read. Large records are not
//! cached.

use quick_cache::sync::Cache;
use quick_cache::Weighter;

use crate::domain::merkle::{Hash, StoredHashes};
use crate::domain::Record;

/// Stored log hashes by their index (the nodes of inclusion and consistency
/// proofs). The upper levels of the tree are in every proof, so after a few
/// receipts most of a proof is served from memory. Bounded in entries
/// (48 bytes or so each).
pub(crate) struct HashCache {
    /// By stored-hash index; bounded in entries.
    inner: Cache<u64, Hash>,
}

impl HashCache {
    pub(crate) fn new(max: usize) -> HashCache {
        HashCache {
            inner: Cache::new(max.max(1)),
        }
    }

    /// The cached hashes of `indexes`, and the indexes not cached.
    pub(crate) fn lookup(&self, indexes: &[u64]) -> (StoredHashes, Vec<u64>) {
        let mut found = StoredHashes::with_capacity_and_hasher(indexes.len(), Default::default());
        let mut missing = Vec::new();
        for &i in indexes {
            match self.inner.get(&i) {
                Some(h) => {
                    found.insert(i, h);
                }
                None => missing.push(i),
            }
        }
        (found, missing)
    }

    /// Caches hashes read from the database (only what is stored).
    pub(crate) fn put(&self, hashes: &StoredHashes) {
        for (i, h) in hashes {
            self.inner.insert(*i, *h);
        }
    }
}

/// Records larger than this (content and metadata) are read from storage.
const MAX_CACHED_RECORD_BYTES: u64 = 16 * 1024;

/// What a record costs the cache: its bytes, and at least the cache's bytes
/// per record, so that it holds no more records than it is given.
#[derive(Clone)]
struct RecordWeight {
    /// The least a record weighs: the byte bound over the record bound.
    floor: u64,
}

impl Weighter<String, Record> for RecordWeight {
    fn weight(&self, _id: &String, record: &Record) -> u64 {
        bytes(record).max(self.floor)
    }
}

/// A record's bytes in memory, roughly: its content and metadata, and the
/// rest (ids, hashes, timestamps) as 512.
fn bytes(r: &Record) -> u64 {
    (r.authored.content.len()
        + r.authored
            .metadata
            .as_ref()
            .map_or(0, |m| m.canonical().len())
        + 512) as u64
}

/// Recent records by id, bounded in records and in bytes.
pub(crate) struct RecordCache {
    /// By id, weighed by [`RecordWeight`]; None when given no room.
    inner: Option<Cache<String, Record, RecordWeight>>,
}

impl RecordCache {
    pub(crate) fn new(max_records: usize, max_bytes: usize) -> RecordCache {
        let inner = (max_records > 0 && max_bytes > 0).then(|| {
            let floor = (max_bytes / max_records).max(1) as u64;
            Cache::with_weighter(max_records, max_bytes as u64, RecordWeight { floor })
        });
        RecordCache { inner }
    }

    pub(crate) fn get(&self, id: &str) -> Option<Record> {
        self.inner.as_ref()?.get(id)
    }

    /// Caches a committed record (never anything uncommitted).
    pub(crate) fn put(&self, record: &Record) {
        let Some(inner) = &self.inner else { return };
        // An erasable record may be erased by any replica: it is read from
        // the database each time, so no copy of its content outlives it.
        if record.erasable.is_some()
            || bytes(record) > MAX_CACHED_RECORD_BYTES
            || inner.contains_key(record.id.as_str())
        {
            return;
        }
        inner.insert(record.id.clone(), record.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::chain::link;
    use crate::domain::{NewRecord, RecordType};

    fn record(i: u64, content: usize) -> Record {
        let draft = NewRecord::plain(RecordType::Plan, "t", "a", "x".repeat(content));
        link(
            draft,
            None,
            i,
            format!("r{i}"),
            "2026-01-01T00:00:00.000Z".into(),
            None,
        )
    }

    #[test]
    fn hashes_are_answered_from_memory_once_read_and_the_cache_stays_bounded() {
        let cache = HashCache::new(64);
        let read: StoredHashes = (0..3).map(|i| (i, Hash([i as u8; 32]))).collect();
        cache.put(&read);
        let (found, missing) = cache.lookup(&[0, 2, 7]);
        assert_eq!(found.len(), 2);
        assert_eq!(found[&2], Hash([2; 32]));
        assert_eq!(missing, vec![7]);
        let more: StoredHashes = (10..1000).map(|i| (i, Hash([i as u8; 32]))).collect();
        cache.put(&more);
        assert!(cache.inner.len() <= 64, "{}", cache.inner.len());
        let last: StoredHashes = [(5000, Hash([7; 32]))].into_iter().collect();
        cache.put(&last);
        assert_eq!(cache.lookup(&[5000]).0[&5000], Hash([7; 32]));
    }

    #[test]
    fn bounded_in_records_and_bytes_and_large_records_are_not_cached() {
        let cache = RecordCache::new(40, 1 << 20);
        for i in 0..500 {
            cache.put(&record(i, 10));
        }
        let inner = cache.inner.as_ref().unwrap();
        assert!(inner.len() <= 40, "{}", inner.len());
        assert_eq!(cache.get("r499").unwrap().id, "r499");
        let small = RecordCache::new(1000, 64 * 1024);
        for i in 0..1000 {
            small.put(&record(i, 2000));
        }
        assert!(small.inner.as_ref().unwrap().weight() <= 64 * 1024);
        assert!(small.get("r999").is_some());
        small.put(&record(5000, 20_000));
        assert!(small.get("r5000").is_none(), "large records are not cached");
        let none = RecordCache::new(0, 0);
        none.put(&record(1, 10));
        assert!(none.get("r1").is_none());
    }
}
