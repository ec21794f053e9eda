//! Full-text search rules (docs/design.md §7): what a query may say, how it
//! reads, and how a hit's snippet is cut. The index itself is the backend's.
//!
//! A query is words and "quoted phrases", all of which must match, as whole
//! words, ignoring case and diacritics. FTS5's own syntax (`OR`, `NOT`,
//! `NEAR`, `*`, `^`, `:`, parentheses, braces) is refused rather than
//! silently searched for, so that nobody believes `a OR b` did what it says.
//!
//! What is indexed is [`index_text`] of the text: the words as they are (the
//! index's `unicode61` tokenizer splits and folds them), with every run of a
//! script written without spaces (Han, kana, Hangul, Thai, Lao, Khmer,
//! Myanmar) cut into overlapping two-character words, and each symbol (emoji)
//! a word of its own. A query term goes through the same function and becomes
//! an FTS5 phrase of its words, so `数据库` is found inside `使用数据库缓存`.

use super::json::{parse, JsonValue};

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

/// Appends the overlapping pairs of a run of two or more unspaced
/// characters, each a word.
fn push_pairs(run: &[char], out: &mut String) {
    for pair in run.windows(2) {
        out.push(' ');
        out.push(pair[0]);
        out.push(pair[1]);
    }
    out.push(' ');
}

/// Appends a character that is not of an unspaced script: a symbol as its
/// own ASCII word (`xsym1f916`: the tokenizer's Unicode 6.1 tables know no
/// emoji newer than 2012, and no arrow as a word), a variation selector as
/// nothing, anything else as is.
fn push_other(c: char, out: &mut String) {
    if is_symbol(c) {
        out.push_str(&format!(" xsym{:x} ", c as u32));
    } else if matches!(c as u32, 0xFE00..=0xFE0F | 0x200D) {
        out.push(' ');
    } else {
        out.push(c);
    }
}

/// Whether `c` belongs to a script written without spaces between words,
/// whose runs the index cuts into overlapping pairs (as Lucene's CJK
/// analyzer does): a word of two characters, the commonest length in
/// Chinese, is then one indexed word.
pub fn is_unspaced(c: char) -> bool {
    matches!(c as u32,
        0x0E00..=0x0EFF          // Thai, Lao
        | 0x1000..=0x109F        // Myanmar
        | 0x1780..=0x17FF        // Khmer
        | 0x3040..=0x30FF        // Hiragana, Katakana
        | 0x31F0..=0x31FF        // Katakana phonetic extensions
        | 0x3400..=0x4DBF        // CJK extension A
        | 0x4E00..=0x9FFF        // CJK unified ideographs
        | 0xAC00..=0xD7AF        // Hangul syllables
        | 0xF900..=0xFAFF        // CJK compatibility ideographs
        | 0xFF66..=0xFF9F        // halfwidth Katakana
        | 0x20000..=0x3FFFF      // CJK extensions B and later
    )
}

/// Whether `c` is a symbol the index keeps as a word of its own (emoji,
/// dingbats, arrows, technical and other symbols), so that `🚀` is found
/// next to other text.
fn is_symbol(c: char) -> bool {
    matches!(c as u32,
        0x00A9 | 0x00AE
        | 0x2100..=0x214F        // letterlike symbols
        | 0x2190..=0x21FF        // arrows
        | 0x2300..=0x23FF        // miscellaneous technical
        | 0x2460..=0x27BF        // enclosed alphanumerics to dingbats
        | 0x2B00..=0x2BFF        // miscellaneous symbols and arrows
        | 0x1F000..=0x1FAFF      // emoji and other pictographs, skin tones
    ) && !c.is_alphanumeric()
}

/// Appends a run of unspaced characters as the index reads it (a lone one as
/// itself, two or more as overlapping pairs) and empties the run.
fn flush_run(run: &mut Vec<char>, out: &mut String) {
    match run.len() {
        0 => {}
        1 => {
            out.push(' ');
            out.push(run[0]);
            out.push(' ');
        }
        _ => push_pairs(run, out),
    }
    run.clear();
}

/// The text the index is given for `text` (module documentation): runs of
/// unspaced scripts as overlapping pairs (a lone one as itself), symbols as
/// words of their own, the rest as is.
pub fn index_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 2);
    let mut run: Vec<char> = Vec::new();
    let mut rest = text;
    loop {
        // ASCII holds no unspaced script, symbol or selector: a span of it is
        // copied whole (most records are mostly ASCII; char by char it was
        // 8% of an append's CPU, issue 12's batch-path profile).
        let ascii = rest
            .bytes()
            .position(|b| !b.is_ascii())
            .unwrap_or(rest.len());
        if ascii > 0 {
            flush_run(&mut run, &mut out);
            out.push_str(&rest[..ascii]);
            rest = &rest[ascii..];
        }
        let mut chars = rest.chars();
        let Some(c) = chars.next() else { break };
        rest = chars.as_str();
        if is_unspaced(c) {
            run.push(c);
            continue;
        }
        flush_run(&mut run, &mut out);
        push_other(c, &mut out);
    }
    flush_run(&mut run, &mut out);
    out
}

/// The text of a record's metadata for the index: every key and every
/// string and number value, one after the other, decoded (the canonical
/// JSON's escapes would glue `\n` to the next word). Metadata that does not
/// read back as JSON is indexed as stored.
pub fn metadata_text(canonical: &str) -> String {
    fn walk(value: &JsonValue, out: &mut String) {
        match value {
            JsonValue::Null | JsonValue::Bool(_) => {}
            JsonValue::Number(n) => {
                out.push_str(n);
                out.push('\n');
            }
            JsonValue::String(s) => {
                out.push_str(s);
                out.push('\n');
            }
            JsonValue::Array(items) => items.iter().for_each(|v| walk(v, out)),
            JsonValue::Object(members) => {
                for (k, v) in members {
                    out.push_str(k);
                    out.push('\n');
                    walk(v, out);
                }
            }
        }
    }
    // Stored metadata is at most 32 levels deep (domain::metadata).
    match parse(canonical, 64) {
        Ok(value) => {
            let mut out = String::with_capacity(canonical.len());
            walk(&value, &mut out);
            index_text(&out)
        }
        Err(_) => index_text(canonical),
    }
}

/// The words of an index text ([`index_text`]) as FTS5's `unicode61`
/// tokenizer with this project's categories reads them, for a backend that
/// has no such tokenizer (PostgreSQL's parser splits `a-b`, URLs and paths
/// its own way): runs of letters, digits, marks, private-use characters and
/// other symbols; folded to lower case, and a Latin letter's diacritics
/// dropped (`Café` → `cafe`), as `remove_diacritics` does.
pub fn words(indexed: &str) -> impl Iterator<Item = String> + '_ {
    indexed
        .split(|c: char| !is_word_char(c))
        .filter(|w| !w.is_empty())
        .map(fold_word)
}

/// `unicode61` with categories `L* N* Co M* So` (migrations/sqlite/0007).
fn is_word_char(c: char) -> bool {
    use unicode_general_category::{get_general_category, GeneralCategory as G};
    if c.is_ascii() {
        return c.is_ascii_alphanumeric();
    }
    matches!(
        get_general_category(c),
        G::UppercaseLetter
            | G::LowercaseLetter
            | G::TitlecaseLetter
            | G::ModifierLetter
            | G::OtherLetter
            | G::DecimalNumber
            | G::LetterNumber
            | G::OtherNumber
            | G::PrivateUse
            | G::NonspacingMark
            | G::SpacingMark
            | G::EnclosingMark
            | G::OtherSymbol
    )
}

/// Lower case, and Latin letters without their diacritics: a character
/// whose canonical decomposition is a Latin base and combining marks
/// (U+0300–U+036F) keeps the base alone.
fn fold_word(word: &str) -> String {
    use unicode_normalization::char::decompose_canonical;
    let latin =
        |b: char| matches!(b as u32, 0x41..=0x5A | 0x61..=0x7A | 0xC0..=0x24F | 0x1E00..=0x1EFF);
    let mut out = String::with_capacity(word.len());
    let mut last_latin = false;
    let mut parts: Vec<char> = Vec::with_capacity(4);
    for c in word.chars().flat_map(char::to_lowercase) {
        if c.is_ascii() {
            out.push(c);
            last_latin = c.is_ascii_alphabetic();
            continue;
        }
        parts.clear();
        decompose_canonical(c, |p| parts.push(p));
        if parts.len() > 1
            && latin(parts[0])
            && parts[1..]
                .iter()
                .all(|&m| matches!(m as u32, 0x300..=0x36F))
        {
            out.push(parts[0]);
            last_latin = true;
        } else if matches!(c as u32, 0x300..=0x36F) && last_latin {
            // A combining mark written apart after a Latin letter.
        } else {
            out.push(c);
            last_latin = latin(c);
        }
    }
    out
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
fn collapse_spaces(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Characters of context a snippet keeps before its first match.
const SNIPPET_BEFORE: usize = 40;
/// The most characters of a text a snippet looks for matches in.
const SNIPPET_SCAN: usize = 16 * 1024;
/// The most characters a snippet shows.
const SNIPPET_CHARS: usize = 160;

/// An excerpt of `text` around the first place a term of `query` occurs,
/// each occurrence in it wrapped in `**` (Markdown bold), with `…` where the
/// text was cut. None when no term occurs in `text`.
pub fn snippet(text: &str, query: &SearchQuery) -> Option<String> {
    // Only the start of a long text is looked at: the search is characters ×
    // query length, for each hit of a page.
    let chars: Vec<char> = text.chars().take(SNIPPET_SCAN).collect();
    let folded: Vec<char> = chars.iter().map(|&c| fold(c)).collect();
    let needles: Vec<Vec<char>> = query
        .terms
        .iter()
        .map(|t| t.text.chars().map(fold).collect())
        .collect();
    // Every occurrence, as (start, end) in characters, longest first where
    // two start together, overlapping ones dropped.
    let mut found: Vec<(usize, usize)> = Vec::new();
    for needle in &needles {
        if needle.is_empty() || needle.len() > folded.len() {
            continue;
        }
        for start in 0..=folded.len() - needle.len() {
            if folded[start..start + needle.len()] == needle[..] {
                found.push((start, start + needle.len()));
            }
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    let first = found.first()?.0;
    let from = first.saturating_sub(SNIPPET_BEFORE);
    let to = (from + SNIPPET_CHARS).min(chars.len());
    let mut out = String::new();
    if from > 0 {
        out.push('…');
    }
    let mut at = from;
    for (start, end) in found {
        if start < at || end > to {
            continue;
        }
        out.extend(&chars[at..start]);
        out.push_str("**");
        out.extend(&chars[start..end]);
        out.push_str("**");
        at = end;
    }
    out.extend(&chars[at..to]);
    if to < chars.len() || chars.len() == SNIPPET_SCAN {
        out.push('…');
    }
    Some(out)
}

/// One character folded for matching: its first lowercase character, so
/// that positions in the folded text are positions in the text.
fn fold(c: char) -> char {
    c.to_lowercase().next().unwrap_or(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_and_fold_as_unicode61_does() {
        let w: Vec<String> =
            super::words(&index_text("Café-au-lait, NAÏVE e\u{301}tude; x_y 42 🚀")).collect();
        assert_eq!(
            w,
            [
                "cafe",
                "au",
                "lait",
                "naive",
                "etude",
                "x",
                "y",
                "42",
                "xsym1f680"
            ]
        );
        // Pairs of unspaced scripts and Devanagari's vowel signs stay words.
        let w: Vec<String> = super::words(&index_text("使用数据库 हिन्दी")).collect();
        assert_eq!(w, ["使用", "用数", "数据", "据库", "हिन्दी"]);
        // Greek and Cyrillic keep their accents; case still folds.
        let w: Vec<String> = super::words("Ἀθῆναι МОСКВА́").collect();
        assert_eq!(w, ["ἀθῆναι", "москва́"]);
    }

    fn words(q: &str) -> Vec<(String, bool)> {
        SearchQuery::parse(q)
            .unwrap()
            .terms
            .into_iter()
            .map(|t| (t.text, t.phrase))
            .collect()
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

    #[test]
    fn the_index_text_pairs_unspaced_scripts_and_sets_symbols_apart() {
        assert_eq!(index_text("plain words, as is"), "plain words, as is");
        assert_eq!(
            index_text("我们使用数据库。OK"),
            " 我们 们使 使用 用数 数据 据库 。OK"
        );
        assert_eq!(index_text("A决B"), "A 决 B");
        assert_eq!(index_text("キャッシュ"), " キャ ャッ ッシ シュ ");
        assert_eq!(index_text("go🚀🎉!"), "go xsym1f680  xsym1f389 !");
        // Arrows and newer emoji are words too; a variation selector is not.
        assert_eq!(
            index_text("a→b🤖❤\u{fe0f}"),
            "a xsym2192 b xsym1f916  xsym2764  "
        );
        // Marks and letters of spaced scripts are left to the tokenizer.
        assert_eq!(index_text("हिन्दी café"), "हिन्दी café");
        // A query term and the text it is in agree.
        let text = collapse_spaces(&index_text("决定使用数据库缓存"));
        let term = collapse_spaces(&index_text("数据库"));
        assert!(text.contains(&term), "{text} / {term}");
    }

    #[test]
    fn index_text_copying_ascii_whole_agrees_with_reading_char_by_char() {
        // The rule as first written, one char at a time: the oracle.
        fn char_by_char(text: &str) -> String {
            let mut out = String::new();
            let mut run: Vec<char> = Vec::new();
            for c in text.chars() {
                if is_unspaced(c) {
                    run.push(c);
                    continue;
                }
                flush_run(&mut run, &mut out);
                push_other(c, &mut out);
            }
            flush_run(&mut run, &mut out);
            out
        }
        let pool: Vec<char> = "ab Z9.,-\n\"决定数据キャ한국ไทย🚀🤖→©\u{fe0f}\u{200d}हिé"
            .chars()
            .collect();
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for len in 0..400 {
            let text: String = (0..len % 40)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    pool[(state % pool.len() as u64) as usize]
                })
                .collect();
            assert_eq!(index_text(&text), char_by_char(&text), "{text:?}");
        }
    }

    #[test]
    fn metadata_is_indexed_as_its_decoded_keys_and_values() {
        let text = metadata_text(r#"{"a":"first\nsecond","b":true,"n":[12,"x\"y"]}"#);
        assert_eq!(text, "a\nfirst\nsecond\nb\nn\n12\nx\"y\n");
        assert_eq!(metadata_text("not json"), "not json");
    }

    #[test]
    fn a_snippet_marks_each_occurrence_near_the_first() {
        let q = SearchQuery::parse("cache \"write ahead\"").unwrap();
        assert_eq!(
            snippet("Use the Cache; a write AHEAD log, then the cache.", &q).unwrap(),
            "Use the **Cache**; a **write AHEAD** log, then the **cache**."
        );
        assert_eq!(snippet("nothing here", &q), None);
        let long = format!("{} needle {}", "a".repeat(100), "b".repeat(300));
        let s = snippet(&long, &SearchQuery::parse("needle").unwrap()).unwrap();
        assert!(s.starts_with('…') && s.ends_with('…'), "{s}");
        assert!(s.contains("**needle**"), "{s}");
        assert_eq!(
            s.chars().filter(|&c| c != '…' && c != '*').count(),
            SNIPPET_CHARS
        );
        assert_eq!(
            snippet("決定：数据库を使う", &SearchQuery::parse("数据库").unwrap()).unwrap(),
            "決定：**数据库**を使う"
        );
    }
}
