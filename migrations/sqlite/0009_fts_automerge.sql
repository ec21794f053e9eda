-- Fewer, larger FTS5 merges per append (issue 12). Every batch of appends
-- (one transaction) adds a level-0 segment to the search index. With FTS5's
-- default automerge of 4, a merge runs once a level holds 4 segments, so a
-- busy log rewrites the same postings many times over; 16 lets a level
-- gather 16 segments first. Measured (README, the bench kit's figures): the
-- 1M-append run's last 100k held at 0.85 of its first instead of 0.74, for a
-- few more segments read per search. The option is stored in
-- thoughts_fts_config, so it holds for every connection
-- (https://sqlite.org/fts5.html#the_automerge_configuration_option).
INSERT INTO thoughts_fts (thoughts_fts, rank) VALUES ('automerge', 16);
