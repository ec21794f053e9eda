//! Cursors and pages: every record once, in order; cursors never issued refused.

use crate::support::{assert_problem, new_record, problem_fields, ticking_clock, TestApp};
use decision_trail::domain::cursor::{self, CursorKind};
use serde_json::{json, Value};

#[tokio::test]
async fn a_cursor_that_was_never_issued_is_refused() {
    let app = TestApp::spawn().await;
    app.append(&new_record("plan", "t1", "a", "x")).await;
    app.append(&new_record("plan", "t2", "a", "y")).await;
    let never = cursor::encode(CursorKind::Records, 999);
    let problem = assert_problem(
        app.get(&format!("/thoughts?after={never}")).await,
        400,
        "invalid_params",
    )
    .await;
    assert_eq!(problem_fields(&problem), ["after"]);
    // A real record cursor, but of another task's record.
    let of_t2 = cursor::encode(CursorKind::Records, 1);
    let problem = assert_problem(
        app.get(&format!("/thoughts?task_id=t1&after={of_t2}"))
            .await,
        400,
        "invalid_params",
    )
    .await;
    assert_eq!(problem_fields(&problem), ["after"]);
    // A task-list cursor is not a record cursor, and the other way round; and a
    // task cursor past the last task was never issued.
    for query in [
        format!("/thoughts?after={}", cursor::encode(CursorKind::Tasks, 1)),
        format!("/tasks?after={}", cursor::encode(CursorKind::Records, 0)),
        format!("/tasks?after={}", cursor::encode(CursorKind::Tasks, 99)),
    ] {
        let problem = assert_problem(app.get(&query).await, 400, "invalid_params").await;
        assert_eq!(problem_fields(&problem), ["after"], "{query}");
    }
}

#[tokio::test]
async fn pages_cover_the_log_and_a_chain_exactly_once() {
    let app = TestApp::spawn().await;
    for i in 0..25 {
        let task = if i % 2 == 0 { "even" } else { "odd" };
        app.append(&new_record("analysis", task, "a", &i.to_string()))
            .await;
    }
    // The whole log, in log order, 10 at a time.
    let mut seen = Vec::new();
    let mut after: Option<String> = None;
    let mut pages = 0;
    loop {
        let query = match &after {
            Some(c) => format!("/thoughts?limit=10&after={c}"),
            None => "/thoughts?limit=10".to_string(),
        };
        let (status, page) = app.get_json(&query).await;
        assert_eq!(status, 200);
        pages += 1;
        for r in page["records"].as_array().unwrap() {
            seen.push(r["log_index"].as_u64().unwrap());
        }
        match page["next"].as_str() {
            Some(c) => after = Some(c.to_string()),
            None => break,
        }
    }
    assert_eq!(pages, 3);
    assert_eq!(seen, (0..25).collect::<Vec<u64>>());
    // One chain, in seq order; a full last page has no next.
    let (_, first) = app.get_json("/thoughts?task_id=odd&limit=6").await;
    let next = first["next"].as_str().unwrap();
    let (_, second) = app
        .get_json(&format!("/thoughts?task_id=odd&limit=6&after={next}"))
        .await;
    let seqs: Vec<u64> = first["records"]
        .as_array()
        .unwrap()
        .iter()
        .chain(second["records"].as_array().unwrap())
        .map(|r| r["seq"].as_u64().unwrap())
        .collect();
    assert_eq!(seqs, (0..12).collect::<Vec<u64>>());
    assert!(
        second["next"].is_null(),
        "12 records fill two pages of 6 exactly"
    );
}

#[tokio::test]
async fn listing_an_unknown_task_is_an_empty_page() {
    let app = TestApp::spawn().await;
    let (status, page) = app.get_json("/thoughts?task_id=nobody").await;
    assert_eq!((status, page), (200, json!({"records": [], "next": null})));
}

#[tokio::test]
async fn tasks_page_in_order_of_first_record() {
    let app = TestApp::spawn().await;
    for t in ["c", "a", "b", "a", "d"] {
        app.append(&new_record("plan", t, "agent", "x")).await;
    }
    let (_, page) = app.get_json("/tasks?limit=3").await;
    let ids: Vec<&str> = page["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["task_id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["c", "a", "b"]);
    let next = page["next"].as_str().unwrap();
    let (_, rest) = app.get_json(&format!("/tasks?limit=3&after={next}")).await;
    assert_eq!(rest["tasks"][0]["task_id"], "d");
    assert_eq!(rest["tasks"].as_array().unwrap().len(), 1);
    assert!(rest["next"].is_null());
    assert_eq!(page["tasks"][1]["length"], 2);
}

/// Twelve records, a second apart: types cycle plan, analysis, decision;
/// agents alternate a, b; tasks alternate t, u (so each chain has both agents).
async fn filtered_log() -> (TestApp, Vec<Value>) {
    let app = TestApp::builder().seams(ticking_clock()).spawn().await;
    let mut all = Vec::new();
    for i in 0..12 {
        let kind = ["plan", "analysis", "decision"][i % 3];
        let agent = ["a", "b"][(i / 2) % 2];
        let task = ["t", "u"][i % 2];
        all.push(
            app.append(&new_record(kind, task, agent, &i.to_string()))
                .await,
        );
    }
    (app, all)
}

async fn contents(app: &TestApp, query: &str) -> Vec<String> {
    let (status, page) = app.get_json(&format!("/thoughts?{query}")).await;
    assert_eq!(status, 200, "{query}: {page}");
    page["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["content"].as_str().unwrap().to_string())
        .collect()
}

fn expect(all: &[Value], keep: impl Fn(&Value) -> bool) -> Vec<String> {
    all.iter()
        .filter(|r| keep(r))
        .map(|r| r["content"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn records_filter_by_type_agent_and_time_and_combine_with_task_and_cursor() {
    let (app, all) = filtered_log().await;
    assert_eq!(
        contents(&app, "type=plan").await,
        expect(&all, |r| r["type"] == "plan")
    );
    assert_eq!(
        contents(&app, "agent_id=a&type=decision").await,
        expect(&all, |r| r["agent_id"] == "a" && r["type"] == "decision")
    );
    // since is inclusive, until exclusive; any RFC 3339 offset.
    let window = expect(&all, |r| {
        let t = r["timestamp"].as_str().unwrap();
        ("2026-01-01T00:00:03.000Z".."2026-01-01T00:00:07.000Z").contains(&t)
    });
    assert_eq!(window.len(), 4);
    assert_eq!(
        contents(
            &app,
            "since=2026-01-01T00:00:03Z&until=2026-01-01T00:00:07Z"
        )
        .await,
        window
    );
    assert_eq!(
        contents(
            &app,
            "since=2026-01-01T01:00:03%2B01:00&until=2026-01-01T01:00:07%2B01:00"
        )
        .await,
        window
    );
    assert_eq!(
        contents(&app, "task_id=u&agent_id=b").await,
        expect(&all, |r| r["task_id"] == "u" && r["agent_id"] == "b")
    );
    // Pages of a filtered listing cover it exactly once.
    let mut seen = Vec::new();
    let mut query = "type=analysis&limit=1".to_string();
    loop {
        let (_, page) = app.get_json(&format!("/thoughts?{query}")).await;
        for r in page["records"].as_array().unwrap() {
            seen.push(r["content"].as_str().unwrap().to_string());
        }
        match page["next"].as_str() {
            Some(next) => query = format!("type=analysis&limit=1&after={next}"),
            None => break,
        }
    }
    assert_eq!(seen, expect(&all, |r| r["type"] == "analysis"));
}

#[tokio::test]
async fn bad_filters_are_all_named() {
    let (app, _) = filtered_log().await;
    let p = assert_problem(
        app.get("/thoughts?type=observation&agent_id=&since=yesterday")
            .await,
        400,
        "invalid_params",
    )
    .await;
    assert_eq!(problem_fields(&p), ["agent_id", "type", "since"]);
    let p = assert_problem(
        app.get("/thoughts?since=2026-01-02T00:00:00Z&until=2026-01-01T00:00:00Z")
            .await,
        400,
        "invalid_params",
    )
    .await;
    assert_eq!(problem_fields(&p), ["until"]);
}
