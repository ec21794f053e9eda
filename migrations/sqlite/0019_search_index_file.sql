-- The search index moved to a file of its own beside the database
-- (`trail.db-search`, docs/design.md §7), written by the indexer's own
-- connection, so that indexing never holds the log's write lock. The index
-- is built there from the records at the first start after this migration;
-- here it goes, with its progress (secure_delete overwrites its pages).
DROP TABLE search_progress;
DROP TABLE thoughts_fts;
