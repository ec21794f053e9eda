//! With API keys: the login form until a key is posted, the cookie it
//! sets, its CSRF rule, logout, and the API that never reads the cookie.

use reqwest::StatusCode;
use serde_json::json;

use super::{browser, page};
use crate::support::{add_key, bearer, new_record, post_as, ring, TestApp, BIN, READER, WRITER};
use decision_trail::domain::api_keys::token_from_bytes;

/// Posts the login form as a page of the service would.
async fn login(app: &TestApp, token: &str, origin: Option<&str>) -> reqwest::Response {
    let mut request = browser()
        .post(app.url("/ui/login"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!("token={token}"));
    if let Some(origin) = origin {
        request = request.header("origin", origin);
    }
    request.send().await.unwrap()
}

#[tokio::test]
async fn with_keys_pages_need_a_login_and_the_cookie_reads_only_pages() {
    let app = TestApp::builder().keys(ring()).spawn().await;
    let r = post_as(
        &app,
        Some(&bearer(WRITER)),
        None,
        &new_record("plan", "secret-task", "planner-1", "hidden words"),
    )
    .await;
    assert_eq!(r.status(), 201);
    let id = r.json::<serde_json::Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let origin = format!("http://{}", app.addr);

    // No cookie: the login form, never data.
    for path in [
        "/ui",
        "/ui/tasks/secret-task",
        &format!("/ui/thoughts/{id}"),
        "/ui/search?q=hidden",
        "/ui/log",
    ] {
        let (status, headers, body) = page(&app, path, &[]).await;
        assert_eq!(status, 401, "{path}");
        assert!(body.contains("name=\"token\""), "{path}");
        assert!(
            !body.contains("secret-task") && !body.contains("hidden"),
            "{path}: {body}"
        );
        assert!(headers.contains_key("content-security-policy"), "{path}");
    }
    // The form and the root need no key.
    assert_eq!(page(&app, "/ui/login", &[]).await.0, 200);
    assert_eq!(page(&app, "/", &[]).await.0, 200);

    // A wrong key is refused; a reader key logs in.
    let wrong = login(&app, "dt_not_a_key", Some(&origin)).await;
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    assert!(wrong.headers().get("set-cookie").is_none());
    let reader = token_from_bytes(&READER);
    let ok = login(&app, &reader, Some(&origin)).await;
    assert_eq!(ok.status(), StatusCode::SEE_OTHER);
    let cookie = ok.headers()["set-cookie"].to_str().unwrap().to_string();
    for part in ["HttpOnly", "SameSite=Strict", "Path=/ui"] {
        assert!(cookie.contains(part), "{cookie}");
    }
    assert!(!cookie.contains("Secure"), "plain HTTP: {cookie}");
    let jar = cookie.split(';').next().unwrap().to_string();
    let (status, _, body) = page(&app, "/ui/tasks/secret-task", &[("cookie", &jar)]).await;
    assert_eq!(status, 200);
    assert!(
        body.contains("hidden words") && body.contains("Log out"),
        "{body}"
    );

    // The API never takes the cookie, for reads or for writes.
    let api = browser()
        .get(app.url("/tasks/secret-task"))
        .header("cookie", &jar)
        .send()
        .await
        .unwrap();
    assert_eq!(api.status(), 401);
    let write = browser()
        .post(app.url("/thoughts"))
        .header("cookie", &jar)
        .json(&json!({"type": "plan", "task_id": "x", "content": "forged"}))
        .send()
        .await
        .unwrap();
    assert_eq!(write.status(), 401);
    // A bearer key reads the pages too.
    let (status, _, _) = page(&app, "/ui", &[("authorization", &bearer(READER))]).await;
    assert_eq!(status, 200);

    // Logout clears the cookie.
    let out = browser()
        .post(app.url("/ui/logout"))
        .header("origin", &origin)
        .header("cookie", &jar)
        .send()
        .await
        .unwrap();
    assert_eq!(out.status(), StatusCode::SEE_OTHER);
    let cleared = out.headers()["set-cookie"].to_str().unwrap();
    assert!(
        cleared.starts_with("decision_trail_ui=;") && cleared.contains("Max-Age=0"),
        "{cleared}"
    );
}

#[tokio::test]
async fn a_login_or_logout_from_another_site_is_refused() {
    let app = TestApp::builder().keys(ring()).spawn().await;
    let reader = token_from_bytes(&READER);
    for origin in [None, Some("http://evil.example"), Some("null")] {
        let response = login(&app, &reader, origin).await;
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{origin:?}");
        assert!(response.headers().get("set-cookie").is_none());
    }
    let cross = browser()
        .post(app.url("/ui/login"))
        .header("sec-fetch-site", "cross-site")
        .header("origin", format!("http://{}", app.addr))
        .body(format!("token={reader}"))
        .send()
        .await
        .unwrap();
    assert_eq!(cross.status(), StatusCode::FORBIDDEN);
    let logout = browser()
        .post(app.url("/ui/logout"))
        .header("origin", "http://evil.example")
        .send()
        .await
        .unwrap();
    assert_eq!(logout.status(), StatusCode::FORBIDDEN);
    // Behind a TLS proxy the cookie is Secure.
    let secure = browser()
        .post(app.url("/ui/login"))
        .header("origin", format!("https://{}", app.addr))
        .header("x-forwarded-proto", "https")
        .body(format!("token={reader}"))
        .send()
        .await
        .unwrap();
    assert_eq!(secure.status(), StatusCode::SEE_OTHER);
    assert!(secure.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .contains("; Secure"));
}

#[tokio::test]
async fn an_open_service_needs_no_login() {
    let app = TestApp::spawn().await;
    let (status, headers, _) = page(&app, "/ui/login", &[]).await;
    assert_eq!(
        (status, headers["location"].to_str().unwrap()),
        (303, "/ui")
    );
    assert_eq!(page(&app, "/ui", &[]).await.0, 200);
}

/// The login page names the roles a key may have: each one it names is a
/// role `keys add` makes, and every such role is named.
#[tokio::test]
async fn the_login_page_names_the_roles_that_exist() {
    let app = TestApp::builder().keys(ring()).spawn().await;
    let (status, _, body) = page(&app, "/ui/login", &[]).await;
    assert_eq!(status, 200);
    let named = body
        .split_once("Any key (")
        .and_then(|(_, rest)| rest.split_once(')'))
        .map(|(roles, _)| roles.to_string())
        .unwrap_or_else(|| panic!("no list of roles: {body}"));
    let roles: Vec<&str> = named
        .split([',', ' '])
        .filter(|w| !w.is_empty() && *w != "or")
        .collect();
    assert_eq!(roles.len(), 4, "{named}");
    let dir = tempfile::tempdir().unwrap();
    let keys = dir.path().join("keys.jsonl");
    for role in &roles {
        assert!(
            add_key(&keys, "agent-1", role).starts_with("dtk_"),
            "{role}"
        );
    }
    // A role the page does not name is not one `keys add` makes.
    let out = std::process::Command::new(BIN)
        .args(["keys", "add", "--role", "auditor", "--agent-id", "a"])
        .arg("--keys-file")
        .arg(&keys)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&named),
        "the refusal lists the same roles: {err}"
    );
}
