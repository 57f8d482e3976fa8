//! The options a player may change, described once (OpenSpiel's parameter specification is the model).
//!
//! Each preset offers a few options: an id, a kind (on/off, or a choice among named values), the player
//! counts it applies to, the other options it depends on and the source text it follows. Its default
//! is never restated: it is read back from [`Ruleset::preset`]. An option reads and writes fields of
//! [`Ruleset`]; [`Ruleset::with_option`] checks everything and leaves the caller's ruleset unchanged on
//! error. The command line (`briscola rules`), the desktop app's New game form and its card-value box
//! are generated from [`Ruleset::options`] and [`Ruleset::rank_values`].
//!
//! Deliberately absent: the player count (it picks the preset's defaults, see [`Ruleset::preset`]) and
//! the fields that define a preset rather than vary within it (`open_hands` is scoperta,
//! `plays_per_trick` dupla, the called trump chiamata). Labels and explanations are not here either: the
//! user interface words each id in the player's language.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{
    CardOrder, DeckKind, ExchangeRule, FollowRule, Preset, Ruleset, RulesetError, TieRule,
    TrumpRule,
};
use crate::Suit;
use crate::message::Message;

/// The stable id of an option (kebab-case on the wire and on the command line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum OptionId {
    /// With 4 or 6 players: fixed teams instead of everyone alone.
    Partnerships,
    /// Brisca: the 40-card deck, the Catalan 48 or the 20-card "rápida".
    Deck,
    /// Three players: which 2 leaves the deck.
    RemovedTwo,
    /// Briscola: the rank order (classic, the seven second, the three low).
    Order,
    /// Bisca: the simplified order A 7 K Q J.
    SimplifiedOrder,
    /// Bisca: three, seven or nine cards in each hand.
    HandSize,
    /// Briscolone: five cards in each hand.
    FiveCards,
    /// Briscolone: follow suit and win if possible once the stock is empty.
    LastThreeFollow,
    /// Briscolone: the first card played names trump.
    FirstCardTrump,
    /// Briscola: the 2 of trumps takes the face-up trump during the first trick.
    TwoTakesTrump,
    /// Brisca: when the 7 or the 2 of trumps may be exchanged.
    ExchangeTiming,
    /// Ace, three and king of trumps win the hand at once.
    ManoNegra,
    /// Brisca Valenciana: follow suit once the stock is empty.
    Valencian,
    /// What a tie means.
    Tie,
    /// Chiamata: any bid may be raised in points keeping its card.
    Forcing,
}

impl OptionId {
    /// Every option id, in the order forms list them.
    pub const ALL: [OptionId; 15] = [
        OptionId::Partnerships,
        OptionId::Deck,
        OptionId::RemovedTwo,
        OptionId::Order,
        OptionId::SimplifiedOrder,
        OptionId::HandSize,
        OptionId::FiveCards,
        OptionId::LastThreeFollow,
        OptionId::FirstCardTrump,
        OptionId::TwoTakesTrump,
        OptionId::ExchangeTiming,
        OptionId::ManoNegra,
        OptionId::Valencian,
        OptionId::Tie,
        OptionId::Forcing,
    ];

    /// The kebab-case id (`exchange-timing`).
    pub fn id(self) -> &'static str {
        def(self).name
    }

    /// One-line English explanation, for the command line (user interfaces word the id themselves).
    pub fn summary(self) -> &'static str {
        def(self).summary
    }
}

impl fmt::Display for OptionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for OptionId {
    type Err = OptionError;
    fn from_str(s: &str) -> Result<OptionId, OptionError> {
        OptionId::ALL
            .into_iter()
            .find(|o| o.id() == s)
            .ok_or_else(|| OptionError::Unknown {
                option: s.to_string(),
            })
    }
}

/// The value of an option: on/off, or one of a choice's named values (`"replay"`, `"7"`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum OptionValue {
    /// An on/off option.
    Bool(bool),
    /// A choice's value.
    Choice(String),
}

impl OptionValue {
    /// Reads a value typed on the command line: `on`/`off`/`true`/`false` for an on/off option, the
    /// value itself for a choice.
    pub fn parse(kind: &OptionKind, text: &str) -> OptionValue {
        match (kind, text) {
            (OptionKind::Bool, "on" | "true") => OptionValue::Bool(true),
            (OptionKind::Bool, "off" | "false") => OptionValue::Bool(false),
            _ => OptionValue::Choice(text.to_string()),
        }
    }
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Bool(true) => f.write_str("on"),
            OptionValue::Bool(false) => f.write_str("off"),
            OptionValue::Choice(value) => f.write_str(value),
        }
    }
}

/// What values an option takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum OptionKind {
    /// On or off.
    Bool,
    /// One of these values.
    Choice {
        /// Every value, in menu order.
        values: Vec<String>,
    },
}

/// An option is available only while another option of the same preset has one of these values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Requirement {
    /// The other option.
    pub option: OptionId,
    /// The values it must have.
    pub values: Vec<OptionValue>,
}

impl fmt::Display for Requirement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let values: Vec<String> = self.values.iter().map(ToString::to_string).collect();
        write!(f, "{} {}", self.option, values.join(" or "))
    }
}

/// One option of a ruleset, as a form shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OptionSpec {
    /// The id.
    pub id: OptionId,
    /// On/off or a choice, with every value.
    pub kind: OptionKind,
    /// The preset's default for this player count.
    pub default: OptionValue,
    /// The value in this ruleset; `None` when its fields hold a combination the option cannot name
    /// (a hand-built ruleset).
    pub value: Option<OptionValue>,
    /// The values [`Ruleset::with_option`] accepts now (a choice may lose values with some player
    /// counts: the 20-card deck does not deal to three).
    pub allowed: Vec<OptionValue>,
    /// The player counts the option applies to.
    pub players: Vec<u8>,
    /// The other options it depends on.
    pub requires: Vec<Requirement>,
    /// Whether every requirement holds, so that the option matters.
    pub available: bool,
    /// The source text it follows (see `docs/rules.md`).
    pub source: String,
}

/// Why an option could not be set. The ruleset is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "id", rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum OptionError {
    /// No option has this id.
    #[error("unknown option `{option}`")]
    Unknown {
        /// The text that was read.
        option: String,
    },
    /// The preset does not offer the option with this many players.
    #[error("{preset} with {players} players has no option `{option}`")]
    NotOffered {
        /// The option.
        option: OptionId,
        /// The ruleset's preset.
        preset: Preset,
        /// Its players.
        players: u8,
    },
    /// A value of the wrong kind, or not one of the choice's values.
    #[error("`{value}` is not a value of `{option}`: choose {}", list(allowed))]
    Value {
        /// The option.
        option: OptionId,
        /// The refused value.
        value: OptionValue,
        /// Its values.
        allowed: Vec<OptionValue>,
    },
    /// Another option does not have the value this one depends on.
    #[error("`{option}` needs {requirement}")]
    Unavailable {
        /// The option.
        option: OptionId,
        /// The requirement that does not hold.
        requirement: Requirement,
    },
    /// The value is one of the option's, but the resulting ruleset is not playable.
    #[error("`{option}` {value} does not fit: {error}")]
    Invalid {
        /// The option.
        option: OptionId,
        /// The value.
        value: OptionValue,
        /// Why the ruleset would not validate.
        error: RulesetError,
    },
}

impl Message for OptionError {
    const KIND: &'static str = "option-error";

    fn examples() -> Vec<OptionError> {
        let option = OptionId::Deck;
        let value = OptionValue::Choice("rapida".to_string());
        vec![
            OptionError::Unknown {
                option: "target".to_string(),
            },
            OptionError::NotOffered {
                option,
                preset: Preset::Briscola,
                players: 2,
            },
            OptionError::Value {
                option,
                value: OptionValue::Bool(true),
                allowed: def(option).values(),
            },
            OptionError::Unavailable {
                option: OptionId::RemovedTwo,
                requirement: Requirement {
                    option,
                    values: vec![OptionValue::Choice("standard".to_string())],
                },
            },
            OptionError::Invalid {
                option,
                value,
                error: RulesetError::UnevenDeal {
                    deck: 20,
                    players: 3,
                },
            },
        ]
    }
}

fn list(values: &[OptionValue]) -> String {
    let values: Vec<String> = values.iter().map(ToString::to_string).collect();
    values.join(", ")
}

/// How an option reads and writes a ruleset. A getter answers `None` when the fields hold a
/// combination the option does not name; a choice's setter is only given one of its values.
enum Access {
    Bool {
        get: fn(&Ruleset) -> Option<bool>,
        set: fn(&mut Ruleset, bool),
    },
    Choice {
        values: &'static [&'static str],
        get: fn(&Ruleset) -> Option<&'static str>,
        set: fn(&mut Ruleset, &str),
    },
}

/// One option's static description.
struct Def {
    id: OptionId,
    name: &'static str,
    summary: &'static str,
    presets: &'static [Preset],
    /// Player counts; empty for every count of the preset.
    players: &'static [u8],
    /// Other options and the values they need (on/off written `on`/`off`).
    requires: &'static [(OptionId, &'static [&'static str])],
    source: &'static str,
    access: Access,
}

const CLASSIC: &[Preset] = &[
    Preset::Briscola,
    Preset::Brisca,
    Preset::Bisca,
    Preset::Scoperta,
];

const SUITS: &[&str] = &["coins", "cups", "swords", "clubs"];

/// The description of every option, in [`OptionId::ALL`] order.
const DEFS: [Def; 15] = [
    Def {
        id: OptionId::Partnerships,
        summary: "with 4 or 6 players: fixed teams (seats alternate) instead of everyone alone",
        name: "partnerships",
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
        name: "deck",
        presets: &[Preset::Brisca],
        players: &[],
        requires: &[],
        source: "Italian Brisca text: Brisca Catalana (48 cards), Brisca rápida (20 cards)",
        access: Access::Choice {
            values: &["standard", "catalan", "rapida"],
            get: |r| {
                Some(match r.deck {
                    DeckKind::Standard => "standard",
                    DeckKind::Catalan => "catalan",
                    DeckKind::Rapida => "rapida",
                })
            },
            set: |r, v| {
                r.deck = match v {
                    "catalan" => DeckKind::Catalan,
                    "rapida" => DeckKind::Rapida,
                    _ => DeckKind::Standard,
                }
            },
        },
    },
    Def {
        id: OptionId::RemovedTwo,
        summary: "three players: the 2 that leaves the deck so that it deals evenly",
        name: "removed-two",
        presets: CLASSIC,
        players: &[3],
        requires: &[(OptionId::Deck, &["standard"])],
        source: "cardgames.io text: \"el dos de oros\"; Briscola text: \"un solo dos\"",
        access: Access::Choice {
            values: SUITS,
            get: |r| Some(SUITS[r.removed_two.index()]),
            set: |r, v| {
                let index = SUITS.iter().position(|s| *s == v).unwrap_or(0);
                r.removed_two = Suit::from_index(index).unwrap_or(Suit::Coins);
            },
        },
    },
    Def {
        id: OptionId::Order,
        summary: "rank order: classic (A 3 K Q J 7…), seven-second (A 7 K Q J…), low-three (the three ranks low, still worth 10)",
        name: "order",
        presets: &[Preset::Briscola],
        players: &[],
        requires: &[],
        source: "Briscola text: the seven replaces the three (Piedmont, Sardinia); \"el tres se clasifica como un tres\"",
        access: Access::Choice {
            values: &["classic", "seven-second", "low-three"],
            get: |r| match r.order {
                CardOrder::Classic => Some("classic"),
                CardOrder::SevenSecond => Some("seven-second"),
                CardOrder::LowThree => Some("low-three"),
                CardOrder::Bisca => None,
            },
            set: |r, v| {
                r.order = match v {
                    "seven-second" => CardOrder::SevenSecond,
                    "low-three" => CardOrder::LowThree,
                    _ => CardOrder::Classic,
                }
            },
        },
    },
    Def {
        id: OptionId::SimplifiedOrder,
        summary: "the simplified order A 7 K Q J instead of A 7 K J Q",
        name: "simplified-order",
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
        name: "hand-size",
        presets: &[Preset::Bisca],
        players: &[],
        requires: &[],
        source: "Bisca text: Bisca de três, dos Sete (7 cards), dos Nove (9 cards)",
        access: Access::Choice {
            values: &["3", "7", "9"],
            get: |r| match r.hand_size {
                3 => Some("3"),
                7 => Some("7"),
                9 => Some("9"),
                _ => None,
            },
            set: |r, v| r.hand_size = v.parse().unwrap_or(3),
        },
    },
    Def {
        id: OptionId::FiveCards,
        summary: "five cards in each hand instead of three",
        name: "five-cards",
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
        name: "last-three-follow",
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
        name: "first-card-trump",
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
        name: "two-takes-trump",
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
        name: "exchange-timing",
        presets: &[Preset::Brisca],
        players: &[],
        requires: &[],
        source: "Italian Brisca text: the exchange on any turn, or only after winning a trick",
        access: Access::Choice {
            values: &["any-turn", "after-winning"],
            get: |r| match r.exchange {
                ExchangeRule::SevenAndTwo => Some("any-turn"),
                ExchangeRule::SevenAndTwoAfterWinning => Some("after-winning"),
                _ => None,
            },
            set: |r, v| {
                r.exchange = if v == "after-winning" {
                    ExchangeRule::SevenAndTwoAfterWinning
                } else {
                    ExchangeRule::SevenAndTwo
                }
            },
        },
    },
    Def {
        id: OptionId::ManoNegra,
        summary: "ace, three and king of trumps in one hand win the hand at once",
        name: "mano-negra",
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
        name: "valencian",
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
        name: "tie",
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
        access: Access::Choice {
            values: &["draw", "replay"],
            get: |r| {
                Some(match r.tie {
                    TieRule::Draw => "draw",
                    TieRule::Replay => "replay",
                })
            },
            set: |r, v| {
                r.tie = if v == "replay" {
                    TieRule::Replay
                } else {
                    TieRule::Draw
                }
            },
        },
    },
    Def {
        id: OptionId::Forcing,
        summary: "chiamata: any bid may be raised in points keeping its card",
        name: "forcing",
        presets: &[Preset::Chiamata],
        players: &[],
        requires: &[],
        source: "Briscola text (chiamata): forcing the bid card and raising the points",
        access: Access::Bool {
            get: |r| Some(r.forcing),
            set: |r, on| r.forcing = on,
        },
    },
];

fn def(id: OptionId) -> &'static Def {
    // DEFS is in OptionId::ALL order; the test `defs_follow_the_id_order` keeps it so.
    &DEFS[id as usize]
}

impl Def {
    fn offered(&self, rules: &Ruleset) -> bool {
        self.presets.contains(&rules.preset)
            && (self.players.is_empty() || self.players.contains(&rules.players))
    }

    fn kind(&self) -> OptionKind {
        match self.access {
            Access::Bool { .. } => OptionKind::Bool,
            Access::Choice { values, .. } => OptionKind::Choice {
                values: values.iter().map(ToString::to_string).collect(),
            },
        }
    }

    fn values(&self) -> Vec<OptionValue> {
        match self.access {
            Access::Bool { .. } => vec![OptionValue::Bool(false), OptionValue::Bool(true)],
            Access::Choice { values, .. } => values
                .iter()
                .map(|v| OptionValue::Choice(v.to_string()))
                .collect(),
        }
    }

    fn get(&self, rules: &Ruleset) -> Option<OptionValue> {
        match self.access {
            Access::Bool { get, .. } => get(rules).map(OptionValue::Bool),
            Access::Choice { get, .. } => get(rules).map(|v| OptionValue::Choice(v.to_string())),
        }
    }

    /// Writes a value; `false` when it is not one of the option's values.
    fn set(&self, rules: &mut Ruleset, value: &OptionValue) -> bool {
        match (&self.access, value) {
            (Access::Bool { set, .. }, OptionValue::Bool(on)) => set(rules, *on),
            (Access::Choice { values, set, .. }, OptionValue::Choice(v))
                if values.contains(&v.as_str()) =>
            {
                set(rules, v)
            }
            _ => return false,
        }
        true
    }

    /// The requirements on options this ruleset offers (a requirement on an option the preset does
    /// not offer always holds: `removed-two` needs the standard deck, the only one most presets have).
    fn requirements(&self, rules: &Ruleset) -> Vec<Requirement> {
        self.requires
            .iter()
            .filter(|(other, _)| def(*other).offered(rules))
            .map(|&(option, values)| Requirement {
                option,
                values: values
                    .iter()
                    .map(|&v| match v {
                        "on" => OptionValue::Bool(true),
                        "off" => OptionValue::Bool(false),
                        v => OptionValue::Choice(v.to_string()),
                    })
                    .collect(),
            })
            .collect()
    }

    fn unmet(&self, rules: &Ruleset) -> Option<Requirement> {
        self.requirements(rules).into_iter().find(|req| {
            def(req.option)
                .get(rules)
                .is_none_or(|v| !req.values.contains(&v))
        })
    }
}

impl Ruleset {
    /// The options of this ruleset's preset and player count, each with its default, its current
    /// value, the values allowed now and whether it is available given the other values.
    ///
    /// ```
    /// use briscola::{OptionId, OptionValue, Preset, Ruleset};
    /// let rules = Ruleset::preset(Preset::Bisca, 2)?;
    /// let ids: Vec<OptionId> = rules.options().iter().map(|o| o.id).collect();
    /// assert_eq!(ids, [OptionId::SimplifiedOrder, OptionId::HandSize, OptionId::Tie]);
    /// let seven = rules.with_option(OptionId::HandSize, OptionValue::Choice("7".into()))?;
    /// assert_eq!(seven.hand_size, 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn options(&self) -> Vec<OptionSpec> {
        let defaults = Ruleset::preset(self.preset, self.players).ok();
        DEFS.iter()
            .filter(|d| d.offered(self))
            .map(|d| {
                let requires = d.requirements(self);
                OptionSpec {
                    id: d.id,
                    kind: d.kind(),
                    default: defaults
                        .and_then(|r| d.get(&r))
                        .or_else(|| d.values().into_iter().next())
                        .unwrap_or(OptionValue::Bool(false)),
                    value: d.get(self),
                    allowed: d
                        .values()
                        .into_iter()
                        .filter(|v| self.with_option(d.id, v.clone()).is_ok())
                        .collect(),
                    players: if d.players.is_empty() {
                        self.preset.player_counts().to_vec()
                    } else {
                        d.players
                            .iter()
                            .copied()
                            .filter(|n| self.preset.player_counts().contains(n))
                            .collect()
                    },
                    available: d.unmet(self).is_none(),
                    requires,
                    source: d.source.to_string(),
                }
            })
            .collect()
    }

    /// The value of one option; `None` when the preset does not offer it with these players, or the
    /// fields hold a combination it cannot name.
    pub fn option(&self, id: OptionId) -> Option<OptionValue> {
        let d = def(id);
        if d.offered(self) { d.get(self) } else { None }
    }

    /// This ruleset with one option changed, checked: offered, a value of the option, available, and
    /// the result validates. On error the ruleset is untouched (it is `Copy`: `self` is a copy).
    pub fn with_option(self, id: OptionId, value: OptionValue) -> Result<Ruleset, OptionError> {
        let d = def(id);
        if !d.offered(&self) {
            return Err(OptionError::NotOffered {
                option: id,
                preset: self.preset,
                players: self.players,
            });
        }
        let mut rules = self;
        if !d.set(&mut rules, &value) {
            return Err(OptionError::Value {
                option: id,
                value,
                allowed: d.values(),
            });
        }
        if let Some(requirement) = d.unmet(&self) {
            return Err(OptionError::Unavailable {
                option: id,
                requirement,
            });
        }
        rules.validate().map_err(|error| OptionError::Invalid {
            option: id,
            value,
            error,
        })?;
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::message::assert_examples_cover;

    #[test]
    fn defs_follow_the_id_order_and_ids_round_trip() {
        for id in OptionId::ALL {
            assert_eq!(def(id).id, id);
            assert_eq!(id.id().parse::<OptionId>(), Ok(id));
            assert_eq!(
                serde_json::to_value(id).ok(),
                Some(serde_json::Value::String(id.id().to_string()))
            );
            assert!(!def(id).values().is_empty());
        }
    }

    #[test]
    fn examples_cover_every_error() {
        assert_examples_cover::<OptionError>(
            |m| match m {
                OptionError::Unknown { .. } => 0,
                OptionError::NotOffered { .. } => 1,
                OptionError::Value { .. } => 2,
                OptionError::Unavailable { .. } => 3,
                OptionError::Invalid { .. } => 4,
            },
            5,
        );
    }

    #[test]
    fn each_refusal_is_precise_and_leaves_the_ruleset_alone()
    -> Result<(), Box<dyn std::error::Error>> {
        let choice = |v: &str| OptionValue::Choice(v.to_string());
        let briscola = Ruleset::preset(Preset::Briscola, 2)?;
        assert_eq!(
            "target".parse::<OptionId>(),
            Err(OptionError::Unknown {
                option: "target".to_string()
            })
        );
        assert!(matches!(
            briscola.with_option(OptionId::Deck, choice("catalan")),
            Err(OptionError::NotOffered { .. })
        ));
        assert!(matches!(
            briscola.with_option(OptionId::Partnerships, OptionValue::Bool(false)),
            Err(OptionError::NotOffered { players: 2, .. })
        ));
        assert!(matches!(
            briscola.with_option(OptionId::Tie, OptionValue::Bool(true)),
            Err(OptionError::Value { .. })
        ));
        assert!(matches!(
            briscola.with_option(OptionId::Tie, choice("coin-toss")),
            Err(OptionError::Value { .. })
        ));
        let brisca3 = Ruleset::preset(Preset::Brisca, 3)?;
        assert!(matches!(
            brisca3.with_option(OptionId::Deck, choice("rapida")),
            Err(OptionError::Invalid {
                error: RulesetError::UnevenDeal { .. },
                ..
            })
        ));
        let catalan = brisca3.with_option(OptionId::Deck, choice("catalan"))?;
        assert_eq!(
            catalan.with_option(OptionId::RemovedTwo, choice("cups")),
            Err(OptionError::Unavailable {
                option: OptionId::RemovedTwo,
                requirement: Requirement {
                    option: OptionId::Deck,
                    values: vec![choice("standard")],
                },
            })
        );
        assert_eq!(catalan.deck, DeckKind::Catalan);
        Ok(())
    }
}
