//! Deterministic hashing for generated games: SplitMix64-style mixing, the
//! same on every machine (unlike std's randomly keyed hashers).

/// Mixes 64 bits into 64 well-spread bits (SplitMix64's finaliser, after
/// adding the golden-ratio increment).
pub(super) const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The `index`-th draw of one `stream` from a node's `hash`: streams and
/// indices never collide for indices below 2^32.
pub(super) fn draw(hash: u64, stream: u64, index: u64) -> u64 {
    keyed_draw(hash, draw_key(stream, index))
}

/// What the `index`-th draw of `stream` mixes into a node's hash: it does
/// not depend on the node, so it can be computed once for many nodes.
pub(super) const fn draw_key(stream: u64, index: u64) -> u64 {
    mix((stream << 32) ^ index)
}

/// The draw whose key is `key` (from [`draw_key`]) from a node's `hash`:
/// the same number as [`draw`].
#[inline]
pub(super) fn keyed_draw(hash: u64, key: u64) -> u64 {
    mix(hash ^ key)
}

/// The keys of the first `N` draws of `stream`, computed at compile time.
pub(super) const fn draw_keys<const N: usize>(stream: u64) -> [u64; N] {
    let mut keys = [0; N];
    let mut index = 0;
    while index < N {
        keys[index] = draw_key(stream, index as u64);
        index += 1;
    }
    keys
}

/// A number in `0..n` from 64 random bits (multiply-shift: no division).
pub(super) fn uniform(bits: u64, n: u64) -> u64 {
    ((u128::from(bits) * u128::from(n)) >> 64) as u64
}

/// A number in `[0, 1)` from 64 random bits.
pub(super) fn unit(bits: u64) -> f64 {
    (bits >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixing_is_pinned() {
        // The first output of SplitMix64 seeded with 0.
        assert_eq!(mix(0), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn tabulated_keys_give_the_same_draws() {
        let keys: [u64; 300] = draw_keys(7);
        for (index, &key) in keys.iter().enumerate() {
            let index = index as u64;
            assert_eq!(key, draw_key(7, index));
            assert_eq!(keyed_draw(99, key), draw(99, 7, index));
            assert_eq!(draw(99, 7, index), mix(99 ^ mix((7 << 32) ^ index)));
        }
    }

    #[test]
    fn uniform_draws_cover_their_range() {
        let mut seen = [0usize; 5];
        for i in 0..1000 {
            seen[uniform(draw(42, 1, i), 5) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 150), "{seen:?}");
        assert!((0..100).all(|i| (0.0..1.0).contains(&unit(mix(i)))));
    }
}
