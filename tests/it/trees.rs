//! Sessions and thought trees (docs/design.md §6): the optional `session_id`
//! and `parent_id`, hashed when present; a task's tree, a record's trail with
//! proofs, sessions; every refusal named; the database refusing a bad parent.

use decision_trail::domain::json;
use decision_trail::domain::record::Capabilities;
use decision_trail::domain::HashInput;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::support::{
    assert_hash_recomputes, assert_problem, data_file, new_record, oracle_leaf, problem_fields,
    TestApp,
};

/// Every optional hashed field hashes as an independent implementation says
/// (tests/data/optional_fields.py); without them, exactly as before.
#[test]
fn optional_fields_hash_as_the_independent_vectors_say() {
    let text = std::fs::read_to_string(data_file("optional_fields.json")).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    for case in doc["cases"].as_array().unwrap() {
        let r = &case["record"];
        let caps = r.get("capabilities").map(|c| {
            Capabilities::from_json("capabilities", &json::parse(&c.to_string(), 4).unwrap())
                .unwrap()
        });
        let metadata = r.get("metadata").map(|m| {
            decision_trail::domain::metadata::metadata_from_json(
                "metadata",
                &json::parse(&m.to_string(), 8).unwrap(),
            )
            .unwrap()
            .unwrap()
        });
        let s = |f: &str| r[f].as_str().unwrap();
        let input = HashInput {
            id: s("id"),
            r#type: s("type"),
            task_id: s("task_id"),
            content: s("content"),
            timestamp: s("timestamp"),
            prev_hash: s("prev_hash"),
            metadata: metadata.as_ref().map(|m| m.canonical()),
            capabilities: caps.as_ref().map(|c| c.canonical()),
            session_id: r["session_id"].as_str(),
            parent_id: r["parent_id"].as_str(),
            commitment: None,
        };
        let name = &case["name"];
        assert_eq!(
            input.canonical_json(),
            case["canonical"].as_str().unwrap(),
            "{name}"
        );
        assert_eq!(input.hash(), case["hash"].as_str().unwrap(), "{name}");
    }
}

async fn child(app: &TestApp, kind: &str, content: &str, parent: Option<&Value>) -> Value {
    let mut body = new_record(kind, "tree-task", "agent-1", content);
    body["session_id"] = json!("session-1");
    if let Some(p) = parent {
        body["parent_id"] = p["id"].clone();
    }
    let r = app.append(&body).await;
    assert_hash_recomputes(&r);
    r
}

/// RFC 9162 §2.1.3.2, written here from the RFC: the root an inclusion proof
/// leads to.
fn root_from_proof(index: u64, size: u64, leaf: &[u8], proof: &[Value]) -> Vec<u8> {
    let node = |l: &[u8], r: &[u8]| {
        let mut h = Sha256::new();
        h.update([1u8]);
        h.update(l);
        h.update(r);
        h.finalize().to_vec()
    };
    let mut h = Sha256::new();
    h.update([0u8]);
    h.update(leaf);
    let (mut fnn, mut sn, mut r) = (index, size - 1, h.finalize().to_vec());
    for p in proof {
        let p = hex::decode(p.as_str().unwrap()).unwrap();
        assert!(sn > 0, "proof too long");
        if fnn % 2 == 1 || fnn == sn {
            r = node(&p, &r);
            while fnn % 2 == 0 && fnn != 0 {
                fnn >>= 1;
                sn >>= 1;
            }
        } else {
            r = node(&r, &p);
        }
        fnn >>= 1;
        sn >>= 1;
    }
    assert_eq!(sn, 0, "proof too short");
    r
}

/// The donor's example: root → analysis_1 → decision_A / decision_B,
/// root → analysis_2.
#[tokio::test]
async fn the_example_tree_nests_and_its_trail_is_provable() {
    let app = TestApp::spawn().await;
    let root = child(&app, "plan", "root", None).await;
    let a1 = child(&app, "analysis", "analysis_1", Some(&root)).await;
    let da = child(&app, "decision", "decision_A", Some(&a1)).await;
    let a2 = child(&app, "analysis", "analysis_2", Some(&root)).await;
    let db = child(&app, "decision", "decision_B", Some(&a1)).await;
    assert_eq!(db["parent_id"], a1["id"]);
    assert_eq!(root.get("parent_id"), None);

    let (status, tree) = app.get_json("/tasks/tree-task/tree").await;
    assert_eq!(status, 200, "{tree}");
    fn shape(node: &Value) -> Value {
        json!([
            node["record"]["content"],
            node["children"]
                .as_array()
                .unwrap()
                .iter()
                .map(shape)
                .collect::<Vec<_>>()
        ])
    }
    let roots: Vec<Value> = tree["roots"]
        .as_array()
        .unwrap()
        .iter()
        .map(shape)
        .collect();
    assert_eq!(
        json!(roots),
        json!([[
            "root",
            [
                ["analysis_1", [["decision_A", []], ["decision_B", []]]],
                ["analysis_2", []]
            ]
        ]])
    );
    assert_eq!(tree["records"], 5);
    assert!(tree["next"].is_null());

    // Paged: two records a page; a record whose parent is on an earlier page
    // is a root of its page.
    let (_, first) = app.get_json("/tasks/tree-task/tree?limit=2").await;
    let roots: Vec<Value> = first["roots"]
        .as_array()
        .unwrap()
        .iter()
        .map(shape)
        .collect();
    assert_eq!(json!(roots), json!([["root", [["analysis_1", []]]]]));
    let next = first["next"].as_str().unwrap();
    let (_, second) = app
        .get_json(&format!("/tasks/tree-task/tree?limit=2&after={next}"))
        .await;
    let roots: Vec<Value> = second["roots"]
        .as_array()
        .unwrap()
        .iter()
        .map(shape)
        .collect();
    assert_eq!(
        json!(roots),
        json!([["decision_A", []], ["analysis_2", []]])
    );

    let (status, trail) = app
        .get_json(&format!("/thoughts/{}/trail", db["id"].as_str().unwrap()))
        .await;
    assert_eq!(status, 200, "{trail}");
    let steps = trail["trail"].as_array().unwrap();
    let contents: Vec<&str> = steps
        .iter()
        .map(|s| s["record"]["content"].as_str().unwrap())
        .collect();
    assert_eq!(contents, ["root", "analysis_1", "decision_B"]);
    let size = trail["tree_size"].as_u64().unwrap();
    let note_root = {
        use base64::Engine;
        let line = trail["checkpoint"]
            .as_str()
            .unwrap()
            .lines()
            .nth(2)
            .unwrap()
            .to_string();
        base64::engine::general_purpose::STANDARD
            .decode(line)
            .unwrap()
    };
    assert_eq!(hex::encode(&note_root), trail["root"].as_str().unwrap());
    for s in steps {
        let leaf = oracle_leaf(&s["record"]);
        let root = root_from_proof(
            s["log_index"].as_u64().unwrap(),
            size,
            &leaf,
            s["inclusion_proof"].as_array().unwrap(),
        );
        assert_eq!(root, note_root, "{}", s["record"]["content"]);
    }
    let _ = (da, a2);
    assert_problem(app.get("/thoughts/nope/trail").await, 404, "not_found").await;
    assert_problem(app.get("/tasks/nope/tree").await, 404, "not_found").await;
    // The chain of the tree verifies.
    let (_, verdict) = app.get_json("/tasks/tree-task/verify").await;
    assert_eq!(verdict["valid"], true);
}

#[tokio::test]
async fn a_bad_parent_or_session_is_refused_naming_the_field() {
    let app = TestApp::spawn().await;
    let other = app
        .append(&new_record("plan", "other-task", "a", "elsewhere"))
        .await;
    let mine = app.append(&new_record("plan", "t", "a", "mine")).await;
    let cases = [
        (json!("no-such-record"), "parent_id"),
        (other["id"].clone(), "parent_id"),
        (json!(42), "parent_id"),
    ];
    for (parent, field) in cases {
        let mut body = new_record("analysis", "t", "a", "x");
        body["parent_id"] = parent;
        let p = assert_problem(app.post(&body).await, 400, "invalid_params").await;
        assert_eq!(problem_fields(&p), [field], "{p}");
    }
    let mut body = new_record("analysis", "t", "a", "x");
    body["session_id"] = json!("bad\u{0}session");
    body["parent_id"] = json!("");
    let p = assert_problem(app.post(&body).await, 400, "invalid_params").await;
    assert_eq!(problem_fields(&p), ["session_id", "parent_id"]);
    assert_eq!(crate::support::chain_length(&app, "t").await, 1);
    // A good parent is accepted.
    let mut body = new_record("analysis", "t", "a", "answers mine");
    body["parent_id"] = mine["id"].clone();
    app.append(&body).await;

    // The database itself refuses the same, written directly.
    let url = app.database_url.clone();
    let _stopped = app.stop().await;
    let insert = |parent: &str, seq: i64, log_index: i64| {
        format!(
            "INSERT INTO thoughts (log_index, id, task_id, seq, type, agent_id, content, timestamp, prev_hash, hash, parent_id) \
             SELECT {log_index}, 'direct-{seq}', 't', {seq}, 'plan', 'a', 'x', '2030-01-01T00:00:00.000Z', hash, '{}', '{parent}' \
             FROM thoughts WHERE task_id = 't' AND seq = {}",
            "f".repeat(64),
            seq - 1
        )
    };
    for parent in ["no-such-record", other["id"].as_str().unwrap(), "direct-2"] {
        let e = crate::support::execute(&url, &insert(parent, 2, 3))
            .await
            .unwrap_err();
        assert!(
            e.contains("parent_id must be an earlier record"),
            "{parent}: {e}"
        );
    }
}

#[tokio::test]
async fn sessions_group_records_across_tasks() {
    let app = TestApp::spawn().await;
    for (i, (task, agent, session)) in [
        ("t1", "a1", Some("s-1")),
        ("t2", "a2", Some("s-1")),
        ("t1", "a1", Some("s-2")),
        ("t3", "a1", Some("s-1")),
        ("t3", "a3", None),
    ]
    .iter()
    .enumerate()
    {
        let mut body = new_record("plan", task, agent, &i.to_string());
        if let Some(s) = session {
            body["session_id"] = json!(s);
        }
        app.append(&body).await;
    }
    let (status, s1) = app.get_json("/sessions/s-1").await;
    assert_eq!(status, 200);
    assert_eq!(s1["length"], 3);
    assert_eq!(s1["tasks"], json!(["t1", "t2", "t3"]));
    assert_eq!(s1["agents"], json!(["a1", "a2"]));
    assert!(s1["first_timestamp"].as_str().unwrap() <= s1["last_timestamp"].as_str().unwrap());
    assert_problem(app.get("/sessions/none").await, 404, "not_found").await;

    let (_, page) = app.get_json("/thoughts?session_id=s-1").await;
    let contents: Vec<&str> = page["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["content"].as_str().unwrap())
        .collect();
    assert_eq!(contents, ["0", "1", "3"]);
    let (_, page) = app.get_json("/thoughts?session_id=s-1&task_id=t3").await;
    assert_eq!(page["records"].as_array().unwrap().len(), 1);

    let (_, list) = app.get_json("/sessions?limit=1").await;
    assert_eq!(list["sessions"][0]["session_id"], "s-1");
    assert_eq!(list["sessions"][0]["length"], 3);
    let next = list["next"].as_str().unwrap();
    let (_, rest) = app
        .get_json(&format!("/sessions?limit=1&after={next}"))
        .await;
    assert_eq!(rest["sessions"][0]["session_id"], "s-2");
    assert!(rest["next"].is_null());
    let never = decision_trail::domain::cursor::encode(
        decision_trail::domain::cursor::CursorKind::Sessions,
        1,
    );
    let p = assert_problem(
        app.get(&format!("/sessions?after={never}")).await,
        400,
        "invalid_params",
    )
    .await;
    assert_eq!(problem_fields(&p), ["after"]);
}

/// The tree tools over MCP answer the REST bodies.
#[tokio::test]
async fn the_tree_and_trail_tools_answer_the_rest_bodies() {
    let app = TestApp::spawn().await;
    let root = child(&app, "plan", "root", None).await;
    let leaf = child(&app, "decision", "leaf", Some(&root)).await;
    for (tool, args, path) in [
        (
            "thought_tree",
            json!({"task_id": "tree-task"}),
            "/tasks/tree-task/tree".to_string(),
        ),
        (
            "thought_trail",
            json!({"id": leaf["id"]}),
            format!("/thoughts/{}/trail", leaf["id"].as_str().unwrap()),
        ),
    ] {
        let r = app
            .client
            .post(app.url("/mcp"))
            .header("accept", "application/json, text/event-stream")
            .json(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                          "params": {"name": tool, "arguments": args}}))
            .send()
            .await
            .unwrap();
        let answer: Value = r.json().await.unwrap();
        let (_, rest) = app.get_json(&path).await;
        assert_eq!(
            answer["result"]["structuredContent"]["data"], rest,
            "{tool}"
        );
    }
}
