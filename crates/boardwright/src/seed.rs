//! Seeds and random streams.
//!
//! A seed is any text. It is hashed with FNV-1a (64-bit) followed by the
//! SplitMix64 finaliser, both written here so the hash can never change under
//! us. Every generation stage draws from its own [`Rng`] stream, derived from
//! the seed hash and the stage's name, so changing one stage does not reshuffle
//! the others.
//!
//! The generator is PCG32 (PCG-XSH-RR, 64-bit state, 32-bit output), checked
//! against the reference implementation's published output. The helpers on
//! [`Rng`] (ranges, floats, shuffles, weighted picks) are ours and pinned by
//! golden-value tests: their results are part of every board's identity.

/// A seed: the text a user gave and its hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seed {
    text: String,
    hash: u64,
}

impl Seed {
    /// A seed from any text (including the empty string).
    pub fn new(text: &str) -> Seed {
        Seed {
            text: text.to_string(),
            hash: hash_text(text),
        }
    }

    /// The text the seed was made from.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The seed of candidate `k` made from this one: the same text, other
    /// streams (candidate 0 is this seed itself).
    pub(crate) fn variant(&self, k: u32) -> Seed {
        let hash = if k == 0 {
            self.hash
        } else {
            mix(self.hash ^ mix(u64::from(k) ^ 0x6c61_796f_7574))
        };
        Seed {
            text: self.text.clone(),
            hash,
        }
    }

    /// The random stream of stage `stage` on generation attempt `attempt`.
    pub(crate) fn stream(&self, stage: &str, attempt: u32) -> Rng {
        let stage_hash = hash_text(stage) ^ mix(u64::from(attempt).wrapping_add(0x5851_f42d_4c95_7f2d));
        Rng::new(self.hash ^ mix(stage_hash), stage_hash)
    }
}

/// FNV-1a over the text's UTF-8 bytes, then [`mix`].
pub fn hash_text(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in text.as_bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    mix(h)
}

/// The SplitMix64 finaliser: spreads every input bit over the whole word.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A PCG32 random stream.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
    inc: u64,
}

const PCG_MULT: u64 = 6_364_136_223_846_793_005;

impl Rng {
    /// Seeds a stream the way the PCG reference does (`pcg32_srandom_r`).
    pub fn new(init_state: u64, sequence: u64) -> Rng {
        let mut rng = Rng {
            state: 0,
            inc: (sequence << 1) | 1,
        };
        rng.next_u32();
        rng.state = rng.state.wrapping_add(init_state);
        rng.next_u32();
        rng
    }

    /// An independent stream for item `index` of this stream's work, so
    /// items can be processed in any order (or in parallel) with the same
    /// result. Does not advance `self`.
    pub fn substream(&self, index: u64) -> Rng {
        Rng::new(mix(self.state ^ mix(index)), self.inc >> 1)
    }

    /// The next 32 random bits.
    pub fn next_u32(&mut self) -> u32 {
        let old = self.state;
        self.state = old.wrapping_mul(PCG_MULT).wrapping_add(self.inc);
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        let rot = (old >> 59) as u32;
        xorshifted.rotate_right(rot)
    }

    /// The next 64 random bits (two outputs, high word first).
    pub fn next_u64(&mut self) -> u64 {
        let hi = u64::from(self.next_u32());
        (hi << 32) | u64::from(self.next_u32())
    }

    /// A float uniform in `[0, 1)` with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A float uniform in `[lo, hi)`.
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// An integer uniform in `0..n` without modulo bias; `n` must be positive.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "Rng::below needs a positive bound");
        // Reject the top partial block so every residue is equally likely.
        let zone = u64::MAX - (u64::MAX - n + 1) % n;
        loop {
            let v = self.next_u64();
            if v <= zone {
                return v % n;
            }
        }
    }

    /// An index uniform in `0..len`; `len` must be positive.
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// An integer uniform in `lo..=hi`.
    pub fn range_inclusive(&mut self, lo: i64, hi: i64) -> i64 {
        assert!(lo <= hi, "Rng::range_inclusive needs lo <= hi");
        let span = hi.wrapping_sub(lo) as u64;
        if span == u64::MAX {
            return self.next_u64() as i64;
        }
        lo.wrapping_add(self.below(span + 1) as i64)
    }

    /// `true` with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// Shuffles in place (Fisher–Yates, from the back).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// An index drawn with probability proportional to its weight; `None`
    /// when no weight is positive. Negative and non-finite weights count as zero.
    pub fn weighted(&mut self, weights: &[f64]) -> Option<usize> {
        let usable = |w: f64| if w.is_finite() && w > 0.0 { w } else { 0.0 };
        let total: f64 = weights.iter().map(|&w| usable(w)).sum();
        if total <= 0.0 {
            return None;
        }
        let mut target = self.unit() * total;
        let mut last = None;
        for (i, &w) in weights.iter().enumerate() {
            let w = usable(w);
            if w > 0.0 {
                if target < w {
                    return Some(i);
                }
                target -= w;
                last = Some(i);
            }
        }
        // Rounding left a sliver past the last positive weight.
        last
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pcg32_matches_the_reference_output() {
        // pcg32-demo: seed 42, sequence 54.
        let mut rng = Rng::new(42, 54);
        let got: Vec<u32> = (0..6).map(|_| rng.next_u32()).collect();
        assert_eq!(got, [0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e]);
    }

    #[test]
    fn fnv1a_is_the_published_function() {
        // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c before mixing.
        assert_eq!(hash_text("a"), mix(0xaf63_dc4c_8601_ec8c));
        assert_eq!(hash_text(""), mix(0xcbf2_9ce4_8422_2325));
    }

    #[test]
    fn streams_differ_by_stage_and_attempt_and_repeat_exactly() {
        let seed = Seed::new("Tiamo");
        let a = seed.stream("points", 0).next_u64();
        assert_eq!(a, seed.stream("points", 0).next_u64());
        assert_ne!(a, seed.stream("dots", 0).next_u64());
        assert_ne!(a, seed.stream("points", 1).next_u64());
        assert_ne!(a, Seed::new("tiamo").stream("points", 0).next_u64());
    }

    /// Golden values: if one of these changes, every board changes.
    #[test]
    fn helpers_are_pinned() {
        let mut rng = Seed::new("golden").stream("helpers", 0);
        let words: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        let unit = rng.unit();
        let below: Vec<u64> = (0..5).map(|_| rng.below(10)).collect();
        let range = rng.range_inclusive(-3, 3);
        let mut items = [1, 2, 3, 4, 5, 6];
        rng.shuffle(&mut items);
        let pick = rng.weighted(&[1.0, 0.0, 3.0, 2.0]);
        let sub = rng.substream(7).next_u64();
        let pinned = format!("{words:?} {unit} {below:?} {range} {items:?} {pick:?} {sub}");
        assert_eq!(pinned, GOLDEN_HELPERS);
    }

    const GOLDEN_HELPERS: &str = "[1085830198204985625, 2515678823590785716, 14493947306220355050] 0.49965682323995353 [7, 0, 3, 7, 0] -1 [2, 3, 5, 1, 4, 6] Some(2) 9015273636484311606";

    #[test]
    fn below_is_unbiased_enough_and_in_range() {
        let mut rng = Rng::new(7, 7);
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            counts[rng.below(3) as usize] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn weighted_never_picks_zero_weights() {
        let mut rng = Rng::new(1, 2);
        for _ in 0..1000 {
            let i = rng.weighted(&[0.0, 2.0, -1.0, f64::NAN, 1.0]).unwrap();
            assert!(i == 1 || i == 4);
        }
        assert_eq!(rng.weighted(&[0.0, -1.0]), None);
        assert_eq!(rng.weighted(&[]), None);
    }

    #[test]
    fn unit_and_ranges_stay_in_bounds() {
        let mut rng = Rng::new(3, 9);
        for _ in 0..10_000 {
            let u = rng.unit();
            assert!((0.0..1.0).contains(&u));
            let r = rng.range_inclusive(2, 4);
            assert!((2..=4).contains(&r));
        }
    }
}
