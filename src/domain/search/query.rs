//! What a search query may say, and what the index is asked for it.

use super::index::{index_text, is_symbol, is_unspaced, metadata_text, push_other, push_pairs};
use super::words::words;

/// The longest query, in characters.
pub const MAX_QUERY_CHARS: usize = 500;

/// The most words and phrases a query may have.
pub const MAX_TERMS: usize = 16;

/// The most hits a query reaches: its best 1,000, paged through. Ranking
/// scores every match anyway; keeping the order of the best 1,000 is what
/// makes the pages stable (docs/design.md §7).
pub const MAX_HITS: usize = 1000;

/// The characters that are FTS5 syntax outside a phrase.
const OPERATOR_CHARS: &[char] = &['*', '^', ':', '(', ')', '{', '}'];

/// The words FTS5 reads as operators.
const OPERATOR_WORDS: &[&str] = &["AND", "OR", "NOT", "NEAR"];

/// A parsed query: its terms, in the order written, without repeats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchQuery {
    pub terms: Vec<Term>,
}

/// A word or a phrase, as written (case kept; matching folds it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    pub text: String,
    pub phrase: bool,
}

impl Term {
    /// How the index finds this term: the phrases (index words, space
    /// separated) that must all occur, and whether the records they find
    /// must also be read for the term itself. A lone character of a script
    /// written without spaces (`决`, or the `用` of `用Redis`) is not a word
    /// of the index, which holds its pairs with its neighbours: the term is
    /// cut there into phrases, and the records are read for the whole term
    /// (or, when nothing else is indexed, every record is).
    pub fn phrases(&self) -> (Vec<String>, bool) {
        let mut phrases = Vec::new();
        let mut current = String::new();
        let mut read = false;
        let chars: Vec<char> = self.text.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let run = chars[i..].iter().take_while(|&&c| is_unspaced(c)).count();
            if run == 1 {
                read = true;
                phrases.push(std::mem::take(&mut current));
                i += 1;
            } else if run > 1 {
                push_pairs(&chars[i..i + run], &mut current);
                i += run;
            } else {
                push_other(chars[i], &mut current);
                i += 1;
            }
        }
        phrases.push(current);
        let phrases = phrases
            .iter()
            .map(|p| collapse_spaces(p))
            .filter(|p| !p.is_empty())
            .collect();
        (phrases, read)
    }
}

impl SearchQuery {
    /// Reads `q`, or says what is wrong with it (one sentence, for the `q`
    /// field of a 400 problem).
    pub fn parse(q: &str) -> Result<SearchQuery, String> {
        if q.chars().count() > MAX_QUERY_CHARS {
            return Err(format!("must be at most {MAX_QUERY_CHARS} characters"));
        }
        if q.contains('\0') {
            // FTS5 reads its query as a C string: it would end there.
            return Err("must not contain the NUL character".into());
        }
        let mut terms: Vec<Term> = Vec::new();
        let push = |term: Term, terms: &mut Vec<Term>| {
            if !terms.contains(&term) {
                terms.push(term);
            }
        };
        let chars: Vec<char> = q.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_whitespace() {
                i += 1;
            } else if c == '"' {
                let start = i;
                let Some(len) = chars[i + 1..].iter().position(|&c| c == '"') else {
                    return Err(format!(
                        "has an unbalanced quote: the phrase opened at character {} is not closed",
                        start + 1
                    ));
                };
                let text: String = chars[i + 1..i + 1 + len].iter().collect();
                let text = collapse_spaces(&text);
                if text.is_empty() {
                    return Err(format!(
                        "has an empty phrase at character {}: put words between the quotes",
                        start + 1
                    ));
                }
                push(Term { text, phrase: true }, &mut terms);
                i += len + 2;
            } else {
                let len = chars[i..]
                    .iter()
                    .position(|&c| c.is_whitespace() || c == '"')
                    .unwrap_or(chars.len() - i);
                let text: String = chars[i..i + len].iter().collect();
                if OPERATOR_WORDS.contains(&text.as_str()) {
                    return Err(format!(
                        "uses `{text}`, an FTS5 operator this search does not take: all words \
                         must match; to search for the word, quote it (\"{text}\")"
                    ));
                }
                if let Some(op) = text.chars().find(|c| OPERATOR_CHARS.contains(c)) {
                    return Err(format!(
                        "has `{op}` in `{text}`, which is FTS5 query syntax this search does \
                         not take; to search for it, quote the word (\"{text}\")"
                    ));
                }
                push(
                    Term {
                        text,
                        phrase: false,
                    },
                    &mut terms,
                );
                i += len;
            }
        }
        if terms.is_empty() {
            return Err("must have at least one word or \"quoted phrase\"".into());
        }
        if let Some(t) = terms
            .iter()
            .find(|t| !t.text.chars().any(|c| c.is_alphanumeric() || is_symbol(c)))
        {
            return Err(format!(
                "has `{}`, which holds no letter, digit or symbol to search for",
                t.text
            ));
        }
        if terms.len() > MAX_TERMS {
            return Err(format!(
                "has {} words and phrases; at most {MAX_TERMS}",
                terms.len()
            ));
        }
        Ok(SearchQuery { terms })
    }

    /// The FTS5 MATCH expression of the terms' phrases ([`Term::phrases`]):
    /// each one an FTS5 string (so nothing in it is syntax), which FTS5 reads
    /// as a phrase of its words; all of them must match. None when no term
    /// has an indexed word.
    pub fn fts_match(&self) -> Option<String> {
        let strings: Vec<String> = self
            .terms
            .iter()
            .flat_map(|t| t.phrases().0)
            .map(|p| format!("\"{}\"", p.replace('"', "\"\"")))
            .collect();
        (!strings.is_empty()).then(|| strings.join(" "))
    }

    /// The terms the records found must also hold as written (ASCII letters
    /// in any case): those with a lone character of an unspaced script.
    pub fn unindexed(&self) -> Vec<String> {
        self.terms
            .iter()
            .filter(|t| t.phrases().1)
            .map(|t| t.text.to_ascii_lowercase())
            .collect()
    }

    /// Whether a record of `content` and `metadata` (its canonical JSON)
    /// holds every indexed phrase of the query, as the index would find it:
    /// each phrase's words in a row, in the content or in the metadata
    /// ([`index_text`], [`metadata_text`], [`words`]). A search hit that
    /// does not is an index row the service did not write (docs/design.md
    /// §7): it is dropped.
    ///
    /// Where the index may split or place words otherwise than [`words`]
    /// does (a character FTS5's Unicode 6.1 tables do not know; PostgreSQL's
    /// positions, which stop at 16,383), a phrase whose every word is
    /// within the field's words also holds: a row is refused only for words
    /// its record does not have at all.
    pub fn found_in(&self, content: &str, metadata: Option<&str>) -> bool {
        let fields: Vec<Vec<String>> = std::iter::once(words(&index_text(content)).collect())
            .chain(metadata.map(|m| words(&metadata_text(m)).collect()))
            .collect();
        let joined: Vec<String> = fields.iter().map(|f| f.join(" ")).collect();
        self.terms.iter().flat_map(|t| t.phrases().0).all(|p| {
            let phrase: Vec<String> = words(&p).collect();
            phrase.is_empty()
                || fields.iter().zip(&joined).any(|(field, text)| {
                    field.windows(phrase.len()).any(|w| w == phrase.as_slice())
                        || phrase.iter().all(|w| text.contains(w.as_str()))
                })
        })
    }

    /// The query written back in its normal form: what a search cursor is
    /// bound to.
    pub fn normal_form(&self) -> String {
        self.terms
            .iter()
            .map(|t| format!("\"{}\"", t.text))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Runs of whitespace in a phrase are one space, as the words are separated
/// in most text.
pub(super) fn collapse_spaces(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(q: &str) -> Vec<(String, bool)> {
        SearchQuery::parse(q)
            .unwrap()
            .terms
            .into_iter()
            .map(|t| (t.text, t.phrase))
            .collect()
    }

    #[test]
    fn a_record_holds_a_query_as_the_index_finds_it() {
        let q = SearchQuery::parse(r#"redis "cache miss" 数据库"#).unwrap();
        assert!(q.found_in("A Redis cache miss in 使用数据库缓存", None));
        assert!(q.found_in(
            "Café: cache miss",
            Some(r#"{"db":"数据库","store":"REDIS"}"#)
        ));
        // Every term, each phrase's words within one field.
        assert!(!q.found_in("redis cache 数据库", Some(r#"{"k":"miss"}"#)));
        assert!(!q.found_in("redis cache", Some(r#"{"k":"miss 数据库"}"#)));
        // A word the index may have cut otherwise is found inside a longer one.
        assert!(SearchQuery::parse("ab").unwrap().found_in("xaby", None));
        assert!(!q.found_in("nothing here", None));
        let folded = SearchQuery::parse("cafe").unwrap();
        assert!(folded.found_in("CAFÉ au lait", None));
    }

    #[test]
    fn reads_words_and_phrases() {
        assert_eq!(
            words(r#"  cache  "write ahead   log" miss"#),
            vec![
                ("cache".into(), false),
                ("write ahead log".into(), true),
                ("miss".into(), false)
            ]
        );
        assert_eq!(
            words(r#"a"b c"d"#),
            vec![
                ("a".into(), false),
                ("b c".into(), true),
                ("d".into(), false)
            ]
        );
        assert_eq!(words("gpt-4 C++ x-y"), words("gpt-4 C++ x-y gpt-4"));
        assert_eq!(words("数据库 مرحبا 🚀"), {
            vec![
                ("数据库".into(), false),
                ("مرحبا".into(), false),
                ("🚀".into(), false),
            ]
        });
    }

    #[test]
    fn refuses_what_it_does_not_take() {
        for (q, says) in [
            ("", "at least one"),
            ("   ", "at least one"),
            ("\"open", "unbalanced quote"),
            ("a \"b\" \"c", "character 7"),
            ("\"\"", "empty phrase"),
            ("\"  \"", "empty phrase"),
            ("a OR b", "`OR`"),
            ("NOT a", "`NOT`"),
            ("a AND b", "`AND`"),
            ("NEAR(a b)", "`(`"),
            ("pre*", "`*`"),
            ("^start", "`^`"),
            ("content:x", "`:`"),
            ("{content}", "`{`"),
            ("a)", "`)`"),
            ("a\0b", "NUL"),
            ("ok ...", "no letter"),
            ("\"- —\"", "no letter"),
        ] {
            let err = SearchQuery::parse(q).unwrap_err();
            assert!(err.contains(says), "{q:?}: {err}");
        }
        // Quoted, the same are words.
        assert_eq!(
            words("\"OR\" \"pre*\""),
            vec![("OR".into(), true), ("pre*".into(), true)]
        );
        // Lowercase `or` is a word for FTS5 too.
        assert_eq!(words("this or that").len(), 3);
        let long = "x".repeat(MAX_QUERY_CHARS + 1);
        assert!(SearchQuery::parse(&long).unwrap_err().contains("at most"));
        let many = (0..=MAX_TERMS).map(|i| format!("w{i}")).collect::<Vec<_>>();
        assert!(SearchQuery::parse(&many.join(" "))
            .unwrap_err()
            .contains("at most 16"));
    }

    #[test]
    fn builds_a_match_expression_of_fts5_strings_only() {
        let q = SearchQuery::parse(r#"cache "write ahead" 决 中文 数据库 x"y🚀""#).unwrap();
        assert_eq!(
            q.fts_match().as_deref(),
            Some(r#""cache" "write ahead" "中文" "数据 据库" "x" "y xsym1f680""#)
        );
        assert_eq!(q.unindexed(), vec!["决".to_string()]);
        assert_eq!(SearchQuery::parse("决 定").unwrap().fts_match(), None);
        // One character of a spaced script is a word like any other.
        assert_eq!(
            SearchQuery::parse("a").unwrap().fts_match().as_deref(),
            Some("\"a\"")
        );
    }

    #[test]
    fn a_lone_unspaced_character_cuts_a_term_and_has_it_read() {
        let phrases = |t: &str| {
            Term {
                text: t.into(),
                phrase: false,
            }
            .phrases()
        };
        assert_eq!(phrases("用Redis"), (vec!["Redis".to_string()], true));
        assert_eq!(phrases("A决B"), (vec!["A".into(), "B".into()], true));
        assert_eq!(phrases("决"), (vec![], true));
        assert_eq!(
            phrases("使用Redis"),
            (vec!["使用 Redis".to_string()], false)
        );
        let q = SearchQuery::parse("用Redis cache").unwrap();
        assert_eq!(q.fts_match().as_deref(), Some(r#""Redis" "cache""#));
        assert_eq!(q.unindexed(), vec!["用redis".to_string()]);
    }
}
