//! The table of options: for each, the presets and player counts that offer it, what it needs, the
//! source text it follows and how it reads and writes the ruleset ([`Access`]).

use serde::Serialize;

use super::choice::{Access, Choice, choice_value};
use super::{OptionId, OptionKind, OptionValue, Requirement};
use crate::Suit;
use crate::ruleset::{
    CardOrder, DeckKind, ExchangeRule, FollowRule, Preset, Ruleset, TieRule, TrumpRule,
};

/// The values another option must have, written when asked (they are named by serde).
type NeededValues = fn() -> Vec<OptionValue>;

/// Brisca's exchange timing, named for the option (the rule itself is an [`ExchangeRule`]).
#[derive(Clone, Copy, Serialize)]
#[serde(rename_all = "kebab-case")]
enum ExchangeTiming {
    /// On any turn: [`ExchangeRule::SevenAndTwo`].
    AnyTurn,
    /// Only after winning a trick: [`ExchangeRule::SevenAndTwoAfterWinning`].
    AfterWinning,
}

/// One option's static description.
pub(super) struct Def {
    pub id: OptionId,
    pub summary: &'static str,
    pub presets: &'static [Preset],
    /// Player counts; empty for every count of the preset.
    pub players: &'static [u8],
    /// Other options and the values they need.
    pub requires: &'static [(OptionId, NeededValues)],
    pub source: &'static str,
    pub access: Access,
}

const CLASSIC: &[Preset] = &[
    Preset::Briscola,
    Preset::Brisca,
    Preset::Bisca,
    Preset::Scoperta,
];

/// The presets whose four- and six-player tables may play in fixed teams with hidden hands: where
/// señas are offered.
const TEAM_TABLES: &[Preset] = &[Preset::Briscola, Preset::Brisca, Preset::Bisca];

/// The description of every option, in [`OptionId::ALL`] order.
pub(super) const DEFS: [Def; 17] = [
    Def {
        id: OptionId::Partnerships,
        summary: "with 4 or 6 players: fixed teams (seats alternate) instead of everyone alone",
        presets: CLASSIC,
        players: &[4, 6],
        requires: &[],
        source: "Bisca text: four players \"individualmente o en parejas\"",
        access: Access::Bool {
            get: |r| Some(r.partnerships),
            set: |r, on| r.partnerships = on,
        },
    },
    Def {
        id: OptionId::Deck,
        summary: "standard (40 cards), catalan (48: adds 8s and 9s worth 0), rapida (20: aces, threes, courts)",
        presets: &[Preset::Brisca],
        players: &[],
        requires: &[],
        source: "Italian Brisca text: Brisca Catalana (48 cards), Brisca rápida (20 cards)",
        access: Access::Choice(&Choice {
            values: &[DeckKind::Standard, DeckKind::Catalan, DeckKind::Rapida],
            get: |r| Some(r.deck),
            set: |r, v| r.deck = v,
        }),
    },
    Def {
        id: OptionId::RemovedTwo,
        summary: "three players: the 2 that leaves the deck so that it deals evenly",
        presets: CLASSIC,
        players: &[3],
        requires: &[(OptionId::Deck, || vec![choice_value(DeckKind::Standard)])],
        source: "cardgames.io text: \"el dos de oros\"; Briscola text: \"un solo dos\"",
        access: Access::Choice(&Choice {
            values: &Suit::ALL,
            get: |r| Some(r.removed_two),
            set: |r, v| r.removed_two = v,
        }),
    },
    Def {
        id: OptionId::Order,
        summary: "rank order: classic (A 3 K Q J 7…), seven-second (A 7 K Q J…), low-three (the three ranks low, still worth 10)",
        presets: &[Preset::Briscola],
        players: &[],
        requires: &[],
        source: "Briscola text: the seven replaces the three (Piedmont, Sardinia); \"el tres se clasifica como un tres\"",
        access: Access::Choice(&Choice {
            values: &[
                CardOrder::Classic,
                CardOrder::SevenSecond,
                CardOrder::LowThree,
            ],
            get: |r| match r.order {
                CardOrder::Bisca => None,
                order => Some(order),
            },
            set: |r, v| r.order = v,
        }),
    },
    Def {
        id: OptionId::SimplifiedOrder,
        summary: "the simplified order A 7 K Q J instead of A 7 K J Q",
        presets: &[Preset::Bisca],
        players: &[],
        requires: &[],
        source: "Bisca text: the simplified order A 7 K Q J",
        access: Access::Bool {
            get: |r| match r.order {
                CardOrder::SevenSecond => Some(true),
                CardOrder::Bisca => Some(false),
                _ => None,
            },
            set: |r, on| {
                r.order = if on {
                    CardOrder::SevenSecond
                } else {
                    CardOrder::Bisca
                }
            },
        },
    },
    Def {
        id: OptionId::HandSize,
        summary: "cards in each hand: 3, 7 (Bisca dos Sete) or 9 (Bisca dos Nove)",
        presets: &[Preset::Bisca],
        players: &[],
        requires: &[],
        source: "Bisca text: Bisca de três, dos Sete (7 cards), dos Nove (9 cards)",
        access: Access::Choice(&Choice {
            values: &[3u8, 7, 9],
            get: |r| Some(r.hand_size).filter(|n| [3, 7, 9].contains(n)),
            set: |r, v| r.hand_size = v,
        }),
    },
    Def {
        id: OptionId::FiveCards,
        summary: "five cards in each hand instead of three",
        presets: &[Preset::Briscolone],
        players: &[],
        requires: &[],
        source: "Briscola text: Briscolone with five cards each",
        access: Access::Bool {
            get: |r| match r.hand_size {
                5 => Some(true),
                3 => Some(false),
                _ => None,
            },
            set: |r, on| r.hand_size = if on { 5 } else { 3 },
        },
    },
    Def {
        id: OptionId::LastThreeFollow,
        summary: "once the stock is empty, follow suit and win the trick if you can",
        presets: &[Preset::Briscolone],
        players: &[],
        requires: &[],
        source: "Briscola text: \"deben seguir el palo y, si pueden, hacer la baza\"",
        access: Access::Bool {
            get: |r| match r.follow {
                FollowRule::FollowAndBeatWhenStockEmpty => Some(true),
                FollowRule::Free => Some(false),
                _ => None,
            },
            set: |r, on| {
                r.follow = if on {
                    FollowRule::FollowAndBeatWhenStockEmpty
                } else {
                    FollowRule::Free
                }
            },
        },
    },
    Def {
        id: OptionId::FirstCardTrump,
        summary: "the suit of the first card played is trump",
        presets: &[Preset::Briscolone],
        players: &[],
        requires: &[],
        source: "Briscola text: \"la primera carta que se juega es un triunfo\"",
        access: Access::Bool {
            get: |r| match r.trump {
                TrumpRule::FirstCardPlayed => Some(true),
                TrumpRule::NoTrump => Some(false),
                _ => None,
            },
            set: |r, on| {
                r.trump = if on {
                    TrumpRule::FirstCardPlayed
                } else {
                    TrumpRule::NoTrump
                }
            },
        },
    },
    Def {
        id: OptionId::TwoTakesTrump,
        summary: "the 2 of trumps takes the face-up trump during the first trick",
        presets: &[Preset::Briscola],
        players: &[],
        requires: &[],
        source: "Briscola text: \"solo al comienzo del juego o en la primera mano\"",
        access: Access::Bool {
            get: |r| match r.exchange {
                ExchangeRule::TwoBeforeFirstTrick => Some(true),
                ExchangeRule::Never => Some(false),
                _ => None,
            },
            set: |r, on| {
                r.exchange = if on {
                    ExchangeRule::TwoBeforeFirstTrick
                } else {
                    ExchangeRule::Never
                }
            },
        },
    },
    Def {
        id: OptionId::ExchangeTiming,
        summary: "when the 7 or the 2 of trumps takes the face-up trump: any-turn, or after-winning a trick",
        presets: &[Preset::Brisca],
        players: &[],
        requires: &[],
        source: "Italian Brisca text: the exchange on any turn, or only after winning a trick",
        access: Access::Choice(&Choice {
            values: &[ExchangeTiming::AnyTurn, ExchangeTiming::AfterWinning],
            get: |r| match r.exchange {
                ExchangeRule::SevenAndTwo => Some(ExchangeTiming::AnyTurn),
                ExchangeRule::SevenAndTwoAfterWinning => Some(ExchangeTiming::AfterWinning),
                _ => None,
            },
            set: |r, v| {
                r.exchange = match v {
                    ExchangeTiming::AnyTurn => ExchangeRule::SevenAndTwo,
                    ExchangeTiming::AfterWinning => ExchangeRule::SevenAndTwoAfterWinning,
                }
            },
        }),
    },
    Def {
        id: OptionId::ManoNegra,
        summary: "ace, three and king of trumps in one hand win the hand at once",
        presets: &[Preset::Briscola, Preset::Brisca],
        players: &[],
        requires: &[],
        source: "Briscola text: \"la conquista\", \"mano negra\"",
        access: Access::Bool {
            get: |r| Some(r.mano_negra),
            set: |r, on| r.mano_negra = on,
        },
    },
    Def {
        id: OptionId::Valencian,
        summary: "once the stock is empty, follow suit",
        presets: &[Preset::Brisca],
        players: &[],
        requires: &[],
        source: "Italian Brisca text: Brisca Valenciana",
        access: Access::Bool {
            get: |r| match r.follow {
                FollowRule::FollowWhenStockEmpty => Some(true),
                FollowRule::Free => Some(false),
                _ => None,
            },
            set: |r, on| {
                r.follow = if on {
                    FollowRule::FollowWhenStockEmpty
                } else {
                    FollowRule::Free
                }
            },
        },
    },
    Def {
        id: OptionId::Tie,
        summary: "what a tie means: draw, or replay the hand",
        presets: &[
            Preset::Briscola,
            Preset::Brisca,
            Preset::Bisca,
            Preset::Scoperta,
            Preset::Briscolone,
            Preset::Dupla,
        ],
        players: &[],
        requires: &[],
        source: "Brisca and cardgames.io texts: \"tablas\"; Briscola text: \"se juega otra partida\"",
        access: Access::Choice(&Choice {
            values: &[TieRule::Draw, TieRule::Replay],
            get: |r| Some(r.tie),
            set: |r, v| r.tie = v,
        }),
    },
    Def {
        id: OptionId::Forcing,
        summary: "chiamata: any bid may be raised in points keeping its card",
        presets: &[Preset::Chiamata],
        players: &[],
        requires: &[],
        source: "Briscola text (chiamata): forcing the bid card and raising the points",
        access: Access::Bool {
            get: |r| Some(r.forcing),
            set: |r, on| r.forcing = on,
        },
    },
    Def {
        id: OptionId::Senas,
        summary: "teams: once a trick, before playing, a player may signal an ace, a three, trumps or nothing to its partners; opponents may catch it",
        presets: TEAM_TABLES,
        players: &[4, 6],
        requires: &[(OptionId::Partnerships, || vec![OptionValue::Bool(true)])],
        source: "Italian Brisca text: \"Brisca con Segnali\" (señas: \"ho un Asso\", \"ho un Tre\", \"ho briscola\"); off by default, as its team rules say \"I partner non possono … fare segnali\"",
        access: Access::Bool {
            get: |r| Some(r.senas),
            set: |r, on| r.senas = on,
        },
    },
    Def {
        id: OptionId::Interception,
        summary: "with señas: each opponent's chance, in percent, of catching a seña (0, 10, 25 or 50)",
        presets: TEAM_TABLES,
        players: &[4, 6],
        requires: &[(OptionId::Senas, || vec![OptionValue::Bool(true)])],
        source: "Italian Brisca text: \"segnalare in modo abbastanza sottile da non far intercettare il messaggio dagli avversari\"",
        access: Access::Choice(&Choice {
            values: &[0u8, 10, 25, 50],
            get: |r| Some(r.interception).filter(|p| [0, 10, 25, 50].contains(p)),
            set: |r, v| r.interception = v,
        }),
    },
];

pub(super) fn def(id: OptionId) -> &'static Def {
    // DEFS is in OptionId::ALL order; the test `defs_follow_the_id_order` keeps it so.
    &DEFS[id as usize]
}

impl Def {
    pub fn offered(&self, rules: &Ruleset) -> bool {
        self.presets.contains(&rules.preset)
            && (self.players.is_empty() || self.players.contains(&rules.players))
    }

    pub fn kind(&self) -> OptionKind {
        match self.access {
            Access::Bool { .. } => OptionKind::Bool,
            Access::Choice(choice) => OptionKind::Choice {
                values: choice.names(),
            },
        }
    }

    pub fn values(&self) -> Vec<OptionValue> {
        self.access.values()
    }

    pub fn get(&self, rules: &Ruleset) -> Option<OptionValue> {
        self.access.get(rules)
    }

    /// Writes a value; `false` when it is not one of the option's values (nothing written).
    pub fn set(&self, rules: &mut Ruleset, value: &OptionValue) -> bool {
        self.access.set(rules, value)
    }

    /// The requirements on options this ruleset offers (a requirement on an option the preset does
    /// not offer always holds: `removed-two` needs the standard deck, the only one most presets have).
    pub fn requirements(&self, rules: &Ruleset) -> Vec<Requirement> {
        self.requires
            .iter()
            .filter(|(other, _)| def(*other).offered(rules))
            .map(|&(option, values)| Requirement {
                option,
                values: values(),
            })
            .collect()
    }

    pub fn unmet(&self, rules: &Ruleset) -> Option<Requirement> {
        self.requirements(rules).into_iter().find(|req| {
            def(req.option)
                .get(rules)
                .is_none_or(|v| !req.values.contains(&v))
        })
    }
}
