//! Why a reviewed decision was not the best ([`ReviewReason`]) and why a decision was not reviewed
//! ([`NotReviewed`]), as data: an id and typed parameters, with an English `Display` for the command
//! line (the app words them per language, see "Messages as data" in docs/engine.md).
//!
//! One reason per decision, agreeing with its mark: a loss inside the search's noise gets "within
//! the noise", a good mark only what the search measured, and a reason against the move comes only
//! with an inaccuracy or worse. Then the most concrete that holds, each a true statement about the
//! position as the seat saw it (the tests state each one's condition and check it over thousands of
//! generated decisions): a better special action (the exchange, mano negra); then what the cards do
//! in the trick — a trick a partner who signalled trumps and plays last would take, not left (or
//! loaded) to them; the better card takes the trick and the points on the table, the trick could not be
//! taken and the card played gave more points than the better one, the card played gave its points
//! to a rival's trick where the better one gave fewer (a gift, in card points), a ten-pointer led under a higher
//! card still out, a trump spent on an empty trick, a partner's trick taken over, a trump played
//! where a plain card would do while more points in aces and threes are still out than the trick
//! holds; and only then what the search measured — a better win chance, else more card points, else
//! a better standing in the match, else a difference within the search's noise. Deliberately
//! absent: reasons that need the line of play after the decision (which trick the kept trump
//! actually took would be hindsight; that aces and threes are still out is the position).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::habit::Habit;
use super::mark::{Cost, Mark, clear};
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
    /// The better card takes the trick (nobody after can take it back), where the card played,
    /// with no partner after, left the trick and some points to the other side.
    TakesTrick {
        /// The card played (it does not take the trick).
        played: Card,
        /// The better card.
        better: Card,
        /// Card points left to the other side: the other players' cards on the table and the card
        /// played.
        points: u16,
    },
    /// No legal card could take the trick, and the card played gave points where the better one
    /// gives none.
    PointsIntoLostTrick {
        /// The card played.
        played: Card,
        /// Its points.
        points: u16,
        /// The better card, worth nothing.
        better: Card,
    },
    /// No legal card could take the trick, and the better card gives fewer points than the one
    /// played.
    FewerPointsIntoLostTrick {
        /// The card played.
        played: Card,
        /// Its points.
        points: u16,
        /// The better card.
        better: Card,
        /// Its points (fewer, more than none).
        better_points: u16,
    },
    /// Card points given to the other side: a rival holds the trick and no partner plays after, the
    /// card played does not take it and neither does the better card, which gives nothing (the trick
    /// could be taken, by another card: "no card could take it" is [`ReviewReason::PointsIntoLostTrick`]).
    GavePoints {
        /// The card played.
        played: Card,
        /// Its points, given to the other side.
        points: u16,
        /// The card holding the trick.
        on: Card,
        /// The better card, worth nothing.
        better: Card,
    },
    /// As [`ReviewReason::GavePoints`], where the better card gives fewer points than the one played
    /// but more than none.
    GaveMorePoints {
        /// The card played.
        played: Card,
        /// Its points, given to the other side.
        points: u16,
        /// The card holding the trick.
        on: Card,
        /// The better card.
        better: Card,
        /// Its points (fewer, more than none).
        better_points: u16,
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
    /// A trump spent on a trick with no points, where the better card is not a trump.
    TrumpSpent {
        /// The trump played.
        played: Card,
        /// The better card.
        better: Card,
    },
    /// A trump played where the better card is not one, while more card points in plain aces and
    /// threes are still to be played than the trick holds: a trump kept takes any of them later.
    TrumpForLater {
        /// The trump played.
        played: Card,
        /// The better card, not a trump.
        better: Card,
        /// Card points of the aces and threes of the other suits still to be played (not in the
        /// seat's hand, not played yet).
        out: u16,
    },
    /// The trick was taken from a partner who held it, where the better card leaves it to them.
    PartnerHeld {
        /// The card played.
        played: Card,
        /// The better card.
        better: Card,
    },
    /// The partner who plays last in the trick signalled trumps, a rival holds it and no plain card
    /// held takes it: the better card, a plain one, leaves the trick to the partner (loading it
    /// with more points, or keeping the trump played).
    PartnerSignalledTrumps {
        /// The card played: a trump, or a plain card with fewer points.
        played: Card,
        /// The better card.
        better: Card,
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
        /// Expected card points gained, one decimal (at least 0.1).
        points: f32,
    },
    /// The better action leaves a better standing in the match (game- and card-point matches,
    /// where the search's value is the lead in the match and not shown).
    BetterStanding {
        /// The better action.
        better: Action,
    },
    /// The better action was valued higher by less than the shown units tell apart (within the
    /// search's noise: such a decision is marked good at worst).
    Slightly {
        /// The better action.
        better: Action,
    },
}

impl ReviewReason {
    /// Whether the reason only states what the search measured (a win chance, card points, a
    /// standing, a difference within the noise) rather than a fault in the move: the reasons a good
    /// mark may come with. Every other reason comes with an inaccuracy or worse.
    pub fn is_measured(&self) -> bool {
        matches!(
            self,
            ReviewReason::WinsMoreOften { .. }
                | ReviewReason::MorePoints { .. }
                | ReviewReason::BetterStanding { .. }
                | ReviewReason::Slightly { .. }
        )
    }
}

/// Win-chance gains below this (percentage points) are explained by points instead.
const WIN_GAIN_SHOWN: f32 = 1.0;

/// The reason `best` beats `taken` in the observing seat's position, given what the decision cost
/// and the mark it got — so the two agree: a loss inside the search's noise gets
/// [`ReviewReason::Slightly`] and nothing against the move; a good mark (a small loss beyond the
/// noise) only what the search measured, in the unit where it is beyond the noise; a reason against
/// the move (a better special action, what the cards do in the trick, a ten-pointer exposed, a trump
/// spent) only with an inaccuracy or worse.
pub(super) fn explain(
    obs: &Observation,
    taken: &ActionValue,
    best: &ActionValue,
    cost: &Cost,
    mark: Mark,
    habits: &[Habit],
) -> ReviewReason {
    let better = best.action;
    if mark < Mark::Inaccuracy {
        return measured_for(taken, best, cost);
    }
    match better {
        Action::Exchange(gave) => {
            if let Some(took) = obs.face_up_trump {
                return ReviewReason::TakeExchange { gave, took };
            }
        }
        Action::ManoNegra => return ReviewReason::ShowManoNegra,
        _ => {}
    }
    if let (Action::Play(played), Action::Play(card)) = (taken.action, better)
        && let Some(reason) = in_the_trick(obs, played, card, habits)
    {
        return reason;
    }
    if let Action::Play(played) = taken.action
        && habits.contains(&Habit::LedExposedTen)
        && let Some(reason) = exposed_ten(obs, played, better)
    {
        return reason;
    }
    if let (Action::Play(played), Action::Play(card)) = (taken.action, better)
        && let Some(reason) = trump_for_later(obs, played, card)
    {
        return reason;
    }
    measured(taken, best, cost)
}

/// What the cards do in the trick, when that says why `better` beats `played`.
fn in_the_trick(
    obs: &Observation,
    played: Card,
    better: Card,
    habits: &[Habit],
) -> Option<ReviewReason> {
    let s = Situation::from_observation(obs, true);
    let (holder, top) = s.best()?;
    let takes = |c: Card| s.beats(c, top);
    if holder == s.seat {
        // Two cards each per trick: the seat holds it with its own first card.
        return None;
    }
    if s.is_ally(holder) {
        let overtook = habits.contains(&Habit::OvertookPartner) && takes(played);
        return (overtook && !takes(better))
            .then_some(ReviewReason::PartnerHeld { played, better });
    }
    let plain_takes = s.legal.iter().any(|c| !s.is_trump(c) && takes(c));
    let loads_more = s.is_trump(played) || s.points(better) > s.points(played);
    if s.backed && !plain_takes && !s.is_trump(better) && loads_more {
        return Some(ReviewReason::PartnerSignalledTrumps { played, better });
    }
    // What the card played left to the other side: the others' cards on the table and its own.
    let points = s.table_points() + s.points(played);
    let safe = !(s.rivals_after() && s.can_be_beaten(better));
    let partner_after = s.after().iter().any(|&seat| s.is_ally(seat));
    if points > 0 && takes(better) && !takes(played) && safe && !partner_after {
        return Some(ReviewReason::TakesTrick {
            played,
            better,
            points,
        });
    }
    if habits.contains(&Habit::TrumpedEmptyTrick) && !s.is_trump(better) {
        return Some(ReviewReason::TrumpSpent { played, better });
    }
    let lost = !partner_after && !s.legal.iter().any(takes);
    let (given, cheaper) = (s.points(played), s.points(better));
    if lost && cheaper < given {
        return Some(if cheaper == 0 {
            ReviewReason::PointsIntoLostTrick {
                played,
                points: given,
                better,
            }
        } else {
            ReviewReason::FewerPointsIntoLostTrick {
                played,
                points: given,
                better,
                better_points: cheaper,
            }
        });
    }
    // Neither card takes the trick a rival holds, and no partner plays after to take it back: the
    // card played gives its points to the other side, the better one fewer.
    let gives = !partner_after && !takes(played) && !takes(better);
    if gives && cheaper < given {
        return Some(if cheaper == 0 {
            ReviewReason::GavePoints {
                played,
                points: given,
                on: top,
                better,
            }
        } else {
            ReviewReason::GaveMorePoints {
                played,
                points: given,
                on: top,
                better,
                better_points: cheaper,
            }
        });
    }
    None
}

/// The ten-pointer led under a higher card of its suit still out.
fn exposed_ten(obs: &Observation, played: Card, better: Action) -> Option<ReviewReason> {
    let s = Situation::from_observation(obs, true);
    s.threats
        .iter()
        .filter(|&t| t.suit() == played.suit() && s.beats(t, played))
        .max_by_key(|&t| s.strength(t))
        .map(|threat| ReviewReason::ExposedTen {
            played,
            threat,
            better,
        })
}

/// The trump played where a plain card was better, with more points in plain aces and threes still
/// to be played than the trick holds, and tricks left to take them in.
fn trump_for_later(obs: &Observation, played: Card, better: Card) -> Option<ReviewReason> {
    let s = Situation::from_observation(obs, true);
    if !s.is_trump(played) || s.is_trump(better) || obs.hand.len() < 2 {
        return None;
    }
    let to_play = obs.ruleset.deck_cards() - obs.hand - obs.played_cards();
    let out: u16 = to_play
        .iter()
        .filter(|&c| !s.is_trump(c) && s.points(c) >= 10)
        .map(|c| s.points(c))
        .sum();
    (out > s.table_points()).then_some(ReviewReason::TrumpForLater {
        played,
        better,
        out,
    })
}

/// A reason stored by an earlier review format, made to agree with its mark as [`explain`] makes
/// its own: what the search measured (or "within the noise") unless the mark is an inaccuracy or
/// worse.
pub(super) fn agreeing(
    reason: ReviewReason,
    taken: &ActionValue,
    best: &ActionValue,
    cost: &Cost,
    mark: Mark,
) -> ReviewReason {
    if mark < Mark::Inaccuracy {
        measured_for(taken, best, cost)
    } else {
        reason
    }
}

/// The reason for a good mark: "within the noise" when nothing is clear of it, else what the search
/// measured.
fn measured_for(taken: &ActionValue, best: &ActionValue, cost: &Cost) -> ReviewReason {
    if cost.clear_loss() <= 0.0 {
        ReviewReason::Slightly {
            better: best.action,
        }
    } else {
        measured(taken, best, cost)
    }
}

/// What the search measured, in a unit where it is beyond the search's noise: a better win chance,
/// else more card points, else a better standing in the match, else a difference the shown units do
/// not tell apart.
fn measured(taken: &ActionValue, best: &ActionValue, cost: &Cost) -> ReviewReason {
    let better = best.action;
    let percent = |x: f32| x.round().clamp(0.0, 100.0) as u8;
    let (win_percent, taken_percent) = (percent(best.win_percent), percent(taken.win_percent));
    let win_clear = clear(cost.win, cost.win_noise) > 0.0;
    if win_clear && cost.win >= WIN_GAIN_SHOWN && win_percent > taken_percent {
        return ReviewReason::WinsMoreOften {
            better,
            win_percent,
            taken_percent,
        };
    }
    let points_clear = cost
        .points
        .is_some_and(|p| clear(p, cost.points_noise.unwrap_or(0.0)) > 0.0);
    match cost.points.map(|p| (p * 10.0).round() / 10.0) {
        Some(points) if points >= 0.1 && points_clear => {
            ReviewReason::MorePoints { better, points }
        }
        None if cost.win > 0.0 || best.value > taken.value => {
            ReviewReason::BetterStanding { better }
        }
        _ => ReviewReason::Slightly { better },
    }
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
            R::TakesTrick {
                played,
                better,
                points,
            } => write!(
                f,
                "The {} would have taken the trick; the {} left it and {points} points to the other side",
                better.name(),
                played.name()
            ),
            R::PointsIntoLostTrick {
                played,
                points,
                better,
            } => write!(
                f,
                "No card could take the trick: the {} gave away {points} points, the {} would have cost nothing",
                played.name(),
                better.name()
            ),
            R::FewerPointsIntoLostTrick {
                played,
                points,
                better,
                better_points,
            } => write!(
                f,
                "No card could take the trick: the {} gave away {points} points, the {} only {better_points}",
                played.name(),
                better.name()
            ),
            R::GavePoints {
                played,
                points,
                on,
                better,
            } => write!(
                f,
                "You gave {points} points: the {} on the {}, when the {} lost nothing",
                played.name(),
                on.name(),
                better.name()
            ),
            R::GaveMorePoints {
                played,
                points,
                on,
                better,
                better_points,
            } => write!(
                f,
                "You gave {points} points: the {} on the {}, when the {} gave only {better_points}",
                played.name(),
                on.name(),
                better.name()
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
                "The trick held no points: keep the {} and play the {}",
                played.name(),
                better.name()
            ),
            R::TrumpForLater {
                played,
                better,
                out,
            } => write!(
                f,
                "Keep the {} for later: a trump takes any of the aces and threes still out ({out} points); play the {}",
                played.name(),
                better.name()
            ),
            R::PartnerHeld { played, better } => write!(
                f,
                "Your partner held the trick: the {} took it from them; the {} would have left it",
                played.name(),
                better.name()
            ),
            R::PartnerSignalledTrumps { played, better } => write!(
                f,
                "Your partner signalled trumps and plays last: the {} left the trick to them, better than the {}",
                better.name(),
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
                write!(f, "Play {better}: about {points:.1} more card points")
            }
            R::BetterStanding { better } => {
                write!(f, "Play {better}: a better standing in the match")
            }
            R::Slightly { better } => write!(
                f,
                "Play {better}: valued a little higher, within the search's noise"
            ),
        }
    }
}

impl Message for ReviewReason {
    const KIND: &'static str = "review-reason";

    fn examples() -> Vec<ReviewReason> {
        use ReviewReason as R;
        let played = Card::new(Suit::Cups, Rank::Three);
        let card = Card::new(Suit::Cups, Rank::Two);
        let better = Action::Play(card);
        vec![
            R::TakeExchange {
                gave: Card::new(Suit::Coins, Rank::Seven),
                took: Card::new(Suit::Coins, Rank::Ace),
            },
            R::ShowManoNegra,
            R::TakesTrick {
                played,
                better: card,
                points: 11,
            },
            R::PointsIntoLostTrick {
                played,
                points: 10,
                better: card,
            },
            R::FewerPointsIntoLostTrick {
                played,
                points: 10,
                better: Card::new(Suit::Cups, Rank::Jack),
                better_points: 2,
            },
            R::GavePoints {
                played: Card::new(Suit::Swords, Rank::Ace),
                points: 11,
                on: Card::new(Suit::Coins, Rank::Seven),
                better: Card::new(Suit::Swords, Rank::Two),
            },
            R::GaveMorePoints {
                played: Card::new(Suit::Swords, Rank::Ace),
                points: 11,
                on: Card::new(Suit::Coins, Rank::Seven),
                better: Card::new(Suit::Swords, Rank::Jack),
                better_points: 2,
            },
            R::ExposedTen {
                played,
                threat: Card::new(Suit::Cups, Rank::Ace),
                better,
            },
            R::TrumpSpent {
                played,
                better: card,
            },
            R::TrumpForLater {
                played: Card::new(Suit::Coins, Rank::Three),
                better: card,
                out: 32,
            },
            R::PartnerHeld {
                played,
                better: card,
            },
            R::PartnerSignalledTrumps {
                played: Card::new(Suit::Coins, Rank::Four),
                better: card,
            },
            R::WinsMoreOften {
                better,
                win_percent: 64,
                taken_percent: 51,
            },
            R::MorePoints {
                better,
                points: 4.5,
            },
            R::BetterStanding { better },
            R::Slightly { better },
        ]
    }
}

/// Why a decision was not reviewed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "id", rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum NotReviewed {
    /// The chiamata auction (bids and the call), in a review stored before bids and calls were rated.
    Auction,
    /// The recorded action is not one of the seat's legal actions in its observation.
    NotLegal {
        /// The action.
        action: Action,
    },
    /// The table made this move for the person at the seat — their turn timer ran out, or an AI
    /// stood in while they were away — so it is not their decision to rate.
    PlayedFor,
}

impl fmt::Display for NotReviewed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotReviewed::Auction => {
                f.write_str("Not reviewed: this review was made before bids and calls were rated")
            }
            NotReviewed::NotLegal { action } => {
                write!(f, "Not reviewed: {action} was not a legal action here")
            }
            NotReviewed::PlayedFor => f.write_str(
                "Played for you by the table (your time ran out, or you were away): not rated",
            ),
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
            NotReviewed::PlayedFor,
        ]
    }
}

#[cfg(test)]
#[path = "reason_tests.rs"]
mod tests;
