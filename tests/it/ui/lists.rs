//! The lists people scan: the tasks as a dense table sorted by its column
//! headers, filtered to those with a decision no reviewer answered; the
//! sessions one line each, a session's trace grouped by task; the words of
//! a verdict; the overview's hours.

use serde_json::{json, Value};

use super::views::batch;
use super::{html, link, page};
use crate::support::{new_record, TestApp};

/// The task ids of a task list's rows, in order.
fn rows(body: &str) -> Vec<String> {
    body.split("<th scope=\"row\" class=\"name\"><a href=\"/ui/tasks/")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].to_string())
        .collect()
}

/// The row of `task` in a task list.
fn row<'a>(body: &'a str, task: &str) -> &'a str {
    let at = body
        .find(&format!("<a href=\"/ui/tasks/{task}\">"))
        .unwrap_or_else(|| panic!("no row of {task}: {body}"));
    &body[at..at + body[at..].find("</tr>").unwrap()]
}

#[tokio::test]
async fn the_task_list_is_a_table_sorted_by_its_column_headers() {
    let app = TestApp::spawn().await;
    batch(
        &app,
        vec![
            new_record("plan", "beta", "x", "one"),
            new_record("plan", "beta", "y", "two"),
            new_record("decision", "beta", "x", "three"),
        ],
    )
    .await;
    batch(&app, vec![new_record("plan", "alpha", "x", "one")]).await;
    batch(
        &app,
        vec![
            new_record("plan", "gamma", "z", "one"),
            new_record("analysis", "gamma", "z", "two"),
        ],
    )
    .await;

    let list = html(&app, "/ui/tasks").await;
    assert!(
        list.contains("<table class=\"list dense tasks\">"),
        "{list}"
    );
    // Newest activity first, the default: its header says so.
    assert_eq!(rows(&list), ["gamma", "alpha", "beta"]);
    assert!(
        list.contains("<th scope=\"col\" aria-sort=\"descending\"><a href=\"/ui/tasks\">last activity</a></th>"),
        "{list}"
    );
    let by_name = link(&list, "/ui/tasks?sort=name").unwrap();
    let by_name = html(&app, &by_name).await;
    assert_eq!(rows(&by_name), ["alpha", "beta", "gamma"]);
    assert!(by_name.contains("aria-sort=\"ascending\"><a href=\"/ui/tasks?sort=name\">task</a>"));
    let by_length = html(&app, &link(&list, "/ui/tasks?sort=length").unwrap()).await;
    assert_eq!(rows(&by_length), ["beta", "gamma", "alpha"]);
    // One line per task: its records, agents, types, and the verdict.
    let beta = row(&by_length, "beta");
    assert!(beta.contains("<td class=\"num\">3</td>"), "{beta}");
    assert!(beta.contains("x, y</td>"), "{beta}");
    assert!(beta.contains("badge decision") && beta.contains("badge plan"));
    assert!(
        beta.contains("<span class=\"hint\">not walked yet</span>"),
        "{beta}"
    );
    html(&app, "/ui/tasks/beta").await;
    let walked = html(&app, "/ui/tasks?sort=length").await;
    assert!(row(&walked, "beta").contains("<span class=\"badge valid\">✓ valid</span>"));
    // The headers keep the filters.
    let filtered = html(&app, "/ui/tasks?agent_id=x").await;
    assert_eq!(rows(&filtered), ["alpha", "beta"]);
    assert!(
        filtered.contains("href=\"/ui/tasks?agent_id=x&#38;sort=length\""),
        "{filtered}"
    );
    let (status, _, _) = page(&app, "/ui/tasks?sort=tokens", &[]).await;
    assert_eq!(status, 400);
}

/// A reviewer's verdict on `decision`.
async fn review(app: &TestApp, decision: &Value, verdict: &str) -> Value {
    let kind = if verdict == "overridden" {
        "decision"
    } else {
        "reflection"
    };
    app.append(
        &json!({"type": kind, "task_id": decision["task_id"], "agent_id": "reviewer-1",
        "parent_id": decision["id"], "content": verdict,
        "metadata": {"oversight": {"verdict": verdict, "reviewer": "reviewer-1"}}}),
    )
    .await
}

#[tokio::test]
async fn the_unreviewed_filter_keeps_tasks_with_a_decision_no_reviewer_answered() {
    let app = TestApp::spawn().await;
    let d = |task: &str| new_record("decision", task, "agent", "a decision");
    let pending = app.append(&d("pending")).await;
    let reviewed = app.append(&d("reviewed")).await;
    review(&app, &reviewed, "approved").await;
    let overridden = app.append(&d("reviewed")).await;
    // The replacement is the reviewer's own decision: not one to review.
    review(&app, &overridden, "overridden").await;
    app.append(&new_record("plan", "no-decision", "agent", "a plan"))
        .await;
    // An answer that only mentions a verdict in its text is no verdict.
    let mentioned = app.append(&d("mentioned")).await;
    app.append(
        &json!({"type": "reflection", "task_id": "mentioned", "agent_id": "agent",
        "parent_id": mentioned["id"], "content": "no \"oversight\":{ here",
        "metadata": {"note": "\"oversight\":{\"verdict\":\"approved\"}"}}),
    )
    .await;
    // One decision of a task reviewed, another not: the task is listed.
    let both = app.append(&d("half")).await;
    review(&app, &both, "approved").await;
    app.append(&d("half")).await;
    assert_eq!(pending["seq"], 0);

    let list = html(&app, "/ui/tasks?unreviewed=1").await;
    assert_eq!(rows(&list), ["half", "mentioned", "pending"], "{list}");
    assert!(
        list.contains("with a decision no reviewer answered"),
        "{list}"
    );
    assert!(
        list.contains("<input type=\"checkbox\" name=\"unreviewed\" value=\"1\" checked>"),
        "{list}"
    );
    // The headers' orders keep the filter.
    assert!(
        list.contains("href=\"/ui/tasks?sort=name&#38;unreviewed=1\""),
        "{list}"
    );
    for task in ["half", "mentioned", "pending"] {
        assert!(
            row(&list, task).contains("<span class=\"badge unreviewed\">1</span>"),
            "{task}: {list}"
        );
    }
    let all = html(&app, "/ui/tasks").await;
    assert_eq!(rows(&all).len(), 5);
    assert!(row(&all, "reviewed").contains("<td class=\"num\">0</td>\n<td>"));
    // With a filter of records too.
    let both = html(&app, "/ui/tasks?unreviewed=1&agent_id=reviewer-1").await;
    assert_eq!(rows(&both), ["half"]);
    let (status, _, body) = page(&app, "/ui/records?unreviewed=1", &[]).await;
    assert_eq!(status, 400, "{body}");
    // The task's page counts its decisions no one reviewed.
    let half = html(&app, "/ui/tasks/half").await;
    assert!(
        half.contains("<dt>reviews</dt><dd>1 verdict; <span class=\"badge unreviewed\">1 decision not reviewed</span></dd>"),
        "{half}"
    );
}

#[tokio::test]
async fn a_task_opens_on_its_trace_and_says_its_verdict_once() {
    let app = TestApp::spawn().await;
    for content in ["one", "two"] {
        app.append(&new_record("plan", "said", "a", content)).await;
    }
    let body = html(&app, "/ui/tasks/said").await;
    assert!(body.contains("aria-current=\"page\">Trace</a>"), "{body}");
    assert!(body.contains("<a href=\"/ui/tasks/said?view=timeline\">Cards</a>"));
    assert!(
        body.contains("<strong>✓ Valid</strong> · <span class=\"wrap\">2 records · proven in checkpoint of size 2</span>"),
        "{body}"
    );
    assert!(!body.contains("valid, 2 records"), "said once: {body}");
    let cards = html(&app, "/ui/tasks/said?view=timeline").await;
    assert!(cards.contains("aria-current=\"page\">Cards</a>"), "{cards}");
    assert!(cards.contains("<article class=\"record\""));
    // Verify keeps the view.
    assert!(cards.contains("<input type=\"hidden\" name=\"view\" value=\"timeline\">"));
}

#[tokio::test]
async fn the_overview_labels_its_hours_oldest_left() {
    let app = TestApp::spawn().await;
    let body = html(&app, "/ui").await;
    let axis = &body[body.find("<p class=\"axis hours\"").unwrap()..];
    let axis = &axis[..axis.find("</p>").unwrap()];
    let hours: Vec<u32> = axis
        .split("<span>")
        .skip(1)
        .map(|s| s[..2].parse().unwrap())
        .collect();
    assert_eq!(hours.len(), 8, "{axis}");
    // Every third hour, each later than the one on its left.
    for pair in hours.windows(2) {
        assert_eq!(pair[1], (pair[0] + 3) % 24, "{axis}");
    }
    assert!(body.contains("oldest left"));
}

#[tokio::test]
async fn sessions_are_one_line_each_and_a_session_trace_is_grouped_by_task() {
    let app = TestApp::spawn().await;
    let in_session = |task: &str, content: &str| {
        let mut r = new_record("plan", task, "a", content);
        r["session_id"] = json!("sprint");
        r["metadata"] = json!({"input_tokens": 10, "output_tokens": 2});
        r
    };
    for (task, content) in [("t1", "a"), ("t2", "b"), ("t1", "c"), ("t2", "d")] {
        app.append(&in_session(task, content)).await;
    }
    let list = html(&app, "/ui/sessions").await;
    assert!(
        list.contains("<table class=\"list dense sessions\">"),
        "{list}"
    );
    assert!(
        list.contains("<th scope=\"row\" class=\"name\"><a href=\"/ui/sessions/sprint\">sprint</a></th><td class=\"num\">4</td>"),
        "{list}"
    );
    let trace = html(&app, "/ui/sessions/sprint?view=trace").await;
    let t1 = trace
        .find("<li class=\"group\"><a href=\"/ui/tasks/t1\">Task t1</a> <span class=\"hint\">2 records · 20 in · 4 out tokens</span></li>")
        .unwrap_or_else(|| panic!("{trace}"));
    let t2 = trace
        .find("<li class=\"group\"><a href=\"/ui/tasks/t2\">Task t2</a>")
        .unwrap();
    assert_eq!(trace.matches("<li class=\"group\">").count(), 2);
    // Each task's rows under its header: a, c, then b, d.
    let excerpt = |text: &str| {
        trace
            .find(&format!("<span class=\"excerpt\">{text}</span>"))
            .unwrap()
    };
    assert!(t1 < excerpt("a") && excerpt("a") < excerpt("c") && excerpt("c") < t2);
    assert!(t2 < excerpt("b") && excerpt("b") < excerpt("d"), "{trace}");
}
