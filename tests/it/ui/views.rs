//! The overview's charts, the task list's filters, order and pages, the
//! agents, the trace view of OTLP-made and timed records, and the audit
//! report, whose commands check the trail offline.

use serde_json::{json, Value};

use super::{html, next_page};
use crate::support::{new_record, run_binary, TestApp};

/// Appends `records` in one batch; their stored forms.
pub(super) async fn batch(app: &TestApp, records: Vec<Value>) -> Vec<Value> {
    let r = app
        .client
        .post(app.url("/thoughts/batch"))
        .json(&json!({ "records": records }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    r.json::<Value>().await.unwrap()["records"]
        .as_array()
        .unwrap()
        .clone()
}

/// The numbers of a page's `<title>LABEL: N</title>` (the hour chart's bars).
fn bar_titles(body: &str) -> Vec<(String, u64)> {
    body.split("<title>")
        .skip(1)
        .filter_map(|rest| {
            let text = &rest[..rest.find("</title>")?];
            let (label, n) = text.rsplit_once(": ")?;
            Some((label.to_string(), n.parse().ok()?))
        })
        .collect()
}

/// The by-agent row of `agent` on the overview: its count.
fn agent_count(body: &str, agent: &str) -> Option<u64> {
    let at = body.find(&format!(">{agent}</a></th>"))?;
    let row = &body[at..at + body[at..].find("</tr>")?];
    let last = row.rfind("<td>")? + 4;
    row[last..row[last..].find("</td>")? + last].parse().ok()
}

#[tokio::test]
async fn the_overview_charts_the_last_day_from_the_records_and_follows_the_log() {
    let app = TestApp::spawn().await;
    let empty = html(&app, "/ui").await;
    assert!(empty.contains("No record in the last 24 hours."), "{empty}");
    let hours = bar_titles(&empty);
    assert_eq!(hours.len(), 24, "one bar an hour: {hours:?}");
    assert!(hours.iter().all(|(_, n)| *n == 0));

    let mut records = vec![
        new_record("plan", "t1", "alpha", "a"),
        new_record("analysis", "t1", "alpha", "b"),
        new_record("decision", "t2", "alpha", "c"),
        new_record("reflection", "t2", "beta", "d"),
    ];
    // Ten more agents, one record each: eight agents are charted by name.
    for i in 0..10 {
        records.push(new_record("analysis", "t3", &format!("gamma-{i:02}"), "e"));
    }
    batch(&app, records).await;
    let body = html(&app, "/ui").await;
    let total: u64 = bar_titles(&body).iter().map(|(_, n)| n).sum();
    assert_eq!(total, 14, "{body}");
    assert!(
        body.contains("<dd>14 records</dd>"),
        "the day's total and the log's size: {body}"
    );
    assert_eq!(agent_count(&body, "alpha"), Some(3), "{body}");
    assert_eq!(agent_count(&body, "beta"), Some(1));
    // By count, then by name: alpha, beta, gamma-00..05 charted; 4 more.
    assert_eq!(agent_count(&body, "gamma-05"), Some(1));
    assert_eq!(agent_count(&body, "gamma-06"), None);
    assert!(
        body.contains("<th scope=\"row\">4 more agents</th>"),
        "{body}"
    );
    assert!(body.contains("<a href=\"/ui/tasks?agent_id=alpha\">alpha</a>"));
    // By type: each type links to its tasks.
    assert!(
        body.contains("<a href=\"/ui/tasks?type=analysis\">"),
        "{body}"
    );
    assert!(body.contains("no witness policy"), "{body}");

    // The counts follow the log: only the new records are read.
    batch(
        &app,
        vec![
            new_record("plan", "t4", "beta", "f"),
            new_record("plan", "t4", "beta", "g"),
        ],
    )
    .await;
    let body = html(&app, "/ui").await;
    let total: u64 = bar_titles(&body).iter().map(|(_, n)| n).sum();
    assert_eq!(total, 16);
    assert_eq!(agent_count(&body, "beta"), Some(3));
    assert_eq!(body.matches("<dd>16 records</dd>").count(), 2);
    // The latest tasks, newest activity first.
    let latest = &body[body.find("Latest tasks").unwrap()..];
    assert!(
        latest.find("/ui/tasks/t4") < latest.find("/ui/tasks/t1"),
        "{latest}"
    );
}

/// The task ids of a task list's rows, in order.
fn cards(body: &str) -> Vec<String> {
    body.split("<th scope=\"row\" class=\"name\"><a href=\"/ui/tasks/")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].to_string())
        .collect()
}

#[tokio::test]
async fn the_task_list_filters_sorts_and_pages() {
    let app = TestApp::spawn().await;
    let mut records = vec![new_record("plan", "short", "x", "one")];
    for kind in ["plan", "analysis", "decision", "analysis", "reflection"] {
        records.push(new_record(kind, "long", "y", "five"));
    }
    for (kind, agent) in [("plan", "x"), ("analysis", "y"), ("analysis", "x")] {
        records.push(new_record(kind, "mid", agent, "three"));
    }
    batch(&app, records).await;
    let bulk: Vec<Value> = (0..26)
        .map(|i| new_record("plan", &format!("bulk-{i:02}"), "z", "bulk"))
        .collect();
    batch(&app, bulk).await;

    let by_length = html(&app, "/ui/tasks?sort=length").await;
    // Longest first; equal lengths, the task begun last first.
    assert_eq!(
        cards(&by_length)[..3],
        ["long", "mid", "bulk-25"],
        "{by_length}"
    );
    let created = cards(&html(&app, "/ui/tasks?sort=created").await);
    assert_eq!(created[0], "bulk-25", "the task begun last first");
    assert_eq!(created.len(), 25);

    assert_eq!(
        cards(&html(&app, "/ui/tasks?agent_id=x").await),
        ["mid", "short"]
    );
    assert_eq!(
        cards(&html(&app, "/ui/tasks?type=decision").await),
        ["long"]
    );
    assert_eq!(
        cards(&html(&app, "/ui/tasks?agent_id=y&type=analysis&sort=length").await),
        ["long", "mid"]
    );
    let later = html(&app, "/ui/tasks?since=2999-01-01T00:00:00Z").await;
    assert!(
        cards(&later).is_empty() && later.contains("No task matches."),
        "{later}"
    );
    let earlier = html(&app, "/ui/tasks?until=2000-01-01T00:00:00Z&agent_id=x").await;
    assert!(cards(&earlier).is_empty());
    // The filtered list links to the records it keeps.
    let filtered = html(&app, "/ui/tasks?agent_id=x").await;
    assert!(
        filtered.contains("href=\"/ui/records?agent_id=x\""),
        "{filtered}"
    );

    // 29 tasks: 25, then 4, with the order kept across pages.
    let first = html(&app, "/ui/tasks?sort=length").await;
    assert_eq!(cards(&first).len(), 25);
    let next = next_page(&first).expect("a next page");
    assert_eq!(next, "/ui/tasks?sort=length&page=2");
    let second = html(&app, &next).await;
    let rest = cards(&second);
    assert_eq!(rest.len(), 4, "{second}");
    let mut seen: Vec<String> = cards(&first).into_iter().chain(rest).collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 29, "each task once");
    assert!(next_page(&second).is_none());
    assert!(
        second.contains("href=\"/ui/tasks?sort=length\" rel=\"prev\""),
        "{second}"
    );
    let past = html(&app, "/ui/tasks?page=9").await;
    assert!(past.contains("No task on this page."));
}

#[tokio::test]
async fn agents_are_listed_with_their_records_tasks_and_types_and_paged() {
    let app = TestApp::spawn().await;
    let mut records = vec![
        new_record("plan", "a", "agent-00", "x"),
        new_record("decision", "b", "agent-00", "y"),
        new_record("decision", "b", "agent-00", "z"),
    ];
    for i in 1..51 {
        records.push(new_record("analysis", "c", &format!("agent-{i:02}"), "w"));
    }
    batch(&app, records).await;
    let first = html(&app, "/ui/agents").await;
    assert_eq!(
        first.matches("<tr><th scope=\"row\">").count(),
        50,
        "{first}"
    );
    let row = &first[first.find("<th scope=\"row\">agent-00</th>").unwrap()..];
    let row = &row[..row.find("</tr>").unwrap()];
    assert!(
        row.contains("<a href=\"/ui/records?agent_id=agent-00\">3</a>"),
        "{row}"
    );
    assert!(
        row.contains("<a href=\"/ui/tasks?agent_id=agent-00\">2</a>"),
        "{row}"
    );
    assert!(
        row.contains("badge decision") && row.contains("badge plan"),
        "{row}"
    );
    assert!(!row.contains("badge analysis"), "{row}");
    let next = next_page(&first).unwrap();
    assert_eq!(next, "/ui/agents?page=2");
    let second = html(&app, &next).await;
    assert_eq!(second.matches("<tr><th scope=\"row\">").count(), 1);
    assert!(
        second.contains("<th scope=\"row\">agent-50</th>"),
        "{second}"
    );
}

/// An OTLP/HTTP JSON export of one agent's trace: its run, a chat with
/// the model, a tool's run.
pub(super) fn otlp_trace() -> Value {
    let attrs = |pairs: &[(&str, Value)]| -> Vec<Value> {
        pairs
            .iter()
            .map(|(k, v)| match v {
                Value::Number(n) => json!({"key": k, "value": {"intValue": n.to_string()}}),
                v => json!({"key": k, "value": {"stringValue": v}}),
            })
            .collect()
    };
    let t0: u64 = 1_775_898_000_000_000_000;
    let span = |id: u8, parent: Option<u8>, name: &str, from_ms: u64, to_ms: u64, a: Vec<Value>| {
        json!({
            "traceId": "5b8efff798038103d269b633813fc60c",
            "spanId": format!("{id:016x}"),
            "parentSpanId": parent.map(|p| format!("{p:016x}")).unwrap_or_default(),
            "name": name, "kind": 1,
            "startTimeUnixNano": (t0 + from_ms * 1_000_000).to_string(),
            "endTimeUnixNano": (t0 + to_ms * 1_000_000).to_string(),
            "attributes": a,
        })
    };
    json!({"resourceSpans": [{
        "resource": {"attributes": attrs(&[("service.name", json!("planner"))])},
        "scopeSpans": [{"scope": {"name": "test"}, "spans": [
            span(1, None, "invoke_agent planner", 0, 3000, attrs(&[
                ("gen_ai.operation.name", json!("invoke_agent")),
                ("gen_ai.conversation.id", json!("trip-7"))])),
            span(2, Some(1), "chat gpt-4o", 100, 1300, attrs(&[
                ("gen_ai.operation.name", json!("chat")),
                ("gen_ai.request.model", json!("gpt-4o")),
                ("gen_ai.usage.input_tokens", json!(12)),
                ("gen_ai.usage.output_tokens", json!(5))])),
            span(3, Some(1), "execute_tool search_trains", 1400, 2000, attrs(&[
                ("gen_ai.operation.name", json!("execute_tool")),
                ("gen_ai.tool.name", json!("search_trains"))])),
        ]}]
    }]})
}

#[tokio::test]
async fn the_trace_view_shows_spans_durations_chips_and_a_selected_record_with_its_proof() {
    let app = TestApp::spawn().await;
    let r = app
        .client
        .post(app.url("/v1/traces"))
        .json(&otlp_trace())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let (_, trail) = app.get_json("/thoughts?task_id=trip-7").await;
    let trail = trail["records"].as_array().unwrap().clone();
    assert_eq!(trail.len(), 3);

    let body = html(&app, "/ui/tasks/trip-7?view=trace").await;
    assert!(body.contains("aria-current=\"page\">Trace</a>"), "{body}");
    assert_eq!(body.matches("<a class=\"row d").count(), 3, "{body}");
    assert_eq!(
        body.matches("<a class=\"row d1\"").count(),
        2,
        "two children of the run"
    );
    for took in ["3.00 s", "1.20 s", "600 ms"] {
        assert!(
            body.contains(&format!("<span class=\"took\">{took}</span>")),
            "{took}: {body}"
        );
    }
    assert_eq!(body.matches("<svg class=\"span\"").count(), 3);
    // The run spans the window; the tool starts at 1.4 s of 3 s.
    assert!(body.contains("x=\"0\" width=\"100\""), "{body}");
    assert!(body.contains("x=\"46.7\" width=\"20\""), "{body}");
    assert!(
        body.contains("over 3.00 s from 2026-04-11T09:00:00.000Z"),
        "{body}"
    );
    // The first record is detailed, with its inclusion proof.
    let detail = &body[body.find("id=\"detail\"").unwrap()..];
    let first = &trail[0];
    assert!(detail.contains(first["hash"].as_str().unwrap()), "{detail}");
    let (_, proof) = app
        .get_json(&format!(
            "/log/proof/inclusion?log_index={}",
            first["log_index"]
        ))
        .await;
    assert!(
        detail.contains(&format!(
            "leaf {} of the checkpoint of size {}",
            first["log_index"], proof["tree_size"]
        )),
        "{detail}"
    );
    for hash in proof["proof"].as_array().unwrap() {
        assert!(
            detail.contains(hash.as_str().unwrap()),
            "{hash} in {detail}"
        );
    }

    // Selecting the chat: its row is current, its chips in the detail.
    let chat = trail
        .iter()
        .find(|r| r["metadata"]["gen_ai.request.model"] == "gpt-4o")
        .unwrap();
    let id = chat["id"].as_str().unwrap();
    let href = format!("/ui/tasks/trip-7?view=trace&#38;selected={id}#detail");
    assert!(
        body.contains(&format!("href=\"{href}\"")),
        "rows link to their selection: {body}"
    );
    let selected = html(&app, &format!("/ui/tasks/trip-7?view=trace&selected={id}")).await;
    let row = &selected[selected.find("aria-current=\"true\"").unwrap() - 300..];
    assert!(row[..400].contains(id), "{row}");
    let detail = &selected[selected.find("id=\"detail\"").unwrap()..];
    assert!(detail.contains(chat["hash"].as_str().unwrap()));
    for chip in [
        "model</span> gpt-4o",
        "tokens</span> 12 in · 5 out",
        "took</span> 1.20 s",
    ] {
        assert!(detail.contains(chip), "{chip} in {detail}");
    }
    // An unknown selection details the first record.
    let unknown = html(&app, "/ui/tasks/trip-7?view=trace&selected=nope").await;
    let detail = &unknown[unknown.find("id=\"detail\"").unwrap()..];
    assert!(detail.contains(first["hash"].as_str().unwrap()));

    // A session's trace: the same rows, across its tasks.
    let session = html(&app, "/ui/sessions/trip-7?view=trace").await;
    assert_eq!(session.matches("<a class=\"row d").count(), 3, "{session}");
    assert!(session.contains("<span class=\"took\">600 ms</span>"));
    assert!(session.contains("href=\"/ui/sessions/trip-7?view=trace&#38;selected="));

    // An agent's own started_at/ended_at draw a span; a record without
    // times has a row but no bar.
    let mut timed = new_record("plan", "timed", "me", "think");
    timed["metadata"] =
        json!({"started_at": "2026-04-11T09:00:00Z", "ended_at": "2026-04-11T09:00:00.250Z"});
    app.append(&timed).await;
    app.append(&new_record("decision", "timed", "me", "act"))
        .await;
    let body = html(&app, "/ui/tasks/timed?view=trace").await;
    assert!(
        body.contains("<span class=\"took\">250 ms</span>"),
        "{body}"
    );
    assert_eq!(body.matches("<svg class=\"span\"").count(), 1);
    assert_eq!(body.matches("<span class=\"span\"></span>").count(), 1);
}

#[tokio::test]
async fn trace_rows_are_indented_by_their_depth_in_the_page_s_tree() {
    let app = TestApp::spawn().await;
    let append = |kind: &'static str, content: &'static str, parent: Option<String>| {
        let mut body = new_record(kind, "deep", "me", content);
        if let Some(p) = parent {
            body["parent_id"] = json!(p);
        }
        let app = &app;
        async move { app.append(&body).await["id"].as_str().unwrap().to_string() }
    };
    // root → a → a1 → a1x, then b under root, then a second root.
    let root = append("plan", "root", None).await;
    let a = append("analysis", "a", Some(root.clone())).await;
    let a1 = append("analysis", "a1", Some(a.clone())).await;
    append("decision", "a1x", Some(a1)).await;
    append("analysis", "b", Some(root)).await;
    append("plan", "second", None).await;
    let body = html(&app, "/ui/tasks/deep?view=trace").await;
    let depths: Vec<(&str, &str)> = body
        .split("<a class=\"row d")
        .skip(1)
        .map(|rest| {
            let depth = &rest[..1];
            let at = rest.find("<span class=\"excerpt\">").unwrap() + 22;
            (depth, &rest[at..at + rest[at..].find('<').unwrap()])
        })
        .collect();
    assert_eq!(
        depths,
        [
            ("0", "root"),
            ("1", "a"),
            ("2", "a1"),
            ("3", "a1x"),
            ("1", "b"),
            ("0", "second")
        ]
    );
}

#[tokio::test]
async fn the_report_lists_every_hash_and_its_commands_check_the_trail_offline() {
    let app = TestApp::spawn().await;
    let mut hashes = Vec::new();
    for (kind, content) in [
        ("plan", "Look."),
        ("analysis", "Think."),
        ("decision", "Act."),
    ] {
        let r = app
            .append(&new_record(kind, "audited", "auditor-bot", content))
            .await;
        hashes.push(r["hash"].as_str().unwrap().to_string());
    }
    let body = html(&app, "/ui/tasks/audited/report").await;
    for hash in &hashes {
        assert!(body.contains(hash.as_str()), "{hash}: {body}");
    }
    assert!(
        body.contains("✓ Valid</strong> · <span class=\"wrap\">3 records · proven"),
        "{body}"
    );
    let key = app.store.verifier_key().to_string();
    assert!(body.contains(&key), "the verifier key");
    let task_page = html(&app, "/ui/tasks/audited").await;
    assert!(
        task_page.contains("href=\"/ui/tasks/audited/report\""),
        "linked from the task"
    );

    // The report's commands, run: the export they fetch verifies offline.
    let start = body.find("<pre id=\"commands\">").unwrap() + 19;
    let commands = body[start..start + body[start..].find("</pre>").unwrap()]
        .replace("&#39;", "'")
        .replace("&#38;", "&");
    let url = commands.split('\'').nth(1).unwrap();
    assert!(
        url.starts_with(&app.url("/tasks/audited/export?tree_size=")),
        "{commands}"
    );
    assert!(
        commands.contains("decision-trail verify trail.ndjson --key log.key"),
        "{commands}"
    );
    let export = app
        .client
        .get(url)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let trail = dir.path().join("trail.ndjson");
    let key_file = dir.path().join("log.key");
    std::fs::write(&trail, export).unwrap();
    std::fs::write(&key_file, &key).unwrap();
    let (ok, out, err) = run_binary(vec![
        "verify".into(),
        trail.display().to_string(),
        "--key".into(),
        key_file.display().to_string(),
    ])
    .await;
    assert!(ok, "{out}{err}");
}

#[tokio::test]
async fn with_keys_and_behind_tls_the_report_s_commands_carry_a_token_and_https() {
    use crate::support::{bearer, post_as, ring, READER, WRITER};
    let app = TestApp::builder().keys(ring()).spawn().await;
    let r = post_as(
        &app,
        Some(&bearer(WRITER)),
        None,
        &new_record("plan", "keyed", "planner-1", "x"),
    )
    .await;
    assert_eq!(r.status(), 201);
    let (status, _, body) = super::page(
        &app,
        "/ui/tasks/keyed/report",
        &[
            ("authorization", &bearer(READER)),
            ("x-forwarded-proto", "https"),
            ("host", "trail.example.com"),
        ],
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let start = body.find("<pre id=\"commands\">").unwrap() + 19;
    let commands = &body[start..start + body[start..].find("</pre>").unwrap()];
    assert!(
        commands.contains("-H &#34;Authorization: Bearer $DECISION_TRAIL_TOKEN&#34;"),
        "{commands}"
    );
    assert!(
        commands.contains("&#39;https://trail.example.com/tasks/keyed/export?tree_size="),
        "{commands}"
    );
    assert!(body.contains("<code>DECISION_TRAIL_TOKEN</code>"), "{body}");
}
