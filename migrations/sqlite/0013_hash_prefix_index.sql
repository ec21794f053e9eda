-- Records are found by hash through an index of the hash's first 8 bytes
-- (docs/design.md §4) instead of UNIQUE (hash): the hash is random, so every
-- append writes a leaf of that index wherever its hash falls, and the index
-- must stay cached for appends to keep their speed as the log grows. An entry
-- of 8 bytes instead of 32 makes it about 2.5 times smaller. A lookup by hash
-- reads the few rows of that prefix and compares the whole hash. Uniqueness
-- is not lost: a record's hash covers its id, which stays UNIQUE, and `fsck`
-- recomputes every hash.
--
-- SQLite cannot drop a table's UNIQUE constraint: the table is rebuilt as
-- migration 0011 rebuilt it (the rows copied as they are, log_index included,
-- so the search index and the log still name them; idempotency keys set
-- aside while the old table is dropped), then its triggers and indexes are
-- made again as they were.

CREATE TEMP TABLE idempotency_kept AS SELECT * FROM idempotency;
DELETE FROM idempotency;

CREATE TABLE thoughts_rebuilt (
    -- Position in the global log; the rowid, so log order is the table's order.
    log_index    INTEGER PRIMARY KEY CHECK (log_index >= 0),
    id           TEXT    NOT NULL UNIQUE,
    task_id      TEXT    NOT NULL,
    seq          INTEGER NOT NULL CHECK (seq >= 0),
    type         TEXT    NOT NULL CHECK (type IN ('plan', 'analysis', 'decision', 'reflection')),
    agent_id     TEXT    NOT NULL,
    content      TEXT    NOT NULL,
    -- RFC 8785 canonical JSON exactly as hashed, or NULL when the record has none.
    metadata     TEXT,
    timestamp    TEXT    NOT NULL,
    -- The hashes' 32 bytes (the API writes them as 64 lowercase hex characters).
    prev_hash    BLOB    NOT NULL CHECK (typeof(prev_hash) = 'blob' AND length(prev_hash) = 32),
    hash         BLOB    NOT NULL CHECK (typeof(hash) = 'blob' AND length(hash) = 32),
    capabilities TEXT,
    session_id   TEXT,
    parent_id    TEXT,
    UNIQUE (task_id, seq),
    -- Only the first record of a chain links to the zero hash.
    CHECK ((seq = 0) = (prev_hash = zeroblob(32)))
);

INSERT INTO thoughts_rebuilt (log_index, id, task_id, seq, type, agent_id, content, metadata,
                              timestamp, prev_hash, hash, capabilities, session_id, parent_id)
SELECT log_index, id, task_id, seq, type, agent_id, content, metadata,
       timestamp, prev_hash, hash, capabilities, session_id, parent_id
FROM thoughts ORDER BY log_index;

DROP TABLE thoughts;
ALTER TABLE thoughts_rebuilt RENAME TO thoughts;

INSERT INTO idempotency SELECT * FROM idempotency_kept;
DROP TABLE idempotency_kept;

CREATE TRIGGER thoughts_no_update
BEFORE UPDATE ON thoughts
BEGIN
    SELECT RAISE(ABORT, 'thoughts are append-only: UPDATE refused');
END;

CREATE TRIGGER thoughts_no_delete
BEFORE DELETE ON thoughts
BEGIN
    SELECT RAISE(ABORT, 'thoughts are append-only: DELETE refused');
END;

CREATE TRIGGER thoughts_advance_task_head
AFTER INSERT ON thoughts
BEGIN
    INSERT INTO tasks (task_id, length, head_hash, first_timestamp, last_timestamp)
    VALUES (NEW.task_id, NEW.seq + 1, lower(hex(NEW.hash)), NEW.timestamp, NEW.timestamp)
    ON CONFLICT (task_id) DO UPDATE SET
        length = excluded.length,
        head_hash = excluded.head_hash,
        last_timestamp = excluded.last_timestamp;
END;

CREATE TRIGGER thoughts_link_dense_parent
BEFORE INSERT ON thoughts
BEGIN
    SELECT RAISE(ABORT, 'chain: prev_hash must be the hash of the record at seq - 1')
    WHERE NEW.seq > 0 AND NOT EXISTS (
        SELECT 1 FROM thoughts
        WHERE task_id = NEW.task_id AND seq = NEW.seq - 1 AND hash = NEW.prev_hash
    );
    SELECT RAISE(ABORT, 'log: log_index must follow the last leaf')
    WHERE NEW.log_index > 0 AND NOT EXISTS (SELECT 1 FROM thoughts WHERE log_index = NEW.log_index - 1);
    SELECT RAISE(ABORT, 'tree: parent_id must be an earlier record of the same task')
    WHERE NEW.parent_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM thoughts
        WHERE id = NEW.parent_id AND task_id = NEW.task_id AND seq < NEW.seq
    );
END;

CREATE INDEX thoughts_by_runtime_hash
    ON thoughts (json_extract(capabilities, '$.runtime_hash'), log_index)
    WHERE capabilities IS NOT NULL;
CREATE INDEX thoughts_by_static_hash
    ON thoughts (json_extract(capabilities, '$.static_hash'), log_index)
    WHERE capabilities IS NOT NULL;
CREATE INDEX thoughts_by_session
    ON thoughts (session_id, log_index)
    WHERE session_id IS NOT NULL;

CREATE INDEX thoughts_by_hash_prefix ON thoughts (substr(hash, 1, 8));
