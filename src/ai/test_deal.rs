//! Hand-built two-player deals for the AI's unit tests.

use crate::{Card, Deal, Game, Preset, Ruleset, parse_cards};

/// A two-player Briscola hand dealt by seat 0 from `top` (the top of the deck: seat 1 gets the 1st,
/// 3rd and 5th cards, seat 0 the 2nd, 4th and 6th, the 7th is turned up), the rest in card order.
pub(crate) fn two_player(top: &str) -> Game {
    dealt(Ruleset::preset(Preset::Briscola, 2).expect("preset"), top)
}

/// A two-player hand of `rules` dealt the same way as [`two_player`].
pub(crate) fn dealt(rules: Ruleset, top: &str) -> Game {
    let mut order = parse_cards(top).expect("cards");
    let rest: Vec<Card> = rules
        .deck_cards()
        .iter()
        .filter(|c| !order.contains(c))
        .collect();
    order.extend(rest);
    Game::new(rules, 0, &Deal::Order(order)).expect("deal")
}

/// A card from its notation (`Ad`, `7s`).
pub(crate) fn card(text: &str) -> Card {
    text.parse().expect("card")
}

/// The position of every seat to move in `games` hands of each of `rules`, the hands dealt from
/// seeds and played with uniformly random legal actions (the auction and specials included; where
/// the rules allow señas, one time in three a random seña before the action): the generated
/// decisions the reasons' tests check their conditions on.
pub(crate) fn random_positions(
    rules: &[Ruleset],
    games: u64,
    seed: u64,
) -> Vec<(Game, crate::Observation)> {
    let mut rng = crate::Rng::new(seed);
    let mut positions = Vec::new();
    for (r, &rules) in rules.iter().enumerate() {
        for g in 0..games {
            let deal = Deal::Seed(crate::Rng::derive_seed(seed, (r as u64) << 32 | g));
            let Ok(mut game) = Game::new(rules, (g % u64::from(rules.players)) as u8, &deal) else {
                continue;
            };
            while game.phase() != crate::Phase::Finished {
                let senas = game.observation(game.to_move()).legal_senas;
                if !senas.is_empty() && rng.below(3) == 0 {
                    let sena = senas[rng.below(senas.len())];
                    if game.apply(crate::Action::Signal(sena)).is_err() {
                        break;
                    }
                }
                let obs = game.observation(game.to_move());
                let Some(&action) = obs
                    .legal_actions
                    .get(rng.below(obs.legal_actions.len().max(1)))
                else {
                    break;
                };
                positions.push((game.clone(), obs));
                if game.apply(action).is_err() {
                    break;
                }
            }
        }
    }
    positions
}

/// One ruleset of every preset, at its usual table (chiamata at five).
pub(crate) fn every_preset() -> Vec<Ruleset> {
    Preset::ALL
        .iter()
        .flat_map(|&p| [2, 4, 5].map(|n| Ruleset::preset(p, n)))
        .filter_map(Result::ok)
        .collect()
}

/// The latest seña `seat` made that the observing seat saw, if any.
pub(crate) fn latest_sena(obs: &crate::Observation, seat: crate::Seat) -> Option<crate::Sena> {
    obs.signals
        .iter()
        .rev()
        .find(|v| v.seat == seat)
        .map(|v| v.sena)
}

/// Auction and calling decisions with a choice, from `games` seeded five-player chiamata hands.
pub(crate) fn chiamata_decisions(games: u64, seed: u64) -> Vec<crate::Observation> {
    let rules = Ruleset::preset(Preset::Chiamata, 5).expect("preset");
    random_positions(&[rules], games, seed)
        .into_iter()
        .map(|(_, obs)| obs)
        .filter(|obs| matches!(obs.phase, crate::Phase::Bidding | crate::Phase::Calling))
        .filter(|obs| obs.legal_actions.len() > 1)
        .collect()
}
