//! Every level plays whole hands of every preset and of rule variants (Valencian follow rules, mano
//! negra, the other exchange rules, a first-card trump, other decks), and every action it chooses is
//! accepted by the checked `Game::apply`. Hints are never empty.

use briscola::ai::{self, AgentConfig, Budget, Level};
use briscola::{
    Action, Deal, DeckKind, ExchangeRule, FollowRule, Game, Phase, Preset, Ruleset, TrumpRule,
};

fn rulesets() -> Vec<(String, Ruleset)> {
    let mut all = Vec::new();
    for preset in Preset::ALL {
        for &n in preset.player_counts() {
            let rules = Ruleset::preset(preset, n).expect("preset");
            all.push((format!("{preset}-{n}p"), rules));
        }
    }
    let base = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let brisca = Ruleset::preset(Preset::Brisca, 2).expect("preset");
    let variants = [
        (
            "valencian-mano-negra",
            Ruleset {
                follow: FollowRule::FollowWhenStockEmpty,
                mano_negra: true,
                exchange: ExchangeRule::TwoBeforeFirstTrick,
                ..base
            },
        ),
        (
            "follow-and-beat",
            Ruleset {
                follow: FollowRule::FollowAndBeatWhenStockEmpty,
                exchange: ExchangeRule::SevenAndTwoAfterWinning,
                mano_negra: true,
                ..brisca
            },
        ),
        (
            "follow-always-4p",
            Ruleset {
                follow: FollowRule::FollowAlways,
                ..Ruleset::preset(Preset::Brisca, 4).expect("preset")
            },
        ),
        (
            "first-card-trump",
            Ruleset {
                trump: TrumpRule::FirstCardPlayed,
                ..Ruleset::preset(Preset::Briscolone, 2).expect("preset")
            },
        ),
        (
            "catalan-3p",
            Ruleset {
                deck: DeckKind::Catalan,
                ..Ruleset::preset(Preset::Brisca, 3).expect("preset")
            },
        ),
        (
            "rapida-2p",
            Ruleset {
                deck: DeckKind::Rapida,
                ..base
            },
        ),
        (
            "chiamata-forcing",
            Ruleset {
                forcing: true,
                ..Ruleset::preset(Preset::Chiamata, 5).expect("preset")
            },
        ),
    ];
    for (name, rules) in variants {
        rules.validate().expect(name);
        all.push((name.to_string(), rules));
    }
    all
}

fn config(level: Level, seed: u64) -> AgentConfig {
    AgentConfig {
        budget: Budget::worlds(3),
        ..AgentConfig::new(level, seed)
    }
}

/// Plays one hand with the given level at each seat; panics on an illegal action.
fn play(rules: Ruleset, levels: &[Level], deal: u64) -> Game {
    let mut game = Game::new(
        rules,
        (deal % u64::from(rules.players)) as u8,
        &Deal::Seed(deal),
    )
    .expect("deal");
    let mut agents: Vec<_> = (0..rules.players)
        .map(|s| {
            ai::agent_with(config(
                levels[usize::from(s) % levels.len()],
                deal * 10 + u64::from(s),
            ))
        })
        .collect();
    let mut steps = 0;
    while game.phase() != Phase::Finished {
        let seat = game.to_move();
        let obs = game.observation(seat);
        let decision = agents[usize::from(seat)].choose(&obs);
        assert_ne!(
            decision.hint,
            ai::HintReason::NothingToDo,
            "a seat to move always has something to do"
        );
        assert!(
            obs.allows(&decision.action),
            "{:?} chose {} not in {:?}",
            levels,
            decision.action,
            obs.legal_actions
        );
        if let Err(e) = game.apply(decision.action) {
            panic!("{levels:?} chose an illegal {}: {e}", decision.action);
        }
        steps += 1;
        assert!(steps < 500, "the hand does not end");
    }
    game
}

#[test]
fn every_level_plays_every_ruleset_legally() {
    for (name, rules) in rulesets() {
        for level in Level::ALL {
            let games = if level == Level::Hard { 2 } else { 6 };
            for deal in 0..games {
                let game = play(rules, &[level], deal);
                assert!(game.result().is_some(), "{name} {level}");
            }
        }
        // Mixed tables.
        for deal in 0..3 {
            play(
                rules,
                &[Level::Easy, Level::Medium, Level::Hard],
                100 + deal,
            );
        }
    }
}

#[test]
fn chiamata_auctions_end_with_a_call_or_all_passing() {
    let rules = Ruleset::preset(Preset::Chiamata, 5).expect("preset");
    let mut called = 0;
    for deal in 0..20 {
        let game = play(rules, &[Level::Medium], deal);
        let result = game.result().expect("finished");
        if result.chiamata.is_some() {
            called += 1;
        }
    }
    // The heuristic auction must produce contracts, not pass every hand out.
    assert!(called >= 15, "only {called} of 20 hands had a contract");
}

#[test]
fn mano_negra_is_declared_when_held() {
    // Seat 1 (first to play) is dealt Ad 3d Kd; the face-up trump is a coin.
    let rules = Ruleset {
        mano_negra: true,
        ..Ruleset::preset(Preset::Briscola, 2).expect("preset")
    };
    let mut order: Vec<briscola::Card> =
        briscola::parse_cards("Ad Ac 3d 3c Kd Kc 2d").expect("cards");
    for c in rules.deck_cards() {
        if !order.contains(&c) {
            order.push(c);
        }
    }
    let game = Game::new(rules, 0, &Deal::Order(order)).expect("deal");
    for level in Level::ALL {
        let decision = ai::agent(level, 1).choose(&game.observation(1));
        assert_eq!(decision.action, Action::ManoNegra, "{level}");
    }
}
