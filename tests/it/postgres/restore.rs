//! A PostgreSQL database restored from a copy taken before the log signed
//! more (here a copy made with `CREATE DATABASE … TEMPLATE`, as a restored
//! dump or base backup would be): refused at start for what a monitor kept,
//! brought back by `log import` from the live log, then served; no size is
//! signed with two roots.

use decision_trail::domain::checkpoint::{note_checkpoint, open_checkpoint, LogSigner};

use super::{client, kill, replica, shared, url};
use crate::support::{new_record, postgres_database, postgres_server, run_binary, serve_refused};

#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn a_restored_database_is_refused_until_log_import_brings_it_to_what_was_signed() {
    use sqlx::Connection;
    let server = postgres_server();
    let live = shared(&server).await;
    let client = client();
    let append = |addr, n: usize, task: &'static str| {
        let client = client.clone();
        async move {
            for i in 0..n {
                let answer = client
                    .post(url(addr, "/thoughts"))
                    .json(&new_record("plan", task, "a", &format!("{i}")))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(answer.status(), 201);
            }
        }
    };
    let mut served = replica(&live, 0);
    append(served.addr, 7, "before").await;
    kill(&mut served);
    // The "backup": a copy of the database as it is now.
    let live_name = live
        .url
        .rsplit('/')
        .next()
        .unwrap()
        .split('?')
        .next()
        .unwrap();
    let restored_name = format!("{live_name}_restored");
    let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
    sqlx::query(&format!(
        "CREATE DATABASE \"{restored_name}\" TEMPLATE \"{live_name}\""
    ))
    .execute(&mut admin)
    .await
    .unwrap();
    let restored = postgres_database(&server, &restored_name);
    let mut served = replica(&live, 0);
    append(served.addr, 5, "after").await;
    let note = client
        .get(url(served.addr, "/log/checkpoint"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let vkey = LogSigner::from_signer_key(&std::fs::read_to_string(&live.key).unwrap())
        .unwrap()
        .verifier_key()
        .to_string();
    assert_eq!(open_checkpoint(&note, &vkey).unwrap().size, 12);
    let seen = live.dir.path().join("seen.checkpoint");
    std::fs::write(&seen, &note).unwrap();
    let copy = live.dir.path().join("restored.ndjson");
    let flags = [
        "--signing-key-file",
        live.key.to_str().unwrap(),
        "--checkpoint-file",
        copy.to_str().unwrap(),
        "--new-checkpoint-copy",
        "--signed-checkpoint",
        seen.to_str().unwrap(),
    ];
    let said = serve_refused(&restored, &flags).await;
    assert!(
        said.contains("holds 7 records") && said.contains("signed 12"),
        "{said}"
    );
    let (ok, out, err) = run_binary(vec![
        "log".into(),
        "import".into(),
        format!("http://{}", served.addr),
        "--database-url".into(),
        restored.clone(),
        "--signing-key-file".into(),
        live.key.display().to_string(),
        "--checkpoint-file".into(),
        copy.display().to_string(),
        "--new-checkpoint-copy".into(),
    ])
    .await;
    assert!(ok, "{out}{err}");
    assert!(
        out.contains("imported 5 records (log_index 7 to 11)"),
        "{out}"
    );
    kill(&mut served);
    let mut again = crate::support::serve_database(&restored, &flags);
    append(again.addr, 2, "restored").await;
    kill(&mut again);
    // Every checkpoint of both databases: one root per size.
    let mut roots = std::collections::BTreeMap::new();
    for db in [&live.url, &restored] {
        let mut conn = sqlx::PgConnection::connect(db).await.unwrap();
        let notes: Vec<(String,)> = sqlx::query_as("SELECT note FROM checkpoints")
            .fetch_all(&mut conn)
            .await
            .unwrap();
        for (note,) in notes {
            let (size, root) = note_checkpoint(&note).unwrap();
            let known = roots.entry(size).or_insert(root);
            assert_eq!(*known, root, "size {size} signed with two roots");
        }
    }
    assert!(roots.contains_key(&14));
}
