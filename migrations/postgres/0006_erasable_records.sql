-- Adding checked columns reads the whole table: no statement timeout for
-- this migration's transaction (as 0004).
SET LOCAL statement_timeout = 0;

-- Erasable records (docs/design.md §12), as SQLite's migration 0016: an
-- erasable record's hash covers `content_commitment` in place of its content
-- and metadata, so they and the salt can be erased with every proof still
-- valid. Records stored before this migration stay in the original format.
ALTER TABLE thoughts
    ADD COLUMN content_commitment BYTEA CHECK (octet_length(content_commitment) = 32),
    ADD COLUMN salt BYTEA CHECK (octet_length(salt) = 32),
    ADD COLUMN erased_at TEXT COLLATE "C",
    ADD COLUMN erased_by TEXT COLLATE "C",
    ADD COLUMN erased_reason TEXT;

-- Records are still never rewritten, with one exception: an erasable record
-- not yet erased may have its content emptied, its metadata and salt set to
-- NULL and its erasure written, every other column unchanged, once the
-- decision that erases it (a later record of its task, by the eraser, at
-- the erasure's time) is stored.
CREATE FUNCTION thoughts_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.content_commitment IS NOT NULL AND OLD.salt IS NOT NULL AND OLD.erased_at IS NULL
       AND NEW.content = ''::bytea AND NEW.metadata IS NULL AND NEW.salt IS NULL
       AND NEW.erased_at IS NOT NULL AND NEW.erased_by IS NOT NULL AND NEW.erased_reason IS NOT NULL
       AND (NEW.log_index, NEW.id, NEW.task_id, NEW.seq, NEW.type, NEW.agent_id, NEW.timestamp,
            NEW.prev_hash, NEW.hash, NEW.content_commitment)
           IS NOT DISTINCT FROM
           (OLD.log_index, OLD.id, OLD.task_id, OLD.seq, OLD.type, OLD.agent_id, OLD.timestamp,
            OLD.prev_hash, OLD.hash, OLD.content_commitment)
       AND NEW.capabilities IS NOT DISTINCT FROM OLD.capabilities
       AND NEW.session_id IS NOT DISTINCT FROM OLD.session_id
       AND NEW.parent_id IS NOT DISTINCT FROM OLD.parent_id
       -- The decision that says so is on the trail, in the same transaction.
       AND EXISTS (
           SELECT 1 FROM thoughts d
           WHERE d.task_id = OLD.task_id AND d.seq > OLD.seq AND d.type = 'decision'
             AND d.agent_id = NEW.erased_by AND d.timestamp = NEW.erased_at) THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'thoughts are append-only: UPDATE refused (only an erasable record''s content may be erased)'
        USING ERRCODE = 'integrity_constraint_violation';
END $$;
DROP TRIGGER thoughts_no_update ON thoughts;
CREATE TRIGGER thoughts_no_update BEFORE UPDATE ON thoughts
    FOR EACH ROW EXECUTE FUNCTION thoughts_refuse_update();

-- The retention sweep's candidates: only erasable records not yet erased.
CREATE INDEX thoughts_erasable_by_time ON thoughts (timestamp)
    WHERE content_commitment IS NOT NULL AND erased_at IS NULL;

-- Legal holds: a task held here keeps its content; erasure and retention
-- are refused for it while the hold stands.
CREATE TABLE holds (
    task_id   TEXT COLLATE "C" NOT NULL PRIMARY KEY,
    placed_at TEXT COLLATE "C" NOT NULL,
    placed_by TEXT COLLATE "C" NOT NULL,
    reason    TEXT NOT NULL
);
