//! Guards `openapi/openapi.json`: it must be exactly what the code generates, and
//! every operation must document its failures as problems.

use std::path::Path;

use serde_json::Value;

fn generated() -> Value {
    serde_json::to_value(decision_trail::http::openapi()).unwrap()
}

#[test]
fn committed_document_matches_the_code() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("openapi/openapi.json");
    let committed: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
        .expect("openapi/openapi.json is JSON");
    assert!(
        committed == generated(),
        "openapi/openapi.json is out of date; regenerate it with\n  \
         cargo run -- openapi > openapi/openapi.json"
    );
}

#[test]
fn every_operation_documents_its_problems() {
    let doc = generated();
    let mut operations = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            operations += 1;
            let responses = op["responses"].as_object().unwrap();
            for (status, response) in responses {
                if status.starts_with('4') || status.starts_with('5') {
                    assert!(
                        response["content"]["application/problem+json"]["schema"]["$ref"]
                            == "#/components/schemas/Problem",
                        "{method} {path} {status} is not a problem"
                    );
                }
            }
            // `/` answers from no store: a redirect or a few links.
            if path != "/healthz" && path != "/log/key" && path != "/" {
                assert!(responses.contains_key("503"), "{method} {path} lacks 503");
            }
            if path != "/healthz" && path != "/readyz" && path != "/log/key" && path != "/" {
                assert!(responses.contains_key("500"), "{method} {path} lacks 500");
            }
        }
    }
    assert_eq!(operations, 36);
    // Operation ids are unique (OpenAPI 3.1 §4.8.10.1): tools and link
    // inference key on them.
    let mut ids: Vec<&str> = doc["paths"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|item| item.as_object().unwrap().values())
        .filter_map(|op| op["operationId"].as_str())
        .collect();
    let total = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), total, "duplicate operationId in {ids:?}");
    let post = &doc["paths"]["/thoughts"]["post"]["responses"];
    for status in ["201", "400", "409", "413", "415", "500", "503"] {
        assert!(post.get(status).is_some(), "POST /thoughts lacks {status}");
    }
    let traces = &doc["paths"]["/v1/traces"]["post"]["responses"];
    for status in ["200", "400", "403", "413", "415", "500", "503"] {
        assert!(
            traces.get(status).is_some(),
            "POST /v1/traces lacks {status}"
        );
    }
    let get = &doc["paths"]["/thoughts"]["get"]["responses"];
    assert!(get.get("400").is_some());
}

#[test]
fn the_record_example_carries_its_real_hash() {
    let doc = generated();
    let example = &doc["components"]["schemas"]["RecordBody"]["example"];
    let text = serde_json::to_string(example).unwrap();
    let value = decision_trail::domain::json::parse(&text, 64).unwrap();
    assert_eq!(
        decision_trail::domain::record::hash_of_json_record(&value).unwrap(),
        example["hash"].as_str().unwrap()
    );
}

#[test]
fn guarded_operations_show_the_key_scheme_and_the_guards_statuses() {
    let doc = generated();
    let scheme = &doc["components"]["securitySchemes"]["api_key"];
    assert_eq!(scheme["type"], "http");
    assert_eq!(scheme["scheme"], "bearer");
    for (path, item) in doc["paths"].as_object().unwrap() {
        let open = matches!(path.as_str(), "/healthz" | "/readyz" | "/");
        for (method, op) in item.as_object().unwrap() {
            let responses = op["responses"].as_object().unwrap();
            if open {
                assert!(op.get("security").is_none(), "{method} {path}");
                assert!(!responses.contains_key("401"), "{method} {path}");
                continue;
            }
            // The key, or nothing when the service runs open.
            assert_eq!(
                op["security"],
                serde_json::json!([{"api_key": []}, {}]),
                "{method} {path}"
            );
            for status in ["401", "408", "429", "431", "503"] {
                assert!(
                    responses.contains_key(status),
                    "{method} {path} lacks {status}"
                );
            }
            assert!(responses["401"]["headers"]
                .get("WWW-Authenticate")
                .is_some());
            assert!(responses["429"]["headers"].get("Retry-After").is_some());
        }
    }
    let post = &doc["paths"]["/thoughts"]["post"];
    for status in ["403", "409", "422"] {
        assert!(
            post["responses"].get(status).is_some(),
            "POST /thoughts lacks {status}"
        );
    }
    assert!(post["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["name"] == "Idempotency-Key" && p["in"] == "header"));
    assert!(post["responses"]["201"]["headers"]
        .get("Idempotent-Replayed")
        .is_some());
    let body = &doc["components"]["schemas"]["NewThoughtBody"]["properties"];
    assert!(body.get("expected_prev_hash").is_some());
    assert!(doc["components"]["schemas"]["Problem"]["properties"]
        .get("current_head")
        .is_some());
}

/// Every listing's `after` is the cursor rule (`http::wire::Cursor`).
#[test]
fn cursor_parameters_carry_the_domain_s_cursor_pattern() {
    let doc = generated();
    let mut listings = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        let params = item["get"]["parameters"].as_array();
        for after in params
            .into_iter()
            .flatten()
            .filter(|p| p["name"] == "after")
        {
            listings += 1;
            assert_eq!(
                after["schema"]["pattern"],
                decision_trail::domain::cursor::CURSOR_PATTERN,
                "{path}"
            );
        }
    }
    assert_eq!(listings, 5, "thoughts, tasks, tree, sessions, search");
}

/// Each value rule is one schema in the code (`http::wire`: hash, cursor,
/// identifier; the search query), built from the domain's constants and
/// written in place wherever it applies: so every `pattern` and `maxLength`
/// anywhere in the document is one of those constants, and the rules are
/// where they apply. The idempotency key's header, on every operation that
/// appends, and the enums are checked against the domain too.
#[test]
fn patterns_and_lengths_in_the_document_are_the_domain_s_constants() {
    use decision_trail::domain::chain::BreakReason;
    use decision_trail::domain::cursor::CURSOR_PATTERN;
    use decision_trail::domain::idempotency::{KEY_PATTERN, MAX_KEY_BYTES};
    use decision_trail::domain::record::erasure::MAX_REASON_CHARS;
    use decision_trail::domain::record::{HASH_PATTERN, MAX_ID_CHARS};
    use decision_trail::domain::search::MAX_QUERY_CHARS;
    use decision_trail::domain::RECORD_TYPES;
    fn walk(value: &Value, seen: &mut Vec<(String, Value)>) {
        match value {
            Value::Object(members) => {
                for (k, v) in members {
                    if k == "pattern" || k == "maxLength" {
                        seen.push((k.clone(), v.clone()));
                    }
                    walk(v, seen);
                }
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, seen)),
            _ => {}
        }
    }
    let doc = generated();
    let mut seen = Vec::new();
    walk(&doc, &mut seen);
    assert!(!seen.is_empty());
    for (keyword, value) in seen {
        let allowed = match keyword.as_str() {
            "pattern" => vec![
                serde_json::json!(HASH_PATTERN),
                serde_json::json!(CURSOR_PATTERN),
                serde_json::json!(KEY_PATTERN),
            ],
            _ => vec![
                serde_json::json!(MAX_ID_CHARS),
                serde_json::json!(MAX_KEY_BYTES),
                serde_json::json!(MAX_QUERY_CHARS),
                serde_json::json!(MAX_REASON_CHARS),
            ],
        };
        assert!(allowed.contains(&value), "{keyword} {value}");
    }
    let schemas = &doc["components"]["schemas"];
    for (schema, field) in [
        ("RecordBody", "hash"),
        ("NewThoughtBody", "expected_prev_hash"),
    ] {
        assert_eq!(
            schemas[schema]["properties"][field]["pattern"], HASH_PATTERN,
            "{schema}.{field}"
        );
    }
    for field in ["task_id", "agent_id", "session_id", "parent_id"] {
        let property = &schemas["NewThoughtBody"]["properties"][field];
        assert_eq!(property["maxLength"], MAX_ID_CHARS, "{field}");
        assert_eq!(property["minLength"], 1, "{field}");
    }
    for path in ["/thoughts", "/thoughts/batch", "/thoughts/{id}/oversight"] {
        let key = doc["paths"][path]["post"]["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "Idempotency-Key")
            .unwrap_or_else(|| panic!("{path} documents Idempotency-Key"));
        assert_eq!(key["schema"]["pattern"], KEY_PATTERN, "{path}");
        assert_eq!(key["schema"]["maxLength"], MAX_KEY_BYTES, "{path}");
    }
    assert_eq!(
        schemas["ThoughtType"]["enum"],
        serde_json::json!(RECORD_TYPES)
    );
    let reasons: Vec<&str> = BreakReason::ALL.iter().map(|r| r.as_str()).collect();
    assert_eq!(
        schemas["BreakReasonBody"]["enum"],
        serde_json::json!(reasons)
    );
}

/// The patterns mean what the domain's checks do.
#[test]
fn the_patterns_accept_what_the_domain_accepts() {
    use decision_trail::domain::idempotency::key_problem;
    use decision_trail::domain::record::is_hash_hex;
    // The patterns are simple enough to check by their character classes.
    let hash_like = |s: &str| s.len() == 64 && s.chars().all(|c| "0123456789abcdef".contains(c));
    for s in [
        "0".repeat(64),
        "a".repeat(64),
        "A".repeat(64),
        "0".repeat(63),
        "g".repeat(64),
    ] {
        assert_eq!(is_hash_hex(&s), hash_like(&s), "{s}");
    }
    let key_like = |s: &str| !s.is_empty() && s.chars().all(|c| ('!'..='~').contains(&c));
    for s in ["k", "a b", "", "é", "~!", "\t"] {
        assert_eq!(key_problem(s).is_none(), key_like(s), "{s:?}");
    }
}
