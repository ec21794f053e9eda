-- One random-page index less per append (issue 12): UNIQUE (task_id, prev_hash)
-- goes. It refused a fork, and so do the rules that stay: the link trigger
-- makes a record's prev_hash the hash of the record at seq - 1 of its task,
-- so two successors of one record would both have that seq, and
-- UNIQUE (task_id, seq) refuses the second (a first record links to the zero
-- hash only at seq 0, by the CHECK). Every append wrote a page of that index
-- at a random place in its task's range; the (task_id, seq) index is written
-- at the end of each task's range.
--
-- SQLite cannot drop a table constraint: the table is rebuilt (the rows are
-- copied as they are, log_index included, so the search index and the log
-- still name them), then its triggers and indexes are made again, as
-- migrations 0001, 0005 and 0006 made them. Idempotency keys name records
-- (a foreign key): they are set aside while the old table is dropped.

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
    prev_hash    TEXT    NOT NULL CHECK (length(prev_hash) = 64),
    hash         TEXT    NOT NULL UNIQUE CHECK (length(hash) = 64),
    capabilities TEXT,
    session_id   TEXT,
    parent_id    TEXT,
    UNIQUE (task_id, seq),
    -- Only the first record of a chain links to the zero hash.
    CHECK ((seq = 0) = (prev_hash = '0000000000000000000000000000000000000000000000000000000000000000'))
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

CREATE TRIGGER thoughts_parent_is_earlier
BEFORE INSERT ON thoughts
WHEN NEW.parent_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM thoughts
    WHERE id = NEW.parent_id AND task_id = NEW.task_id AND seq < NEW.seq
)
BEGIN
    SELECT RAISE(ABORT, 'tree: parent_id must be an earlier record of the same task');
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
