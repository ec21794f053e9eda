//! Search (docs/design.md §7): the one statement that asks a backend's index
//! ([`hits`], over its [`SearchSql`]), and search pages. BM25 scores move as
//! the log grows (each append changes the corpus statistics), so a cursor
//! that named a score would skip or repeat hits while appends continue.
//! Instead the first page keeps the order of the query's best [`MAX_HITS`]
//! hits here, and its cursor names that order and a position in it: the next
//! pages read the same order, whatever was appended since. Kept in memory,
//! bounded, for [`KEPT_FOR`].

use std::fmt::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use quick_cache::sync::{Cache, GuardResult};
use rand_core::{OsRng, RngCore};

use crate::domain::cursor::{self, CursorKind};
use crate::domain::record::RecordFilter;
use crate::domain::search::{SearchQuery, MAX_HITS};
use crate::domain::Record;
use crate::store::backend::sql::{Db, Param, Query};
use crate::store::reads::filter_clauses;
use crate::store::{Store, StoreError};

/// How long a search's order is kept for its next pages.
pub const KEPT_FOR: Duration = Duration::from_secs(15 * 60);

/// The most searches kept at once (each at most [`MAX_HITS`] hits, 16 bytes
/// each: about 4 MiB in all); past it, the least used goes first.
const KEPT_SEARCHES: usize = 256;

/// A page of hits.
#[derive(Debug)]
pub struct SearchPage {
    pub hits: Vec<SearchHit>,
    /// The cursor of the next page, when there is one.
    pub next: Option<String>,
}

/// A record that matched, and how well (higher is better).
#[derive(Debug)]
pub struct SearchHit {
    pub record: Record,
    pub rank: f64,
}

/// The kept orders, by the id their cursors carry (bounded: `quick_cache`).
pub(crate) struct SearchOrders {
    /// By the id a cursor carries; bounded in searches.
    inner: Cache<u32, Arc<Kept>>,
}

impl Default for SearchOrders {
    fn default() -> SearchOrders {
        SearchOrders {
            inner: Cache::new(KEPT_SEARCHES),
        }
    }
}

struct Kept {
    /// What was searched (query and filters): a cursor is refused with
    /// another query.
    asked: String,
    /// Log index and relevance of each hit, best first.
    hits: Arc<Vec<(u64, f64)>>,
    /// When the first page was read: the order is kept for [`KEPT_FOR`].
    made: Instant,
}

impl SearchOrders {
    fn get(&self, id: u32, asked: &str) -> Option<Arc<Vec<(u64, f64)>>> {
        self.inner
            .get(&id)
            .filter(|k| k.asked == asked && k.made.elapsed() < KEPT_FOR)
            .map(|k| k.hits.clone())
    }

    fn keep(&self, asked: String, hits: Arc<Vec<(u64, f64)>>) -> u32 {
        let kept = Arc::new(Kept {
            asked,
            hits,
            made: Instant::now(),
        });
        loop {
            let id = OsRng.next_u32();
            // A fresh id only: an order in use is never replaced.
            if let GuardResult::Guard(slot) = self.inner.get_value_or_guard(&id, None) {
                let _ = slot.insert(kept);
                return id;
            }
        }
    }
}

/// A search, as the store asks a backend's index (docs/design.md §7).
#[derive(Debug, Clone, Copy)]
pub(crate) struct SearchRequest<'a> {
    /// What is looked for.
    pub query: &'a SearchQuery,
    /// Only the records of this task, when given.
    pub task: Option<&'a str>,
    /// Only the records this filter keeps.
    pub filter: &'a RecordFilter,
    /// The best this many hits.
    pub max_hits: u32,
}

/// How a backend's full-text index is searched, in its own SQL
/// ([`crate::store::backend::sql::Dialect`]); [`hits`] writes the rest of the statement.
pub(crate) struct SearchSql {
    /// The index table, as the statement names it.
    pub index: &'static str,
    /// An index row's log index.
    pub log_index: &'static str,
    /// An index row's relevance for the match `$1` (higher is better).
    pub score: &'static str,
    /// The condition that an index row matches `$1`.
    pub matches: &'static str,
    /// The relevance of every record when the index is not used.
    pub no_score: &'static str,
    /// The match `$1` of a query's indexed terms; None when it has none.
    pub match_of: fn(&SearchQuery) -> Option<String>,
    /// A term the index cannot find (`domain::search::SearchQuery::unindexed`) as
    /// the content is looked for it.
    pub content_form: fn(&str) -> String,
    /// The condition that record `t` holds such a term: its content holds
    /// value `$content`, or its metadata value `$text` (the term itself).
    pub holds: fn(content: usize, text: usize) -> String,
}

/// The best `max_hits` records matching the request, best first, with their
/// relevance; equal scores newest first. Without a term to look for in the
/// records nor a filter, the index alone ranks the hits (no join: it would
/// read the row of every match, ~3× slower for common words). A query of
/// terms the index cannot find only matches the newest records that hold
/// them, with no relevance.
pub(crate) async fn hits(
    db: Db<'_>,
    request: SearchRequest<'_>,
) -> Result<Vec<(u64, f64)>, StoreError> {
    let dialect = db.dialect();
    let sql = &dialect.search;
    let matched = (sql.match_of)(request.query);
    let short: Vec<(String, String)> = request
        .query
        .unindexed()
        .into_iter()
        .map(|term| ((sql.content_form)(&term), term))
        .collect();
    let index_only = matched.is_some()
        && short.is_empty()
        && request.task.is_none()
        && request.filter.is_empty();
    let (index, at, score, matches) = (sql.index, sql.log_index, sql.score, sql.matches);
    let mut q = Query::new(match &matched {
        Some(_) if index_only => {
            format!("SELECT {at}, {score} AS score FROM {index} WHERE {matches}")
        }
        Some(_) => format!(
            "SELECT t.log_index, {score} AS score FROM {index} \
             JOIN thoughts t ON t.log_index = {at} WHERE {matches}"
        ),
        None => format!(
            "SELECT t.log_index, {} AS score FROM thoughts t WHERE true",
            sql.no_score
        ),
    });
    if let Some(m) = &matched {
        q.push(Param::Text(m));
    }
    for (content, text) in &short {
        let (content, text) = (q.push(Param::Text(content)), q.push(Param::Text(text)));
        let _ = write!(q.sql, " AND {}", (sql.holds)(content, text));
    }
    filter_clauses(&mut q, dialect, request.task, request.filter);
    let n = q.push(Param::Int(i64::from(request.max_hits)));
    let _ = match (&matched, index_only) {
        (Some(_), true) => write!(q.sql, " ORDER BY score DESC, {at} DESC LIMIT ${n}"),
        (Some(_), false) => write!(q.sql, " ORDER BY score DESC, t.log_index DESC LIMIT ${n}"),
        (None, _) => write!(q.sql, " ORDER BY t.log_index DESC LIMIT ${n}"),
    };
    let rows: Vec<(i64, f64)> = db.fetch_all(&q).await?;
    Ok(rows
        .into_iter()
        .map(|(index, score)| (index as u64, score))
        .collect())
}

/// A search cursor: the kept order's id and the position of the next hit,
/// packed into the one number every cursor carries.
fn encode(id: u32, offset: u32) -> String {
    cursor::encode(
        CursorKind::Search,
        (u64::from(id) << 32) | u64::from(offset),
    )
}

fn decode(token: &str) -> Option<(u32, u32)> {
    let n = cursor::decode(CursorKind::Search, token)?;
    Some(((n >> 32) as u32, n as u32))
}

impl Store {
    /// The log size the search index covers, as stored (docs/design.md
    /// §7): every record below it is found by a search, none at or above.
    /// A progress that is missing, or past the log as stored, is not one an
    /// indexer wrote: the index is then not trusted ([`Store::search`]).
    pub async fn indexed_size(&self) -> Result<u64, StoreError> {
        let progress = self.writer.index_progress();
        if let Some(why) = progress.altered() {
            return Err(StoreError::IndexAltered(why));
        }
        let (indexed, size): (Option<i64>, i64) = self
            .reads
            .db()
            .fetch_one(&Query::new(
                "SELECT p.indexed_size, (SELECT COALESCE(MAX(log_index) + 1, 0) FROM thoughts) \
                 FROM (SELECT 1 AS one) AS o LEFT JOIN search_progress p ON p.id = o.one",
            ))
            .await?;
        let why = match indexed {
            None => "its progress row is missing".to_string(),
            Some(i) if i > size => format!(
                "its progress says it covers {i} records, but the log holds {size}: no record at \
                 or past {size} would ever be indexed"
            ),
            Some(i) => return Ok(i.max(0) as u64),
        };
        progress.found_altered("search_progress", why.clone());
        Err(StoreError::IndexAltered(why))
    }

    /// A page of the records matching `query` that `task` and `filter` keep,
    /// best first; `after` is a previous page's `next`.
    pub async fn search(
        &self,
        query: &SearchQuery,
        task: Option<&str>,
        filter: &RecordFilter,
        after: Option<&str>,
        limit: u32,
    ) -> Result<SearchPage, StoreError> {
        let progress = self.writer.index_progress();
        if let Some(why) = progress.altered() {
            return Err(StoreError::IndexAltered(why));
        }
        let asked = format!("{}\n{task:?}\n{filter:?}", query.normal_form());
        let (hits, id, offset) = match after {
            Some(token) => {
                let (id, offset) = decode(token).ok_or(StoreError::UnknownCursor)?;
                let hits = self
                    .search_orders
                    .get(id, &asked)
                    .ok_or(StoreError::SearchCursorGone)?;
                (hits, Some(id), offset as usize)
            }
            None => {
                let search = SearchRequest {
                    query,
                    task,
                    filter,
                    max_hits: MAX_HITS as u32,
                };
                let hits = match self.reads.search(search).await {
                    Ok(hits) => hits,
                    // Pages SQLite reads as damaged: not the index written.
                    Err(StoreError::RowAltered(why)) => {
                        progress.found_altered("search_index", why.clone());
                        return Err(StoreError::IndexAltered(why));
                    }
                    Err(e) => return Err(e),
                };
                (Arc::new(hits), None, 0)
            }
        };
        let end = offset.saturating_add(limit as usize).min(hits.len());
        let page = &hits[offset.min(end)..end];
        let next = (end < hits.len()).then(|| {
            let id = id.unwrap_or_else(|| self.search_orders.keep(asked, hits.clone()));
            encode(id, end as u32)
        });
        let indexes: Vec<u64> = page.iter().map(|(i, _)| *i).collect();
        // A record no signed checkpoint covers is not served as one (said
        // by `only_signed`): its hit is left out, not the index's fault.
        let stored = self.reads.records_at(&indexes).await?;
        let all: Vec<u64> = stored.iter().map(|r| r.log_index).collect();
        let kept = self.only_signed(stored).await?;
        let mut records: std::collections::HashMap<u64, Record> =
            kept.into_iter().map(|r| (r.log_index, r)).collect();
        let unsigned: std::collections::HashSet<u64> = all
            .into_iter()
            .filter(|i| !records.contains_key(i))
            .collect();
        // The index is not trusted (docs/design.md §7): a hit whose record is
        // not stored, or does not hold the query, is a row the service did
        // not write. A record erased since (its erasure is on its trail) holds
        // nothing: its hit is left out, as its row was emptied.
        let mut hits = Vec::with_capacity(page.len());
        let mut refused = Vec::new();
        for (log_index, rank) in page {
            match records.remove(log_index) {
                Some(record)
                    if query.found_in(
                        &record.authored.content,
                        record.authored.metadata.as_ref().map(|m| m.canonical()),
                    ) =>
                {
                    hits.push(SearchHit {
                        record,
                        rank: *rank,
                    })
                }
                Some(record) if record.is_erased() => {}
                Some(record) => refused.push(format!(
                    "log_index {log_index} (record {} does not hold the query)",
                    record.id
                )),
                None if unsigned.contains(log_index) => {}
                None => refused.push(format!("log_index {log_index} (no record is stored there)")),
            }
        }
        if !refused.is_empty() {
            let why = format!(
                "rows that are not their records' answered the query `{}`: {}",
                query.normal_form(),
                refused.join(", ")
            );
            progress.found_altered("search_index", why.clone());
            return Err(StoreError::IndexAltered(why));
        }
        Ok(SearchPage { hits, next })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_carries_its_order_and_position() {
        for (id, offset) in [(0, 0), (1, 20), (u32::MAX, 999)] {
            assert_eq!(decode(&encode(id, offset)), Some((id, offset)));
        }
        assert_eq!(decode(&cursor::encode(CursorKind::Records, 5)), None);
    }

    #[test]
    fn an_order_is_found_only_with_its_query() {
        let orders = SearchOrders::default();
        let id = orders.keep("a".into(), Arc::new(vec![(1, 2.0)]));
        assert_eq!(orders.get(id, "a").unwrap()[0], (1, 2.0));
        assert!(orders.get(id, "b").is_none());
        assert!(orders.get(id.wrapping_add(1), "a").is_none());
    }
}
