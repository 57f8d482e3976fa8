//! [`MatchError`]: why a match could not start or continue, as data (an id and typed parameters) with an
//! English rendering.

use serde::{Deserialize, Serialize};

use super::match_play::MatchFormat;
use crate::game::{IllegalAction, Seat, SetupError};
use crate::message::Message;

/// Why a match could not start or continue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "id", rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum MatchError {
    /// The hand could not be dealt.
    #[error("{error}")]
    Setup {
        /// Why.
        #[from]
        error: SetupError,
    },
    /// The action was refused; nothing changed.
    #[error("{error}")]
    Illegal {
        /// Why.
        #[from]
        error: IllegalAction,
    },
    /// The format is not playable (e.g. best of an even number).
    #[error("bad match format: {format:?} cannot be played")]
    Format {
        /// The format.
        format: MatchFormat,
    },
    /// A match record without hands.
    #[error("a match record needs at least one hand")]
    NoHands,
    /// A match record whose first hand is dealt by another seat than its first dealer.
    #[error("the first hand's dealer ({dealer}) is not the match's first dealer ({first_dealer})")]
    FirstDealer {
        /// The first hand's dealer.
        dealer: Seat,
        /// The match's first dealer.
        first_dealer: Seat,
    },
    /// A recorded hand after an unfinished hand or after the end of the match.
    #[error("a hand follows a hand that is unfinished or ends the match")]
    HandAfterEnd,
    /// A recorded hand dealt by the wrong seat.
    #[error("the dealer is out of turn: seat {dealer} deals, seat {expected} was due")]
    DealerOutOfTurn {
        /// The recorded dealer.
        dealer: Seat,
        /// The dealer in turn.
        expected: Seat,
    },
    /// `next_hand` while the hand is still being played, or after the match ended.
    #[error("the next hand is dealt only after a hand ends in a match still on")]
    NextHandNotNow,
}

impl Message for MatchError {
    const KIND: &'static str = "match-error";

    fn examples() -> Vec<MatchError> {
        vec![
            MatchError::Setup {
                error: SetupError::Dealer {
                    dealer: 3,
                    players: 2,
                },
            },
            MatchError::Illegal {
                error: IllegalAction::HandOver,
            },
            MatchError::Format {
                format: MatchFormat::BestOf { hands: 4 },
            },
            MatchError::NoHands,
            MatchError::FirstDealer {
                dealer: 1,
                first_dealer: 0,
            },
            MatchError::HandAfterEnd,
            MatchError::DealerOutOfTurn {
                dealer: 0,
                expected: 1,
            },
            MatchError::NextHandNotNow,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::message::assert_examples_cover;

    #[test]
    fn examples_cover_every_error() {
        assert_examples_cover::<MatchError>(
            |m| match m {
                MatchError::Setup { .. } => 0,
                MatchError::Illegal { .. } => 1,
                MatchError::Format { .. } => 2,
                MatchError::NoHands => 3,
                MatchError::FirstDealer { .. } => 4,
                MatchError::HandAfterEnd => 5,
                MatchError::DealerOutOfTurn { .. } => 6,
                MatchError::NextHandNotNow => 7,
            },
            8,
        );
    }
}
