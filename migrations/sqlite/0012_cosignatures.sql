-- Witnesses' cosignatures (design.md §2, "Witnesses"): each C2SP
-- cosignature line a witness answered for a checkpoint of this log, kept with
-- that checkpoint's size; one line per witness key and size (the first kept).
-- Append-only, like checkpoints.
CREATE TABLE cosignatures (
    tree_size INTEGER NOT NULL CHECK (tree_size >= 0),
    -- The witness key: `<name>+<key id hex>`.
    witness   TEXT    NOT NULL,
    -- The signature line `— <name> <base64>`, without its newline.
    line      TEXT    NOT NULL,
    PRIMARY KEY (tree_size, witness)
);

CREATE TRIGGER cosignatures_no_update BEFORE UPDATE ON cosignatures
BEGIN
    SELECT RAISE(ABORT, 'cosignatures are append-only: UPDATE refused');
END;

CREATE TRIGGER cosignatures_no_delete BEFORE DELETE ON cosignatures
BEGIN
    SELECT RAISE(ABORT, 'cosignatures are append-only: DELETE refused');
END;
