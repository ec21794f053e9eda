-- Witnesses' cosignatures (design.md §2, "Witnesses"): each C2SP
-- cosignature line a witness answered for a checkpoint of this log, kept with
-- that checkpoint's size; one line per witness key and size (the first kept).
-- Append-only, like checkpoints.
CREATE TABLE cosignatures (
    tree_size BIGINT NOT NULL CHECK (tree_size >= 0),
    -- The witness key: `<name>+<key id hex>`.
    witness   TEXT COLLATE "C" NOT NULL,
    -- The signature line `— <name> <base64>`, without its newline.
    line      TEXT NOT NULL,
    PRIMARY KEY (tree_size, witness)
);

CREATE TRIGGER cosignatures_no_update BEFORE UPDATE ON cosignatures
    FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER cosignatures_no_delete BEFORE DELETE ON cosignatures
    FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER cosignatures_no_truncate BEFORE TRUNCATE ON cosignatures
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();
