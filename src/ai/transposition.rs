//! The exact solver's transposition table: what a search already learned about a position of its
//! world, so a position reached again by another order of plays is not searched again.
//!
//! An entry is a value with what it is: exact, or only a bound because the search that found it cut
//! off. The table lives as long as one [`Solver`](super::solver::Solver) (one world) and is never
//! pruned: the searches it serves are bounded by their node budgets. Deliberately absent: a best move
//! per entry — reordering moves would change which of equally good lines the solver reports.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::solver::{Objective, Score};
use crate::Game;
use crate::game::PositionKey;

/// Entries made room for at the first store.
const FIRST_CAPACITY: usize = 512;

/// What a stored value says about the position's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// It is the value.
    Exact,
    /// The value is at least this.
    Lower,
    /// The value is at most this.
    Upper,
}

/// Positions searched in one world, and the scores of its finished hands.
#[derive(Default)]
pub(crate) struct Table {
    entries: HashMap<PositionKey, (Score, Bound), BuildHasherDefault<WordHasher>>,
    /// Finished hands by each seat's card points, sixteen bits each: in one world nothing else
    /// tells them apart (working out a hand's result allocates, so this is worth keeping).
    finished: HashMap<u128, Score, BuildHasherDefault<WordHasher>>,
}

impl Table {
    /// The score of the finished hand `game` for `obj`, worked out once per distinct outcome.
    pub fn finished(&mut self, game: &Game, obj: &Objective) -> Score {
        let points = (0..game.rules().players).fold(0u128, |acc, seat| {
            acc << 16 | u128::from(game.pile_points(seat))
        });
        *self
            .finished
            .entry(points)
            .or_insert_with(|| obj.score(game))
    }

    /// The stored score of `key` if it settles a search with window `(alpha, beta)`: exact, or a bound
    /// already outside the window on its side.
    pub fn probe(&self, key: &PositionKey, alpha: i32, beta: i32) -> Option<Score> {
        let &(score, bound) = self.entries.get(key)?;
        let settles = match bound {
            Bound::Exact => true,
            Bound::Lower => score.value >= beta,
            Bound::Upper => score.value <= alpha,
        };
        settles.then_some(score)
    }

    /// Stores what a search with window `(alpha, beta)` returned for `key`.
    pub fn store(&mut self, key: PositionKey, score: Score, alpha: i32, beta: i32) {
        let bound = if score.value <= alpha {
            Bound::Upper
        } else if score.value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.entries.capacity() == 0 {
            // Skips the first rounds of growth: most searches that store anything store hundreds.
            self.entries.reserve(FIRST_CAPACITY);
        }
        self.entries.insert(key, (score, bound));
    }
}

/// A fast multiply-rotate hash of the key's machine words (the keys are not chosen by anyone, so
/// hash flooding is no concern).
#[derive(Default)]
pub(crate) struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }

    fn write_u128(&mut self, word: u128) {
        self.write_u64(word as u64);
        self.write_u64((word >> 64) as u64);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}
