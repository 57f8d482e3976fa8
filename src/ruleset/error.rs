//! [`RulesetError`]: why a ruleset is not playable, as data (an id and typed parameters) with an English
//! rendering for the command line. User interfaces word it themselves from the id.

use serde::{Deserialize, Serialize};

use super::Preset;
use crate::message::Message;

/// Why a ruleset is not playable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "id", rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum RulesetError {
    /// No preset has this id.
    #[error(
        "unknown ruleset `{preset}`: choose one of briscola, brisca, bisca, scoperta, briscolone, chiamata, dupla"
    )]
    UnknownPreset {
        /// The text that was read.
        preset: String,
    },
    /// The preset is not played with this many players.
    #[error("{preset} is played by {allowed:?} players, not {players}")]
    Players {
        /// The preset.
        preset: Preset,
        /// The requested count.
        players: u8,
        /// The counts it supports.
        allowed: Vec<u8>,
    },
    /// Partnerships with a table that cannot split into two teams.
    #[error("partnerships need 4 or 6 players, not {players}")]
    Partnerships {
        /// Players at the table.
        players: u8,
    },
    /// Neither one nor two cards per trick.
    #[error("each player plays one or two cards per trick, not {plays}")]
    PlaysPerTrick {
        /// The cards per trick asked for.
        plays: u8,
    },
    /// Two cards per trick with more than two players or a duty to follow suit.
    #[error("two cards per trick (dupla) is a two-player game without a duty to follow suit")]
    DuplaTable,
    /// The hand does not divide into whole tricks.
    #[error(
        "the hand size ({hand_size}) must be a positive multiple of the cards played per trick ({plays})"
    )]
    HandSize {
        /// Cards in each hand.
        hand_size: u8,
        /// Cards each player plays per trick.
        plays: u8,
    },
    /// The deck does not deal out evenly, even after removing 2s.
    #[error("a {deck}-card deck cannot be dealt evenly to {players} players")]
    UnevenDeal {
        /// Cards in the deck before any 2s are removed.
        deck: u8,
        /// Players at the table.
        players: u8,
    },
    /// The hands need more cards than the deck has.
    #[error("{cards} cards are not enough for {players} hands of {hand_size}")]
    NotEnoughCards {
        /// Cards in play.
        cards: u8,
        /// Players at the table.
        players: u8,
        /// Cards in each hand.
        hand_size: u8,
    },
    /// The stock left after the deal does not divide into rounds of drawing.
    #[error("the stock of {stock} cards does not divide into whole rounds of {per_round} draws")]
    UnevenStock {
        /// Cards left after the deal.
        stock: u8,
        /// Cards drawn after each trick.
        per_round: u8,
    },
    /// A called trump outside chiamata, or with a stock.
    #[error("a called trump needs the chiamata auction and the whole deck dealt")]
    CalledTrump,
    /// Chiamata with another trump rule.
    #[error("chiamata names its trump by the called card")]
    ChiamataTrump,
    /// A turned-up trump with nothing left to turn up.
    #[error("a turned-up trump needs cards left after the deal")]
    TurnedUpTrump,
    /// An exchange without a face-up trump to take.
    #[error("the trump exchange needs a turned-up trump")]
    ExchangeTrump,
    /// Mano negra without a turned-up trump.
    #[error("mano negra needs a turned-up trump")]
    ManoNegraTrump,
    /// Mano negra with hands too small to hold ace, three and king.
    #[error("mano negra needs hands of at least three cards, not {hand_size}")]
    ManoNegraHand {
        /// Cards in each hand.
        hand_size: u8,
    },
    /// Señas without fixed partners to signal to (everyone alone, or chiamata's secret partner).
    #[error("señas need fixed partnerships (four or six players in teams)")]
    SenasTeams,
    /// Señas with every hand face up.
    #[error("señas need hidden hands: with every hand face up there is nothing to signal")]
    SenasOpenHands,
    /// An interception chance above certainty.
    #[error("the chance of catching a seña is a percentage, 0 to 100, not {percent}")]
    Interception {
        /// The chance given.
        percent: u8,
    },
}

impl Message for RulesetError {
    const KIND: &'static str = "ruleset-error";

    fn examples() -> Vec<RulesetError> {
        use RulesetError as E;
        vec![
            E::UnknownPreset {
                preset: "tressette".to_string(),
            },
            E::Players {
                preset: Preset::Briscola,
                players: 5,
                allowed: Preset::Briscola.player_counts().to_vec(),
            },
            E::Partnerships { players: 3 },
            E::PlaysPerTrick { plays: 3 },
            E::DuplaTable,
            E::HandSize {
                hand_size: 3,
                plays: 2,
            },
            E::UnevenDeal {
                deck: 20,
                players: 3,
            },
            E::NotEnoughCards {
                cards: 40,
                players: 4,
                hand_size: 11,
            },
            E::UnevenStock {
                stock: 10,
                per_round: 4,
            },
            E::CalledTrump,
            E::ChiamataTrump,
            E::TurnedUpTrump,
            E::ExchangeTrump,
            E::ManoNegraTrump,
            E::ManoNegraHand { hand_size: 2 },
            E::SenasTeams,
            E::SenasOpenHands,
            E::Interception { percent: 120 },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::message::assert_examples_cover;

    #[test]
    fn examples_cover_every_error() {
        use RulesetError as E;
        assert_examples_cover::<RulesetError>(
            |m| match m {
                E::UnknownPreset { .. } => 0,
                E::Players { .. } => 1,
                E::Partnerships { .. } => 2,
                E::PlaysPerTrick { .. } => 3,
                E::DuplaTable => 4,
                E::HandSize { .. } => 5,
                E::UnevenDeal { .. } => 6,
                E::NotEnoughCards { .. } => 7,
                E::UnevenStock { .. } => 8,
                E::CalledTrump => 9,
                E::ChiamataTrump => 10,
                E::TurnedUpTrump => 11,
                E::ExchangeTrump => 12,
                E::ManoNegraTrump => 13,
                E::ManoNegraHand { .. } => 14,
                E::SenasTeams => 15,
                E::SenasOpenHands => 16,
                E::Interception { .. } => 17,
            },
            18,
        );
    }
}
