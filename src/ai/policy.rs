//! The card-play heuristics shared by Easy, Medium and the Hard level's playouts.
//!
//! One pass over the legal cards, valued in card points: what a card wins or gives away in this trick,
//! plus a "tempo" cost for spending a trump (a trump kept is a future capture). Leading: the cheapest
//! card, or a sure winner when card memory proves nothing can beat it. Following: win with the card of
//! best net value when that beats throwing away the cheapest card; feed points to a partner who holds
//! the trick safely; never take a trick from a partner. Exact endgame play is not here (see the solver).

use super::situation::Situation;
use crate::{Card, CardSet, Rng};

/// How the heuristics play: the chance of a beginner's mistake, when one fits the position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    /// Probability of making a plausible mistake on a turn that offers one.
    pub mistakes: f64,
    /// How much a trump is worth keeping (1: fully; a beginner spends trumps too readily).
    pub trump_care: f32,
}

impl Style {
    /// No mistakes.
    pub const SOUND: Style = Style {
        mistakes: 0.0,
        trump_care: 1.0,
    };
}

/// The cost of spending a trump now, in card points.
fn tempo(s: &Situation, card: Card, care: f32) -> f32 {
    if s.is_trump(card) {
        care * (5.0 + 1.2 * f32::from(s.strength(card)))
    } else {
        0.0
    }
}

/// What throwing a card away costs: its points, a trump's tempo, and a little for a strong card.
fn discard_cost(s: &Situation, card: Card, care: f32) -> f32 {
    let extra = if s.is_trump(card) {
        tempo(s, card, care)
    } else {
        0.08 * f32::from(s.strength(card))
    };
    f32::from(s.points(card)) + extra
}

/// The legal card minimizing `cost` (ties go to the lowest card index, so choices are deterministic).
fn cheapest(cards: CardSet, mut cost: impl FnMut(Card) -> f32) -> Option<Card> {
    let mut best: Option<(Card, f32)> = None;
    for card in cards {
        let c = cost(card);
        if best.is_none_or(|(_, b)| c < b) {
            best = Some((card, c));
        }
    }
    best.map(|(card, _)| card)
}

/// The heuristic choice of card for the seat to move. `s.legal` must not be empty.
pub(crate) fn choose_card(s: &Situation, style: Style, rng: &mut Rng) -> Option<Card> {
    if s.legal.len() <= 1 {
        return s.legal.first();
    }
    let mistake = style.mistakes > 0.0 && rng.unit() < style.mistakes;
    match s.best() {
        None => lead(s, style.trump_care, mistake),
        Some((winner, best)) => follow(s, (winner, best), style.trump_care, mistake),
    }
}

fn lead(s: &Situation, care: f32, mistake: bool) -> Option<Card> {
    let legal = s.legal;
    if mistake {
        // A beginner's lead: a ten-pointer of a plain suit.
        let tens = legal
            .iter()
            .filter(|&c| !s.is_trump(c) && s.points(c) >= 10)
            .collect::<CardSet>();
        if let Some(card) = tens.first() {
            return Some(card);
        }
    }
    cheapest(legal, |c| lead_cost(s, c, care))
}

/// What leading a card costs: a sure winner with points gains them, anything else may be lost.
fn lead_cost(s: &Situation, card: Card, care: f32) -> f32 {
    let points = f32::from(s.points(card));
    let sure = !s.can_be_beaten(card) && !s.trump_pending();
    if sure && points > 0.0 {
        -points + 0.5 * tempo(s, card, care)
    } else {
        discard_cost(s, card, care) + 0.5 * points
    }
}

/// What feeding a card to a partner who holds the trick is worth (points given, never a trump).
fn feed_value(s: &Situation, card: Card, care: f32) -> f32 {
    if s.is_trump(card) {
        -100.0 - discard_cost(s, card, care)
    } else if s.points(card) > 0 {
        f32::from(s.points(card)) - 0.01 * f32::from(s.strength(card))
    } else {
        -discard_cost(s, card, care)
    }
}

/// What taking the trick with `card` is worth, against what is on the table; a winner that a rival
/// still to play may beat counts half.
fn take_value(s: &Situation, card: Card, table: f32, care: f32) -> f32 {
    if s.rivals_after() && s.can_be_beaten(card) {
        0.5 * table - 0.5 * f32::from(s.points(card)) - tempo(s, card, care)
    } else {
        table + f32::from(s.points(card)) - tempo(s, card, care)
    }
}

/// The sound heuristics' value of every legal card, in card points (higher is better): what the
/// belief model turns into the probability that a sensible player picks each card. Its best card is
/// the one [`choose_card`] plays without mistakes, up to ties.
pub(crate) fn card_values(s: &Situation, mut value: impl FnMut(Card, f32)) {
    let care = Style::SOUND.trump_care;
    let Some((winner, best)) = s.best() else {
        for card in s.legal {
            value(card, -lead_cost(s, card, care));
        }
        return;
    };
    let table = f32::from(s.table_points());
    if s.is_ally(winner) {
        let safe = !s.rivals_after() || !s.can_be_beaten(best);
        for card in s.legal {
            let v = if safe {
                feed_value(s, card, care)
            } else {
                -discard_cost(s, card, care)
            };
            value(card, v);
        }
        return;
    }
    if loads_for_partner(s, best) {
        for card in s.legal {
            value(card, feed_value(s, card, care));
        }
        return;
    }
    for card in s.legal {
        let v = if s.beats(card, best) {
            take_value(s, card, table, care)
        } else {
            -table - discard_cost(s, card, care)
        };
        value(card, v);
    }
}

/// Whether `s` is a trick to load for a partner who signalled trumps: backed, and no plain card held
/// takes it.
fn loads_for_partner(s: &Situation, best: Card) -> bool {
    s.backed
        && !s.legal.iter().any(|c| !s.is_trump(c) && s.beats(c, best))
        && s.legal.iter().any(|c| !s.is_trump(c))
}

fn follow(s: &Situation, (winner, best): (u8, Card), care: f32, mistake: bool) -> Option<Card> {
    let legal = s.legal;
    let table = f32::from(s.table_points());
    let rivals_after = s.rivals_after();
    let discard = cheapest(legal, |c| discard_cost(s, c, care))?;
    if !s.is_ally(winner) && loads_for_partner(s, best) {
        return cheapest(legal, |c| -feed_value(s, c, care));
    }
    if s.is_ally(winner) {
        let safe = !rivals_after || !s.can_be_beaten(best);
        if safe {
            // Feed the partner the most points that cost no trump.
            let feed = cheapest(legal, |c| -feed_value(s, c, care));
            if let Some(card) = feed.filter(|&c| !s.is_trump(c) && s.points(c) > 0) {
                return Some(card);
            }
        }
        return Some(discard);
    }
    let winners: CardSet = legal.iter().filter(|&c| s.beats(c, best)).collect();
    let take_value = |w: Card| take_value(s, w, table, care);
    let best_take = cheapest(winners, |w| -take_value(w));
    let pass_value = -table - discard_cost(s, discard, care);
    let chosen = match best_take {
        Some(w) if take_value(w) >= pass_value => w,
        _ => discard,
    };
    if !mistake || chosen != discard {
        return Some(chosen);
    }
    // A beginner's mistakes when giving up a trick: trumping an empty trick, or throwing away a
    // card with points instead of a worthless one.
    if table == 0.0
        && let Some(trump) = cheapest(legal, |c| {
            if s.is_trump(c) && s.beats(c, best) {
                tempo(s, c, care)
            } else {
                f32::INFINITY
            }
        })
        .filter(|&c| s.is_trump(c) && s.beats(c, best))
    {
        return Some(trump);
    }
    let wrong = legal
        .iter()
        .filter(|&c| !s.is_trump(c) && s.points(c) > 0)
        .collect::<CardSet>();
    cheapest(wrong, |c| f32::from(s.points(c))).or(Some(chosen))
}
