//! `Observation::validate`: every position of random games is accepted for its seat to move (no false
//! refusals, every variant) and answered by the bot with a legal action, and impossible observations
//! (a legal action not in the hand, a dealer off the table, a finished phase, piles and tricks whose
//! points disagree) are refused with a precise error.

mod common;

use std::io::Cursor;

use briscola::ai::bot::{self, BotConfig};
use briscola::ai::{Budget, Level};
use briscola::{Action, Deal, Game, Observation, ObservationError, Phase, Preset, Rng, Ruleset};
use common::{random_action, variants};

/// Every position of `games` random games of each variant, as its seat to move sees it.
fn random_positions(games: u64) -> Vec<(String, Observation)> {
    let mut out = Vec::new();
    let mut rng = Rng::new(13);
    for (name, rules) in variants() {
        for g in 0..games {
            let dealer = rng.below(usize::from(rules.players)) as u8;
            let mut game = Game::new(rules, dealer, &Deal::Seed(g)).expect("deal");
            while game.phase() != Phase::Finished {
                out.push((name.clone(), game.observation(game.to_move())));
                game.apply(random_action(&game, &mut rng)).expect("legal");
            }
        }
    }
    out
}

#[test]
fn every_position_of_random_games_is_accepted_and_answered_by_the_bot() {
    let positions = random_positions(3);
    assert!(positions.len() >= 1_000, "{} positions", positions.len());
    let mut input = String::new();
    for (name, obs) in &positions {
        assert_eq!(obs.validate(), Ok(()), "{name}: {obs:?}");
        input.push_str(&serde_json::to_string(obs).expect("json"));
        input.push('\n');
    }
    let config = BotConfig {
        level: Level::Easy,
        seed: 1,
        budget: Budget::worlds(1),
    };
    let mut out = Vec::new();
    bot::serve(Cursor::new(input), &mut out, config).expect("in-memory io");
    let replies = String::from_utf8(out).expect("utf-8");
    let replies: Vec<&str> = replies.lines().collect();
    assert_eq!(replies.len(), positions.len());
    for ((name, obs), reply) in positions.iter().zip(replies) {
        let reply: serde_json::Value = serde_json::from_str(reply).expect("json");
        let action: Action = reply["action"]
            .as_str()
            .unwrap_or_else(|| panic!("{name}: {reply}"))
            .parse()
            .expect("action text");
        assert!(obs.allows(&action), "{name}: {reply}");
    }
}

#[test]
fn observations_of_a_seat_not_to_move_and_finished_hands_are_refused() {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let mut game = Game::new(rules, 0, &Deal::Seed(42)).expect("deal");
    assert_eq!(
        game.observation(0).validate(),
        Err(ObservationError::NotToMove {
            seat: 0,
            to_move: 1
        })
    );
    let mut rng = Rng::new(1);
    while game.phase() != Phase::Finished {
        game.apply(random_action(&game, &mut rng)).expect("legal");
    }
    assert_eq!(
        game.observation(0).validate(),
        Err(ObservationError::Finished)
    );
    let mut finished = game.observation(0);
    finished.phase = Phase::Finished;
    assert_eq!(finished.validate(), Err(ObservationError::Finished));
}

#[test]
fn every_seats_view_of_random_games_is_accepted_whoever_is_to_move_and_once_the_hand_is_over() {
    let mut rng = Rng::new(29);
    let mut views = 0;
    for (name, rules) in variants() {
        for g in 0..2 {
            let dealer = rng.below(usize::from(rules.players)) as u8;
            let mut game = Game::new(rules, dealer, &Deal::Seed(100 + g)).expect("deal");
            loop {
                for seat in 0..rules.players {
                    let obs = game.observation(seat);
                    assert_eq!(obs.validate_view(), Ok(()), "{name}: {obs:?}");
                    views += 1;
                }
                if game.phase() == Phase::Finished {
                    break;
                }
                game.apply(random_action(&game, &mut rng)).expect("legal");
            }
        }
    }
    assert!(views >= 1_000, "{views} views");
}

#[test]
fn an_impossible_view_of_a_seat_not_to_move_is_refused() {
    let rules = Ruleset::preset(Preset::Briscola, 4).expect("preset");
    let mut game = Game::new(rules, 0, &Deal::Seed(7)).expect("deal");
    let mut rng = Rng::new(3);
    for _ in 0..6 {
        game.apply(random_action(&game, &mut rng)).expect("legal");
    }
    let seat = (game.to_move() + 1) % 4;
    let view = game.observation(seat);
    assert_eq!(view.validate_view(), Ok(()));
    // A card of the seat's hand said to be legal while another seat is to move.
    let mut legal = view.clone();
    legal.legal_actions = vec![Action::Play(view.hand.iter().next().expect("a card"))];
    assert_eq!(
        legal.validate_view(),
        Err(ObservationError::Mismatch {
            field: "legal_actions"
        })
    );
    // A seat off the table.
    let mut off = view.clone();
    off.seat = 9;
    assert!(matches!(
        off.validate_view(),
        Err(ObservationError::Seat { field: "seat", .. })
    ));
    // A trick whose points disagree with its cards.
    let mut points = view;
    if let Some(trick) = points.tricks.first_mut() {
        trick.points += 1;
    }
    assert!(points.validate_view().is_err());
}

/// The two-player deal of the protocol docs after a few random moves, seat to move's view.
fn midgame(moves: usize) -> Observation {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let mut game = Game::new(rules, 0, &Deal::Seed(42)).expect("deal");
    let mut rng = Rng::new(5);
    for _ in 0..moves {
        game.apply(random_action(&game, &mut rng)).expect("legal");
    }
    game.observation(game.to_move())
}

#[test]
fn observations_with_impossible_fields_are_refused() {
    let base = midgame(9);
    assert_eq!(base.validate(), Ok(()));
    let refused = |change: &dyn Fn(&mut Observation), expected: ObservationError| {
        let mut obs = base.clone();
        change(&mut obs);
        assert_eq!(obs.validate(), Err(expected), "{obs:?}");
    };
    let kd: Action = "Kd".parse().expect("action");
    assert!(!base.hand.contains("Kd".parse().expect("card")));
    refused(
        &|o| o.legal_actions = vec![kd],
        ObservationError::Mismatch {
            field: "legal_actions",
        },
    );
    refused(
        &|o| o.dealer = 5,
        ObservationError::Seat {
            field: "dealer",
            seat: 5,
            players: 2,
        },
    );
    refused(&|o| o.phase = Phase::Finished, ObservationError::Finished);
    refused(
        &|o| o.pile_points[0] += 10,
        ObservationError::Mismatch {
            field: "pile_points",
        },
    );
    refused(
        &|o| o.tricks[0].points += 1,
        ObservationError::Mismatch { field: "tricks" },
    );
    refused(
        &|o| o.pile_points[0] = u16::MAX,
        ObservationError::Mismatch {
            field: "pile_points",
        },
    );
}

#[test]
fn a_wrong_trick_winner_is_refused() {
    let base = midgame(8);
    let mut obs = base.clone();
    obs.tricks[0].winner = 1 - obs.tricks[0].winner;
    let points = obs.tricks[0].points;
    let winner = usize::from(obs.tricks[0].winner);
    obs.pile_points[winner] += points;
    obs.pile_points[1 - winner] -= points;
    assert!(obs.validate().is_err(), "{obs:?}");
}

#[test]
fn an_action_list_in_another_order_is_the_same_position() {
    let mut obs = midgame(4);
    obs.legal_actions.reverse();
    assert_eq!(obs.validate(), Ok(()));
    obs.legal_actions.push(obs.legal_actions[0]);
    assert_eq!(
        obs.validate(),
        Err(ObservationError::Mismatch {
            field: "legal_actions"
        })
    );
}

#[test]
fn cards_out_of_place_are_refused() {
    let base = midgame(5);
    let mut twice = base.clone();
    let card = base.hand.first().expect("a card");
    twice
        .current_trick
        .push(briscola::PlayView { seat: 0, card });
    assert!(matches!(
        twice.validate(),
        Err(ObservationError::SeenTwice { .. } | ObservationError::Count { .. })
    ));
    let mut short = base.clone();
    short.hand_sizes[usize::from(base.seat)] += 1;
    assert!(matches!(
        short.validate(),
        Err(ObservationError::Count { .. })
    ));
    let mut stock = base;
    stock.stock_len = u8::MAX;
    assert!(matches!(
        stock.validate(),
        Err(ObservationError::Count {
            field: "stock_len",
            ..
        })
    ));
}

#[test]
fn a_forced_raise_after_a_longer_auction_is_accepted() {
    let rules = Ruleset {
        forcing: true,
        ..Ruleset::preset(Preset::Chiamata, 5).expect("preset")
    };
    let mut game = Game::new(rules, 0, &Deal::Seed(9)).expect("deal");
    for action in ["bid K", "pass", "pass", "pass", "bid K:62", "bid K:70"] {
        game.apply(action.parse().expect("action")).expect("legal");
    }
    assert_eq!(game.observation(0).validate(), Ok(()));
    game.apply(Action::Pass).expect("legal");
    assert_eq!(game.observation(1).validate(), Ok(()));
}

/// Seat 1 of a chiamata hand after `bid K`, `pass`, `bid 2` (dealer 0, so seat 1 opened and is to move).
fn auction_in_progress() -> Observation {
    let rules = Ruleset::preset(Preset::Chiamata, 5).expect("preset");
    let mut game = Game::new(rules, 0, &Deal::Seed(3)).expect("deal");
    for action in ["bid K", "pass", "bid 2", "pass", "pass"] {
        game.apply(action.parse().expect("action")).expect("legal");
    }
    let obs = game.observation(1);
    assert_eq!(obs.validate(), Ok(()));
    obs
}

#[test]
fn the_auction_log_names_every_bid_and_pass_in_turn() {
    let obs = auction_in_progress();
    let auction = obs.auction.expect("an auction");
    let log: Vec<(u8, Option<String>)> = auction
        .log
        .iter()
        .map(|turn| (turn.seat, turn.bid.map(|b| Action::Bid(b).to_string())))
        .collect();
    let bid = |text: &str| Some(text.to_string());
    assert_eq!(
        log,
        [
            (1, bid("bid K")),
            (2, None),
            (3, bid("bid 2")),
            (4, None),
            (0, None)
        ]
    );
}

#[test]
fn an_auction_log_the_rules_cannot_give_is_refused() {
    let base = auction_in_progress();
    let edit = |change: &dyn Fn(&mut briscola::AuctionView)| {
        let mut obs = base.clone();
        change(obs.auction.as_mut().expect("an auction"));
        obs.validate()
    };
    let mismatch = Err(ObservationError::Mismatch { field: "auction" });
    // A turn given to the wrong seat.
    assert_eq!(edit(&|a| a.log[1].seat = 4), mismatch);
    // The best bid or the passes disagree with the log.
    assert_eq!(edit(&|a| a.best = a.log[0].bid.map(|b| (1, b))), mismatch);
    assert_eq!(edit(&|a| a.passed.retain(|&s| s != 4)), mismatch);
    // A pass left out of the log: the turn moves on differently.
    assert!(matches!(
        edit(&|a| {
            a.log.remove(3);
        }),
        Err(ObservationError::Mismatch { .. })
    ));
    // A bid below the one before it breaks the rules.
    let swapped = edit(&|a| a.log.swap(0, 2));
    assert!(
        matches!(swapped, Err(ObservationError::History { index: 2, .. })),
        "{swapped:?}"
    );
    // A seat outside the table.
    assert!(matches!(
        edit(&|a| a.log[0].seat = 7),
        Err(ObservationError::Seat {
            field: "auction",
            ..
        })
    ));
}
