//! A hit's snippet: an excerpt around its first match.

use super::SearchQuery;

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
