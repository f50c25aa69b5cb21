//! The journal's Merkle tree (RFC 9162, Certificate Transparency v2, §2.1): tree heads, inclusion proofs and
//! consistency proofs over the events' hashes, and their verification.
//!
//! Leaf `i` (0-based) is the 32 bytes of the hash of the event with `seq = i + 1`. Hashes are domain separated as in
//! the RFC: a leaf hash is `SHA-256(0x00 || leaf)`, an interior node `SHA-256(0x01 || left || right)`, and the
//! empty tree's head is `SHA-256("")`. So anyone holding a signed tree head of size `n` can check, with a proof of
//! `O(log n)` hashes, that an event is in it (inclusion) and that a later head extends it unchanged (consistency);
//! a rewrite or a truncation of the first `n` events cannot produce such a proof.

use sha2::{Digest, Sha256};

/// A node hash.
pub type Hash = [u8; 32];

/// `SHA-256(0x00 || leaf)`.
pub fn leaf_hash(leaf: &[u8]) -> Hash {
    let mut h = Sha256::new();
    h.update([0u8]);
    h.update(leaf);
    h.finalize().into()
}

/// `SHA-256(0x01 || left || right)`.
pub fn node_hash(left: &Hash, right: &Hash) -> Hash {
    let mut h = Sha256::new();
    h.update([1u8]);
    h.update(left);
    h.update(right);
    h.finalize().into()
}

/// The head of the empty tree, `SHA-256("")`.
pub fn empty_root() -> Hash {
    Sha256::digest([]).into()
}

/// The largest power of two strictly smaller than `n` (`n >= 2`).
fn split(n: usize) -> usize {
    debug_assert!(n >= 2);
    let mut k = 1;
    while k << 1 < n {
        k <<= 1;
    }
    k
}

/// The tree head `MTH(D[n])` over already-computed leaf hashes.
pub fn root(leaves: &[Hash]) -> Hash {
    match leaves.len() {
        0 => empty_root(),
        1 => leaves[0],
        n => {
            let k = split(n);
            node_hash(&root(&leaves[..k]), &root(&leaves[k..]))
        }
    }
}

/// The tree heads of the prefixes `leaves[..size]` for every `size` in `sizes` (each at most `leaves.len()`), in
/// the order given, in one pass over the leaves: the compact range of perfect subtrees is kept as leaves are added,
/// and a prefix's head is those subtrees folded right to left (RFC 9162's split at the largest power of two is
/// exactly that fold). `O(n + k log n)` for `k` sizes, where calling [`root`] per size would be `O(k n)`; what a
/// witness file of many checkpoints is checked with.
pub fn prefix_roots(leaves: &[Hash], sizes: &[usize]) -> Vec<Hash> {
    let mut wanted: Vec<(usize, usize)> = sizes.iter().copied().enumerate().map(|(i, s)| (s, i)).collect();
    wanted.sort_unstable();
    let mut out = vec![empty_root(); sizes.len()];
    // (height, hash) of each perfect subtree, largest first.
    let mut stack: Vec<(u32, Hash)> = Vec::new();
    let mut next = wanted.iter().peekable();
    for n in 0..=leaves.len() {
        while let Some(&&(size, index)) = next.peek() {
            if size != n {
                break;
            }
            let mut acc: Option<Hash> = None;
            for (_, h) in stack.iter().rev() {
                acc = Some(match acc {
                    None => *h,
                    Some(right) => node_hash(h, &right),
                });
            }
            out[index] = acc.unwrap_or_else(empty_root);
            next.next();
        }
        if n == leaves.len() {
            break;
        }
        let mut node = (0u32, leaves[n]);
        while let Some(&(height, left)) = stack.last() {
            if height != node.0 {
                break;
            }
            stack.pop();
            node = (height + 1, node_hash(&left, &node.1));
        }
        stack.push(node);
    }
    out
}

/// The inclusion proof `PATH(m, D[n])` of leaf `index` in the tree of `leaves` (RFC 9162 §2.1.3.1), or `None`
/// when `index` is not in the tree.
pub fn inclusion_proof(index: usize, leaves: &[Hash]) -> Option<Vec<Hash>> {
    if index >= leaves.len() {
        return None;
    }
    let mut out = Vec::new();
    path(index, leaves, &mut out);
    Some(out)
}

fn path(m: usize, leaves: &[Hash], out: &mut Vec<Hash>) {
    let n = leaves.len();
    if n <= 1 {
        return;
    }
    let k = split(n);
    if m < k {
        path(m, &leaves[..k], out);
        out.push(root(&leaves[k..]));
    } else {
        path(m - k, &leaves[k..], out);
        out.push(root(&leaves[..k]));
    }
}

/// The consistency proof `PROOF(m, D[n])` between the tree of the first `old_size` leaves and the tree of all
/// `leaves` (RFC 9162 §2.1.4.1), or `None` when `old_size` is 0 or larger than the tree (no proof is needed or
/// possible then).
pub fn consistency_proof(old_size: usize, leaves: &[Hash]) -> Option<Vec<Hash>> {
    if old_size == 0 || old_size > leaves.len() {
        return None;
    }
    let mut out = Vec::new();
    subproof(old_size, leaves, true, &mut out);
    Some(out)
}

fn subproof(m: usize, leaves: &[Hash], complete: bool, out: &mut Vec<Hash>) {
    let n = leaves.len();
    if m == n {
        if !complete {
            out.push(root(leaves));
        }
        return;
    }
    let k = split(n);
    if m <= k {
        subproof(m, &leaves[..k], complete, out);
        out.push(root(&leaves[k..]));
    } else {
        subproof(m - k, &leaves[k..], false, out);
        out.push(root(&leaves[..k]));
    }
}

/// Why a proof does not check out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProofError {
    #[error("leaf index {index} is not in a tree of size {size}")]
    OutOfRange { index: u64, size: u64 },
    #[error("the proof has {found} hashes, a proof for these sizes has {expected}")]
    WrongLength { found: usize, expected: usize },
    #[error("the proof does not lead to the tree head")]
    RootMismatch,
    #[error("the old tree of size {old} cannot be checked against a smaller tree of size {new}")]
    Shrunk { old: u64, new: u64 },
}

/// Checks that `leaf_hash` is leaf `index` of the tree of size `size` whose head is `root` (RFC 9162 §2.1.3.2).
pub fn verify_inclusion(
    index: u64,
    size: u64,
    leaf_hash: &Hash,
    proof: &[Hash],
    root: &Hash,
) -> Result<(), ProofError> {
    if index >= size {
        return Err(ProofError::OutOfRange { index, size });
    }
    let (mut fn_, mut sn) = (index, size - 1);
    let mut r = *leaf_hash;
    for p in proof {
        if sn == 0 {
            return Err(ProofError::WrongLength { found: proof.len(), expected: inclusion_len(index, size) });
        }
        if fn_ & 1 == 1 || fn_ == sn {
            r = node_hash(p, &r);
            if fn_ & 1 == 0 {
                while fn_ & 1 == 0 && fn_ != 0 {
                    fn_ >>= 1;
                    sn >>= 1;
                }
            }
        } else {
            r = node_hash(&r, p);
        }
        fn_ >>= 1;
        sn >>= 1;
    }
    if sn != 0 {
        return Err(ProofError::WrongLength { found: proof.len(), expected: inclusion_len(index, size) });
    }
    if &r != root {
        return Err(ProofError::RootMismatch);
    }
    Ok(())
}

/// How many hashes an inclusion proof of `index` in a tree of `size` has.
fn inclusion_len(index: u64, size: u64) -> usize {
    let (mut fn_, mut sn, mut len) = (index, size.saturating_sub(1), 0);
    while sn != 0 {
        if fn_ & 1 == 0 && fn_ == sn {
            while fn_ & 1 == 0 && fn_ != 0 {
                fn_ >>= 1;
                sn >>= 1;
            }
        }
        len += 1;
        fn_ >>= 1;
        sn >>= 1;
    }
    len
}

/// Checks that the tree of size `new_size` with head `new_root` extends the tree of size `old_size` with head
/// `old_root` (RFC 9162 §2.1.4.2). Equal sizes need an empty proof and equal heads.
pub fn verify_consistency(
    old_size: u64,
    new_size: u64,
    old_root: &Hash,
    new_root: &Hash,
    proof: &[Hash],
) -> Result<(), ProofError> {
    if old_size > new_size {
        return Err(ProofError::Shrunk { old: old_size, new: new_size });
    }
    if old_size == new_size {
        if !proof.is_empty() {
            return Err(ProofError::WrongLength { found: proof.len(), expected: 0 });
        }
        return if old_root == new_root { Ok(()) } else { Err(ProofError::RootMismatch) };
    }
    if old_size == 0 {
        // Every tree extends the empty one.
        return if proof.is_empty() {
            Ok(())
        } else {
            Err(ProofError::WrongLength { found: proof.len(), expected: 0 })
        };
    }
    let mut proof: Vec<Hash> = proof.to_vec();
    // When the old tree is a complete subtree on the left edge, its head is the proof's implicit first node.
    if old_size.is_power_of_two() {
        proof.insert(0, *old_root);
    }
    let Some((first, rest)) = proof.split_first() else {
        return Err(ProofError::WrongLength { found: 0, expected: 1 });
    };
    let (mut fn_, mut sn) = (old_size - 1, new_size - 1);
    while fn_ & 1 == 1 {
        fn_ >>= 1;
        sn >>= 1;
    }
    let (mut fr, mut sr) = (*first, *first);
    for c in rest {
        if sn == 0 {
            return Err(ProofError::RootMismatch);
        }
        if fn_ & 1 == 1 || fn_ == sn {
            fr = node_hash(c, &fr);
            sr = node_hash(c, &sr);
            if fn_ & 1 == 0 {
                while fn_ & 1 == 0 && fn_ != 0 {
                    fn_ >>= 1;
                    sn >>= 1;
                }
            }
        } else {
            sr = node_hash(&sr, c);
        }
        fn_ >>= 1;
        sn >>= 1;
    }
    if sn != 0 || &fr != old_root || &sr != new_root {
        return Err(ProofError::RootMismatch);
    }
    Ok(())
}

/// Hex of a hash.
pub fn to_hex(hash: &Hash) -> String {
    hex::encode(hash)
}

/// A hash from 64 hex digits.
pub fn from_hex(text: &str) -> Option<Hash> {
    let bytes = hex::decode(text).ok()?;
    bytes.try_into().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The leaves of the Certificate Transparency reference tests (RFC 6962/9162 implementations share them).
    fn ct_leaves() -> Vec<Vec<u8>> {
        vec![
            vec![],
            vec![0x00],
            vec![0x10],
            vec![0x20, 0x21],
            vec![0x30, 0x31],
            vec![0x40, 0x41, 0x42, 0x43],
            vec![0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57],
            (0x60..=0x6f).collect(),
        ]
    }

    /// Their tree heads for sizes 1 to 8.
    const CT_ROOTS: [&str; 8] = [
        "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
        "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
        "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
        "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
        "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
        "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
        "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
        "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
    ];

    fn hashes() -> Vec<Hash> {
        ct_leaves().iter().map(|l| leaf_hash(l)).collect()
    }

    fn h(text: &str) -> Hash {
        from_hex(text).expect("64 hex digits")
    }

    #[test]
    fn tree_heads_match_the_certificate_transparency_vectors() {
        assert_eq!(to_hex(&empty_root()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        let leaves = hashes();
        for (n, expected) in CT_ROOTS.iter().enumerate() {
            assert_eq!(to_hex(&root(&leaves[..=n])), *expected, "tree of size {}", n + 1);
        }
    }

    #[test]
    fn inclusion_proofs_match_the_certificate_transparency_vectors() {
        let leaves = hashes();
        // (leaf index, tree size, path) from the CT reference tests.
        let cases: [(usize, usize, &[&str]); 5] = [
            (0, 1, &[]),
            (
                0,
                8,
                &[
                    "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
                    "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
                    "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
                ],
            ),
            (
                5,
                8,
                &[
                    "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
                    "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
                    "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
                ],
            ),
            (2, 3, &["fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125"]),
            (
                1,
                5,
                &[
                    "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
                    "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
                    "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
                ],
            ),
        ];
        for (index, size, expected) in cases {
            let proof = inclusion_proof(index, &leaves[..size]).expect("in range");
            let expected: Vec<Hash> = expected.iter().map(|e| h(e)).collect();
            assert_eq!(proof, expected, "leaf {index} in a tree of size {size}");
            let head = root(&leaves[..size]);
            verify_inclusion(index as u64, size as u64, &leaves[index], &proof, &head).expect("verifies");
        }
    }

    #[test]
    fn consistency_proofs_match_the_certificate_transparency_vectors() {
        let leaves = hashes();
        let cases: [(usize, usize, &[&str]); 4] = [
            (1, 1, &[]),
            (
                1,
                8,
                &[
                    "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
                    "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
                    "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
                ],
            ),
            (
                6,
                8,
                &[
                    "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
                    "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
                    "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
                ],
            ),
            (
                2,
                5,
                &[
                    "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
                    "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
                ],
            ),
        ];
        for (old, new, expected) in cases {
            let proof = if old == new { Vec::new() } else { consistency_proof(old, &leaves[..new]).expect("in range") };
            let expected: Vec<Hash> = expected.iter().map(|e| h(e)).collect();
            assert_eq!(proof, expected, "{old} → {new}");
            verify_consistency(old as u64, new as u64, &root(&leaves[..old]), &root(&leaves[..new]), &proof)
                .expect("verifies");
        }
    }

    /// Every (index, size) and (old, new) pair up to 40 leaves: honest proofs verify, and a proof against another
    /// head, a flipped proof byte, a wrong index or a truncated proof does not.
    #[test]
    fn every_proof_up_to_forty_leaves_verifies_and_every_tampered_one_fails() {
        let leaves: Vec<Hash> = (0u32..40).map(|i| leaf_hash(&i.to_be_bytes())).collect();
        for size in 1..=leaves.len() {
            let tree = &leaves[..size];
            let head = root(tree);
            for index in 0..size {
                let proof = inclusion_proof(index, tree).expect("in range");
                assert_eq!(proof.len(), inclusion_len(index as u64, size as u64));
                verify_inclusion(index as u64, size as u64, &tree[index], &proof, &head).expect("honest");
                let other = if index + 1 < size { index + 1 } else { 0 };
                if other != index {
                    assert!(verify_inclusion(other as u64, size as u64, &tree[index], &proof, &head).is_err());
                }
                for k in 0..proof.len() {
                    let mut bad = proof.clone();
                    bad[k][7] ^= 1;
                    assert!(verify_inclusion(index as u64, size as u64, &tree[index], &bad, &head).is_err());
                }
                if !proof.is_empty() {
                    let short = &proof[..proof.len() - 1];
                    assert!(verify_inclusion(index as u64, size as u64, &tree[index], short, &head).is_err());
                }
            }
            for old in 1..size {
                let old_head = root(&leaves[..old]);
                let proof = consistency_proof(old, tree).expect("in range");
                verify_consistency(old as u64, size as u64, &old_head, &head, &proof).expect("honest");
                // A rewritten old tree (its last leaf changed) cannot be shown to be extended by this head.
                let mut rewritten = leaves[..old].to_vec();
                rewritten[old - 1][0] ^= 1;
                assert!(verify_consistency(old as u64, size as u64, &root(&rewritten), &head, &proof).is_err());
                for k in 0..proof.len() {
                    let mut bad = proof.clone();
                    bad[k][3] ^= 1;
                    assert!(verify_consistency(old as u64, size as u64, &old_head, &head, &bad).is_err());
                }
            }
        }
    }

    #[test]
    fn prefix_roots_are_the_tree_heads_of_every_prefix() {
        let leaves = hashes();
        let sizes: Vec<usize> = (0..=leaves.len()).rev().chain([3, 0, leaves.len()]).collect();
        let roots = prefix_roots(&leaves, &sizes);
        for (size, got) in sizes.iter().zip(&roots) {
            assert_eq!(*got, root(&leaves[..*size]), "size {size}");
        }
        let many: Vec<Hash> = (0..100u8).map(|i| leaf_hash(&[i])).collect();
        let all: Vec<usize> = (0..=100).collect();
        for (size, got) in all.iter().zip(prefix_roots(&many, &all)) {
            assert_eq!(got, root(&many[..*size]), "size {size}");
        }
    }

    #[test]
    fn a_smaller_tree_never_extends_a_larger_one() {
        let leaves = hashes();
        let err = verify_consistency(5, 4, &root(&leaves[..5]), &root(&leaves[..4]), &[]).unwrap_err();
        assert_eq!(err, ProofError::Shrunk { old: 5, new: 4 });
    }
}
