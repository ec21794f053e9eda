//! C2SP tlog-witness `add-checkpoint`: the request body (`old SIZE`, the
//! consistency proof, a blank line, the signed checkpoint), the answer's
//! cosignature lines, and the witness's decision over a submission, status
//! code by status code (docs/design.md §2, "Witnesses").

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use signed_note::{Note, StandardVerifier, Verifier, VerifierList};
use tlog_tiles::checkpoint::Checkpoint;

use super::policy::PolicyLog;
use crate::domain::merkle::{verify_consistency, Hash, LogQuery};

/// The content type of a 409's body: the witness's latest size.
pub const SIZE_CONTENT_TYPE: &str = "text/x.tlog.size";

/// Most consistency proof lines a request may carry (tlog-witness).
pub const MAX_PROOF_LINES: usize = 63;

/// An `add-checkpoint` request.
#[derive(Debug, Clone, PartialEq)]
pub struct AddCheckpoint {
    /// The size the client believes the witness has cosigned last (0: none).
    pub old_size: u64,
    /// RFC 6962 consistency proof from `old_size` to the checkpoint's size.
    pub proof: Vec<Hash>,
    /// The signed checkpoint, signature lines included.
    pub checkpoint: String,
}

impl AddCheckpoint {
    /// The request body.
    pub fn to_body(&self) -> String {
        let mut body = format!("old {}\n", self.old_size);
        for hash in &self.proof {
            body.push_str(&STANDARD.encode(hash.0));
            body.push('\n');
        }
        body.push('\n');
        body.push_str(&self.checkpoint);
        body
    }

    /// Reads a request body; the error says what is malformed (a 400).
    pub fn parse(body: &str) -> Result<AddCheckpoint, String> {
        let (head, checkpoint) = body
            .split_once("\n\n")
            .ok_or("no blank line between the old size and proof and the checkpoint")?;
        let mut lines = head.split('\n');
        let old = lines.next().unwrap_or_default();
        let digits = old
            .strip_prefix("old ")
            .ok_or("the first line is not `old SIZE`")?;
        if digits.is_empty()
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || (digits.len() > 1 && digits.starts_with('0'))
        {
            return Err(format!(
                "`{old}`: the old size is not a decimal without leading zeroes"
            ));
        }
        let old_size = digits
            .parse()
            .map_err(|_| format!("`{old}`: the old size is too large"))?;
        let proof = lines
            .map(|line| {
                STANDARD
                    .decode(line)
                    .ok()
                    .and_then(|b| <[u8; 32]>::try_from(b).ok())
                    .map(Hash)
                    .ok_or_else(|| format!("`{line}` is not a base64 SHA-256 hash"))
            })
            .collect::<Result<Vec<Hash>, String>>()?;
        if proof.len() > MAX_PROOF_LINES {
            return Err(format!(
                "more than {MAX_PROOF_LINES} consistency proof lines"
            ));
        }
        Ok(AddCheckpoint {
            old_size,
            proof,
            checkpoint: checkpoint.to_string(),
        })
    }
}

/// The cosignature lines of a 200 answer (each `— NAME base64`, newline-ended).
pub fn parse_cosignatures(body: &str) -> Result<Vec<String>, String> {
    if body.is_empty() || !body.ends_with('\n') {
        return Err("the answer is not newline-terminated signature lines".into());
    }
    body.split_inclusive('\n')
        .map(|line| {
            signed_note::Signature::from_bytes(line.trim_end_matches('\n').as_bytes())
                .map(|_| line.to_string())
                .map_err(|_| format!("`{}` is not a note signature line", line.trim_end()))
        })
        .collect()
}

/// A 409's body: the size in decimal, one line.
pub fn parse_size(body: &str) -> Option<u64> {
    body.strip_suffix('\n').unwrap_or(body).trim().parse().ok()
}

/// What a witness keeps of a log: its latest cosigned checkpoint.
#[derive(Debug, Clone, PartialEq)]
pub struct WitnessedState {
    pub size: u64,
    pub root: Hash,
}

/// A submission the witness may cosign: the checkpoint, read and verified.
#[derive(Debug, Clone, PartialEq)]
pub struct Accepted {
    pub origin: String,
    pub size: u64,
    pub root: Hash,
    /// The checkpoint body (its text, without signature lines): what a
    /// cosignature signs.
    pub body: String,
}

/// Why a witness refuses a submission; each is one status code of tlog-witness.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// 400.
    #[error("{0}")]
    Malformed(String),
    /// 404: no log of this origin is watched.
    #[error("no log with origin `{0}` is known to this witness")]
    UnknownLog(String),
    /// 403: no signature of a known key verifies.
    #[error("the checkpoint is not signed by a key this witness trusts for `{0}`")]
    BadSignature(String),
    /// 409: the old size is not the witness's latest (its body is `latest`),
    /// or the same size with another root.
    #[error("the witness's latest checkpoint of this log has size {latest}{}", if *.other_root { " and another root" } else { "" })]
    Conflict { latest: u64, other_root: bool },
    /// 422: the consistency proof does not verify.
    #[error("the consistency proof from size {old} to {new} does not verify")]
    Inconsistent { old: u64, new: u64 },
}

impl Refusal {
    /// The HTTP status tlog-witness gives this refusal.
    pub fn status(&self) -> u16 {
        match self {
            Refusal::Malformed(_) => 400,
            Refusal::BadSignature(_) => 403,
            Refusal::UnknownLog(_) => 404,
            Refusal::Conflict { .. } => 409,
            Refusal::Inconsistent { .. } => 422,
        }
    }
}

/// The consistency proof a request from `old` to `size` carries: none from
/// the empty tree (C2SP tlog-witness) or to the same size, else RFC 9162's
/// proof between the two trees.
pub fn proof_query(old: u64, size: u64) -> Option<LogQuery> {
    (old != 0 && old != size).then_some(LogQuery::Consistency {
        first: old,
        second: size,
    })
}

/// The witness's checks of tlog-witness, in its order: the checkpoint reads,
/// its origin is watched (404), a trusted key signed it (403), the old size
/// is not past it (400) and is the latest cosigned (409), a proof from 0 is
/// empty (400), an equal size has an equal root (409), and the consistency
/// proof verifies (422). `stored` is the latest cosigned state of its origin.
pub fn check_submission(
    request: &AddCheckpoint,
    logs: &[PolicyLog],
    stored: impl FnOnce(&str) -> Option<WitnessedState>,
) -> Result<Accepted, Refusal> {
    let note = Note::from_bytes(request.checkpoint.as_bytes())
        .map_err(|e| Refusal::Malformed(format!("the checkpoint is not a signed note: {e}")))?;
    let body = std::str::from_utf8(note.text())
        .map_err(|_| Refusal::Malformed("the checkpoint is not UTF-8".into()))?
        .to_string();
    let checkpoint = Checkpoint::from_bytes(body.as_bytes())
        .map_err(|_| Refusal::Malformed("the signed text is not a checkpoint".into()))?;
    let origin = checkpoint.origin().to_string();
    let keys: Vec<Box<dyn Verifier>> = logs
        .iter()
        .filter(|l| l.origin == origin)
        .filter_map(|l| StandardVerifier::new(&l.vkey).ok())
        .map(|v| Box::new(v) as Box<dyn Verifier>)
        .collect();
    if keys.is_empty() {
        return Err(Refusal::UnknownLog(origin));
    }
    if note.verify(&VerifierList::new(keys)).is_err() {
        return Err(Refusal::BadSignature(origin));
    }
    let (size, root) = (checkpoint.size(), *checkpoint.hash());
    if request.old_size > size {
        return Err(Refusal::Malformed(format!(
            "the old size {} is past the checkpoint's size {size}",
            request.old_size
        )));
    }
    let latest = stored(&origin);
    let latest_size = latest.as_ref().map_or(0, |s| s.size);
    if request.old_size != latest_size {
        return Err(Refusal::Conflict {
            latest: latest_size,
            other_root: false,
        });
    }
    let accepted = Accepted {
        origin,
        size,
        root,
        body,
    };
    match latest {
        Some(latest) if latest.size == size => {
            if latest.root != root {
                return Err(Refusal::Conflict {
                    latest: latest.size,
                    other_root: true,
                });
            }
            Ok(accepted)
        }
        Some(latest) if latest.size > 0 => {
            if verify_consistency(&request.proof, latest.size, latest.root, size, root) {
                Ok(accepted)
            } else {
                Err(Refusal::Inconsistent {
                    old: latest.size,
                    new: size,
                })
            }
        }
        // From the empty tree (never cosigned, or cosigned at size 0) every
        // tree is consistent, and the proof is empty (C2SP tlog-witness).
        _ => {
            if !request.proof.is_empty() {
                return Err(Refusal::Malformed(
                    "a proof from size 0 must be empty".into(),
                ));
            }
            Ok(accepted)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The request body of tlog-witness's own example.
    const EXAMPLE: &str = "old 20852014\nPlRNCrwHpqhGrupue0L7gxbjbMiKA9temvuZZDDpkaw=\njrJZDmY8Y7SyJE0MWLpLozkIVMSMZcD5kvuKxPC3swk=\n5+pKlUdi2LeF/BcMHBn+Ku6yhPGNCswZZD1X/6QgPd8=\n/6WVhPs2CwSsb5rYBH5cjHV/wSmA79abXAwhXw3Kj/0=\n\nexample.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n\n\u{2014} example.com/behind-the-sofa Az3grlgtzPICa5OS8npVmf1Myq/5IZniMp+ZJurmRDeOoRDe4URYN7u5/Zhcyv2q1gGzGku9nTo+zyWE+xeMcTOAYQ8=\n\u{2014} example.com/behind-the-sofa opLqBQsREYCgu6xQkYQwJr9fo45a62DN9EdmHXnZdXNqlcVGlCum2Wks+49/V6267UEjw6QUXTS5Rovnzv++qbSzm9Q=\n";

    // The answer body of tlog-witness's own example.
    const ANSWER: &str = "\u{2014} witness.example/w1 CMp+6LWBU0anHGH5aNDTJkH/gj79sG+T6+iP2ThYN5krrDJbR1HDnucjL39QsZTSvVjyQLrdk3DXDqI5G2HgLatVs0pWh6Up69HVOw==\n\u{2014} witness.example/w1 I7rEps0pvK2UqkS2gSpVUDhrhVtQV9lgF6pRrWAvjJHjyWpW7VcE3SiOlVlbQNt64vWhO+DlkL0+UfzuOBMh9ChdMkP1vi/lCAsmlw==\n\u{2014} witness.example/w2 AWui8Sk55XjYLOijihBjhqEH6nS1ndDymE0a+6idX7pLcnoB+dhnz0854aLZgrrKbYKA7nC3HNJhm/kWl7oJlqU3rXXvpysAdyP3wQ==\n";

    #[test]
    fn the_specs_example_request_reads_and_writes_back_byte_for_byte() {
        let request = AddCheckpoint::parse(EXAMPLE).unwrap();
        assert_eq!(request.old_size, 20852014);
        assert_eq!(request.proof.len(), 4);
        assert!(request
            .checkpoint
            .starts_with("example.com/behind-the-sofa\n20852163\n"));
        assert_eq!(request.to_body(), EXAMPLE);
        assert_eq!(parse_cosignatures(ANSWER).unwrap().len(), 3);
    }

    /// A tree of `n` leaves kept as `tlog_tiles` stores it.
    struct Tree(Vec<Hash>);

    impl tlog_tiles::tlog::HashReader for Tree {
        fn read_hashes(&self, indexes: &[u64]) -> Result<Vec<Hash>, tlog_tiles::tlog::Error> {
            Ok(indexes.iter().map(|&i| self.0[i as usize]).collect())
        }
    }

    fn tree(n: u64, prefix: &str) -> Tree {
        let mut tree = Tree(Vec::new());
        for i in 0..n {
            let data = format!("{prefix}{i}");
            let added = tlog_tiles::tlog::stored_hashes(i, data.as_bytes(), &tree).unwrap();
            tree.0.extend(added);
        }
        tree
    }

    #[test]
    fn each_check_answers_its_status() {
        use crate::domain::checkpoint::LogSigner;
        use tlog_tiles::tlog::{prove_tree, tree_hash};
        let skey = LogSigner::generate("example.com/log", &mut rand_core::OsRng).unwrap();
        let signer = LogSigner::from_signer_key(&skey).unwrap();
        let logs = [PolicyLog {
            vkey: signer.verifier_key().to_string(),
            origin: "example.com/log".into(),
            url: None,
        }];
        let (small, big, fork) = (tree(3, "a"), tree(7, "a"), tree(7, "b"));
        let root = |t: &Tree, n| tree_hash(n, t).unwrap();
        let note = |n, r| signer.sign_checkpoint("example.com/log", n, r);
        let request = |old, proof: Vec<Hash>, checkpoint| AddCheckpoint {
            old_size: old,
            proof,
            checkpoint,
        };
        let at3 = || {
            Some(WitnessedState {
                size: 3,
                root: root(&small, 3),
            })
        };
        let check = |r: &AddCheckpoint, stored: Option<WitnessedState>| {
            check_submission(r, &logs, |_| stored)
                .map(|a| a.size)
                .map_err(|e| e.status())
        };
        assert_eq!(
            check(&request(0, vec![], note(3, root(&small, 3))), None),
            Ok(3)
        );
        assert_eq!(
            check(&request(0, vec![], note(3, root(&small, 3))), at3()),
            Err(409)
        );
        let proof = prove_tree(7, 3, &big).unwrap();
        assert_eq!(
            check(&request(3, proof.clone(), note(7, root(&big, 7))), at3()),
            Ok(7)
        );
        assert_eq!(
            check(&request(3, proof, note(7, root(&fork, 7))), at3()),
            Err(422)
        );
        assert_eq!(
            check(&request(3, vec![], note(3, root(&fork, 3))), at3()),
            Err(409)
        );
        assert_eq!(
            check(&request(9, vec![], note(7, root(&big, 7))), at3()),
            Err(400)
        );
        let other = LogSigner::from_signer_key(
            &LogSigner::generate("example.com/log", &mut rand_core::OsRng).unwrap(),
        )
        .unwrap();
        let forged = other.sign_checkpoint("example.com/log", 3, root(&small, 3));
        assert_eq!(check(&request(0, vec![], forged), None), Err(403));
        let elsewhere = signer.sign_checkpoint("example.com/other", 3, root(&small, 3));
        assert_eq!(check(&request(0, vec![], elsewhere), None), Err(404));
        // A log cosigned at size 0 (the empty tree) grows from it with an
        // empty proof; another root at size 0 is a conflict.
        let empty = Hash([0xe3; 32]);
        let at0 = || {
            Some(WitnessedState {
                size: 0,
                root: empty,
            })
        };
        assert_eq!(check(&request(0, vec![], note(0, empty)), None), Ok(0));
        assert_eq!(
            check(&request(0, vec![], note(3, root(&small, 3))), at0()),
            Ok(3)
        );
        assert_eq!(
            check(&request(0, vec![], note(0, Hash([1; 32]))), at0()),
            Err(409)
        );
    }

    #[test]
    fn malformed_requests_say_why() {
        for (body, says) in [
            ("old 01\n\nx\n", "leading zeroes"),
            ("new 1\n\nx\n", "old SIZE"),
            ("old 1\nnot-base64\n\nx\n", "base64"),
            ("old 1\n", "blank line"),
        ] {
            assert!(
                AddCheckpoint::parse(body).unwrap_err().contains(says),
                "{body}"
            );
        }
        assert_eq!(parse_size("17\n"), Some(17));
        assert!(parse_cosignatures("not a line\n").is_err());
    }
}
