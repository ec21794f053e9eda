-- Thought records and the chain heads derived from them (design.md §2, §4).
--
-- The schema itself refuses a fork, a gap and any rewrite, whatever the number of
-- writers: one record per (task_id, seq), one successor per (task_id, prev_hash),
-- seq n links to the hash of seq n-1, log_index is dense from 0, and records are
-- never updated or deleted.

CREATE TABLE thoughts (
    -- Position in the global log; the rowid, so log order is the table's order.
    log_index INTEGER PRIMARY KEY CHECK (log_index >= 0),
    id        TEXT    NOT NULL UNIQUE,
    task_id   TEXT    NOT NULL,
    seq       INTEGER NOT NULL CHECK (seq >= 0),
    type      TEXT    NOT NULL CHECK (type IN ('plan', 'analysis', 'decision', 'reflection')),
    agent_id  TEXT    NOT NULL,
    content   TEXT    NOT NULL,
    -- RFC 8785 canonical JSON exactly as hashed, or NULL when the record has none.
    metadata  TEXT,
    timestamp TEXT    NOT NULL,
    prev_hash TEXT    NOT NULL CHECK (length(prev_hash) = 64),
    hash      TEXT    NOT NULL UNIQUE CHECK (length(hash) = 64),
    UNIQUE (task_id, seq),
    UNIQUE (task_id, prev_hash),
    -- Only the first record of a chain links to the zero hash.
    CHECK ((seq = 0) = (prev_hash = '0000000000000000000000000000000000000000000000000000000000000000'))
);

CREATE TRIGGER thoughts_link_to_predecessor
BEFORE INSERT ON thoughts
WHEN NEW.seq > 0 AND NOT EXISTS (
    SELECT 1 FROM thoughts
    WHERE task_id = NEW.task_id AND seq = NEW.seq - 1 AND hash = NEW.prev_hash
)
BEGIN
    SELECT RAISE(ABORT, 'chain: prev_hash must be the hash of the record at seq - 1');
END;

CREATE TRIGGER thoughts_log_is_dense
BEFORE INSERT ON thoughts
WHEN NEW.log_index > 0 AND NOT EXISTS (SELECT 1 FROM thoughts WHERE log_index = NEW.log_index - 1)
BEGIN
    SELECT RAISE(ABORT, 'log: log_index must follow the last leaf');
END;

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

-- One row per task: its chain head, so an append reads one row instead of
-- scanning the chain. Kept by the trigger below in the append's transaction, so
-- it can never disagree with the records.
CREATE TABLE tasks (
    -- Order of each task's first record; the task list pages by it.
    task_no         INTEGER PRIMARY KEY,
    task_id         TEXT    NOT NULL UNIQUE,
    length          INTEGER NOT NULL,
    head_hash       TEXT    NOT NULL,
    first_timestamp TEXT    NOT NULL,
    last_timestamp  TEXT    NOT NULL
);

CREATE TRIGGER thoughts_advance_task_head
AFTER INSERT ON thoughts
BEGIN
    INSERT INTO tasks (task_id, length, head_hash, first_timestamp, last_timestamp)
    VALUES (NEW.task_id, NEW.seq + 1, NEW.hash, NEW.timestamp, NEW.timestamp)
    ON CONFLICT (task_id) DO UPDATE SET
        length = excluded.length,
        head_hash = excluded.head_hash,
        last_timestamp = excluded.last_timestamp;
END;
