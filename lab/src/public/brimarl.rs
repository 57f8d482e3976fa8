//! The `HeuristicAgent` of herm23/Briscola-Agent (`brimarl_masked/agents/heuristic_agent.py`): a
//! rule player that counts cards, reported by its authors to win 59.9% of 1,000 games
//! against deep-briscola's rule player and 83.9% against a random one.
//!
//! It remembers every card played; the unseen cards are the deck less those, its hand and the face-up
//! trump while it lies under the stock.
//! - Second to play, with `P` the points on the table and `W` its cards that take the trick: a winner
//!   that brings its pile past 60 (the first in order of trump-or-not, then rank); else the plain
//!   winner with the most points; else its weakest winning trump, if `P` reaches 3 (a trump worth 0),
//!   6 (a jack, knight or king) or 10 (a three or ace); else the "safest discard", the card lowest by
//!   points, then trump-or-not, then rank.
//! - Leading: among the cards no unseen card can beat, the one with the most points, if it is worth
//!   3 or more; else the safest discard.
//!
//! Ambiguity: ties between equal cards follow the order of the hand, which the original keeps in draw
//! order and the observation gives by card; it only decides between cards of equal rank and points.

use super::{Table, play};
use briscola::{Action, Card, Observation};

use crate::Player;

/// The brimarl heuristic player. Its memory is the observation's record of the tricks.
pub(super) struct Brimarl;

impl Player for Brimarl {
    fn choose(&mut self, obs: &Observation) -> Action {
        let t = Table { obs };
        let hand = t.hand();
        match t.best() {
            Some(best) => play(obs, follow(&t, &hand, best)),
            None => play(obs, lead(&t, &hand)),
        }
    }
}

fn follow(t: &Table<'_>, hand: &[Card], best: Card) -> Option<Card> {
    let table = t.table_points();
    let own = t.obs.pile_points[usize::from(t.obs.seat)];
    let mut winners: Vec<Card> = hand.iter().copied().filter(|&c| t.beats(c, best)).collect();
    winners.sort_by_key(|&c| (t.is_trump(c), t.strength(c)));
    if let Some(&c) = winners
        .iter()
        .find(|&&c| own + table + u16::from(t.points(c)) > 60)
    {
        return Some(c);
    }
    let plain = winners
        .iter()
        .copied()
        .filter(|&c| !t.is_trump(c))
        .fold(None::<Card>, |acc, c| match acc {
            Some(a) if t.points(a) >= t.points(c) => Some(a),
            _ => Some(c),
        });
    if plain.is_some() {
        return plain;
    }
    if let Some(&trump) = winners.first() {
        let threshold = match t.points(trump) {
            0 => 3,
            1..=4 => 6,
            _ => 10,
        };
        if table >= threshold {
            return Some(trump);
        }
    }
    safest_discard(t, hand)
}

fn lead(t: &Table<'_>, hand: &[Card]) -> Option<Card> {
    let obs = t.obs;
    let mut gone = obs.played_cards() | obs.hand;
    gone |= obs.face_up_trump.into_iter().collect();
    let unseen = obs.ruleset.deck_cards() - gone;
    let safe = hand
        .iter()
        .copied()
        .filter(|&c| !unseen.iter().any(|u| t.beats(u, c)))
        .fold(None::<Card>, |acc, c| match acc {
            Some(a) if t.points(a) >= t.points(c) => Some(a),
            _ => Some(c),
        });
    match safe {
        Some(c) if t.points(c) >= 3 => Some(c),
        _ => safest_discard(t, hand),
    }
}

/// The card lowest by points, then not a trump before a trump, then rank.
fn safest_discard(t: &Table<'_>, hand: &[Card]) -> Option<Card> {
    hand.iter()
        .copied()
        .min_by_key(|&c| (t.points(c), t.is_trump(c), t.strength(c)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_deal::{card, two_player as game};

    #[test]
    fn leads_the_safest_discard_when_nothing_is_sure() {
        // Seat 1: 4c, Ac, Ks. The ace of cups can be trumped: discard the four.
        let g = game("4c 2d Ac Kd Ks 5s 7d");
        assert_eq!(Brimarl.choose(&g.observation(1)), Action::Play(card("4c")));
    }

    #[test]
    fn trumps_only_when_the_table_pays_for_the_trump() {
        // Seat 1 leads the jack of swords (2 points); seat 0 holds 4d (a trump worth 0), 5b and Kb.
        let mut g = game("Js 4d 4c 5b Ks Kb 7d");
        g.apply(Action::Play(card("Js"))).expect("legal");
        // 2 points < 3: discard the five of clubs instead.
        assert_eq!(Brimarl.choose(&g.observation(0)), Action::Play(card("5b")));
        // The king of swords (4 points) pays for the four of coins.
        let mut g = game("Ks 4d 4c 5b Js Kb 7d");
        g.apply(Action::Play(card("Ks"))).expect("legal");
        assert_eq!(Brimarl.choose(&g.observation(0)), Action::Play(card("4d")));
    }

    #[test]
    fn takes_with_the_plain_winner_worth_most() {
        // Seat 1 leads the king of cups; seat 0 holds Ac, 3c and 2d: the ace (11) over the three (10).
        let mut g = game("Kc Ac 4s 3c 5b 2d 7d");
        g.apply(Action::Play(card("Kc"))).expect("legal");
        assert_eq!(Brimarl.choose(&g.observation(0)), Action::Play(card("Ac")));
    }
}
