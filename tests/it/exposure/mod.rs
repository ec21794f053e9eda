//! Safe when exposed: a service without API keys does not start on a
//! non-loopback address unless told so (`--open`), says so when it does (its
//! start log and `/readyz`), and checks the Host only when it is open
//! (`host`); its request log does not flood (`logs`). The real binary, on
//! loopback ports.

mod host;
mod logs;

use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support::{add_key, BIN};

/// The variables that would change what these tests start.
const SETTINGS: [&str; 4] = [
    "DECISION_TRAIL_OPEN",
    "DECISION_TRAIL_KEYS_FILE",
    "DECISION_TRAIL_LISTEN",
    "DECISION_TRAIL_ALLOWED_HOSTS",
];

/// `decision-trail serve` running, its JSON log collected as it comes.
pub(crate) struct Running {
    child: Child,
    /// Where to reach it: the port it bound, on 127.0.0.1.
    pub addr: SocketAddr,
    /// Every log line so far (stdout, where the service logs).
    log: Arc<Mutex<Vec<Value>>>,
    /// Keeps the database directory for the service's lifetime.
    _dir: tempfile::TempDir,
}

impl Running {
    /// Starts `serve --log-format json` with `args`, `RUST_LOG=filter` and
    /// `env`, on a fresh database; waits for the line that names the address.
    pub fn start(args: &[&str], filter: &str, env: &[(&str, &str)]) -> Running {
        let dir = tempfile::tempdir().unwrap();
        let mut command = Command::new(BIN);
        command
            .args(["serve", "--log-format", "json", "--database-url"])
            .arg(format!(
                "sqlite://{}",
                dir.path().join("trail.db").display()
            ))
            .args(args)
            .env("RUST_LOG", filter)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for name in SETTINGS {
            command.env_remove(name);
        }
        command.envs(env.iter().copied());
        let mut child = command.spawn().expect("the binary runs");
        let log = Arc::new(Mutex::new(Vec::new()));
        let lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let sink = log.clone();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                let value = serde_json::from_str(&line).unwrap_or(Value::String(line));
                sink.lock().unwrap().push(value);
            }
        });
        let started = Instant::now();
        let port = loop {
            let listen = log
                .lock()
                .unwrap()
                .iter()
                .find_map(|l| l["fields"]["listen"].as_str().map(str::to_string));
            if let Some(listen) = listen {
                break listen.parse::<SocketAddr>().unwrap().port();
            }
            if let Some(status) = child.try_wait().unwrap() {
                let mut err = String::new();
                child
                    .stderr
                    .take()
                    .unwrap()
                    .read_to_string(&mut err)
                    .unwrap();
                panic!("the service exited ({status}) before listening: {err}");
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "no address logged"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        Running {
            child,
            addr: SocketAddr::from(([127, 0, 0, 1], port)),
            log,
            _dir: dir,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// The log lines so far.
    pub fn log(&self) -> Vec<Value> {
        self.log.lock().unwrap().clone()
    }

    /// The log lines, once one satisfies `done` (or 10 s passed).
    pub fn log_once(&self, done: impl Fn(&Value) -> bool) -> Vec<Value> {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(10) {
            let log = self.log();
            if log.iter().any(&done) {
                return log;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.log()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `serve` with these arguments, expected to refuse: its stderr.
fn refused(args: &[&str], env: &[(&str, &str)], db: &Path) -> String {
    let mut command = Command::new(BIN);
    command
        .arg("serve")
        .args(args)
        .arg("--database-url")
        .arg(format!("sqlite://{}", db.display()));
    for name in SETTINGS {
        command.env_remove(name);
    }
    let out = command.envs(env.iter().copied()).output().unwrap();
    assert!(!out.status.success(), "{args:?} started");
    String::from_utf8(out.stderr).unwrap()
}

/// Like Redis's protected mode: no keys file and a non-loopback address is
/// refused before anything is written, saying why and what to do.
#[test]
fn an_open_service_refuses_a_non_loopback_address() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("data").join("trail.db");
    for listen in ["0.0.0.0:0", "[::]:0"] {
        let err = refused(&["--listen", listen], &[], &db);
        for needed in [
            "not a loopback address",
            "decision-trail keys add --keys-file",
            "--keys-file keys.jsonl",
            "--open",
            "DECISION_TRAIL_OPEN=true",
        ] {
            assert!(err.contains(needed), "{listen}: {needed}: {err}");
        }
        assert!(err.contains(listen), "{err}");
    }
    // As an environment variable, and when false: refused the same.
    let err = refused(&[], &[("DECISION_TRAIL_LISTEN", "0.0.0.0:0")], &db);
    assert!(err.contains("--open"), "{err}");
    let err = refused(
        &["--listen", "0.0.0.0:0"],
        &[("DECISION_TRAIL_OPEN", "false")],
        &db,
    );
    assert!(err.contains("--open"), "{err}");
    assert!(
        !db.exists() && !db.parent().unwrap().exists(),
        "nothing written"
    );
}

/// Where the log (standard output) and standard error are one file, as on
/// a terminal or with `2>&1`, the refusal is printed once, and it suggests
/// loopback on the port that was asked for.
#[test]
fn the_refusal_is_printed_once_and_keeps_the_port() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    // The default log level, and the log off: said once either way.
    for log in [None, Some("off")] {
        let path = dir.path().join("output");
        let output = std::fs::File::create(&path).unwrap();
        let mut command = Command::new(BIN);
        command
            .args(["serve", "--listen", "0.0.0.0:9123", "--database-url"])
            .arg(format!("sqlite://{}", db.display()));
        for name in SETTINGS {
            command.env_remove(name);
        }
        command.env_remove("RUST_LOG");
        if let Some(filter) = log {
            command.env("RUST_LOG", filter);
        }
        let status = command
            .stdout(output.try_clone().unwrap())
            .stderr(output)
            .status()
            .unwrap();
        assert!(!status.success());
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text.matches("refusing to start").count(),
            1,
            "{log:?}: {text}"
        );
        assert!(text.contains("--listen 127.0.0.1:9123."), "{text}");
    }
}

/// Told so, it starts open, and says so: a WARN at start, and `/readyz`'s
/// `detail`. On loopback (the quick start), nothing changes and nothing is said.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_service_told_so_starts_and_says_it_is_exposed() {
    for (args, env) in [
        (vec!["--listen", "0.0.0.0:0", "--open"], vec![]),
        (
            vec!["--listen", "0.0.0.0:0"],
            vec![("DECISION_TRAIL_OPEN", "true")],
        ),
    ] {
        let service = Running::start(&args, "info", &env);
        let warned = service.log().iter().any(|l| {
            l["level"] == "WARN"
                && l["fields"]["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("non-loopback address"))
        });
        assert!(warned, "{args:?} {env:?}: {:?}", service.log());
        let ready: Value = reqwest::get(service.url("/readyz"))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(ready["status"], "ready");
        let detail = ready["detail"].as_str().unwrap();
        assert!(detail.contains("no API keys") && detail.contains("any agent"));
        // Open as it says: an append without a key.
        let r = reqwest::Client::new()
            .post(service.url("/thoughts"))
            .json(&crate::support::new_record("plan", "t", "a", "x"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 201);
    }
    let local = Running::start(&["--listen", "127.0.0.1:0"], "info", &[]);
    let ready: Value = reqwest::get(local.url("/readyz"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(ready, serde_json::json!({"status": "ready"}));
    assert!(!local
        .log()
        .iter()
        .any(|l| l.to_string().contains("non-loopback")));
}

/// With a keys file, any address is fine and nothing is said; a keys file
/// that is not there says how to make it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_service_with_keys_starts_on_any_address() {
    let dir = tempfile::tempdir().unwrap();
    let keys = dir.path().join("keys.jsonl");
    let token = add_key(&keys, "planner-1", "writer");
    let service = Running::start(
        &[
            "--listen",
            "0.0.0.0:0",
            "--keys-file",
            keys.to_str().unwrap(),
        ],
        "info",
        &[],
    );
    let ready: Value = reqwest::get(service.url("/readyz"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(ready, serde_json::json!({"status": "ready"}));
    let r = reqwest::Client::new()
        .post(service.url("/thoughts"))
        .bearer_auth(&token)
        .json(&crate::support::task_body("t", "x"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    let missing = dir.path().join("none.jsonl");
    let err = refused(
        &[
            "--listen",
            "0.0.0.0:0",
            "--keys-file",
            missing.to_str().unwrap(),
        ],
        &[],
        &dir.path().join("b.db"),
    );
    assert!(
        err.contains("does not exist")
            && err.contains(&format!(
                "decision-trail keys add --keys-file {}",
                missing.display()
            )),
        "{err}"
    );
}
