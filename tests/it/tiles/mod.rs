//! The log as C2SP tlog-tiles, over real HTTP: a client that reads only
//! `/checkpoint`, tiles and entry bundles proves the log with `tlog_tiles`'
//! own tile reader and proofs (code not ours); what is served when, with
//! which headers; the same bytes from PostgreSQL; tlog-proof receipts.
//!
//! - this file: the tile client, and the proofs it makes;
//! - `serving`: partial tiles growing full, cache headers, 404s, keys;
//! - `postgres`: both backends serve the same bytes;
//! - `receipts`: tlog-proof receipts, written and checked offline.

mod postgres;
mod receipts;
mod serving;

use std::collections::HashMap;
use std::sync::Mutex;

use decision_trail::domain::checkpoint::open_checkpoint;
use decision_trail::domain::merkle::{from_hex, Hash};
use decision_trail::domain::tiles::decode_bundle;
use serde_json::Value;
use tlog_tiles::tlog::{
    check_record, check_tree, prove_record, prove_tree, record_hash, tree_hash,
};
use tlog_tiles::{Tile, TileHashReader, TileReader};

use crate::support::{new_record, oracle_leaf, TestApp};

/// Appends `n` records over three tasks and two agents.
async fn seed(app: &TestApp, from: usize, n: usize) {
    for i in from..from + n {
        let task = ["alpha", "beta", "gamma"][i % 3];
        let agent = ["a", "b"][i % 2];
        app.append(&new_record("analysis", task, agent, &format!("step {i}")))
            .await;
    }
}

/// GET `path`: status, Content-Type, Cache-Control, body.
async fn fetch(app: &TestApp, path: &str) -> (u16, String, String, Vec<u8>) {
    let r = app.get(path).await;
    let header = |name: &str| {
        r.headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default()
    };
    let (ct, cache) = (header("content-type"), header("cache-control"));
    (
        r.status().as_u16(),
        ct,
        cache,
        r.bytes().await.unwrap().to_vec(),
    )
}

/// The size and root of the note at `/checkpoint`, its signature checked
/// with the log's key.
async fn signed_tree(app: &TestApp) -> (u64, Hash) {
    let key = String::from_utf8(fetch(app, "/log/key").await.3).unwrap();
    let note = String::from_utf8(fetch(app, "/checkpoint").await.3).unwrap();
    let checkpoint = open_checkpoint(&note, key.trim()).unwrap();
    (checkpoint.size, checkpoint.root)
}

/// `tlog_tiles`' tiles (height 8) read over HTTP at their C2SP paths: its
/// own `Tile::path` is Go's `tile/8/<L>/<N>`, so the height is dropped.
struct HttpTiles<'a> {
    app: &'a TestApp,
    /// Every path fetched, with its bytes (a client may keep what it verified).
    fetched: Mutex<HashMap<String, Vec<u8>>>,
}

impl HttpTiles<'_> {
    fn c2sp_path(tile: &Tile) -> String {
        let go = tile.path();
        format!("/tile/{}", go.strip_prefix("tile/8/").expect("height 8"))
    }
}

impl TileReader for HttpTiles<'_> {
    fn height(&self) -> u8 {
        8
    }

    fn read_tiles(&self, tiles: &[Tile]) -> Result<Vec<Vec<u8>>, tlog_tiles::tlog::Error> {
        tiles
            .iter()
            .map(|tile| {
                let path = Self::c2sp_path(tile);
                let (status, _, _, body) = tokio::task::block_in_place(|| {
                    tokio::runtime::Handle::current().block_on(fetch(self.app, &path))
                });
                assert_eq!(status, 200, "{path}");
                self.fetched.lock().unwrap().insert(path, body.clone());
                Ok(body)
            })
            .collect()
    }

    fn save_tiles(&self, _tiles: &[Tile], _data: &[Vec<u8>]) {}
}

/// The leaf data of the first `size` leaves, read from entry bundles only.
async fn entries(app: &TestApp, size: u64) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for n in 0..size.div_ceil(256) {
        let width = (size - n * 256).min(256);
        let mut path = format!("/tile/entries/{n:03}");
        if width < 256 {
            path.push_str(&format!(".p/{width}"));
        }
        let (status, ct, _, body) = fetch(app, &path).await;
        assert_eq!(
            (status, ct.as_str()),
            (200, "application/octet-stream"),
            "{path}"
        );
        let bundle = decode_bundle(&body).unwrap();
        assert_eq!(bundle.len() as u64, width, "{path}");
        out.extend(bundle.into_iter().map(<[u8]>::to_vec));
    }
    out
}

fn hex_hashes(v: &Value) -> Vec<Hash> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|h| from_hex(h.as_str().unwrap()).unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_of_tiles_alone_proves_every_record_and_the_log_growing() {
    let app = TestApp::spawn().await;
    seed(&app, 0, 300).await;
    let (first, first_root) = signed_tree(&app).await;
    assert_eq!(first, 300);
    seed(&app, 300, 230).await;
    let (size, root) = signed_tree(&app).await;
    assert_eq!(size, 530);

    let tiles = HttpTiles {
        app: &app,
        fetched: Mutex::default(),
    };
    let reader = TileHashReader::new(size, root, &tiles);
    // The tiles authenticate against the signed root, or every read fails.
    assert_eq!(tree_hash(size, &reader).unwrap(), root);
    assert_eq!(tree_hash(first, &reader).unwrap(), first_root);

    // Every leaf from the entry bundles is the leaf the service logged, and
    // is proven in the signed tree.
    let leaves = entries(&app, size).await;
    let (_, page) = app.get_json("/thoughts?limit=1000").await;
    let records = page["records"].as_array().unwrap();
    assert_eq!(leaves.len(), records.len());
    for (i, (leaf, record)) in leaves.iter().zip(records).enumerate() {
        assert_eq!(*leaf, oracle_leaf(record), "leaf {i}");
        let proof = prove_record(size, i as u64, &reader).unwrap();
        check_record(&proof, size, root, i as u64, record_hash(leaf)).unwrap();
    }

    // The larger tree extends the smaller one.
    let consistency = prove_tree(size, first, &reader).unwrap();
    check_tree(&consistency, size, root, first, first_root).unwrap();

    // Tiles hold, byte for byte, the hashes the proof endpoints serve.
    let (_, served) = app
        .get_json(&format!(
            "/log/proof/consistency?first={first}&second={size}"
        ))
        .await;
    assert_eq!(hex_hashes(&served["proof"]), consistency);
    for i in [0, 255, 256, 299, 511, 512, 529] {
        let (_, served) = app
            .get_json(&format!(
                "/log/proof/inclusion?log_index={i}&tree_size={size}"
            ))
            .await;
        assert_eq!(
            hex_hashes(&served["proof"]),
            prove_record(size, i, &reader).unwrap()
        );
    }
    let fetched = tiles.fetched.lock().unwrap();
    for path in [
        "/tile/0/000",
        "/tile/0/001",
        "/tile/0/002.p/18",
        "/tile/1/000.p/2",
    ] {
        assert!(fetched.contains_key(path), "{path} in {:?}", fetched.keys());
    }
}
