//! A small random stream for tests and benchmarks (SplitMix64): the
//! library's own streams are private, and a test's random inputs need not
//! match them.

/// A SplitMix64 stream.
pub struct Rng(u64);

impl Rng {
    /// A stream from two numbers.
    pub fn new(a: u64, b: u64) -> Rng {
        Rng(a.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ b)
    }

    /// 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// 32 random bits.
    #[allow(dead_code)]
    pub fn next_u32(&mut self) -> u32 {
        (self.next() >> 32) as u32
    }

    /// Uniform in `0..n` (`n` positive; the modulo bias is negligible here).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// Uniform in `0..len`.
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// Uniform in `lo..=hi`.
    #[allow(dead_code)]
    pub fn range_inclusive(&mut self, lo: i64, hi: i64) -> i64 {
        let span = hi.wrapping_sub(lo) as u64;
        if span == u64::MAX {
            return self.next() as i64;
        }
        lo.wrapping_add(self.below(span + 1) as i64)
    }

    /// A number in `[0, 1)`.
    #[allow(dead_code)]
    pub fn unit(&mut self) -> f64 {
        ((self.next() >> 11) as f64) / ((1u64 << 53) as f64)
    }

    /// `true` with probability `p`.
    #[allow(dead_code)]
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// Shuffles in place.
    #[allow(dead_code)]
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}
