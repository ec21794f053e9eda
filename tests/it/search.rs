//! Full-text search (docs/design.md §7): found as soon as acknowledged, in
//! every script, filters combined, pages stable while appends continue, every
//! malformed query a 400 naming `q`, and no query string a 5xx.

use std::collections::HashSet;
use std::sync::Arc;

use serde_json::{json, Value};

use crate::support::{assert_problem, new_record, problem_fields, ticking_clock, Rng, TestApp};

/// `GET /search` with these parameters (URL-encoded here), and
/// `fresh=true` unless they say otherwise: the index first covers every
/// record appended before.
async fn search(app: &TestApp, params: &[(&str, &str)]) -> (u16, Value) {
    let mut params = params.to_vec();
    if !params.iter().any(|(k, _)| *k == "fresh") {
        params.push(("fresh", "true"));
    }
    let r = app
        .client
        .get(app.url("/search"))
        .query(&params)
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap())
}

/// The contents of the hits of a search that must succeed.
async fn found(app: &TestApp, params: &[(&str, &str)]) -> Vec<String> {
    let (status, body) = search(app, params).await;
    assert_eq!(status, 200, "{params:?}: {body}");
    body["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["record"]["content"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn the_index_follows_the_log_and_says_how_far_it_covers() {
    let app = TestApp::spawn().await;
    let record = app
        .append(&new_record("plan", "t", "a", "the quagga plan"))
        .await;
    // Without fresh=true the index follows within --search-refresh: the
    // answer says what it covered, and the record is found once it does.
    let mut tries = 0;
    loop {
        let (status, page) = search(&app, &[("q", "quagga"), ("fresh", "false")]).await;
        assert_eq!(status, 200, "{page}");
        let covered = page["indexed_size"].as_u64().unwrap();
        let hits = page["hits"].as_array().unwrap();
        if covered > record["log_index"].as_u64().unwrap() {
            assert_eq!(hits.len(), 1, "{page}");
            break;
        }
        // What the answer says it covers was read before the search: the
        // indexer, on its own connection, may have gone further in between,
        // so the record may be found already (the answer promises no less
        // than it says, not no more).
        assert!(hits.len() <= 1, "{page}");
        tries += 1;
        assert!(tries < 100, "the index did not follow the log in 10 s");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    // The lag is reported, and is none once the index caught up.
    let metrics = app.get("/metrics").await.text().await.unwrap();
    assert!(
        metrics.contains("decision_trail_search_index_lag_records 0\n")
            && metrics.contains("decision_trail_search_index_lag_seconds 0\n"),
        "{metrics}"
    );
}

#[tokio::test]
async fn a_record_is_found_by_a_fresh_search_as_soon_as_its_append_is_acknowledged() {
    let app = TestApp::spawn().await;
    for i in 0..20 {
        let word = format!("zebracorn{i}x");
        let mut body = new_record("decision", "t", "a", &format!("We chose the {word} plan."));
        body["metadata"] = json!({"model": "gpt-4o", "note": format!("meta{i}quux")});
        let record = app.append(&body).await;
        // No pause: fresh=true brings the index up to it first.
        let (status, page) = search(&app, &[("q", &word)]).await;
        assert_eq!(status, 200, "{page}");
        let hits = page["hits"].as_array().unwrap();
        assert_eq!(hits.len(), 1, "{word}: {page}");
        assert_eq!(hits[0]["record"], record);
        assert_eq!(hits[0]["log_index"], record["log_index"]);
        assert!(hits[0]["rank"].as_f64().unwrap() > 0.0, "{page}");
        assert_eq!(
            hits[0]["snippet"],
            format!("We chose the **{word}** plan."),
            "{page}"
        );
        assert!(page["next"].is_null());
        // The metadata's text is searched too, and the snippet says so.
        let (_, page) = search(&app, &[("q", &format!("meta{i}quux"))]).await;
        let hit = &page["hits"][0];
        assert_eq!(hit["record"]["id"], record["id"], "{page}");
        assert!(
            hit["snippet"]
                .as_str()
                .unwrap()
                .starts_with("metadata: {\"model\":\"gpt-4o\""),
            "{page}"
        );
    }
    // A hit's log_index proves it: its inclusion proof is served.
    let (_, page) = search(&app, &[("q", "zebracorn7x")]).await;
    let leaf = page["hits"][0]["log_index"].as_u64().unwrap();
    let (status, proof) = app
        .get_json(&format!("/log/proof/inclusion?log_index={leaf}"))
        .await;
    assert_eq!(status, 200, "{proof}");
}

#[tokio::test]
async fn every_script_is_found_and_case_does_not_matter() {
    let app = TestApp::spawn().await;
    let texts = [
        "قررنا استخدام قاعدة البيانات المؤقتة",
        "我们决定使用数据库缓存来加速查询",
        "キャッシュを使うことに決めました",
        "Решили использовать кэш ПРИВЕТ",
        "Ship it 🚀 then celebrate 🎉🎉",
        "Café au lait, naïve résumé",
        "The write-ahead log keeps the cache consistent",
        "हिन्दी में निर्णय लिया गया",
        "ตัดสินใจใช้ฐานข้อมูล",
        "Deploy 🤖 after review → done",
        "我们使用Redis缓存",
    ];
    for t in texts {
        app.append(&new_record("decision", "scripts", "a", t)).await;
    }
    for (q, want) in [
        ("البيانات", 0),
        ("قاعدة البيانات", 0),
        ("数据库", 1),
        ("中文 数据库", usize::MAX), // every word must match
        ("数据", 1),                 // a two-character word inside a sentence
        ("决", 1),                   // one character: read, not indexed
        ("决 加速", 1),
        ("キャッシュ", 2),
        ("決め", 2),
        ("привет", 3),
        ("КЭШ", 3),
        ("🚀", 4),
        ("🎉", 4),
        ("🎉🎉", 4),
        ("résumé", 5),
        ("CAFÉ", 5),
        ("resume naive", 5), // diacritics do not matter
        ("\"write-ahead log\"", 6),
        ("cache write-ahead", 6),
        ("\"log write-ahead\"", usize::MAX), // a phrase keeps its order
        ("cach", usize::MAX),                // whole words
        ("हिन्दी", 7),
        ("निर्णय", 7),
        ("ฐานข้อมูล", 8),
        ("🤖", 9), // newer than the tokenizer's Unicode tables
        ("→", 9),
        ("deploy 🤖", 9),
        ("deploy 🦀", usize::MAX), // a symbol is a word that must match too
        ("用Redis", 10),           // a lone Han character inside a term
        ("Redis缓存", 10),
        ("使用Redis", 10),
        ("用Redis 🤖", usize::MAX),
    ] {
        let hits = found(&app, &[("q", q)]).await;
        let expected: Vec<String> = texts
            .get(want)
            .map(|t| vec![t.to_string()])
            .unwrap_or_default();
        assert_eq!(hits, expected, "{q}");
    }
}

/// Twelve records a second apart: types cycle, agents, tasks and sessions
/// alternate; every one says "shared", each its own number.
async fn filtered_log() -> (TestApp, Vec<Value>) {
    let app = TestApp::builder().seams(ticking_clock()).spawn().await;
    let mut all = Vec::new();
    for i in 0..12 {
        let kind = ["plan", "analysis", "decision"][i % 3];
        let agent = ["a", "b"][(i / 2) % 2];
        let task = ["t", "u"][i % 2];
        let mut body = new_record(kind, task, agent, &format!("shared thought {i:03} 决"));
        body["session_id"] = json!(["s1", "s2", "s3"][i % 3 % 2 + i / 6]);
        all.push(app.append(&body).await);
    }
    (app, all)
}

#[tokio::test]
async fn filters_combine_with_the_query() {
    let (app, all) = filtered_log().await;
    let keep = |f: &dyn Fn(&Value) -> bool| -> HashSet<String> {
        all.iter()
            .filter(|r| f(r))
            .map(|r| r["content"].as_str().unwrap().to_string())
            .collect()
    };
    let set = |v: Vec<String>| v.into_iter().collect::<HashSet<_>>();
    let s = |r: &Value, f: &str| r[f].as_str().unwrap().to_string();
    let in_window = |r: &Value| {
        ("2026-01-01T00:00:03.000Z".."2026-01-01T00:00:09.000Z")
            .contains(&r["timestamp"].as_str().unwrap())
    };
    type Case<'a> = (Vec<(&'a str, &'a str)>, HashSet<String>);
    let cases: Vec<Case> = vec![
        (vec![], keep(&|_| true)),
        (vec![("task_id", "t")], keep(&|r| s(r, "task_id") == "t")),
        (
            vec![("task_id", "u"), ("type", "decision")],
            keep(&|r| s(r, "task_id") == "u" && s(r, "type") == "decision"),
        ),
        (
            vec![("agent_id", "b"), ("session_id", "s2")],
            keep(&|r| s(r, "agent_id") == "b" && s(r, "session_id") == "s2"),
        ),
        (
            vec![
                ("since", "2026-01-01T00:00:03Z"),
                ("until", "2026-01-01T01:00:09+01:00"),
            ],
            keep(&in_window),
        ),
        (
            vec![
                ("since", "2026-01-01T00:00:03Z"),
                ("until", "2026-01-01T00:00:09Z"),
                ("type", "plan"),
                ("task_id", "t"),
            ],
            keep(&|r| in_window(r) && s(r, "type") == "plan" && s(r, "task_id") == "t"),
        ),
        (vec![("task_id", "nobody")], HashSet::new()),
    ];
    for (filters, want) in cases {
        assert!(filters.is_empty() || want.len() < all.len());
        let mut params = vec![("q", "shared"), ("limit", "100")];
        params.extend(filters.iter().copied());
        assert_eq!(set(found(&app, &params).await), want, "{filters:?}");
        // A lone Han character goes the other way (no index), with the same
        // filters.
        params[0] = ("q", "决");
        assert_eq!(set(found(&app, &params).await), want, "{filters:?} short");
    }
    // Words and filters narrow together.
    let both = found(&app, &[("q", "shared 007"), ("agent_id", "b")]).await;
    assert_eq!(both, ["shared thought 007 决"]);
    assert!(found(&app, &[("q", "shared 007"), ("agent_id", "a")])
        .await
        .is_empty());
}

#[tokio::test]
async fn pages_are_stable_while_appends_continue() {
    let app = TestApp::spawn().await;
    // Different lengths and repeats, so BM25 scores differ and move as the
    // corpus grows.
    let text = |i: usize| {
        format!(
            "{} {}",
            "needle ".repeat(1 + i % 4),
            "hay ".repeat(i * 7 % 23)
        )
    };
    let mut originals = HashSet::new();
    for i in 0..60 {
        let r = app
            .append(&new_record("analysis", "p", "a", &text(i)))
            .await;
        originals.insert(r["id"].as_str().unwrap().to_string());
    }
    let mut seen = Vec::new();
    let mut ranks = Vec::new();
    let mut after: Option<String> = None;
    let mut appended = 0;
    loop {
        let mut params = vec![("q", "needle"), ("limit", "7")];
        if let Some(a) = &after {
            params.push(("after", a.as_str()));
        }
        let (status, page) = search(&app, &params).await;
        assert_eq!(status, 200, "{page}");
        for h in page["hits"].as_array().unwrap() {
            seen.push(h["record"]["id"].as_str().unwrap().to_string());
            ranks.push(h["rank"].as_f64().unwrap());
        }
        // More matching records, and others, between pages.
        for j in 0..4 {
            app.append(&new_record("analysis", "p", "a", &text(100 + appended + j)))
                .await;
            app.append(&new_record("plan", "q", "a", "nothing to see"))
                .await;
        }
        appended += 4;
        match page["next"].as_str() {
            Some(n) => after = Some(n.to_string()),
            None => break,
        }
    }
    assert_eq!(seen.len(), 60, "no repeats, no skips");
    assert_eq!(seen.iter().cloned().collect::<HashSet<_>>(), originals);
    assert!(
        ranks.windows(2).all(|w| w[0] >= w[1]),
        "best first: {ranks:?}"
    );
    // A new search sees the new records.
    let (_, page) = search(&app, &[("q", "needle"), ("limit", "100")]).await;
    assert_eq!(page["hits"].as_array().unwrap().len(), 60 + appended);
}

#[tokio::test]
async fn malformed_queries_and_cursors_are_400_naming_the_field() {
    let app = TestApp::spawn().await;
    for i in 0..5 {
        app.append(&new_record("plan", "t", "a", &format!("alpha beta {i}")))
            .await;
    }
    for q in [
        "",
        "   ",
        "\"unbalanced",
        "alpha \"beta",
        "\"\"",
        "alpha OR beta",
        "NOT alpha",
        "alpha AND beta",
        "NEAR(alpha beta)",
        "alph*",
        "^alpha",
        "content:alpha",
        "{content metadata}: alpha",
        "(alpha)",
    ] {
        let r = app
            .client
            .get(app.url("/search"))
            .query(&[("q", q)])
            .send()
            .await
            .unwrap();
        let p = assert_problem(r, 400, "invalid_params").await;
        assert_eq!(problem_fields(&p), ["q"], "{q}: {p}");
    }
    // Quoted, operators are words (and find nothing here).
    assert!(found(&app, &[("q", "\"OR\" \"alph*\"")]).await.is_empty());
    // Every bad field at once.
    let p = assert_problem(
        app.get("/search?limit=0&type=idea&agent_id=&after=nope&colour=red")
            .await,
        400,
        "invalid_params",
    )
    .await;
    let mut fields = problem_fields(&p);
    fields.sort();
    assert_eq!(
        fields,
        ["after", "agent_id", "colour", "limit", "q", "type"],
        "{p}"
    );
    // A cursor belongs to its query, and to search.
    let (_, page) = search(&app, &[("q", "alpha"), ("limit", "2")]).await;
    let next = page["next"].as_str().unwrap();
    for params in [
        vec![("q", "beta"), ("after", next)],
        vec![("q", "alpha"), ("after", next), ("task_id", "t")],
    ] {
        let r = app
            .client
            .get(app.url("/search"))
            .query(&params)
            .send()
            .await
            .unwrap();
        let p = assert_problem(r, 400, "invalid_params").await;
        assert_eq!(problem_fields(&p), ["after"], "{p}");
    }
    let (_, listing) = app.get_json("/thoughts?limit=1").await;
    let records_cursor = listing["next"].as_str().unwrap();
    let r = app
        .client
        .get(app.url("/search"))
        .query(&[("q", "alpha"), ("after", records_cursor)])
        .send()
        .await
        .unwrap();
    let p = assert_problem(r, 400, "invalid_params").await;
    assert_eq!(problem_fields(&p), ["after"]);
    // With its own query, the cursor goes on.
    let rest = found(&app, &[("q", "alpha"), ("after", next), ("limit", "10")]).await;
    assert_eq!(rest.len(), 3);
}

#[tokio::test]
async fn ten_thousand_random_queries_never_answer_5xx() {
    let app = TestApp::spawn().await;
    for t in [
        "alpha beta gamma",
        "数据库缓存",
        "قاعدة البيانات",
        "emoji 🚀 here",
    ] {
        let mut body = new_record("plan", "t", "a", t);
        body["metadata"] = json!({"k": "v \" quoted"});
        app.append(&body).await;
    }
    let pieces: &[&str] = &[
        "a",
        "al",
        "alpha",
        "beta",
        "\"",
        "\"\"",
        " ",
        "  ",
        "*",
        "^",
        ":",
        "(",
        ")",
        "{",
        "}",
        "+",
        "-",
        "AND",
        "OR",
        "NOT",
        "NEAR",
        "NEAR(",
        ",",
        "'",
        "\\",
        "%",
        "_",
        "\0",
        "\t",
        "\n",
        "数据",
        "数据库",
        "البيانات",
        "🚀",
        "\u{301}",
        "\u{200b}",
        "\u{feff}",
        "ǅ",
        "İ",
        "ß",
        "rank",
        "bm25(",
        "thoughts_fts",
        "';--",
        "MATCH",
        "\u{10ffff}",
    ];
    let mut rng = Rng(0x5eed_cafe_f00d_1234);
    let queries: Vec<String> = (0..10_000)
        .map(|_| {
            let n = 1 + rng.next() as usize % 8;
            (0..n).map(|_| *rng.pick(pieces)).collect::<String>()
        })
        .collect();
    let app = Arc::new(app);
    let mut workers = Vec::new();
    for chunk in queries.chunks(1250) {
        let chunk = chunk.to_vec();
        let app = app.clone();
        workers.push(tokio::spawn(async move {
            let mut answered = [0u32; 2];
            for q in chunk {
                let r = app
                    .client
                    .get(app.url("/search"))
                    .query(&[("q", q.as_str())])
                    .send()
                    .await
                    .unwrap();
                let status = r.status().as_u16();
                let body: Value = r.json().await.unwrap();
                match status {
                    200 => answered[0] += 1,
                    400 => {
                        assert_eq!(body["code"], "invalid_params", "{q:?}: {body}");
                        assert_eq!(problem_fields(&body), ["q"], "{q:?}: {body}");
                        answered[1] += 1;
                    }
                    _ => panic!("{q:?} answered {status}: {body}"),
                }
            }
            answered
        }));
    }
    let mut totals = [0u32; 2];
    for w in workers {
        let a = w.await.unwrap();
        totals[0] += a[0];
        totals[1] += a[1];
    }
    assert_eq!(totals[0] + totals[1], 10_000);
    // Both kinds occur, so the generator does reach both paths.
    assert!(totals[0] > 1000 && totals[1] > 1000, "{totals:?}");
    // A query string that is not UTF-8 is a 400 too.
    let r = app.get("/search?q=%FF%FE").await;
    assert_eq!(r.status(), 400);
}

/// The MCP tool answers the REST body.
#[tokio::test]
async fn the_search_tool_answers_the_rest_body() {
    let app = TestApp::spawn().await;
    app.append(&new_record("decision", "t", "a", "choose the quokka route"))
        .await;
    let r = app
        .client
        .post(app.url("/mcp"))
        .header("accept", "application/json, text/event-stream")
        .json(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                      "params": {"name": "thought_search",
                                 "arguments": {"q": "quokka", "type": "decision"}}}))
        .send()
        .await
        .unwrap();
    let answer: Value = r.json().await.unwrap();
    // The tool searches fresh unless told otherwise.
    let (_, rest) = app
        .get_json("/search?q=quokka&type=decision&fresh=true")
        .await;
    assert_eq!(rest["hits"].as_array().unwrap().len(), 1);
    assert_eq!(answer["result"]["structuredContent"]["data"], rest);
}

/// The index's file holds nothing but what the records give: one that is
/// missing (removed, or a database from before the index had a file of its
/// own) is made again and built from the records at start.
#[tokio::test]
async fn records_are_searchable_again_once_the_index_file_is_made_again() {
    if crate::support::sqlite_only("the search index's own SQLite file") {
        return;
    }
    let app = TestApp::spawn().await;
    for t in ["older ocelot", "older 数据库 record"] {
        app.append(&new_record("plan", "t", "a", t)).await;
    }
    let (path, dir) = app.stop().await;
    for suffix in ["-search", "-search-wal", "-search-shm"] {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        let _ = std::fs::remove_file(std::path::PathBuf::from(name));
    }
    let app = TestApp::builder().database(path, dir).spawn().await;
    assert_eq!(found(&app, &[("q", "ocelot")]).await, ["older ocelot"]);
    assert_eq!(
        found(&app, &[("q", "数据库")]).await,
        ["older 数据库 record"]
    );
    app.append(&new_record("plan", "t", "a", "newer ocelot"))
        .await;
    assert_eq!(found(&app, &[("q", "ocelot")]).await.len(), 2);
    // And the records of this run stay indexed across a restart.
    let (path, dir) = app.stop().await;
    let app = TestApp::builder().database(path, dir).spawn().await;
    assert_eq!(found(&app, &[("q", "ocelot")]).await.len(), 2);
}

/// Metadata is searched as its keys and values, decoded: an escaped newline
/// does not glue two words together.
#[tokio::test]
async fn metadata_is_searched_as_its_decoded_text() {
    let app = TestApp::spawn().await;
    let mut body = new_record("plan", "t", "a", "content");
    body["metadata"] = json!({"note": "first\nsecond", "tags": ["alpha\tbeta"], "n": 42});
    let record = app.append(&body).await;
    for q in ["second", "first second", "beta", "note", "42"] {
        let (status, page) = search(&app, &[("q", q)]).await;
        assert_eq!(status, 200, "{page}");
        assert_eq!(page["hits"][0]["record"]["id"], record["id"], "{q}: {page}");
    }
    assert!(found(&app, &[("q", "nsecond")]).await.is_empty());
}

/// The indexer merges the search index in bounded steps, 16 segments at a
/// time (FTS5 merges nothing on its own as the index's file is made, and
/// merges a whole level only at 64 segments): many separate appends leave few segments, the
/// index stays sound, and a word stays found across the merges.
#[tokio::test]
async fn the_writer_merges_the_search_index_in_steps_and_finds_across_merges() {
    if crate::support::sqlite_only("the FTS5 index's stored configuration") {
        return;
    }
    let app = TestApp::spawn().await;
    let index = crate::support::index_url(&app.database_url);
    let scalar = |sql: String| {
        let index = index.clone();
        async move {
            use sqlx::Connection;
            let mut conn = sqlx::SqliteConnection::connect(&index).await.unwrap();
            sqlx::query_scalar::<_, i64>(&sql)
                .fetch_one(&mut conn)
                .await
                .unwrap()
        }
    };
    let option = |name: &str| format!("SELECT v FROM thoughts_fts_config WHERE k = '{name}'");
    for (name, value) in [
        ("automerge", 0),
        ("usermerge", 16),
        ("crisismerge", 64),
        ("secure-delete", 1),
    ] {
        assert_eq!(scalar(option(name)).await, value, "{name}");
    }
    // One append per request: each is its own commit, so its own level-0
    // segment. Without the writer's steps 60 segments would be left (under
    // crisismerge's 64); with them a level is merged once it holds 16.
    const APPENDS: usize = 60;
    for i in 0..APPENDS {
        app.append(&new_record("plan", "t", "a", &format!("wombat number {i}")))
            .await;
    }
    // The index follows on its own schedule: brought up to the log first.
    let (status, page) = search(&app, &[("q", "wombat"), ("fresh", "true")]).await;
    assert_eq!(status, 200, "{page}");
    let segments = scalar("SELECT count(DISTINCT segid) FROM thoughts_fts_idx".into()).await;
    assert!((1..=20).contains(&segments), "{segments} segments");
    crate::support::execute(
        &index,
        "INSERT INTO thoughts_fts (thoughts_fts) VALUES ('integrity-check')",
    )
    .await
    .expect("the index is sound");
    let (status, page) = search(&app, &[("q", "wombat"), ("limit", "100")]).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["hits"].as_array().unwrap().len(), APPENDS, "{page}");
}

/// The JSON answer of a GET to `url`.
async fn json_at(client: &reqwest::Client, url: &str) -> Value {
    client.get(url).send().await.unwrap().json().await.unwrap()
}

/// The index follows the log after the appends are answered: a service
/// killed while it is behind loses nothing of it, and the next start
/// indexes the rest.
#[tokio::test]
async fn a_service_killed_while_the_index_is_behind_indexes_the_rest_at_its_next_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    // An index that follows only once an hour: behind for the whole test.
    let mut served = crate::support::serve_binary(&db, &["--search-refresh", "1h"]);
    let client = reqwest::Client::new();
    let base = format!("http://{}", served.addr);
    for i in 0..30 {
        let r = client
            .post(format!("{base}/thoughts"))
            .json(&new_record(
                "plan",
                "t",
                "a",
                &format!("the narwhal step {i}"),
            ))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 201);
    }
    let page = json_at(&client, &format!("{base}/search?q=narwhal")).await;
    assert_eq!(page["indexed_size"], 0, "{page}");
    assert!(page["hits"].as_array().unwrap().is_empty(), "{page}");
    let metrics = client
        .get(format!("{base}/metrics"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        metrics.contains("decision_trail_search_index_lag_records 30\n"),
        "{metrics}"
    );
    served.child.kill().unwrap();
    served.child.wait().unwrap();

    // The index as the kill left it is consistent: it covers none of them.
    let url = format!("sqlite://{}", db.display());
    let (ok, out, err) = crate::support::run_binary(vec!["fsck".into(), url.clone()]).await;
    assert!(ok, "{out}{err}");

    let mut served = crate::support::serve_binary(&db, &[]);
    let base = format!("http://{}", served.addr);
    let mut tries = 0;
    let page = loop {
        let page = json_at(&client, &format!("{base}/search?q=narwhal&limit=100")).await;
        if page["indexed_size"] == 30 {
            break page;
        }
        tries += 1;
        assert!(
            tries < 100,
            "the restarted indexer did not catch up: {page}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    assert_eq!(page["hits"].as_array().unwrap().len(), 30, "{page}");
    served.child.kill().unwrap();
    served.child.wait().unwrap();
    let (ok, out, err) = crate::support::run_binary(vec!["fsck".into(), url]).await;
    assert!(ok && out.contains("search index"), "{out}{err}");
}

/// The index is a file of its own, written by the indexer's own connection:
/// a transaction holding the index's write lock (an indexing step, here held
/// open by another connection) never holds an append, and once it ends the
/// indexer catches up.
#[tokio::test]
async fn a_transaction_holding_the_index_file_never_holds_appends() {
    if crate::support::sqlite_only("the search index's own SQLite file") {
        return;
    }
    use sqlx::Connection;
    let app = TestApp::spawn().await;
    app.append(&new_record("plan", "t", "a", "before the lock"))
        .await;
    let mut holder = sqlx::SqliteConnection::connect(&crate::support::index_url(&app.database_url))
        .await
        .unwrap();
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut holder)
        .await
        .unwrap();
    // While the index's file is locked for writing, appends go on (on the
    // database file's lock alone) and are read back.
    for i in 0..20 {
        let r = app
            .append(&new_record("plan", "t", "a", &format!("kangaroo {i}")))
            .await;
        let (status, _) = app
            .get_json(&format!("/thoughts/{}", r["id"].as_str().unwrap()))
            .await;
        assert_eq!(status, 200);
    }
    sqlx::query("ROLLBACK").execute(&mut holder).await.unwrap();
    drop(holder);
    let (status, page) = search(
        &app,
        &[("q", "kangaroo"), ("fresh", "true"), ("limit", "50")],
    )
    .await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["hits"].as_array().unwrap().len(), 20, "{page}");
}
