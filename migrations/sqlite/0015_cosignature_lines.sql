-- Witnesses' cosignatures keyed by their line as well (design.md §2,
-- "Witnesses"): a row a witness did not sign, stored ahead of its real
-- cosignature for the same size, no longer keeps the real one out. The
-- service serves only lines that verify with the policy's keys.
CREATE TABLE cosignatures_by_line (
    tree_size INTEGER NOT NULL CHECK (tree_size >= 0),
    -- The witness key: `<name>+<key id hex>`.
    witness   TEXT    NOT NULL,
    -- The signature line `— <name> <base64>`, without its newline.
    line      TEXT    NOT NULL,
    -- The origin of the log whose checkpoint it cosigns (NULL: stored before
    -- this migration): after a `log rebuild` the old log's rows are not the
    -- new log's checkpoints' cosignatures.
    origin    TEXT,
    PRIMARY KEY (tree_size, witness, line)
);
INSERT INTO cosignatures_by_line (tree_size, witness, line)
    SELECT tree_size, witness, line FROM cosignatures;
DROP TRIGGER cosignatures_no_update;
DROP TRIGGER cosignatures_no_delete;
DROP TABLE cosignatures;
ALTER TABLE cosignatures_by_line RENAME TO cosignatures;

CREATE TRIGGER cosignatures_no_update BEFORE UPDATE ON cosignatures
BEGIN
    SELECT RAISE(ABORT, 'cosignatures are append-only: UPDATE refused');
END;

CREATE TRIGGER cosignatures_no_delete BEFORE DELETE ON cosignatures
BEGIN
    SELECT RAISE(ABORT, 'cosignatures are append-only: DELETE refused');
END;
