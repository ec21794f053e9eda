-- The log (design.md §2): an RFC 9162 Merkle tree whose leaf i is the hash of the
-- record with log_index i.
--
-- log_hashes holds the hash of every complete subtree at its stored-hash index
-- (Go sumdb/tlog numbering), so an append writes O(log n) rows and any root or
-- proof reads O(log n). checkpoints holds every tree size the service signed, with
-- its root: the primary key makes signing two roots for one size impossible.

CREATE TABLE log_hashes (
    idx  INTEGER PRIMARY KEY CHECK (idx >= 0),
    hash BLOB    NOT NULL CHECK (length(hash) = 32)
);

CREATE TABLE checkpoints (
    tree_size INTEGER PRIMARY KEY CHECK (tree_size >= 0),
    root      BLOB    NOT NULL CHECK (length(root) = 32),
    -- The C2SP signed note, exactly as served.
    note      TEXT    NOT NULL
);

CREATE TRIGGER log_hashes_no_update BEFORE UPDATE ON log_hashes
BEGIN
    SELECT RAISE(ABORT, 'the log is append-only: UPDATE refused');
END;

CREATE TRIGGER log_hashes_no_delete BEFORE DELETE ON log_hashes
BEGIN
    SELECT RAISE(ABORT, 'the log is append-only: DELETE refused');
END;

CREATE TRIGGER checkpoints_no_update BEFORE UPDATE ON checkpoints
BEGIN
    SELECT RAISE(ABORT, 'checkpoints are append-only: UPDATE refused');
END;

CREATE TRIGGER checkpoints_no_delete BEFORE DELETE ON checkpoints
BEGIN
    SELECT RAISE(ABORT, 'checkpoints are append-only: DELETE refused');
END;
