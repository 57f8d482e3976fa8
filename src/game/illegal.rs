//! [`IllegalAction`]: why an action was refused, as data (an id and typed parameters) with an English
//! rendering. One variant per rule that refuses, so a user interface words each precisely.

use serde::{Deserialize, Serialize};

use super::{Action, Bid, Phase, Seat};
use crate::message::Message;
use crate::{Card, Rank, Suit};

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "id", rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum IllegalAction {
    /// The hand is over.
    #[error("the hand is over")]
    HandOver,
    /// The action does not belong to this phase (a bid while cards are played, …).
    #[error("`{action}` is not possible now: the game is in the {phase:?} phase")]
    WrongPhase {
        /// The refused action.
        action: Action,
        /// The current phase.
        phase: Phase,
    },
    /// The seat does not hold the card.
    #[error("seat {seat} does not hold {card}")]
    CardNotHeld {
        /// The seat to move.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// The duty to follow suit forbids the card.
    #[error("{card} cannot be played: you must follow the suit led")]
    MustFollow {
        /// The card.
        card: Card,
    },
    /// The duty to follow suit and win the trick forbids the card.
    #[error("{card} cannot be played: you must follow the suit led and win the trick if you can")]
    MustFollowAndBeat {
        /// The card.
        card: Card,
    },
    /// These rules have no exchange.
    #[error("exchanging {card} is not allowed: these rules have no trump exchange")]
    NoExchange {
        /// The card offered.
        card: Card,
    },
    /// The face-up trump has been drawn.
    #[error("exchanging {card} is not allowed: the face-up trump has already been drawn")]
    FaceUpDrawn {
        /// The card offered.
        card: Card,
    },
    /// Only a trump is exchanged.
    #[error("exchanging {card} is not allowed: only a trump can be exchanged")]
    ExchangeNotTrump {
        /// The card offered.
        card: Card,
    },
    /// Under `two-before-first-trick`, only the 2 of trumps.
    #[error("exchanging {card} is not allowed: only the 2 of trumps takes the face-up trump")]
    ExchangeOnlyTwo {
        /// The card offered.
        card: Card,
    },
    /// Under `two-before-first-trick`, only during the first trick.
    #[error(
        "exchanging {card} is not allowed: the 2 takes the face-up trump only during the first trick"
    )]
    ExchangeFirstTrick {
        /// The card offered.
        card: Card,
    },
    /// Under `seven-and-two-after-winning`, only when leading after winning a trick.
    #[error(
        "exchanging {card} is not allowed: exchanges are allowed only when leading after winning a trick"
    )]
    ExchangeAfterWinning {
        /// The card offered.
        card: Card,
    },
    /// The 7 takes only a face-up trump ranked above it.
    #[error(
        "exchanging {card} is not allowed: the 7 takes only a face-up trump ranked above the 7"
    )]
    SevenTakesHigher {
        /// The card offered.
        card: Card,
        /// The face-up trump.
        face_up: Card,
    },
    /// The 2 takes only a face-up 4, 5, 6 or 7.
    #[error("exchanging {card} is not allowed: the 2 takes only a face-up 4, 5, 6 or 7")]
    TwoTakesLow {
        /// The card offered.
        card: Card,
        /// The face-up trump.
        face_up: Card,
    },
    /// Only the 7 or the 2 of trumps is exchanged.
    #[error("exchanging {card} is not allowed: only the 7 or the 2 of trumps can be exchanged")]
    ExchangeSevenOrTwo {
        /// The card offered.
        card: Card,
    },
    /// These rules have no mano negra.
    #[error("mano negra is not possible: these rules do not play mano negra")]
    NoManoNegra,
    /// No trump suit is known yet.
    #[error("mano negra is not possible: there is no trump suit yet")]
    ManoNegraNoTrump,
    /// The hand lacks the ace, three or king of trumps.
    #[error("mano negra is not possible: it needs the ace, three and king of trumps in your hand")]
    ManoNegraNotHeld {
        /// The trump suit.
        trump: Suit,
    },
    /// No card of the bid rank is in the deck.
    #[error("bid {} is not allowed: no card of that rank is in the deck", bid_text(.bid))]
    BidRank {
        /// The bid.
        bid: Bid,
    },
    /// Points out of range.
    #[error("bid {} is not allowed: points are bid from {min} to {max}", bid_text(.bid))]
    BidPoints {
        /// The bid.
        bid: Bid,
        /// The fewest points.
        min: u8,
        /// The most.
        max: u8,
    },
    /// Points raised with a card that may not raise them.
    #[error(
        "bid {} is not allowed: points are raised only with the lowest card, or by forcing the current bid's card",
        bid_text(.bid)
    )]
    BidRaise {
        /// The bid.
        bid: Bid,
    },
    /// Not higher than the current bid.
    #[error("bid {} is not allowed: it must be higher than {}", bid_text(.bid), bid_text(.best))]
    BidTooLow {
        /// The bid.
        bid: Bid,
        /// The current highest bid.
        best: Bid,
    },
    /// A call before anyone bid.
    #[error("cannot call {card}: nobody has bid")]
    CallNoBid {
        /// The card.
        card: Card,
    },
    /// The called card's rank is not the bid's.
    #[error("cannot call {card}: the called card must have the rank of the winning bid")]
    CallRank {
        /// The card.
        card: Card,
        /// The winning bid's rank.
        rank: Rank,
    },
    /// The called card is not in the deck.
    #[error("cannot call {card}: that card is not in the deck")]
    CallNotInDeck {
        /// The card.
        card: Card,
    },
    /// These rules have no señas.
    #[error("these rules have no señas")]
    NoSenas,
    /// One seña a trick for the seat to move.
    #[error("a seña has already been made in this trick")]
    SignalledThisTrick,
}

/// A bid as the action text writes it after `bid ` (`K`, `2:70`).
fn bid_text(bid: &Bid) -> String {
    let text = Action::Bid(*bid).to_string();
    text.trim_start_matches("bid ").to_string()
}

impl Message for IllegalAction {
    const KIND: &'static str = "illegal-action";

    fn examples() -> Vec<IllegalAction> {
        use IllegalAction as I;
        let card = Card::new(Suit::Coins, Rank::Seven);
        let face_up = Card::new(Suit::Coins, Rank::Two);
        let bid = Bid {
            rank: Rank::King,
            points: 61,
        };
        vec![
            I::HandOver,
            I::WrongPhase {
                action: Action::Pass,
                phase: Phase::Playing,
            },
            I::CardNotHeld { seat: 1, card },
            I::MustFollow { card },
            I::MustFollowAndBeat { card },
            I::NoExchange { card },
            I::FaceUpDrawn { card },
            I::ExchangeNotTrump { card },
            I::ExchangeOnlyTwo { card },
            I::ExchangeFirstTrick { card },
            I::ExchangeAfterWinning { card },
            I::SevenTakesHigher { card, face_up },
            I::TwoTakesLow {
                card: face_up,
                face_up: card,
            },
            I::ExchangeSevenOrTwo { card },
            I::NoManoNegra,
            I::ManoNegraNoTrump,
            I::ManoNegraNotHeld { trump: Suit::Cups },
            I::BidRank { bid },
            I::BidPoints {
                bid,
                min: Bid::MIN_POINTS,
                max: Bid::MAX_POINTS,
            },
            I::BidRaise { bid },
            I::BidTooLow {
                bid,
                best: Bid {
                    rank: Rank::Two,
                    points: 61,
                },
            },
            I::CallNoBid { card },
            I::CallRank {
                card,
                rank: Rank::King,
            },
            I::CallNotInDeck { card },
            I::NoSenas,
            I::SignalledThisTrick,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::message::assert_examples_cover;

    #[test]
    fn examples_cover_every_refusal() {
        use IllegalAction as I;
        assert_examples_cover::<IllegalAction>(
            |m| match m {
                I::HandOver => 0,
                I::WrongPhase { .. } => 1,
                I::CardNotHeld { .. } => 2,
                I::MustFollow { .. } => 3,
                I::MustFollowAndBeat { .. } => 4,
                I::NoExchange { .. } => 5,
                I::FaceUpDrawn { .. } => 6,
                I::ExchangeNotTrump { .. } => 7,
                I::ExchangeOnlyTwo { .. } => 8,
                I::ExchangeFirstTrick { .. } => 9,
                I::ExchangeAfterWinning { .. } => 10,
                I::SevenTakesHigher { .. } => 11,
                I::TwoTakesLow { .. } => 12,
                I::ExchangeSevenOrTwo { .. } => 13,
                I::NoManoNegra => 14,
                I::ManoNegraNoTrump => 15,
                I::ManoNegraNotHeld { .. } => 16,
                I::BidRank { .. } => 17,
                I::BidPoints { .. } => 18,
                I::BidRaise { .. } => 19,
                I::BidTooLow { .. } => 20,
                I::CallNoBid { .. } => 21,
                I::CallRank { .. } => 22,
                I::CallNotInDeck { .. } => 23,
                I::NoSenas => 24,
                I::SignalledThisTrick => 25,
            },
            26,
        );
    }

    #[test]
    fn the_english_rendering_names_the_bid() {
        let bid = Bid {
            rank: Rank::Two,
            points: 70,
        };
        let best = Bid {
            rank: Rank::Two,
            points: 75,
        };
        assert_eq!(
            IllegalAction::BidTooLow { bid, best }.to_string(),
            "bid 2:70 is not allowed: it must be higher than 2:75"
        );
    }
}
