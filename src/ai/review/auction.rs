//! The review of a chiamata bid, pass or call: the actions Hard's auction search compares (each
//! cheapest bid of the ranks it searches, with the card it would call, and passing; or each call),
//! with the one taken when it is another legal bid (a jump, a higher raise), valued in the same
//! worlds as Hard values them ([`hard::auction_values`]) and then rated as a card play is.
//!
//! Deliberately absent: drawing more worlds where the noise hides a mark (a bid's call is chosen
//! over all the worlds drawn, so one batch is drawn), and bids the search does not compare unless
//! taken.

use super::{Evaluation, valued};
use crate::ai::hard;
use crate::{Action, Observation, Rng, Stakes};

/// The auction or calling decision of `obs` valued in `worlds` worlds drawn from `seed`, at `stakes`,
/// with `taken` among the actions when it is a legal bid.
pub(super) fn evaluate(
    obs: &Observation,
    taken: Option<Action>,
    stakes: Stakes,
    seed: u64,
    worlds: u32,
) -> Evaluation {
    let mut rng = Rng::new(seed);
    let (lines, per_world) = hard::auction_values(obs, taken, &mut rng, worlds, stakes);
    let actions: Vec<Action> = lines.iter().map(|line| line.action).collect();
    valued(&actions, stakes, per_world, lines)
}

#[cfg(test)]
mod tests {
    use crate::ai::review::{Mark, Verdict, hint, review_decision};
    use crate::ai::test_deal::chiamata_decisions;
    use crate::{Action, Observation, Stakes};

    fn auction_positions() -> Vec<Observation> {
        chiamata_decisions(6, 17)
    }

    #[test]
    fn bids_passes_and_calls_are_rated_and_the_hint_is_the_best() {
        let (mut rated, mut calls, mut jumps) = (0, 0, 0);
        for (i, obs) in auction_positions().iter().enumerate() {
            let seed = i as u64;
            let hinted = hint(obs, Stakes::SINGLE_HAND, seed, 4);
            assert!(obs.legal_actions.contains(&hinted.action), "{obs:?}");
            let Verdict::Rated(best) =
                review_decision(obs, hinted.action, Stakes::SINGLE_HAND, seed, 4)
            else {
                panic!("the hinted {} not rated in {obs:?}", hinted.action);
            };
            assert_eq!(best.mark, Mark::Best, "{obs:?}");
            rated += 1;
            // The highest legal bid: rarely one the search compares, rated all the same.
            let last = *obs.legal_actions.last().expect("legal");
            let Verdict::Rated(r) = review_decision(obs, last, Stakes::SINGLE_HAND, seed, 4) else {
                panic!("{last} not rated in {obs:?}");
            };
            assert_eq!(r.taken.action, last);
            assert!(r.actions.iter().any(|a| a.action == hinted.action));
            calls += usize::from(matches!(last, Action::Call(_)));
            jumps += usize::from(matches!(last, Action::Bid(_)));
        }
        assert!(
            rated >= 20 && calls >= 3 && jumps >= 10,
            "{rated} {calls} {jumps}"
        );
    }
}
