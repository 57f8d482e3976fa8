//! Helpers shared by the engine's integration tests: card parsing, scripted deals and the list of
//! rule variants that the playout and property tests sweep.

#![allow(dead_code)] // each test crate uses a different subset of these helpers

use briscola::{
    Action, Card, CardOrder, DeckKind, ExchangeRule, FollowRule, Game, Preset, Rng, Ruleset,
    TieRule, TrumpRule,
};

/// Parses one card, panicking on a typo in the test itself.
pub fn c(text: &str) -> Card {
    text.parse()
        .unwrap_or_else(|e| panic!("bad card in test: {e}"))
}

/// Parses a space-separated list of cards.
pub fn cards(text: &str) -> Vec<Card> {
    briscola::parse_cards(text).unwrap_or_else(|e| panic!("bad cards in test: {e}"))
}

/// A full deck order that starts with `front` and continues with the rest of the ruleset's deck in
/// index order.
pub fn order_starting(rules: &Ruleset, front: &[Card]) -> Vec<Card> {
    let mut order = front.to_vec();
    for card in rules.deck_cards() {
        if !front.contains(&card) {
            order.push(card);
        }
    }
    order
}

/// A preset's default ruleset.
pub fn preset(p: Preset, players: u8) -> Ruleset {
    Ruleset::preset(p, players).unwrap_or_else(|e| panic!("{e}"))
}

/// Every preset at every player count, plus the options from the source texts.
pub fn variants() -> Vec<(String, Ruleset)> {
    let mut out = Vec::new();
    for p in Preset::ALL {
        for &n in p.player_counts() {
            out.push((format!("{p}-{n}p"), preset(p, n)));
        }
    }
    let brisca = preset(Preset::Brisca, 2);
    let briscola = preset(Preset::Briscola, 2);
    let briscolone = preset(Preset::Briscolone, 2);
    let more = [
        (
            "brisca-mano-negra",
            Ruleset {
                mano_negra: true,
                ..brisca
            },
        ),
        (
            "brisca-valencian",
            Ruleset {
                follow: FollowRule::FollowWhenStockEmpty,
                ..brisca
            },
        ),
        (
            "brisca-after-winning",
            Ruleset {
                exchange: ExchangeRule::SevenAndTwoAfterWinning,
                ..brisca
            },
        ),
        (
            "brisca-catalan",
            Ruleset {
                deck: DeckKind::Catalan,
                ..brisca
            },
        ),
        (
            "brisca-catalan-3p",
            Ruleset {
                deck: DeckKind::Catalan,
                ..preset(Preset::Brisca, 3)
            },
        ),
        (
            "brisca-rapida",
            Ruleset {
                deck: DeckKind::Rapida,
                ..brisca
            },
        ),
        (
            "brisca-rapida-4p",
            Ruleset {
                deck: DeckKind::Rapida,
                ..preset(Preset::Brisca, 4)
            },
        ),
        (
            "briscola-two-takes-trump",
            Ruleset {
                exchange: ExchangeRule::TwoBeforeFirstTrick,
                ..briscola
            },
        ),
        (
            "briscola-replay-ties",
            Ruleset {
                tie: TieRule::Replay,
                ..briscola
            },
        ),
        (
            "briscola-low-three",
            Ruleset {
                order: CardOrder::LowThree,
                ..briscola
            },
        ),
        (
            "briscola-seven-second",
            Ruleset {
                order: CardOrder::SevenSecond,
                ..briscola
            },
        ),
        (
            "bisca-dos-sete",
            Ruleset {
                hand_size: 7,
                ..preset(Preset::Bisca, 2)
            },
        ),
        (
            "bisca-dos-nove-4p",
            Ruleset {
                hand_size: 9,
                ..preset(Preset::Bisca, 4)
            },
        ),
        (
            "bisca-simplified",
            Ruleset {
                order: CardOrder::SevenSecond,
                ..preset(Preset::Bisca, 2)
            },
        ),
        (
            "bisca-4p-alone",
            Ruleset {
                partnerships: false,
                ..preset(Preset::Bisca, 4)
            },
        ),
        (
            "briscolone-follow-and-beat",
            Ruleset {
                follow: FollowRule::FollowAndBeatWhenStockEmpty,
                ..briscolone
            },
        ),
        (
            "briscolone-five-follow",
            Ruleset {
                hand_size: 5,
                follow: FollowRule::FollowAlways,
                ..briscolone
            },
        ),
        (
            "briscolone-first-card-trump",
            Ruleset {
                hand_size: 5,
                trump: TrumpRule::FirstCardPlayed,
                ..briscolone
            },
        ),
        (
            "chiamata-forcing",
            Ruleset {
                forcing: true,
                ..preset(Preset::Chiamata, 5)
            },
        ),
        (
            "briscola-4p-senas",
            Ruleset {
                senas: true,
                ..preset(Preset::Briscola, 4)
            },
        ),
        (
            "brisca-6p-senas-half-caught",
            Ruleset {
                senas: true,
                interception: 50,
                ..preset(Preset::Brisca, 6)
            },
        ),
        (
            "bisca-4p-senas-all-caught",
            Ruleset {
                senas: true,
                interception: 100,
                ..preset(Preset::Bisca, 4)
            },
        ),
        (
            "scoperta-brisca",
            Ruleset {
                exchange: ExchangeRule::SevenAndTwo,
                mano_negra: true,
                ..preset(Preset::Scoperta, 2)
            },
        ),
    ];
    for (name, rules) in more {
        rules.validate().unwrap_or_else(|e| panic!("{name}: {e}"));
        out.push((name.to_string(), rules));
    }
    out
}

/// Plays one uniformly random legal action; where señas may be made, one time in three a random
/// seña instead (the random stream of hands without señas is unchanged).
pub fn random_action(game: &Game, rng: &mut Rng) -> Action {
    let senas = game.legal_senas();
    if !senas.is_empty() && rng.below(3) == 0 {
        return Action::Signal(senas[rng.below(senas.len())]);
    }
    let actions = game.legal_actions();
    assert!(
        !actions.is_empty(),
        "no legal action in phase {:?}",
        game.phase()
    );
    actions[rng.below(actions.len())]
}
