//! One-sentence explanations of card plays, for the hint button.
//!
//! A hint describes what the chosen card does in the trick as the seat sees it (wins it, feeds a
//! partner, gives it up cheaply, leads low), with the points at stake, or why a strong trump is kept.
//! It never mentions a card the seat cannot know about. The explanation is a [`HintReason`]: data that
//! a user interface words in the player's language.

use super::HintReason;
use super::situation::Situation;
use crate::Card;

/// Explains playing `card` in situation `s`.
pub(crate) fn explain(s: &Situation, card: Card) -> HintReason {
    let points = s.points(card);
    if s.legal.len() == 1 {
        return HintReason::OnlyLegal { card };
    }
    let Some((winner, best)) = s.best() else {
        return explain_lead(s, card);
    };
    let stake = s.table_points() + points;
    if s.beats(card, best) && !s.is_ally(winner) {
        return if s.is_trump(card) && !s.is_trump(best) {
            HintReason::TrumpIt { stake }
        } else {
            HintReason::WinTrick { stake }
        };
    }
    if winner == s.seat {
        return HintReason::AddToOwnTrick { card };
    }
    if s.is_ally(winner) {
        if points > 0 {
            return HintReason::FeedPartner { points };
        }
        return HintReason::PartnerHolds { card };
    }
    if let Some(keep) = kept_trump(s, card) {
        return keep;
    }
    if points == 0 {
        HintReason::ThrowAway { card }
    } else {
        HintReason::GiveUpCheaply { card, points }
    }
}

fn explain_lead(s: &Situation, card: Card) -> HintReason {
    let points = s.points(card);
    if points > 0 && !s.can_be_beaten(card) {
        return HintReason::CashWinner { card };
    }
    if s.is_trump(card) {
        return HintReason::DrawTrumps { card };
    }
    if let Some(keep) = kept_trump(s, card) {
        return keep;
    }
    if points == 0 {
        HintReason::LeadWorthless { card }
    } else {
        HintReason::LeadCheap { card, points }
    }
}

/// "Keep the ace of trumps: the three is still out" — when the seat holds back a trump that can still
/// capture a ten-pointer of trumps it has not seen played.
fn kept_trump(s: &Situation, played: Card) -> Option<HintReason> {
    let kept = s
        .legal
        .iter()
        .filter(|&c| c != played && s.is_trump(c))
        .max_by_key(|&c| s.strength(c))?;
    let threat = s
        .threats
        .iter()
        .filter(|&t| s.is_trump(t) && s.points(t) >= 10 && s.beats(kept, t))
        .max_by_key(|&t| s.points(t))?;
    Some(HintReason::KeepTrump { kept, threat })
}
