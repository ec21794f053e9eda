//! The log checked at start, the same on every backend (docs/design.md §2,
//! §4): the schema's triggers must all be there, the leaf format the current
//! one, the last checkpoint signed by this log's key under its origin, and
//! the records, the stored log and that checkpoint must agree: as many
//! records as it signs, a dense `log_index`, the last leaf that of the last
//! record, and a frontier that reproduces the signed root. Nothing is ever
//! rebuilt or signed again here: only an empty database gets its first
//! (size-0) checkpoint.

use crate::domain::chain::ChainHead;
use crate::domain::checkpoint::{open_checkpoint, LogSigner};
use crate::domain::merkle::{leaf_data, leaf_hash, stored_leaf_index, Frontier};
use crate::store::backend::rows::HashText;
use crate::store::backend::sql::{Db, Param, Query};
use crate::store::backend::LogOpening;
use crate::store::log::rows::{self as log_rows, insert_checkpoint};
use crate::store::{SignedCheckpoint, StoreError};

/// The triggers both schemas' guarantees rest on (migrations/sqlite,
/// migrations/postgres); each backend's [`crate::store::backend::sql::Dialect`] names its
/// own besides. The service refuses to start without any of them.
pub(crate) const SHARED_TRIGGERS: [&str; 10] = [
    "capability_snapshots_no_delete",
    "capability_snapshots_no_update",
    "checkpoints_no_delete",
    "checkpoints_no_update",
    "log_hashes_no_delete",
    "log_hashes_no_update",
    "thoughts_advance_task_head",
    "thoughts_link_dense_parent",
    "thoughts_no_delete",
    "thoughts_no_update",
];

/// The required triggers that are missing (or, where a trigger can be
/// turned off, disabled), by name.
pub(crate) async fn missing_triggers(db: Db<'_>) -> Result<Vec<&'static str>, StoreError> {
    let dialect = db.dialect();
    let present: Vec<(String,)> = db.fetch_all(&Query::new(dialect.triggers)).await?;
    let has = |name: &str| present.iter().any(|(p,)| p == name);
    let mut missing: Vec<&'static str> = SHARED_TRIGGERS
        .iter()
        .chain(dialect.own_triggers)
        .copied()
        .filter(|t| !has(t))
        .filter(|t| {
            // Not missing when the older triggers that kept its rules are all there.
            !dialect
                .merged_triggers
                .iter()
                .any(|(merged, older)| merged == t && older.iter().all(|o| has(o)))
        })
        .collect();
    missing.sort_unstable();
    Ok(missing)
}

/// Why the log cannot be served: the database was altered.
fn altered(db: &Db<'_>, what: String) -> StoreError {
    let rebuild = if db.dialect().leaf_formats {
        ", `decision-trail log rebuild` starts a new log"
    } else {
        ""
    };
    StoreError::Config(format!(
        "{what}; refusing to start (the log only ever grows from its last signed checkpoint; \
         `decision-trail fsck` re-derives everything{rebuild})"
    ))
}

/// Loads the log at start on the writer's connection `db` (PostgreSQL's
/// under the log's lock, as replicas may start together): its frontier,
/// checked as the module says, and the checkpoint to serve.
///
/// An empty database gets its first checkpoint only when nothing says this
/// key signed before (`LogOpening::signed_before`): otherwise it is refused before
/// anything is signed (a second history under one key). The third value:
/// whether the log is new.
pub(crate) async fn open(
    mut db: Db<'_>,
    opening: LogOpening<'_>,
) -> Result<(Frontier, SignedCheckpoint, bool), StoreError> {
    let LogOpening {
        signer,
        origin,
        signed_before,
    } = opening;
    let missing = missing_triggers(db.reborrow()).await?;
    if !missing.is_empty() {
        return Err(altered(
            &db,
            format!("the database lacks the triggers {}", missing.join(", ")),
        ));
    }
    let replaced = crate::store::check::triggers::altered_triggers(db.reborrow()).await?;
    if !replaced.is_empty() {
        return Err(altered(&db, replaced.join("; ")));
    }
    if db.dialect().leaf_formats {
        check_leaf_format(db.reborrow()).await?;
    }
    let last = match log_rows::checkpoint(db.reborrow(), None).await {
        Err(StoreError::LogAltered(what)) => return Err(altered(&db, what)),
        read => read?,
    };
    let (count, next): (i64, i64) = db
        .reborrow()
        .fetch_one(&Query::new(
            "SELECT COUNT(*), COALESCE(MAX(log_index) + 1, 0) FROM thoughts",
        ))
        .await?;
    let (count, next) = (count as u64, next as u64);
    let Some(last) = last else {
        if count > 0 {
            return Err(altered(
                &db,
                format!(
                    "{count} records are stored but no checkpoint was ever signed for them: \
                     the checkpoints were removed"
                ),
            ));
        }
        match signed_before {
            Ok(Some(signed)) if signed > 0 => {
                return Err(altered(
                    &db,
                    format!(
                        "the database holds no log, but the checkpoint copy says this key \
                         signed {signed} records: an empty database under a key that has \
                         signed would be a second history under one key (the database was \
                         deleted or replaced)"
                    ),
                ))
            }
            Err(copy) => {
                return Err(altered(
                    &db,
                    format!(
                        "the database holds no log, and whether this key signed before cannot \
                         be told: {copy}"
                    ),
                ))
            }
            _ => {}
        }
        // A new, empty log: its first checkpoint, so that there is one to serve.
        let frontier = Frontier::empty();
        let checkpoint = SignedCheckpoint::sign(&frontier, signer, origin);
        insert_checkpoint(db, &checkpoint).await?;
        return Ok((frontier, checkpoint, true));
    };
    check_signer(&last, signer, origin)?;
    if count != next {
        let gap = first_gap(db.reborrow()).await?;
        return Err(altered(
            &db,
            format!(
                "log_index {gap} has no record (records: {count}, highest log_index: {}): \
                 records were removed",
                next.saturating_sub(1)
            ),
        ));
    }
    if count != last.tree_size {
        let what = if count > last.tree_size {
            format!(
                "records from log_index {} on have no signed checkpoint (the last signs {})",
                last.tree_size, last.tree_size
            )
        } else {
            format!(
                "the log signed {} records but only {count} are stored: records were removed",
                last.tree_size
            )
        };
        return Err(altered(&db, what));
    }
    let stored = log_rows::stored_hashes(db.reborrow(), &Frontier::indexes(last.tree_size)).await?;
    let frontier = Frontier::from_stored(last.tree_size, &stored)
        .map_err(|e| altered(&db, format!("the log cannot be loaded: {e}")))?;
    if frontier.root() != last.root {
        return Err(altered(
            &db,
            format!(
                "the stored log does not match its last signed checkpoint (size {}): the \
                 database was altered",
                last.tree_size
            ),
        ));
    }
    if last.tree_size > 0 {
        check_leaf(db.reborrow(), last.tree_size - 1).await?;
    }
    repair_summaries(db).await?;
    Ok((frontier, last, false))
}

/// No rebuild was left half done, and the log's leaves are in the current
/// format (a log of the first format is never extended or signed again).
async fn check_leaf_format(mut db: Db<'_>) -> Result<(), StoreError> {
    let (rebuilding,): (i64,) = db
        .reborrow()
        .fetch_one(&Query::new("SELECT COUNT(*) FROM log_rebuild"))
        .await?;
    if rebuilding > 0 {
        return Err(altered(&db, "the table log_rebuild is not empty".into()));
    }
    let format: Option<(String,)> = db
        .reborrow()
        .fetch_optional(&Query::new("SELECT leaf FROM log_format"))
        .await?;
    match format.as_ref().map(|(f,)| f.as_str()) {
        Some("attributed") => Ok(()),
        Some("raw") => Err(StoreError::Config(
            "this database's log uses the first leaf format (record hashes without their \
             agent); it is never extended or signed again. Run `decision-trail log rebuild \
             --origin NEW-ORIGIN` to start a new log that commits to attribution"
                .into(),
        )),
        _ => Err(altered(&db, "the log format row is missing".into())),
    }
}

/// The log is signed by one key under one name: a process given another key
/// or origin would sign a second log into the same tables (every replica of
/// a shared database must be given the same ones).
fn check_signer(
    last: &SignedCheckpoint,
    signer: &LogSigner,
    origin: &str,
) -> Result<(), StoreError> {
    if let Err(e) = open_checkpoint(&last.note, signer.verifier_key()) {
        return Err(StoreError::Config(format!(
            "the database's last checkpoint is not signed by this log's key ({e}): a log is \
             signed with one key, and every replica of a shared database must be given it"
        )));
    }
    let signed_origin = last.note.lines().next().unwrap_or_default();
    if signed_origin != origin {
        return Err(StoreError::Config(format!(
            "this database's log is named `{signed_origin}`, not `{origin}`: a log is served \
             under one origin (--origin), by every replica of a shared database alike"
        )));
    }
    Ok(())
}

/// The first `log_index` below the highest that has no record.
async fn first_gap(db: Db<'_>) -> Result<u64, StoreError> {
    let (gap,): (i64,) = db
        .fetch_one(&Query::new(
            "SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM thoughts WHERE log_index = 0) THEN 0 \
             ELSE (SELECT t.log_index + 1 FROM thoughts t WHERE NOT EXISTS \
             (SELECT 1 FROM thoughts n WHERE n.log_index = t.log_index + 1) \
             ORDER BY t.log_index LIMIT 1) END",
        ))
        .await?;
    Ok(gap as u64)
}

/// The stored leaf `log_index` must be the leaf of the record there.
async fn check_leaf(mut db: Db<'_>, log_index: u64) -> Result<(), StoreError> {
    let sql = "SELECT agent_id, hash FROM thoughts WHERE log_index = $1";
    let row: Option<(String, HashText)> = db
        .reborrow()
        .fetch_optional(&Query::new(sql).bind(Param::Int(log_index as i64)))
        .await?;
    let (agent_id, HashText(hash)) =
        row.ok_or_else(|| altered(&db, format!("log_index {log_index} has no record")))?;
    let index = stored_leaf_index(log_index);
    let stored = log_rows::stored_hashes(db.reborrow(), &[index]).await?;
    if stored.get(&index) != Some(&leaf_hash(&leaf_data(&agent_id, &hash))) {
        return Err(altered(
            &db,
            format!(
                "the leaf at log_index {log_index} is not that of its record (hash or agent_id \
                 edited)"
            ),
        ));
    }
    Ok(())
}

/// A task summary row as stored beside what its chain says: (task_id,
/// stored length, head hash and last timestamp; the chain's last seq, hash
/// and timestamp).
type SummaryRow = (
    String,
    Option<i64>,
    Option<String>,
    Option<String>,
    Option<i64>,
    Option<HashText>,
    Option<String>,
);

/// The task summaries (`tasks`, derived rows) that are not what their
/// chains say: a summary whose length, head hash or last timestamp differs
/// from its chain's last record, a summary of no chain, or a chain without
/// one. Each with what is wrong, and the summary its chain gives (None: no
/// chain). One indexed lookup per task, and one pass over first records.
pub(crate) async fn wrong_summaries(
    mut db: Db<'_>,
) -> Result<Vec<(String, String, Option<ChainHead>)>, StoreError> {
    let last = |column: &str| {
        format!(
            "(SELECT h.{column} FROM thoughts h WHERE h.task_id = t.task_id \
             ORDER BY h.seq DESC LIMIT 1)"
        )
    };
    let sql = format!(
        "SELECT t.task_id, t.length, t.head_hash, t.last_timestamp, {}, {}, {} \
         FROM tasks t \
         UNION ALL \
         SELECT c.task_id, NULL, NULL, NULL, {}, {}, {} FROM thoughts c \
         WHERE c.seq = 0 AND NOT EXISTS (SELECT 1 FROM tasks s WHERE s.task_id = c.task_id)",
        last("seq"),
        last("hash"),
        last("timestamp"),
        last("seq").replace("t.task_id", "c.task_id"),
        last("hash").replace("t.task_id", "c.task_id"),
        last("timestamp").replace("t.task_id", "c.task_id"),
    );
    let rows: Vec<SummaryRow> = db.reborrow().fetch_all(&Query::new(sql)).await?;
    let mut wrong = Vec::new();
    for (task, length, head_hash, last_timestamp, seq, hash, timestamp) in rows {
        let chain = match (seq, hash, timestamp) {
            (Some(seq), Some(HashText(hash)), Some(timestamp)) => Some(ChainHead {
                length: seq as u64 + 1,
                head_hash: hash,
                last_timestamp: timestamp,
            }),
            _ => None,
        };
        let what = match (&chain, length) {
            (None, _) => Some("a summary of a task that has no records".to_string()),
            (Some(_), None) => Some("a chain without a summary".to_string()),
            (Some(c), Some(length)) => {
                let stored = (
                    length as u64,
                    head_hash.as_deref().unwrap_or_default(),
                    last_timestamp.as_deref().unwrap_or_default(),
                );
                (stored != (c.length, c.head_hash.as_str(), c.last_timestamp.as_str())).then(|| {
                    format!(
                        "the summary says length {}, head {}, last timestamp {}; the chain: \
                         length {}, head {}, last timestamp {}",
                        stored.0, stored.1, stored.2, c.length, c.head_hash, c.last_timestamp
                    )
                })
            }
        };
        if let Some(what) = what {
            wrong.push((task, what, chain));
        }
    }
    Ok(wrong)
}

/// Rewrites the task summaries that are not their chains' (start: a derived
/// row is derived again, never trusted), each named at ERROR.
async fn repair_summaries(mut db: Db<'_>) -> Result<(), StoreError> {
    for (task, what, chain) in wrong_summaries(db.reborrow()).await? {
        tracing::error!(
            task_id = %task,
            %what,
            "a task summary is not what its chain says (the database was edited): rewritten \
             from the chain"
        );
        let query = match &chain {
            None => Query::new("DELETE FROM tasks WHERE task_id = $1").bind(Param::Text(&task)),
            Some(c) => Query::new(
                "INSERT INTO tasks (task_id, length, head_hash, first_timestamp, last_timestamp) \
                 SELECT $1, $2, $3, f.timestamp, $4 FROM thoughts f \
                 WHERE f.task_id = $5 AND f.seq = 0 \
                 ON CONFLICT (task_id) DO UPDATE SET length = excluded.length, \
                 head_hash = excluded.head_hash, first_timestamp = excluded.first_timestamp, \
                 last_timestamp = excluded.last_timestamp",
            )
            .bind(Param::Text(&task))
            .bind(Param::Int(c.length as i64))
            .bind(Param::Text(&c.head_hash))
            .bind(Param::Text(&c.last_timestamp))
            .bind(Param::Text(&task)),
        };
        db.reborrow().execute(&query).await?;
    }
    Ok(())
}
