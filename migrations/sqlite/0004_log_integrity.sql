-- Tamper evidence that does not trust the database (docs/design.md §2, §4).
--
-- log_format: what a leaf of this database's log commits to. 'attributed': the
-- canonical JSON {"agent_id", "hash"} of the record. 'raw': the first format,
-- the 32 bytes of the record hash alone. A 'raw' log is never extended or
-- signed again: `decision-trail log rebuild` starts a new log, under a new
-- origin, and keeps the old checkpoints in retired_checkpoints.
CREATE TABLE log_format (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    leaf TEXT    NOT NULL CHECK (leaf IN ('raw', 'attributed'))
);

INSERT INTO log_format (id, leaf)
SELECT 1, CASE WHEN EXISTS (SELECT 1 FROM thoughts) THEN 'raw' ELSE 'attributed' END;

CREATE TABLE retired_checkpoints (
    tree_size  INTEGER NOT NULL,
    root       BLOB    NOT NULL,
    note       TEXT    NOT NULL,
    retired_at TEXT    NOT NULL,
    PRIMARY KEY (note)
);

-- A row exists here only inside the transaction of `decision-trail log
-- rebuild`: the one moment the log's tables may be cleared. The service
-- refuses to start while a row is here.
CREATE TABLE log_rebuild (started_at TEXT NOT NULL);

DROP TRIGGER log_hashes_no_delete;
CREATE TRIGGER log_hashes_no_delete BEFORE DELETE ON log_hashes
WHEN NOT EXISTS (SELECT 1 FROM log_rebuild)
BEGIN
    SELECT RAISE(ABORT, 'the log is append-only: DELETE refused');
END;

DROP TRIGGER checkpoints_no_delete;
CREATE TRIGGER checkpoints_no_delete BEFORE DELETE ON checkpoints
WHEN NOT EXISTS (SELECT 1 FROM log_rebuild)
BEGIN
    SELECT RAISE(ABORT, 'checkpoints are append-only: DELETE refused');
END;

CREATE TRIGGER log_format_no_update BEFORE UPDATE ON log_format
WHEN NOT EXISTS (SELECT 1 FROM log_rebuild)
BEGIN
    SELECT RAISE(ABORT, 'the log format changes only by a rebuild');
END;

CREATE TRIGGER log_format_no_delete BEFORE DELETE ON log_format
BEGIN
    SELECT RAISE(ABORT, 'the log format is never deleted');
END;

CREATE TRIGGER retired_checkpoints_no_update BEFORE UPDATE ON retired_checkpoints
BEGIN
    SELECT RAISE(ABORT, 'retired checkpoints are append-only: UPDATE refused');
END;

CREATE TRIGGER retired_checkpoints_no_delete BEFORE DELETE ON retired_checkpoints
BEGIN
    SELECT RAISE(ABORT, 'retired checkpoints are append-only: DELETE refused');
END;
