//! The HTTP floor for the bench kit: the same `POST /thoughts` (parse the JSON
//! body, echo a record) and `GET /thoughts/{id}` as the service, on the same
//! stack (axum, tokio, serde_json), with no storage, no hashing and no log. What
//! the service does on top is what `bench/run.sh` measures as service ÷ floor.
//!
//! With `durable DIR`, each POST's answer also waits until its record is
//! appended to a file in DIR and an `fdatasync` covers it, by a thread of its
//! own that takes every record waiting and syncs them together, as the
//! service's writer shares one commit among the appends it holds: the least a
//! durable append over HTTP costs (the hand-off, the park and the wake, the
//! write and the sync), without a database, a hash or a log.
//!
//! cargo run --release --example floor -- 127.0.0.1:8089 [durable DIR]

use std::io::Write;
use std::sync::mpsc;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

#[derive(Deserialize)]
#[allow(dead_code)] // parsed, as the service parses, then echoed
struct NewRecord {
    r#type: String,
    task_id: String,
    agent_id: String,
    content: String,
    #[serde(default)]
    metadata: Option<serde_json::Value>,
}

#[derive(Serialize)]
struct Record {
    id: String,
    seq: u64,
    log_index: u64,
    r#type: String,
    task_id: String,
    agent_id: String,
    content: String,
    timestamp: String,
    prev_hash: String,
    hash: String,
}

const ZERO: &str = "0000000000000000000000000000000000000000000000000000000000000000";

fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// A record the syncing thread is to write, as the answer's body, with the
/// sender its answer waits on.
type Waiting = (Bytes, tokio::sync::oneshot::Sender<()>);

/// Where a durable floor's records go: the syncing thread's queue. None:
/// answered at once.
type Durable = Option<mpsc::Sender<Waiting>>;

async fn append(State(durable): State<Durable>, Json(t): Json<NewRecord>) -> Response {
    let id = uuid::Uuid::new_v4().to_string();
    let location = format!("/thoughts/{id}");
    let record = Record {
        id,
        seq: 0,
        log_index: 0,
        r#type: t.r#type,
        task_id: t.task_id,
        agent_id: t.agent_id,
        content: t.content,
        timestamp: now(),
        prev_hash: ZERO.into(),
        hash: ZERO.into(),
    };
    let Some(queue) = durable else {
        return (
            StatusCode::CREATED,
            [(header::LOCATION, location)],
            Json(record),
        )
            .into_response();
    };
    // Serialized once: the file gets the bytes the answer carries.
    let body = Bytes::from(serde_json::to_vec(&record).expect("a record serializes"));
    let (done, synced) = tokio::sync::oneshot::channel();
    queue
        .send((body.clone(), done))
        .expect("the syncing thread runs");
    synced.await.expect("the syncing thread answers");
    (
        StatusCode::CREATED,
        [
            (header::LOCATION, location),
            (header::CONTENT_TYPE, "application/json".into()),
        ],
        body,
    )
        .into_response()
}

async fn read(Path(id): Path<String>) -> Json<Record> {
    Json(Record {
        id,
        seq: 0,
        log_index: 0,
        r#type: "analysis".into(),
        task_id: "bench".into(),
        agent_id: "bench".into(),
        content: "x".repeat(1000),
        timestamp: now(),
        prev_hash: ZERO.into(),
        hash: ZERO.into(),
    })
}

/// Appends each record waiting to `file`, syncs once, then answers them all.
fn sync_records(mut file: std::fs::File, queue: mpsc::Receiver<Waiting>) {
    let mut waiting = Vec::new();
    while let Ok(first) = queue.recv() {
        waiting.push(first);
        waiting.extend(queue.try_iter());
        for (line, _) in &waiting {
            file.write_all(line).expect("write");
            file.write_all(b"\n").expect("write");
        }
        file.sync_data().expect("fdatasync");
        for (_, done) in waiting.drain(..) {
            let _ = done.send(());
        }
    }
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let addr = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "127.0.0.1:8089".into());
    let durable: Durable = match (args.get(2).map(String::as_str), args.get(3)) {
        (Some("durable"), Some(dir)) => {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(std::path::Path::new(dir).join("floor.ndjson"))
                .expect("open the floor's file");
            let (queue, records) = mpsc::channel();
            std::thread::Builder::new()
                .name("floor-sync".into())
                .spawn(move || sync_records(file, records))
                .expect("start the syncing thread");
            Some(queue)
        }
        (None, _) => None,
        _ => panic!("usage: floor [ADDR [durable DIR]]"),
    };
    let app = Router::new()
        .route("/thoughts", post(append))
        .route("/thoughts/{id}", get(read))
        .route("/healthz", get(|| async { "ok" }))
        .with_state(durable);
    let listener = tokio::net::TcpListener::bind(&addr).await.expect("bind");
    eprintln!("floor listening on {addr}");
    axum::serve(listener, app).await.expect("serve");
}
