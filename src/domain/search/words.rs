//! The index's words for a backend without FTS5.

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

#[cfg(test)]
mod tests {
    use super::super::index::index_text;

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
}
