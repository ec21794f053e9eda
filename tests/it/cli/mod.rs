//! The `decision-trail` binary itself: `hash`, `openapi`, `healthcheck`, and
//! `serve` stopped by SIGTERM with appends in flight.

use crate::support::{serve_binary, Served};

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_decision-trail");
const PINNED: &str = "6a2f9597f563d5515cfa69891a51806d0f93bfbe222997d3ba37c365ceee3f1a";

/// Runs `decision-trail hash` with `input` on stdin: (exit ok, stdout, stderr).
fn hash(input: &str) -> (bool, String, String) {
    crate::support::run_with_stdin(&["hash"], input.as_bytes())
}

fn vectors() -> Value {
    serde_json::from_str(
        &std::fs::read_to_string(crate::support::data_file("records.json")).unwrap(),
    )
    .unwrap()
}

#[test]
fn hash_prints_the_pinned_hash() {
    let input = r#"{"id":"r1","type":"plan","task_id":"t1","content":"hello","timestamp":"2026-04-17T00:00:00Z","prev_hash":"0000000000000000000000000000000000000000000000000000000000000000","agent_id":"ignored"}"#;
    assert_eq!(hash(input), (true, format!("{PINNED}\n"), String::new()));
}

#[test]
fn hash_reads_ndjson_and_pretty_documents() {
    let v = vectors();
    let chain = v["chains"][1]["records"].as_array().unwrap();
    let ndjson: String = chain.iter().map(|r| format!("{r}\n")).collect();
    let expected: String = chain
        .iter()
        .map(|r| format!("{}\n", r["hash"].as_str().unwrap()))
        .collect();
    assert_eq!(hash(&ndjson), (true, expected, String::new()));
    let pretty = serde_json::to_string_pretty(&v["pinned"]["input"]).unwrap();
    assert!(pretty.contains('\n'));
    assert_eq!(hash(&pretty).1, format!("{PINNED}\n"));
}

#[test]
fn hash_accepts_any_type_string() {
    let v = vectors();
    let case = v["record_cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "type-observation")
        .unwrap();
    let (ok, out, _) = hash(case["input_json"].as_str().unwrap());
    assert!(ok);
    assert_eq!(out.trim(), case["sha256"].as_str().unwrap());
}

#[test]
fn hash_refuses_what_it_cannot_represent_and_exits_non_zero() {
    let v = vectors();
    let lone = v["record_cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "lone-high-surrogate")
        .unwrap();
    let (ok, out, err) = hash(lone["input_json"].as_str().unwrap());
    assert!(!ok);
    assert!(out.is_empty());
    assert!(
        err.contains("record 1") && err.contains("surrogate"),
        "{err}"
    );

    for case in v["metadata_cases"].as_array().unwrap() {
        if case["expect"] == "reject" {
            let (ok, _, err) = hash(case["input_json"].as_str().unwrap());
            assert!(!ok, "{}", case["name"]);
            assert!(err.contains("metadata"), "{err}");
        }
    }
    let (ok, _, err) = hash(r#"{"id":"r1","type":"plan"}"#);
    assert!(!ok);
    assert!(err.contains("task_id: is required"), "{err}");
    let (ok, _, err) = hash("");
    assert!(!ok);
    assert!(err.contains("no record"), "{err}");
}

#[test]
fn hash_reports_each_bad_record_and_still_hashes_the_good_ones() {
    let good = vectors()["pinned"]["input"].to_string();
    let (ok, out, err) = hash(&format!("{good}\n{{\"id\":1}}\n"));
    assert!(!ok, "one bad record fails the run");
    assert_eq!(out, format!("{PINNED}\n"));
    assert!(err.contains("record 2"), "{err}");
}

#[test]
fn openapi_command_prints_the_committed_document() {
    let out = Command::new(BIN).arg("openapi").output().unwrap();
    assert!(out.status.success());
    let printed: Value = serde_json::from_slice(&out.stdout).unwrap();
    let committed: Value = serde_json::from_str(
        &std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("openapi/openapi.json"),
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(printed, committed);
}

fn serve(db: &std::path::Path) -> Served {
    serve_binary(db, &[])
}

fn terminate(served: &mut Served) -> std::process::ExitStatus {
    let pid = served.child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    for _ in 0..200 {
        if let Some(status) = served.child.try_wait().unwrap() {
            return status;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    served.child.kill().ok();
    panic!("the server did not exit within 10 s of SIGTERM");
}

#[test]
fn healthcheck_succeeds_against_a_live_server_and_fails_otherwise() {
    let dir = tempfile::tempdir().unwrap();
    let mut served = serve(&dir.path().join("h.db"));
    let ok = Command::new(BIN)
        .args(["healthcheck", "--addr", &served.addr.to_string()])
        .status()
        .unwrap();
    assert!(ok.success());
    assert!(terminate(&mut served).success());
    let down = Command::new(BIN)
        .args(["healthcheck", "--addr", &served.addr.to_string()])
        .output()
        .unwrap();
    assert!(!down.status.success());
    assert!(String::from_utf8_lossy(&down.stderr).contains("cannot connect"));
}

#[test]
fn serve_creates_the_data_directory_and_asks_postgres_for_a_shared_key() {
    let dir = tempfile::tempdir().unwrap();
    let nested = dir.path().join("a/b/trail.db");
    let mut served = serve(&nested);
    assert!(nested.exists(), "directory and file created");
    assert!(terminate(&mut served).success());

    // Replicas of one PostgreSQL log must share a key: none given is
    // refused before any connection is tried, saying how to give one.
    let out = Command::new(BIN)
        .args(["--database-url", "postgres://localhost:1/x"])
        .env_remove("DECISION_TRAIL_SIGNING_KEY")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("PostgreSQL"), "{stderr}");
    assert!(stderr.contains("--signing-key-file"), "{stderr}");
    assert!(stderr.contains("decision-trail log key"), "{stderr}");
    // A key in the environment and a file at once is refused too.
    let out = Command::new(BIN)
        .args([
            "--database-url",
            "postgres://localhost:1/x",
            "--signing-key-file",
            "k",
        ])
        .env("DECISION_TRAIL_SIGNING_KEY", "x")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("given twice"));
    let out = Command::new(BIN)
        .args(["--sqlite-synchronous", "off"])
        .output()
        .unwrap();
    assert!(!out.status.success(), "a non-durable mode is refused");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_lets_appends_in_flight_finish_then_exits_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let mut served = serve(&db);
    let addr = served.addr;
    let mut set = tokio::task::JoinSet::new();
    for i in 0..40 {
        set.spawn(async move {
            let response = reqwest::Client::new()
                .post(format!("http://{addr}/thoughts"))
                .json(&crate::support::new_record(
                    "plan",
                    "t",
                    "a",
                    &format!("{i}"),
                ))
                .send()
                .await;
            match response {
                Ok(r) => Some((r.status().as_u16(), r.json::<Value>().await.ok())),
                // Not yet accepted when the listener closed.
                Err(_) => None,
            }
        });
    }
    // Wait until the first append has been answered, then stop mid-load.
    let first = set.join_next().await.unwrap().unwrap();
    let status = tokio::task::spawn_blocking(move || terminate(&mut served))
        .await
        .unwrap();
    assert!(status.success(), "clean exit: {status}");
    let mut acknowledged = Vec::new();
    for (code, body) in std::iter::once(first).chain(set.join_all().await).flatten() {
        assert_eq!(code, 201, "an accepted append is never cut off: {body:?}");
        acknowledged.push(body.unwrap()["id"].as_str().unwrap().to_string());
    }
    assert!(!acknowledged.is_empty());

    // Everything acknowledged is there, and nothing else.
    let served = serve(&db);
    let (status, page) = {
        let r = reqwest::get(format!("http://{}/thoughts?limit=1000", served.addr))
            .await
            .unwrap();
        (r.status(), r.json::<Value>().await.unwrap())
    };
    assert_eq!(status, 200);
    let mut stored: Vec<String> = page["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect();
    stored.sort();
    acknowledged.sort();
    assert_eq!(stored, acknowledged);
    let mut served = served;
    assert!(terminate(&mut served).success());
}

#[tokio::test]
async fn environment_configures_serve_as_the_container_does() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("env.db");
    let mut child = Command::new(BIN)
        .env("DECISION_TRAIL_LISTEN", "127.0.0.1:0")
        .env("DATABASE_URL", format!("sqlite://{}", db.display()))
        .env("DECISION_TRAIL_LOG_FORMAT", "json")
        .env("DECISION_TRAIL_MAX_CONTENT_BYTES", "4")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let addr: SocketAddr = loop {
        let v: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
        if let Some(listen) = v["fields"]["listen"].as_str() {
            break listen.parse().unwrap();
        }
    };
    std::thread::spawn(move || for _ in lines {});
    let mut served = Served {
        child,
        addr,
        startup_log: Vec::new(),
    };
    assert!(db.exists(), "DATABASE_URL chose the file");
    let client = reqwest::Client::new();
    let url = format!("http://{addr}/thoughts");
    let ok = client
        .post(&url)
        .json(&crate::support::new_record("plan", "t", "a", "1234"))
        .send()
        .await
        .unwrap();
    assert_eq!(ok.status(), 201);
    let refused = client
        .post(&url)
        .json(&crate::support::new_record("plan", "t", "a", "12345"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        refused.status(),
        400,
        "DECISION_TRAIL_MAX_CONTENT_BYTES applies"
    );
    // A served record, piped back through `hash`, gives its own hash.
    let mut body = crate::support::new_record("plan", "t", "a", "x");
    body["metadata"] = serde_json::json!({"b": [1, 2.5], "a": "é"});
    let record: Value = client
        .post(&url)
        .json(&body)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let (ok, out, err) = hash(&record.to_string());
    assert!(ok, "{err}");
    assert_eq!(out.trim(), record["hash"].as_str().unwrap());
    assert!(terminate(&mut served).success());
}

fn keys_add(file: &std::path::Path, agent: &str, role: &str) -> std::process::Output {
    Command::new(BIN)
        .args(["keys", "add", "--agent-id", agent, "--role", role])
        .arg("--keys-file")
        .arg(file)
        .output()
        .unwrap()
}

#[tokio::test]
async fn keys_add_prints_a_token_once_and_the_service_accepts_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("keys.jsonl");
    let writer = keys_add(&file, "planner-1", "writer");
    assert!(writer.status.success());
    let writer = String::from_utf8(writer.stdout).unwrap().trim().to_string();
    let reader = keys_add(&file, "auditor", "reader");
    let reader = String::from_utf8(reader.stdout).unwrap().trim().to_string();
    assert!(writer.starts_with("dtk_") && reader.starts_with("dtk_"));
    assert_ne!(writer, reader);
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.lines().count(), 2);
    assert!(!text.contains(&writer[4..]) && !text.contains(&reader[4..]));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    // Refused entries leave the file as it was.
    for (agent, role) in [("x", "owner"), ("", "writer"), ("a\u{7}b", "reader")] {
        assert!(
            !keys_add(&file, agent, role).status.success(),
            "{agent:?} {role}"
        );
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);

    let mut served = serve_binary(
        &dir.path().join("k.db"),
        &["--keys-file", file.to_str().unwrap()],
    );
    assert!(!served
        .startup_log
        .iter()
        .any(|l| l["level"] == "WARN" && l.to_string().contains("OPEN")));
    // With keys, each key's agent has the default rate limit.
    assert!(
        served.startup_log.iter().any(|l| {
            l.to_string().contains("rate limit per API key agent")
                && l["fields"]["per_second"] == 100.0
        }),
        "{:?}",
        served.startup_log
    );
    let client = reqwest::Client::new();
    let post = |token: Option<&str>| {
        let mut r = client
            .post(format!("http://{}/thoughts", served.addr))
            .json(&serde_json::json!({"type": "plan", "task_id": "t", "content": "x"}));
        if let Some(t) = token {
            r = r.bearer_auth(t);
        }
        r.send()
    };
    assert_eq!(post(None).await.unwrap().status(), 401);
    assert_eq!(post(Some(&reader)).await.unwrap().status(), 403);
    let r = post(Some(&writer)).await.unwrap();
    assert_eq!(r.status(), 201);
    assert_eq!(r.json::<Value>().await.unwrap()["agent_id"], "planner-1");
    assert!(terminate(&mut served).success());
}

#[test]
fn an_open_service_says_so_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let mut served = serve_binary(&dir.path().join("o.db"), &[]);
    assert!(
        served
            .startup_log
            .iter()
            .any(|l| l["level"] == "WARN" && l.to_string().contains("OPEN")),
        "{:?}",
        served.startup_log
    );
    // Open: no per-address limit unless asked for (agents on one host share one).
    assert!(
        served
            .startup_log
            .iter()
            .any(|l| l.to_string().contains("no rate limit: the service is open")),
        "{:?}",
        served.startup_log
    );
    assert!(terminate(&mut served).success());
}

#[test]
fn a_bad_keys_file_stops_the_service_from_starting() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("keys.jsonl");
    std::fs::write(
        &file,
        "{\"key_hash\":\"sha256:00\",\"agent_id\":\"a\",\"role\":\"writer\"}\n",
    )
    .unwrap();
    let out = Command::new(BIN)
        .args(["serve", "--listen", "127.0.0.1:0", "--keys-file"])
        .arg(&file)
        .arg("--database-url")
        .arg(format!("sqlite://{}", dir.path().join("b.db").display()))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("line 1"), "{stderr}");
    // And `keys add` will not append to it either.
    assert!(!keys_add(&file, "b", "writer").status.success());
}

mod pins;
mod verify;

#[test]
fn keys_add_makes_an_existing_keys_file_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("keys.jsonl");
    std::fs::write(&file, "").unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    let out = keys_add(&file, "planner-1", "writer");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
}

/// A data directory that cannot be made is refused at start, naming it and
/// the system's reason. (Denied permission, which root cannot be shown here,
/// adds the user and the `chown` fix: a unit test in store::sqlite.)
#[test]
fn a_data_directory_it_cannot_write_is_named_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    // A file where the data directory should be: nothing can be created under it.
    let blocker = dir.path().join("not-a-dir");
    std::fs::write(&blocker, "").unwrap();
    let out = Command::new(BIN)
        .args(["serve", "--listen", "127.0.0.1:0", "--database-url"])
        .arg(format!("sqlite://{}/data/trail.db", blocker.display()))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "cannot write in the data directory {}/data",
            blocker.display()
        )),
        "{err}"
    );
    assert!(err.contains("Not a directory"), "{err}");
    // Changing owners would not help here, so it is not advised.
    assert!(!err.contains("chown"), "{err}");
}

#[test]
fn an_empty_allowed_hosts_list_is_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(BIN)
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--allowed-hosts",
            ",",
            "--database-url",
        ])
        .arg(format!("sqlite://{}/trail.db", dir.path().display()))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--allowed-hosts names no host"), "{err}");
}

#[tokio::test]
async fn log_key_prints_a_key_that_signs_under_its_origin() {
    let (ok, out, err) = crate::support::run_binary(vec![
        "log".into(),
        "key".into(),
        "--origin".into(),
        "trail.example.com/log".into(),
    ])
    .await;
    assert!(ok, "{err}");
    let signer = decision_trail::domain::checkpoint::LogSigner::from_signer_key(out.trim())
        .expect("the printed key loads");
    assert!(signer.verifier_key().starts_with("trail.example.com/log+"));
    assert!(
        err.contains(signer.verifier_key()),
        "stderr names the verifier key: {err}"
    );
    // Two runs, two keys.
    let (_, again, _) = crate::support::run_binary(vec!["log".into(), "key".into()]).await;
    assert_ne!(out.trim(), again.trim());
}

/// A command whose reader stops reading (`decision-trail openapi | head -c
/// 16`: the document is larger than a pipe holds) ends quietly, as Unix
/// tools do: SIGPIPE's status, no panic or backtrace on stderr.
#[test]
fn a_command_whose_output_is_closed_ends_quietly() {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    let mut child = Command::new(BIN)
        .arg("openapi")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    out.read_exact(&mut first).unwrap();
    drop(out);
    let done = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(
        done.status.signal(),
        Some(libc::SIGPIPE),
        "{:?}",
        done.status
    );
}
