//! The HTTP floor for the bench kit: the same `POST /thoughts` (parse the JSON
//! body, echo a record) and `GET /thoughts/{id}` as the service, on the same
//! stack (axum, tokio, serde_json), with no storage, no hashing and no log. What
//! the service does on top is what `bench/run.sh` measures as service ÷ floor.
//!
//! cargo run --release --example floor -- 127.0.0.1:8089

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
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

async fn append(Json(t): Json<NewRecord>) -> impl IntoResponse {
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
    (
        StatusCode::CREATED,
        [(header::LOCATION, location)],
        Json(record),
    )
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

#[tokio::main]
async fn main() {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:8089".into());
    let app = Router::new()
        .route("/thoughts", post(append))
        .route("/thoughts/{id}", get(read))
        .route("/healthz", get(|| async { "ok" }));
    let listener = tokio::net::TcpListener::bind(&addr).await.expect("bind");
    eprintln!("floor listening on {addr}");
    axum::serve(listener, app).await.expect("serve");
}
