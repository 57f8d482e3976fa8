//! What the levels do in hand-built positions: Medium leads low, wins a valuable trick with the cheapest
//! winner, does not trump an empty trick, feeds a partner who holds the trick safely, and plays the end
//! of a two-player hand exactly (checked against a brute-force minimax). Hints name the points at stake.

use briscola::ai::{self, Level};
use briscola::{Action, Card, Deal, Game, HandOutcome, Phase, Preset, Ruleset, parse_cards};

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

fn choose(level: Level, game: &Game) -> ai::Decision {
    ai::agent(level, 1).choose(&game.observation(game.to_move()))
}

#[test]
fn medium_leads_a_worthless_card() {
    let d = choose(Level::Medium, &opening());
    assert_eq!(d.action, Action::Play(card("4c")), "{}", d.hint);
    assert!(d.hint.contains("worthless"), "{}", d.hint);
}

#[test]
fn medium_trumps_an_ace_with_its_cheapest_trump() {
    let mut game = opening();
    game.apply(Action::Play(card("Ac"))).expect("legal");
    for level in [Level::Medium, Level::Hard] {
        let d = choose(level, &game);
        assert_eq!(d.action, Action::Play(card("2d")), "{level}: {}", d.hint);
        assert!(d.hint.contains("11 points"), "{}", d.hint);
    }
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
    assert!(d.hint.contains("partner"), "{}", d.hint);
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
            let mut game = Game::new(rules, 0, &Deal::Seed(deal)).expect("deal");
            let mut walker = ai::agent(Level::Easy, deal);
            while game.phase() == Phase::Playing {
                let seat = game.to_move();
                let obs = game.observation(seat);
                if game.stock_len() == 0 && game.legal_cards().len() > 1 {
                    let best = minimax(&game, seat);
                    for level in [Level::Medium, Level::Hard] {
                        let d = ai::agent(level, 3).choose(&obs);
                        let Action::Play(c) = d.action else {
                            panic!("{level} did not play a card")
                        };
                        let mut child = game.clone();
                        child.apply(Action::Play(c)).expect("legal");
                        assert_eq!(minimax(&child, seat), best, "{preset} {level} deal {deal}");
                        checked += 1;
                    }
                }
                let d = walker.choose(&obs);
                game.apply(d.action).expect("legal");
            }
        }
    }
    assert!(checked > 100, "{checked}");
}
