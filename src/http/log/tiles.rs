//! The log as C2SP tlog-tiles at the service's root (docs/design.md §2):
//! `/checkpoint`, `/tile/<L>/<N>[.p/<W>]` and `/tile/entries/<N>[.p/<W>]`,
//! so that any tlog client, cache or CDN reads the log without this API.
//! Nothing past the newest signed checkpoint is served.

use axum::extract::State;
use axum::http::{header, Uri};
use axum::response::{IntoResponse, Response};

use crate::domain::tiles::{encode_bundle, Tile, TileKind};
use crate::http::log::tlog::{served, CHECKPOINT_EXAMPLE, TEXT_PLAIN};
use crate::http::problem::responses::{InternalError, NotFound, Unavailable};
use crate::http::problem::ApiError;
use crate::http::AppState;

/// A full tile or bundle never changes (C2SP tlog-tiles: long-lived caching).
const IMMUTABLE: &str = "public, max-age=604800, immutable";
/// A partial tile is replaced by wider ones; the checkpoint moves.
const NO_CACHE: &str = "no-cache";
const OCTET_STREAM: &str = "application/octet-stream";

/// The log's checkpoint, as `GET /log/checkpoint` serves it.
///
/// The C2SP tlog-tiles checkpoint resource: the signed note of the tree
/// whose tiles `/tile/…` serves.
#[utoipa::path(
    get, path = "/checkpoint", operation_id = "tiles_checkpoint", tag = "log",
    responses(
        (status = 200, description = "The signed note (`Cache-Control: no-cache`)", content_type = "text/plain; charset=utf-8", body = String,
         example = json!(CHECKPOINT_EXAMPLE)),
        InternalError, Unavailable
    )
)]
pub async fn checkpoint(State(state): State<AppState>) -> Result<Response, ApiError> {
    // The function `/log/checkpoint` answers with, so both serve one note
    // (with a witness policy, the newest witnessed one).
    let checkpoint = served(&state, None, false).await?;
    Ok((
        [
            (header::CONTENT_TYPE, TEXT_PLAIN),
            (header::CACHE_CONTROL, NO_CACHE),
        ],
        checkpoint.note,
    )
        .into_response())
}

/// A tile of Merkle tree hashes, or an entry bundle (C2SP tlog-tiles).
///
/// Served at `/tile/<L>/<N>[.p/<W>]` (level `L` from 0 to 63, tile height 8:
/// 256 hashes of tree level 8·L) and `/tile/entries/<N>[.p/<W>]` (each entry
/// a big-endian uint16 length and the leaf data, the canonical JSON
/// `{"agent_id": …, "hash": …}`). `N` spans several path segments: zero-padded
/// 3-digit elements, all but the last `x`-prefixed (`x001/x234/067`). A
/// partial tile of width `W` (1..255) is served once the signed tree holds
/// that many, a full tile once it is complete; anything beyond the newest
/// signed checkpoint is 404. Full tiles are immutable
/// (`Cache-Control: public, max-age=604800, immutable`), partial ones
/// `no-cache`.
#[utoipa::path(
    get, path = "/tile/{level}/{index}", operation_id = "tile", tag = "log",
    params(
        ("level" = String, Path, description = "The tile level, 0 to 63, or `entries` for an entry bundle"),
        ("index" = String, Path, description = "The tile index as 3-digit path elements (`067`, `x001/x234/067`), then `.p/<W>` for a partial tile")
    ),
    responses(
        (status = 200, description = "The tile's hashes (32 bytes each) or the bundle's entries", content_type = "application/octet-stream", body = Vec<u8>),
        NotFound, InternalError, Unavailable
    )
)]
pub async fn tile(State(state): State<AppState>, uri: Uri) -> Result<Response, ApiError> {
    let rest = uri.path().strip_prefix("/tile/").unwrap_or_default();
    let tile = Tile::parse(rest).map_err(|e| ApiError::NotFound(e.to_string()))?;
    let signed = state.store.database_checkpoint().await?.tree_size;
    if !tile.within(signed) {
        return Err(ApiError::NotFound(format!(
            "{} is not in the signed tree of {signed} leaves (GET /checkpoint)",
            tile.path()
        )));
    }
    let body = match tile.kind {
        TileKind::Hashes { .. } => state
            .store
            .tile_hashes(&tile)
            .await?
            .iter()
            .flat_map(|h| h.0)
            .collect(),
        TileKind::Entries => {
            let (first, count) = tile.leaves();
            let leaves = state.store.leaves(first, count).await?;
            encode_bundle(leaves.iter().map(Vec::as_slice))
                .map_err(|e| ApiError::Internal(format!("{}: {e}", tile.path())))?
        }
    };
    let cache = if tile.is_full() { IMMUTABLE } else { NO_CACHE };
    Ok((
        [
            (header::CONTENT_TYPE, OCTET_STREAM),
            (header::CACHE_CONTROL, cache),
        ],
        body,
    )
        .into_response())
}
