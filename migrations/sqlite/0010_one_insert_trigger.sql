-- One name per rule on both backends (docs/design.md §4): the three rules an
-- inserted record must keep (its link to the record before, a dense log, a
-- parent earlier in its task) are one trigger, named as on PostgreSQL
-- (migrations/postgres: thoughts_link_dense_parent), with the same messages,
-- checked in PostgreSQL's order: a row that breaks several rules (only SQL
-- written directly can) is refused for its link first, where SQLite's three
-- triggers, run newest first, named its parent first. One trigger program per
-- insert instead of three.

DROP TRIGGER thoughts_link_to_predecessor;
DROP TRIGGER thoughts_log_is_dense;
DROP TRIGGER thoughts_parent_is_earlier;

CREATE TRIGGER thoughts_link_dense_parent
BEFORE INSERT ON thoughts
BEGIN
    SELECT RAISE(ABORT, 'chain: prev_hash must be the hash of the record at seq - 1')
    WHERE NEW.seq > 0 AND NOT EXISTS (
        SELECT 1 FROM thoughts
        WHERE task_id = NEW.task_id AND seq = NEW.seq - 1 AND hash = NEW.prev_hash
    );
    SELECT RAISE(ABORT, 'log: log_index must follow the last leaf')
    WHERE NEW.log_index > 0 AND NOT EXISTS (SELECT 1 FROM thoughts WHERE log_index = NEW.log_index - 1);
    SELECT RAISE(ABORT, 'tree: parent_id must be an earlier record of the same task')
    WHERE NEW.parent_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM thoughts
        WHERE id = NEW.parent_id AND task_id = NEW.task_id AND seq < NEW.seq
    );
END;
