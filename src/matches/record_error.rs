//! [`RecordError`]: why a record does not load or replay, as data (an id and typed parameters, naming
//! the hand, the field and the index) with an English rendering.

use serde::{Deserialize, Serialize};

use super::match_error::MatchError;
use crate::game::{Action, IllegalAction, SetupError};
use crate::message::Message;
use crate::{Card, Preset, Rank, RulesetError, Suit};

/// Why a record does not load or replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "id", rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum RecordError {
    /// The text is not JSON, or not shaped like a record (the JSON reader's own words).
    #[error("not a record: {detail}")]
    Json {
        /// What the JSON reader found.
        detail: String,
    },
    /// A version this build does not read.
    #[error("record version {found} is not supported (this build reads version {supported})")]
    Version {
        /// The version in the file.
        found: u32,
        /// The version this build reads.
        supported: u32,
    },
    /// The record's ruleset does not validate (e.g. a player count its preset refuses).
    #[error("the record's ruleset is not playable: {error}")]
    Ruleset {
        /// Why.
        error: RulesetError,
    },
    /// A card in a deal that cannot be read.
    #[error("hand {hand}, {field}[{index}]: `{text}` is not a card")]
    Card {
        /// Hand index (0 for a single-hand record).
        hand: usize,
        /// The field (`deal`).
        field: String,
        /// Index in that field's list.
        index: usize,
        /// The text found.
        text: String,
    },
    /// An action that cannot be read.
    #[error("hand {hand}, actions[{index}]: `{text}` is not an action")]
    Action {
        /// Hand index (0 for a single-hand record).
        hand: usize,
        /// Index in the hand's action list.
        index: usize,
        /// The text found.
        text: String,
    },
    /// The rules or the deal are not valid.
    #[error("hand {hand}: {error}")]
    Setup {
        /// Hand index (0 for a single-hand record).
        hand: usize,
        /// The setup error.
        error: SetupError,
    },
    /// An action was refused.
    #[error("hand {hand}, action {index} (`{action}`): {error}")]
    IllegalAction {
        /// Hand index (0 for a single-hand record).
        hand: usize,
        /// Index of the first illegal action in that hand's list.
        index: usize,
        /// The action, in its text form (as the record writes it).
        #[serde(with = "crate::action_text::one")]
        #[cfg_attr(feature = "ts", ts(as = "crate::action_text::ActionText"))]
        action: Action,
        /// Why it was refused.
        error: IllegalAction,
    },
    /// A hand's `played_for` names an action it does not have, or is not in ascending order.
    #[error("hand {hand}, played_for: {index} is not the index of a later action of the hand")]
    PlayedFor {
        /// Hand index.
        hand: usize,
        /// The index found.
        index: u32,
    },
    /// A match record whose hands do not follow its own format (a hand after the end, a dealer out of
    /// turn).
    #[error("hand {hand}: {error}")]
    Match {
        /// Hand index.
        hand: usize,
        /// What is wrong.
        error: MatchError,
    },
}

impl Message for RecordError {
    const KIND: &'static str = "record-error";

    fn examples() -> Vec<RecordError> {
        let card = Card::new(Suit::Coins, Rank::Ace);
        vec![
            RecordError::Json {
                detail: "expected value at line 1 column 1".to_string(),
            },
            RecordError::Version {
                found: 9,
                supported: 1,
            },
            RecordError::Ruleset {
                error: RulesetError::Players {
                    preset: Preset::Briscola,
                    players: 5,
                    allowed: Preset::Briscola.player_counts().to_vec(),
                },
            },
            RecordError::Card {
                hand: 0,
                field: "deal".to_string(),
                index: 3,
                text: "Zz".to_string(),
            },
            RecordError::Action {
                hand: 1,
                index: 0,
                text: "bid Z".to_string(),
            },
            RecordError::Setup {
                hand: 0,
                error: SetupError::DeckDuplicate { expected: 40, card },
            },
            RecordError::IllegalAction {
                hand: 0,
                index: 2,
                action: Action::Play(card),
                error: IllegalAction::CardNotHeld { seat: 1, card },
            },
            RecordError::PlayedFor { hand: 0, index: 40 },
            RecordError::Match {
                hand: 2,
                error: MatchError::HandAfterEnd,
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::message::assert_examples_cover;

    #[test]
    fn examples_cover_every_error() {
        assert_examples_cover::<RecordError>(
            |m| match m {
                RecordError::Json { .. } => 0,
                RecordError::Version { .. } => 1,
                RecordError::Ruleset { .. } => 2,
                RecordError::Card { .. } => 3,
                RecordError::Action { .. } => 4,
                RecordError::Setup { .. } => 5,
                RecordError::IllegalAction { .. } => 6,
                RecordError::PlayedFor { .. } => 7,
                RecordError::Match { .. } => 8,
            },
            9,
        );
    }
}
