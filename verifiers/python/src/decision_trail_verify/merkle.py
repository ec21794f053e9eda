"""The log's Merkle tree (spec §4): RFC 9162 §2.1 hashes, inclusion proof
verification (§2.1.3.2), and the tree hash itself (for tests)."""

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
