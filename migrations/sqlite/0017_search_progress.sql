-- The search index follows the log in transactions of its own, after the
-- appends are acknowledged (docs/design.md §7): the log size it covers.
-- Every record below it has its index row; none at or above it has one.
CREATE TABLE search_progress (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    indexed_size INTEGER NOT NULL CHECK (indexed_size >= 0)
);
-- Until now rows were written in their append's transaction: the index
-- covers the log up to its last row.
INSERT INTO search_progress (id, indexed_size)
SELECT 1, COALESCE((SELECT rowid FROM thoughts_fts ORDER BY rowid DESC LIMIT 1) + 1, 0);
