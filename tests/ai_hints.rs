//! The hints every level gives in hand-built positions: the trump exchange and mano negra suggested
//! with their reason when they are the best action, and Hard's hint quoting its search around the
//! heuristic reason for its card. (The table of card-play reasons, one position per reason with the
//! claim it may make, is in `src/ai/hint.rs`'s tests.)

use briscola::ai::{self, AgentConfig, Budget, HintReason, Level};
use briscola::{
    Action, Card, Deal, Game, HandOutcome, Match, MatchFormat, Phase, Preset, Ruleset, parse_cards,
};

fn card(text: &str) -> Card {
    text.parse().expect("card")
}

/// A two-player game dealt by seat 0 from `top` (seat 1 gets the 1st, 3rd and 5th cards, seat 0 the
/// 2nd, 4th and 6th, the 7th is turned up), the rest of the deck after it in index order.
fn dealt(rules: Ruleset, top: &str) -> Game {
    let mut order = parse_cards(top).expect("cards");
    for c in rules.deck_cards() {
        if !order.contains(&c) {
            order.push(c);
        }
    }
    Game::new(rules, 0, &Deal::Order(order)).expect("deal")
}

fn choose(level: Level, game: &Game, seed: u64) -> ai::Decision {
    let config = AgentConfig {
        budget: Budget::worlds(40),
        ..AgentConfig::new(level, seed)
    };
    ai::agent_with(config).choose(&game.observation(game.to_move()))
}

#[test]
fn the_brisca_exchange_is_suggested_with_its_reason() {
    // Seat 1 leads holding the 7 of coins; the king of coins is turned up.
    let game = dealt(
        Ruleset::preset(Preset::Brisca, 2).expect("preset"),
        "7d 4b 5c 5b 6c 6b Kd",
    );
    for level in Level::ALL {
        let d = choose(level, &game, 1);
        assert_eq!(d.action, Action::Exchange(card("7d")), "{level}");
        assert_eq!(
            d.hint,
            HintReason::Exchange {
                gave: card("7d"),
                took: card("Kd")
            },
            "{level}"
        );
    }
    assert_eq!(
        choose(Level::Hard, &game, 1).hint.to_string(),
        "Swap the seven of coins for the face-up king of coins: a stronger trump for a weaker one"
    );
}

#[test]
fn mano_negra_is_suggested_with_its_reason() {
    // Seat 1 (first to play) holds the ace, three and king of coins, the trump suit.
    let rules = Ruleset {
        mano_negra: true,
        ..Ruleset::preset(Preset::Briscola, 2).expect("preset")
    };
    let game = dealt(rules, "Ad Ac 3d 3c Kd Kc 2d");
    for level in Level::ALL {
        let d = choose(level, &game, 1);
        assert_eq!(d.action, Action::ManoNegra, "{level}");
        assert_eq!(d.hint, HintReason::ManoNegra, "{level}");
    }
}

#[test]
fn hard_quotes_its_search_around_the_reason_for_its_card() {
    // Every Hard decision of a two-player hand with a choice of cards: the reason for the card it
    // plays and the share of the deals it tried (once the stock is gone, the one world card counting
    // leaves, solved exactly) that its side wins after the card — never how many deals. Hard
    // plays both seats, so from the first exactly solved decision on, the quoted outcome (0 or 100%,
    // under best play by both) is the hand's.
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let mut game = Game::new(rules, 0, &Deal::Seed(5)).expect("deal");
    let (mut searched, mut exact) = (0, 0);
    let mut promised: Option<(u8, bool)> = None;
    while game.phase() == Phase::Playing {
        let d = choose(Level::Hard, &game, 7);
        let choices = game.legal_cards().len();
        match &d.hint {
            HintReason::SearchedWins { why, win_percent } => {
                assert!(choices > 1, "{}", d.hint);
                assert!(*win_percent <= 100, "{}", d.hint);
                assert!(
                    !matches!(**why, HintReason::SearchedWins { .. }),
                    "{}",
                    d.hint
                );
                if let Some(named) = HintReason::card(why) {
                    assert_eq!(d.action, Action::Play(named), "{}", d.hint);
                }
                if game.stock_len() == 0 {
                    // Exact endgame search: card counting leaves one world, won or not.
                    assert!(*win_percent == 0 || *win_percent == 100, "{}", d.hint);
                    promised.get_or_insert((game.to_move(), *win_percent == 100));
                    exact += 1;
                }
                searched += 1;
            }
            other => assert_eq!(choices, 1, "{other}"),
        }
        game.apply(d.action).expect("legal");
    }
    assert!(searched >= 15 && exact >= 2, "{searched} {exact}");
    let (seat, wins) = promised.expect("an exact decision");
    let result = game.result().expect("over");
    let won = matches!(result.outcome, HandOutcome::Won { side } if result.side_of(seat) == Some(usize::from(side)));
    assert_eq!(won, wins, "seat {seat} was promised {wins}: {result:?}");
    // Medium keeps the heuristic reasons.
    let game = Game::new(rules, 0, &Deal::Seed(5)).expect("deal");
    let d = choose(Level::Medium, &game, 7);
    assert!(HintReason::card(&d.hint).is_some(), "{}", d.hint);
}

/// Hard's quote for the seat to move, at the stakes of `format` (a fresh match).
fn hard_quote(game: &Game, format: MatchFormat) -> HintReason {
    let stakes = Match::new(*game.rules(), format, 0, 1)
        .expect("match")
        .stakes();
    let config = AgentConfig {
        budget: Budget::worlds(40),
        stakes,
        ..AgentConfig::new(Level::Hard, 3)
    };
    ai::agent_with(config)
        .choose(&game.observation(game.to_move()))
        .hint
}

#[test]
fn hards_win_share_is_known_once_the_hand_is_decided() {
    // Two-player hands played by Medium until one side holds 61 card points with the stock not yet
    // empty: from then on every deal Hard tries is won by that side, whatever it plays, so its quote
    // is exactly 100% for that side and 0% for the other — through the playouts, and with the stock
    // gone, through exact search. In a card-points match a hand is not won or lost: Hard says where
    // its card did best instead.
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let (mut playouts, mut solved) = (0, 0);
    for seed in 0..40 {
        let mut game = Game::new(rules, 0, &Deal::Seed(seed)).expect("deal");
        while game.phase() == Phase::Playing {
            let leader = (0..2u8).find(|&s| game.pile_points(s) > 60);
            if let Some(leader) = leader
                && game.legal_cards().len() > 1
            {
                let want = if game.to_move() == leader { 100 } else { 0 };
                match hard_quote(&game, MatchFormat::SingleHand) {
                    HintReason::SearchedWins { win_percent, .. } => {
                        assert_eq!(win_percent, want, "seed {seed}")
                    }
                    other => panic!("seed {seed}: {other}"),
                }
                let card_points = hard_quote(&game, MatchFormat::CardPoints { target: 121 });
                assert!(
                    matches!(card_points, HintReason::Searched { .. }),
                    "{card_points}"
                );
                if game.stock_len() > 0 {
                    playouts += 1;
                } else {
                    solved += 1;
                }
            }
            let d = choose(Level::Medium, &game, seed);
            game.apply(d.action).expect("legal");
        }
    }
    assert!(playouts >= 5 && solved >= 5, "{playouts} {solved}");
}
