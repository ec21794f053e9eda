-- Successor statements (design.md §2, "The second day"): when a log is
-- rotated to a new origin and key (`decision-trail log rotate`), its old key
-- signs a statement naming the old log's last size and root and the new
-- log's origin and verifier key, so that monitors follow the log instead of
-- reporting a fork. One per old origin; append-only, kept for good.
CREATE TABLE log_successors (
    old_origin TEXT NOT NULL PRIMARY KEY,
    new_origin TEXT NOT NULL UNIQUE,
    -- The signed note, verbatim.
    statement  TEXT NOT NULL,
    made_at    TEXT NOT NULL
);

CREATE TRIGGER log_successors_no_update BEFORE UPDATE ON log_successors
BEGIN
    SELECT RAISE(ABORT, 'log_successors are append-only: UPDATE refused');
END;

CREATE TRIGGER log_successors_no_delete BEFORE DELETE ON log_successors
BEGIN
    SELECT RAISE(ABORT, 'log_successors are append-only: DELETE refused');
END;
