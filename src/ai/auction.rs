//! Chiamata bidding and calling, for every level.
//!
//! A hand is valued for each suit as if it were trump (trumps by strength and points, plain aces and
//! threes a little). The bid comes down one rank at a time while that value supports it; on the weakest
//! rank it raises the points a little for a very strong hand. The call names the chosen rank in the
//! suit where the hand is strongest and which it does not hold itself, so that suit becomes trump and
//! the holder of the card a partner; a bid's hint names that suit, so it never speaks of calling a
//! card the player holds. Deliberately simple: no reading of the other bidders.

#[cfg(test)]
mod tests;

use super::HintReason;
use crate::{Action, Bid, Card, CardSet, Observation, Rank, Suit};

/// The value of the hand with `trump` as trump, in rough card points.
fn suit_value(obs: &Observation, trump: Suit) -> f32 {
    let order = obs.ruleset.order;
    obs.hand
        .iter()
        .map(|c| {
            let points = f32::from(order.card_points(c));
            if c.suit() == trump {
                points + 2.0 + 0.5 * f32::from(order.card_strength(c))
            } else {
                0.5 * points
            }
        })
        .sum()
}

/// The cards of `suit` in the hand, strongest first.
pub(super) fn held(obs: &Observation, suit: Suit) -> Vec<Card> {
    let order = obs.ruleset.order;
    let mut cards: Vec<Card> = obs.hand.iter().filter(|c| c.suit() == suit).collect();
    cards.sort_by_key(|&c| std::cmp::Reverse(order.card_strength(c)));
    cards
}

/// The suit this hand would like as trump, and its value.
pub(super) fn best_suit(obs: &Observation) -> (Suit, f32) {
    let mut best = (Suit::Coins, f32::MIN);
    for suit in Suit::ALL {
        let v = suit_value(obs, suit);
        if v > best.1 {
            best = (suit, v);
        }
    }
    best
}

/// The suit a call of `rank` would make trump, as [`call`] chooses it: the strongest suit whose card
/// of that rank the hand does not hold (a bid's hint names it, never a call of the player's own
/// card); `None` when the hand holds that rank in every suit of the deck.
fn call_suit(obs: &Observation, rank: Rank) -> Option<Suit> {
    let deck = obs.ruleset.deck_cards();
    let mut best: Option<(Suit, f32)> = None;
    for suit in Suit::ALL {
        let card = Card::new(suit, rank);
        if !deck.contains(card) || obs.hand.contains(card) {
            continue;
        }
        let v = suit_value(obs, suit);
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((suit, v));
        }
    }
    best.map(|(suit, _)| suit)
}

/// The value needed to bid the rank at position `i` of the strength order (0 = the ace).
fn needed(i: usize) -> f32 {
    26.0 + 3.5 * i as f32
}

/// A bid or a pass, with its hint.
pub(crate) fn bid(obs: &Observation) -> (Action, HintReason) {
    let (suit, value) = best_suit(obs);
    let deck = obs.ruleset.deck_cards();
    let ranks: Vec<Rank> = obs
        .ruleset
        .order
        .ranks_by_strength()
        .into_iter()
        .filter(|&r| !(deck & CardSet::rank(r)).is_empty())
        .collect();
    let best = obs.auction.as_ref().and_then(|a| a.best);
    let next = match best {
        None => 0,
        Some((_, b)) => ranks.iter().position(|&r| r == b.rank).map_or(0, |i| i + 1),
    };
    let legal = |a: &Action| obs.legal_actions.contains(a);
    if let Some(&rank) = ranks.get(next)
        && value >= needed(next)
    {
        let action = Action::Bid(Bid {
            rank,
            points: Bid::MIN_POINTS,
        });
        if legal(&action) {
            let hint = match call_suit(obs, rank) {
                Some(suit) => HintReason::Bid {
                    rank,
                    suit,
                    held: held(obs, suit),
                },
                None => HintReason::HoldsEveryCall { rank },
            };
            return (action, hint);
        }
    }
    if let Some((_, b)) = best {
        let raise_to = b.points.saturating_add(1);
        let cap = 61.0 + (value - needed(ranks.len())).max(0.0);
        if f32::from(raise_to) <= cap {
            let action = Action::Bid(Bid {
                rank: b.rank,
                points: raise_to,
            });
            if legal(&action) {
                let hint = match call_suit(obs, b.rank) {
                    Some(suit) => HintReason::Raise {
                        points: raise_to,
                        suit,
                        held: held(obs, suit),
                    },
                    None => HintReason::HoldsEveryCall { rank: b.rank },
                };
                return (action, hint);
            }
        }
    }
    let held = held(obs, suit);
    (Action::Pass, HintReason::PassWeak { suit, held })
}

/// The card to call, with its hint: the winning bid's rank in the strongest suit not held.
pub(crate) fn call(obs: &Observation) -> (Action, HintReason) {
    let mut options: Vec<(Card, f32)> = obs
        .legal_actions
        .iter()
        .filter_map(|a| match a {
            Action::Call(c) => Some(*c),
            _ => None,
        })
        .map(|c| {
            let own = if obs.hand.contains(c) { -1000.0 } else { 0.0 };
            (c, suit_value(obs, c.suit()) + own)
        })
        .collect();
    options.sort_by(|a, b| b.1.total_cmp(&a.1));
    match options.first() {
        Some(&(card, _)) if obs.hand.contains(card) => {
            (Action::Call(card), HintReason::CallOwn { card })
        }
        Some(&(card, _)) => (
            Action::Call(card),
            HintReason::CallPartner {
                card,
                held: held(obs, card.suit()),
            },
        ),
        None => super::fallback(obs),
    }
}
