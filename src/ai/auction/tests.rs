//! A bid's hint never names the call of the bidder's own card: at every level, and in the review's
//! hint, over the auctions of many seeded deals (random bids, so every rank and raise comes up).

use crate::ai::test_deal::random_positions;
use crate::ai::{AgentConfig, Budget, HintReason, Level, agent_with, review};
use crate::{Action, Card, Observation, Phase, Preset, Rank, Ruleset, Stakes};

/// The card a bid's hint says the bidder would call, if it names one: the bid's rank (the raised
/// bid's, for a raise) in the suit it names.
fn named_call(obs: &Observation, action: Action, hint: &HintReason) -> Option<Card> {
    let rank = |action: Action| match action {
        Action::Bid(bid) => Some(bid.rank),
        _ => None,
    };
    match hint {
        HintReason::Bid { rank, suit, .. } => Some(Card::new(*suit, *rank)),
        HintReason::Raise { suit, .. } => {
            let raised: Option<Rank> =
                rank(action).or_else(|| obs.auction.as_ref()?.best.map(|(_, bid)| bid.rank));
            raised.map(|rank| Card::new(*suit, rank))
        }
        _ => None,
    }
}

/// The bidding positions of `deals` seeded chiamata hands.
fn bidding_positions(deals: u64) -> Vec<Observation> {
    let rules = Ruleset::preset(Preset::Chiamata, 5).expect("preset");
    random_positions(&[rules], deals, 41)
        .into_iter()
        .map(|(_, obs)| obs)
        .filter(|obs| obs.phase == Phase::Bidding && obs.legal_actions.len() > 1)
        .collect()
}

/// Every level's bid hint, and the review's, names only a card the bidder does not hold.
#[test]
fn a_bid_hint_never_names_a_call_of_ones_own_card() {
    let positions = bidding_positions(60);
    assert!(positions.len() > 200, "{}", positions.len());
    let mut named = 0;
    for (i, obs) in positions.iter().enumerate() {
        for level in Level::ALL {
            let mut config = AgentConfig::new(level, i as u64);
            config.budget = Budget::worlds(2);
            let decision = agent_with(config).choose(obs);
            if let Some(card) = named_call(obs, decision.action, &decision.hint) {
                named += 1;
                assert!(!obs.hand.contains(card), "{level}: {:?}", decision.hint);
            }
        }
        if i % 8 == 0 {
            let hint = review::hint(obs, Stakes::SINGLE_HAND, i as u64, 2);
            if let Some(card) = named_call(obs, hint.action, &hint.hint) {
                named += 1;
                assert!(!obs.hand.contains(card), "review: {:?}", hint.hint);
            }
        }
    }
    assert!(named > 100, "{named}");
}
