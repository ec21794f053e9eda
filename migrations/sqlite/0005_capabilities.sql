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

-- The registry: capability snapshots, content-addressed. A snapshot is the
-- canonical payload whose SHA-256 is its hash, and the canonical payloads of
-- every hash computed on the way (a toolkit's tools, an agent's root), so that
-- all of it can be checked against the hash; nothing unhashed is kept.
CREATE TABLE capability_snapshots (
    hash      TEXT NOT NULL PRIMARY KEY CHECK (length(hash) = 64),
    kind      TEXT NOT NULL,
    -- The exact text whose SHA-256 is `hash`.
    canonical TEXT NOT NULL,
    -- JSON array of {canonical, sha256}: every sub-hash, in computation order.
    trace     TEXT NOT NULL,
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
