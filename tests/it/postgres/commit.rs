//! A commit whose outcome the service cannot see: a TCP proxy between the
//! service and PostgreSQL cuts the writer's connection right after the
//! server answered a COMMIT (the commit took effect, its answer is lost),
//! or right before the COMMIT reaches the server (it did not). The service
//! learns the outcome before it answers: 201 for the first, 503 for the
//! second, and a retry with the same Idempotency-Key writes nothing twice.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use super::{client, kill, shared, url};
use crate::support::{postgres_server, serve_database};

/// The one COMMIT of the simple query protocol: `Q`, its length, the text.
const COMMIT: &[u8] = b"Q\0\0\0\x0bCOMMIT\0";

/// Where the next COMMIT is cut.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Cut {
    /// After the server's answer to it: committed, the answer lost.
    AfterAnswer,
    /// Before it is forwarded: the server never sees it.
    BeforeCommit,
}

/// A TCP proxy in front of PostgreSQL that cuts one connection at the
/// next COMMIT when armed.
struct Proxy {
    port: u16,
    armed: Arc<Mutex<Option<Cut>>>,
    cuts: Arc<AtomicUsize>,
}

impl Proxy {
    /// Runs on a thread and runtime of its own: the test's runtime blocks
    /// while the service starts.
    fn start(upstream: String) -> Proxy {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let armed = Arc::new(Mutex::new(None));
        let cuts = Arc::new(AtomicUsize::new(0));
        let (a, c) = (armed.clone(), cuts.clone());
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let listener = TcpListener::from_std(listener).unwrap();
                while let Ok((client, _)) = listener.accept().await {
                    let Ok(server) = TcpStream::connect(&upstream).await else {
                        continue;
                    };
                    tokio::spawn(pipe(client, server, a.clone(), c.clone()));
                }
            });
        });
        Proxy { port, armed, cuts }
    }

    fn arm(&self, cut: Cut) {
        *self.armed.lock().unwrap() = Some(cut);
    }
}

/// Copies both ways; at an armed COMMIT, cuts both sides (dropping them).
async fn pipe(
    mut client: TcpStream,
    mut server: TcpStream,
    armed: Arc<Mutex<Option<Cut>>>,
    cuts: Arc<AtomicUsize>,
) {
    let (mut client_read, mut client_write) = client.split();
    let (mut server_read, mut server_write) = server.split();
    let mut up = vec![0u8; 64 * 1024];
    let mut down = vec![0u8; 64 * 1024];
    let mut cut_at_answer = false;
    loop {
        tokio::select! {
            n = client_read.read(&mut up) => {
                let Ok(n @ 1..) = n else { return };
                let chunk = &up[..n];
                if chunk.windows(COMMIT.len()).any(|w| w == COMMIT) {
                    let cut = armed.lock().unwrap().take();
                    if cut == Some(Cut::BeforeCommit) {
                        cuts.fetch_add(1, Ordering::SeqCst);
                        return;
                    }
                    cut_at_answer |= cut == Some(Cut::AfterAnswer);
                }
                if server_write.write_all(chunk).await.is_err() {
                    return;
                }
            }
            n = server_read.read(&mut down) => {
                let Ok(n @ 1..) = n else { return };
                if cut_at_answer {
                    // The server answered the COMMIT: it is durable there.
                    cuts.fetch_add(1, Ordering::SeqCst);
                    return;
                }
                if client_write.write_all(&down[..n]).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// `postgres://user@host:port/name` with the proxy's port in place of the
/// server's, TLS off (the proxy reads the protocol), and the server's
/// `host:port`.
fn through(database_url: &str, proxy_port: u16) -> (String, String) {
    let (scheme, rest) = database_url.split_once("://").unwrap();
    let (authority, path) = rest.split_once('/').unwrap();
    let (user, host_port) = authority.rsplit_once('@').unwrap();
    let path = path.split_once('?').map_or(path, |(p, _)| p);
    let host = host_port.rsplit_once(':').map_or(host_port, |(h, _)| h);
    (
        format!("{scheme}://{user}@{host}:{proxy_port}/{path}?sslmode=disable"),
        host_port.to_string(),
    )
}

async fn append(
    http: &reqwest::Client,
    addr: std::net::SocketAddr,
    key: &str,
    content: &str,
) -> (u16, Option<String>, Value) {
    let response = http
        .post(url(addr, "/thoughts"))
        .header("Idempotency-Key", key)
        .json(&json!({"task_id": "t", "agent_id": "a", "type": "decision", "content": content}))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let replayed = response
        .headers()
        .get("Idempotent-Replayed")
        .map(|v| v.to_str().unwrap().to_string());
    (status, replayed, response.json().await.unwrap())
}

/// The task's records and whether its chain verifies.
async fn chain(http: &reqwest::Client, addr: std::net::SocketAddr) -> Vec<Value> {
    let (verify, page): (Value, Value) = (
        http.get(url(addr, "/tasks/t/verify"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap(),
        http.get(url(addr, "/thoughts?task_id=t&limit=100"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap(),
    );
    assert_eq!(verify["valid"], true, "{verify}");
    page["records"].as_array().unwrap().clone()
}

/// The service behind a proxy, with one record appended through it.
async fn behind_proxy() -> (super::Shared, Proxy, crate::support::Served) {
    let shared = shared(&postgres_server()).await;
    let (_, upstream) = through(&shared.url, 0);
    let proxy = Proxy::start(upstream);
    let (database_url, _) = through(&shared.url, proxy.port);
    let served = serve_database(
        &database_url,
        &[
            "--signing-key-file",
            shared.key.to_str().unwrap(),
            "--checkpoint-file",
            shared.dir.path().join("copy.ndjson").to_str().unwrap(),
            // The only COMMITs the proxy sees are the appends' (the search
            // index's steps, which commit too, wait an hour).
            "--search-refresh",
            "1h",
        ],
    );
    let (status, _, _) = append(&client(), served.addr, "first", "first").await;
    assert_eq!(status, 201);
    (shared, proxy, served)
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn a_commit_whose_answer_is_lost_is_answered_as_written() {
    let (_shared, proxy, mut served) = behind_proxy().await;
    let http = client();
    proxy.arm(Cut::AfterAnswer);
    let (status, replayed, written) = append(&http, served.addr, "k1", "lost answer").await;
    assert_eq!(proxy.cuts.load(Ordering::SeqCst), 1, "the COMMIT was cut");
    assert_eq!(status, 201, "{written}");
    assert_eq!(replayed, None);
    // A client that retries anyway gets the same record, not a second one.
    let (status, replayed, again) = append(&http, served.addr, "k1", "lost answer").await;
    assert_eq!(status, 201, "{again}");
    assert_eq!(replayed.as_deref(), Some("true"));
    assert_eq!(again["id"], written["id"]);
    let records = chain(&http, served.addr).await;
    let contents: Vec<&str> = records
        .iter()
        .map(|r| r["content"].as_str().unwrap())
        .collect();
    assert_eq!(contents, ["first", "lost answer"]);
    assert_eq!(records[1]["id"], written["id"]);
    // The log goes on from it.
    let (status, _, next) = append(&http, served.addr, "k2", "next").await;
    assert_eq!(status, 201, "{next}");
    assert_eq!(next["prev_hash"], written["hash"]);
    kill(&mut served);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn a_commit_cut_before_the_database_saw_it_is_a_503_and_the_retry_writes_once() {
    let (_shared, proxy, mut served) = behind_proxy().await;
    let http = client();
    proxy.arm(Cut::BeforeCommit);
    let (status, _, problem) = append(&http, served.addr, "k1", "cut").await;
    assert_eq!(proxy.cuts.load(Ordering::SeqCst), 1, "the COMMIT was cut");
    assert_eq!(status, 503, "{problem}");
    assert_eq!(problem["code"], "unavailable", "{problem}");
    let (status, replayed, written) = append(&http, served.addr, "k1", "cut").await;
    assert_eq!(status, 201, "{written}");
    assert_eq!(replayed, None, "nothing was stored to replay");
    let (status, replayed, again) = append(&http, served.addr, "k1", "cut").await;
    assert_eq!((status, replayed.as_deref()), (201, Some("true")));
    assert_eq!(again["id"], written["id"]);
    let records = chain(&http, served.addr).await;
    let contents: Vec<&str> = records
        .iter()
        .map(|r| r["content"].as_str().unwrap())
        .collect();
    assert_eq!(contents, ["first", "cut"]);
    kill(&mut served);
}
