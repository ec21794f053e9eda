//! Records sent over REST with the metadata convention (`started_at`,
//! `ended_at`, `model`, tokens, `cost_usd`, `tool`, `status`/`error`) read
//! as the OTLP mapping's: durations, waterfall bars, chips and totals; an
//! error shown as one; reviewers' verdicts (`metadata.oversight`) marked on
//! their decisions and listed in the report.

use serde_json::{json, Value};

use super::html;
use super::views::otlp_trace;
use crate::support::TestApp;

/// The texts between `open` and the next `<` of each of its occurrences.
fn texts(body: &str, open: &str) -> Vec<String> {
    body.split(open)
        .skip(1)
        .map(|rest| rest[..rest.find('<').unwrap()].to_string())
        .collect()
}

/// The waterfall's bars, as `x="…" width="…"`.
fn bars(body: &str) -> Vec<String> {
    body.split("<svg class=\"span\"")
        .skip(1)
        .map(|rest| {
            let at = rest.find(" x=\"").unwrap();
            rest[at + 1..at + rest[at..].find(" height").unwrap()].to_string()
        })
        .collect()
}

/// The trip of `otlp_trace`, sent as an agent would over plain REST.
async fn rest_trip(app: &TestApp, task: &str) -> Vec<Value> {
    let at = |ms: u64| format!("2026-04-11T09:00:{:02}.{:03}Z", ms / 1000, ms % 1000);
    let run = app
        .append(
            &json!({"type": "plan", "task_id": task, "agent_id": "planner",
            "content": "Plan the trip to Paris",
            "metadata": {"started_at": at(0), "ended_at": at(3000)}}),
        )
        .await;
    let chat = app
        .append(
            &json!({"type": "decision", "task_id": task, "agent_id": "planner",
            "content": "Search the trains first", "parent_id": run["id"],
            "metadata": {"started_at": at(100), "ended_at": at(1300), "model": "gpt-4o",
                "input_tokens": 12, "output_tokens": 5, "cost_usd": 0.0042, "status": "ok"}}),
        )
        .await;
    let tool = app
        .append(
            &json!({"type": "analysis", "task_id": task, "agent_id": "planner",
            "content": "search_trains → 3 trains", "parent_id": run["id"],
            "metadata": {"started_at": at(1400), "ended_at": at(2000), "tool": "search_trains",
                "input": {"from": "Lyon", "to": "Paris"}}}),
        )
        .await;
    vec![run, chat, tool]
}

#[tokio::test]
async fn a_rest_trail_with_the_convention_reads_as_the_same_trail_sent_over_otlp() {
    let app = TestApp::spawn().await;
    let r = app
        .client
        .post(app.url("/v1/traces"))
        .json(&otlp_trace())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let rest = rest_trip(&app, "trip-rest").await;

    // The task opens on its trace: the same rows, durations and bars.
    let otlp = html(&app, "/ui/tasks/trip-7").await;
    let body = html(&app, "/ui/tasks/trip-rest").await;
    assert!(body.contains("aria-current=\"page\">Trace</a>"), "{body}");
    assert_eq!(
        texts(&body, "<span class=\"took\">"),
        ["3.00 s", "1.20 s", "600 ms"]
    );
    assert_eq!(
        texts(&body, "<span class=\"took\">"),
        texts(&otlp, "<span class=\"took\">")
    );
    assert_eq!(bars(&body), bars(&otlp), "{body}");
    assert!(body.contains("x=\"46.7\" width=\"20\""), "{body}");
    assert_eq!(body.matches("<a class=\"row d1\"").count(), 2);
    assert!(body.contains("over 3.00 s from 2026-04-11T09:00:00.000Z"));
    // The task's totals: tokens, cost, its span, no error.
    for said in [
        "<dt>tokens</dt><dd>12 in · 5 out</dd>",
        "<dt>cost</dt><dd>$0.0042</dd>",
        "<dt>took</dt><dd>3.00 s</dd>",
        "<dt>errors</dt><dd>none</dd>",
    ] {
        assert!(body.contains(said), "{said}: {body}");
    }
    assert!(otlp.contains("<dt>tokens</dt><dd>12 in · 5 out</dd>"));
    assert!(otlp.contains("<dt>took</dt><dd>3.00 s</dd>"));
    // The model call's chips, as the OTLP chat's.
    let id = rest[1]["id"].as_str().unwrap();
    let selected = html(&app, &format!("/ui/tasks/trip-rest?selected={id}")).await;
    let detail = &selected[selected.find("id=\"detail\"").unwrap()..];
    for chip in [
        "<span class=\"chip-label\">model</span> gpt-4o",
        "<span class=\"chip-label\">tokens</span> 12 in · 5 out",
        "<span class=\"chip-label\">cost</span> $0.0042",
        "<span class=\"chip-label\">took</span> 1.20 s",
    ] {
        assert!(detail.contains(chip), "{chip} in {detail}");
    }
    assert!(!detail.contains("chip-error"), "status ok is no error");
    let tool = rest[2]["id"].as_str().unwrap();
    let selected = html(&app, &format!("/ui/tasks/trip-rest?selected={tool}")).await;
    assert!(selected.contains("<span class=\"chip-label\">tool</span> search_trains"));
    assert!(
        selected.contains("<th scope=\"row\">input</th>"),
        "{selected}"
    );

    // The list and the report say the same totals.
    let list = html(&app, "/ui/tasks").await;
    let row = &list[list.find("href=\"/ui/tasks/trip-rest\"").unwrap()..];
    let row = &row[..row.find("</tr>").unwrap()];
    for said in [">12 in · 5 out<", ">$0.0042<", ">3.00 s<"] {
        assert!(row.contains(said), "{said}: {row}");
    }
    let report = html(&app, "/ui/tasks/trip-rest/report").await;
    assert!(
        report.contains("<dt>tokens</dt><dd>12 in · 5 out</dd>"),
        "{report}"
    );
    assert!(report.contains("<dt>cost</dt><dd>$0.0042</dd>"));
}

#[tokio::test]
async fn an_error_is_shown_as_an_error_in_words() {
    let app = TestApp::spawn().await;
    app.append(&json!({"type": "plan", "task_id": "flaky", "agent_id": "a",
        "content": "Fetch the timetable"}))
        .await;
    let failed = app
        .append(&json!({"type": "analysis", "task_id": "flaky", "agent_id": "a",
            "content": "fetch_timetable() failed",
            "metadata": {"tool": "fetch_timetable", "status": "error", "error": "timeout after 30 s"}}))
        .await;
    // The OTLP mapping's error status reads the same.
    app.append(
        &json!({"type": "analysis", "task_id": "flaky", "agent_id": "a",
        "content": "span failed",
        "metadata": {"otel.status": "error", "otel.status_message": "connection reset"}}),
    )
    .await;
    let body = html(&app, "/ui/tasks/flaky").await;
    assert_eq!(body.matches("<li class=\"error\">").count(), 2, "{body}");
    assert_eq!(
        body.matches("<span class=\"badge error\">error</span>")
            .count(),
        2
    );
    assert!(
        body.contains("<dt>errors</dt><dd><span class=\"badge error\">2 errors</span></dd>"),
        "{body}"
    );
    let id = failed["id"].as_str().unwrap();
    let selected = html(&app, &format!("/ui/tasks/flaky?selected={id}")).await;
    assert!(
        selected.contains(
            "<span class=\"chip chip-error\"><span class=\"chip-label\">error</span> timeout after 30 s</span>"
        ),
        "{selected}"
    );
    assert!(selected.contains("class=\"record failed\""), "{selected}");
    let cards = html(&app, "/ui/tasks/flaky?view=timeline").await;
    assert_eq!(cards.matches("class=\"record failed\"").count(), 2);
    assert!(cards.contains("<span class=\"chip-label\">error</span> connection reset"));
    let list = html(&app, "/ui/tasks").await;
    assert!(
        list.contains("<span class=\"badge error\">2 errors</span>"),
        "{list}"
    );
}

/// A reviewer's verdict on a decision: a record of its task answering it,
/// with `metadata.oversight`.
async fn verdict(app: &TestApp, decision: &Value, kind: &str, oversight: Value) -> Value {
    app.append(&json!({"type": kind, "task_id": decision["task_id"],
        "agent_id": oversight["reviewer"], "parent_id": decision["id"],
        "content": format!("{} the decision", oversight["verdict"].as_str().unwrap()),
        "metadata": {"oversight": oversight}}))
        .await
}

#[tokio::test]
async fn verdicts_are_marked_on_their_decisions_and_listed_in_the_report() {
    let app = TestApp::spawn().await;
    let first = app
        .append(
            &json!({"type": "decision", "task_id": "refund", "agent_id": "agent",
            "content": "Refund the order in full"}),
        )
        .await;
    let second = app
        .append(
            &json!({"type": "decision", "task_id": "refund", "agent_id": "agent",
            "content": "Close the ticket"}),
        )
        .await;
    verdict(
        &app,
        &first,
        "reflection",
        json!({"verdict": "approved", "reviewer": "reviewer-1", "reason": "within policy"}),
    )
    .await;
    let replacement = verdict(
        &app,
        &second,
        "decision",
        json!({"verdict": "overridden", "reviewer": "reviewer-2", "reason": "the customer asked a question"}),
    )
    .await;
    let replacement_id = replacement["id"].as_str().unwrap();

    let trace = html(&app, "/ui/tasks/refund").await;
    assert!(
        trace.contains("<span class=\"badge verdict-approved\">approved</span> Refund the order"),
        "{trace}"
    );
    assert!(trace
        .contains("<span class=\"badge verdict-overridden\">overridden</span> Close the ticket"));
    // The first decision is detailed: its verdict in words.
    let detail = &trace[trace.find("id=\"detail\"").unwrap()..];
    assert!(
        detail.contains("approved by reviewer-1, ")
            && detail.contains(" later (<a href=\"/ui/thoughts/"),
        "{detail}"
    );
    assert!(
        detail.contains("#2 reflection</a>): within policy"),
        "{detail}"
    );
    let cards = html(&app, "/ui/tasks/refund?view=timeline").await;
    assert!(
        cards.contains(&format!(
            "later: replaced by <a href=\"/ui/thoughts/{replacement_id}\">#3 decision</a>: the customer asked a question"
        )),
        "{cards}"
    );
    assert!(cards.contains("overridden by reviewer-2, "));
    // Every decision has a verdict (the replacement is the reviewer's own).
    assert!(
        trace.contains("<dt>reviews</dt><dd>2 verdicts</dd>"),
        "{trace}"
    );

    let report = html(&app, "/ui/tasks/refund/report").await;
    let table = &report[report.find("<table class=\"trail verdicts\">").unwrap()..];
    let table = &table[..table.find("</table>").unwrap()];
    let rows: Vec<&str> = table.split("<tr>").skip(2).collect();
    assert_eq!(rows.len(), 2, "{table}");
    for (row, said) in rows.iter().zip([
        [
            "#0 decision",
            "verdict-approved",
            "reviewer-1",
            "within policy",
        ],
        [
            "#1 decision",
            "verdict-overridden",
            "reviewer-2",
            "the customer asked a question",
        ],
    ]) {
        for s in said {
            assert!(row.contains(s), "{s} in {row}");
        }
    }
    assert!(rows[1].contains(&format!(
        "by <a href=\"/ui/thoughts/{replacement_id}\">#3 decision</a>"
    )));
    assert!(!report.contains("not reviewed"), "{report}");
}
