//! What the levels do in hand-built positions: Medium leads low, wins a valuable trick with the cheapest
//! winner, does not trump an empty trick, feeds a partner who holds the trick safely, and plays the end
//! of a two-player hand exactly (checked against a brute-force minimax). Hints name the points at stake.

use briscola::ai::{self, AgentConfig, Budget, HintReason, Level};
use briscola::{
    Action, Card, Deal, Game, HandOutcome, Match, MatchFormat, Observation, Phase, Preset, Ruleset,
    parse_cards,
};

fn card(text: &str) -> Card {
    text.parse().expect("card")
}

/// A game dealt from `first` (the top of the deck), the rest of the deck after it in index order.
fn dealt(rules: Ruleset, dealer: u8, first: &str) -> Game {
    let mut order = parse_cards(first).expect("cards");
    for c in rules.deck_cards() {
        if !order.contains(&c) {
            order.push(c);
        }
    }
    Game::new(rules, dealer, &Deal::Order(order)).expect("deal")
}

fn two_player() -> Ruleset {
    Ruleset::preset(Preset::Briscola, 2).expect("preset")
}

/// Seat 1 gets 4c Ac Ks, seat 0 gets 2d Kd 5s; the 7d is turned up (coins are trumps).
fn opening() -> Game {
    dealt(two_player(), 0, "4c 2d Ac Kd Ks 5s 7d")
}

/// The decision of `level` (Hard with a fixed world budget, so the test never depends on timing).
fn choose(level: Level, game: &Game) -> ai::Decision {
    let config = AgentConfig {
        budget: Budget::worlds(100),
        ..AgentConfig::new(level, 1)
    };
    ai::agent_with(config).choose(&game.observation(game.to_move()))
}

#[test]
fn medium_leads_a_worthless_card() {
    let d = choose(Level::Medium, &opening());
    assert_eq!(d.action, Action::Play(card("4c")), "{}", d.hint);
    assert_eq!(
        d.hint,
        HintReason::LeadWorthless {
            card: card("4c"),
            risk: 11
        }
    );
}

#[test]
fn medium_trumps_an_ace_with_its_cheapest_trump() {
    let mut game = opening();
    game.apply(Action::Play(card("Ac"))).expect("legal");
    let d = choose(Level::Medium, &game);
    assert_eq!(d.action, Action::Play(card("2d")), "{}", d.hint);
    assert_eq!(
        d.hint,
        HintReason::TrumpIt {
            card: card("2d"),
            stake: 11
        }
    );
    // Hard also takes the ace, with a trump of its choosing (banking the king's 4 points is sound).
    let d = choose(Level::Hard, &game);
    assert!(
        [Action::Play(card("2d")), Action::Play(card("Kd"))].contains(&d.action),
        "{}",
        d.hint
    );
}

#[test]
fn medium_does_not_trump_an_empty_trick() {
    let mut game = opening();
    game.apply(Action::Play(card("4c"))).expect("legal");
    let d = choose(Level::Medium, &game);
    assert_eq!(d.action, Action::Play(card("5s")), "{}", d.hint);
}

#[test]
fn medium_feeds_a_partner_holding_the_trick_and_never_overtakes_him() {
    // Four players, dealer 3: seat 0 leads. Seat 0: Ab 4d 5d; seat 1: 4s 6d 7s; seat 2: 3c 5s Jd;
    // seat 3: 2c 6s Qd. Clubs are trumps (7b turned up).
    let rules = Ruleset::preset(Preset::Briscola, 4).expect("preset");
    let mut game = dealt(rules, 3, "Ab 4s 3c 2c 4d 6d 5s 6s 5d 7s Jd Qd 7b");
    game.apply(Action::Play(card("Ab"))).expect("legal");
    game.apply(Action::Play(card("4s"))).expect("legal");
    // The ace of trumps cannot be beaten: seat 2 gives its partner the 3 of cups (10 points).
    let d = choose(Level::Medium, &game);
    assert_eq!(d.action, Action::Play(card("3c")), "{}", d.hint);
    assert_eq!(
        d.hint,
        HintReason::FeedPartner {
            card: card("3c"),
            points: 10
        }
    );
}

/// Plays hand `deal` of `rules` with `walker` agents in every seat, showing `visit` each position first.
fn walk(rules: Ruleset, deal: u64, walker: Level, mut visit: impl FnMut(&Game, &Observation)) {
    let mut game = Game::new(rules, 0, &Deal::Seed(deal)).expect("deal");
    let mut agent = ai::agent(walker, deal);
    while game.phase() == Phase::Playing {
        let obs = game.observation(game.to_move());
        visit(&game, &obs);
        let d = agent.choose(&obs);
        game.apply(d.action).expect("legal");
    }
}

/// Outcome class (loss 0, draw 1, win 2) and points of `seat`'s side, under best play by both.
fn minimax(game: &Game, seat: u8) -> (u8, u16) {
    if game.phase() == Phase::Finished {
        let result = game.result().expect("finished");
        let mine = result.side_of(seat).expect("seated");
        let class = match result.outcome {
            HandOutcome::Won { side } if usize::from(side) == mine => 2,
            HandOutcome::Won { .. } => 0,
            _ => 1,
        };
        return (class, result.side_points[mine]);
    }
    let values = game.legal_cards().iter().map(|c| {
        let mut child = game.clone();
        child.apply(Action::Play(c)).expect("legal");
        minimax(&child, seat)
    });
    if game.to_move() == seat {
        values.max().expect("a legal card")
    } else {
        values.min().expect("a legal card")
    }
}

#[test]
fn medium_and_hard_play_two_player_endgames_exactly() {
    let mut checked = 0;
    for preset in [
        Preset::Briscola,
        Preset::Brisca,
        Preset::Bisca,
        Preset::Dupla,
    ] {
        let rules = Ruleset::preset(preset, 2).expect("preset");
        for deal in 0..12 {
            walk(rules, deal, Level::Easy, |game, obs| {
                let seat = obs.seat;
                if game.stock_len() == 0 && game.legal_cards().len() > 1 {
                    let best = minimax(game, seat);
                    for level in [Level::Medium, Level::Hard] {
                        let config = AgentConfig {
                            budget: Budget::worlds(50),
                            ..AgentConfig::new(level, 3)
                        };
                        let d = ai::agent_with(config).choose(obs);
                        let Action::Play(c) = d.action else {
                            panic!("{level} did not play a card")
                        };
                        let mut child = game.clone();
                        child.apply(Action::Play(c)).expect("legal");
                        assert_eq!(minimax(&child, seat), best, "{preset} {level} deal {deal}");
                        checked += 1;
                    }
                }
            });
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn chiamata_strong_hands_bid_and_the_call_is_a_card_not_held() {
    let rules = Ruleset::preset(Preset::Chiamata, 5).expect("preset");
    // Seat 1 bids first (dealer 0) and holds the ace, three, king, knight and jack of coins.
    let mut order = Vec::new();
    let strong = parse_cards("Ad 3d Kd Qd Jd 4s 5s 6s").expect("cards");
    let mut rest = rules.deck_cards().iter().filter(|c| !strong.contains(c));
    for i in 0..40 {
        let card = if i % 5 == 0 {
            strong[i / 5]
        } else {
            rest.next().expect("enough cards")
        };
        order.push(card);
    }
    let mut game = Game::new(rules, 0, &Deal::Order(order)).expect("deal");
    let d = choose(Level::Medium, &game);
    assert!(
        matches!(d.action, Action::Bid(_)),
        "{}: {}",
        d.action,
        d.hint
    );
    // Play the auction out with Medium everywhere and check the call.
    while game.phase() == Phase::Bidding {
        let d = choose(Level::Medium, &game);
        game.apply(d.action).expect("legal");
    }
    if game.phase() == Phase::Calling {
        let seat = game.to_move();
        let obs = game.observation(seat);
        let d = choose(Level::Medium, &game);
        let Action::Call(called) = d.action else {
            panic!("{} is not a call", d.action)
        };
        let any_not_held = obs.legal_actions.iter().any(|a| match a {
            Action::Call(c) => !obs.hand.contains(*c),
            _ => false,
        });
        assert!(!any_not_held || !obs.hand.contains(called), "{}", d.hint);
        if seat == 1 {
            assert_eq!(called.suit(), card("Ad").suit(), "{}", d.hint);
        }
    }
}

#[test]
fn a_kept_ace_of_trumps_is_explained() {
    // Seat 1 leads the 4 of swords; seat 0 holds the ace of coins (trumps: the 7d is turned up), the
    // 5 of cups and the 2 of swords, and the three of coins is unseen. Medium gives up the empty trick
    // and says why it keeps the ace.
    let mut game = dealt(two_player(), 0, "4s Ad 6c 5c 7s 2s 7d");
    game.apply(Action::Play(card("4s"))).expect("legal");
    let d = choose(Level::Medium, &game);
    assert!(
        matches!(d.action, Action::Play(c) if c != card("Ad")),
        "{}",
        d.action
    );
    assert_eq!(
        d.hint,
        HintReason::KeepTrump {
            card: match d.action {
                Action::Play(c) => c,
                other => panic!("{other}"),
            },
            kept: card("Ad"),
            threat: card("3d")
        }
    );
    assert!(
        d.hint
            .to_string()
            .ends_with("and keep the ace of coins: the three of coins is still out"),
        "{}",
        d.hint
    );
}

/// `seat`'s side's card points under best play by both, when only card points count.
fn points_minimax(game: &Game, seat: u8) -> u16 {
    if game.phase() == Phase::Finished {
        let result = game.result().expect("finished");
        return result.side_points[result.side_of(seat).expect("seated")];
    }
    let values = game.legal_cards().iter().map(|c| {
        let mut child = game.clone();
        child.apply(Action::Play(c)).expect("legal");
        points_minimax(&child, seat)
    });
    if game.to_move() == seat {
        values.max().expect("a legal card")
    } else {
        values.min().expect("a legal card")
    }
}

/// The stakes of a match of card points to 1,000 (far away: every point counts, the hand does not).
fn card_point_stakes(rules: Ruleset) -> briscola::Stakes {
    Match::new(rules, MatchFormat::CardPoints { target: 1000 }, 0, 1)
        .expect("match")
        .stakes()
}

#[test]
fn hard_keeps_every_point_in_a_match_of_card_points() {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let mut checked = 0;
    for deal in 0..40 {
        walk(rules, deal, Level::Easy, |game, obs| {
            if game.stock_len() == 0 && game.legal_cards().len() > 1 {
                let config = AgentConfig {
                    budget: Budget::worlds(20),
                    stakes: card_point_stakes(rules),
                    ..AgentConfig::new(Level::Hard, 3)
                };
                let Action::Play(c) = ai::agent_with(config).choose(obs).action else {
                    panic!("Hard did not play a card")
                };
                let mut child = game.clone();
                child.apply(Action::Play(c)).expect("legal");
                assert_eq!(
                    points_minimax(&child, obs.seat),
                    points_minimax(game, obs.seat),
                    "deal {deal}"
                );
                checked += 1;
            }
        });
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn hard_decides_by_the_match_stakes() {
    // Early in the hand the stakes change what is worth risking: a hand played for itself values the
    // chance of 61, a match of card points only the expected points. Some decisions must differ.
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let (mut compared, mut differ) = (0, 0);
    // Ten deals at 16 worlds: Hard's playouts search exactly from two stock cards, slow in a debug
    // build, and one decision that changes is all this needs.
    for deal in 0..10 {
        walk(rules, deal, Level::Medium, |game, obs| {
            if game.stock_len() > 0 && game.legal_cards().len() > 1 {
                let hand = AgentConfig {
                    budget: Budget::worlds(16),
                    ..AgentConfig::new(Level::Hard, 5)
                };
                let matched = AgentConfig {
                    stakes: card_point_stakes(rules),
                    ..hand
                };
                let a = ai::agent_with(hand).choose(obs).action;
                let b = ai::agent_with(matched).choose(obs).action;
                compared += 1;
                differ += usize::from(a != b);
            }
        });
    }
    assert!(compared > 100, "{compared}");
    assert!(
        differ > 0,
        "the stakes never changed a decision in {compared}"
    );
}
