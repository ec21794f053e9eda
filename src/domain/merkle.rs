//! The log (docs/design.md §2): one RFC 9162 Merkle tree over every record
//! (leaf hash `SHA-256(0x00 || data)`, node `SHA-256(0x01 || l || r)`), whose
//! leaf `log_index` commits to the record and to who wrote it: its data is the
//! UTF-8 of the canonical JSON `{"agent_id": …, "hash": …}` of that record.
//!
//! Tree arithmetic is `tlog_tiles` (a port of Go's sumdb/tlog, checked against
//! the RFC 9162 vectors): every complete subtree's hash is stored once, at its
//! "stored hash index", so an append writes O(log n) hashes and any root or proof
//! needs O(log n) of them, read in one batch.
//!
//! Storage is async and `tlog_tiles` reads synchronously, so every read is split
//! in two: [`LogQuery::indexes`] says which stored hashes a query needs (they
//! depend only on the sizes), the caller fetches them, [`LogQuery::answer`]
//! computes from them.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use tlog_tiles::tlog::{self, HashReader};

use super::{json, IntHasher};

pub use tlog_tiles::tlog::{Hash, EMPTY_HASH};

/// Stored hashes by stored-hash index (positions in the log, so
/// [`IntHasher`] serves).
pub type StoredHashes = HashMap<u64, Hash, BuildHasherDefault<IntHasher>>;

/// A record's leaf data: the RFC 8785 canonical JSON of
/// `{"agent_id": …, "hash": …}`. The record hash leaves `agent_id` out (a
/// corrected attribution must not break the chain); the log commits to it, so
/// an edited `agent_id` fails every proof.
pub fn leaf_data(agent_id: &str, record_hash: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(agent_id.len() + record_hash.len() + 32);
    out.extend_from_slice(b"{\"agent_id\":");
    json::write_string(agent_id, &mut out);
    out.extend_from_slice(b",\"hash\":");
    json::write_string(record_hash, &mut out);
    out.push(b'}');
    out
}

/// `SHA-256(0x00 || input)`.
pub fn leaf_hash(input: &[u8]) -> Hash {
    tlog::record_hash(input)
}

pub fn to_hex(hash: &Hash) -> String {
    // Into a buffer, then one String: `hex::encode` collects char by char.
    let mut digits = [0u8; 64];
    hex::encode_to_slice(hash.0, &mut digits).expect("32 bytes are 64 hex digits");
    String::from_utf8(digits.to_vec()).expect("hex digits are ASCII")
}

/// The hash 64 hex characters write (either case), without allocating: the
/// writer reads two a record.
pub fn from_hex(text: &str) -> Option<Hash> {
    let mut bytes = [0u8; 32];
    hex::decode_to_slice(text, &mut bytes).ok()?;
    Some(Hash(bytes))
}

/// Why a log query cannot be answered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LogError {
    #[error("tree_size {tree_size} is beyond the log, which has {log_size} leaves")]
    TreeTooLarge { tree_size: u64, log_size: u64 },
    #[error("log_index {leaf} is not in a tree of size {tree_size}")]
    LeafOutsideTree { leaf: u64, tree_size: u64 },
    #[error("first ({first}) must not be greater than second ({second})")]
    FirstAfterSecond { first: u64, second: u64 },
    #[error("a consistency proof needs first >= 1 (RFC 9162 has no proof from the empty tree)")]
    EmptyFirst,
    #[error("stored hashes are missing or inconsistent: {0}")]
    Storage(String),
}

/// A question about the log at some size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogQuery {
    /// The root of the tree of the first `tree_size` leaves.
    Root { tree_size: u64 },
    /// The RFC 9162 inclusion proof of leaf `leaf` in the tree of `tree_size`.
    Inclusion { leaf: u64, tree_size: u64 },
    /// The RFC 9162 consistency proof from the tree of `first` leaves to `second`.
    Consistency { first: u64, second: u64 },
}

impl LogQuery {
    /// Checks the query against a log of `log_size` leaves.
    pub fn validate(&self, log_size: u64) -> Result<(), LogError> {
        let within = |tree_size: u64| {
            if tree_size > log_size {
                Err(LogError::TreeTooLarge {
                    tree_size,
                    log_size,
                })
            } else {
                Ok(())
            }
        };
        match *self {
            LogQuery::Root { tree_size } => within(tree_size),
            LogQuery::Inclusion { leaf, tree_size } => {
                within(tree_size)?;
                if leaf >= tree_size {
                    return Err(LogError::LeafOutsideTree { leaf, tree_size });
                }
                Ok(())
            }
            LogQuery::Consistency { first, second } => {
                within(second)?;
                if first == 0 {
                    return Err(LogError::EmptyFirst);
                }
                if first > second {
                    return Err(LogError::FirstAfterSecond { first, second });
                }
                Ok(())
            }
        }
    }

    /// The stored-hash indexes the answer is computed from (O(log n) of them).
    pub fn indexes(&self) -> Vec<u64> {
        let probe = Probe::default();
        // The indexes depend only on the sizes; a probe answers zeros and notes them.
        let _ = self.run(&probe);
        probe.0.into_inner()
    }

    /// The answer, from the hashes named by [`LogQuery::indexes`]: the root as a
    /// one-element list for `Root`, the proof hashes (bottom up) otherwise.
    pub fn answer(&self, known: &StoredHashes) -> Result<Vec<Hash>, LogError> {
        self.run(&Known(known))
            .map_err(|e| LogError::Storage(e.to_string()))
    }

    fn run<R: HashReader>(&self, r: &R) -> Result<Vec<Hash>, tlog::Error> {
        match *self {
            LogQuery::Root { tree_size } => tlog::tree_hash(tree_size, r).map(|h| vec![h]),
            LogQuery::Inclusion { leaf, tree_size } => tlog::prove_record(tree_size, leaf, r),
            LogQuery::Consistency { first, second } => tlog::prove_tree(second, first, r),
        }
    }
}

/// Notes the indexes asked for and answers zero hashes.
#[derive(Default)]
struct Probe(RefCell<Vec<u64>>);

impl HashReader for Probe {
    fn read_hashes(&self, indexes: &[u64]) -> Result<Vec<Hash>, tlog::Error> {
        self.0.borrow_mut().extend_from_slice(indexes);
        Ok(vec![Hash([0; 32]); indexes.len()])
    }
}

/// Answers from hashes already fetched; a missing one is an error, not a panic.
struct Known<'a>(&'a StoredHashes);

impl HashReader for Known<'_> {
    fn read_hashes(&self, indexes: &[u64]) -> Result<Vec<Hash>, tlog::Error> {
        indexes
            .iter()
            .map(|i| self.0.get(i).copied().ok_or(tlog::Error::IndexesNotInTree))
            .collect()
    }
}

/// Verifies an inclusion proof of the leaf whose hash is `leaf_hash` at `leaf`
/// in the tree of `tree_size` whose root is `root`.
pub fn verify_inclusion(
    proof: &[Hash],
    tree_size: u64,
    root: Hash,
    leaf: u64,
    leaf_hash: Hash,
) -> bool {
    tlog::check_record(&proof.to_vec(), tree_size, root, leaf, leaf_hash).is_ok()
}

/// Verifies that the tree of `second` leaves with root `second_root` extends the
/// tree of `first` leaves with root `first_root`.
pub fn verify_consistency(
    proof: &[Hash],
    first: u64,
    first_root: Hash,
    second: u64,
    second_root: Hash,
) -> bool {
    first >= 1
        && first <= second
        && tlog::check_tree(&proof.to_vec(), second, second_root, first, first_root).is_ok()
}

/// Many leaves proven in one tree at once (a chain walk proves every record
/// of a task): the root is recomputed from the leaves and the stored hashes of
/// the subtrees they leave out, so a node above several leaves is hashed once,
/// not once per leaf's proof. `leaves` are (leaf index, leaf hash), in
/// increasing index order.
pub struct LeafSet<'a> {
    leaves: &'a [(u64, Hash)],
    tree_size: u64,
}

impl<'a> LeafSet<'a> {
    /// None when the leaves are not in increasing order or not all in the tree.
    pub fn new(leaves: &'a [(u64, Hash)], tree_size: u64) -> Option<LeafSet<'a>> {
        let ordered = leaves.windows(2).all(|w| w[0].0 < w[1].0);
        let inside = leaves.last().is_none_or(|l| l.0 < tree_size);
        (ordered && inside).then_some(LeafSet { leaves, tree_size })
    }

    /// The stored-hash indexes of the subtrees no leaf is in, which
    /// [`LeafSet::verify`] needs.
    pub fn indexes(&self) -> Vec<u64> {
        let mut out = Vec::new();
        if !self.leaves.is_empty() {
            walk_leaf_set(0, self.tree_size, self.leaves, &mut |lo, size| {
                let level = size.trailing_zeros() as u8;
                out.push(tlog::stored_hash_index(level, lo >> level));
                None
            });
        }
        out
    }

    /// Whether the leaves and `known` (the hashes of [`LeafSet::indexes`])
    /// give `root`.
    pub fn verify(&self, root: Hash, known: &StoredHashes) -> bool {
        if self.leaves.is_empty() {
            return true;
        }
        let computed = walk_leaf_set(0, self.tree_size, self.leaves, &mut |lo, size| {
            let level = size.trailing_zeros() as u8;
            known
                .get(&tlog::stored_hash_index(level, lo >> level))
                .copied()
        });
        computed == Some(root)
    }
}

/// The hash of the RFC 9162 subtree of leaves `[lo, lo + size)` holding
/// `leaves` (all inside it, at least one); `outside(lo, size)` gives that of a
/// complete subtree with no leaf in it. None when a hash is missing.
fn walk_leaf_set(
    lo: u64,
    size: u64,
    leaves: &[(u64, Hash)],
    outside: &mut dyn FnMut(u64, u64) -> Option<Hash>,
) -> Option<Hash> {
    if leaves.is_empty() {
        if size.is_power_of_two() {
            return outside(lo, size);
        }
        // The tree's incomplete right edge: made of complete subtrees.
        let k = 1 << (63 - (size - 1).leading_zeros());
        let left = outside(lo, k);
        let right = walk_leaf_set(lo + k, size - k, leaves, outside);
        return Some(tlog::node_hash(left?, right?));
    }
    if size == 1 {
        return Some(leaves[0].1);
    }
    // RFC 9162 §2.1.1: the left subtree holds the largest power of two < size.
    let k = 1 << (63 - (size - 1).leading_zeros());
    let split = leaves.partition_point(|l| l.0 < lo + k);
    let left = walk_leaf_set(lo, k, &leaves[..split], outside);
    let right = walk_leaf_set(lo + k, size - k, &leaves[split..], outside);
    Some(tlog::node_hash(left?, right?))
}

/// Where leaf `leaf`'s hash is stored (its stored-hash index).
pub fn stored_leaf_index(leaf: u64) -> u64 {
    tlog::stored_hash_index(0, leaf)
}

/// What the single appender keeps of the tree: the hashes of the complete
/// subtrees that make up the current tree (at most log₂ n + 1), which are all
/// an append needs and give the root without reading storage.
#[derive(Debug, Clone, PartialEq)]
pub struct Frontier {
    size: u64,
    hashes: StoredHashes,
}

impl Frontier {
    pub fn empty() -> Frontier {
        Frontier {
            size: 0,
            hashes: StoredHashes::default(),
        }
    }

    /// The stored-hash indexes a frontier of `size` leaves holds, to load it.
    pub fn indexes(size: u64) -> Vec<u64> {
        if size == 0 {
            Vec::new()
        } else {
            tlog::sub_tree_index(0, size, Vec::new())
        }
    }

    /// Rebuilds the frontier of `size` leaves from the hashes at [`Frontier::indexes`].
    pub fn from_stored(size: u64, hashes: &StoredHashes) -> Result<Frontier, LogError> {
        let mut kept = StoredHashes::default();
        for i in Frontier::indexes(size) {
            let h = hashes
                .get(&i)
                .ok_or_else(|| LogError::Storage(format!("stored hash {i} is missing")))?;
            kept.insert(i, *h);
        }
        Ok(Frontier { size, hashes: kept })
    }

    /// The frontier at `size` (not smaller than this one's), from the
    /// stored hashes written since this one's size (tlog writes them in
    /// index order, from [`stored_leaf_index`] of this size on) and this
    /// one's own.
    pub fn advanced(&self, size: u64, since: &StoredHashes) -> Result<Frontier, LogError> {
        let mut known = self.hashes.clone();
        known.extend(since.iter().map(|(i, h)| (*i, *h)));
        Frontier::from_stored(size, &known)
    }

    /// Number of leaves.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Appends leaf `size` and returns the hashes to store, with their indexes.
    pub fn append(&mut self, leaf_input: &[u8]) -> Vec<(u64, Hash)> {
        let new = tlog::stored_hashes(self.size, leaf_input, &Known(&self.hashes))
            .expect("a frontier holds every hash an append reads");
        let first = tlog::stored_hash_count(self.size);
        let stored: Vec<(u64, Hash)> = new
            .into_iter()
            .enumerate()
            .map(|(i, h)| (first + i as u64, h))
            .collect();
        self.size += 1;
        self.hashes.extend(stored.iter().copied());
        let keep = Frontier::indexes(self.size);
        self.hashes.retain(|i, _| keep.contains(i));
        stored
    }

    /// The root of the current tree.
    pub fn root(&self) -> Hash {
        tlog::tree_hash(self.size, &Known(&self.hashes))
            .expect("a frontier holds every hash of its root")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every hash ever stored, as a database would hold them.
    fn build(leaves: u64) -> (Frontier, StoredHashes, Vec<Hash>) {
        let mut f = Frontier::empty();
        let mut all = StoredHashes::default();
        let mut roots = vec![EMPTY_HASH];
        for n in 0..leaves {
            all.extend(f.append(&n.to_be_bytes()));
            roots.push(f.root());
        }
        (f, all, roots)
    }

    #[test]
    fn a_frontier_advances_from_the_hashes_stored_since_its_size() {
        let (_, all, roots) = build(70);
        for from in 0..70u64 {
            let mut old = Frontier::empty();
            for n in 0..from {
                old.append(&n.to_be_bytes());
            }
            let since: StoredHashes = all
                .iter()
                .filter(|(i, _)| **i >= stored_leaf_index(from))
                .map(|(i, h)| (*i, *h))
                .collect();
            for to in from..=70 {
                let new = old.advanced(to, &since).unwrap();
                assert_eq!(new.root(), roots[to as usize], "{from} -> {to}");
            }
        }
        // Without the hashes stored since, it cannot.
        let mut old = Frontier::empty();
        old.append(b"0");
        assert!(old.advanced(3, &StoredHashes::default()).is_err());
    }

    #[test]
    fn a_leaf_set_proves_exactly_what_single_proofs_prove() {
        let (_, all, roots) = build(70);
        let leaf = |i: u64| leaf_hash(&i.to_be_bytes());
        for size in 1..=70u64 {
            // Every fifth leaf, every leaf, one leaf, the last leaf.
            for pick in [5u64, 1, size, 1000] {
                let leaves: Vec<(u64, Hash)> = (0..size)
                    .filter(|i| match pick {
                        1000 => *i == size - 1,
                        p => i % p == 0,
                    })
                    .map(|i| (i, leaf(i)))
                    .collect();
                let set = LeafSet::new(&leaves, size).unwrap();
                let known: StoredHashes = set.indexes().iter().map(|i| (*i, all[i])).collect();
                assert!(
                    set.verify(roots[size as usize], &known),
                    "size {size}, every {pick}"
                );
                // Each leaf's own proof agrees.
                for (i, h) in &leaves {
                    let q = LogQuery::Inclusion {
                        leaf: *i,
                        tree_size: size,
                    };
                    let proof = q.answer(&all).unwrap();
                    assert!(verify_inclusion(&proof, size, roots[size as usize], *i, *h));
                }
                // One altered leaf, a missing hash, or another root: refused.
                let mut altered = leaves.clone();
                let last = altered.len() - 1;
                altered[last].1 = leaf(size + 7);
                let altered_set = LeafSet::new(&altered, size).unwrap();
                assert!(
                    !altered_set.verify(roots[size as usize], &known),
                    "size {size}"
                );
                if let Some(any) = set.indexes().first() {
                    let mut fewer = known.clone();
                    fewer.remove(any);
                    assert!(!set.verify(roots[size as usize], &fewer));
                }
                if size > 1 {
                    assert!(!set.verify(roots[size as usize - 1], &known));
                }
            }
        }
        // Out of order, repeated, or outside the tree: not a set.
        let two = [(3, leaf(3)), (1, leaf(1))];
        assert!(LeafSet::new(&two, 10).is_none());
        assert!(LeafSet::new(&[(1, leaf(1)), (1, leaf(1))], 10).is_none());
        assert!(LeafSet::new(&[(10, leaf(10))], 10).is_none());
    }

    #[test]
    fn frontier_roots_match_roots_from_storage_at_every_size() {
        let (_, all, roots) = build(70);
        for (size, root) in roots.iter().enumerate() {
            let q = LogQuery::Root {
                tree_size: size as u64,
            };
            assert_eq!(q.answer(&all).unwrap(), vec![*root], "size {size}");
        }
    }

    #[test]
    fn frontier_stays_logarithmic_and_reloads() {
        let (f, all, _) = build(1000);
        assert!(f.hashes.len() <= 11);
        let reloaded = Frontier::from_stored(1000, &all).unwrap();
        assert_eq!(reloaded, f);
    }

    #[test]
    fn proofs_read_few_hashes_and_verify() {
        let (_, all, roots) = build(1000);
        let q = LogQuery::Inclusion {
            leaf: 417,
            tree_size: 999,
        };
        assert!(q.indexes().len() <= 2 * 10 + 2);
        let proof = q.answer(&all).unwrap();
        let leaf = leaf_hash(&417u64.to_be_bytes());
        assert!(verify_inclusion(&proof, 999, roots[999], 417, leaf));
        assert!(!verify_inclusion(&proof, 999, roots[999], 418, leaf));
        let c = LogQuery::Consistency {
            first: 300,
            second: 999,
        };
        let proof = c.answer(&all).unwrap();
        assert!(verify_consistency(&proof, 300, roots[300], 999, roots[999]));
        assert!(!verify_consistency(
            &proof, 300, roots[301], 999, roots[999]
        ));
    }

    #[test]
    fn queries_outside_the_log_are_refused() {
        assert!(LogQuery::Root { tree_size: 5 }.validate(4).is_err());
        assert!(LogQuery::Inclusion {
            leaf: 4,
            tree_size: 4
        }
        .validate(4)
        .is_err());
        assert!(LogQuery::Consistency {
            first: 0,
            second: 2
        }
        .validate(4)
        .is_err());
        assert!(LogQuery::Consistency {
            first: 3,
            second: 2
        }
        .validate(4)
        .is_err());
        assert!(LogQuery::Consistency {
            first: 2,
            second: 5
        }
        .validate(4)
        .is_err());
        assert!(LogQuery::Consistency {
            first: 4,
            second: 4
        }
        .validate(4)
        .is_ok());
    }

    #[test]
    fn missing_stored_hashes_are_an_error() {
        let q = LogQuery::Root { tree_size: 3 };
        assert!(matches!(
            q.answer(&StoredHashes::default()),
            Err(LogError::Storage(_))
        ));
    }
}
