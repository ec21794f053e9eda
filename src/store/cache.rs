//! Recent records by id. Records are immutable once committed, so a cached copy
//! can never be stale: the cache only saves the read. Bounded in records and in
//! bytes; oldest out first; large records are not cached.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use crate::domain::Record;

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
