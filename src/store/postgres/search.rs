//! Full-text search on PostgreSQL (docs/design.md §7): a `tsvector` per
//! record, built here from `domain::search::words` (the words FTS5's
//! `unicode61` reads on SQLite, so both backends find the same records), and
//! a GIN index. Ranking is `ts_rank` (term frequency, content weighted twice
//! metadata), not BM25: the order of hits differs between backends, the set
//! of hits does not (README, Search).

use std::collections::BTreeMap;

use crate::domain::search::{index_text, metadata_text, words, SearchQuery};
use crate::store::backend::SearchDocument;
use crate::store::reads::search::SearchSql;

/// PostgreSQL's limits on a tsvector: a lexeme under 2 KiB, positions up to
/// 16,383 (larger ones are stored as 16,383), 256 positions per lexeme, and
/// 1 MiB in all; a longer text keeps its first words.
const MAX_LEXEME_BYTES: usize = 2046;
const MAX_POSITIONS: usize = 255;
const MAX_DOCUMENT_BYTES: usize = 900_000;

/// The `tsvector` literal of a record (written by the writer's indexer,
/// `store::writer::index`): content words weighted A, metadata
/// words B, positioned so that a phrase never spans the two.
pub(crate) fn document(content: &str, metadata: Option<&str>) -> String {
    let mut lexemes: BTreeMap<String, Vec<(usize, char)>> = BTreeMap::new();
    let mut size = 0;
    let mut position = 0;
    let mut add = |text: &str, weight: char, position: &mut usize| {
        for word in words(text) {
            *position += 1;
            if word.len() > MAX_LEXEME_BYTES {
                continue;
            }
            match lexemes.get_mut(&word) {
                Some(at) if at.len() < MAX_POSITIONS => {
                    at.push((*position, weight));
                    size += 2;
                }
                Some(_) => {}
                None if size + word.len() + 8 <= MAX_DOCUMENT_BYTES => {
                    size += word.len() + 8;
                    lexemes.insert(word, vec![(*position, weight)]);
                }
                None => {}
            }
        }
    };
    add(&index_text(content), 'A', &mut position);
    if let Some(metadata) = metadata {
        position += 1;
        add(&metadata_text(metadata), 'B', &mut position);
    }
    let mut out = String::with_capacity(size * 2);
    for (word, at) in lexemes {
        out.push_str(&quote(&word));
        out.push(':');
        let positions: Vec<String> = at
            .iter()
            .map(|(p, w)| format!("{}{w}", (*p).min(16_383)))
            .collect();
        out.push_str(&positions.join(","));
        out.push(' ');
    }
    out
}

/// A record's search document, from its content and canonical metadata:
/// its `tsvector` literal.
pub(super) fn search_document(content: &str, metadata: Option<&str>) -> SearchDocument {
    SearchDocument {
        content: document(content, metadata),
        metadata: None,
    }
}

/// A lexeme as tsvector and tsquery literals read it, as is.
fn quote(word: &str) -> String {
    format!("'{}'", word.replace('\\', "\\\\").replace('\'', "''"))
}

/// The `tsquery` literal of the query's phrases (`domain::search`): each a
/// phrase of its words (`<->`), all of them required (`&`). None when no
/// term has an indexed word.
fn tsquery(query: &SearchQuery) -> Option<String> {
    let phrases: Vec<String> = query
        .terms
        .iter()
        .flat_map(|t| t.phrases().0)
        .map(|p| {
            words(&p)
                .map(|w| quote(&w))
                .collect::<Vec<_>>()
                .join(" <-> ")
        })
        .filter(|p| !p.is_empty())
        .map(|p| format!("({p})"))
        .collect();
    (!phrases.is_empty()).then(|| phrases.join(" & "))
}

/// `text` as `encode(bytea, 'escape')` writes its UTF-8 bytes: NUL and bytes
/// above 0x7F as octal escapes, a backslash doubled. The content is bytea, so
/// a term is looked for in that form.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for b in text.bytes() {
        match b {
            0 | 0x80..=0xFF => out.push_str(&format!("\\{b:03o}")),
            b'\\' => out.push_str("\\\\"),
            _ => out.push(b as char),
        }
    }
    out
}

/// The `tsvector` index searched (`store::reads::search::hits`): relevance is
/// `ts_rank` with the weights of D, C, B, A in that order, so that content
/// (A) counts twice metadata (B); a term the index cannot find is looked for
/// in the records as written (ASCII case folded), as on SQLite: in the
/// content (bytea) in its [`escaped`] form.
pub(super) const SEARCH: SearchSql = SearchSql {
    index: "thoughts_search s",
    log_index: "s.log_index",
    score: "ts_rank('{0.1, 0.2, 0.5, 1.0}', s.doc, $1::tsquery)::float8",
    matches: "s.doc @@ $1::tsquery",
    no_score: "0.0::float8",
    match_of: tsquery,
    content_form: escaped,
    holds: |content, text| {
        format!(
            "(strpos(lower(encode(t.content, 'escape')), ${content}) > 0 \
             OR (t.metadata IS NOT NULL AND strpos(lower(t.metadata), ${text}) > 0))"
        )
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documents_weigh_content_over_metadata_and_quote_every_lexeme() {
        let doc = document("It's a \\ café, a test", Some(r#"{"note":"test"}"#));
        assert_eq!(
            doc,
            "'a':3A,5A 'cafe':4A 'it':1A 'note':8B 's':2A 'test':6A,9B "
        );
        assert_eq!(escaped("决x\\"), "\\345\\206\\263x\\\\");
    }

    #[test]
    fn queries_are_phrases_of_quoted_words() {
        let q = SearchQuery::parse(r#"Café "it's fine" 数据库"#).unwrap();
        assert_eq!(
            tsquery(&q).unwrap(),
            "('cafe') & ('it' <-> 's' <-> 'fine') & ('数据' <-> '据库')"
        );
    }
}
