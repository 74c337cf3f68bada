//! The empty holes each player may place a peg in, as bit sets in board
//! order kept move by move: counting them costs nothing and picking the
//! `k`-th costs a few words instead of a pass over the board.
//!
//! [`crate::random::random_game`] and the moves played through
//! [`crate::state::GameState`] keep one each, so that both count and pick
//! holes by the same code.

use crate::board::Player;
use crate::geometry::flag;
use crate::position::{COLOUR, Position, side};

/// Per player (Red, Black), the slots of the empty holes the player may
/// use.
#[derive(Debug, Clone)]
pub(crate) struct FreeHoles {
    sides: [Side; 2],
}

/// One player's free holes.
#[derive(Debug, Clone)]
struct Side {
    /// The hole flag that lets the player use a hole.
    playable: u8,
    /// One bit per slot, set when the hole is empty and playable.
    bits: Vec<u64>,
    /// The bits set in each word of `bits`: the `k`-th skips whole words
    /// without counting their bits.
    ones: Vec<u8>,
    /// The bits set in all of `bits`.
    count: usize,
}

impl FreeHoles {
    /// The free holes of `pos`.
    pub(crate) fn of(pos: &Position) -> FreeHoles {
        let side = |playable| Side {
            playable,
            bits: Vec::new(),
            ones: Vec::new(),
            count: 0,
        };
        let mut free = FreeHoles {
            sides: [side(flag::PLAYABLE_RED), side(flag::PLAYABLE_BLACK)],
        };
        free.read(pos);
        free
    }

    /// Reads the sets afresh from the board, reusing the vectors (after a
    /// rare move: a swap, a removal).
    pub(crate) fn read(&mut self, pos: &Position) {
        let flags = pos.geometry().all_hole_flags();
        for side in &mut self.sides {
            side.bits.clear();
            side.bits.resize(flags.len().div_ceil(64), 0);
            for (i, (&c, &f)) in pos.cells().iter().zip(flags).enumerate() {
                let free = c & COLOUR == 0 && f & side.playable != 0;
                side.bits[i / 64] |= u64::from(free) << (i % 64);
            }
            side.ones.clear();
            side.ones
                .extend(side.bits.iter().map(|w| w.count_ones() as u8));
            side.count = side.ones.iter().map(|&n| usize::from(n)).sum();
        }
    }

    /// A peg now stands at `slot`.
    #[inline]
    pub(crate) fn fill(&mut self, slot: usize) {
        let (w, bit) = (slot / 64, 1u64 << (slot % 64));
        for side in &mut self.sides {
            let was = u8::from(side.bits[w] & bit != 0);
            side.bits[w] &= !bit;
            side.ones[w] -= was;
            side.count -= usize::from(was);
        }
    }

    /// The peg at `slot`, a hole with `flags`, is gone (undo of
    /// [`fill`](Self::fill)).
    #[inline]
    pub(crate) fn empty(&mut self, slot: usize, flags: u8) {
        let w = slot / 64;
        for side in &mut self.sides {
            let now = u8::from(flags & side.playable != 0);
            side.bits[w] |= u64::from(now) << (slot % 64);
            side.ones[w] += now;
            side.count += usize::from(now);
        }
    }

    /// How many holes `player` may place a peg in.
    #[inline]
    pub(crate) fn count(&self, player: Player) -> usize {
        self.sides[side(player)].count
    }

    /// The slot of the `k`-th (from 0) hole `player` may place a peg in,
    /// in board order.
    #[inline]
    pub(crate) fn nth(&self, player: Player, mut k: usize) -> Option<usize> {
        let side = &self.sides[side(player)];
        for (n, &ones) in side.ones.iter().enumerate() {
            let ones = usize::from(ones);
            if k < ones {
                return Some(n * 64 + select(side.bits[n], k as u32) as usize);
            }
            k -= ones;
        }
        None
    }

    /// Every slot of `player`'s set, in order (tests compare it with a
    /// pass over the board).
    #[cfg(test)]
    pub(crate) fn slots(&self, player: Player) -> Vec<usize> {
        let bits = &self.sides[side(player)].bits;
        (0..bits.len() * 64)
            .filter(|&i| bits[i / 64] >> (i % 64) & 1 != 0)
            .collect()
    }
}

/// The position (from 0) of the `k`-th set bit of `w`, which has more
/// than `k`. Without branches (where the bit lies is a coin toss for the
/// branch predictor) and without a popcount instruction (baseline x86-64
/// has none): the bits are counted a byte at a time in one word, and a
/// table finds the bit within its byte.
#[inline]
fn select(w: u64, k: u32) -> u32 {
    const BYTES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut b = w - ((w >> 1) & 0x5555_5555_5555_5555);
    b = (b & 0x3333_3333_3333_3333) + ((b >> 2) & 0x3333_3333_3333_3333);
    b = (b + (b >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte `i`: the bits set in bytes 0..=i (at most 64).
    let upto = b.wrapping_mul(BYTES);
    // The high bit of byte `i` is set when that count is at most `k`:
    // those bytes come before the bit's byte. Each byte's difference
    // stays positive, so no borrow crosses bytes.
    let before_k = (((u64::from(k) * BYTES) | HIGH) - upto) & HIGH;
    let byte = ((before_k >> 7).wrapping_mul(BYTES) >> 56) as u32;
    let skipped = ((upto << 8) >> (byte * 8)) as u32 & 0xFF;
    let in_byte = usize::from((w >> (byte * 8)) as u8);
    byte * 8 + u32::from(SELECT_IN_BYTE[in_byte][(k - skipped) as usize])
}

/// For each byte value, the positions of its set bits in order.
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                table[byte][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::split_mix::SplitMix64;

    /// `select` agrees with clearing the lowest bits one by one, for
    /// every `k` of words dense and sparse.
    #[test]
    fn select_finds_the_kth_bit() {
        let mut rng = SplitMix64::new(5);
        let mut words = vec![1, 1 << 63, u64::MAX, 0x8000_0000_0000_0001, 0xFF00];
        for _ in 0..2000 {
            let (a, b, c) = (rng.next_u64(), rng.next_u64(), rng.next_u64());
            words.extend([a, a & b, a & b & c, a | b]);
        }
        for w in words {
            let mut low = w;
            for k in 0..w.count_ones() {
                assert_eq!(select(w, k), low.trailing_zeros(), "{w:#x} k {k}");
                low &= low - 1;
            }
        }
    }
}
