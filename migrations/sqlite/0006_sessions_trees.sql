-- Sessions and thought trees (docs/design.md §6).
--
-- session_id groups the records of one work session, across tasks; parent_id
-- is an earlier record of the same task that this one answers, refines or
-- branches from. Both are hashed when present, so both are written once.
ALTER TABLE thoughts ADD COLUMN session_id TEXT;
ALTER TABLE thoughts ADD COLUMN parent_id TEXT;

CREATE INDEX thoughts_by_session
    ON thoughts (session_id, log_index)
    WHERE session_id IS NOT NULL;

-- The database itself refuses a parent that is unknown, in another task, or
-- not earlier in the chain, whoever writes the row.
CREATE TRIGGER thoughts_parent_is_earlier
BEFORE INSERT ON thoughts
WHEN NEW.parent_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM thoughts
    WHERE id = NEW.parent_id AND task_id = NEW.task_id AND seq < NEW.seq
)
BEGIN
    SELECT RAISE(ABORT, 'tree: parent_id must be an earlier record of the same task');
END;
