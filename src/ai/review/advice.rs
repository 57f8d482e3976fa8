//! [`hint`]: the hint that says what the review will say. It evaluates the decision exactly as the
//! review rates it ([`super::evaluate`]: every legal action in the same worlds, drawn from the seed
//! the review gives that decision, [`super::decision_seed`]) and suggests the action the review
//! values highest, quoting the review's own figure for it. So the card hinted is the one the review
//! marks best if it is played, and "this card wins the hand in 53%" is the number the review shows
//! for that card in that position — one search, said once.
//!
//! A bid, a pass or a call is hinted the same way, among the actions Hard's auction search compares,
//! with the heuristic's kind of reason for it and no figure.
//!
//! The sentence around the figure is the card's heuristic reason ([`crate::ai::HintReason`], true of
//! the position whatever the search found). The figure is a win chance only where hands won decide
//! the match (in game- and card-point matches the review's win chance is that of deciding the match
//! in this hand, which is not quoted). Deliberately absent: the number of worlds sampled (a count of
//! deals means nothing to a player), and Hard's own decisions, which keep their own search.

use super::{evaluate, value};
use crate::ai::situation::Situation;
use crate::ai::{Decision, HintReason, hint as card_hint, special};
use crate::{Action, Observation, Phase, Stakes};

/// The hint for the seat to move in `obs`, in a hand worth `stakes`: the card the review values
/// highest in `worlds` worlds drawn from `seed` (the review's seed for this decision, so the two
/// agree), with the review's win chance for it; a bid, a pass or a call, the one the review values
/// highest among those it compares. The other decisions that are not a choice of cards (mano negra
/// and the trump exchange, which every level takes whenever it may, a lone legal card, nothing to
/// do) get the shared rules' decision, as every level's.
pub fn hint(obs: &Observation, stakes: Stakes, seed: u64, worlds: u32) -> Decision {
    let auction = matches!(obs.phase, Phase::Bidding | Phase::Calling);
    if auction && obs.legal_actions.len() > 1 {
        return auction_hint(obs, stakes, seed, worlds);
    }
    if let Some(decision) = special::special(obs) {
        return decision;
    }
    if obs.phase != Phase::Playing || obs.legal_actions.len() < 2 {
        let s = Situation::from_observation(obs, true);
        return crate::ai::card_decision(obs, &s, s.legal.first());
    }
    let evaluation = evaluate(obs, None, stakes, seed, worlds);
    // The first action of the highest value: the review's best whichever of them is taken.
    let best = value::best(&evaluation.scores, usize::MAX);
    let Some(valued) = evaluation.actions.get(best) else {
        let s = Situation::from_observation(obs, true);
        return crate::ai::card_decision(obs, &s, None);
    };
    let action = valued.action;
    let hint = match action {
        Action::Play(card) => {
            let why = card_hint::explain(&Situation::from_observation(obs, true), card);
            if valued.points.is_some() {
                HintReason::SearchedWins {
                    why: Box::new(why),
                    win_percent: valued.win_percent.round().clamp(0.0, 100.0) as u8,
                }
            } else {
                why
            }
        }
        // Only cards are left once the special actions are taken.
        _ => HintReason::OnlyChoice { action },
    };
    Decision { action, hint }
}

/// The hint for a bid, a pass or a call: the action the review values highest among those Hard's
/// auction search compares, with the shared heuristic's kind of reason for it (the suit its call
/// makes trump and what the hand holds of it; never the call of a card the player holds, unless
/// the player holds the rank in every suit and the reason says so).
fn auction_hint(obs: &Observation, stakes: Stakes, seed: u64, worlds: u32) -> Decision {
    let evaluation = evaluate(obs, None, stakes, seed, worlds);
    let best = value::best(&evaluation.scores, usize::MAX);
    match evaluation.lines.get(best) {
        Some(&line) => Decision {
            action: line.action,
            hint: crate::ai::hard::auction::reason(obs, line),
        },
        None => special::special(obs).unwrap_or_else(crate::ai::no_move),
    }
}
