-- Erasable records (docs/design.md §12). An erasable record's hash covers
-- `content_commitment` (a salted SHA-256 of its content and metadata) in
-- place of them, so its content, metadata and salt can be erased with every
-- proof still valid. Records stored before this migration have no
-- commitment and stay in the original format.
ALTER TABLE thoughts ADD COLUMN content_commitment BLOB
    CHECK (content_commitment IS NULL OR (typeof(content_commitment) = 'blob' AND length(content_commitment) = 32));
-- The commitment's opening: 32 random bytes, erased with the content.
ALTER TABLE thoughts ADD COLUMN salt BLOB
    CHECK (salt IS NULL OR (typeof(salt) = 'blob' AND length(salt) = 32));
-- When (the erasure record's timestamp), by whom and why the content was erased.
ALTER TABLE thoughts ADD COLUMN erased_at TEXT;
ALTER TABLE thoughts ADD COLUMN erased_by TEXT;
ALTER TABLE thoughts ADD COLUMN erased_reason TEXT;

-- Records are still never rewritten, with one exception: an erasable record
-- not yet erased may have its content emptied, its metadata and salt set to
-- NULL and its erasure written, every other column unchanged, once the
-- decision that erases it (a later record of its task, by the eraser, at
-- the erasure's time) is stored.
DROP TRIGGER thoughts_no_update;
CREATE TRIGGER thoughts_no_update
BEFORE UPDATE ON thoughts
WHEN NOT (
    OLD.content_commitment IS NOT NULL AND OLD.salt IS NOT NULL AND OLD.erased_at IS NULL
    AND NEW.content = '' AND NEW.metadata IS NULL AND NEW.salt IS NULL
    AND NEW.erased_at IS NOT NULL AND NEW.erased_by IS NOT NULL AND NEW.erased_reason IS NOT NULL
    AND NEW.log_index IS OLD.log_index AND NEW.id IS OLD.id AND NEW.task_id IS OLD.task_id
    AND NEW.seq IS OLD.seq AND NEW.type IS OLD.type AND NEW.agent_id IS OLD.agent_id
    AND NEW.capabilities IS OLD.capabilities AND NEW.session_id IS OLD.session_id
    AND NEW.parent_id IS OLD.parent_id AND NEW.timestamp IS OLD.timestamp
    AND NEW.prev_hash IS OLD.prev_hash AND NEW.hash IS OLD.hash
    AND NEW.content_commitment IS OLD.content_commitment
    -- The decision that says so is on the trail, in the same transaction.
    AND EXISTS (
        SELECT 1 FROM thoughts d
        WHERE d.task_id = OLD.task_id AND d.seq > OLD.seq AND d.type = 'decision'
          AND d.agent_id = NEW.erased_by AND d.timestamp = NEW.erased_at
    )
)
BEGIN
    SELECT RAISE(ABORT, 'thoughts are append-only: UPDATE refused (only an erasable record''s content may be erased)');
END;

-- Legal holds: a task held here keeps its content; erasure and retention
-- are refused for it while the hold stands.
CREATE TABLE holds (
    task_id   TEXT NOT NULL PRIMARY KEY,
    placed_at TEXT NOT NULL,
    placed_by TEXT NOT NULL,
    reason    TEXT NOT NULL
);

-- The retention sweep's candidates: only erasable records not yet erased.
CREATE INDEX thoughts_erasable_by_time ON thoughts (timestamp)
    WHERE content_commitment IS NOT NULL AND erased_at IS NULL;

-- The search index removes an erased record's words from its segments
-- (FTS5's secure-delete) instead of only marking them deleted.
INSERT INTO thoughts_fts (thoughts_fts, rank) VALUES ('secure-delete', 1);
