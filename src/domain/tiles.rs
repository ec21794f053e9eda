//! The C2SP tlog-tiles layout of the log (docs/design.md §2): which tile or
//! entry bundle a path names, whether a tree of some size holds it, which
//! stored hashes or leaves it is, and the entry-bundle encoding.
//!
//! Tiles have height 8: a full tile is 256 hashes. The level-`L` tile `N`
//! holds the hashes at tree level `8·L`, positions `N·256 ..`, so it is a
//! list of stored hashes (Go tlog numbering), never a walk of the tree.

use tlog_tiles::tlog::stored_hash_index;

/// Tree levels a tile spans (C2SP tlog-tiles: 8).
pub const TILE_HEIGHT: u8 = 8;
/// Hashes in a full tile, and entries in a full bundle.
pub const TILE_WIDTH: u64 = 1 << TILE_HEIGHT;
/// The highest tile level a path may name (C2SP tlog-tiles: 0 to 63).
const MAX_LEVEL: u8 = 63;

/// What a tile path names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TileKind {
    /// Merkle tree hashes, at tile level `level` (tree level `8·level`).
    Hashes { level: u8 },
    /// The entry bundle beside the level-0 tile of the same index.
    Entries,
}

/// A tile or entry bundle: `tile/<L>/<N>[.p/<W>]` or `tile/entries/<N>[.p/<W>]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tile {
    /// Hashes of a level, or entries.
    pub kind: TileKind,
    /// `N`: the tile's position within its level.
    pub index: u64,
    /// Hashes or entries it holds: 256 for a full tile, 1..=255 for a partial one.
    pub width: u64,
}

/// Why a path names no tile.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{path}` is not a tile path (tile/<L>/<N>[.p/<W>] or tile/entries/<N>[.p/<W>], C2SP tlog-tiles): {why}")]
pub struct TilePathError {
    path: String,
    why: &'static str,
}

/// A decimal with no leading zeroes ("0" itself is fine).
fn plain_decimal(text: &str) -> Option<u64> {
    let canonical = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    canonical.then(|| text.parse().ok()).flatten()
}

/// Three ASCII digits.
fn three_digits(text: &str) -> Option<u64> {
    (text.len() == 3 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

impl Tile {
    /// Reads the part of a tile path after `tile/`: `<L>/<N>[.p/<W>]` or
    /// `entries/<N>[.p/<W>]`, `N` as zero-padded 3-digit elements, all but the
    /// last `x`-prefixed (`x001/x234/067`), in the one form the spec writes.
    pub fn parse(rest: &str) -> Result<Tile, TilePathError> {
        let fail = |why| TilePathError {
            path: format!("tile/{rest}"),
            why,
        };
        let mut parts: Vec<&str> = rest.split('/').collect();
        let kind = match parts.first().copied() {
            Some("entries") => TileKind::Entries,
            Some(level) => match plain_decimal(level) {
                Some(l) if l <= u64::from(MAX_LEVEL) => TileKind::Hashes { level: l as u8 },
                _ => return Err(fail("the level is a decimal from 0 to 63")),
            },
            None => return Err(fail("empty")),
        };
        let mut width = TILE_WIDTH;
        let n = parts.len();
        let partial = (n >= 3).then(|| parts[n - 2].strip_suffix(".p")).flatten();
        if let Some(index) = partial {
            width = match plain_decimal(parts[n - 1]) {
                Some(w) if (1..TILE_WIDTH).contains(&w) => w,
                _ => return Err(fail("a partial width is a decimal from 1 to 255")),
            };
            // Once: `000.p.p/5` is no spelling of a tile (one URL per tile).
            parts[n - 2] = index;
            parts.pop();
        }
        let elements = &parts[1..];
        let Some((last, upper)) = elements.split_last() else {
            return Err(fail("the index is missing"));
        };
        let mut index: u64 = 0;
        for (i, element) in upper.iter().enumerate() {
            let digits = element
                .strip_prefix('x')
                .and_then(three_digits)
                .ok_or_else(|| fail("all but the index's last element are x and 3 digits"))?;
            if i == 0 && digits == 0 {
                return Err(fail("the index has no leading x000 element"));
            }
            index = index
                .checked_mul(1000)
                .and_then(|v| v.checked_add(digits))
                .ok_or_else(|| fail("the index is too large"))?;
        }
        let digits = three_digits(last).ok_or_else(|| fail("the index ends in 3 digits"))?;
        index = index
            .checked_mul(1000)
            .and_then(|v| v.checked_add(digits))
            .ok_or_else(|| fail("the index is too large"))?;
        Ok(Tile { kind, index, width })
    }

    /// The tile's path, `tile/…`, as [`Tile::parse`] reads it.
    pub fn path(&self) -> String {
        let mut n = self.index;
        let mut elements = format!("{:03}", n % 1000);
        while n >= 1000 {
            n /= 1000;
            elements = format!("x{:03}/{elements}", n % 1000);
        }
        let kind = match self.kind {
            TileKind::Hashes { level } => level.to_string(),
            TileKind::Entries => "entries".to_string(),
        };
        let partial = if self.is_full() {
            String::new()
        } else {
            format!(".p/{}", self.width)
        };
        format!("tile/{kind}/{elements}{partial}")
    }

    /// A full tile never changes; a partial one is replaced by wider ones.
    pub fn is_full(&self) -> bool {
        self.width == TILE_WIDTH
    }

    /// The tile level (an entry bundle sits at level 0).
    pub fn level(&self) -> u8 {
        match self.kind {
            TileKind::Hashes { level } => level,
            TileKind::Entries => 0,
        }
    }

    /// True when the tree of `tree_size` leaves holds the whole tile: at its
    /// level it has at least `index·256 + width` hashes (C2SP tlog-tiles: the
    /// level has `floor(size / 256^L)` of them). Empty tiles do not exist.
    pub fn within(&self, tree_size: u64) -> bool {
        let shift = u32::from(self.level()) * u32::from(TILE_HEIGHT);
        let at_level = tree_size.checked_shr(shift).unwrap_or(0);
        self.index
            .checked_mul(TILE_WIDTH)
            .and_then(|start| start.checked_add(self.width))
            .is_some_and(|end| end <= at_level)
    }

    /// The stored-hash indexes of the tile's hashes, in order (for a tile
    /// [`Tile::within`] the tree; an entry bundle's are its leaf hashes).
    pub fn stored_hash_indexes(&self) -> Vec<u64> {
        let level = self.level() * TILE_HEIGHT;
        let start = self.index * TILE_WIDTH;
        (start..start + self.width)
            .map(|n| stored_hash_index(level, n))
            .collect()
    }

    /// The first leaf of an entry bundle and how many it holds.
    pub fn leaves(&self) -> (u64, u64) {
        (self.index * TILE_WIDTH, self.width)
    }
}

/// Why bytes are not an entry bundle, or an entry cannot be in one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BundleError {
    #[error("an entry of {0} bytes does not fit a uint16 length prefix")]
    TooLong(usize),
    #[error("the bundle ends inside an entry")]
    Truncated,
}

/// An entry bundle: each entry as a big-endian uint16 length and its bytes.
pub fn encode_bundle<'a>(
    entries: impl IntoIterator<Item = &'a [u8]>,
) -> Result<Vec<u8>, BundleError> {
    let mut out = Vec::new();
    for entry in entries {
        let len = u16::try_from(entry.len()).map_err(|_| BundleError::TooLong(entry.len()))?;
        out.extend_from_slice(&len.to_be_bytes());
        out.extend_from_slice(entry);
    }
    Ok(out)
}

/// The entries of a bundle, in order.
pub fn decode_bundle(mut bytes: &[u8]) -> Result<Vec<&[u8]>, BundleError> {
    let mut entries = Vec::new();
    while !bytes.is_empty() {
        let (len, rest) = bytes.split_at_checked(2).ok_or(BundleError::Truncated)?;
        let len = usize::from(u16::from_be_bytes([len[0], len[1]]));
        let (entry, rest) = rest.split_at_checked(len).ok_or(BundleError::Truncated)?;
        entries.push(entry);
        bytes = rest;
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hashes(level: u8, index: u64, width: u64) -> Tile {
        Tile {
            kind: TileKind::Hashes { level },
            index,
            width,
        }
    }

    #[test]
    fn the_specs_paths_read_and_write_back() {
        // C2SP tlog-tiles: index 1234067 is x001/x234/067.
        for (path, tile) in [
            ("0/x001/x234/067", hashes(0, 1_234_067, 256)),
            ("3/x001/x234/067.p/1", hashes(3, 1_234_067, 1)),
            ("0/000", hashes(0, 0, 256)),
            ("1/000.p/17", hashes(1, 0, 17)),
            ("63/x001/000", hashes(63, 1000, 256)),
            (
                "entries/x001/x234/067.p/255",
                Tile {
                    kind: TileKind::Entries,
                    index: 1_234_067,
                    width: 255,
                },
            ),
        ] {
            assert_eq!(Tile::parse(path), Ok(tile), "{path}");
            assert_eq!(tile.path(), format!("tile/{path}"));
        }
        let max = hashes(0, u64::MAX, 256);
        assert_eq!(Tile::parse(&max.path()["tile/".len()..]), Ok(max));
    }

    #[test]
    fn every_other_spelling_is_refused() {
        for path in [
            "",
            "0",
            "00/000",
            "01/000",
            "64/000",
            "-1/000",
            "0/67",
            "0/0067",
            "0/x000/067",
            "0/001/067",
            "0/x1/067",
            "0/x001/x234",
            "0/000.p/0",
            "0/000.p/256",
            "0/000.p/07",
            "0/000.p/",
            "0/000.p",
            "0/000.p.p/5",
            "0/000/",
            "data/000",
            "Entries/000",
            "0/x018/x446/x744/x073/x709/x551/616",
        ] {
            assert!(Tile::parse(path).is_err(), "{path}");
        }
    }

    #[test]
    fn a_tree_holds_the_specs_tiles_and_no_others() {
        // C2SP tlog-tiles: a tree of 70,000 leaves is 273 full level-0 tiles,
        // one of width 112, one full level-1 tile, one of width 17, and a
        // level-2 tile of width 1.
        let size = 70_000;
        assert!(hashes(0, 272, 256).within(size));
        assert!(!hashes(0, 273, 256).within(size));
        assert!(hashes(0, 273, 112).within(size));
        assert!(hashes(0, 273, 5).within(size));
        assert!(!hashes(0, 273, 113).within(size));
        assert!(hashes(1, 0, 256).within(size));
        assert!(hashes(1, 1, 17).within(size));
        assert!(!hashes(1, 1, 18).within(size));
        assert!(hashes(2, 0, 1).within(size));
        assert!(!hashes(2, 0, 2).within(size));
        assert!(!hashes(3, 0, 1).within(size));
        assert!(!hashes(63, 0, 1).within(u64::MAX));
        assert!(!hashes(0, u64::MAX, 256).within(u64::MAX));
        // A tree of 256 leaves: a full level-0 tile and a level-1 tile of width 1.
        assert!(hashes(0, 0, 256).within(256));
        assert!(hashes(1, 0, 1).within(256));
        assert!(!hashes(0, 1, 1).within(256));
    }

    #[test]
    fn a_tiles_hashes_are_stored_hashes_at_its_tree_level() {
        assert_eq!(
            hashes(0, 1, 3).stored_hash_indexes(),
            (256..259)
                .map(|n| stored_hash_index(0, n))
                .collect::<Vec<_>>()
        );
        assert_eq!(
            hashes(1, 0, 2).stored_hash_indexes(),
            vec![stored_hash_index(8, 0), stored_hash_index(8, 1)]
        );
        let bundle = Tile {
            kind: TileKind::Entries,
            index: 2,
            width: 10,
        };
        assert_eq!(bundle.leaves(), (512, 10));
    }

    #[test]
    fn bundles_round_trip_and_refuse_what_does_not_fit() {
        let entries: Vec<&[u8]> = vec![b"", b"a", &[7; 300]];
        let bundle = encode_bundle(entries.iter().copied()).unwrap();
        assert_eq!(&bundle[..5], &[0, 0, 0, 1, b'a']);
        assert_eq!(&bundle[5..7], &[1, 44]);
        assert_eq!(decode_bundle(&bundle).unwrap(), entries);
        assert_eq!(
            decode_bundle(&bundle[..bundle.len() - 1]),
            Err(BundleError::Truncated)
        );
        assert_eq!(decode_bundle(&[0]), Err(BundleError::Truncated));
        let long = vec![0; 65_536];
        assert_eq!(
            encode_bundle([long.as_slice()]),
            Err(BundleError::TooLong(65_536))
        );
    }
}
