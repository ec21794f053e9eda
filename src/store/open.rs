//! Opening a store (docs/design.md §4): the backend the URL names, the
//! log's signing key, the log checked at start against the checkpoint copy,
//! and the writer started; and `decision-trail log rebuild`, which starts a
//! new log over the stored records.

use chrono::Utc;

use super::backend::{LogOpening, Opened};
use super::cache::{HashCache, RecordCache};
use super::log::copy::{self as checkpoint_copy, check_copy, CheckpointCopy, MissingCopy};
use super::log::signed::{self, SignedClaim};
use super::reads::Reads;
use super::writer::Writer;
use super::{
    log::signing, postgres, reads::search, sqlite, Seams, SignedCheckpoint, Store, StoreConfig,
    StoreError,
};
use crate::domain::chain::format_timestamp;
use crate::domain::checkpoint::LogSigner;

/// Records kept by id for reads, and their bytes at most.
const RECENT_RECORDS: usize = 16_384;
const RECENT_BYTES: usize = 32 * 1024 * 1024;
/// Stored log hashes kept in memory (about 48 bytes each: 12 MB at most).
const CACHED_HASHES: usize = 256 * 1024;

/// Logs each migration an existing database is about to be given (`applied`:
/// the versions it has): some rebuild or rewrite the records table, which
/// takes a while on a large one. A new database (none applied) is not told.
pub(super) fn announce_migrations(migrator: &sqlx::migrate::Migrator, applied: &[i64]) {
    if applied.is_empty() {
        return;
    }
    for migration in migrator.iter().filter(|m| !applied.contains(&m.version)) {
        tracing::info!(
            version = migration.version,
            description = %migration.description,
            "applying a migration"
        );
    }
}

/// Opens the backend the URL names.
async fn open_backend(config: &StoreConfig) -> Result<Opened, StoreError> {
    if postgres::is_postgres(&config.database_url) {
        postgres::open(config).await
    } else {
        sqlite::open(config).await
    }
}

/// Opens the backend the URL names for reading only (`fsck`).
pub(super) async fn open_read_only(config: &StoreConfig) -> Result<Reads, StoreError> {
    let rows = if postgres::is_postgres(&config.database_url) {
        postgres::open_read_only(config).await?
    } else {
        sqlite::open_read_only(config).await?
    };
    let reads = Reads::as_stored(rows).await;
    reads.ready().await?;
    Ok(reads)
}

/// The signing key the configuration names, and the checkpoint copy's path:
/// as configured, else beside the key file, else `./data` (a key given in
/// the environment has no folder).
fn signer_and_copy(
    config: &StoreConfig,
    key_dir: Option<&std::path::Path>,
    origin: &str,
) -> Result<(LogSigner, Option<std::path::PathBuf>, std::path::PathBuf), StoreError> {
    let (signer, key_path) = signing::load(
        config.signing_key_text.as_deref(),
        config.signing_key.as_deref(),
        key_dir,
        origin,
    )?;
    match &key_path {
        Some(path) => {
            tracing::info!(key = %signer.verifier_key(), path = %path.display(), %origin, "log signing key")
        }
        None => {
            tracing::info!(key = %signer.verifier_key(), %origin, "log signing key (from the environment)")
        }
    }
    let copy = copy_path(config, key_path.as_deref());
    Ok((signer, key_path, copy))
}

/// The checkpoint copy's path: as configured, else beside the key file,
/// else `./data` (a key given in the environment has no folder).
pub(super) fn copy_path(
    config: &StoreConfig,
    key_path: Option<&std::path::Path>,
) -> std::path::PathBuf {
    config.checkpoint_copy.clone().unwrap_or_else(|| {
        key_path
            .and_then(std::path::Path::parent)
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(std::path::Path::new("./data"))
            .join(checkpoint_copy::DEFAULT_FILE)
    })
}

/// A database opened for writing with its log checked (docs/design.md §2):
/// what the service, and `log import`, go on from.
pub(super) struct CheckedLog {
    /// The backend's parts besides the writer's connection.
    pub opened: OpenedParts,
    pub signer: LogSigner,
    /// The signing key's file; None when it came from the environment.
    pub key_path: Option<std::path::PathBuf>,
    pub verifier_key: String,
    pub reads: Reads,
    /// The writer's connection.
    pub batches: Box<dyn super::backend::BatchStorage>,
    /// The log of the newest signed checkpoint.
    pub frontier: crate::domain::merkle::Frontier,
    /// The newest signed checkpoint.
    pub own: SignedCheckpoint,
    /// The checkpoint copy, checked against the database and brought up to it.
    pub copy: CheckpointCopy,
}

/// What of [`Opened`] is left once its reads and writer's connection are
/// taken.
pub(super) struct OpenedParts {
    /// The search index's connection.
    pub index: Box<dyn super::backend::IndexStorage>,
    pub search_document: fn(&str, Option<&str>) -> super::backend::SearchDocument,
    pub shared: bool,
    pub writer_thread: bool,
}

/// Opens the database `config` names and checks its log: the key, the
/// schema, the stored log against its newest signed checkpoint, and that
/// checkpoint against the checkpoint copy (an empty database gets its
/// first, size-0, checkpoint unless the copy says the key signed).
pub(super) async fn open_checked(config: &StoreConfig) -> Result<CheckedLog, StoreError> {
    if postgres::is_postgres(&config.database_url) {
        // Before connecting: the key is the first thing a replica needs.
        signing::load(
            config.signing_key_text.as_deref(),
            config.signing_key.as_deref(),
            None,
            &config.origin,
        )?;
    }
    let opened = open_backend(config).await?;
    let (signer, key_path, copy_path) =
        signer_and_copy(config, opened.key_dir.as_deref(), &config.origin)?;
    let verifier_key = signer.verifier_key().to_string();
    let reads = Reads::new(opened.reads);
    let mut batches = opened.batches;
    if let Some(dir) = copy_path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| StoreError::Config(format!("cannot create {}: {e}", dir.display())))?;
    }
    // What the copy says this key signed decides whether an empty
    // database may begin a log (not when the key signed before).
    // A copy that cannot be read is refused by check_copy below, after
    // the database's own checks have said what they find; an empty
    // database is then not begun (whether the key signed is unknown).
    let signed_before = CheckpointCopy::open(&copy_path, &verifier_key, &config.origin)
        .map(|(_, last)| last.map(|c| c.tree_size))
        .map_err(|e| e.to_string());
    let (frontier, own, new_log) = batches
        .open_log(LogOpening {
            signer: &signer,
            origin: &config.origin,
            signed_before,
        })
        .await?;
    // A log of size 0 holds nothing a lost copy could hide: its copy is
    // begun as at a first start (a crash between the first checkpoint's
    // commit and its copy, or replicas starting together).
    let holds_records = !new_log && own.tree_size > 0;
    let missing_copy = match (holds_records, config.new_checkpoint_copy) {
        (false, _) => MissingCopy::FirstStart,
        (true, true) => MissingCopy::Restart,
        (true, false) => MissingCopy::Refuse,
    };
    let copy = check_copy(
        &copy_path,
        &own,
        &reads,
        &verifier_key,
        &config.origin,
        missing_copy,
    )
    .await?;
    Ok(CheckedLog {
        opened: OpenedParts {
            index: opened.index,
            search_document: opened.search_document,
            shared: opened.shared,
            writer_thread: opened.writer_thread,
        },
        signer,
        key_path,
        verifier_key,
        reads,
        batches,
        frontier,
        own,
        copy,
    })
}

impl Store {
    /// Opens (creating if missing) the database named by the configuration,
    /// applies migrations, loads the log and starts the writer.
    pub async fn open(config: &StoreConfig) -> Result<Store, StoreError> {
        Store::open_with(config, Seams::default()).await
    }

    /// As [`Store::open`], with the id and clock seams replaced.
    pub async fn open_with(config: &StoreConfig, seams: Seams) -> Result<Store, StoreError> {
        let checked = open_checked(config).await?;
        // What else says this key signed: an operator's statement, a
        // checkpoint a monitor kept. Checked before the writer can sign.
        let mut claims = Vec::new();
        if let Some(size) = config.signed_at_least {
            claims.push(SignedClaim::at_least(size));
        }
        if let Some(path) = &config.signed_checkpoint {
            claims.push(SignedClaim::from_note_file(
                path,
                &checked.verifier_key,
                &config.origin,
            )?);
        }
        for claim in &claims {
            signed::check_claim(&checked.reads, &checked.own, claim).await?;
        }
        let newest_timestamp = match checked.own.tree_size.checked_sub(1) {
            Some(last) => checked.reads.timestamp_at(last).await?,
            None => None,
        };
        let (writer, own, publish) = Writer::start(
            checked.batches,
            checked.opened.index,
            checked.opened.search_document,
            checked.frontier,
            checked.own,
            checked.signer.clone(),
            checked.copy,
            config,
            seams,
            checked.opened.writer_thread,
            checked.opened.shared,
            newest_timestamp,
        )?;
        Ok(Store {
            shared: checked.opened.shared,
            erasable: config.erasable,
            erase_turn: Default::default(),
            publish,
            writer,
            reads: checked.reads,
            signer: checked.signer,
            own,
            verifier_key: checked.verifier_key,
            recent: RecordCache::new(RECENT_RECORDS, RECENT_BYTES),
            hashes: HashCache::new(CACHED_HASHES),
            search_orders: search::SearchOrders::default(),
        })
    }

    /// Builds the search index again from the records (`decision-trail
    /// index rebuild`, docs/design.md §7): the records indexed.
    pub async fn rebuild_index(config: &StoreConfig) -> Result<u64, StoreError> {
        let opened = open_backend(config).await?;
        let indexed = super::writer::rebuild_index(opened.index, opened.search_document).await;
        opened.batches.close().await;
        Reads::new(opened.reads).close().await;
        indexed
    }

    /// Starts a new log under `origin` over the records of the database that
    /// `config` names (`decision-trail log rebuild`): the old checkpoints are
    /// kept aside in the database, the checkpoint copy is moved aside, and the
    /// new log's first checkpoint is signed and written to a fresh copy. The
    /// origin must be new: the old log is never signed again.
    pub async fn rebuild_log(
        config: &StoreConfig,
        origin: &str,
    ) -> Result<SignedCheckpoint, StoreError> {
        let opened = open_backend(config).await?;
        let (signer, _, copy_path) = signer_and_copy(config, opened.key_dir.as_deref(), origin)?;
        let reads = Reads::new(opened.reads);
        if let Some(last) = reads.checkpoint(None).await? {
            let old_origin = last.note.lines().next().unwrap_or_default();
            if old_origin == origin {
                return Err(StoreError::Config(format!(
                    "the log is already named `{origin}`: a rebuilt log needs a new origin, so \
                     that no size is ever signed twice under one name"
                )));
            }
        }
        let retired_at = format_timestamp(Utc::now());
        let mut batches = opened.batches;
        let checkpoint = batches
            .rebuild_log(&signer, origin, &retired_at, None)
            .await?;
        batches.close().await;
        reads.close().await;
        if copy_path.exists() {
            let aside = copy_path.with_extension(format!("retired-{}", Utc::now().timestamp()));
            std::fs::rename(&copy_path, &aside).map_err(|e| {
                StoreError::Unavailable(format!("cannot move {} aside: {e}", copy_path.display()))
            })?;
        }
        let (mut copy, _) = CheckpointCopy::open(&copy_path, signer.verifier_key(), origin)?;
        copy.append(&checkpoint).map_err(|e| {
            StoreError::Unavailable(format!("cannot write {}: {e}", copy.path().display()))
        })?;
        Ok(checkpoint)
    }
}
