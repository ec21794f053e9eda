//! `decision-trail capabilities fingerprint|diff`: the endpoints' computations
//! offline (docs/design.md §9), for scripts and for checking a fingerprint
//! without a service.

use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

use serde_json::{json, Map, Value};

use crate::domain::capabilities;
use crate::domain::json;
use crate::domain::FieldError;

/// Nesting a request may have, as the endpoint allows.
const MAX_DEPTH: usize = 64;

fn errors_json(errors: &[FieldError]) -> Value {
    json!({"error": {"code": "invalid_params", "errors": errors
        .iter()
        .map(|e| json!({"field": e.field, "message": e.message}))
        .collect::<Vec<_>>()}})
}

/// Reads requests (one JSON object, or NDJSON) on stdin and prints one answer
/// line per request, as `POST /capabilities/fingerprint` answers it; a bad
/// request prints `{"error": …}` on its line, and the exit code is 1.
pub(super) fn fingerprint_stdin() -> ExitCode {
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("error: stdin: {e}");
        return ExitCode::FAILURE;
    }
    let mut failed = false;
    for (n, item) in json::parse_stream(&text, MAX_DEPTH).into_iter().enumerate() {
        let line = match item {
            Err(e) => {
                failed = true;
                eprintln!("error: request {}: {e}", n + 1);
                break;
            }
            Ok(request) => match capabilities::fingerprint(&request) {
                Ok(answer) => {
                    let mut out = Map::new();
                    out.insert("kind".into(), json!(answer.kind));
                    if let Value::Object(m) = answer.body {
                        out.extend(m);
                    }
                    Value::Object(out)
                }
                Err(errors) => {
                    failed = true;
                    for e in &errors {
                        eprintln!("error: request {}: {e}", n + 1);
                    }
                    errors_json(&errors)
                }
            },
        };
        println!("{line}");
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Compares two capability links, or two toolRefs lists, from files.
pub(super) fn diff_files(a: &Path, b: &Path) -> ExitCode {
    let read = |p: &Path| -> Result<json::JsonValue, String> {
        let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
        json::parse(&text, MAX_DEPTH).map_err(|e| format!("{}: {e}", p.display()))
    };
    let (first, second) = match (read(a), read(b)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    match capabilities::diff(&first, &second) {
        Ok(d) => {
            println!("{}", serde_json::to_string_pretty(&d).expect("JSON"));
            ExitCode::SUCCESS
        }
        Err(errors) => {
            for e in errors {
                eprintln!("error: {e}");
            }
            ExitCode::FAILURE
        }
    }
}
