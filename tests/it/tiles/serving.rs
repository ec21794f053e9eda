//! What the tiles API serves, and when: partial tiles and bundles as soon as
//! a signed tree holds them, full ones once complete, with their cache
//! headers; 404 problems for every other path; the API keys of `/log`.

use decision_trail::domain::merkle::{leaf_hash, Hash};
use decision_trail::domain::tiles::decode_bundle;

use super::{fetch, seed, signed_tree};
use crate::support::{assert_problem, bearer, get_as, ring, TestApp, READER};

const IMMUTABLE: &str = "public, max-age=604800, immutable";
const OCTETS: &str = "application/octet-stream";

fn hashes(body: &[u8]) -> Vec<Hash> {
    body.chunks(32)
        .map(|c| Hash(c.try_into().unwrap()))
        .collect()
}

#[tokio::test]
async fn partial_tiles_grow_into_full_ones_with_their_cache_headers() {
    let app = TestApp::spawn().await;
    seed(&app, 0, 255).await;

    let (status, ct, cache, note) = fetch(&app, "/checkpoint").await;
    assert_eq!(
        (status, ct.as_str(), cache.as_str()),
        (200, "text/plain; charset=utf-8", "no-cache")
    );
    assert_eq!(note, fetch(&app, "/log/checkpoint").await.3);

    let (status, ct, cache, partial) = fetch(&app, "/tile/0/000.p/255").await;
    assert_eq!(
        (status, ct.as_str(), cache.as_str()),
        (200, OCTETS, "no-cache")
    );
    assert_eq!(partial.len(), 255 * 32);
    let narrower = fetch(&app, "/tile/0/000.p/7").await.3;
    assert_eq!(narrower, partial[..7 * 32]);
    let (status, _, cache, bundle) = fetch(&app, "/tile/entries/000.p/255").await;
    assert_eq!((status, cache.as_str()), (200, "no-cache"));
    let leaves: Vec<Hash> = decode_bundle(&bundle)
        .unwrap()
        .into_iter()
        .map(leaf_hash)
        .collect();
    assert_eq!(leaves, hashes(&partial));
    for missing in [
        "/tile/0/000",
        "/tile/entries/000",
        "/tile/1/000.p/1",
        "/tile/0/001.p/1",
    ] {
        assert_problem(app.get(missing).await, 404, "not_found").await;
    }

    seed(&app, 255, 1).await;
    let (size, root) = signed_tree(&app).await;
    assert_eq!(size, 256);
    let (status, ct, cache, full) = fetch(&app, "/tile/0/000").await;
    assert_eq!(
        (status, ct.as_str(), cache.as_str()),
        (200, OCTETS, IMMUTABLE)
    );
    assert_eq!(full.len(), 8192);
    assert_eq!(full[..255 * 32], partial);
    let (status, _, cache, bundle) = fetch(&app, "/tile/entries/000").await;
    assert_eq!((status, cache.as_str()), (200, IMMUTABLE));
    assert_eq!(decode_bundle(&bundle).unwrap().len(), 256);
    // A partial tile stays served once the full one is (C2SP tlog-tiles: MAY delete).
    assert_eq!(fetch(&app, "/tile/0/000.p/255").await.3, partial);
    // The level-1 tile's one hash is the root of the full level-0 tile: here the tree's.
    let (status, _, cache, upper) = fetch(&app, "/tile/1/000.p/1").await;
    assert_eq!((status, cache.as_str()), (200, "no-cache"));
    assert_eq!(hashes(&upper), vec![root]);
}

#[tokio::test]
async fn a_path_that_names_no_tile_of_the_signed_tree_is_a_404_problem() {
    let app = TestApp::spawn().await;
    seed(&app, 0, 3).await;
    assert_eq!(fetch(&app, "/tile/0/000.p/3").await.0, 200);
    for path in [
        "/tile/0/000.p/4",
        "/tile/0/000.p/0",
        "/tile/0/000.p/256",
        "/tile/0/000.p/03",
        "/tile/0/0",
        "/tile/0/x000/000.p/3",
        "/tile/00/000.p/3",
        "/tile/64/000",
        "/tile/8/data/000",
        "/tile/entries/000.p/4",
        "/tile/entries/001",
        "/tile/0/x018/x446/x744/x073/x709/x551/616",
        "/tile/",
        "/tile/entries",
    ] {
        let problem = assert_problem(app.get(path).await, 404, "not_found").await;
        assert!(
            problem["detail"].as_str().unwrap().contains("tile"),
            "{path}: {problem}"
        );
    }
    // An empty log has no tiles at all.
    let empty = TestApp::spawn().await;
    assert_problem(empty.get("/tile/0/000.p/1").await, 404, "not_found").await;
    assert_eq!(fetch(&empty, "/checkpoint").await.0, 200);
}

#[tokio::test]
async fn with_api_keys_tiles_are_read_with_any_key_like_the_log() {
    let app = TestApp::builder().keys(ring()).spawn().await;
    for path in ["/checkpoint", "/tile/0/000.p/1"] {
        assert_problem(get_as(&app, None, path).await, 401, "unauthorized").await;
    }
    let reader = bearer(READER);
    assert_eq!(
        get_as(&app, Some(&reader), "/checkpoint").await.status(),
        200
    );
    assert_eq!(
        get_as(&app, Some(&reader), "/tile/0/000.p/1")
            .await
            .status(),
        404
    );
}
