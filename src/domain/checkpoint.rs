//! Signed checkpoints (docs/design.md §2): the log's size and root as a C2SP
//! tlog-checkpoint, signed as a C2SP signed note with Ed25519. Keys use the
//! signed-note text formats, so Go's sumdb/note and other C2SP tools accept them:
//! signer `PRIVATE+KEY+<name>+<key id hex>+<base64(0x01 || seed)>`, verifier
//! `<name>+<key id hex>+<base64(0x01 || public key)>`.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use rand_core::CryptoRngCore;
use signed_note::{Note, StandardSigner, StandardVerifier, VerifierList};
use tlog_tiles::checkpoint::Checkpoint;

use super::merkle::Hash;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    #[error("not a signer key (expected PRIVATE+KEY+<name>+<id>+<base64>): {0}")]
    Malformed(String),
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoteError {
    #[error("the verifier key is malformed")]
    BadVerifierKey,
    #[error("not a signed note: {0}")]
    Malformed(String),
    #[error("the note is not signed by the given key, or its signature does not verify: {0}")]
    BadSignature(String),
    #[error("the signed text is not a checkpoint (origin, size, base64 root)")]
    NotACheckpoint,
}

/// The log's signing key.
#[derive(Clone)]
pub struct LogSigner {
    signer: StandardSigner,
    name: String,
    verifier_key: String,
}

impl std::fmt::Debug for LogSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LogSigner({})", self.verifier_key)
    }
}

impl LogSigner {
    /// A new signer key named `name` (a key name has no spaces and no `+`).
    pub fn generate(name: &str, rng: &mut impl CryptoRngCore) -> Result<String, KeyError> {
        if !signed_note::is_key_name_valid(name) {
            return Err(KeyError::Malformed(format!("invalid key name `{name}`")));
        }
        Ok(signed_note::generate_key(rng, name).0)
    }

    /// Reads a signer key in the signed-note text format.
    pub fn from_signer_key(text: &str) -> Result<LogSigner, KeyError> {
        let text = text.trim();
        let signer = StandardSigner::new(text).map_err(|e| KeyError::Malformed(e.to_string()))?;
        // PRIVATE+KEY+<name>+<id>+<base64>; base64 may itself contain '+'.
        let parts: Vec<&str> = text.splitn(5, '+').collect();
        let (name, key64) = (parts[2], parts[4]);
        let key = STANDARD
            .decode(key64)
            .map_err(|e| KeyError::Malformed(e.to_string()))?;
        let seed: [u8; 32] = key
            .get(1..)
            .and_then(|s| s.try_into().ok())
            .ok_or_else(|| KeyError::Malformed("an Ed25519 key has a 32-byte seed".into()))?;
        let verifying = ed25519_dalek::SigningKey::from_bytes(&seed).verifying_key();
        Ok(LogSigner {
            signer,
            name: name.to_string(),
            verifier_key: signed_note::new_ed25519_verifier_key(name, &verifying),
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// `<name>+<key id hex>+<base64(0x01 || public key)>`.
    pub fn verifier_key(&self) -> &str {
        &self.verifier_key
    }

    /// Signs `text` (which ends in a newline) as a C2SP signed note.
    pub fn sign_note(&self, text: &str) -> String {
        let mut note =
            Note::new(text.as_bytes(), &[]).expect("checkpoint text is a valid note text");
        note.add_sigs(&[&self.signer])
            .expect("a valid key name always signs");
        String::from_utf8(note.to_bytes()).expect("a note of UTF-8 text is UTF-8")
    }

    /// The signed checkpoint of a tree: origin line, size, base64 root.
    pub fn sign_checkpoint(&self, origin: &str, size: u64, root: Hash) -> String {
        self.sign_note(&checkpoint_text(origin, size, root))
    }
}

/// The C2SP tlog-checkpoint body: `<origin>\n<size>\n<base64 root>\n`.
pub fn checkpoint_text(origin: &str, size: u64, root: Hash) -> String {
    let body = Checkpoint::new(origin, size, root, "").expect("a non-empty origin is valid");
    String::from_utf8(body.to_bytes()).expect("checkpoint text is UTF-8")
}

/// True when `origin` can be a checkpoint's first line.
pub fn is_origin_valid(origin: &str) -> bool {
    !origin.is_empty() && !origin.chars().any(|c| c.is_control())
}

/// The first line of a successor statement's text.
pub const SUCCESSOR_HEADER: &str = "decision-trail/successor/v1";

/// A successor statement (docs/design.md §2, "The second day"): a log's old
/// key says that the log named `old_origin` ended, as far as this copy of
/// it goes, at `old_size` with `old_root`, and continues as the log named
/// `new_origin` whose checkpoints verify with `new_key`. Signed as a C2SP
/// note by the old key; its text is the header line and one line for each
/// field, in this order (the root in base64, as in a checkpoint), so that it
/// never reads as a checkpoint (whose second line is a number).
#[derive(Debug, Clone, PartialEq)]
pub struct Successor {
    pub old_origin: String,
    pub old_size: u64,
    pub old_root: Hash,
    pub new_origin: String,
    pub new_key: String,
}

impl Successor {
    /// The statement's text, to be signed.
    pub fn text(&self) -> String {
        format!(
            "{SUCCESSOR_HEADER}\n{}\n{}\n{}\n{}\n{}\n",
            self.old_origin,
            self.old_size,
            STANDARD.encode(self.old_root.0),
            self.new_origin,
            self.new_key
        )
    }

    /// Reads a statement's text.
    pub fn parse(text: &str) -> Result<Successor, String> {
        let lines: Vec<&str> = text
            .strip_suffix('\n')
            .unwrap_or(text)
            .split('\n')
            .collect();
        let [header, old_origin, old_size, old_root, new_origin, new_key] = lines.as_slice() else {
            return Err("a successor statement has six lines".into());
        };
        if *header != SUCCESSOR_HEADER {
            return Err(format!("not a successor statement (`{header}`)"));
        }
        let old_size = old_size
            .parse()
            .map_err(|_| "the old size is not a number".to_string())?;
        let root: [u8; 32] = STANDARD
            .decode(old_root)
            .ok()
            .and_then(|b| b.try_into().ok())
            .ok_or("the old root is not 32 bytes of base64")?;
        if !is_origin_valid(old_origin) || !is_origin_valid(new_origin) {
            return Err("an origin is empty or holds control characters".into());
        }
        Ok(Successor {
            old_origin: old_origin.to_string(),
            old_size,
            old_root: Hash(root),
            new_origin: new_origin.to_string(),
            new_key: new_key.to_string(),
        })
    }
}

/// Verifies a successor statement with the old log's key and reads it.
pub fn open_successor(note: &str, old_verifier_key: &str) -> Result<Successor, String> {
    let text = open_note(note, old_verifier_key).map_err(|e| e.to_string())?;
    Successor::parse(&text)
}

/// A checkpoint whose signature verified.
#[derive(Debug, Clone, PartialEq)]
pub struct VerifiedCheckpoint {
    pub origin: String,
    pub size: u64,
    pub root: Hash,
}

/// Verifies a signed note against one verifier key and returns its text.
pub fn open_note(note: &str, verifier_key: &str) -> Result<String, NoteError> {
    let verifier =
        StandardVerifier::new(verifier_key.trim()).map_err(|_| NoteError::BadVerifierKey)?;
    let parsed =
        Note::from_bytes(note.as_bytes()).map_err(|e| NoteError::Malformed(e.to_string()))?;
    parsed
        .verify(&VerifierList::new(vec![Box::new(verifier)]))
        .map_err(|e| NoteError::BadSignature(e.to_string()))?;
    String::from_utf8(parsed.text().to_vec()).map_err(|e| NoteError::Malformed(e.to_string()))
}

/// A signed note's text, its signatures not checked (a reader without the
/// key sees what it says, and is told nothing was checked).
pub fn note_text(note: &str) -> Result<String, NoteError> {
    let parsed =
        Note::from_bytes(note.as_bytes()).map_err(|e| NoteError::Malformed(e.to_string()))?;
    String::from_utf8(parsed.text().to_vec()).map_err(|e| NoteError::Malformed(e.to_string()))
}

/// What a checkpoint note says (its size and root), before any signature is
/// checked: a stored checkpoint's size and root are read from its note, never
/// from columns beside it (docs/design.md §2).
pub fn note_checkpoint(note: &str) -> Result<(u64, Hash), NoteError> {
    let parsed =
        Note::from_bytes(note.as_bytes()).map_err(|e| NoteError::Malformed(e.to_string()))?;
    let body = Checkpoint::from_bytes(parsed.text()).map_err(|_| NoteError::NotACheckpoint)?;
    Ok((body.size(), *body.hash()))
}

/// Verifies a signed checkpoint and reads it.
pub fn open_checkpoint(note: &str, verifier_key: &str) -> Result<VerifiedCheckpoint, NoteError> {
    let text = open_note(note, verifier_key)?;
    let body = Checkpoint::from_bytes(text.as_bytes()).map_err(|_| NoteError::NotACheckpoint)?;
    Ok(VerifiedCheckpoint {
        origin: body.origin().to_string(),
        size: body.size(),
        root: *body.hash(),
    })
}

/// A stored log that is not the one a writer last signed, as the writer
/// found it.
pub struct MovedLog<'a> {
    /// The size the writer last signed.
    pub known: u64,
    /// The stored log's size.
    pub size: u64,
    /// The newest stored checkpoint's note, if any.
    pub note: Option<&'a str>,
    /// The root of the stored leaves, or why they make no log.
    pub root: Result<Hash, &'a str>,
}

/// Whether a writer may extend a log that moved under it (docs/design.md
/// §2): only when the newest stored checkpoint's note verifies with the
/// log's key, is of `origin`, signs exactly the stored size (no less than
/// the writer signed) and the root of the stored leaves. Every stored leaf
/// is then one a writer of this log signed. Otherwise the first log index
/// no verified checkpoint covers, and why.
pub fn check_moved_log(
    moved: &MovedLog<'_>,
    verifier_key: &str,
    origin: &str,
) -> Result<(), (u64, String)> {
    let MovedLog {
        known,
        size,
        note,
        root,
    } = *moved;
    let first_foreign = known.min(size);
    let note = note.ok_or_else(|| (first_foreign, "no checkpoint is stored".to_string()))?;
    let signed = open_checkpoint(note, verifier_key).map_err(|e| {
        (
            first_foreign,
            format!("the newest checkpoint row does not verify with the log's key ({e})"),
        )
    })?;
    if signed.origin != origin {
        return Err((
            first_foreign,
            format!("the newest checkpoint is of the log `{}`", signed.origin),
        ));
    }
    if signed.size != size || signed.size < known {
        let first = if size < known {
            size
        } else {
            signed.size.clamp(known, size)
        };
        return Err((
            first,
            format!(
                "the newest signed checkpoint is of size {}, the stored log of {size}",
                signed.size
            ),
        ));
    }
    let root = root.map_err(|why| {
        (
            first_foreign,
            format!("the stored leaves do not make a log: {why}"),
        )
    })?;
    if root != signed.root {
        return Err((
            first_foreign,
            format!(
                "the stored leaves past {known} do not make the root the checkpoint of size {} \
                 signs",
                signed.size
            ),
        ));
    }
    Ok(())
}

/// Whether a log of `size` leaves with root `root` can be signed over by a
/// process bound by the checkpoint of `bound_size` and `bound_root` (one it
/// signed, or read, verified and served, docs/design.md §2): the log must
/// hold at least that many leaves, and the same root at that size. A log
/// below it lost what was signed (a standby promoted behind its primary, a
/// database restored); signing over it would give some size two roots.
pub fn check_bound(
    size: u64,
    root: &Hash,
    bound_size: u64,
    bound_root: &Hash,
) -> Result<(), (u64, String)> {
    if size < bound_size {
        return Err((
            size,
            format!(
                "the database holds {size} records, but this process signed or served the \
                 checkpoint of size {bound_size}: the database lost what was signed (a standby \
                 promoted behind its primary, a restore); bring the records back (`decision-trail \
                 log import`) or start a new log (`log rotate`)"
            ),
        ));
    }
    if size == bound_size && root != bound_root {
        return Err((
            size.saturating_sub(1),
            format!(
                "the database's log of {size} records has the root {}, but this process signed \
                 or served the checkpoint of that size with the root {}: two roots for one size",
                crate::domain::merkle::to_hex(root),
                crate::domain::merkle::to_hex(bound_root)
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_below_or_beside_a_bound_checkpoint_is_refused() {
        let (a, b) = (Hash([1u8; 32]), Hash([2u8; 32]));
        assert!(check_bound(7, &a, 7, &a).is_ok());
        assert!(check_bound(9, &b, 7, &a).is_ok());
        let (at, why) = check_bound(6, &a, 7, &a).unwrap_err();
        assert_eq!(at, 6);
        assert!(
            why.contains("holds 6 records") && why.contains("size 7"),
            "{why}"
        );
        let (_, why) = check_bound(7, &b, 7, &a).unwrap_err();
        assert!(why.contains("two roots"), "{why}");
    }

    // The example key and note of the signed-note format (Go's sumdb/note, which
    // the C2SP specification grew from).
    const SKEY: &str =
        "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz";
    const VKEY: &str = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW";
    const TEXT: &str = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
    const SIGNED: &str = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n\n\u{2014} PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n";

    #[test]
    fn the_example_key_signs_the_example_note_byte_for_byte() {
        let key = LogSigner::from_signer_key(SKEY).unwrap();
        assert_eq!(key.verifier_key(), VKEY);
        assert_eq!(key.name(), "PeterNeumann");
        assert_eq!(key.sign_note(TEXT), SIGNED);
        assert_eq!(open_note(SIGNED, VKEY).unwrap(), TEXT);
    }

    #[test]
    fn a_successor_statement_is_signed_by_the_old_key_and_never_reads_as_a_checkpoint() {
        let old = LogSigner::from_signer_key(SKEY).unwrap();
        let statement = Successor {
            old_origin: "example.com/log".into(),
            old_size: 22,
            old_root: Hash([7; 32]),
            new_origin: "example.com/log-2".into(),
            new_key: "example.com/log-2+01020304+AQ".into(),
        };
        let note = old.sign_note(&statement.text());
        assert_eq!(open_successor(&note, VKEY).unwrap(), statement);
        assert!(open_checkpoint(&note, VKEY).is_err(), "not a checkpoint");
        let other = LogSigner::generate("other", &mut rand_core::OsRng).unwrap();
        let other = LogSigner::from_signer_key(&other).unwrap();
        assert!(open_successor(&note, other.verifier_key()).is_err());
        assert!(open_successor(&note.replace("22", "23"), VKEY).is_err());
        assert!(Successor::parse(&checkpoint_text("a", 1, Hash([0; 32]))).is_err());
    }

    #[test]
    fn altered_notes_and_wrong_keys_are_refused() {
        assert!(open_note(&SIGNED.replace("cryptography", "cryptographY"), VKEY).is_err());
        let other = LogSigner::from_signer_key(
            &LogSigner::generate("PeterNeumann", &mut rand_core::OsRng).unwrap(),
        )
        .unwrap();
        assert!(open_note(SIGNED, other.verifier_key()).is_err());
        assert_eq!(open_note(SIGNED, "garbage"), Err(NoteError::BadVerifierKey));
    }

    #[test]
    fn a_moved_log_is_extended_only_as_far_as_a_verified_checkpoint_covers() {
        let key = LogSigner::from_signer_key(SKEY).unwrap();
        let root = Hash([7; 32]);
        let note = key.sign_checkpoint("example.com/log", 5, root);
        let moved = |size, note, root| MovedLog {
            known: 3,
            size,
            note,
            root,
        };
        let check = |m: &MovedLog<'_>| check_moved_log(m, VKEY, "example.com/log");
        assert_eq!(check(&moved(5, Some(&note), Ok(root))), Ok(()));
        // A leaf past what the note signs, a root it does not sign, no note.
        assert_eq!(check(&moved(6, Some(&note), Ok(root))).unwrap_err().0, 5);
        assert_eq!(
            check(&moved(5, Some(&note), Ok(Hash([8; 32]))))
                .unwrap_err()
                .0,
            3
        );
        assert_eq!(check(&moved(5, None, Ok(root))).unwrap_err().0, 3);
        // A note of another origin, or not signed by the log's key.
        let other = key.sign_checkpoint("example.com/other", 5, root);
        assert!(check(&moved(5, Some(&other), Ok(root))).is_err());
        assert!(check_moved_log(
            &moved(5, Some(&note), Ok(root)),
            "garbage",
            "example.com/log"
        )
        .is_err());
        // A log that shrank.
        assert_eq!(check(&moved(2, Some(&note), Ok(root))).unwrap_err().0, 2);
    }

    #[test]
    fn checkpoints_round_trip() {
        let key = LogSigner::from_signer_key(SKEY).unwrap();
        let root = Hash([7; 32]);
        let note = key.sign_checkpoint("example.com/log", 42, root);
        assert!(note.starts_with("example.com/log\n42\nBwcH"));
        let opened = open_checkpoint(&note, VKEY).unwrap();
        assert_eq!(
            opened,
            VerifiedCheckpoint {
                origin: "example.com/log".into(),
                size: 42,
                root
            }
        );
        assert_eq!(
            open_checkpoint(&key.sign_note("hello\n"), VKEY),
            Err(NoteError::NotACheckpoint)
        );
    }

    #[test]
    fn generated_keys_load_and_verify() {
        let skey = LogSigner::generate("example.com/log", &mut rand_core::OsRng).unwrap();
        let key = LogSigner::from_signer_key(&skey).unwrap();
        assert!(key.verifier_key().starts_with("example.com/log+"));
        let note = key.sign_checkpoint("example.com/log", 1, Hash([1; 32]));
        assert_eq!(open_checkpoint(&note, key.verifier_key()).unwrap().size, 1);
        assert!(LogSigner::generate("has space", &mut rand_core::OsRng).is_err());
    }
}
