//! The PostgreSQL database itself: it refuses rewrites written to it
//! directly, the service uses TLS where the URL asks for it, and an edit
//! made with a trigger turned off is caught.

use crate::support::{execute, postgres_database, postgres_server, signing_key_beside};

#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn the_database_refuses_rewrites_forks_and_gaps_written_directly() {
    postgres_server();
    let app = crate::support::TestApp::spawn().await;
    for i in 0..3 {
        app.append(&crate::support::new_record(
            "plan",
            "t",
            "a",
            &format!("r{i}"),
        ))
        .await;
    }
    let db = app.database_url.clone();
    for (sql, why) in [
        ("UPDATE thoughts SET content = 'x'::bytea WHERE seq = 1", "UPDATE"),
        ("DELETE FROM thoughts WHERE seq = 2", "DELETE"),
        ("TRUNCATE thoughts CASCADE", "TRUNCATE"),
        ("UPDATE log_hashes SET hash = hash WHERE idx = 0", "UPDATE"),
        ("DELETE FROM checkpoints", "DELETE"),
        ("TRUNCATE checkpoints", "TRUNCATE"),
        // A fork: a second record on seq 1's predecessor.
        ("INSERT INTO thoughts (log_index, id, task_id, seq, type, agent_id, content, timestamp, prev_hash, hash) \
          SELECT 3, 'fork', 't', 1, 'plan', 'a', 'x', '2030-01-01T00:00:00.000Z', hash, decode(repeat('f', 64), 'hex') \
          FROM thoughts WHERE task_id = 't' AND seq = 0", "unique"),
        // A link to a record that is not the one before.
        ("INSERT INTO thoughts (log_index, id, task_id, seq, type, agent_id, content, timestamp, prev_hash, hash) \
          SELECT 3, 'skip', 't', 3, 'plan', 'a', 'x', '2030-01-01T00:00:00.000Z', hash, decode(repeat('f', 64), 'hex') \
          FROM thoughts WHERE task_id = 't' AND seq = 0", "prev_hash must be the hash"),
        // A gap in the log.
        ("INSERT INTO thoughts (log_index, id, task_id, seq, type, agent_id, content, timestamp, prev_hash, hash) \
          SELECT 9, 'gap', 't', 3, 'plan', 'a', 'x', '2030-01-01T00:00:00.000Z', hash, decode(repeat('f', 64), 'hex') \
          FROM thoughts WHERE task_id = 't' AND seq = 2", "log_index must follow"),
    ] {
        let refused = execute(&db, sql).await.expect_err(sql);
        assert!(refused.contains(why), "{sql}: {refused}");
    }
    assert_eq!(crate::support::chain_length(&app, "t").await, 3);
    let verdict = app.get_json("/tasks/t/verify").await.1;
    assert_eq!(verdict["valid"], true);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn tls_is_used_where_the_url_asks_for_it() {
    use sqlx::Connection;
    let server = postgres_server();
    let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
    let (ssl,): (String,) = sqlx::query_as("SHOW ssl")
        .fetch_one(&mut admin)
        .await
        .unwrap();
    if ssl != "on" {
        crate::support::say(
            "SKIPPED tls_is_used_where_the_url_asks_for_it: the server has ssl off",
        );
        return;
    }
    let with = |url: &str, mode: &str| {
        format!(
            "{url}{}sslmode={mode}",
            if url.contains('?') { '&' } else { '?' }
        )
    };
    let app = crate::support::TestApp::builder()
        .config(move |c| c.database_url = with(&c.database_url, "require"))
        .spawn()
        .await;
    app.append(&crate::support::new_record("plan", "t", "a", "over TLS"))
        .await;
    assert_eq!(
        app.get_json("/thoughts?task_id=t").await.1["records"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let database = app
        .database_url
        .rsplit('/')
        .next()
        .unwrap()
        .split('?')
        .next()
        .unwrap()
        .to_string();
    let (over_tls, in_clear): (i64, i64) = sqlx::query_as(
        "SELECT count(*) FILTER (WHERE s.ssl), count(*) FILTER (WHERE NOT s.ssl) \
         FROM pg_stat_ssl s JOIN pg_stat_activity a ON a.pid = s.pid \
         WHERE a.application_name = 'decision-trail' AND a.datname = $1",
    )
    .bind(&database)
    .fetch_one(&mut admin)
    .await
    .unwrap();
    assert!(over_tls >= 1, "the service's connections use TLS");
    assert_eq!(in_clear, 0, "none in clear");
    // verify-full checks the server's certificate: a self-signed one is refused.
    let config = decision_trail::store::StoreConfig {
        database_url: with(&postgres_database(&server, &database), "verify-full"),
        signing_key: Some(signing_key_beside(&app.db_path)),
        ..Default::default()
    };
    let refused = match decision_trail::store::Store::open(&config).await {
        Ok(_) => panic!("a self-signed server certificate was accepted under verify-full"),
        Err(e) => e.to_string(),
    };
    assert!(
        refused.to_lowercase().contains("certificate") || refused.contains("tls"),
        "{refused}"
    );
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn a_record_edited_in_the_database_is_caught_by_the_walk_and_fsck() {
    postgres_server();
    let app = crate::support::TestApp::spawn().await;
    for i in 0..3 {
        app.append(&crate::support::new_record(
            "plan",
            "t",
            "a",
            &format!("r{i}"),
        ))
        .await;
    }
    // The search index follows the log within its refresh: caught up first,
    // so that fsck, reading the live database, does not race the indexer.
    assert_eq!(app.get("/search?q=r0&fresh=true").await.status(), 200);
    let db = app.database_url.clone();
    let (ok, out, err) = crate::support::run_binary(vec!["fsck".into(), db.clone()]).await;
    assert!(ok, "{out}{err}");
    assert!(out.contains("3 records"), "{out}");
    // An owner who turns the trigger off can edit a row; nothing else lets
    // the edit pass unseen.
    for sql in [
        "ALTER TABLE thoughts DISABLE TRIGGER thoughts_no_update",
        "UPDATE thoughts SET content = 'edited'::bytea WHERE seq = 1",
        "ALTER TABLE thoughts ENABLE TRIGGER thoughts_no_update",
    ] {
        execute(&db, sql).await.unwrap();
    }
    let verdict = app.get_json("/tasks/t/verify").await.1;
    assert_eq!(verdict["valid"], false, "{verdict}");
    assert_eq!(verdict["seq"], 1);
    assert_eq!(verdict["reason"], "hash_mismatch");
    let (ok, out, err) = crate::support::run_binary(vec!["fsck".into(), db.clone()]).await;
    assert!(!ok, "{out}");
    assert!(
        format!("{out}{err}").contains("hash_mismatch"),
        "{out}{err}"
    );
    // A trigger left disabled is refused at start, and named.
    execute(
        &db,
        "ALTER TABLE thoughts DISABLE TRIGGER thoughts_no_delete",
    )
    .await
    .unwrap();
    let (_, dir) = app.stop().await;
    let config = decision_trail::store::StoreConfig {
        database_url: db,
        signing_key: Some(signing_key_beside(
            &dir.as_ref().unwrap().path().join("trail.db"),
        )),
        ..Default::default()
    };
    let refused = match decision_trail::store::Store::open(&config).await {
        Ok(_) => panic!("a database with a disabled trigger was served"),
        Err(e) => e.to_string(),
    };
    assert!(refused.contains("thoughts_no_delete"), "{refused}");
}
