//! `decision-trail witness` as any C2SP log sees it: checkpoints and proofs
//! made by `tlog_tiles` and `signed_note`, each status code of tlog-witness,
//! cosignatures that verify with the key `witness key` printed, and one
//! winner among concurrent submissions from the same old size.

use decision_trail::domain::witness::policy::split_note;
use decision_trail::domain::witness::CosignerKey;

use super::{add_checkpoint, start_witness, witness_key, ForeignLog};

#[tokio::test]
async fn a_foreign_log_is_cosigned_and_every_refusal_has_the_specs_status() {
    let dir = tempfile::tempdir().unwrap();
    let mut log = ForeignLog::new("example.com/foreign-log");
    let witness = start_witness(dir.path(), "witness.example/w1", &[&log.vkey]);
    let url = witness.url();
    let key = CosignerKey::parse(&witness.vkey).unwrap();

    log.grow(3, "a");
    let (status, _, body) = add_checkpoint(&url, log.request(0)).await;
    assert_eq!(status, 200, "{body}");
    let (checkpoint_body, _) = split_note(&log.checkpoint())
        .map(|(b, l)| (b.to_string(), l.len()))
        .unwrap();
    assert!(key.verify_line(&checkpoint_body, &body).is_some(), "{body}");

    // The client's old size is stale: 409 and the latest size.
    let (status, kind, body) = add_checkpoint(&url, log.request(0)).await;
    assert_eq!(
        (status, kind.as_str(), body.as_str()),
        (409, "text/x.tlog.size", "3\n")
    );

    log.grow(7, "a");
    let (status, _, body) = add_checkpoint(&url, log.request(3)).await;
    assert_eq!(status, 200, "{body}");

    // A fork signed with the same key: same size another root is 409, a
    // larger one whose proof cannot lead from the cosigned root is 422.
    let mut fork = log.fork();
    fork.grow(7, "b");
    let (status, _, _) = add_checkpoint(&url, fork.request(7)).await;
    assert_eq!(status, 409);
    fork.grow(9, "b");
    let (status, kind, body) = add_checkpoint(&url, fork.request(7)).await;
    assert_eq!(status, 422, "{body}");
    assert!(kind.starts_with("application/problem+json"), "{kind}");
    // The witness still stands where it was.
    let (status, _, body) = add_checkpoint(&url, fork.request(0)).await;
    assert_eq!((status, body.as_str()), (409, "7\n"));

    // Unknown origin 404; a key the witness does not trust 403; the old size
    // past the checkpoint, or a body that is not one, 400.
    let mut other = ForeignLog::new("example.com/other");
    other.grow(1, "x");
    assert_eq!(add_checkpoint(&url, other.request(0)).await.0, 404);
    let mut impostor = ForeignLog::new("example.com/foreign-log");
    impostor.grow(8, "a");
    assert_eq!(add_checkpoint(&url, impostor.request(0)).await.0, 403);
    let past = format!("old 100\n\n{}", log.checkpoint());
    assert_eq!(add_checkpoint(&url, past).await.0, 400);
    assert_eq!(add_checkpoint(&url, "hello".into()).await.0, 400);
    let get = reqwest::get(format!("{url}/add-checkpoint")).await.unwrap();
    crate::support::assert_problem(get, 405, "method_not_allowed").await;

    // The same checkpoint again (old = its size) is cosigned again.
    let (status, _, _) = add_checkpoint(&url, log.request(7)).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn concurrent_submissions_from_one_old_size_have_one_winner() {
    let dir = tempfile::tempdir().unwrap();
    let mut log = ForeignLog::new("example.com/raced");
    let witness = start_witness(dir.path(), "witness.example/race", &[&log.vkey]);
    let url = witness.url();
    log.grow(2, "a");
    assert_eq!(add_checkpoint(&url, log.request(0)).await.0, 200);
    // Eight growths of one log, each submitted from old size 2 at once.
    let mut bodies = Vec::new();
    for size in 3..11 {
        log.grow(size, "a");
        bodies.push(log.request(2));
    }
    let answers =
        futures_util::future::join_all(bodies.into_iter().map(|b| add_checkpoint(&url, b))).await;
    let won = answers.iter().filter(|a| a.0 == 200).count();
    assert_eq!(won, 1, "{answers:?}");
    assert!(
        answers.iter().all(|a| a.0 == 200 || a.0 == 409),
        "{answers:?}"
    );
}

#[test]
fn witness_key_writes_an_owner_only_file_and_never_overwrites_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("w.key");
    let vkey = witness_key("witness.example/k", &out);
    let key = CosignerKey::parse(&vkey).unwrap();
    assert_eq!(key.name(), "witness.example/k");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&out).unwrap().permissions().mode();
        assert_eq!(mode & 0o077, 0, "{mode:o}");
    }
    let again = std::process::Command::new(crate::support::BIN)
        .args(["witness", "key", "--name", "witness.example/k", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(!again.status.success());
}
