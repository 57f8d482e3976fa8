//! Why a reviewed decision was not the best ([`ReviewReason`]) and why a decision was not reviewed
//! ([`NotReviewed`]), as data: an id and typed parameters, with an English `Display` for the command
//! line (the app words them per language, see "Messages as data" in docs/engine.md).
//!
//! One reason per decision, the most specific that holds: a better special action (the exchange, mano
//! negra), then the habit the taken card shows, then what the search measured — a better win chance,
//! else more points, else a better standing in the match.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::habit::Habit;
use super::value::ActionValue;
use crate::ai::situation::Situation;
use crate::message::Message;
use crate::{Action, Card, Observation, Rank, Suit};

/// Why the best action was better than the one taken.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ReviewReason {
    /// The face-up trump should have been taken.
    TakeExchange {
        /// The card to give.
        gave: Card,
        /// The face-up trump to take.
        took: Card,
    },
    /// Mano negra should have been shown: it wins the hand.
    ShowManoNegra,
    /// Points given to a trick already lost, when a worthless card was held.
    PointsIntoLostTrick {
        /// The card played.
        played: Card,
        /// Its points.
        points: u16,
        /// The better action.
        better: Action,
    },
    /// A ten-pointer led while a higher card of its suit was out.
    ExposedTen {
        /// The card led.
        played: Card,
        /// The highest card of its suit still out.
        threat: Card,
        /// The better action.
        better: Action,
    },
    /// A trump spent on a trick with no points.
    TrumpSpent {
        /// The trump played.
        played: Card,
        /// The better action.
        better: Action,
    },
    /// The trick was taken from a partner who held it.
    PartnerHeld {
        /// The card played.
        played: Card,
        /// The better action.
        better: Action,
    },
    /// The better action wins more often.
    WinsMoreOften {
        /// The better action.
        better: Action,
        /// Its win chance, in percent.
        win_percent: u8,
        /// The taken action's win chance, in percent.
        taken_percent: u8,
    },
    /// The better action brings more card points.
    MorePoints {
        /// The better action.
        better: Action,
        /// Expected card points gained, one decimal.
        points: f32,
    },
    /// The better action leaves a better standing in the match (game- and card-point matches).
    BetterStanding {
        /// The better action.
        better: Action,
        /// Its gain in the search's value (card points), one decimal.
        value: f32,
    },
}

/// Win-chance gains below this (percentage points) are explained by points instead.
const WIN_GAIN_SHOWN: f32 = 1.0;

/// The reason `best` beats `taken` in the observing seat's position.
pub(super) fn explain(
    obs: &Observation,
    taken: &ActionValue,
    best: &ActionValue,
    habits: &[Habit],
) -> ReviewReason {
    let better = best.action;
    match better {
        Action::Exchange(gave) => {
            if let Some(took) = obs.face_up_trump {
                return ReviewReason::TakeExchange { gave, took };
            }
        }
        Action::ManoNegra => return ReviewReason::ShowManoNegra,
        _ => {}
    }
    if let Action::Play(played) = taken.action
        && let Some(reason) = habit_reason(obs, played, better, habits)
    {
        return reason;
    }
    let round = |x: f32| (x * 10.0).round() / 10.0;
    if best.win_percent - taken.win_percent >= WIN_GAIN_SHOWN {
        return ReviewReason::WinsMoreOften {
            better,
            win_percent: best.win_percent.round().clamp(0.0, 100.0) as u8,
            taken_percent: taken.win_percent.round().clamp(0.0, 100.0) as u8,
        };
    }
    match (best.points, taken.points) {
        (Some(b), Some(t)) => ReviewReason::MorePoints {
            better,
            points: round(b - t),
        },
        _ => ReviewReason::BetterStanding {
            better,
            value: round(best.value - taken.value),
        },
    }
}

/// The reason a habit of the card played gives, if it shows one.
fn habit_reason(
    obs: &Observation,
    played: Card,
    better: Action,
    habits: &[Habit],
) -> Option<ReviewReason> {
    let s = Situation::from_observation(obs, true);
    habits.iter().find_map(|habit| match habit {
        Habit::PointsIntoLostTrick => Some(ReviewReason::PointsIntoLostTrick {
            played,
            points: s.points(played),
            better,
        }),
        Habit::LedExposedTen => s
            .threats
            .iter()
            .filter(|&t| t.suit() == played.suit() && s.beats(t, played))
            .max_by_key(|&t| s.strength(t))
            .map(|threat| ReviewReason::ExposedTen {
                played,
                threat,
                better,
            }),
        Habit::TrumpedEmptyTrick => Some(ReviewReason::TrumpSpent { played, better }),
        Habit::OvertookPartner => Some(ReviewReason::PartnerHeld { played, better }),
        Habit::DeclinedExchange | Habit::DeclinedManoNegra => None,
    })
}

impl fmt::Display for ReviewReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ReviewReason as R;
        match self {
            R::TakeExchange { gave, took } => write!(
                f,
                "Swap the {} for the face-up {} first",
                gave.name(),
                took.name()
            ),
            R::ShowManoNegra => f.write_str("Show mano negra: it wins the hand"),
            R::PointsIntoLostTrick {
                played,
                points,
                better,
            } => write!(
                f,
                "The trick was lost: the {} gave away {points} points; play {better} instead",
                played.name()
            ),
            R::ExposedTen {
                played,
                threat,
                better,
            } => write!(
                f,
                "The {} was still out and could take the {}; play {better} instead",
                threat.name(),
                played.name()
            ),
            R::TrumpSpent { played, better } => write!(
                f,
                "The trick held no points: keep the {} and play {better}",
                played.name()
            ),
            R::PartnerHeld { played, better } => write!(
                f,
                "Your partner held the trick: the {} took it from them; play {better}",
                played.name()
            ),
            R::WinsMoreOften {
                better,
                win_percent,
                taken_percent,
            } => write!(
                f,
                "Play {better}: it wins {win_percent}% of the time, your move {taken_percent}%"
            ),
            R::MorePoints { better, points } => {
                write!(f, "Play {better}: about {points:.1} more points")
            }
            R::BetterStanding { better, value } => write!(
                f,
                "Play {better}: a better standing in the match (by about {value:.1} points)"
            ),
        }
    }
}

impl Message for ReviewReason {
    const KIND: &'static str = "review-reason";

    fn examples() -> Vec<ReviewReason> {
        use ReviewReason as R;
        let played = Card::new(Suit::Cups, Rank::Three);
        let better = Action::Play(Card::new(Suit::Cups, Rank::Two));
        vec![
            R::TakeExchange {
                gave: Card::new(Suit::Coins, Rank::Seven),
                took: Card::new(Suit::Coins, Rank::Ace),
            },
            R::ShowManoNegra,
            R::PointsIntoLostTrick {
                played,
                points: 10,
                better,
            },
            R::ExposedTen {
                played,
                threat: Card::new(Suit::Cups, Rank::Ace),
                better,
            },
            R::TrumpSpent { played, better },
            R::PartnerHeld { played, better },
            R::WinsMoreOften {
                better,
                win_percent: 64,
                taken_percent: 51,
            },
            R::MorePoints {
                better,
                points: 4.5,
            },
            R::BetterStanding {
                better,
                value: 12.0,
            },
        ]
    }
}

/// Why a decision was not reviewed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum NotReviewed {
    /// The chiamata auction (bids and the call): the AI does not search it, so it cannot judge it.
    Auction,
    /// The recorded action is not one of the seat's legal actions in its observation.
    NotLegal {
        /// The action.
        action: Action,
    },
}

impl fmt::Display for NotReviewed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotReviewed::Auction => f.write_str(
                "Not reviewed: the auction is not searched, so bids and calls are not rated",
            ),
            NotReviewed::NotLegal { action } => {
                write!(f, "Not reviewed: {action} was not a legal action here")
            }
        }
    }
}

impl Message for NotReviewed {
    const KIND: &'static str = "not-reviewed";

    fn examples() -> Vec<NotReviewed> {
        vec![
            NotReviewed::Auction,
            NotReviewed::NotLegal {
                action: Action::Pass,
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::message::assert_examples_cover;

    #[test]
    fn examples_cover_every_reason() {
        use ReviewReason as R;
        assert_examples_cover::<ReviewReason>(
            |m| match m {
                R::TakeExchange { .. } => 0,
                R::ShowManoNegra => 1,
                R::PointsIntoLostTrick { .. } => 2,
                R::ExposedTen { .. } => 3,
                R::TrumpSpent { .. } => 4,
                R::PartnerHeld { .. } => 5,
                R::WinsMoreOften { .. } => 6,
                R::MorePoints { .. } => 7,
                R::BetterStanding { .. } => 8,
            },
            9,
        );
        assert_examples_cover::<NotReviewed>(
            |m| match m {
                NotReviewed::Auction => 0,
                NotReviewed::NotLegal { .. } => 1,
            },
            2,
        );
    }
}
