//! The text the index is given for a record's content and metadata: unspaced
//! scripts cut into pairs, symbols set apart (the `search` module's
//! documentation says why).

use crate::domain::json::{parse, JsonValue};

/// Appends the overlapping pairs of a run of two or more unspaced
/// characters, each a word.
pub(super) fn push_pairs(run: &[char], out: &mut String) {
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
pub(super) fn push_other(c: char, out: &mut String) {
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
pub(super) fn is_symbol(c: char) -> bool {
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

/// The text the index is given for `text` (the `search` module's
/// documentation): runs of unspaced scripts as overlapping pairs (a lone one
/// as itself), symbols as words of their own, the rest as is.
pub fn index_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 2);
    let mut run: Vec<char> = Vec::new();
    let mut rest = text;
    loop {
        // ASCII holds no unspaced script, symbol or selector: a span of it is
        // copied whole (most records are mostly ASCII; char by char it was
        // 8% of an append's CPU in a profile of the batch path).
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
        push_char(c, &mut run, &mut out);
    }
    flush_run(&mut run, &mut out);
    out
}

/// One char of the rule: an unspaced one joins the pending run; any other ends
/// it and is written as itself (or as a symbol's word).
#[inline]
fn push_char(c: char, run: &mut Vec<char>, out: &mut String) {
    if is_unspaced(c) {
        run.push(c);
    } else {
        flush_run(run, out);
        push_other(c, out);
    }
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

#[cfg(test)]
mod tests {
    use super::super::query::collapse_spaces;
    use super::*;

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
                push_char(c, &mut run, &mut out);
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
}
