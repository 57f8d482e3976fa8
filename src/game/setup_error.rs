//! [`SetupError`]: why a hand could not be dealt, as data (an id and typed parameters) with an English
//! rendering.

use serde::{Deserialize, Serialize};

use super::Seat;
use crate::message::Message;
use crate::{Card, Preset, Rank, RulesetError, Suit};

/// Why a setup was refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "id", rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum SetupError {
    /// The ruleset does not validate.
    #[error("{error}")]
    Ruleset {
        /// Why.
        #[from]
        error: RulesetError,
    },
    /// The dealer is not a seat at this table.
    #[error("dealer {dealer} is not a seat at a {players}-player table")]
    Dealer {
        /// The requested dealer.
        dealer: Seat,
        /// Players at the table.
        players: u8,
    },
    /// An explicit deck order lists a card twice.
    #[error(
        "the deck order must list each of the ruleset's {expected} cards once: {card} appears twice"
    )]
    DeckDuplicate {
        /// How many cards the deck has.
        expected: u8,
        /// The first card listed twice.
        card: Card,
    },
    /// An explicit deck order is not the ruleset's deck.
    #[error(
        "the deck order must list each of the ruleset's {expected} cards once: missing [{}], not in this deck [{}]",
        cards_text(.missing),
        cards_text(.extra)
    )]
    DeckMismatch {
        /// How many cards the deck has.
        expected: u8,
        /// Cards of the deck the order lacks.
        missing: Vec<Card>,
        /// Cards in the order that are not in the deck.
        extra: Vec<Card>,
    },
}

fn cards_text(cards: &[Card]) -> String {
    let texts: Vec<String> = cards.iter().map(ToString::to_string).collect();
    texts.join(" ")
}

impl Message for SetupError {
    const KIND: &'static str = "setup-error";

    fn examples() -> Vec<SetupError> {
        let card = Card::new(Suit::Coins, Rank::Ace);
        vec![
            SetupError::Ruleset {
                error: RulesetError::Players {
                    preset: Preset::Briscola,
                    players: 5,
                    allowed: Preset::Briscola.player_counts().to_vec(),
                },
            },
            SetupError::Dealer {
                dealer: 4,
                players: 2,
            },
            SetupError::DeckDuplicate { expected: 40, card },
            SetupError::DeckMismatch {
                expected: 40,
                missing: vec![card],
                extra: vec![Card::new(Suit::Coins, Rank::Eight)],
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
        assert_examples_cover::<SetupError>(
            |m| match m {
                SetupError::Ruleset { .. } => 0,
                SetupError::Dealer { .. } => 1,
                SetupError::DeckDuplicate { .. } => 2,
                SetupError::DeckMismatch { .. } => 3,
            },
            4,
        );
    }
}
