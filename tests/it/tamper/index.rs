//! The search index's own state altered while the service runs (docs/design.md
//! §7): a progress ahead of the log or missing, rows that are not their
//! records', damaged pages. Each is refused as an altered index (`503
//! index_altered`, never a 500), said at ERROR, counted, and makes `/readyz`
//! not ready, while the indexer builds the index again from the records;
//! then searches answer again. An honest erasure between two pages of a
//! search is no alarm.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::support::{execute, new_record, run_binary, serve_binary, sqlite_only, TestApp};

/// `GET /search?q=…` on `base`: (status, body).
pub(crate) async fn search(client: &reqwest::Client, base: &str, q: &str) -> (u16, Value) {
    let answer = client
        .get(format!("{base}/search"))
        .query(&[("q", q)])
        .send()
        .await
        .unwrap();
    let status = answer.status().as_u16();
    (status, answer.json().await.unwrap_or(Value::Null))
}

/// Waits (at most 30 s) until searches are answered again: the index was
/// built again from the records and covers the log.
pub(crate) async fn until_searchable(client: &reqwest::Client, base: &str) {
    let began = Instant::now();
    loop {
        let (status, body) = search(client, base, "anything").await;
        if status == 200 {
            return;
        }
        assert_eq!(body["code"], "index_altered", "{body}");
        assert!(
            began.elapsed() < Duration::from_secs(30),
            "the index was not built again: {body}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Asserts `base` refuses searches (plain and fresh) and readiness as an
/// altered index.
async fn refused_as_altered(client: &reqwest::Client, base: &str, q: &str) {
    let (status, body) = search(client, base, q).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (503, Some("index_altered")),
        "{body}"
    );
    assert!(
        body["detail"].as_str().unwrap().contains("rebuilt"),
        "{body}"
    );
    let answer = client
        .get(format!("{base}/search?q={q}&fresh=true"))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 503);
    assert!(answer.headers().contains_key("retry-after"));
    let ready: Value = client
        .get(format!("{base}/readyz"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(ready["code"], "index_altered", "{ready}");
}

async fn metrics(client: &reqwest::Client, base: &str) -> String {
    client
        .get(format!("{base}/metrics"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

fn ids(body: &Value) -> Vec<String> {
    body["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["record"]["id"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_progress_ahead_of_the_log_or_missing_is_refused_and_the_index_built_again() {
    let app = TestApp::spawn().await;
    let (client, base) = (reqwest::Client::new(), app.url(""));
    for word in ["alpha", "beta", "gamma"] {
        app.append(&new_record("plan", "t", "a", word)).await;
    }
    let (status, found) = search(&client, &base, "beta").await;
    assert_eq!(status, 200, "{found}");
    let indexed = found["indexed_size"].as_u64().unwrap();
    assert!(indexed <= 3, "{found}");
    let alter = |sql: &'static str| {
        let url = crate::support::index_url(&app.database_url);
        async move { execute(&url, sql).await.unwrap() }
    };
    // Ahead of the log: nothing new would ever be indexed.
    alter("UPDATE search_progress SET indexed_size = 1000000").await;
    refused_as_altered(&client, &base, "beta").await;
    // Appends go on; the index is built again and finds them all.
    let delta = app.append(&new_record("plan", "t", "a", "delta")).await;
    until_searchable(&client, &base).await;
    let (status, found) = search(&client, &base, "delta").await;
    assert_eq!(status, 200, "{found}");
    assert_eq!(ids(&found), [delta["id"].as_str().unwrap()]);
    let (_, all) = search(&client, &base, "alpha beta gamma").await;
    assert!(
        all["hits"].as_array().unwrap().is_empty(),
        "one record holds no two of them"
    );
    let said = metrics(&client, &base).await;
    assert!(
        said.contains("decision_trail_stored_rows_refused_total{table=\"search_progress\"} 1"),
        "{said}"
    );
    let ready = client.get(format!("{base}/readyz")).send().await.unwrap();
    assert_eq!(ready.status(), 200);
    // The progress row deleted: the same, never a 500.
    alter("DELETE FROM search_progress").await;
    refused_as_altered(&client, &base, "gamma").await;
    until_searchable(&client, &base).await;
    let answer = client
        .get(format!("{base}/search?q=gamma&fresh=true"))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    let found: Value = answer.json().await.unwrap();
    assert_eq!(found["hits"].as_array().unwrap().len(), 1, "{found}");
    assert_eq!(found["indexed_size"], 4, "{found}");
}

#[tokio::test]
async fn an_honest_erasure_between_two_pages_of_a_search_is_no_alarm() {
    let app = TestApp::spawn().await;
    let (client, base) = (reqwest::Client::new(), app.url(""));
    for i in 0..30 {
        app.append(
            &json!({"type": "analysis", "task_id": "crm", "agent_id": "w",
            "content": format!("customer note {i}"), "erasable": true}),
        )
        .await;
    }
    let first: Value = client
        .get(format!("{base}/search?q=customer&limit=10&fresh=true"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let next = first["next"].as_str().unwrap().to_string();
    // Every record of the next page erased before it is read.
    let all: Value = client
        .get(format!("{base}/search?q=customer&limit=30"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let later: Vec<String> = ids(&all)[10..20].to_vec();
    for id in &later[..3] {
        let erased = client
            .delete(format!("{base}/thoughts/{id}/content"))
            .json(&json!({"reason": "GDPR Art. 17 request"}))
            .send()
            .await
            .unwrap();
        assert_eq!(erased.status(), 200);
    }
    let answer = client
        .get(format!("{base}/search?q=customer&limit=10&after={next}"))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    let page: Value = answer.json().await.unwrap();
    let shown = ids(&page);
    assert_eq!(shown.len(), 7, "{page}");
    assert!(shown.iter().all(|id| !later[..3].contains(id)), "{page}");
    let said = metrics(&client, &base).await;
    assert!(
        said.contains("decision_trail_stored_rows_refused_total{table=\"search_index\"} 0"),
        "{said}"
    );
    assert_eq!(
        client
            .get(format!("{base}/readyz"))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
}

#[tokio::test]
async fn planted_rows_are_refused_as_an_altered_index_and_fsck_names_them_offline() {
    if sqlite_only("plants FTS5 rows in the SQLite file") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let db_url = format!("sqlite://{}", db.display());
    let mut served = serve_binary(&db, &[]);
    let (client, base) = (reqwest::Client::new(), format!("http://{}", served.addr));
    let post = |content: &'static str| {
        let (client, base) = (client.clone(), base.clone());
        async move {
            let answer = client
                .post(format!("{base}/thoughts"))
                .json(&new_record("plan", "t", "a", content))
                .send()
                .await
                .unwrap();
            assert_eq!(answer.status(), 201);
            answer.json::<Value>().await.unwrap()
        }
    };
    let alpha = post("alpha one").await;
    post("beta two").await;
    until_searchable(&client, &base).await;
    // A word alpha does not hold, and a row where no record is.
    let plant = "INSERT INTO thoughts_fts (rowid, content, metadata) VALUES \
         (0, 'zebra', NULL), (999, 'zebra', NULL)";
    execute(&crate::support::index_url(&db_url), plant)
        .await
        .unwrap();
    refused_as_altered(&client, &base, "zebra").await;
    let (status, page) = {
        let answer = client
            .get(format!("{base}/ui/search?q=zebra"))
            .send()
            .await
            .unwrap();
        (answer.status().as_u16(), answer.text().await.unwrap())
    };
    assert_eq!(status, 503, "{page}");
    // Built again from the records: the planted words are gone, alpha found.
    until_searchable(&client, &base).await;
    let (_, zebra) = search(&client, &base, "zebra").await;
    assert!(ids(&zebra).is_empty(), "{zebra}");
    let (_, found) = search(&client, &base, "alpha").await;
    assert_eq!(ids(&found), [alpha["id"].as_str().unwrap()]);
    let said = metrics(&client, &base).await;
    assert!(
        said.contains("decision_trail_stored_rows_refused_total{table=\"search_index\"} 1"),
        "{said}"
    );
    let _ = served.child.kill();
    let _ = served.child.wait();
    let (ok, out, err) = run_binary(vec!["fsck".into(), db_url.clone()]).await;
    assert!(ok, "the index built again is the records': {out}{err}");
    // Planted with the service stopped: fsck names them until rebuilt.
    execute(&crate::support::index_url(&db_url), plant)
        .await
        .unwrap();
    let (ok, out, err) = run_binary(vec!["fsck".into(), db_url.clone()]).await;
    assert!(!ok, "{out}{err}");
    assert!(
        out.contains("search index") && out.contains("index rebuild"),
        "{out}"
    );
    let (ok, out, err) = run_binary(vec!["index".into(), "rebuild".into(), db_url.clone()]).await;
    assert!(ok && out.contains("2 records"), "{out}{err}");
    let (ok, out, err) = run_binary(vec!["fsck".into(), db_url]).await;
    assert!(
        ok && out.contains("the search index is the records' words"),
        "{out}{err}"
    );
}

#[tokio::test]
async fn damaged_index_pages_are_an_altered_index_not_an_internal_error() {
    if sqlite_only("damages FTS5 pages in the SQLite file") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let db_url = format!("sqlite://{}", db.display());
    let mut served = serve_binary(&db, &[]);
    let (client, base) = (reqwest::Client::new(), format!("http://{}", served.addr));
    let records: Vec<Value> = (0..60)
        .map(|i| new_record("plan", "t", "a", &format!("hello world {i}")))
        .collect();
    let answer = client
        .post(format!("{base}/thoughts/batch"))
        .json(&json!({"records": records}))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 201);
    let indexed = client
        .get(format!("{base}/search?q=hello&fresh=true"))
        .send()
        .await
        .unwrap();
    assert_eq!(indexed.status(), 200);
    // The index's segment pages cut short (its structure record, id 1, and
    // averages, id 10, kept: FTS5 reads them first). Cut, not overwritten
    // with noise: noise that begins with zeros reads as an empty page.
    execute(
        &crate::support::index_url(&db_url),
        "UPDATE thoughts_fts_data SET block = substr(block, 1, 4) WHERE id > 10",
    )
    .await
    .unwrap();
    refused_as_altered(&client, &base, "hello").await;
    until_searchable(&client, &base).await;
    let (status, found) = search(&client, &base, "hello").await;
    assert_eq!(status, 200, "{found}");
    assert_eq!(found["hits"].as_array().unwrap().len(), 20, "{found}");
    let _ = served.child.kill();
    let _ = served.child.wait();
    let (ok, out, err) = run_binary(vec!["fsck".into(), db_url]).await;
    assert!(ok, "{out}{err}");
}
