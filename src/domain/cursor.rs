//! Paging cursors. A cursor names the last item of the page it ends (a record's
//! `log_index`, or a task's position in the task list) in an opaque token, so
//! clients pass back what they were given instead of building offsets.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

/// What a cursor pages through; a cursor of one kind is refused by the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CursorKind {
    Records,
    Tasks,
    /// Sessions, by the log index of their first record.
    Sessions,
    /// A kept search order and a position in it (`store::reads::search`).
    Search,
}

impl CursorKind {
    fn tag(self) -> u8 {
        match self {
            CursorKind::Records => b'r',
            CursorKind::Tasks => b't',
            CursorKind::Sessions => b's',
            CursorKind::Search => b'q',
        }
    }
}

/// What every cursor looks like: the base64url (unpadded) of a tag byte and a
/// u64, so 12 characters.
pub const CURSOR_PATTERN: &str = "^[A-Za-z0-9_-]{12}$";

/// The token for position `position` of a listing of `kind`.
pub fn encode(kind: CursorKind, position: u64) -> String {
    let mut bytes = [0u8; 9];
    bytes[0] = kind.tag();
    bytes[1..].copy_from_slice(&position.to_be_bytes());
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The position a token names, or None when it is not a token of this kind.
pub fn decode(kind: CursorKind, token: &str) -> Option<u64> {
    let bytes = URL_SAFE_NO_PAD.decode(token).ok()?;
    let (tag, position) = bytes.split_first()?;
    if *tag != kind.tag() {
        return None;
    }
    Some(u64::from_be_bytes(position.try_into().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cursor_has_the_documented_shape() {
        for n in [0, 1, 99, u64::MAX] {
            for kind in [CursorKind::Records, CursorKind::Tasks] {
                let c = encode(kind, n);
                assert_eq!(c.len(), 12, "{c}");
                assert!(c
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'));
            }
        }
        assert_eq!(CURSOR_PATTERN, "^[A-Za-z0-9_-]{12}$");
    }

    #[test]
    fn round_trips_and_refuses_foreign_tokens() {
        for n in [0, 1, 99, u64::MAX] {
            assert_eq!(
                decode(CursorKind::Records, &encode(CursorKind::Records, n)),
                Some(n)
            );
        }
        assert_eq!(
            decode(CursorKind::Tasks, &encode(CursorKind::Records, 5)),
            None
        );
        for bad in ["", "abc", "!!!", "cgAAAAAAAAAF=", "cgAAAAAAAA"] {
            assert_eq!(decode(CursorKind::Records, bad), None, "{bad}");
        }
    }
}
