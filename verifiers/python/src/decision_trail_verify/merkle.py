"""The log's Merkle tree (spec §4): RFC 9162 §2.1 hashes, inclusion proof
verification (§2.1.3.2), consistency proof verification (§2.1.4.2, for
witness times, spec §8), and the tree hash itself (for tests)."""

import hashlib


def leaf_hash(data):
    """SHA-256(0x00 ‖ leaf data)."""
    return hashlib.sha256(b"\x00" + data).digest()


def node_hash(left, right):
    """SHA-256(0x01 ‖ left ‖ right)."""
    return hashlib.sha256(b"\x01" + left + right).digest()


def verify_inclusion(index, size, leaf, proof, root):
    """RFC 9162 §2.1.3.2: does `proof` (sibling first) lead leaf hash `leaf`
    at `index` of a tree of `size` leaves to `root`?"""
    if index >= size:
        return False
    fn, sn, r = index, size - 1, leaf
    for p in proof:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            while not fn & 1 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            r = node_hash(r, p)
        fn >>= 1
        sn >>= 1
    return sn == 0 and r == root


def verify_consistency(first, first_root, second, second_root, proof):
    """RFC 9162 §2.1.4.2: does `proof` show the tree of `first` leaves with
    `first_root` to be a prefix of the tree of `second` leaves with
    `second_root`? Equal sizes need an empty proof and the same root."""
    if first == second:
        return not proof and first_root == second_root
    if first < 1 or first > second:
        # No proof starts from the empty tree (RFC 9162 asks 0 < first).
        return False
    if not proof:
        return False
    path = list(proof)
    if first & (first - 1) == 0:
        # A first tree that is a complete subtree is the proof's first node.
        path.insert(0, first_root)
    fn, sn = first - 1, second - 1
    while fn & 1:
        fn >>= 1
        sn >>= 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr = node_hash(c, fr)
            sr = node_hash(c, sr)
            while not fn & 1 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            sr = node_hash(sr, c)
        fn >>= 1
        sn >>= 1
    return sn == 0 and fr == first_root and sr == second_root


def consistency_proof(first, leaf_hashes):
    """RFC 9162 §2.1.4.1 PROOF(m, D[n]) (for tests)."""
    def subproof(m, leaves, complete):
        n = len(leaves)
        if m == n:
            return [] if complete else [tree_hash(leaves)]
        k = 1
        while k * 2 < n:
            k *= 2
        if m <= k:
            return subproof(m, leaves[:k], complete) + [tree_hash(leaves[k:])]
        return subproof(m - k, leaves[k:], False) + [tree_hash(leaves[:k])]
    return subproof(first, leaf_hashes, True)


def tree_hash(leaf_hashes):
    """RFC 9162 §2.1.1 MTH over leaf hashes (SHA-256 of "" for none)."""
    n = len(leaf_hashes)
    if n == 0:
        return hashlib.sha256(b"").digest()
    if n == 1:
        return leaf_hashes[0]
    k = 1
    while k * 2 < n:
        k *= 2
    return node_hash(tree_hash(leaf_hashes[:k]), tree_hash(leaf_hashes[k:]))


def inclusion_proof(index, leaf_hashes):
    """RFC 9162 §2.1.3.1 PATH(m, D[n]), sibling first (for tests)."""
    n = len(leaf_hashes)
    if n <= 1:
        return []
    k = 1
    while k * 2 < n:
        k *= 2
    if index < k:
        return inclusion_proof(index, leaf_hashes[:k]) + [tree_hash(leaf_hashes[k:])]
    return inclusion_proof(index - k, leaf_hashes[k:]) + [tree_hash(leaf_hashes[:k])]
