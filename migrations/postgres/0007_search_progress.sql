-- The search index follows the log in transactions of its own, after the
-- appends are acknowledged (docs/design.md §7): the log size it covers.
-- Every record below it has its row in thoughts_search; none at or above it
-- has one. The indexer of each replica takes this row's lock.
CREATE TABLE search_progress (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    indexed_size BIGINT NOT NULL CHECK (indexed_size >= 0)
);
-- Until now rows were written in their append's transaction.
INSERT INTO search_progress (id, indexed_size)
SELECT 1, COALESCE(MAX(log_index) + 1, 0) FROM thoughts_search;
