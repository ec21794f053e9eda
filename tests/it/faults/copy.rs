//! The checkpoint copy is written whole or not at all: a full disk cuts a
//! failed append back and the next checkpoint covers it; a last line left
//! unfinished (a stop mid-append) is trimmed at start with a warning.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{copy_sizes, post, record, signal};
use crate::support::{say, serve_binary};

/// A small tmpfs mounted for one test (root only), unmounted when dropped.
struct Tmpfs {
    dir: tempfile::TempDir,
}

impl Tmpfs {
    /// None when this process may not mount (not root).
    fn mount(size: &str) -> Option<Tmpfs> {
        let dir = tempfile::tempdir().unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        mounted.then_some(Tmpfs { dir })
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Fills the filesystem: a file written until the disk refuses more.
    fn fill(&self) -> PathBuf {
        let path = self.path().join("filler");
        let mut file = std::fs::File::create(&path).unwrap();
        for chunk in [4096, 1] {
            let bytes = vec![b'f'; chunk];
            while file.write_all(&bytes).is_ok() {}
        }
        path
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(self.dir.path())
            .status();
    }
}

#[tokio::test]
async fn a_full_disk_never_tears_the_checkpoint_copy() {
    let Some(tmpfs) = Tmpfs::mount("64k") else {
        say("SKIPPED faults::copy::a_full_disk_never_tears_the_checkpoint_copy: mounting a tmpfs needs root");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let copy = tmpfs.path().join("checkpoints.ndjson");
    let flags = ["--checkpoint-file", copy.to_str().unwrap()];
    let mut served = serve_binary(&db, &flags);
    let client = reqwest::Client::new();
    assert_eq!(post(&client, served.addr, &record("t", 0)).await, 201);
    let filler = tmpfs.fill();
    // The database is on another disk: every append commits, while the
    // copy's appends fail once its last page is full.
    for n in 1..=30 {
        assert_eq!(post(&client, served.addr, &record("t", n)).await, 201);
    }
    let sizes = copy_sizes(&copy);
    assert!(
        *sizes.last().unwrap() < 31,
        "the copy lags while its disk is full: {sizes:?}"
    );
    std::fs::remove_file(filler).unwrap();
    assert_eq!(post(&client, served.addr, &record("t", 31)).await, 201);
    let sizes = copy_sizes(&copy);
    assert_eq!(
        sizes.last(),
        Some(&32),
        "the next checkpoint covers the missed ones"
    );
    assert!(sizes.windows(2).all(|w| w[0] < w[1]), "{sizes:?}");
    signal(served.child.id(), "KILL");
    served.child.wait().unwrap();
    // The copy is accepted as it is: the service starts on it.
    let mut served = serve_binary(&db, &flags);
    assert_eq!(post(&client, served.addr, &record("t", 32)).await, 201);
    assert_eq!(copy_sizes(&copy).last(), Some(&33));
    served.child.kill().unwrap();
    served.child.wait().unwrap();
}

#[tokio::test]
async fn an_unfinished_last_line_of_the_copy_is_trimmed_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let copy = dir.path().join("checkpoints.ndjson");
    let mut served = serve_binary(&db, &[]);
    let client = reqwest::Client::new();
    for n in 0..3 {
        assert_eq!(post(&client, served.addr, &record("t", n)).await, 201);
    }
    signal(served.child.id(), "KILL");
    served.child.wait().unwrap();
    // A stop in the middle of an append: half of a line, no newline.
    let text = std::fs::read_to_string(&copy).unwrap();
    let last = text.lines().last().unwrap();
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&copy)
        .unwrap();
    file.write_all(&last.as_bytes()[..last.len() / 2]).unwrap();
    drop(file);

    let mut served = serve_binary(&db, &[]);
    let warned = served.startup_log.iter().any(|line| {
        line["level"] == "WARN"
            && line["fields"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("unfinished line"))
    });
    assert!(warned, "{:#?}", served.startup_log);
    assert_eq!(copy_sizes(&copy), vec![0, 1, 2, 3]);
    assert_eq!(post(&client, served.addr, &record("t", 3)).await, 201);
    assert_eq!(copy_sizes(&copy), vec![0, 1, 2, 3, 4]);
    served.child.kill().unwrap();
    served.child.wait().unwrap();
}

/// A copy an earlier release left with a line written onto an unfinished
/// one (two lines run together) is read from the whole checkpoint at its
/// end: the service starts, with a warning.
#[tokio::test]
async fn a_line_run_onto_an_unfinished_one_is_read_from_its_whole_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let copy = dir.path().join("checkpoints.ndjson");
    let mut served = serve_binary(&db, &[]);
    let client = reqwest::Client::new();
    for n in 0..2 {
        assert_eq!(post(&client, served.addr, &record("t", n)).await, 201);
    }
    signal(served.child.id(), "KILL");
    served.child.wait().unwrap();
    let text = std::fs::read_to_string(&copy).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let (before, last) = (&lines[..lines.len() - 1], lines[lines.len() - 1]);
    let mut run_together: String = before.iter().map(|l| format!("{l}\n")).collect();
    run_together.push_str(&before[before.len() - 1][..40]);
    run_together.push_str(last);
    run_together.push('\n');
    std::fs::write(&copy, run_together).unwrap();

    let mut served = serve_binary(&db, &[]);
    let warned = served.startup_log.iter().any(|line| {
        line["fields"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("unfinished append"))
    });
    assert!(warned, "{:#?}", served.startup_log);
    assert_eq!(post(&client, served.addr, &record("t", 2)).await, 201);
    served.child.kill().unwrap();
    served.child.wait().unwrap();
}
