//! The `decision-trail` binary this test run built: served on a loopback
//! port, or run as a command.

use std::net::SocketAddr;
use std::path::Path;

use serde_json::Value;

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

/// The `decision-trail` binary this test run built.
pub const BIN: &str = env!("CARGO_BIN_EXE_decision-trail");

/// `decision-trail keys add` of a `role` key for `agent` to the keys file
/// at `path`: the token it prints once.
pub fn add_key(path: &Path, agent: &str, role: &str) -> String {
    let out = std::process::Command::new(BIN)
        .args([
            "keys",
            "add",
            "--role",
            role,
            "--agent-id",
            agent,
            "--keys-file",
        ])
        .arg(path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// Runs the binary with `input` on its stdin: (success, stdout, stderr).
pub fn run_with_stdin(args: &[&str], input: &[u8]) -> (bool, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs the binary off the async runtime: (success, stdout, stderr).
pub async fn run_binary(args: Vec<String>) -> (bool, String, String) {
    let (status, out, err) = run_binary_status(args).await;
    (status == Some(0), out, err)
}

/// Runs the binary with `args`: its exit status (None when a signal ended
/// it), standard output and error.
pub async fn run_binary_status(args: Vec<String>) -> (Option<i32>, String, String) {
    tokio::task::spawn_blocking(move || {
        let out = std::process::Command::new(BIN)
            .args(&args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    })
    .await
    .unwrap()
}

/// Runs `decision-trail serve` on the database `url` with `extra` flags,
/// expecting it to refuse to start: what it said (standard output and
/// error). Panics if it is still serving after a minute (it started).
pub async fn serve_refused(url: &str, extra: &[&str]) -> String {
    let mut args: Vec<String> = ["serve", "--listen", "127.0.0.1:0", "--log-format", "json"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.push("--database-url".into());
    args.push(url.into());
    args.extend(extra.iter().map(|s| s.to_string()));
    tokio::task::spawn_blocking(move || {
        let mut child = std::process::Command::new(BIN)
            .args(&args)
            .env("RUST_LOG", "info")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("binary runs");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while child.try_wait().unwrap().is_none() {
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                panic!("the service started: a refusal was expected");
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let out = child.wait_with_output().unwrap();
        assert!(!out.status.success(), "the service exited with 0");
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
    .await
    .unwrap()
}
