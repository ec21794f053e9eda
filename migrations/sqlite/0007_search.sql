-- Full-text search (docs/design.md §7).
--
-- An FTS5 index over each record's content and the canonical text of its
-- metadata, as domain::search::index_text writes them: words as they are,
-- runs of scripts written without spaces (Han, kana, Hangul, Thai, …) as
-- overlapping two-character words, symbols (emoji) set apart. unicode61 folds
-- case and diacritics; its categories keep letters, digits, private-use
-- characters, marks (so that Devanagari or Thai words are not cut at their
-- vowel signs) and other symbols (emoji).
--
-- Contentless: the text lives once, in thoughts; the index keeps only its
-- words, under the record's log_index. The writer adds each record's row in
-- the append's own transaction, so a record is searchable as soon as it is
-- acknowledged; records stored before this migration are indexed at start.
CREATE VIRTUAL TABLE thoughts_fts USING fts5(
    content,
    metadata,
    content = '',
    tokenize = "unicode61 categories 'L* N* Co M* So'"
);
