//! A long chain a page at a time, and Verify on a valid chain and on one
//! tampered in the SQLite file while the service was stopped.

use std::collections::BTreeSet;

use serde_json::json;
use sqlx::Connection;

use super::{html, next_page, record};
use crate::support::{new_record, restore_trigger, TestApp};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_chain_is_read_a_page_at_a_time_in_both_views() {
    let app = TestApp::spawn().await;
    let n = 250;
    // Appends at once: the writer batches them into one chain.
    let bodies: Vec<_> = (0..n)
        .map(|i| new_record("plan", "long", "a", &format!("step {i}")))
        .collect();
    futures_util::future::join_all(bodies.iter().map(|b| app.append(b))).await;
    for view in ["?view=timeline", "?view=tree"] {
        let mut path = format!("/ui/tasks/long{view}");
        let mut seen = BTreeSet::new();
        let mut pages = 0;
        loop {
            let body = html(&app, &path).await;
            pages += 1;
            for part in body.split("<a href=\"/ui/thoughts/").skip(1) {
                let seq: u64 = part
                    .split("\">#")
                    .nth(1)
                    .unwrap()
                    .split('<')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap();
                assert!(seen.insert(seq), "seq {seq} shown twice");
            }
            match next_page(&body) {
                Some(next) => path = next,
                None => break,
            }
            assert!(pages < 10, "paging does not end");
        }
        assert_eq!(pages, 3, "{view}");
        assert_eq!(seen, (0..n).collect(), "{view}");
    }
}

#[tokio::test]
async fn verify_says_valid_with_its_length_and_checkpoint_and_the_list_remembers() {
    let app = TestApp::spawn().await;
    for i in 0..3 {
        record(&app, "fine", &format!("r {i}"), json!({})).await;
    }
    let body = html(&app, "/ui/tasks/fine?verify=1").await;
    assert!(
        body.contains("3 records · proven in checkpoint of size 3"),
        "{body}"
    );
    assert!(html(&app, "/ui/tasks")
        .await
        .contains("badge valid\">✓ valid</span>"));
    // Grown since: valid as far as it was walked.
    record(&app, "fine", "r 3", json!({})).await;
    assert!(html(&app, "/ui/tasks")
        .await
        .contains("badge valid\">✓ valid to #2</span>"));
    // Opening the task walks its (short) chain: the verdict is on the page
    // without Verify, and the list knows it again.
    let body = html(&app, "/ui/tasks/fine").await;
    assert!(
        body.contains(
            "✓ Valid</strong> · <span class=\"wrap\">4 records · proven in checkpoint of size 4"
        ),
        "{body}"
    );
    assert!(html(&app, "/ui/tasks")
        .await
        .contains("badge valid\">✓ valid</span>"));
}

/// A chain longer than the page walks on opening says it is not verified
/// yet, neutrally, until Verify walks it.
#[tokio::test]
async fn a_long_chain_is_walked_on_verify_not_on_opening() {
    let app = TestApp::spawn().await;
    let client = reqwest::Client::new();
    let item = crate::support::new_record("plan", "long", "agent-1", "a step");
    for _ in 0..11 {
        let batch = json!({ "records": vec![item.clone(); 1000] });
        let r = client
            .post(app.url("/thoughts/batch"))
            .json(&batch)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 201);
    }
    let body = html(&app, "/ui/tasks/long").await;
    assert!(body.contains("verdict pending"), "{body}");
    assert!(body.contains("Not verified yet"), "{body}");
    assert!(!body.contains("verdict valid"), "{body}");
    let body = html(&app, "/ui/tasks/long?verify=1").await;
    assert!(
        body.contains("11000 records · proven in checkpoint of size 11000"),
        "{body}"
    );
}

#[tokio::test]
async fn verify_highlights_the_first_record_tampered_in_the_file() {
    if crate::support::sqlite_only("edits the SQLite file with the service stopped") {
        return;
    }
    let app = TestApp::spawn().await;
    let mut all = Vec::new();
    for i in 0..4 {
        all.push(record(&app, "t", &format!("r {i}"), json!({})).await);
    }
    let victim = all[1]["id"].as_str().unwrap().to_string();
    let (path, dir) = app.stop().await;
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    sqlx::query("DROP TRIGGER thoughts_no_update")
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query("UPDATE thoughts SET content = 'forged' WHERE id = ?")
        .bind(&victim)
        .execute(&mut conn)
        .await
        .unwrap();
    restore_trigger(&mut conn, "thoughts_no_update").await;
    conn.close().await.unwrap();
    let app = TestApp::builder().database(path, dir).spawn().await;
    let body = html(&app, "/ui/tasks/t?verify=1").await;
    assert!(body.contains("verdict broken"), "{body}");
    assert!(
        body.contains(&format!(
            "✗ Broken</strong> · <span class=\"wrap\">at record #1 ({victim}) · hash_mismatch"
        )),
        "{body}"
    );
    // The trace (the default view) opens on the broken record: it is marked
    // where it is drawn, and only it.
    let marked: Vec<&str> = body.split("class=\"record broken\"").skip(1).collect();
    assert_eq!(marked.len(), 1, "{body}");
    assert!(marked[0].contains("forged") && marked[0].contains("Chain broken at this record"));
    assert!(html(&app, "/ui/tasks")
        .await
        .contains("badge broken\">✗ broken</span>"));
    // The record's own page shows the recomputed hash differs.
    let own = html(&app, &format!("/ui/thoughts/{victim}")).await;
    assert!(own.contains("does not match the stored hash"), "{own}");
}
