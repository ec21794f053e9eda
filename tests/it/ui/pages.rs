//! Every page, its content escaped, its headers; wrong input; `GET /`.

use serde_json::json;

use super::{html, link, next_page, page, record};
use crate::support::TestApp;

#[tokio::test]
async fn every_page_answers_with_its_content() {
    let app = TestApp::spawn().await;
    let root = record(
        &app,
        "refactor-auth",
        "Split the module.\nThen test.",
        json!({
            "session_id": "sprint-7",
            "metadata": {"confidence": 0.8}
        }),
    )
    .await;
    let child = record(
        &app,
        "refactor-auth",
        "Chose JWT over sessions.",
        json!({
            "parent_id": root["id"], "session_id": "sprint-7"
        }),
    )
    .await;
    record(&app, "other-task", "cache the index", json!({})).await;

    let list = html(&app, "/ui/tasks").await;
    assert!(
        list.contains("refactor-auth") && list.contains("other-task"),
        "{list}"
    );
    // Newest activity first.
    assert!(
        list.find("other-task") < list.find("refactor-auth"),
        "{list}"
    );
    assert!(
        list.contains("<td class=\"num\">2</td>")
            && list.contains("<span class=\"hint\">not walked yet</span>"),
        "{list}"
    );

    let task = html(&app, "/ui/tasks/refactor-auth?view=timeline").await;
    assert!(
        task.contains("Split the module.\nThen test."),
        "line breaks kept: {task}"
    );
    assert!(
        task.contains("&#34;confidence&#34;: 0.8"),
        "metadata: {task}"
    );
    // Metadata as rows of keys and values, and raw.
    assert!(
        task.contains("<th scope=\"row\">confidence</th><td>0.8</td>"),
        "{task}"
    );
    // A parent is named by its place and type, linking to it.
    let answers = format!(
        "answers <a href=\"/ui/thoughts/{}\">#0 plan</a>",
        root["id"].as_str().unwrap()
    );
    assert!(task.contains(&answers), "{answers} in {task}");
    let session = html(&app, "/ui/sessions/sprint-7").await;
    assert!(session.contains(&answers), "{answers} in {session}");
    let tree = html(&app, "/ui/tasks/refactor-auth?view=tree").await;
    let (root_at, child_at) = (
        tree.find("<details open>").unwrap(),
        tree.find("Chose JWT").unwrap(),
    );
    assert!(
        root_at < child_at,
        "the child is nested under its root: {tree}"
    );

    let id = child["id"].as_str().unwrap();
    let thought = html(&app, &format!("/ui/thoughts/{id}")).await;
    for expected in [
        child["hash"].as_str().unwrap(),
        "matches the stored hash",
        "decision-trail verify --url",
        &format!("/ui/thoughts/{id}/receipt"),
        &format!("/ui/thoughts/{}", root["id"].as_str().unwrap()),
        "/ui/sessions/sprint-7",
        "Inclusion proof",
    ] {
        assert!(thought.contains(expected), "{expected} in {thought}");
    }
    // Its parent named by place and type (read for the page), its id beside.
    let root_id = root["id"].as_str().unwrap();
    assert!(
        thought.contains(&format!(
            "<a href=\"/ui/thoughts/{root_id}\">#0 plan</a> <span class=\"mono hint\">{root_id}</span>"
        )),
        "{thought}"
    );
    // The metadata as a table of its keys, as the trace view's detail shows it.
    let root_page = html(&app, &format!("/ui/thoughts/{root_id}")).await;
    assert!(
        root_page.contains("<th scope=\"row\">confidence</th><td>0.8</td>"),
        "{root_page}"
    );
    // The canonical bytes shown hash to the record's hash.
    let start = thought.find("<pre id=\"canonical\">").unwrap() + 20;
    let shown = &thought[start..start + thought[start..].find("</pre>").unwrap()];
    let canonical = shown.replace("&#34;", "\"").replace("&#39;", "'");
    use sha2::Digest;
    assert_eq!(
        hex::encode(sha2::Sha256::digest(canonical.as_bytes())),
        child["hash"].as_str().unwrap()
    );
    let root_page = html(
        &app,
        &format!("/ui/thoughts/{}", root["id"].as_str().unwrap()),
    )
    .await;
    assert!(
        root_page.contains(&format!("/ui/thoughts/{id}")),
        "children and next link: {root_page}"
    );

    let (status, headers, receipt) = page(&app, &format!("/ui/thoughts/{id}/receipt"), &[]).await;
    assert_eq!(status, 200);
    assert!(headers["content-disposition"]
        .to_str()
        .unwrap()
        .starts_with("attachment"));
    let receipt: serde_json::Value = serde_json::from_str(&receipt).unwrap();
    assert_eq!(receipt["record"]["id"], child["id"]);

    let session = html(&app, "/ui/sessions/sprint-7").await;
    assert!(
        session.contains("Chose JWT") && session.contains("/ui/tasks/refactor-auth"),
        "{session}"
    );

    let search = html(&app, "/ui/search?q=jwt").await;
    assert!(search.contains("<mark>JWT</mark>"), "{search}");
    let empty_form = html(&app, "/ui/search").await;
    assert!(empty_form.contains("name=\"q\""));

    let filtered = html(&app, "/ui/records?type=plan&agent_id=agent-1&since=&until=").await;
    assert!(
        filtered.contains("cache the index") && filtered.contains("Chose JWT"),
        "{filtered}"
    );
    let none = html(&app, "/ui/records?agent_id=nobody").await;
    assert!(none.contains("No record matches."), "{none}");
    // An older link to the records' filters, on /ui, is sent there.
    let (status, headers, _) = page(&app, "/ui?agent_id=nobody", &[]).await;
    assert_eq!(
        (status, headers["location"].to_str().unwrap()),
        (303, "/ui/records?agent_id=nobody")
    );

    let log = html(&app, "/ui/log").await;
    assert!(
        log.contains("3 records") && log.contains("localhost/decision-trail"),
        "{log}"
    );
}

#[tokio::test]
async fn a_script_in_content_and_metadata_is_shown_as_text_under_a_strict_policy() {
    let app = TestApp::spawn().await;
    let evil = "<script>alert('x')</script><img src=x onerror=alert(1)>";
    let r = record(
        &app,
        "<b>task</b>",
        evil,
        json!({
            "metadata": {"note": evil}, "session_id": "\"><script>s</script>"
        }),
    )
    .await;
    for path in [
        "/ui".to_string(),
        "/ui/tasks".to_string(),
        "/ui/agents".to_string(),
        "/ui/tasks/%3Cb%3Etask%3C%2Fb%3E".to_string(),
        "/ui/tasks/%3Cb%3Etask%3C%2Fb%3E?view=trace".to_string(),
        "/ui/tasks/%3Cb%3Etask%3C%2Fb%3E/report".to_string(),
        format!("/ui/thoughts/{}", r["id"].as_str().unwrap()),
        "/ui/search?q=alert".to_string(),
        "/ui/records?agent_id=agent-1".to_string(),
    ] {
        let (status, headers, body) = page(&app, &path, &[]).await;
        assert_eq!(status, 200, "{path}");
        // The scripts are the service's own files: the arrow keys', and on
        // a task's page and report the reader's own check.
        let reader = path.starts_with("/ui/tasks/%3C");
        assert_eq!(
            body.matches("<script").count(),
            1 + usize::from(reader),
            "{path}: {body}"
        );
        assert!(body.contains("<script src=\"/ui/assets/keys-"), "{path}");
        if reader {
            assert!(
                body.contains("<script type=\"module\" src=\"/ui/assets/reader-"),
                "{path}"
            );
        }
        assert!(!body.contains("<img"), "{path}");
        assert!(!body.contains("<b>task"), "{path}");
        assert!(
            path == "/ui/agents"
                || body.contains("&#60;script&#62;")
                || body.contains("&#60;b&#62;task"),
            "{path}: {body}"
        );
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("default-src 'none'"), "{csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert!(!csp.contains("unsafe-inline"), "{csp}");
        assert!(csp.contains("script-src 'self'"), "{csp}");
        assert!(csp.contains("connect-src 'self'"), "{csp}");
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["referrer-policy"], "same-origin");
    }
}

#[tokio::test]
async fn the_stylesheet_is_served_for_good_under_its_name() {
    let app = TestApp::spawn().await;
    let body = html(&app, "/ui").await;
    let css = link(&body, "/ui/assets/style-").unwrap();
    let (status, headers, text) = page(&app, &css, &[]).await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "text/css; charset=utf-8");
    assert!(headers["cache-control"]
        .to_str()
        .unwrap()
        .contains("immutable"));
    assert!(text.contains("prefers-color-scheme: dark"));
    let (status, _, _) = page(&app, "/ui/assets/style-0000.css", &[]).await;
    assert_eq!(status, 404);
    let at = body.find("src=\"/ui/assets/keys-").unwrap() + 5;
    let js = &body[at..at + body[at..].find('"').unwrap()];
    let (status, headers, text) = page(&app, js, &[]).await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "text/javascript; charset=utf-8");
    assert!(text.contains("ArrowDown"));
}

/// The reader's own check: the task page names the export and the
/// verifier's entry module; the modules it imports by relative name are
/// served beside it (a stale folder is 404), and the export behind the
/// pages is the API's, byte for byte.
#[tokio::test]
async fn the_reader_check_is_served_the_verifier_and_the_export() {
    let app = TestApp::spawn().await;
    record(&app, "t", "x", json!({})).await;
    record(&app, "t", "y", json!({})).await;
    let body = html(&app, "/ui/tasks/t").await;
    let attr = |name: &str| {
        let at = body.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        body[at..at + body[at..].find('"').unwrap()].to_string()
    };
    let verifier = attr("data-verifier");
    assert!(verifier.starts_with("/ui/assets/verifier-") && verifier.ends_with("/verify.js"));
    let (status, headers, text) = page(&app, &verifier, &[]).await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "text/javascript; charset=utf-8");
    assert!(text.contains("export async function verify"), "{text}");
    // Every module it imports, beside it.
    for module in text
        .split("from './")
        .skip(1)
        .map(|rest| &rest[..rest.find('\'').unwrap()])
    {
        let path = verifier.replace("verify.js", module);
        assert_eq!(page(&app, &path, &[]).await.0, 200, "{path}");
    }
    let (status, _, _) = page(&app, "/ui/assets/verifier-0000/verify.js", &[]).await;
    assert_eq!(status, 404);
    assert_eq!(
        attr("data-served-key"),
        app.get("/log/key").await.text().await.unwrap().trim()
    );
    let export = attr("data-export");
    assert_eq!(export, "/ui/tasks/t/export");
    let (status, _, served) = page(&app, &export, &[]).await;
    assert_eq!(status, 200);
    assert_eq!(
        served,
        app.get("/tasks/t/export").await.text().await.unwrap()
    );
    assert_eq!(served.lines().count(), 3);
}

#[tokio::test]
async fn wrong_input_answers_its_status_as_a_page() {
    let app = TestApp::spawn().await;
    record(&app, "t", "x", json!({})).await;
    for (path, status) in [
        ("/ui/tasks/nope", 404),
        ("/ui/thoughts/nope", 404),
        ("/ui/sessions/nope", 404),
        ("/ui/nowhere", 404),
        ("/ui/tasks/t?view=sideways", 400),
        ("/ui/tasks/t?after=bogus", 400),
        ("/ui/tasks/t?view=sideways", 400),
        ("/ui/records?type=musing", 400),
        ("/ui/tasks?since=yesterday", 400),
        ("/ui/tasks?colour=red", 400),
        ("/ui/tasks?sort=alphabetical", 400),
        ("/ui/tasks?page=0", 400),
        ("/ui/tasks?page=two", 400),
        ("/ui/records?sort=length", 400),
        ("/ui/agents?page=0", 400),
        ("/ui/tasks/nope/report", 404),
        ("/ui/search?q=a%20OR%20b", 400),
    ] {
        let (got, headers, body) = page(&app, path, &[]).await;
        assert_eq!(got, status, "{path}: {body}");
        assert_eq!(
            headers["content-type"], "text/html; charset=utf-8",
            "{path}"
        );
        assert!(headers.contains_key("content-security-policy"), "{path}");
    }
    let response = super::browser().post(app.url("/ui")).send().await.unwrap();
    assert_eq!(response.status(), 405);
}

#[tokio::test]
async fn the_root_sends_a_browser_to_the_ui_and_anything_else_an_index() {
    let app = TestApp::spawn().await;
    let (status, headers, _) = page(&app, "/", &[("accept", "text/html,*/*;q=0.8")]).await;
    assert_eq!(
        (status, headers["location"].to_str().unwrap()),
        (303, "/ui")
    );
    for accept in [None, Some("application/json"), Some("*/*")] {
        let headers: Vec<(&str, &str)> = accept.map(|a| ("accept", a)).into_iter().collect();
        let (status, answer, body) = page(&app, "/", &headers).await;
        assert_eq!(status, 200, "{accept:?}");
        assert_eq!(answer["content-type"], "application/json");
        let index: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(
            index,
            json!({"ui": "/ui", "docs": "/docs", "openapi": "/openapi.json",
                   "checkpoint": "/log/checkpoint", "metrics": "/metrics"})
        );
    }
}

#[tokio::test]
async fn search_pages_follow_the_first_page_s_order_with_the_same_filters() {
    let app = TestApp::spawn().await;
    for i in 0..25 {
        record(&app, "s", &format!("quokka sighting {i}"), json!({})).await;
    }
    record(
        &app,
        "s",
        "quokka by someone else",
        json!({"agent_id": "agent-2"}),
    )
    .await;
    let first = html(&app, "/ui/search?q=quokka&agent_id=agent-1").await;
    assert_eq!(first.matches("<mark>quokka</mark>").count(), 20, "{first}");
    let next = super::next_page(&first).expect("a next page");
    assert!(
        next.contains("agent_id=agent-1") && next.contains("q=quokka"),
        "{next}"
    );
    // Appended after the first page: not on the next one.
    record(&app, "s", "quokka late", json!({})).await;
    let second = html(&app, &next).await;
    assert_eq!(second.matches("<mark>quokka</mark>").count(), 5, "{second}");
    assert!(
        !second.contains("late") && !second.contains("someone else"),
        "{second}"
    );
    assert!(super::next_page(&second).is_none());
}

#[tokio::test]
async fn an_erased_record_shows_who_erased_it_and_why_and_its_task_still_verifies() {
    let app = TestApp::spawn().await;
    let r = app
        .append(&json!({"type": "plan", "task_id": "gdpr", "agent_id": "a",
            "content": "Call Ada on 0123", "erasable": true}))
        .await;
    let id = r["id"].as_str().unwrap();
    let erased = app
        .client
        .delete(app.url(&format!("/thoughts/{id}/content")))
        .json(&json!({"reason": "Art. 17 request", "agent_id": "dpo"}))
        .send()
        .await
        .unwrap();
    assert_eq!(erased.status(), 200);
    for path in [format!("/ui/thoughts/{id}"), "/ui/tasks/gdpr".into()] {
        let body = html(&app, &path).await;
        assert!(
            body.contains("Content erased") && body.contains("by dpo: Art. 17 request"),
            "{path}: {body}"
        );
        assert!(!body.contains("Call Ada"), "{path} still shows the content");
    }
    let record_page = html(&app, &format!("/ui/thoughts/{id}")).await;
    assert!(record_page.contains(r["content_commitment"].as_str().unwrap()));
    // A legal hold is said on the task's page.
    let held = app
        .client
        .put(app.url("/tasks/gdpr/hold"))
        .json(&json!({"reason": "litigation 2026-7"}))
        .send()
        .await
        .unwrap();
    assert_eq!(held.status(), 201);
    let task_page = html(&app, "/ui/tasks/gdpr").await;
    assert!(
        task_page.contains("Legal hold.") && task_page.contains("litigation 2026-7"),
        "{task_page}"
    );
}

/// `/ui/sessions` lists every work session, each linking to its page, 50 to
/// a page with a link to the next; the navigation names it on every page.
#[tokio::test]
async fn the_sessions_page_lists_every_session_a_page_at_a_time() {
    let app = TestApp::spawn().await;
    let empty = html(&app, "/ui/sessions").await;
    assert!(empty.contains("No session yet"), "{empty}");
    for i in 0..52 {
        let session = format!("sprint-{i:02}");
        record(
            &app,
            &format!("task-{}", i % 3),
            "a step",
            json!({ "session_id": session }),
        )
        .await;
    }
    // A record of no session is in no session.
    record(&app, "task-0", "no session", json!({})).await;
    let first = html(&app, "/ui/sessions").await;
    assert!(
        first.contains("href=\"/ui/sessions\""),
        "the navigation: {first}"
    );
    let mut seen: Vec<String> = Vec::new();
    let mut body = first;
    loop {
        let mut rest = body.as_str();
        while let Some(href) = link(rest, "/ui/sessions/") {
            seen.push(href.clone());
            rest = &rest[rest.find(&format!("href=\"{href}\"")).unwrap() + href.len()..];
        }
        match next_page(&body) {
            Some(next) => body = html(&app, &next).await,
            None => break,
        }
    }
    let expected: Vec<String> = (0..52)
        .map(|i| format!("/ui/sessions/sprint-{i:02}"))
        .collect();
    assert_eq!(
        seen, expected,
        "every session once, in the order they began"
    );
    let one = html(&app, "/ui/sessions/sprint-07").await;
    assert!(one.contains("/ui/tasks/task-1"), "{one}");
}

/// A record's card carries chips for the model, the tokens, the tool and the
/// span's duration when its metadata says them (as the OTLP mapping writes
/// them), and folds a nested value.
#[tokio::test]
async fn a_record_card_says_model_tokens_tool_and_duration() {
    let app = TestApp::spawn().await;
    record(
        &app,
        "chips",
        "search_trains({})",
        json!({ "metadata": {
            "gen_ai.response.model": "gpt-4o-2024-08-06",
            "gen_ai.usage.input_tokens": 412,
            "gen_ai.usage.output_tokens": 58,
            "gen_ai.tool.name": "search_trains",
            "otel.start_time": "2026-04-11T09:00:00.000000000Z",
            "otel.end_time": "2026-04-11T09:00:00.250000000Z",
            "arguments": {"from": "Lyon", "to": "Paris"}
        }}),
    )
    .await;
    let task = html(&app, "/ui/tasks/chips").await;
    for chip in [
        "<span class=\"chip-label\">model</span> gpt-4o-2024-08-06",
        "<span class=\"chip-label\">tokens</span> 412 in · 58 out",
        "<span class=\"chip-label\">tool</span> search_trains",
        "<span class=\"chip-label\">took</span> 250 ms",
    ] {
        assert!(task.contains(chip), "{chip} in {task}");
    }
    assert!(
        task.contains("<th scope=\"row\">arguments</th><td><details><summary>{…} 2 keys</summary>"),
        "{task}"
    );
}
