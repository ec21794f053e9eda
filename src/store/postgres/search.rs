//! Full-text search on PostgreSQL (docs/design.md §7): a `tsvector` per
//! record, built here from `domain::search::words` (the words FTS5's
//! `unicode61` reads on SQLite, so both backends find the same records), and
//! a GIN index. Ranking is `ts_rank` (term frequency, content weighted twice
//! metadata), not BM25: the order of hits differs between backends, the set
//! of hits does not (README, Search).

use std::collections::BTreeMap;

use sqlx::PgPool;

use super::map_error;
use super::reads::filter_clauses;
use crate::domain::record::RecordFilter;
use crate::domain::search::{index_text, metadata_text, words, SearchQuery};
use crate::domain::NewRecord;
use crate::store::backend::SearchDocument;
use crate::store::StoreError;

/// PostgreSQL's limits on a tsvector: a lexeme under 2 KiB, positions up to
/// 16,383 (larger ones are stored as 16,383), 256 positions per lexeme, and
/// 1 MiB in all; a longer text keeps its first words.
const MAX_LEXEME_BYTES: usize = 2046;
const MAX_POSITIONS: usize = 255;
const MAX_DOCUMENT_BYTES: usize = 900_000;

/// The `tsvector` literal of a record (written by the writer, in the
/// append's transaction): content words weighted A, metadata
/// words B, positioned so that a phrase never spans the two.
pub(super) fn document(content: &str, metadata: Option<&str>) -> String {
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

/// A record's search document: its `tsvector` literal.
pub(super) fn search_document(draft: &NewRecord) -> SearchDocument {
    SearchDocument {
        content: document(
            &draft.content,
            draft.metadata.as_ref().map(|m| m.canonical()),
        ),
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

/// `ts_rank` weights, in the order D, C, B, A: content (A) counts twice
/// metadata (B).
const WEIGHTS: &str = "'{0.1, 0.2, 0.5, 1.0}'";

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

/// The best `max_hits` matches the filters keep, best first, with their
/// relevance; equal scores newest first. Terms with a lone character of an
/// unspaced script are looked for in the records as written (ASCII case
/// folded), as on SQLite.
pub(super) async fn search(
    pool: &PgPool,
    query: &SearchQuery,
    task: Option<&str>,
    filter: &RecordFilter,
    max_hits: u32,
) -> Result<Vec<(u64, f64)>, StoreError> {
    let matched = tsquery(query);
    let short = query.unindexed();
    let mut sql = match &matched {
        Some(_) if short.is_empty() && task.is_none() && filter.is_empty() => format!(
            "SELECT s.log_index, ts_rank({WEIGHTS}, s.doc, $1::tsquery)::float8 AS score \
             FROM thoughts_search s WHERE s.doc @@ $1::tsquery"
        ),
        Some(_) => format!(
            "SELECT t.log_index, ts_rank({WEIGHTS}, s.doc, $1::tsquery)::float8 AS score \
             FROM thoughts_search s JOIN thoughts t ON t.log_index = s.log_index \
             WHERE s.doc @@ $1::tsquery"
        ),
        None => "SELECT t.log_index, 0.0::float8 AS score FROM thoughts t WHERE true".to_string(),
    };
    let mut bound = usize::from(matched.is_some());
    for _ in &short {
        sql.push_str(&format!(
            " AND (strpos(lower(encode(t.content, 'escape')), ${}) > 0 \
             OR (t.metadata IS NOT NULL AND strpos(lower(t.metadata), ${}) > 0))",
            bound + 1,
            bound + 2
        ));
        bound += 2;
    }
    let values = filter_clauses(&mut sql, bound, task, filter);
    let alias = if matched.is_some() && short.is_empty() && task.is_none() && filter.is_empty() {
        "s"
    } else {
        "t"
    };
    // Filter columns are unqualified: only `thoughts` has them, so they
    // resolve there whenever a filter is given (and the join is made).
    sql.push_str(&format!(
        " ORDER BY score DESC, {alias}.log_index DESC LIMIT ${}",
        bound + values.len() + 1
    ));
    let mut q = sqlx::query_as::<_, (i64, f64)>(&sql);
    if let Some(m) = &matched {
        q = q.bind(m.as_str());
    }
    for term in &short {
        q = q.bind(escaped(term)).bind(term.as_str());
    }
    for value in values {
        q = q.bind(value);
    }
    let rows = q
        .bind(i64::from(max_hits))
        .fetch_all(pool)
        .await
        .map_err(map_error)?;
    Ok(rows
        .into_iter()
        .map(|(index, score)| (index as u64, score))
        .collect())
}

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
