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
        // A word of marks FTS5 drops is no word.
        .filter(|w| !w.is_empty())
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
        } else if is_fts5_diacritic(c) || (matches!(c as u32, 0x300..=0x36F) && last_latin) {
            // A combining mark written apart: the ones FTS5 counts as
            // diacritics go wherever they stand, any after a Latin letter.
        } else {
            out.push(c);
            last_latin = latin(c);
        }
    }
    out
}

/// The combining marks FTS5's `unicode61` drops wherever they stand when it
/// removes diacritics (`sqlite3Fts5UnicodeIsdiacritic`: U+0300–U+0331, by
/// its two bit masks).
fn is_fts5_diacritic(c: char) -> bool {
    const LOW: u32 = 0x0802_9FDF;
    const HIGH: u32 = 0x0003_61F8;
    match c as u32 {
        n @ 0x300..=0x31F => LOW & (1 << (n - 0x300)) != 0,
        n @ 0x320..=0x331 => HIGH & (1 << (n - 0x320)) != 0,
        _ => false,
    }
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
        // Greek's precomposed letters keep their accents; a combining acute
        // goes wherever it stands, as FTS5 drops it; case still folds.
        let w: Vec<String> = super::words("Ἀθῆναι МОСКВА́ \u{301}البيانات а\u{305}").collect();
        assert_eq!(w, ["ἀθῆναι", "москва", "البيانات", "а\u{305}"]);
        assert_eq!(super::words("\u{301} \u{301}\u{300}").count(), 0);
        // Exactly the marks FTS5 counts as diacritics (measured against it).
        let dropped: Vec<u32> = (0x300..0x370)
            .filter(|&n| super::is_fts5_diacritic(char::from_u32(n).unwrap()))
            .collect();
        let mut expected: Vec<u32> = Vec::new();
        for (a, b) in [
            (0x300, 0x304),
            (0x306, 0x30C),
            (0x30F, 0x30F),
            (0x311, 0x311),
            (0x31B, 0x31B),
            (0x323, 0x328),
            (0x32D, 0x32E),
            (0x330, 0x331),
        ] {
            expected.extend(a..=b);
        }
        assert_eq!(dropped, expected);
    }
}
