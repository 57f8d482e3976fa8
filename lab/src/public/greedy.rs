//! The greedy `DeterministicPlayer` of Inc-G/Q_learning_briscola
//! (`Training/modules/briscola_players.py`): the rule player its authors trained
//! their networks against.
//!
//! Leading, or when no card takes the trick: play a card of the fewest points, chosen uniformly at
//! random among those. When some cards take the trick: play one of the winners with the fewest
//! points, again at random among equals. Trumps are not spared (the source means to keep them out of
//! the lead, but its filter is assigned to a misspelt variable and has no effect; that behaviour is
//! kept). It remembers nothing.

use super::{Table, play};
use briscola::{Action, Card, Observation, Rng};

use crate::Player;

/// The greedy player; its seed breaks ties.
pub(super) struct Greedy {
    rng: Rng,
}

impl Greedy {
    pub(super) fn new(seed: u64) -> Greedy {
        Greedy {
            rng: Rng::new(seed),
        }
    }

    /// One of the cheapest cards of `cards`, at random.
    fn cheapest(&mut self, t: &Table<'_>, cards: &[Card]) -> Option<Card> {
        let low = cards.iter().map(|&c| t.points(c)).min()?;
        let ties: Vec<Card> = cards
            .iter()
            .copied()
            .filter(|&c| t.points(c) == low)
            .collect();
        let i = self.rng.below(ties.len());
        ties.get(i).copied()
    }
}

impl Player for Greedy {
    fn choose(&mut self, obs: &Observation) -> Action {
        let t = Table { obs };
        let hand = t.hand();
        let winners: Vec<Card> = match t.best() {
            Some(best) => hand.iter().copied().filter(|&c| t.beats(c, best)).collect(),
            None => Vec::new(),
        };
        if winners.is_empty() {
            let card = self.cheapest(&t, &hand);
            play(obs, card)
        } else {
            let card = self.cheapest(&t, &winners);
            play(obs, card)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_deal::{card, two_player};

    #[test]
    fn takes_with_the_cheapest_winner_and_otherwise_plays_the_cheapest_card() {
        let mut game = two_player("Ac 2d 4c Kd Ks 3c 7d");
        // Seat 1 (Ac, 4c, Ks) leads one of its zero-point cards.
        let lead = Greedy::new(1).choose(&game.observation(1));
        assert_eq!(lead, Action::Play(card("4c")));
        game.apply(Action::Play(card("Ac"))).expect("legal");
        // Seat 0 (2d, Kd, 3c): only trumps take the ace; the two of coins is the cheapest of them.
        for seed in 0..8 {
            let take = Greedy::new(seed).choose(&game.observation(0));
            assert_eq!(take, Action::Play(card("2d")));
        }
    }
}
