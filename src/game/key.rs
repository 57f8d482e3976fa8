//! A compact key of where a hand stands, for the exact solver's transposition table.
//!
//! Two positions of the same dealt world with equal keys have the same future: the same hands, card
//! points of each seat so far, trick in progress, seat to move, trump and stock height (the stock's
//! order is the world's and does not change as cards are played). Deliberately absent: which cards
//! made those points, the order of finished tricks, voids and publicly known cards — a hand's result
//! depends on its cards only through each seat's points, and nothing else here changes what the rest
//! of the hand can bring. Comparing keys of different worlds or rulesets means nothing.

use super::{Game, MAX_PLAYERS};
use crate::CardSet;

/// Where a hand of one world stands (see the module docs for what two equal keys promise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PositionKey {
    hands: [CardSet; MAX_PLAYERS],
    /// Each seat's card points so far, sixteen bits each.
    points: u128,
    /// The trick in progress: its cards' indices, six bits each in play order, above a count of them.
    trick: u64,
    /// Seat to move, stock height and trump suit (`4` while none), a byte each.
    turn: u32,
}

impl Game {
    /// Whether no card of the trick in progress has been played yet.
    pub(crate) fn at_trick_start(&self) -> bool {
        self.n_plays == self.trick_start
    }

    /// This position's key, for a search over one world.
    pub(crate) fn position_key(&self) -> PositionKey {
        let start = usize::from(self.trick_start);
        let played = &self.plays[start..usize::from(self.n_plays)];
        let trick = played.iter().fold(played.len() as u64, |acc, card| {
            acc << 6 | card.index() as u64
        });
        let trump = self.trump.map_or(4, |suit| suit.index() as u32);
        PositionKey {
            hands: self.hands,
            points: self
                .points
                .iter()
                .fold(0, |acc, &p| acc << 16 | u128::from(p)),
            trick,
            turn: u32::from(self.to_move) | u32::from(self.stock_len) << 8 | trump << 16,
        }
    }
}
