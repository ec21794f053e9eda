//! Each request's log line names its route template, its request id and its
//! agent: on an open service, the append's own `agent_id` (a key's agent is
//! tested with the request log, tests/it/exposure/logs.rs).

use crate::exposure::Running;
use crate::support::new_record;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_append_s_log_line_names_its_agent() {
    let service = Running::start(
        &["--listen", "127.0.0.1:0"],
        "info,decision_trail=debug",
        &[],
    );
    let r = reqwest::Client::new()
        .post(service.url("/thoughts"))
        .header("x-request-id", "append-1")
        .json(&new_record("plan", "t", "agent-open", "logged"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    assert_eq!(r.headers()["x-request-id"], "append-1");
    let done = |l: &serde_json::Value| {
        l["fields"]["message"] == "answered" && l["span"]["request_id"] == "append-1"
    };
    let log = service.log_once(done);
    let line = log.iter().find(|l| done(l)).expect("the answer is logged");
    assert_eq!(line["fields"]["status"], 201);
    assert_eq!(line["span"]["route"], "/thoughts");
    assert_eq!(line["span"]["method"], "POST");
    assert_eq!(line["span"]["agent"], "agent-open", "{line}");
}
