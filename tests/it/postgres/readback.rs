//! Rows beside the log written into the shared database by hand, read back
//! and refused (docs/design.md §2, "Nothing read back is trusted"): an
//! idempotency key pointed at another record, a snapshot inserted ahead of
//! time, a search index row that is not its record's (refused as an
//! altered index, which is built again from the records).

use super::{kill, replica, shared};
use crate::support::{execute, new_record, postgres_server, run_binary};
use crate::tamper::readback::{
    idempotency_rows_pointed_elsewhere, post, search_ids, snapshot_inserted_ahead,
};

#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn rows_read_back_from_the_shared_database_are_checked() {
    let shared = shared(&postgres_server()).await;
    let mut served = replica(&shared, 0);
    idempotency_rows_pointed_elsewhere(&served, &shared.url).await;
    snapshot_inserted_ahead(&served, &shared.url).await;

    // A search index row rewritten to words its record does not hold.
    let client = reqwest::Client::new();
    let (_, record) = post(
        &client,
        &served,
        &new_record("plan", "s", "a", "alpha one"),
        None,
    )
    .await;
    let at = record["log_index"].as_u64().unwrap();
    // Indexed first (the index follows the log), then rewritten.
    assert_eq!(search_ids(&client, &served, "alpha").await.len(), 1);
    execute(
        &shared.url,
        &format!("UPDATE thoughts_search SET doc = 'zebra:1A'::tsvector WHERE log_index = {at}"),
    )
    .await
    .unwrap();
    // Refused as an altered index, then built again from the records.
    let (status, problem) =
        crate::tamper::index::search(&client, &format!("http://{}", served.addr), "zebra").await;
    assert_eq!(
        (status, problem["code"].as_str()),
        (503, Some("index_altered")),
        "{problem}"
    );
    crate::tamper::index::until_searchable(&client, &format!("http://{}", served.addr)).await;
    assert_eq!(search_ids(&client, &served, "alpha").await.len(), 1);
    assert!(search_ids(&client, &served, "zebra").await.is_empty());
    kill(&mut served);

    // The index mended, fsck names what is still wrong: the snapshot row.
    let (ok, out, _) = run_binary(vec![
        "fsck".into(),
        shared.url.clone(),
        "--key".into(),
        shared.key.display().to_string(),
    ])
    .await;
    assert!(!ok);
    assert!(
        out.contains("capability snapshot") && !out.contains("search index"),
        "{out}"
    );
}
