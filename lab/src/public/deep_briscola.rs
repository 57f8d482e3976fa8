//! The rule-based `AIAgent` of alsora/deep-briscola (`agents/ai_agent.py` and `environment.py`,
//! the version with the "win the game" rule; the fork massimilianoviola/briscola-rl
//! plays the same rules). The baseline its authors trained their DQN against.
//!
//! Its rules, in order, with `T` the points on the table and `W` the cards that take the trick:
//! 1. With `T > 0` and some card in `W`: rank `W` by points, highest first (ties: the later card in
//!    hand first). If the best of them brings its own pile past 60, play it. Otherwise play the first
//!    non-trump of that ranking. If only trumps win: with one winning trump, play it when `T ≥ 10`;
//!    else find the cheapest card that is neither a trump nor a winner and is worth under 10 (the
//!    first of equals); with none, play the trump; if the trump is worth 3 or more, play the cheap
//!    card; if the cheap card is a king (4), play the trump when `T ≥ 3`, the king otherwise; else the
//!    cheap card. With several winning trumps, play the weakest of them.
//! 2. Otherwise (leading, an empty table, or no winner): the "weakest" card of the hand — walking from
//!    the last card to the first, a card replaces the current weakest when the weakest is a trump and
//!    it is not, or it is of the same suit and lower, or both are plain cards of different suits and it
//!    is worth fewer points. If that card is worth more than 4 (an ace or a three), play the card of
//!    lowest rank in the whole hand instead.
//!
//! It remembers nothing but its own pile: no card counting. Ambiguity: the original walks its hand in
//! draw order; the observation gives a set, walked here in card order (it decides only ties between
//! cards of equal points in different suits).

use super::{Table, play};
use briscola::{Action, Card, Observation};

use crate::Player;

/// The deep-briscola rule player. It has no state and no randomness.
pub(super) struct DeepBriscola;

impl Player for DeepBriscola {
    fn choose(&mut self, obs: &Observation) -> Action {
        let t = Table { obs };
        let hand = t.hand();
        if let Some(card) = take(&t, &hand) {
            return play(obs, Some(card));
        }
        play(obs, fallback(&t, &hand))
    }
}

/// Rule 1: taking a trick with points on it, if the rules want to.
fn take(t: &Table<'_>, hand: &[Card]) -> Option<Card> {
    let table = t.table_points();
    let best = t.best()?;
    if table == 0 {
        return None;
    }
    // Winners by points, highest first; equal points: the later card in hand first.
    let mut winners: Vec<(usize, Card)> = hand
        .iter()
        .copied()
        .enumerate()
        .filter(|&(_, c)| t.beats(c, best))
        .collect();
    winners.sort_by_key(|&(i, c)| std::cmp::Reverse((t.points(c), i)));
    let &(_, top) = winners.first()?;
    let own = t.obs.pile_points[usize::from(t.obs.seat)];
    if own + table + u16::from(t.points(top)) > 60 {
        return Some(top);
    }
    if let Some(&(_, plain)) = winners.iter().find(|&&(_, c)| !t.is_trump(c)) {
        return Some(plain);
    }
    if winners.len() >= 2 {
        let trumps: Vec<Card> = winners.iter().map(|&(_, c)| c).collect();
        return weakest(t, &trumps);
    }
    let trump = top;
    if table >= 10 {
        return Some(trump);
    }
    let cheap = hand
        .iter()
        .copied()
        .filter(|&c| c != trump && !t.is_trump(c) && t.points(c) < 10)
        .fold(None::<Card>, |acc, c| match acc {
            Some(a) if t.points(a) <= t.points(c) => Some(a),
            _ => Some(c),
        });
    let Some(cheap) = cheap else {
        return Some(trump);
    };
    if t.points(trump) >= 3 {
        Some(cheap)
    } else if t.points(cheap) == 4 {
        Some(if table >= 3 { trump } else { cheap })
    } else {
        Some(cheap)
    }
}

/// Rule 2: the weakest card, or the lowest rank when the weakest is an ace or a three.
fn fallback(t: &Table<'_>, hand: &[Card]) -> Option<Card> {
    let w = weakest(t, hand)?;
    if t.points(w) <= 4 {
        return Some(w);
    }
    let lowest = hand.iter().copied().fold(w, |low, c| {
        if t.strength(c) < t.strength(low) {
            c
        } else {
            low
        }
    });
    Some(lowest)
}

/// The source's "weakest card": walking from the last card to the first (`None` for no cards).
fn weakest(t: &Table<'_>, cards: &[Card]) -> Option<Card> {
    let (&last, rest) = cards.split_last()?;
    let weakest = rest.iter().rev().fold(last, |w, &c| {
        let replaces = match (t.is_trump(w), t.is_trump(c)) {
            (false, true) => false,
            (true, false) => true,
            _ if w.suit() == c.suit() => t.strength(c) <= t.strength(w),
            _ => t.points(w) > t.points(c),
        };
        if replaces { c } else { w }
    });
    Some(weakest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_deal::{card, two_player as game};
    use briscola::Game;

    fn choice(game: &Game) -> Action {
        DeepBriscola.choose(&game.observation(game.to_move()))
    }

    #[test]
    fn leads_its_weakest_plain_card() {
        // Seat 1: 4c, Ac, Ks with coins trumps: the four of cups is the weakest.
        assert_eq!(
            choice(&game("4c 2d Ac Kd Ks 5s 7d")),
            Action::Play(card("4c"))
        );
    }

    #[test]
    fn takes_a_led_ace_with_a_plain_winner_before_a_trump() {
        // Seat 0 holds 2d, Kd and 3s: only its trumps take the ace of cups.
        let mut g = game("Ac 2d 4c Kd Ks 3s 7d");
        g.apply(Action::Play(card("Ac"))).expect("legal");
        // Two winning trumps: the weakest of them, the two of coins.
        assert_eq!(choice(&g), Action::Play(card("2d")));
    }

    #[test]
    fn a_single_small_trump_gives_way_to_a_cheap_card_on_a_low_trick() {
        // Seat 1 leads the jack of swords (2 points); seat 0 holds 4d (the only winner), 5b and Kb.
        let mut g = game("Js 4d 4c 5b Ks Kb 7d");
        g.apply(Action::Play(card("Js"))).expect("legal");
        // T = 2 < 10, one winning trump worth 0, the cheapest plain card is the five of clubs.
        assert_eq!(choice(&g), Action::Play(card("5b")));
    }

    #[test]
    fn an_empty_table_gets_the_weakest_card() {
        let mut g = game("4s 2d 4c Ad Ks 5b 7d");
        g.apply(Action::Play(card("4s"))).expect("legal");
        // Nothing on the table: rule 2, the weakest of 2d, Ad, 5b is the plain five.
        assert_eq!(choice(&g), Action::Play(card("5b")));
    }
}
