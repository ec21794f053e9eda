-- Successor statements (design.md §2, "The second day"): when a log is
-- rotated to a new origin and key, its old key signs a statement naming the
-- old log's last size and root and the new log's origin and verifier key,
-- so that monitors follow the log instead of reporting a fork. One per old
-- origin; append-only, kept for good.
CREATE TABLE log_successors (
    old_origin TEXT COLLATE "C" NOT NULL PRIMARY KEY,
    new_origin TEXT COLLATE "C" NOT NULL UNIQUE,
    -- The signed note, verbatim.
    statement  TEXT NOT NULL,
    made_at    TEXT NOT NULL
);

CREATE TRIGGER log_successors_no_update BEFORE UPDATE ON log_successors
    FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER log_successors_no_delete BEFORE DELETE ON log_successors
    FOR EACH ROW EXECUTE FUNCTION refuse_rewrite();
CREATE TRIGGER log_successors_no_truncate BEFORE TRUNCATE ON log_successors
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_rewrite();
