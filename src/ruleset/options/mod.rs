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

mod choice;
mod defs;
mod error;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub use error::OptionError;

use super::Ruleset;
use choice::serde_name;
use defs::{DEFS, def};

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
    /// Teams: partners may make señas (signals of an ace, a three, trumps or nothing).
    Senas,
    /// With señas: each opponent's chance, in percent, of catching one.
    Interception,
}

impl OptionId {
    /// Every option id, in the order forms list them.
    pub const ALL: [OptionId; 17] = [
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
        OptionId::Senas,
        OptionId::Interception,
    ];

    /// The kebab-case id (`exchange-timing`): its serde name.
    pub fn id(self) -> String {
        serde_name(&self)
    }

    /// One-line English explanation, for the command line (user interfaces word the id themselves).
    pub fn summary(self) -> &'static str {
        def(self).summary
    }
}

impl fmt::Display for OptionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&serde_name(self))
    }
}

impl FromStr for OptionId {
    type Err = OptionError;
    fn from_str(s: &str) -> Result<OptionId, OptionError> {
        OptionId::ALL
            .into_iter()
            .find(|o| serde_name(o) == s)
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
    use crate::ruleset::{DeckKind, Preset, RulesetError};

    #[test]
    fn defs_follow_the_id_order_and_ids_round_trip() {
        for id in OptionId::ALL {
            assert_eq!(def(id).id, id);
            assert_eq!(id.to_string().parse::<OptionId>(), Ok(id));
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
