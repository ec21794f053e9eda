//! Provable time (docs/design.md §18, docs/spec.md §8): a record's
//! `timestamp` is the operator's claim; a witness's cosignature signs the
//! time at which it had seen a checkpoint, and a checkpoint covering a
//! record proves the record existed then. Under a policy, a record *existed
//! by* T when the witnesses whose first covering cosignature is at or before
//! T make the quorum: with a `k` of `n` quorum, the k-th earliest of those
//! times, a bound that holds unless k witnesses lie.

use chrono::{DateTime, SecondsFormat};

use super::policy::{split_note, Policy};
use crate::domain::checkpoint::open_checkpoint;
use crate::domain::merkle::{verify_consistency, Hash};

/// One policy witness's first valid cosignature of a checkpoint covering
/// a record (the smallest cosigned tree size above the record's index).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WitnessTime {
    /// The witness's position in [`Policy::witnesses`].
    pub witness: usize,
    /// The size of the checkpoint it cosigned.
    pub tree_size: u64,
    /// The time its cosignature signs, seconds since the epoch.
    pub time: u64,
}

/// When a record is proven to have existed, and by whom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExistedBy {
    /// Seconds since the epoch.
    pub time: u64,
    /// The policy names of the witnesses that set it, earliest first.
    pub witnesses: Vec<String>,
    /// How many witnesses the policy names ("2 of 3 witnesses").
    pub of: usize,
}

impl ExistedBy {
    /// The time as RFC 3339, UTC, in seconds (what the pages and `verify` say).
    pub fn time_text(&self) -> String {
        rfc3339(self.time)
    }

    /// "existed by 2026-11-27T10:00:03Z (2 of 3 witnesses)".
    pub fn summary(&self) -> String {
        format!(
            "existed by {} ({} of {} witnesses)",
            self.time_text(),
            self.witnesses.len(),
            self.of
        )
    }
}

/// What is said of a record without a witness time: no policy, or a quorum
/// that has not cosigned a checkpoint covering it yet.
pub const NO_POLICY: &str = "no witness time: no witness policy";
/// See [`NO_POLICY`].
pub const NOT_YET: &str =
    "no witness time yet: the policy's quorum has not cosigned a checkpoint covering it";

/// Seconds since the epoch as RFC 3339 UTC (seconds precision).
pub fn rfc3339(seconds: u64) -> String {
    i64::try_from(seconds)
        .ok()
        .and_then(|s| DateTime::from_timestamp(s, 0))
        .map(|t| t.to_rfc3339_opts(SecondsFormat::Secs, true))
        .unwrap_or_else(|| format!("{seconds} s after the epoch"))
}

/// A cosigned checkpoint: its size, its text (the note's body) and its
/// signature lines.
pub struct Cosigned<'a> {
    pub tree_size: u64,
    pub body: &'a str,
    pub lines: Vec<&'a str>,
}

impl Policy {
    /// Each policy witness's first valid cosignature of a checkpoint covering
    /// the leaf `leaf` among `checkpoints` (any order): the one of the
    /// smallest size above `leaf`. A line that does not verify, or of a key
    /// the policy does not name, sets nothing.
    pub fn first_covering(&self, leaf: u64, checkpoints: &[Cosigned<'_>]) -> Vec<WitnessTime> {
        let mut first: Vec<Option<WitnessTime>> = vec![None; self.witnesses.len()];
        for c in checkpoints.iter().filter(|c| c.tree_size > leaf) {
            for (i, w) in self.witnesses.iter().enumerate() {
                if first[i]
                    .as_ref()
                    .is_some_and(|t| t.tree_size <= c.tree_size)
                {
                    continue;
                }
                if let Some(time) = c.lines.iter().find_map(|l| w.key.verify_line(c.body, l)) {
                    first[i] = Some(WitnessTime {
                        witness: i,
                        tree_size: c.tree_size,
                        time,
                    });
                }
            }
        }
        first.into_iter().flatten().collect()
    }

    /// The earliest time at which the witnesses of `times` whose time is at
    /// or before it make the quorum; None when they never do, or when the
    /// quorum asks no cosignature (`quorum none`: nothing is witnessed).
    pub fn existed_by(&self, times: &[WitnessTime]) -> Option<ExistedBy> {
        if !self.needs_cosignatures() {
            return None;
        }
        let mut sorted: Vec<&WitnessTime> = times.iter().collect();
        sorted.sort_by_key(|t| (t.time, t.witness));
        let mut met = std::collections::HashSet::new();
        let mut names = Vec::new();
        for t in sorted {
            if met.insert(t.witness) {
                names.push(self.witnesses[t.witness].name.clone());
            }
            if self.satisfied_by(&met) {
                // Later witnesses of the same second belong to the bound too
                // only if needed; the quorum is met with those so far.
                return Some(ExistedBy {
                    time: t.time,
                    witnesses: names,
                    of: self.witnesses.len(),
                });
            }
        }
        None
    }
}

/// Checks a file's `witness_times` (docs/spec.md §8) against the file's
/// tree (`tree_size`, `root`): each note is signed by the log's key `key`,
/// its tree is proven consistent with the file's, and each line claiming a
/// policy witness verifies. Returns them as [`Cosigned`] for
/// [`Policy::first_covering`], or why one fails.
pub fn check_witness_checkpoints<'a>(
    entries: &'a [(String, Vec<Hash>)],
    key: &str,
    policy: &Policy,
    tree_size: u64,
    root: Hash,
) -> Result<Vec<Cosigned<'a>>, String> {
    let mut out = Vec::with_capacity(entries.len());
    for (n, (note, proof)) in entries.iter().enumerate() {
        let fail = |why: String| format!("witness_times entry {}: {why}", n + 1);
        let checkpoint = open_checkpoint(note, key)
            .map_err(|e| fail(format!("its checkpoint does not verify with the key: {e}")))?;
        let (size, its_root) = (checkpoint.size, checkpoint.root);
        let consistent = match size.cmp(&tree_size) {
            std::cmp::Ordering::Equal => proof.is_empty() && its_root == root,
            std::cmp::Ordering::Less => verify_consistency(proof, size, its_root, tree_size, root),
            std::cmp::Ordering::Greater => {
                verify_consistency(proof, tree_size, root, size, its_root)
            }
        };
        if !consistent {
            return Err(fail(format!(
                "the checkpoint of size {size} is not proven consistent with the file's of size \
                 {tree_size}"
            )));
        }
        let (body, lines) =
            split_note(note).ok_or_else(|| fail("its checkpoint is not a signed note".into()))?;
        policy
            .check_claims(body, &lines)
            .map_err(|refusal| fail(refusal.to_string()))?;
        out.push(Cosigned {
            tree_size: size,
            body,
            lines,
        });
    }
    Ok(out)
}

/// The provable time of each leaf of `leaves` from a file's checked
/// witness checkpoints.
pub fn leaf_times(
    policy: &Policy,
    checkpoints: &[Cosigned<'_>],
    leaves: &[u64],
) -> Vec<Option<ExistedBy>> {
    leaves
        .iter()
        .map(|&leaf| policy.existed_by(&policy.first_covering(leaf, checkpoints)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::cosignature::Cosigner;
    use super::*;

    fn witness(name: &str) -> Cosigner {
        Cosigner::from_secret(&Cosigner::generate(name, &mut rand_core::OsRng).unwrap()).unwrap()
    }

    fn policy(witnesses: &[&Cosigner], quorum: &str) -> Policy {
        let mut text = String::new();
        for (i, w) in witnesses.iter().enumerate() {
            text.push_str(&format!("witness w{i} {}\n", w.key().vkey()));
        }
        text.push_str(quorum);
        Policy::parse(&text).unwrap()
    }

    fn body(size: u64) -> String {
        format!("example.com/log\n{size}\n{}\n", "A".repeat(43) + "=")
    }

    #[test]
    fn a_two_of_three_quorum_is_the_second_earliest_first_covering_time() {
        let ws = [witness("a"), witness("b"), witness("c")];
        let p = policy(&[&ws[0], &ws[1], &ws[2]], "group g 2 w0 w1 w2\nquorum g\n");
        let (b5, b9) = (body(5), body(9));
        // a: 5 at 100; b: 9 at 300 (and 5 not); c: 5 at 400, 9 at 200.
        let l5 = [ws[0].sign(&b5, 100), ws[2].sign(&b5, 400)];
        let l9 = [ws[1].sign(&b9, 300), ws[2].sign(&b9, 200)];
        let cps = [
            Cosigned {
                tree_size: 9,
                body: &b9,
                lines: l9.iter().map(String::as_str).collect(),
            },
            Cosigned {
                tree_size: 5,
                body: &b5,
                lines: l5.iter().map(String::as_str).collect(),
            },
        ];
        // Leaf 3: first covering is size 5 for a (100) and c (400), 9 for b
        // (300): the second earliest is 300.
        let times = p.first_covering(3, &cps);
        let by = p.existed_by(&times).unwrap();
        assert_eq!(
            (by.time, by.witnesses.clone(), by.of),
            (300, vec!["w0".into(), "w1".into()], 3)
        );
        assert_eq!(
            by.summary(),
            "existed by 1970-01-01T00:05:00Z (2 of 3 witnesses)"
        );
        // Leaf 6: only size 9 covers it: b 300, c 200: 300.
        let by = p.existed_by(&p.first_covering(6, &cps)).unwrap();
        assert_eq!(
            (by.time, by.witnesses),
            (300, vec!["w2".into(), "w1".into()])
        );
        // Leaf 9: nothing covers it.
        assert!(p.existed_by(&p.first_covering(9, &cps)).is_none());
    }

    #[test]
    fn a_forged_or_foreign_line_sets_no_time() {
        let ws = [witness("a"), witness("b")];
        let stranger = witness("a");
        let p = policy(&[&ws[0], &ws[1]], "group g all w0 w1\nquorum g\n");
        let b = body(4);
        let mut forged = ws[0].sign(&b, 10);
        forged.replace_range(forged.len() - 7.., "AAAAAA\n");
        let lines = [forged, stranger.sign(&b, 5), ws[1].sign(&b, 50)];
        let cps = [Cosigned {
            tree_size: 4,
            body: &b,
            lines: lines.iter().map(String::as_str).collect(),
        }];
        let times = p.first_covering(0, &cps);
        assert_eq!(times.len(), 1, "{times:?}");
        assert!(p.existed_by(&times).is_none());
        assert!(policy(&[&ws[0]], "quorum none\n").existed_by(&[]).is_none());
    }
}
