//! The request log: a 4xx at DEBUG with at most one WARN line a minute per
//! client saying how many it got, a 5xx at ERROR, and each line in a span
//! that names the route template, the request id and the key's agent. The
//! real binary with `--log-format json`, its log read as it writes it.

use serde_json::Value;

use super::Running;
use crate::support::add_key;

fn message(line: &Value) -> &str {
    line["fields"]["message"].as_str().unwrap_or("")
}

/// A client looping on bad requests: at the default level, one WARN line,
/// not one line per request.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_looping_on_4xx_costs_one_warn_line_not_one_per_request() {
    let service = Running::start(&["--listen", "127.0.0.1:0"], "info", &[]);
    let before = service.log().len();
    let client = reqwest::Client::new();
    for i in 0..300 {
        let r = if i % 3 == 0 {
            client
                .post(service.url("/thoughts"))
                .header("content-type", "application/json")
                .body("{not json")
                .send()
                .await
        } else {
            client
                .get(service.url(&format!("/thoughts/nope-{i}")))
                .send()
                .await
        };
        assert!(r.unwrap().status().is_client_error());
    }
    let log = service.log_once(|l| l["level"] == "WARN" && l["fields"]["problems"].is_u64());
    let new: Vec<&Value> = log[before..].iter().collect();
    let warns: Vec<&&Value> = new.iter().filter(|l| l["level"] == "WARN").collect();
    assert_eq!(warns.len(), 1, "{new:#?}");
    let warn = warns[0];
    assert_eq!(warn["fields"]["client"], "address 127.0.0.1");
    assert_eq!(warn["fields"]["problems"], 1, "the first is said at once");
    assert!(
        message(warn).contains("at most one such line a minute"),
        "{warn}"
    );
    assert!(
        !new.iter().any(|l| message(l) == "answered"),
        "no line per 4xx at INFO: {new:#?}"
    );
    assert!(new.len() < 5, "{new:#?}");
}

/// A 5xx is an ERROR line (here /readyz, with a free-space floor no disk has).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_5xx_is_logged_at_error() {
    let service = Running::start(
        &[
            "--listen",
            "127.0.0.1:0",
            "--min-free-bytes",
            "18446744073709551615",
        ],
        "info",
        &[],
    );
    let r = reqwest::get(service.url("/readyz")).await.unwrap();
    assert_eq!(r.status(), 503);
    let log = service.log_once(|l| message(l) == "answered");
    let line = log
        .iter()
        .find(|l| message(l) == "answered")
        .expect("the 503 is logged");
    assert_eq!(line["level"], "ERROR", "{line}");
    assert_eq!(line["fields"]["status"], 503);
    assert_eq!(line["span"]["route"], "/readyz");
}

/// With DEBUG on, each answer is one line whose span carries the route
/// template (not the path alone), the request id and the API key's agent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_answer_names_its_route_request_id_and_agent() {
    let dir = tempfile::tempdir().unwrap();
    let keys = dir.path().join("keys.jsonl");
    let token = add_key(&keys, "planner-1", "writer");
    let service = Running::start(
        &[
            "--listen",
            "127.0.0.1:0",
            "--keys-file",
            keys.to_str().unwrap(),
        ],
        "info,decision_trail=debug",
        &[],
    );
    let client = reqwest::Client::new();
    let r = client
        .get(service.url("/thoughts/no-such-record"))
        .bearer_auth(&token)
        .header("x-request-id", "trace-me-1")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404);
    let r = client
        .get(service.url("/tasks"))
        .bearer_auth(&token)
        .header("x-request-id", "trace-me-2")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let answered = |id: &str| {
        let log = service.log_once(|l| message(l) == "answered" && l["span"]["request_id"] == id);
        log.into_iter()
            .find(|l| message(l) == "answered" && l["span"]["request_id"] == id)
            .unwrap_or_else(|| panic!("no line for {id}"))
    };
    let line = answered("trace-me-1");
    assert_eq!(line["level"], "DEBUG", "a 4xx is DEBUG: {line}");
    assert_eq!(line["fields"]["status"], 404);
    assert_eq!(line["span"]["route"], "/thoughts/{id}");
    assert_eq!(line["span"]["path"], "/thoughts/no-such-record");
    assert_eq!(line["span"]["agent"], "planner-1");
    let line = answered("trace-me-2");
    assert_eq!(line["level"], "DEBUG");
    assert_eq!(line["fields"]["status"], 200);
    assert_eq!(line["span"]["route"], "/tasks");
    // A client whose key is refused is told apart by its address.
    let r = client
        .get(service.url("/tasks"))
        .bearer_auth("dtk_not-a-key")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);
    let log = service.log_once(|l| l["fields"]["client"] == "address 127.0.0.1");
    let warns: Vec<&Value> = log
        .iter()
        .filter(|l| l["level"] == "WARN" && l["fields"]["problems"].is_u64())
        .collect();
    let clients: Vec<&str> = warns
        .iter()
        .map(|l| l["fields"]["client"].as_str().unwrap())
        .collect();
    assert_eq!(
        clients,
        ["agent planner-1", "address 127.0.0.1"],
        "{warns:#?}"
    );
}

/// An OTLP exporter ignores `partialSuccess` and logs a 4xx quietly: a
/// refused export is said at WARN, naming why, at most once a minute per
/// client.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_otlp_export_is_said_at_warn_with_its_reason() {
    let service = Running::start(&["--listen", "127.0.0.1:0"], "info", &[]);
    let before = service.log().len();
    let client = reqwest::Client::new();
    // Only an HTTP client's span: nothing becomes a record.
    let plumbing = serde_json::json!({"resourceSpans": [{"scopeSpans": [{"spans": [{
        "traceId": "0102030405060708090a0b0c0d0e0f10", "spanId": "1112131415161718",
        "name": "GET /timetable"
    }]}]}]});
    for _ in 0..3 {
        let r = client
            .post(service.url("/v1/traces"))
            .json(&plumbing)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        let answer: Value = r.json().await.unwrap();
        assert_eq!(answer["partialSuccess"]["rejectedSpans"], "1");
    }
    let log = service.log_once(|l| l["level"] == "WARN" && l["fields"]["refusals"].is_u64());
    let warns: Vec<&Value> = log[before..]
        .iter()
        .filter(|l| l["level"] == "WARN" && l["fields"]["refusals"].is_u64())
        .collect();
    assert_eq!(warns.len(), 1, "at most one a minute: {warns:#?}");
    let said = message(warns[0]);
    assert!(
        said.contains("GET /timetable") && said.contains("of no agent convention"),
        "{said}"
    );
    assert_eq!(warns[0]["fields"]["client"], "address 127.0.0.1");
}
