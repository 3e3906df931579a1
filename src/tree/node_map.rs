//! Maps and sets keyed by nodes, with a hasher made for them.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A map keyed by nodes, hashed by [`NodeHasher`].
pub type NodeMap<K, V> = HashMap<K, V, BuildHasherDefault<NodeHasher>>;

/// A set of nodes, hashed by [`NodeHasher`].
pub type NodeSet<K> = HashSet<K, BuildHasherDefault<NodeHasher>>;

/// A hasher for nodes: a rotate, an exclusive or and a multiply a word.
/// A node is a handle the tree or the game gives, never a key chosen to
/// collide, and a search's hundreds of thousands of visits (or a large
/// diagram's states) cost a fraction of what the default hasher, built
/// against such keys, costs. Never for what users write (ids, names).
#[derive(Clone, Copy, Debug, Default)]
pub struct NodeHasher(u64);

/// An odd constant with its bits spread evenly (2^64 over the golden
/// ratio).
const SPREAD: u64 = 0x9e37_79b9_7f4a_7c15;

impl NodeHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SPREAD);
    }
}

impl Hasher for NodeHasher {
    /// The product's high bits, the well mixed ones, brought down to the
    /// low bits that choose a bucket: nodes numbered at regular intervals
    /// do not pile up in one.
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_at_regular_intervals_fill_many_buckets() {
        // The low 10 bits choose among 1,024 buckets: nodes 1,024 apart
        // must not land in a few (the product's own low bits would put
        // them all in one; uniform draws would fill about 650).
        let buckets: HashSet<u64> = (0..1024u32)
            .map(|k| {
                let mut hasher = NodeHasher::default();
                hasher.write_u32(k * 1024);
                hasher.finish() & 1023
            })
            .collect();
        assert!(buckets.len() >= 256, "{} buckets", buckets.len());
    }
}
