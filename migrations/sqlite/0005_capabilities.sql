-- Capability fingerprints (docs/design.md §9).
--
-- A record may be bound to the capabilities its agent had: the RFC 8785 JSON
-- {invocation_hash?, runtime_hash, static_hash} exactly as hashed, or NULL.
-- Records are append-only, so the column is written once, with its record.
ALTER TABLE thoughts ADD COLUMN capabilities TEXT;

-- GET /thoughts?runtime_hash= and ?static_hash=: the decisions made with a tool
-- set, in log order.
CREATE INDEX thoughts_by_runtime_hash
    ON thoughts (json_extract(capabilities, '$.runtime_hash'), log_index)
    WHERE capabilities IS NOT NULL;
CREATE INDEX thoughts_by_static_hash
    ON thoughts (json_extract(capabilities, '$.static_hash'), log_index)
    WHERE capabilities IS NOT NULL;

-- The registry: capability snapshots addressed by their main hash, as the
-- server recomputed it. Storing one twice keeps the first.
CREATE TABLE capability_snapshots (
    hash      TEXT NOT NULL PRIMARY KEY CHECK (length(hash) = 64),
    kind      TEXT NOT NULL,
    -- The request as given ({kind, input | input_text, allowlist?}), JSON text.
    request   TEXT NOT NULL,
    -- What the server computed from it, JSON text.
    answer    TEXT NOT NULL,
    stored_at TEXT NOT NULL
);

CREATE TRIGGER capability_snapshots_no_update BEFORE UPDATE ON capability_snapshots
BEGIN
    SELECT RAISE(ABORT, 'capability snapshots are content-addressed: UPDATE refused');
END;

CREATE TRIGGER capability_snapshots_no_delete BEFORE DELETE ON capability_snapshots
BEGIN
    SELECT RAISE(ABORT, 'capability snapshots are content-addressed: DELETE refused');
END;
