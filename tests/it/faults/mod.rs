//! Faults at the edges, against the real binary (docs/design.md §4): a full
//! disk under the checkpoint copy, a copy left ending in half a line, a
//! process stopped and continued. A commit whose answer is lost is
//! PostgreSQL's (`postgres::commit`).
//!
//! - `copy`: the checkpoint copy is never torn, and an unfinished last line
//!   is trimmed at start;
//! - `freeze`: requests that arrived while the process was stopped are
//!   answered once it runs again.

mod copy;
mod freeze;

use std::net::SocketAddr;

use serde_json::{json, Value};

/// A plain record for `task`.
fn record(task: &str, n: usize) -> Value {
    json!({"task_id": task, "agent_id": "faults", "type": "plan", "content": format!("step {n}")})
}

/// POSTs `body` to /thoughts: the status.
async fn post(client: &reqwest::Client, addr: SocketAddr, body: &Value) -> u16 {
    client
        .post(format!("http://{addr}/thoughts"))
        .json(body)
        .send()
        .await
        .expect("the service answers")
        .status()
        .as_u16()
}

/// Every line of a checkpoint copy, each a whole checkpoint: their tree
/// sizes, in file order. Fails on a torn or unparseable line.
fn copy_sizes(path: &std::path::Path) -> Vec<u64> {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(bytes.last(), Some(&b'\n'), "the copy ends in a whole line");
    let text = String::from_utf8(bytes).expect("the copy is UTF-8");
    text.lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("a line of the copy is torn ({e}): {line}"));
            assert!(v["note"].as_str().is_some(), "{line}");
            v["tree_size"].as_u64().expect("tree_size")
        })
        .collect()
}

/// Sends `signal` (STOP, CONT, KILL) to a process.
fn signal(pid: u32, signal: &str) {
    let ok = std::process::Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(pid.to_string())
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill -{signal} {pid}");
}
