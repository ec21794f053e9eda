//! The real app on 127.0.0.1:0 over a fresh database ([`TestApp`], started
//! through one builder), and the settings tests start it with.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use decision_trail::domain::api_keys::KeyRing;
use decision_trail::http::{self, AppState, Limits};
use decision_trail::store::{Seams, Store, StoreConfig};
use serde_json::Value;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::database::{database_url, on_postgres, signing_key_beside};

/// The service's default limits without the rate limit: tests send bursts
/// from one address. Rate-limit tests set their own.
pub fn test_limits() -> Limits {
    Limits {
        rate: None,
        ..Limits::default()
    }
}

/// A running service on a loopback port with its own database file.
pub struct TestApp {
    pub addr: SocketAddr,
    pub client: reqwest::Client,
    pub db_path: PathBuf,
    /// The database the app runs on (SQLite file or PostgreSQL database).
    pub database_url: String,
    pub store: Arc<Store>,
    stop: Option<oneshot::Sender<()>>,
    server: Option<JoinHandle<std::io::Result<()>>>,
    _dir: Option<Arc<tempfile::TempDir>>,
}

/// A change to the store's configuration.
type Adjust = Box<dyn FnOnce(&mut StoreConfig)>;

/// How to start a [`TestApp`]: each setting has the default a test would
/// expect, so a test names only what it changes.
pub struct TestAppBuilder {
    /// An existing (or new) database file and the directory that keeps it
    /// alive; None: a fresh file in a new temporary directory.
    database: Option<(PathBuf, Option<Arc<tempfile::TempDir>>)>,
    seams: Seams,
    limits: Limits,
    keys: Option<KeyRing>,
    config: Vec<Adjust>,
}

impl TestAppBuilder {
    /// Reopens (or creates) the database at `path`.
    pub fn database(mut self, path: PathBuf, dir: Option<Arc<tempfile::TempDir>>) -> Self {
        self.database = Some((path, dir));
        self
    }

    pub fn seams(mut self, seams: Seams) -> Self {
        self.seams = seams;
        self
    }

    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Requires API keys.
    pub fn keys(mut self, keys: KeyRing) -> Self {
        self.keys = Some(keys);
        self
    }

    /// Adjusts the store's configuration.
    pub fn config(mut self, adjust: impl FnOnce(&mut StoreConfig) + 'static) -> Self {
        self.config.push(Box::new(adjust));
        self
    }

    pub async fn spawn(self) -> TestApp {
        let (db_path, dir) = self.database.unwrap_or_else(|| {
            let dir = Arc::new(tempfile::tempdir().expect("temp dir"));
            (dir.path().join("trail.db"), Some(dir))
        });
        let mut config = StoreConfig {
            database_url: database_url(&db_path).await,
            ..StoreConfig::default()
        };
        if on_postgres() {
            // Replicas must be given their key: one per database, beside
            // the path that names it.
            config.signing_key = Some(signing_key_beside(&db_path));
        }
        for adjust in self.config {
            adjust(&mut config);
        }
        let database_url = config.database_url.clone();
        let store = Store::open_with(&config, self.seams)
            .await
            .expect("store opens");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let store = Arc::new(store);
        let state = AppState::new(store.clone(), self.limits, self.keys);
        let server = tokio::spawn(http::serve(listener, state, async {
            let _ = stopped.await;
        }));
        TestApp {
            addr,
            // A kept-alive connection is given up well before the service
            // closes it as idle (the request-head time limit, 10 s): one
            // reused just as the service closed it would fail the request.
            client: reqwest::Client::builder()
                .pool_idle_timeout(std::time::Duration::from_secs(5))
                .build()
                .unwrap(),
            db_path,
            database_url,
            store,
            stop: Some(stop),
            server: Some(server),
            _dir: dir,
        }
    }
}

impl TestApp {
    /// Default seams, the test limits, no keys, a fresh database.
    pub fn builder() -> TestAppBuilder {
        TestAppBuilder {
            database: None,
            seams: Seams::default(),
            limits: test_limits(),
            keys: None,
            config: Vec::new(),
        }
    }

    /// A fresh database in a new temporary directory, default seams and limits.
    pub async fn spawn() -> TestApp {
        TestApp::builder().spawn().await
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    /// Gracefully stops the server (requests in flight finish, the store closes)
    /// and hands back the directory so the file can be reopened.
    pub async fn stop(mut self) -> (PathBuf, Option<Arc<tempfile::TempDir>>) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(server) = self.server.take() {
            server.await.expect("server task").expect("server ran");
        }
        (self.db_path.clone(), self._dir.take())
    }

    pub async fn post(&self, body: &Value) -> reqwest::Response {
        self.client
            .post(self.url("/thoughts"))
            .json(body)
            .send()
            .await
            .expect("request sent")
    }

    /// POSTs raw bytes to /thoughts as `application/json`.
    pub async fn post_raw(&self, body: impl Into<reqwest::Body>) -> reqwest::Response {
        self.client
            .post(self.url("/thoughts"))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .expect("request sent")
    }

    /// Appends and returns the record, asserting a 201.
    pub async fn append(&self, body: &Value) -> Value {
        let response = self.post(body).await;
        let status = response.status();
        let json: Value = response.json().await.expect("json body");
        assert_eq!(status, 201, "append failed: {json}");
        json
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request sent")
    }

    pub async fn get_json(&self, path: &str) -> (u16, Value) {
        let response = self.get(path).await;
        let status = response.status().as_u16();
        (status, response.json().await.expect("json body"))
    }
}

/// Seams whose clock starts at 2026-01-01T00:00:00.000Z and moves one second
/// per record, so time filters have known answers.
pub fn ticking_clock() -> Seams {
    let tick = Arc::new(std::sync::atomic::AtomicU64::new(0));
    Seams {
        now: Arc::new(move || {
            let s = tick.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            format!("2026-01-01T00:00:{s:02}.000Z")
        }),
        ..Default::default()
    }
}
