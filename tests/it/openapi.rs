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
            if path != "/healthz" && path != "/log/key" {
                assert!(responses.contains_key("503"), "{method} {path} lacks 503");
            }
            if path != "/healthz" && path != "/readyz" && path != "/log/key" {
                assert!(responses.contains_key("500"), "{method} {path} lacks 500");
            }
        }
    }
    assert_eq!(operations, 14);
    let post = &doc["paths"]["/thoughts"]["post"]["responses"];
    for status in ["201", "400", "409", "413", "415", "500", "503"] {
        assert!(post.get(status).is_some(), "POST /thoughts lacks {status}");
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
        let open = matches!(path.as_str(), "/healthz" | "/readyz");
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

#[test]
fn cursor_parameters_carry_the_domain_s_cursor_pattern() {
    let doc = generated();
    for path in ["/thoughts", "/tasks"] {
        let after = doc["paths"][path]["get"]["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "after")
            .unwrap();
        assert_eq!(
            after["schema"]["pattern"],
            decision_trail::domain::cursor::CURSOR_PATTERN,
            "{path}"
        );
    }
}
