//! The strict reader and the RFC 8785 writer, against their rules.

use super::*;

fn canon(text: &str) -> String {
    canonicalize(&parse(text, 64).unwrap()).unwrap()
}

#[test]
fn strings_are_written_as_the_canonicalizer_writes_them() {
    // The copy-whole path and the escaper must agree on every kind of char.
    let samples = [
        "plain words",
        "",
        "quote \" and backslash \\",
        "controls \u{0}\u{1}\u{8}\t\n\u{b}\u{c}\r\u{1f}",
        "del \u{7f}, line sep \u{2028}, astral \u{1F600}, é",
        "/slash/ stays",
    ];
    for sample in samples {
        let mut ours = Vec::new();
        write_string(sample, &mut ours);
        let theirs = serde_json_canonicalizer::to_vec(&sample).unwrap();
        assert_eq!(ours, theirs, "{sample:?}");
    }
}

#[test]
fn parses_and_canonicalizes_nested_values() {
    assert_eq!(
        canon(r#" { "b" : [3, 1, {"d":1,"c":2}], "a" : null } "#),
        r#"{"a":null,"b":[3,1,{"c":2,"d":1}]}"#
    );
}

#[test]
fn keys_sort_by_utf16_code_units_not_code_points() {
    // U+1F600 is D83D DE00 in UTF-16, so it sorts before U+FF61.
    assert_eq!(
        canon(r#"{"\uFF61":1,"\uD83D\uDE00":2}"#),
        "{\"\u{1F600}\":2,\"\u{FF61}\":1}"
    );
}

#[test]
fn strings_escape_as_json_stringify_does() {
    let mut out = Vec::new();
    write_string("\u{8}\u{c}\n\r\t\u{0}\u{1f}\u{7f}\"\\/\u{2028}é", &mut out);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "\"\\b\\f\\n\\r\\t\\u0000\\u001f\u{7f}\\\"\\\\/\u{2028}é\""
    );
}

#[test]
fn numbers_print_in_ecmascript_form() {
    for (text, want) in [
        ("1.0", "1"),
        ("-0", "0"),
        ("-0.0", "0"),
        ("1e21", "1e+21"),
        ("1E30", "1e+30"),
        ("1e-7", "1e-7"),
        ("0.000001", "0.000001"),
        ("4.50", "4.5"),
        ("123456789012345680000", "123456789012345680000"),
        ("9007199254740993", "9007199254740992"),
        ("5e-324", "5e-324"),
    ] {
        assert_eq!(canonical_number(text).unwrap(), want, "{text}");
    }
    assert!(canonical_number("1e400").is_err());
}

#[test]
fn same_decimal_compares_exact_values() {
    assert!(same_decimal("4.50", "4.5"));
    assert!(same_decimal("1E30", "1e+30"));
    assert!(same_decimal("-0", "0"));
    assert!(same_decimal("0.000", "0"));
    assert!(same_decimal("120e-1", "12"));
    assert!(!same_decimal("9007199254740993", "9007199254740992"));
    assert!(!same_decimal("0.1", "0.10000000000000001"));
    assert!(!same_decimal("-1", "1"));
}

#[test]
fn refuses_duplicate_keys_with_their_path() {
    let e = parse(r#"{"a":{"b":1,"b":2}}"#, 64).unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::DuplicateKey);
    assert_eq!(render_path(&e.path), "a.b");
}

#[test]
fn refuses_lone_surrogates() {
    for text in [r#""a\ud800b""#, r#""\udc00""#, r#""\ud800\u0041""#] {
        let e = parse(text, 64).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::LoneSurrogate, "{text}");
    }
    assert_eq!(
        parse(r#""\ud83d\ude00""#, 64).unwrap(),
        JsonValue::String("\u{1F600}".into())
    );
}

#[test]
fn bounds_nesting_without_recursing_past_the_limit() {
    let deep = "[".repeat(100_000);
    let e = parse(&deep, 33).unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::TooDeep { max: 33 });
    assert!(parse(&format!("{}{}", "[".repeat(33), "]".repeat(33)), 33).is_ok());
}

#[test]
fn refuses_what_json_does_not_allow() {
    for text in [
        "",
        "{",
        "[1,]",
        "{\"a\":1,}",
        "01",
        "1.",
        ".5",
        "+1",
        "1e",
        "\"a\nb\"",
        "'a'",
        "nul",
        "{a:1}",
        "[1] 2",
        "\"\\x\"",
        "NaN",
    ] {
        assert!(parse(text, 64).is_err(), "{text:?} should be refused");
    }
}

#[test]
fn stream_reads_ndjson_and_pretty_documents() {
    let items = parse_stream("{\"a\":1}\n{\n  \"b\": 2\n}\n\n[]", 8);
    assert_eq!(items.len(), 3);
    assert!(items.iter().all(|r| r.is_ok()));
    let items = parse_stream("{\"a\":1}\n{oops}\n{\"c\":3}", 8);
    assert_eq!(items.len(), 2);
    assert!(items[1].is_err());
}
