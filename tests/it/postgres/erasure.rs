//! Erasure on two replicas of one database: the same records erased on both
//! at once are each erased once, and every request is answered 200 (the
//! loser's with `erasure: null`, as for a record erased before); an
//! erasure an insider rewrote is no longer the one its erasure record
//! states, and the walk and fsck say so.

use futures_util::stream::{self, StreamExt};
use serde_json::{json, Value};

use super::{client, kill, replica, shared, url};
use crate::support::{execute, postgres_server};

#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn concurrent_erasures_on_two_replicas_erase_each_record_once_and_answer_200() {
    let server = postgres_server();
    let log = shared(&server).await;
    let (mut a, mut b) = (replica(&log, 0), replica(&log, 1));
    let client = client();
    let mut ids = Vec::new();
    for i in 0..20 {
        let record: Value = client
            .post(url(a.addr, "/thoughts"))
            .json(
                &json!({"type": "analysis", "task_id": format!("t-{}", i % 4),
                "agent_id": "a", "content": format!("personal data {i}"), "erasable": true}),
            )
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        ids.push(record["id"].as_str().unwrap().to_string());
    }
    // Each record erased on both replicas at once.
    let requests = ids
        .iter()
        .flat_map(|id| [(a.addr, id.clone()), (b.addr, id.clone())]);
    let answers: Vec<(u16, Value)> = stream::iter(requests)
        .map(|(addr, id)| {
            let client = client.clone();
            async move {
                let r = client
                    .delete(url(addr, &format!("/thoughts/{id}/content")))
                    .json(&json!({"reason": "GDPR Art. 17 request"}))
                    .send()
                    .await
                    .unwrap();
                (r.status().as_u16(), r.json().await.unwrap())
            }
        })
        .buffer_unordered(16)
        .collect()
        .await;
    for (status, body) in &answers {
        assert_eq!(*status, 200, "{body}");
        assert!(body["record"]["erased"].is_object(), "{body}");
    }
    let made = answers
        .iter()
        .filter(|(_, b)| !b["erasure"].is_null())
        .count();
    assert_eq!(made, ids.len(), "one erasure record per record");
    // The log says so too: one erasure record naming each.
    let mut named = 0;
    for task in 0..4 {
        let page: Value = client
            .get(url(
                a.addr,
                &format!("/thoughts?task_id=t-{task}&limit=1000"),
            ))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        named += page["records"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["metadata"]["erasure"].is_object())
            .count();
        let verdict: Value = client
            .get(url(b.addr, &format!("/tasks/t-{task}/verify")))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(verdict["valid"], true, "{verdict}");
    }
    assert_eq!(named, ids.len());
    kill(&mut a);
    kill(&mut b);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn an_erasure_an_insider_rewrote_is_erasure_unrecorded_in_the_walk_and_fsck() {
    let server = postgres_server();
    let log = shared(&server).await;
    let (mut a, mut b) = (replica(&log, 0), replica(&log, 1));
    let client = client();
    let record: Value = client
        .post(url(a.addr, "/thoughts"))
        .json(
            &json!({"type": "analysis", "task_id": "crm", "agent_id": "w",
            "content": "Call Ada at +44 20 7946 0000", "erasable": true}),
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = record["id"].as_str().unwrap();
    let erased = client
        .delete(url(a.addr, &format!("/thoughts/{id}/content")))
        .json(&json!({"reason": "GDPR Art. 17 request"}))
        .send()
        .await
        .unwrap();
    assert_eq!(erased.status(), 200);
    let verdict = |addr| {
        let client = client.clone();
        async move {
            client
                .get(url(addr, "/tasks/crm/verify"))
                .send()
                .await
                .unwrap()
                .json::<Value>()
                .await
                .unwrap()
        }
    };
    assert_eq!(verdict(b.addr).await["valid"], true);
    // Someone with the database's owner rights vouches for another erasure:
    // another agent, a later time, another reason. The guard is bypassed.
    for sql in [
        "ALTER TABLE thoughts DISABLE TRIGGER USER",
        "UPDATE thoughts SET erased_by = 'admin-1', erased_at = '2030-01-01T00:00:00.000Z', \
         erased_reason = 'routine cleanup' WHERE erased_at IS NOT NULL",
        "ALTER TABLE thoughts ENABLE TRIGGER USER",
    ] {
        execute(&log.url, sql).await.unwrap();
    }
    for addr in [a.addr, b.addr] {
        let v = verdict(addr).await;
        assert_eq!(v["valid"], false, "{v}");
        assert_eq!(v["reason"], "erasure_unrecorded", "{v}");
        assert_eq!(v["broken_at"], id, "{v}");
        assert!(v.to_string().contains("admin-1"), "{v}");
    }
    kill(&mut a);
    kill(&mut b);
    let (ok, out, err) = crate::support::run_binary(vec!["fsck".into(), log.url.clone()]).await;
    assert!(!ok, "{out}");
    assert!(
        format!("{out}{err}").contains("erasure_unrecorded")
            && format!("{out}{err}").contains("admin-1"),
        "{out}{err}"
    );
}
