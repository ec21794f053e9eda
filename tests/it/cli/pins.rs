//! The verifier's state on the second day: a second install under the same
//! origin is refused with the command that forgets the first
//! (`verify forget`), `verify state` lists what is pinned, bare `verify`
//! says what it needs, and `verify --watch` says "nothing new" in one line.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::support::{new_record, run_binary, TestApp, BIN};

fn s(p: &Path) -> String {
    p.display().to_string()
}

async fn verify_url(url: &str, state: &Path) -> (bool, String, String) {
    run_binary(vec![
        "verify".into(),
        "--url".into(),
        url.into(),
        "--state".into(),
        s(state),
    ])
    .await
}

/// Runs `decision-trail ARGS` (a command line as the refusal printed it).
async fn run_line(line: &str) -> (bool, String, String) {
    let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    assert_eq!(words[0], "decision-trail", "{line}");
    run_binary(words[1..].to_vec()).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_install_is_refused_with_the_command_that_forgets_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json");
    let first = TestApp::spawn().await;
    first.append(&new_record("plan", "t", "a", "x")).await;
    let first_url = format!("http://{}", first.addr);
    let (ok, _, err) = verify_url(&first_url, &state).await;
    assert!(ok, "{err}");
    let (ok, listed, err) = run_binary(vec![
        "verify".into(),
        "state".into(),
        "--state".into(),
        s(&state),
    ])
    .await;
    assert!(ok, "{err}");
    let key_a = first.get("/log/key").await.text().await.unwrap();
    assert!(listed.contains("1 log pinned"), "{listed}");
    assert!(
        listed.contains(&format!(
            "localhost/decision-trail: 1 record, key {}, at {first_url}",
            key_a.trim()
        )),
        "{listed}"
    );
    // A new install: same default origin, new key, another URL.
    let second = TestApp::spawn().await;
    let second_url = format!("http://{}", second.addr);
    let (ok, _, err) = verify_url(&second_url, &state).await;
    assert!(!ok);
    assert!(err.contains("was accepted with the key"), "{err}");
    let command = format!(
        "decision-trail verify forget localhost/decision-trail --state {}",
        state.display()
    );
    assert!(err.trim_end().ends_with(&command), "{err}");
    // The command, as printed, lifts the refusal; the next check trusts anew.
    let (ok, out, err) = run_line(&command).await;
    assert!(ok, "{err}");
    assert!(
        out.contains("forgot the log `localhost/decision-trail`"),
        "{out}"
    );
    assert!(out.contains(&first_url), "{out}");
    let (ok, out, err) = verify_url(&second_url, &state).await;
    assert!(ok, "{err}");
    assert!(out.contains("first check of this service"), "{out}");
    // Forgotten by URL (a trailing slash is the same URL): nothing is left.
    let (ok, out, err) = run_binary(vec![
        "verify".into(),
        "forget".into(),
        format!("{second_url}/"),
        "--state".into(),
        s(&state),
    ])
    .await;
    assert!(ok, "{err}");
    assert!(
        out.contains("forgot the log `localhost/decision-trail`"),
        "{out}"
    );
    let (_, listed, _) = run_binary(vec![
        "verify".into(),
        "state".into(),
        "--state".into(),
        s(&state),
    ])
    .await;
    assert!(listed.contains("0 logs pinned"), "{listed}");
    // What is not pinned is said so, with where to look.
    let (ok, _, err) = run_binary(vec![
        "verify".into(),
        "forget".into(),
        "nowhere.example/log".into(),
        "--state".into(),
        s(&state),
    ])
    .await;
    assert!(!ok);
    assert!(err.contains("verify state"), "{err}");
}

/// In the default state file, the command needs no `--state`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_command_in_the_default_state_file_is_the_bare_one() {
    let home = tempfile::tempdir().unwrap();
    let run = |args: Vec<String>| {
        let home = home.path().to_path_buf();
        tokio::task::spawn_blocking(move || {
            let out = Command::new(BIN)
                .args(args)
                .env("XDG_STATE_HOME", &home)
                .output()
                .unwrap();
            (out.status.success(), String::from_utf8(out.stderr).unwrap())
        })
    };
    let first = TestApp::spawn().await;
    let second = TestApp::spawn().await;
    for (app, expect_ok) in [(&first, true), (&second, false)] {
        let url = format!("http://{}", app.addr);
        let (ok, err) = run(vec!["verify".into(), "--url".into(), url])
            .await
            .unwrap();
        assert_eq!(ok, expect_ok, "{err}");
        if !expect_ok {
            assert!(
                err.trim_end()
                    .ends_with("decision-trail verify forget localhost/decision-trail"),
                "{err}"
            );
            let state = home.path().join("decision-trail").join("verify.json");
            assert!(
                err.contains(&format!("from the state file {}", state.display())),
                "{err}"
            );
        }
    }
    let (ok, err) = run(vec![
        "verify".into(),
        "forget".into(),
        "localhost/decision-trail".into(),
    ])
    .await
    .unwrap();
    assert!(ok, "{err}");
}

#[tokio::test]
async fn bare_verify_says_it_needs_a_file_or_a_url() {
    let (ok, out, err) = run_binary(vec!["verify".into()]).await;
    assert!(!ok && out.is_empty());
    assert!(err.contains("FILE") && err.contains("--url URL"), "{err}");
    assert!(err.contains("verify forget"), "{err}");
}

/// `--watch` prints the full report when something is new, and one line
/// when nothing is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watch_says_nothing_new_in_one_line() {
    let app = TestApp::spawn().await;
    app.append(&new_record("plan", "t", "a", "x")).await;
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(BIN)
        .args(["verify", "--watch", "1", "--url"])
        .arg(format!("http://{}", app.addr))
        .arg("--state")
        .arg(dir.path().join("state.json"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (send, lines) = mpsc::channel();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    std::thread::spawn(move || {
        for line in stdout.lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                return;
            }
        }
    });
    let next = || {
        lines
            .recv_timeout(Duration::from_secs(20))
            .expect("the watch prints")
    };
    // A round: lines up to the one saying where the state was saved.
    let round = |next: &dyn Fn() -> String| {
        let mut got = Vec::new();
        loop {
            let line = next();
            let last = line.starts_with("state saved to") || line.starts_with("ok: nothing new");
            got.push(line);
            if last {
                return got;
            }
        }
    };
    let first = round(&next);
    assert!(first.len() >= 4, "{first:?}");
    assert!(first[0].contains("of 1 record"), "{first:?}");
    for _ in 0..2 {
        let quiet = round(&next);
        assert_eq!(quiet.len(), 1, "{quiet:?}");
        assert!(
            quiet[0].contains("nothing new") && quiet[0].contains("of 1 record"),
            "{quiet:?}"
        );
    }
    app.append(&new_record("plan", "t", "a", "y")).await;
    let mut grown = round(&next);
    while grown.len() == 1 {
        grown = round(&next);
    }
    assert!(grown[0].contains("of 2 records"), "{grown:?}");
    assert!(
        grown
            .iter()
            .any(|l| l.contains("1 record audited this run")),
        "{grown:?}"
    );
    let _ = child.kill();
    let _ = child.wait();
}
