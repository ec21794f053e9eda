//! Shared test helpers: the real app on 127.0.0.1:0 over a fresh database
//! ([`TestApp`], started through one builder), the real binary, and independent
//! re-computations of record hashes and log roots.
//!
//! The backend: a fresh SQLite file by default; with
//! `DECISION_TRAIL_TEST_POSTGRES=postgres://…` (a server the tests may create
//! databases on), a fresh PostgreSQL database for each test instead, so that
//! every test that is not SQLite-specific runs against both (`.ci/run` runs
//! the suite twice). SQLite-specific tests skip themselves there
//! ([`sqlite_only`]); PostgreSQL-only tests skip without the variable
//! ([`postgres_url`]), saying so.

#![allow(dead_code)] // each test crate uses a different part of this module

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use std::io::Read;
use std::time::Duration;

use decision_trail::domain::api_keys::{token_from_bytes, KeyEntry, KeyRing, Role};
use decision_trail::http::{self, AppState, Limits};
use decision_trail::store::{Seams, Store, StoreConfig};
use serde_json::{json, Value};
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
    /// The database the app runs on (SQLite file or PostgreSQL database).
    pub database_url: String,
    pub store: Arc<Store>,
    stop: Option<oneshot::Sender<()>>,
    server: Option<JoinHandle<std::io::Result<()>>>,
    _dir: Option<Arc<tempfile::TempDir>>,
}

/// A change to the store's configuration.
type Adjust = Box<dyn FnOnce(&mut StoreConfig)>;

/// How to start a [`TestApp`]: each setting has the default a test would
/// expect, so a test names only what it changes.
pub struct TestAppBuilder {
    /// An existing (or new) database file and the directory that keeps it
    /// alive; None: a fresh file in a new temporary directory.
    database: Option<(PathBuf, Option<Arc<tempfile::TempDir>>)>,
    seams: Seams,
    limits: Limits,
    keys: Option<KeyRing>,
    config: Vec<Adjust>,
}

impl TestAppBuilder {
    /// Reopens (or creates) the database at `path`.
    pub fn database(mut self, path: PathBuf, dir: Option<Arc<tempfile::TempDir>>) -> Self {
        self.database = Some((path, dir));
        self
    }

    pub fn seams(mut self, seams: Seams) -> Self {
        self.seams = seams;
        self
    }

    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Requires API keys.
    pub fn keys(mut self, keys: KeyRing) -> Self {
        self.keys = Some(keys);
        self
    }

    /// Adjusts the store's configuration.
    pub fn config(mut self, adjust: impl FnOnce(&mut StoreConfig) + 'static) -> Self {
        self.config.push(Box::new(adjust));
        self
    }

    pub async fn spawn(self) -> TestApp {
        let (db_path, dir) = self.database.unwrap_or_else(|| {
            let dir = Arc::new(tempfile::tempdir().expect("temp dir"));
            (dir.path().join("trail.db"), Some(dir))
        });
        let mut config = StoreConfig {
            database_url: database_url(&db_path).await,
            ..StoreConfig::default()
        };
        if on_postgres() {
            // Replicas must be given their key: one per database, beside
            // the path that names it.
            config.signing_key = Some(signing_key_beside(&db_path));
        }
        for adjust in self.config {
            adjust(&mut config);
        }
        let database_url = config.database_url.clone();
        let store = Store::open_with(&config, self.seams)
            .await
            .expect("store opens");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let store = Arc::new(store);
        let state = AppState::new(store.clone(), self.limits, self.keys);
        let server = tokio::spawn(http::serve(listener, state, async {
            let _ = stopped.await;
        }));
        TestApp {
            addr,
            client: reqwest::Client::new(),
            db_path,
            database_url,
            store,
            stop: Some(stop),
            server: Some(server),
            _dir: dir,
        }
    }
}

/// One integer a query answers, read from the app's database directly,
/// whichever backend it is (counts of rows the API does not show).
pub async fn scalar(app: &TestApp, sql: &str) -> i64 {
    use sqlx::Connection;
    if app.database_url.starts_with("postgres") {
        let mut conn = sqlx::PgConnection::connect(&app.database_url)
            .await
            .unwrap();
        let n: i64 = sqlx::query_scalar(sql).fetch_one(&mut conn).await.unwrap();
        let _ = conn.close().await;
        n
    } else {
        let mut conn = sqlx::SqliteConnection::connect(&app.database_url)
            .await
            .unwrap();
        sqlx::query_scalar(sql).fetch_one(&mut conn).await.unwrap()
    }
}

/// Runs one statement on a database directly, whichever backend: the rows
/// it changed, or the database's refusal.
pub async fn execute(database_url: &str, sql: &str) -> Result<u64, String> {
    use sqlx::Connection;
    if database_url.starts_with("postgres") {
        let mut conn = sqlx::PgConnection::connect(database_url).await.unwrap();
        let done = sqlx::query(sql).execute(&mut conn).await;
        let _ = conn.close().await;
        done.map(|r| r.rows_affected()).map_err(|e| e.to_string())
    } else {
        let mut conn = sqlx::SqliteConnection::connect(database_url).await.unwrap();
        let done = sqlx::query(sql).execute(&mut conn).await;
        done.map(|r| r.rows_affected()).map_err(|e| e.to_string())
    }
}

/// The server the PostgreSQL tests use, when given.
pub fn postgres_url() -> Option<String> {
    std::env::var("DECISION_TRAIL_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
}

/// Whether the suite runs on PostgreSQL.
pub fn on_postgres() -> bool {
    postgres_url().is_some()
}

/// True (and says so) when the suite runs on PostgreSQL: the caller is a
/// SQLite-specific test and returns.
pub fn sqlite_only(why: &str) -> bool {
    if on_postgres() {
        let test = std::thread::current()
            .name()
            .unwrap_or("a test")
            .to_string();
        say(&format!(
            "SKIPPED {test} on PostgreSQL (SQLite-specific: {why})"
        ));
        return true;
    }
    false
}

/// A line on stderr that the test harness does not capture: a skip must be
/// seen in a passing run.
pub fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// The PostgreSQL server URL, or None after saying loudly that the test is
/// skipped.
pub fn postgres_or_skip(test: &str) -> Option<String> {
    let url = postgres_url();
    if url.is_none() {
        say(&format!(
            "SKIPPED {test}: needs PostgreSQL; set DECISION_TRAIL_TEST_POSTGRES=postgres://USER@HOST:PORT/DB \
             (`.ci/run` starts a throwaway cluster and sets it)"
        ));
    }
    url
}

/// The URL of `database` on the test server (same user, host and options).
pub fn postgres_database(server: &str, database: &str) -> String {
    let (base, query) = match server.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (server, String::new()),
    };
    let authority_end = base.find("://").map_or(0, |i| i + 3);
    let host_end = base[authority_end..]
        .find('/')
        .map_or(base.len(), |i| authority_end + i);
    format!("{}/{database}{query}", &base[..host_end])
}

/// Creates `name` on the test server unless it exists.
pub async fn create_postgres_database(server: &str, name: &str) {
    use sqlx::Connection;
    let mut admin = sqlx::PgConnection::connect(server)
        .await
        .expect("the PostgreSQL test server answers");
    let exists: Option<(i32,)> = sqlx::query_as("SELECT 1 FROM pg_database WHERE datname = $1")
        .bind(name)
        .fetch_optional(&mut admin)
        .await
        .expect("pg_database");
    if exists.is_none() {
        sqlx::query(&format!("CREATE DATABASE \"{name}\""))
            .execute(&mut admin)
            .await
            .expect("CREATE DATABASE");
    }
    let _ = admin.close().await;
}

/// The database a test's path names: the SQLite file itself, or on
/// PostgreSQL a database named after the path (created when new), so that
/// reopening the path reopens the same database.
pub async fn database_url(path: &Path) -> String {
    match postgres_url() {
        None => format!("sqlite://{}", path.display()),
        Some(server) => {
            let digest = Sha256::digest(path.as_os_str().as_encoded_bytes());
            let name = format!("dt_test_{}", &hex_of(&digest)[..20]);
            create_postgres_database(&server, &name).await;
            postgres_database(&server, &name)
        }
    }
}

fn hex_of(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A signing key file beside `path`, made on first use.
pub fn signing_key_beside(path: &Path) -> PathBuf {
    let key = path.with_extension("key");
    if !key.exists() {
        let text = decision_trail::domain::checkpoint::LogSigner::generate(
            decision_trail::store::DEFAULT_ORIGIN,
            &mut rand_core::OsRng,
        )
        .expect("a key");
        std::fs::write(&key, format!("{text}\n")).expect("key written");
    }
    key
}

impl TestApp {
    /// Default seams, the test limits, no keys, a fresh database.
    pub fn builder() -> TestAppBuilder {
        TestAppBuilder {
            database: None,
            seams: Seams::default(),
            limits: test_limits(),
            keys: None,
            config: Vec::new(),
        }
    }

    /// A fresh database in a new temporary directory, default seams and limits.
    pub async fn spawn() -> TestApp {
        TestApp::builder().spawn().await
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
// An independent oracle for the record hash: written from docs/design.md §1 without
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
/// prev_hash} plus metadata, capabilities, session_id and parent_id when
/// present, as lowercase hex.
pub fn oracle_hash(record: &Value) -> String {
    let mut h = serde_json::Map::new();
    for f in ["id", "type", "task_id", "content", "timestamp", "prev_hash"] {
        h.insert(f.to_string(), record[f].clone());
    }
    for optional in ["metadata", "capabilities", "session_id", "parent_id"] {
        if let Some(m) = record.get(optional).filter(|m| !m.is_null()) {
            h.insert(optional.into(), m.clone());
        }
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
    let leaves: Vec<Vec<u8>> = records_in_log_order.iter().map(oracle_leaf).collect();
    hex::encode(oracle_root(&leaves))
}

/// A record's leaf data: `{"agent_id","hash"}` as canonical JSON (two string
/// members; serde_json sorts the keys of its maps and writes no whitespace).
pub fn oracle_leaf(record: &Value) -> Vec<u8> {
    serde_json::to_vec(&json!({"agent_id": record["agent_id"], "hash": record["hash"]})).unwrap()
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
    serve_database(&format!("sqlite://{}", db.display()), extra)
}

/// Starts `decision-trail serve` on the database `url` with `extra` flags.
pub fn serve_database(url: &str, extra: &[&str]) -> Served {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_decision-trail"))
        .args(["serve", "--listen", "127.0.0.1:0", "--log-format", "json"])
        .arg("--database-url")
        .arg(url)
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
pub async fn count_records(app: &TestApp) -> usize {
    let (_, page) = app.get_json("/thoughts?limit=1000").await;
    page["records"].as_array().unwrap().len()
}

pub const WRITER: [u8; 32] = [1; 32];

pub const READER: [u8; 32] = [2; 32];

pub const OTHER_WRITER: [u8; 32] = [3; 32];

pub fn ring() -> KeyRing {
    let lines: Vec<String> = [
        (WRITER, "planner-1", Role::Writer),
        (READER, "auditor", Role::Reader),
        (OTHER_WRITER, "coder-2", Role::Writer),
    ]
    .iter()
    .map(|(bytes, agent, role)| {
        KeyEntry::new(&token_from_bytes(bytes), agent, *role, None)
            .unwrap()
            .to_line()
    })
    .collect();
    KeyRing::parse(&lines.join("\n")).unwrap()
}

pub fn bearer(bytes: [u8; 32]) -> String {
    format!("Bearer {}", token_from_bytes(&bytes))
}

pub async fn post_as(
    app: &TestApp,
    auth: Option<&str>,
    key: Option<&str>,
    body: &Value,
) -> reqwest::Response {
    let mut request = app.client.post(app.url("/thoughts")).json(body);
    if let Some(auth) = auth {
        request = request.header("authorization", auth);
    }
    if let Some(key) = key {
        request = request.header("idempotency-key", key);
    }
    request.send().await.unwrap()
}

pub async fn get_as(app: &TestApp, auth: Option<&str>, path: &str) -> reqwest::Response {
    let mut request = app.client.get(app.url(path));
    if let Some(auth) = auth {
        request = request.header("authorization", auth);
    }
    request.send().await.unwrap()
}

pub async fn chain_length(app: &TestApp, task: &str) -> u64 {
    let (status, body) = app.get_json(&format!("/tasks/{task}")).await;
    if status == 404 {
        return 0;
    }
    body["length"].as_u64().unwrap()
}

pub fn task_body(task: &str, content: &str) -> Value {
    json!({"type": "plan", "task_id": task, "content": content})
}

pub fn read_all(mut s: std::net::TcpStream) -> String {
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// While `abuse` runs, another client appends and reads; both must succeed.
pub async fn others_are_served(app: &TestApp, tag: &str) {
    let r = app.append(&thought("plan", "bystander", "b", tag)).await;
    assert_eq!(r["task_id"], "bystander");
    assert_eq!(app.get("/readyz").await.status(), 200);
}

/// Puts back a trigger an attacker dropped, as the migrations define it: the
/// service refuses to start without it, so a careful attacker restores it.
pub async fn restore_trigger(conn: &mut sqlx::SqliteConnection, name: &str) {
    let sql = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/sqlite"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .flat_map(|text| {
            text.split("CREATE TRIGGER ")
                .skip(1)
                .map(|t| format!("CREATE TRIGGER {}END;", t.split("END;").next().unwrap()))
                .collect::<Vec<_>>()
        })
        .filter(|t| {
            t.starts_with(&format!("CREATE TRIGGER {name} "))
                || t.starts_with(&format!("CREATE TRIGGER {name}\n"))
        })
        .last()
        .unwrap_or_else(|| panic!("no trigger {name} in the migrations"));
    sqlx::query(&sql).execute(conn).await.unwrap();
}

/// The `decision-trail` binary this test run built.
pub const BIN: &str = env!("CARGO_BIN_EXE_decision-trail");

/// Runs the binary off the async runtime: (success, stdout, stderr).
pub async fn run_binary(args: Vec<String>) -> (bool, String, String) {
    tokio::task::spawn_blocking(move || {
        let out = std::process::Command::new(BIN)
            .args(&args)
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    })
    .await
    .unwrap()
}

/// A small deterministic generator (xorshift), so a failure can be replayed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Seams whose clock starts at 2026-01-01T00:00:00.000Z and moves one second
/// per record, so time filters have known answers.
pub fn ticking_clock() -> Seams {
    let tick = Arc::new(std::sync::atomic::AtomicU64::new(0));
    Seams {
        now: Arc::new(move || {
            let s = tick.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            format!("2026-01-01T00:00:{s:02}.000Z")
        }),
        ..Default::default()
    }
}
