//! Property tests (proptest): for arbitrary variants, deals and choices of moves,
//! - an action is accepted by `apply` exactly when `legal_actions` lists it, and a refused one changes
//!   nothing;
//! - a record of the moves replays to the same position;
//! - a player's observation never changes when only other players' hidden cards change.

mod common;

use briscola::{Action, Card, Deal, Game, Phase, Record};
use common::variants;
use proptest::prelude::*;

/// Plays `choices` (indices into the legal actions, wrapped) from a seeded deal; returns the game and
/// the actions taken.
fn play_out(variant: usize, seed: u64, choices: &[u16]) -> (briscola::Ruleset, Game, Vec<Action>) {
    let all = variants();
    let (_, rules) = all[variant % all.len()].clone();
    let mut game = Game::new(rules, 0, &Deal::Seed(seed)).expect("valid variant");
    let mut actions = Vec::new();
    for &choice in choices {
        if game.phase() == Phase::Finished {
            break;
        }
        let legal = game.legal_actions();
        let action = legal[usize::from(choice) % legal.len()];
        game.apply(action).expect("a listed action is accepted");
        actions.push(action);
    }
    (rules, game, actions)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn apply_accepts_exactly_the_legal_actions(
        variant in 0usize..64, seed in any::<u64>(), choices in prop::collection::vec(any::<u16>(), 0..60),
        probe_card in 0usize..48, probe_kind in 0u8..4,
    ) {
        let (_, game, _) = play_out(variant, seed, &choices);
        let card = Card::from_index(probe_card).expect("index below 48");
        let probe = match probe_kind {
            0 => Action::Play(card),
            1 => Action::Exchange(card),
            2 => Action::Call(card),
            _ => Action::ManoNegra,
        };
        let mut copy = game.clone();
        let applied = copy.apply(probe);
        prop_assert_eq!(game.legal_actions().contains(&probe), applied.is_ok());
        if applied.is_err() {
            prop_assert_eq!(copy.observation(game.to_move()), game.observation(game.to_move()));
        }
    }

    #[test]
    fn records_replay_to_the_same_position(
        variant in 0usize..64, seed in any::<u64>(), choices in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        let (rules, game, actions) = play_out(variant, seed, &choices);
        let record = Record { version: Record::VERSION, ruleset: rules, dealer: 0, deal: Deal::Seed(seed), actions };
        let json = serde_json::to_string(&record).expect("serializes");
        let back: Record = serde_json::from_str(&json).expect("parses");
        let replayed = back.replay().expect("replays");
        for seat in 0..rules.players {
            prop_assert_eq!(replayed.observation(seat), game.observation(seat));
        }
    }

    #[test]
    fn hidden_cards_do_not_show_in_an_observation(
        variant in 0usize..64, seed in any::<u64>(), world_seed in any::<u64>(),
        choices in prop::collection::vec(any::<u16>(), 0..60),
    ) {
        let (_, game, _) = play_out(variant, seed, &choices);
        let seat = game.to_move();
        let obs = game.observation(seat);
        // Another world with the same observation but (usually) different hidden cards.
        let other = obs.sample_world(&mut briscola::Rng::new(world_seed));
        prop_assert_eq!(other.observation(seat), obs);
    }
}
