//! One-sentence explanations of card plays, for the hint button.
//!
//! A hint describes what the chosen card does in the trick as the seat sees it (wins it, feeds a
//! partner, gives it up cheaply, leads low), with the points at stake, or why a strong trump is kept.
//! It never mentions a card the seat cannot know about.

use super::situation::Situation;
use crate::Card;

/// Explains playing `card` in situation `s`.
pub(crate) fn explain(s: &Situation, card: Card) -> String {
    let name = card.name();
    let points = s.points(card);
    if s.legal.len() == 1 {
        return format!("Play the {name}: it is the only legal card");
    }
    let Some((winner, best)) = s.best() else {
        return explain_lead(s, card);
    };
    let stake = s.table_points() + points;
    if s.beats(card, best) && !s.is_ally(winner) {
        let verb = if s.is_trump(card) && !s.is_trump(best) {
            "Trump it"
        } else {
            "Win the trick"
        };
        return format!("{verb}: {stake} points at stake");
    }
    if winner == s.seat {
        return format!("You already hold this trick: add the {name}");
    }
    if s.is_ally(winner) {
        if points > 0 {
            return format!("Feed your partner {points} points: the trick is yours");
        }
        return format!("Your partner holds the trick: play the {name} and keep your strength");
    }
    if let Some(keep) = kept_trump(s, card) {
        return keep;
    }
    if points == 0 {
        format!("This trick is not worth it: throw away the {name}")
    } else {
        format!("Give up this trick cheaply: the {name} costs only {points} points")
    }
}

fn explain_lead(s: &Situation, card: Card) -> String {
    let name = card.name();
    let points = s.points(card);
    if points > 0 && !s.can_be_beaten(card) {
        return format!("Cash the {name}: nothing left can beat it");
    }
    if s.is_trump(card) {
        return format!("Lead the {name} to draw out the trumps");
    }
    if let Some(keep) = kept_trump(s, card) {
        return keep;
    }
    if points == 0 {
        format!("Lead the {name}: a worthless card gives nothing away")
    } else {
        format!("Lead the {name}: it risks only {points} points")
    }
}

/// "Keep the ace of trumps: the three is still out" — when the seat holds back a trump that can still
/// capture a ten-pointer of trumps it has not seen played.
fn kept_trump(s: &Situation, played: Card) -> Option<String> {
    let kept = s
        .legal
        .iter()
        .filter(|&c| c != played && s.is_trump(c))
        .max_by_key(|&c| s.strength(c))?;
    let prey = s
        .threats
        .iter()
        .filter(|&t| s.is_trump(t) && s.points(t) >= 10 && s.beats(kept, t))
        .max_by_key(|&t| s.points(t))?;
    Some(format!(
        "Keep the {}: the {} is still out",
        kept.name(),
        prey.name()
    ))
}
