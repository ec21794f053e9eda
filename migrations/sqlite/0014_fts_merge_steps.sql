-- The search index is merged in bounded steps by the writer instead of by
-- FTS5 itself (docs/design.md §7). Each batch of appends adds a level-0
-- segment; with migration 0009's automerge of 16 and FTS5's default
-- crisismerge of 16, the commit that added a level's 16th segment merged
-- that whole level at once (and the level above when it filled in turn): one
-- commit in a few hundred took tens of milliseconds, one in 100,000 records
-- a few hundred, and every append of its batch waited for it.
--
-- automerge 0: FTS5 merges nothing on its own when a segment is written.
-- usermerge 16: the writer's ('merge', N) step, in every batch's
--   transaction, works on a level once it holds 16 segments (merges 16 at a
--   time, as before) or goes on with a merge already begun, and writes at
--   most about N pages; N grows with the text the batch indexed, so the steps
--   keep up with what the batches add (store/sqlite/search.rs).
-- crisismerge 64: the whole-level merge stays only as a bound, should the
--   steps ever fall behind.
-- The options are stored in thoughts_fts_config, so they hold for every
-- connection (https://sqlite.org/fts5.html#fts5_configuration_options).
INSERT INTO thoughts_fts (thoughts_fts, rank) VALUES ('automerge', 0);
INSERT INTO thoughts_fts (thoughts_fts, rank) VALUES ('usermerge', 16);
INSERT INTO thoughts_fts (thoughts_fts, rank) VALUES ('crisismerge', 64);
