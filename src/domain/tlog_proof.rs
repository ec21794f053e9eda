//! A record's receipt as a C2SP tlog-proof file (docs/design.md §2):
//! `c2sp.org/tlog-proof@v1`, an `extra` line, `index N`, the inclusion proof
//! one base64 hash a line, a blank line, the checkpoint note verbatim. The
//! extra data is the record's leaf data (`merkle::leaf_data`), so the file
//! alone names the leaf it proves; the proof, not the extra line, makes it
//! trustworthy.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;

use super::audit::{code, fail, note_failure, AuditFailure};
use super::chain::BreakReason;
use super::checkpoint::{open_checkpoint, VerifiedCheckpoint};
use super::json::{self, JsonValue};
use super::merkle::{leaf_data, leaf_hash, verify_inclusion, Hash};
use super::record::Record;

/// The first line of every proof (C2SP tlog-proof).
pub const HEADER: &str = "c2sp.org/tlog-proof@v1";

/// A tlog-proof file's parts.
#[derive(Debug, Clone, PartialEq)]
pub struct TlogProof {
    /// The opaque extra data: here, the leaf data of the record proven.
    pub extra: Option<Vec<u8>>,
    /// The leaf's index in the log (the record's `log_index`).
    pub index: u64,
    /// RFC 6962 inclusion proof, from the leaf's sibling upwards.
    pub proof: Vec<Hash>,
    /// The signed checkpoint (with any cosignatures), verbatim.
    pub checkpoint: String,
}

/// What a proof file established.
#[derive(Debug, Clone, PartialEq)]
pub struct ProvenLeaf {
    /// The checkpoint whose signature verified and whose root the proof reaches.
    pub checkpoint: VerifiedCheckpoint,
    /// The leaf's index in the log: the record's `log_index`.
    pub index: u64,
    /// The agent the log attributes the record to.
    pub agent_id: String,
    /// The hash of the record the leaf commits to.
    pub record_hash: String,
    /// A record given beside the file was hashed and is that leaf's record.
    pub record_checked: bool,
}

fn malformed(why: impl Into<String>) -> String {
    format!("not a {HEADER} proof: {}", why.into())
}

impl TlogProof {
    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut out = format!("{HEADER}\n");
        if let Some(extra) = &self.extra {
            out.push_str(&format!("extra {}\n", STANDARD.encode(extra)));
        }
        out.push_str(&format!("index {}\n", self.index));
        for hash in &self.proof {
            out.push_str(&STANDARD.encode(hash.0));
            out.push('\n');
        }
        out.push('\n');
        out.push_str(&self.checkpoint);
        out
    }

    /// True when `text` starts as a proof file does.
    pub fn looks_like(text: &str) -> bool {
        text.strip_prefix(HEADER)
            .is_some_and(|rest| rest.starts_with('\n'))
    }

    /// Reads a proof file, strictly in the spec's form.
    pub fn parse(text: &str) -> Result<TlogProof, String> {
        let (head, checkpoint) = text
            .split_once("\n\n")
            .ok_or_else(|| malformed("no blank line before the checkpoint"))?;
        if checkpoint.is_empty() {
            return Err(malformed("the checkpoint is missing"));
        }
        let mut lines = head.split('\n');
        if lines.next() != Some(HEADER) {
            return Err(malformed(format!("the first line is not `{HEADER}`")));
        }
        let mut line = lines.next();
        let extra = match line.and_then(|l| l.strip_prefix("extra ")) {
            Some(data) => {
                line = lines.next();
                Some(
                    STANDARD
                        .decode(data)
                        .map_err(|e| malformed(format!("the extra data is not base64: {e}")))?,
                )
            }
            None => None,
        };
        let index = line
            .and_then(|l| l.strip_prefix("index "))
            .and_then(super::decimal)
            .ok_or_else(|| malformed("no `index N` line (a decimal, no leading zeroes)"))?;
        let proof = lines
            .map(|l| {
                STANDARD
                    .decode(l)
                    .ok()
                    .and_then(|b| <[u8; 32]>::try_from(b).ok())
                    .map(Hash)
                    .ok_or_else(|| malformed(format!("`{l}` is not a base64 SHA-256 hash")))
            })
            .collect::<Result<_, _>>()?;
        Ok(TlogProof {
            extra,
            index,
            proof,
            checkpoint: checkpoint.to_string(),
        })
    }

    /// Checks the proof: the checkpoint's signature with `verifier_key`, the
    /// leaf (from `record`, a record as served, when given, else from the
    /// extra data) and its inclusion in the checkpoint's tree at `index`.
    pub fn check(
        &self,
        verifier_key: &str,
        record: Option<&Record>,
    ) -> Result<ProvenLeaf, AuditFailure> {
        let checkpoint = open_checkpoint(&self.checkpoint, verifier_key)
            .map_err(|e| note_failure(0, e, "the checkpoint"))?;
        let named = self
            .extra
            .as_deref()
            .map(leaf_of_extra)
            .transpose()
            .map_err(|e| fail(0, code::MALFORMED, e))?;
        let (agent_id, record_hash) = match (record, named) {
            (Some(r), named) => {
                let computed = r.computed_hash();
                if computed != r.hash {
                    return Err(fail(
                        0,
                        BreakReason::HashMismatch.as_str(),
                        format!(
                            "record {}: its fields hash to {computed}, not to its hash {}",
                            r.id, r.hash
                        ),
                    ));
                }
                // An erasable record's hash covers its commitment: its salt
                // must open it to the content and metadata given.
                if let Some(problem) = r.hash_input().opening_problem() {
                    return Err(fail(
                        0,
                        BreakReason::CommitmentMismatch.as_str(),
                        format!("record {}: {problem}", r.id),
                    ));
                }
                if r.log_index != self.index {
                    return Err(fail(
                        0,
                        code::RECORD_MISMATCH,
                        format!(
                            "record {} is leaf {}, the proof is for leaf {}",
                            r.id, r.log_index, self.index
                        ),
                    ));
                }
                if named.is_some_and(|n| n != (r.authored.agent_id.clone(), r.hash.clone())) {
                    return Err(fail(
                        0,
                        code::RECORD_MISMATCH,
                        format!(
                            "record {} is not the leaf the proof's extra data names",
                            r.id
                        ),
                    ));
                }
                (r.authored.agent_id.clone(), r.hash.clone())
            }
            (None, Some(named)) => named,
            (None, None) => {
                return Err(fail(
                    0,
                    code::MALFORMED,
                    "the proof names no leaf (no extra data): give the record",
                ))
            }
        };
        if self.index >= checkpoint.size {
            return Err(fail(
                0,
                code::NOT_IN_LOG,
                format!(
                    "leaf {} is outside the checkpoint's tree of {}",
                    self.index, checkpoint.size
                ),
            ));
        }
        let leaf = leaf_hash(&leaf_data(&agent_id, &record_hash));
        if !verify_inclusion(
            &self.proof,
            checkpoint.size,
            checkpoint.root,
            self.index,
            leaf,
        ) {
            return Err(fail(
                0,
                code::NOT_IN_LOG,
                format!(
                    "the inclusion proof of leaf {} does not lead to the checkpoint's root: \
                     it is not in the log the checkpoint commits to",
                    self.index
                ),
            ));
        }
        Ok(ProvenLeaf {
            checkpoint,
            index: self.index,
            agent_id,
            record_hash,
            record_checked: record.is_some(),
        })
    }
}

/// The `agent_id` and record hash of leaf data, which must be exactly the
/// canonical JSON `merkle::leaf_data` writes.
fn leaf_of_extra(extra: &[u8]) -> Result<(String, String), String> {
    let bad = || "the extra data is not a leaf ({\"agent_id\":…,\"hash\":…})".to_string();
    let text = std::str::from_utf8(extra).map_err(|_| bad())?;
    let value = json::parse(text, 2).map_err(|_| bad())?;
    let field = |name| match value.get(name) {
        Some(JsonValue::String(s)) => Some(s.clone()),
        _ => None,
    };
    let (Some(agent_id), Some(hash)) = (field("agent_id"), field("hash")) else {
        return Err(bad());
    };
    if leaf_data(&agent_id, &hash) != extra {
        return Err(bad());
    }
    Ok((agent_id, hash))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::checkpoint::LogSigner;
    use crate::domain::merkle::{LogQuery, StoredHashes};
    use tlog_tiles::tlog::stored_hashes_for_record_hash;

    const SKEY: &str =
        "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz";
    const VKEY: &str = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW";

    /// A log of `n` leaves by agent `a`, the record hashes `i` in hex; its
    /// proof of leaf `at`, signed.
    fn proof_of(n: u64, at: u64) -> TlogProof {
        let mut stored = StoredHashes::default();
        for i in 0..n {
            let data = leaf_data("a", &format!("{i:064x}"));
            let known = stored.clone();
            let reader = Known(&known);
            let new =
                stored_hashes_for_record_hash(i, leaf_hash(&data), &reader).expect("in order");
            let base = tlog_tiles::tlog::stored_hash_count(i);
            for (k, h) in new.into_iter().enumerate() {
                stored.insert(base + k as u64, h);
            }
        }
        let root = LogQuery::Root { tree_size: n }.answer(&stored).unwrap()[0];
        let proof = LogQuery::Inclusion {
            leaf: at,
            tree_size: n,
        }
        .answer(&stored)
        .unwrap();
        let key = LogSigner::from_signer_key(SKEY).unwrap();
        TlogProof {
            extra: Some(leaf_data("a", &format!("{at:064x}"))),
            index: at,
            proof,
            checkpoint: key.sign_checkpoint("example.com/log", n, root),
        }
    }

    struct Known<'a>(&'a StoredHashes);

    impl tlog_tiles::tlog::HashReader for Known<'_> {
        fn read_hashes(&self, indexes: &[u64]) -> Result<Vec<Hash>, tlog_tiles::tlog::Error> {
            Ok(indexes.iter().map(|i| self.0[i]).collect())
        }
    }

    #[test]
    fn a_proof_round_trips_and_checks() {
        let proof = proof_of(11, 6);
        let text = proof.to_text();
        assert!(text.starts_with("c2sp.org/tlog-proof@v1\nextra eyJhZ2VudF9pZCI6"));
        assert!(text.contains("\nindex 6\n"));
        assert!(TlogProof::looks_like(&text));
        assert_eq!(TlogProof::parse(&text).unwrap(), proof);
        let proven = proof.check(VKEY, None).unwrap();
        assert_eq!((proven.index, proven.agent_id.as_str()), (6, "a"));
        assert_eq!(proven.checkpoint.size, 11);
    }

    #[test]
    fn the_specs_example_layout_parses() {
        let text = "c2sp.org/tlog-proof@v1\nindex 0\n\nexample.com/log\n1\n\
                    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\n\n\u{2014} x y\n";
        let proof = TlogProof::parse(text).unwrap();
        assert_eq!((proof.extra, proof.index, proof.proof.len()), (None, 0, 0));
        assert!(proof.checkpoint.starts_with("example.com/log\n1\n"));
    }

    #[test]
    fn a_changed_proof_leaf_or_key_is_refused() {
        let proof = proof_of(11, 6);
        let mut other_leaf = proof.clone();
        other_leaf.extra = Some(leaf_data("b", &format!("{:064x}", 6)));
        assert!(other_leaf
            .check(VKEY, None)
            .unwrap_err()
            .what
            .contains("root"));
        let mut other_index = proof.clone();
        other_index.index = 7;
        assert!(other_index.check(VKEY, None).is_err());
        let mut bad_hash = proof.clone();
        bad_hash.proof[0].0[0] ^= 1;
        assert!(bad_hash.check(VKEY, None).is_err());
        let other_key = LogSigner::generate("PeterNeumann", &mut rand_core::OsRng).unwrap();
        let other_key = LogSigner::from_signer_key(&other_key).unwrap();
        assert!(proof.check(other_key.verifier_key(), None).is_err());
        let mut no_leaf = proof.clone();
        no_leaf.extra = None;
        assert!(no_leaf
            .check(VKEY, None)
            .unwrap_err()
            .what
            .contains("give the record"));
        let mut not_canonical = proof;
        not_canonical.extra = Some(b"{\"hash\":\"x\",\"agent_id\":\"a\"}".to_vec());
        assert!(not_canonical.check(VKEY, None).is_err());
    }

    #[test]
    fn malformed_files_are_refused() {
        let text = proof_of(3, 1).to_text();
        for bad in [
            text.replacen("c2sp.org/tlog-proof@v1", "c2sp.org/tlog-proof@v2", 1),
            text.replacen("index 1", "index 01", 1),
            text.replacen("index 1", "index", 1),
            text.replacen("\n\n", "\n", 1),
            text.replacen("extra ", "extra !", 1),
            text.replacen("index 1\n", "index 1\nAAAA\n", 1),
            text.split("\n\n").next().unwrap().to_string() + "\n\n",
        ] {
            assert!(TlogProof::parse(&bad).is_err(), "{bad}");
        }
    }
}
