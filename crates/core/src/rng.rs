//! A tiny deterministic random generator (SplitMix64): the same seed gives the same
//! numbers on every machine and every version, which saved files and generated maps rely on.

/// SplitMix64's step: its state after `n` numbers is the seed plus `n` of these.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64 state.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// The generator of `seed` after it has drawn `drawn` numbers, without drawing them: a
    /// battle keeps only its seed and how many numbers it drew.
    ///
    /// ```
    /// use skirmish_core::rng::Rng;
    /// let mut a = Rng::new(42);
    /// a.next_u64();
    /// a.next_u64();
    /// assert_eq!(Rng::at(42, 2).next_u64(), a.next_u64());
    /// ```
    pub fn at(seed: u64, drawn: u64) -> Rng {
        Rng(seed.wrapping_add(drawn.wrapping_mul(GAMMA)))
    }

    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}
