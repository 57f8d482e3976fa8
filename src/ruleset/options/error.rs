//! [`OptionError`]: why an option could not be set, as a message the user interface words.

use serde::{Deserialize, Serialize};

use super::defs::def;
use super::{OptionId, OptionValue, Requirement};
use crate::message::Message;
use crate::ruleset::{Preset, RulesetError};

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
