-- Full-text search (docs/design.md §7).
--
-- An FTS5 index over each record's content and the canonical text of its
-- metadata. External content: the text lives once, in thoughts; the index
-- keeps only its trigrams, under the record's log_index. The trigram
-- tokenizer (case-insensitive) finds any substring of three characters or
-- more in every script, with no word boundaries to guess.
CREATE VIRTUAL TABLE thoughts_fts USING fts5(
    content,
    metadata,
    content = 'thoughts',
    content_rowid = 'log_index',
    tokenize = 'trigram'
);

-- Indexed in the append's transaction: a record is searchable as soon as it
-- is acknowledged. Records are never updated or deleted, so no other trigger.
CREATE TRIGGER thoughts_index_for_search
AFTER INSERT ON thoughts
BEGIN
    INSERT INTO thoughts_fts (rowid, content, metadata)
    VALUES (NEW.log_index, NEW.content, NEW.metadata);
END;

-- The records stored before this migration.
INSERT INTO thoughts_fts (thoughts_fts) VALUES ('rebuild');
