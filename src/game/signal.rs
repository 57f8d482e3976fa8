//! Señas: the signals partners make to each other across the table, and the chance that an
//! opponent catches one.
//!
//! The source text ("Brisca con Segnali", the Italian Brisca text) lists the señas of Spanish bars:
//! raised eyebrows for an ace, pressed lips for a three, a tilted head for trumps. A player may also
//! signal that it holds none of them ([`Sena::Nothing`]). A seña is a free move: on its turn, before
//! playing its card, a seat may make one seña in each trick; the turn does not pass. It is a gesture,
//! not a declaration: the engine does not check it against the hand (a player may bluff, at the cost of
//! misleading its partner too).
//!
//! Who sees it: every partner always; each opponent only if it catches it, which happens with the
//! ruleset's interception chance, drawn independently for each opponent. The draw is chance, so it
//! comes from the deal: a number derived from the dealt deck order (the same whether the deal was a
//! seed or an explicit order, so a record replays it), the seña's index in the hand and the opponent.
//! Nobody but the engine knows whether a seña was caught: the catching opponent sees the seña, the
//! signaller and its partners never learn who caught it.
//!
//! Deliberately absent: señas in chiamata (the partner is secret: a seña to an unknown partner would
//! tell the table who it is), in open hands (nothing is hidden), and signals made out of turn.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::{Game, IllegalAction, Phase, Seat};
use crate::Card;

/// One seña: what the signaller says it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Sena {
    /// "I have an ace" (raised eyebrows).
    Ace,
    /// "I have a three" (pressed lips).
    Three,
    /// "I have trumps" (a tilted head).
    Trumps,
    /// "Nothing to signal": no ace, no three, no trump.
    Nothing,
}

impl Sena {
    /// Every seña, in the order a table offers them.
    pub const ALL: [Sena; 4] = [Sena::Ace, Sena::Three, Sena::Trumps, Sena::Nothing];

    /// The word of the action's text form (`sena ace`).
    pub const fn word(self) -> &'static str {
        match self {
            Sena::Ace => "ace",
            Sena::Three => "three",
            Sena::Trumps => "trumps",
            Sena::Nothing => "nothing",
        }
    }

    /// The seña a word names.
    pub fn from_word(word: &str) -> Option<Sena> {
        Sena::ALL.into_iter().find(|s| s.word() == word)
    }
}

/// A seña made in the hand, with who caught it. Hidden information: [`Game::signals`](super::Game)
/// is the engine's; a seat learns señas only through its observation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signal {
    /// The signaller.
    pub seat: Seat,
    /// The seña.
    pub sena: Sena,
    /// Cards played in the hand before it (so the trick is this divided by the trick's size).
    pub plays_before: u8,
    /// The opponents who caught it, a bit per seat.
    pub caught_by: u8,
}

impl Game {
    /// Why the seat to move may not make a seña now, or `None` if it may.
    pub(super) fn signal_refusal(&self) -> Option<IllegalAction> {
        if !self.rules.senas {
            return Some(IllegalAction::NoSenas);
        }
        if self.phase != Phase::Playing {
            return Some(IllegalAction::HandOver);
        }
        let trick_start = self.tricks_played() * self.trick_size();
        let seat = self.to_move;
        let again = self
            .signals()
            .iter()
            .any(|s| s.seat == seat && usize::from(s.plays_before) >= trick_start);
        again.then_some(IllegalAction::SignalledThisTrick)
    }

    /// Makes a checked seña of the seat to move; each opponent catches it with the rules' chance.
    pub(super) fn signal(&mut self, sena: Sena) {
        let seat = self.to_move;
        let index = self.signals().len();
        // Opponents are numbered from the dealer, so a record renumbered around the table
        // (`MatchRecord::seen_from`) replays the same catches.
        let from_dealer = |o: Seat| (o + self.players - self.dealer) % self.players;
        let caught_by = (0..self.players)
            .filter(|&o| self.rules.fixed_team(o) != self.rules.fixed_team(seat))
            .filter(|&o| caught(self.chance, index, from_dealer(o), self.rules.interception))
            .fold(0u8, |mask, o| mask | 1 << o);
        self.push_signal(seat, sena, self.n_plays, caught_by);
    }

    /// Records a seña made before the hand's card number `plays_before` with a known outcome.
    fn push_signal(&mut self, seat: Seat, sena: Sena, plays_before: u8, caught_by: u8) {
        let signal = Signal {
            seat,
            sena,
            plays_before,
            caught_by,
        };
        Arc::make_mut(self.signals.get_or_insert_with(Default::default)).push(signal);
    }

    /// Puts back a seña an observation shows, as `observer` knows it: caught by the observer when it
    /// is an opponent's, by nobody it knows of otherwise. Checked like [`Game::apply`] (the seat to
    /// move, one a trick); `false`, and nothing changed, when the seña could not have been made here.
    pub(crate) fn replay_signal(&mut self, seat: Seat, sena: Sena, observer: Seat) -> bool {
        if seat != self.to_move || self.signal_refusal().is_some() {
            return false;
        }
        let caught_by = self.observer_catch(seat, observer);
        self.push_signal(seat, sena, self.n_plays, caught_by);
        true
    }

    /// Copies the señas an observation shows into a sampled world (its plays already in place).
    pub(crate) fn restore_signals(&mut self, seen: &[crate::SignalView], observer: Seat) {
        for v in seen {
            let caught_by = self.observer_catch(v.seat, observer);
            self.push_signal(v.seat, v.sena, v.plays_before, caught_by);
        }
    }

    /// The catch an observer knows of: its own, when the signaller is an opponent.
    fn observer_catch(&self, seat: Seat, observer: Seat) -> u8 {
        if self.rules.fixed_team(seat) == self.rules.fixed_team(observer) {
            0
        } else {
            1 << observer
        }
    }
}

/// The deal's chance number for señas: a hash of the dealt deck order (top first).
pub(super) fn chance_of_order(order: &[Card]) -> u64 {
    let mut hash: u64 = 0xCBF2_9CE4_8422_2325;
    for card in order {
        hash ^= card.index() as u64 + 1;
        hash = hash.wrapping_mul(0x0000_0100_0000_01B3);
    }
    mix(hash)
}

/// Whether `opponent` (counted from the dealer) catches the hand's seña number `index`, at an interception chance of
/// `percent` in a hundred.
pub(super) fn caught(chance: u64, index: usize, opponent: Seat, percent: u8) -> bool {
    let draw = mix(chance ^ ((index as u64) << 8) ^ u64::from(opponent));
    draw % 100 < u64::from(percent)
}

/// SplitMix64's finalizer: every input bit moves every output bit.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_read_back() {
        for sena in Sena::ALL {
            assert_eq!(Sena::from_word(sena.word()), Some(sena));
        }
        assert_eq!(Sena::from_word("king"), None);
    }

    #[test]
    fn catches_come_at_about_the_chance_asked() {
        for percent in [0u8, 25, 50, 100] {
            let mut hits = 0;
            for deal in 0..200u64 {
                for index in 0..10 {
                    hits += usize::from(caught(mix(deal), index, 1, percent));
                }
            }
            let rate = hits as f64 / 2000.0;
            let expected = f64::from(percent) / 100.0;
            assert!((rate - expected).abs() < 0.04, "{percent}%: caught {rate}");
        }
    }

    #[test]
    fn each_opponent_draws_apart() {
        let both = (0..1000u64)
            .filter(|&d| caught(mix(d), 0, 1, 50) && caught(mix(d), 0, 3, 50))
            .count();
        assert!(
            (200..300).contains(&both),
            "both caught {both} times in 1000"
        );
    }
}
