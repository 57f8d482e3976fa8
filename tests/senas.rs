//! Señas ("Brisca con Segnali", the Italian Brisca text): the option, the free move, the chance of
//! catching one, and who learns what. Random playouts with señas and the validity checker run in
//! `playouts.rs` (the señas variants of `common::variants`).

mod common;

use briscola::{
    Action, Card, Deal, Game, IllegalAction, Match, MatchFormat, MatchRecord, OptionId,
    OptionValue, Phase, Preset, Rng, Ruleset, RulesetError, Sena, Signal,
};
use common::random_action;

fn senas(preset: Preset, players: u8, interception: u8) -> Ruleset {
    Ruleset {
        senas: true,
        interception,
        ..Ruleset::preset(preset, players).expect("preset")
    }
}

/// Every partnership preset and player count that offers señas.
fn team_tables() -> Vec<Ruleset> {
    let mut out = Vec::new();
    for preset in [Preset::Briscola, Preset::Brisca, Preset::Bisca] {
        for &players in preset.player_counts() {
            if players == 4 || players == 6 {
                out.push(senas(preset, players, Ruleset::DEFAULT_INTERCEPTION));
            }
        }
    }
    out
}

#[test]
fn senas_are_an_option_of_team_tables_only_off_by_default() {
    for preset in Preset::ALL {
        for &players in preset.player_counts() {
            let rules = Ruleset::preset(preset, players).expect("preset");
            assert!(!rules.senas, "{preset} {players}: señas are off by default");
            let offered = rules.options().iter().any(|o| o.id == OptionId::Senas);
            let teams = rules.fixed_team(0).is_some() && !rules.open_hands;
            assert_eq!(offered, teams, "{preset} with {players}");
            let on = rules.with_option(OptionId::Senas, OptionValue::Bool(true));
            assert_eq!(on.is_ok(), teams, "{preset} with {players}: {on:?}");
        }
    }
    let alone = Ruleset {
        partnerships: false,
        senas: true,
        ..Ruleset::preset(Preset::Briscola, 4).expect("preset")
    };
    assert_eq!(alone.validate(), Err(RulesetError::SenasTeams));
    let chiamata = Ruleset {
        senas: true,
        ..Ruleset::preset(Preset::Chiamata, 5).expect("preset")
    };
    assert_eq!(chiamata.validate(), Err(RulesetError::SenasTeams));
    let open = Ruleset {
        senas: true,
        ..Ruleset::preset(Preset::Scoperta, 4).expect("preset")
    };
    assert_eq!(open.validate(), Err(RulesetError::SenasOpenHands));
    let certain = senas(Preset::Brisca, 4, 101);
    assert_eq!(
        certain.validate(),
        Err(RulesetError::Interception { percent: 101 })
    );
}

#[test]
fn the_interception_option_needs_senas_and_defaults_to_one_in_four() {
    let rules = Ruleset::preset(Preset::Brisca, 4).expect("preset");
    let spec = rules
        .options()
        .into_iter()
        .find(|o| o.id == OptionId::Interception)
        .expect("offered to four players");
    assert_eq!(spec.default, OptionValue::Choice("25".to_string()));
    assert!(!spec.available, "without señas the chance does not matter");
    let on = rules
        .with_option(OptionId::Senas, OptionValue::Bool(true))
        .and_then(|r| r.with_option(OptionId::Interception, OptionValue::Choice("50".into())))
        .expect("señas at 50%");
    assert!(on.senas);
    assert_eq!(on.interception, 50);
}

#[test]
fn a_sena_is_a_free_move_once_a_trick_and_a_refusal_changes_nothing() {
    let rules = senas(Preset::Brisca, 4, 25);
    let mut game = Game::new(rules, 0, &Deal::Seed(9)).expect("deal");
    let seat = game.to_move();
    assert_eq!(game.legal_senas(), &Sena::ALL);
    game.apply(Action::Signal(Sena::Three)).expect("a seña");
    assert_eq!(game.to_move(), seat, "the turn does not pass");
    assert!(game.legal_senas().is_empty());
    let before = format!("{game:?}");
    assert_eq!(
        game.apply(Action::Signal(Sena::Ace)),
        Err(IllegalAction::SignalledThisTrick)
    );
    assert_eq!(
        format!("{game:?}"),
        before,
        "a refused seña changes nothing"
    );
    // After its card, the next trick allows another seña (the next seat may signal now).
    let card = game.legal_cards().first().expect("a card");
    game.apply(Action::Play(card)).expect("play");
    assert_eq!(game.legal_senas(), &Sena::ALL, "the next seat may signal");

    let plain = Ruleset::preset(Preset::Brisca, 4).expect("preset");
    let mut game = Game::new(plain, 0, &Deal::Seed(9)).expect("deal");
    assert!(game.legal_senas().is_empty());
    assert_eq!(
        game.apply(Action::Signal(Sena::Ace)),
        Err(IllegalAction::NoSenas)
    );
}

#[test]
fn the_text_form_reads_and_writes_senas() {
    for sena in Sena::ALL {
        let action = Action::Signal(sena);
        let text = action.to_string();
        assert_eq!(text.parse::<Action>(), Ok(action), "{text}");
        let json = serde_json::to_string(&action).expect("json");
        assert_eq!(
            serde_json::from_str::<Action>(&json).expect("tagged"),
            action
        );
    }
    assert_eq!(Action::Signal(Sena::Trumps).to_string(), "sena trumps");
    assert!("sena king".parse::<Action>().is_err());
    assert!("sena".parse::<Action>().is_err());
}

/// Plays random hands of every team table, señas made one time in three, checking at every step who
/// sees which seña: every partner sees it, an opponent only when the engine says it caught it, and
/// a seat's observation carries nothing of whether its own or its partners' señas were caught.
#[test]
fn each_seat_sees_exactly_its_own_its_partners_and_the_senas_it_caught() {
    let mut caught = 0;
    let mut missed = 0;
    for rules in team_tables() {
        let mut rng = Rng::new(5);
        for g in 0..12u64 {
            let mut game = Game::new(rules, (g % 4) as u8, &Deal::Seed(g)).expect("deal");
            while game.phase() != Phase::Finished {
                let action = random_action(&game, &mut rng);
                game.apply(action).expect("legal");
                for seat in 0..rules.players {
                    let seen = game.observation(seat).signals;
                    let expected: Vec<&Signal> = game
                        .signals()
                        .iter()
                        .filter(|s| {
                            rules.fixed_team(s.seat) == rules.fixed_team(seat)
                                || s.caught_by & (1 << seat) != 0
                        })
                        .collect();
                    assert_eq!(seen.len(), expected.len(), "{rules:?} seat {seat}");
                    for (v, s) in seen.iter().zip(expected) {
                        assert_eq!(
                            (v.seat, v.sena, v.plays_before),
                            (s.seat, s.sena, s.plays_before)
                        );
                    }
                }
            }
            for s in game.signals() {
                for o in 0..rules.players {
                    if rules.fixed_team(o) != rules.fixed_team(s.seat) {
                        if s.caught_by & (1 << o) != 0 {
                            caught += 1;
                        } else {
                            missed += 1;
                        }
                    }
                }
            }
        }
    }
    // The default chance is one in four; both outcomes happen.
    let rate = f64::from(caught) / f64::from(caught + missed);
    assert!(
        (0.18..0.32).contains(&rate),
        "caught {caught}, missed {missed}"
    );
}

#[test]
fn an_observation_is_the_same_whether_or_not_a_partners_sena_was_caught() {
    // Two tables alike but for the chance of catching: the signaller's partners see the same.
    for (never, always) in [
        (
            senas(Preset::Briscola, 4, 0),
            senas(Preset::Briscola, 4, 100),
        ),
        (senas(Preset::Brisca, 6, 0), senas(Preset::Brisca, 6, 100)),
    ] {
        let mut a = Game::new(never, 0, &Deal::Seed(3)).expect("deal");
        let mut b = Game::new(always, 0, &Deal::Seed(3)).expect("deal");
        let seat = a.to_move();
        a.apply(Action::Signal(Sena::Ace)).expect("seña");
        b.apply(Action::Signal(Sena::Ace)).expect("seña");
        for s in 0..never.players {
            let (oa, ob) = (a.observation(s), b.observation(s));
            if never.fixed_team(s) == never.fixed_team(seat) {
                assert_eq!(oa.signals, ob.signals, "seat {s} is a partner");
            } else {
                assert!(oa.signals.is_empty(), "nobody caught it at 0%");
                assert_eq!(ob.signals.len(), 1, "everybody caught it at 100%");
            }
        }
    }
}

#[test]
fn catches_come_from_the_deal_so_a_seed_and_its_order_and_a_renumbered_record_agree() {
    let rules = senas(Preset::Brisca, 4, 50);
    let format = MatchFormat::usual(&rules);
    let mut rng = Rng::new(11);
    let mut m = Match::new(rules, format, 1, 77).expect("match");
    while m.outcome().is_none() {
        if m.awaiting_next_hand() {
            m.next_hand().expect("next hand");
            continue;
        }
        let action = random_action(m.game(), &mut rng);
        m.apply(action).expect("legal");
    }
    let record = m.record();
    let signals: usize = record
        .hands
        .iter()
        .map(|h| {
            h.actions
                .iter()
                .filter(|a| matches!(a, Action::Signal(_)))
                .count()
        })
        .sum();
    assert!(signals > 0, "the random players made señas");
    // The record replays (through its JSON) to the same catches.
    let json = serde_json::to_string(&record).expect("json");
    let read = MatchRecord::from_json(&json).expect("read back");
    let replayed = read.replay().expect("replays");
    assert_eq!(replayed.game().signals(), m.game().signals());
    // Renumbered around the table, the same señas are caught by the same players.
    for seat in 0..4 {
        let turned = record.seen_from(seat).replay().expect("renumbered replays");
        let back: Vec<(u8, u8)> = turned
            .game()
            .signals()
            .iter()
            .map(|s| ((s.seat + seat) % 4, unturn(s.caught_by, seat)))
            .collect();
        let original: Vec<(u8, u8)> = m
            .game()
            .signals()
            .iter()
            .map(|s| (s.seat, s.caught_by))
            .collect();
        assert_eq!(back, original, "seen from seat {seat}");
    }
    // A deal by seed and the same deck order catch alike.
    let order = Game::seed_order(&rules, 5);
    let mut by_seed = Game::new(rules, 0, &Deal::Seed(5)).expect("deal");
    let mut by_order = Game::new(rules, 0, &Deal::Order(order)).expect("deal");
    for _ in 0..8 {
        let sena = Action::Signal(Sena::Trumps);
        by_seed.apply(sena).expect("seña");
        by_order.apply(sena).expect("seña");
        let card: Card = by_seed.legal_cards().first().expect("card");
        by_seed.apply(Action::Play(card)).expect("play");
        by_order.apply(Action::Play(card)).expect("play");
    }
    assert_eq!(by_seed.signals(), by_order.signals());
}

/// A seat mask of a record renumbered from `seat` (seat `s` became `s - seat`), in the original numbers.
fn unturn(mask: u8, seat: u8) -> u8 {
    (0..4u8)
        .filter(|t| mask & (1 << t) != 0)
        .fold(0, |acc, t| acc | 1 << ((t + seat) % 4))
}

#[test]
fn an_observation_with_senas_validates_and_a_forged_one_does_not() {
    let rules = senas(Preset::Briscola, 4, 100);
    let mut game = Game::new(rules, 0, &Deal::Seed(21)).expect("deal");
    let signaller = game.to_move();
    game.apply(Action::Signal(Sena::Ace)).expect("seña");
    let card = game.legal_cards().first().expect("card");
    game.apply(Action::Play(card)).expect("play");
    let opponent = game.to_move();
    let obs = game.observation(opponent);
    assert_eq!(obs.signals.len(), 1, "caught at 100%");
    obs.validate().expect("a real position validates");
    // A seña by a seat that was not to move, or a second one in the trick, is refused.
    let mut forged = obs.clone();
    forged.signals[0].seat = (signaller + 2) % 4;
    assert!(forged.validate().is_err());
    let mut twice = obs.clone();
    twice.signals.push(twice.signals[0]);
    assert!(twice.validate().is_err());
    // Señas the seat may make must be the rules'.
    let mut offered = obs;
    offered.legal_senas.clear();
    assert!(offered.validate().is_err());
}
