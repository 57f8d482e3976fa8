//! The decisions that are not a card play: the chiamata auction and call, mano negra, the trump
//! exchange, and "nothing to do". Every level takes them the same way: showing mano negra wins the hand
//! outright, and an exchange always takes a better trump than it gives.

use super::{Decision, HintReason, auction};
use crate::{Action, Observation, Phase};

/// The decision when it is not a card play, or `None` when a card must be chosen.
pub(crate) fn special(obs: &Observation) -> Option<Decision> {
    if obs.legal_actions.is_empty() {
        return Some(super::no_move());
    }
    let decision = |(action, hint): (Action, HintReason)| Some(Decision { action, hint });
    match obs.phase {
        Phase::Bidding => return decision(auction::bid(obs)),
        Phase::Calling => return decision(auction::call(obs)),
        Phase::Playing | Phase::Finished => {}
    }
    if obs.legal_actions.contains(&Action::ManoNegra) {
        return decision((Action::ManoNegra, HintReason::ManoNegra));
    }
    for &action in &obs.legal_actions {
        if let (Action::Exchange(gave), Some(took)) = (action, obs.face_up_trump) {
            return decision((action, HintReason::Exchange { gave, took }));
        }
    }
    let plays = obs
        .legal_actions
        .iter()
        .any(|a| matches!(a, Action::Play(_)));
    if plays {
        None
    } else {
        decision(super::fallback(obs))
    }
}
