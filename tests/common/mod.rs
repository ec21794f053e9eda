//! Shared test helpers: the real app on 127.0.0.1:0 over a fresh SQLite file, and
//! an independent re-computation of record hashes.

#![allow(dead_code)] // each test crate uses a different part of this module

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use decision_trail::domain::api_keys::KeyRing;
use decision_trail::http::{self, AppState, Limits};
use decision_trail::store::{Seams, Store, StoreConfig};
use serde_json::Value;
use sha2::{Digest, Sha256};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub const ZERO: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The service's default limits without the rate limit: tests send bursts
/// from one address. Rate-limit tests set their own.
pub fn test_limits() -> Limits {
    Limits {
        rate: None,
        ..Limits::default()
    }
}

/// A running service on a loopback port with its own database file.
pub struct TestApp {
    pub addr: SocketAddr,
    pub client: reqwest::Client,
    pub db_path: PathBuf,
    pub store: Arc<Store>,
    stop: Option<oneshot::Sender<()>>,
    server: Option<JoinHandle<std::io::Result<()>>>,
    _dir: Option<Arc<tempfile::TempDir>>,
}

impl TestApp {
    /// A fresh database in a new temporary directory, default seams and limits.
    pub async fn spawn() -> TestApp {
        let dir = Arc::new(tempfile::tempdir().expect("temp dir"));
        let path = dir.path().join("trail.db");
        TestApp::start(path, Some(dir), Seams::default(), test_limits()).await
    }

    pub async fn spawn_with(seams: Seams, limits: Limits) -> TestApp {
        let dir = Arc::new(tempfile::tempdir().expect("temp dir"));
        let path = dir.path().join("trail.db");
        TestApp::start(path, Some(dir), seams, limits).await
    }

    /// A fresh database, with the store configuration adjusted by `adjust`.
    pub async fn spawn_configured(adjust: impl FnOnce(&mut StoreConfig)) -> TestApp {
        let dir = Arc::new(tempfile::tempdir().expect("temp dir"));
        let path = dir.path().join("trail.db");
        TestApp::start_configured(path, Some(dir), Seams::default(), test_limits(), adjust).await
    }

    /// Starts the service on an existing (or new) database file.
    pub async fn start(
        db_path: PathBuf,
        dir: Option<Arc<tempfile::TempDir>>,
        seams: Seams,
        limits: Limits,
    ) -> TestApp {
        TestApp::start_configured(db_path, dir, seams, limits, |_| {}).await
    }

    pub async fn start_configured(
        db_path: PathBuf,
        dir: Option<Arc<tempfile::TempDir>>,
        seams: Seams,
        limits: Limits,
        adjust: impl FnOnce(&mut StoreConfig),
    ) -> TestApp {
        TestApp::start_full(db_path, dir, seams, limits, adjust, None).await
    }

    /// A fresh database, with API keys required.
    pub async fn spawn_with_keys(keys: KeyRing, limits: Limits) -> TestApp {
        let dir = Arc::new(tempfile::tempdir().expect("temp dir"));
        let path = dir.path().join("trail.db");
        TestApp::start_full(
            path,
            Some(dir),
            Seams::default(),
            limits,
            |_| {},
            Some(keys),
        )
        .await
    }

    pub async fn start_full(
        db_path: PathBuf,
        dir: Option<Arc<tempfile::TempDir>>,
        seams: Seams,
        limits: Limits,
        adjust: impl FnOnce(&mut StoreConfig),
        keys: Option<KeyRing>,
    ) -> TestApp {
        let mut config = StoreConfig {
            database_url: format!("sqlite://{}", db_path.display()),
            ..StoreConfig::default()
        };
        adjust(&mut config);
        let store = Store::open_with(&config, seams).await.expect("store opens");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let store = Arc::new(store);
        let state = AppState::new(store.clone(), limits, keys);
        let server = tokio::spawn(http::serve(listener, state, async {
            let _ = stopped.await;
        }));
        TestApp {
            addr,
            client: reqwest::Client::new(),
            db_path,
            store,
            stop: Some(stop),
            server: Some(server),
            _dir: dir,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    /// Gracefully stops the server (requests in flight finish, the store closes)
    /// and hands back the directory so the file can be reopened.
    pub async fn stop(mut self) -> (PathBuf, Option<Arc<tempfile::TempDir>>) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(server) = self.server.take() {
            server.await.expect("server task").expect("server ran");
        }
        (self.db_path.clone(), self._dir.take())
    }

    pub async fn post(&self, body: &Value) -> reqwest::Response {
        self.client
            .post(self.url("/thoughts"))
            .json(body)
            .send()
            .await
            .expect("request sent")
    }

    /// POSTs raw bytes to /thoughts as `application/json`.
    pub async fn post_raw(&self, body: impl Into<reqwest::Body>) -> reqwest::Response {
        self.client
            .post(self.url("/thoughts"))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .expect("request sent")
    }

    /// Appends and returns the record, asserting a 201.
    pub async fn append(&self, body: &Value) -> Value {
        let response = self.post(body).await;
        let status = response.status();
        let json: Value = response.json().await.expect("json body");
        assert_eq!(status, 201, "append failed: {json}");
        json
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request sent")
    }

    pub async fn get_json(&self, path: &str) -> (u16, Value) {
        let response = self.get(path).await;
        let status = response.status().as_u16();
        (status, response.json().await.expect("json body"))
    }
}

pub fn thought(kind: &str, task: &str, agent: &str, content: &str) -> Value {
    serde_json::json!({"type": kind, "task_id": task, "agent_id": agent, "content": content})
}

/// Asserts an RFC 9457 problem with the given status and code; returns the body.
pub async fn assert_problem(response: reqwest::Response, status: u16, code: &str) -> Value {
    assert_eq!(response.status().as_u16(), status);
    assert_eq!(
        response.headers()["content-type"],
        "application/problem+json",
        "problem content type"
    );
    let body: Value = response.json().await.expect("problem body is JSON");
    assert_eq!(body["status"], status, "{body}");
    assert_eq!(body["code"], code, "{body}");
    assert_eq!(
        body["type"],
        format!("urn:decision-trail:problem:{code}"),
        "{body}"
    );
    assert!(
        body["title"].is_string() && body["detail"].is_string(),
        "{body}"
    );
    body
}

/// The fields named in a validation problem's `errors`.
pub fn problem_fields(problem: &Value) -> Vec<String> {
    problem["errors"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|e| e["field"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

// ---------------------------------------------------------------------------
// An independent oracle for the record hash: written from design.md §1 without
// the service's code, over serde_json values.
// ---------------------------------------------------------------------------

fn oracle_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort_by(|a, b| a.encode_utf16().cmp(b.encode_utf16()));
            out.push('{');
            for (i, k) in keys.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&serde_json::to_string(k).unwrap());
                out.push(':');
                oracle_canonical(&map[*k], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                oracle_canonical(v, out);
            }
            out.push(']');
        }
        Value::Number(n) => {
            // Test metadata uses integers and short decimals; f64 Display prints
            // those as ECMAScript does.
            let f = n.as_f64().unwrap();
            out.push_str(&if f == f.trunc() && f.abs() < 1e21 {
                format!("{}", f as i64)
            } else {
                format!("{f}")
            });
        }
        // serde_json escapes strings exactly as JSON.stringify does.
        other => out.push_str(&serde_json::to_string(other).unwrap()),
    }
}

/// SHA-256 of the canonical JSON of {id, type, task_id, content, timestamp,
/// prev_hash} plus metadata when present, as lowercase hex.
pub fn oracle_hash(record: &Value) -> String {
    let mut h = serde_json::Map::new();
    for f in ["id", "type", "task_id", "content", "timestamp", "prev_hash"] {
        h.insert(f.to_string(), record[f].clone());
    }
    if let Some(m) = record.get("metadata").filter(|m| !m.is_null()) {
        h.insert("metadata".into(), m.clone());
    }
    let mut canonical = String::new();
    oracle_canonical(&Value::Object(h), &mut canonical);
    hex::encode(Sha256::digest(canonical.as_bytes()))
}

/// Asserts that a served record's hash is what its fields call for.
pub fn assert_hash_recomputes(record: &Value) {
    assert_eq!(
        record["hash"].as_str().unwrap(),
        oracle_hash(record),
        "hash does not recompute for {record}"
    );
}

pub fn data_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
        .join(name)
}

// ---------------------------------------------------------------------------
// An independent oracle for the log: RFC 9162 §2.1.1 MTH, written from the RFC
// over the record hashes, without the service's tree code.
// ---------------------------------------------------------------------------

fn sha(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

/// MTH(D[n]) of leaves given as their inputs.
pub fn oracle_root(leaves: &[Vec<u8>]) -> [u8; 32] {
    match leaves.len() {
        0 => sha(&[]),
        1 => sha(&[&[0], &leaves[0]]),
        n => {
            let k = n.next_power_of_two() / 2;
            let k = if k == n { n / 2 } else { k };
            sha(&[&[1], &oracle_root(&leaves[..k]), &oracle_root(&leaves[k..])])
        }
    }
}

/// The root of the log whose leaves are these records' hashes, hex.
pub fn oracle_log_root(records_in_log_order: &[Value]) -> String {
    let leaves: Vec<Vec<u8>> = records_in_log_order
        .iter()
        .map(|r| hex::decode(r["hash"].as_str().unwrap()).unwrap())
        .collect();
    hex::encode(oracle_root(&leaves))
}

/// The `decision-trail` binary, serving on a loopback port.
pub struct Served {
    pub child: std::process::Child,
    pub addr: SocketAddr,
    /// The JSON log lines up to and including the one that announced the address.
    pub startup_log: Vec<Value>,
}

/// Starts `decision-trail serve` on `db` with `extra` flags; the address is
/// read from its JSON log, which is drained afterwards so it never blocks.
pub fn serve_binary(db: &Path, extra: &[&str]) -> Served {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_decision-trail"))
        .args(["serve", "--listen", "127.0.0.1:0", "--log-format", "json"])
        .arg("--database-url")
        .arg(format!("sqlite://{}", db.display()))
        .args(extra)
        .env("RUST_LOG", "info")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .expect("binary runs");
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let mut startup_log = Vec::new();
    let addr = loop {
        let line = lines.next().expect("the server logs its address").unwrap();
        let v: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
        startup_log.push(v.clone());
        if let Some(listen) = v["fields"]["listen"].as_str() {
            break listen.parse().unwrap();
        }
    };
    std::thread::spawn(move || for _ in lines {});
    Served {
        child,
        addr,
        startup_log,
    }
}
