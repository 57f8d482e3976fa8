//! Why a reviewed decision was not the best ([`ReviewReason`]) and why a decision was not reviewed
//! ([`NotReviewed`]), as data: an id and typed parameters, with an English `Display` for the command
//! line (the app words them per language, see "Messages as data" in docs/engine.md).
//!
//! One reason per decision, agreeing with its mark: a loss inside the search's noise gets "within
//! the noise", a good mark only what the search measured, and a reason against the move comes only
//! with an inaccuracy or worse. Then the most concrete that holds, each a true statement about the
//! position as the seat saw it (the tests state each one's condition and check it over thousands of
//! generated decisions): a better special action (the exchange, mano negra); then what the cards do
//! in the trick — the better card takes the trick and the points on the table, the trick could not be
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
    /// The chiamata auction (bids and the call): the AI does not search it, so it cannot judge it.
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
            NotReviewed::Auction => f.write_str(
                "Not reviewed: the auction is not searched, so bids and calls are not rated",
            ),
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
mod tests {
    use super::*;
    use crate::Game;
    use crate::ai::review::habit;
    use crate::ai::review::mark::WinOf;
    use crate::ai::test_deal::{card, every_preset, random_positions};
    use crate::message::assert_examples_cover;

    /// Whether `c`, played after `best`, takes the trick: the rule, written out apart from the AI.
    fn beats(obs: &Observation, c: Card, best: Card) -> bool {
        let order = obs.ruleset.order;
        if c.suit() == best.suit() {
            order.card_strength(c) > order.card_strength(best)
        } else {
            Some(c.suit()) == obs.trump
        }
    }

    /// The play winning the trick in progress.
    fn winning(obs: &Observation) -> Option<(u8, Card)> {
        let mut top: Option<(u8, Card)> = None;
        for p in &obs.current_trick {
            top = match top {
                Some((_, b)) if !beats(obs, p.card, b) => top,
                _ => Some((p.seat, p.card)),
            };
        }
        top
    }

    fn points(obs: &Observation, c: Card) -> u16 {
        u16::from(obs.ruleset.order.card_points(c))
    }

    fn legal_cards(obs: &Observation) -> Vec<Card> {
        obs.legal_actions
            .iter()
            .filter_map(|a| match a {
                Action::Play(c) => Some(*c),
                _ => None,
            })
            .collect()
    }

    /// The seats still to play in this trick after the seat to move.
    fn after(game: &Game, obs: &Observation) -> Vec<u8> {
        let players = obs.ruleset.players;
        let played = obs.current_trick.len() as u8 + 1;
        (1..=players.saturating_sub(played))
            .map(|i| (obs.seat + i) % players)
            .filter(|&s| s != obs.seat)
            .take_while(|_| game.rules().players > 0)
            .collect()
    }

    /// Whether a rival holds the trick with `on` (the play winning it, `top`), neither `played`
    /// nor `better` takes it, and no partner plays after: what a gift of points needs.
    fn gives(
        game: &Game,
        obs: &Observation,
        top: Option<(u8, Card)>,
        played: Card,
        better: Card,
        on: Card,
        partner: &dyn Fn(u8) -> bool,
    ) -> bool {
        top.is_some_and(|(holder, b)| {
            b == on
                && holder != obs.seat
                && !partner(holder)
                && !beats(obs, played, b)
                && !beats(obs, better, b)
                && !after(game, obs).iter().any(|&s| partner(s))
        })
    }

    /// Whether `reason`, given for playing `taken` in `obs` (from `game`) rather than the better
    /// action, is a true statement about the position.
    fn holds(game: &Game, obs: &Observation, taken: Action, reason: &ReviewReason) -> bool {
        use ReviewReason as R;
        let top = winning(obs);
        let takes = |c: Card| top.is_none_or(|(_, b)| beats(obs, c, b));
        let on_table: u16 = obs.current_trick.iter().map(|p| points(obs, p.card)).sum();
        let played_is = |c: &Card| taken == Action::Play(*c);
        // A partner the seat knows: its team, or the chiamata's declarer and called partner.
        let partner = |s: u8| {
            let team = obs
                .teams
                .as_ref()
                .is_some_and(|t| t[usize::from(s)] == t[usize::from(obs.seat)]);
            let called = obs.auction.as_ref().is_some_and(|a| {
                let pair = [a.declarer, a.partner];
                let mine = pair.contains(&Some(obs.seat));
                let known = mine || a.partner.is_some();
                known && pair.contains(&Some(s)) == mine
            });
            s != obs.seat && (team || called)
        };
        let seen = |c: Card| {
            obs.hand.contains(c)
                || obs
                    .tricks
                    .iter()
                    .chain(std::iter::once(&crate::TrickView {
                        plays: obs.current_trick.clone(),
                        winner: 0,
                        points: 0,
                    }))
                    .any(|t| t.plays.iter().any(|p| p.card == c))
        };
        match reason {
            R::TakeExchange { gave, took } => {
                obs.legal_actions.contains(&Action::Exchange(*gave))
                    && obs.face_up_trump == Some(*took)
            }
            R::ShowManoNegra => obs.legal_actions.contains(&Action::ManoNegra),
            R::TakesTrick {
                played,
                better,
                points: p,
            } => {
                // The better card takes the trick, no rival after holds a card that takes it back
                // (in the real deal), the card played does not take it, and the points are the
                // others' cards on the table.
                let rivals_after = after(game, obs);
                let safe = rivals_after
                    .iter()
                    .all(|&s| game.hand(s).iter().all(|c| !beats(obs, c, *better)) || partner(s));
                played_is(played)
                    && top.is_some()
                    && takes(*better)
                    && !takes(*played)
                    && safe
                    && *p == on_table + points(obs, *played)
                    && *p > 0
                    && !rivals_after.iter().any(|&s| partner(s))
            }
            R::PointsIntoLostTrick {
                played,
                points: p,
                better,
            } => {
                played_is(played)
                    && top.is_some()
                    && legal_cards(obs).iter().all(|&c| !takes(c))
                    && *p == points(obs, *played)
                    && *p > 0
                    && points(obs, *better) == 0
            }
            R::FewerPointsIntoLostTrick {
                played,
                points: p,
                better,
                better_points,
            } => {
                played_is(played)
                    && top.is_some()
                    && legal_cards(obs).iter().all(|&c| !takes(c))
                    && *p == points(obs, *played)
                    && *better_points == points(obs, *better)
                    && 0 < *better_points
                    && better_points < p
            }
            R::GavePoints {
                played,
                points: p,
                on,
                better,
            } => {
                // A rival holds the trick with `on`, neither card takes it, no partner plays after.
                let gave = gives(game, obs, top, *played, *better, *on, &partner);
                played_is(played)
                    && gave
                    && *p == points(obs, *played)
                    && *p > 0
                    && points(obs, *better) == 0
            }
            R::GaveMorePoints {
                played,
                points: p,
                on,
                better,
                better_points,
            } => {
                let gave = gives(game, obs, top, *played, *better, *on, &partner);
                played_is(played)
                    && gave
                    && *p == points(obs, *played)
                    && *better_points == points(obs, *better)
                    && 0 < *better_points
                    && better_points < p
            }
            R::ExposedTen { played, threat, .. } => {
                played_is(played)
                    && obs.current_trick.is_empty()
                    && points(obs, *played) >= 10
                    && threat.suit() == played.suit()
                    && beats(obs, *threat, *played)
                    && !seen(*threat)
            }
            R::TrumpSpent { played, better } => {
                played_is(played)
                    && top.is_some()
                    && on_table == 0
                    && Some(played.suit()) == obs.trump
                    && takes(*played)
                    && Some(better.suit()) != obs.trump
            }
            R::TrumpForLater {
                played,
                better,
                out,
            } => {
                // Aces and threes of the other suits neither in the hand nor played yet.
                let still_out: u16 = obs
                    .ruleset
                    .deck_cards()
                    .iter()
                    .filter(|&c| Some(c.suit()) != obs.trump && points(obs, c) >= 10 && !seen(c))
                    .map(|c| points(obs, c))
                    .sum();
                played_is(played)
                    && Some(played.suit()) == obs.trump
                    && Some(better.suit()) != obs.trump
                    && obs.hand.len() >= 2
                    && *out == still_out
                    && *out > on_table
            }
            R::PartnerHeld { played, better } => {
                played_is(played)
                    && top.is_some_and(|(s, _)| partner(s))
                    && takes(*played)
                    && !takes(*better)
            }
            // Measured reasons: checked against the values in their own test.
            R::WinsMoreOften { .. }
            | R::MorePoints { .. }
            | R::BetterStanding { .. }
            | R::Slightly { .. } => true,
        }
    }

    /// Values that do not explain anything by themselves (one point, no win chance), so the
    /// concrete reasons are the ones tried.
    fn values(taken: Action, better: Action) -> (ActionValue, ActionValue, Cost) {
        let value = |action, points| ActionValue {
            action,
            value: points,
            win_percent: 50.0,
            points: Some(points),
        };
        let cost = Cost {
            points: Some(1.0),
            points_noise: Some(0.0),
            of: WinOf::Hand,
            at_stake: true,
            ..Cost::default()
        };
        (value(taken, 60.0), value(better, 61.0), cost)
    }

    #[test]
    fn every_concrete_reason_is_true_over_generated_decisions() {
        let positions = random_positions(&every_preset(), 30, 7);
        let (mut decisions, mut concrete) = (0, 0);
        let mut kinds = std::collections::BTreeSet::new();
        for (game, obs) in &positions {
            if obs.phase != crate::Phase::Playing || obs.legal_actions.len() < 2 {
                continue;
            }
            decisions += 1;
            for &taken in &obs.legal_actions {
                let habits = habit::detect(obs, taken);
                for &better in obs.legal_actions.iter().filter(|&&a| a != taken) {
                    let (t, b, cost) = values(taken, better);
                    let reason = explain(obs, &t, &b, &cost, Mark::Inaccuracy, &habits);
                    assert!(
                        holds(game, obs, taken, &reason),
                        "{reason:?} for {taken} (better {better}) in {obs:?}"
                    );
                    if !matches!(reason, ReviewReason::MorePoints { .. }) {
                        concrete += 1;
                        kinds
                            .insert(serde_json::to_value(&reason).expect("json")["id"].to_string());
                    }
                }
            }
        }
        assert!(decisions >= 3000, "{decisions} decisions");
        assert!(concrete >= 3000, "{concrete} concrete reasons");
        // Every concrete kind met (mano negra is no preset's default: its own test shows it).
        eprintln!("{decisions} decisions, {concrete} concrete reasons: {kinds:?}");
        assert_eq!(kinds.len(), 10, "{kinds:?}");
    }

    #[test]
    fn a_card_that_would_have_won_the_trick_is_never_called_lost() {
        // Clubs are trumps (the seven of clubs turned up). Seat 1 leads the king of swords; seat 0
        // holds the ace of cups, the three of clubs and the four of coins. Was "The trick was
        // already lost: the ace gave away 11 points; the three of clubs would have cost nothing".
        let game = crate::ai::test_deal::two_player("Ks Ac 5d 3b 6d 4d 7b");
        let mut game = game;
        game.apply(Action::Play(card("Ks"))).expect("lead");
        let obs = game.observation(0);
        let (ace, three) = (Action::Play(card("Ac")), Action::Play(card("3b")));
        let (t, b, cost) = values(ace, three);
        let reason = explain(
            &obs,
            &t,
            &b,
            &cost,
            Mark::Inaccuracy,
            &habit::detect(&obs, ace),
        );
        assert_eq!(
            reason,
            ReviewReason::TakesTrick {
                played: card("Ac"),
                better: card("3b"),
                points: 15
            }
        );
        assert_eq!(
            reason.to_string(),
            "The three of clubs would have taken the trick; the ace of cups left it and 15 points to the other side"
        );
        assert!(!habit::detect(&obs, ace).contains(&Habit::PointsIntoLostTrick));
        // With only the four of coins as the better card, the trick could still be taken (by the
        // three of clubs): no "lost trick" reason, but the points the ace gave to the king.
        let four = Action::Play(card("4d"));
        let (t, b, cost) = values(ace, four);
        let reason = explain(
            &obs,
            &t,
            &b,
            &cost,
            Mark::Inaccuracy,
            &habit::detect(&obs, ace),
        );
        assert_eq!(
            reason,
            ReviewReason::GavePoints {
                played: card("Ac"),
                points: 11,
                on: card("Ks"),
                better: card("4d")
            }
        );
        assert!(holds(&game, &obs, ace, &reason));
    }

    #[test]
    fn a_trump_spent_on_a_small_trick_while_aces_and_threes_are_out_is_kept_for_later() {
        // Clubs are trumps (the seven of clubs turned up). Seat 1 leads the king of swords (4
        // points); seat 0 holds the two of clubs, the four of coins and the five of cups. No ace or
        // three of swords, cups or coins has been seen: 63 points still to be played.
        let mut game = crate::ai::test_deal::two_player("Ks 2b 5d 4d 6d 5c 7b");
        game.apply(Action::Play(card("Ks"))).expect("lead");
        let obs = game.observation(0);
        let (two, four) = (Action::Play(card("2b")), Action::Play(card("4d")));
        let (t, b, cost) = values(two, four);
        let reason = explain(
            &obs,
            &t,
            &b,
            &cost,
            Mark::Inaccuracy,
            &habit::detect(&obs, two),
        );
        assert_eq!(
            reason,
            ReviewReason::TrumpForLater {
                played: card("2b"),
                better: card("4d"),
                out: 63
            }
        );
        assert!(holds(&game, &obs, two, &reason));
        assert_eq!(
            reason.to_string(),
            "Keep the two of clubs for later: a trump takes any of the aces and threes still out (63 points); play the four of coins"
        );
        // The other way round (the four played, the trump better) is no such reason.
        let (t, b, cost) = values(four, two);
        let back = explain(
            &obs,
            &t,
            &b,
            &cost,
            Mark::Inaccuracy,
            &habit::detect(&obs, four),
        );
        assert!(
            !matches!(back, ReviewReason::TrumpForLater { .. }),
            "{back:?}"
        );
    }

    #[test]
    fn measured_reasons_state_what_the_values_show() {
        let a = Action::Play(card("Ac"));
        let b = Action::Play(card("2c"));
        let value = |action, win, points| ActionValue {
            action,
            value: 0.0,
            win_percent: win,
            points,
        };
        let cost = |win: f32, points: Option<f32>| Cost {
            win,
            points,
            at_stake: true,
            ..Cost::default()
        };
        let wins = measured(
            &value(a, 40.2, Some(50.0)),
            &value(b, 47.0, Some(52.0)),
            &cost(6.8, Some(2.0)),
        );
        assert_eq!(
            wins,
            ReviewReason::WinsMoreOften {
                better: b,
                win_percent: 47,
                taken_percent: 40
            }
        );
        // Less than a shown percentage point: the points.
        let more = measured(
            &value(a, 40.2, Some(50.0)),
            &value(b, 40.6, Some(52.04)),
            &cost(0.4, Some(2.04)),
        );
        assert_eq!(
            more,
            ReviewReason::MorePoints {
                better: b,
                points: 2.0
            }
        );
        // Nothing the units show: never "0.0 more points".
        let slight = measured(
            &value(a, 40.2, Some(50.0)),
            &value(b, 40.2, Some(50.02)),
            &cost(0.0, Some(0.02)),
        );
        assert_eq!(slight, ReviewReason::Slightly { better: b });
        // No points shown (a match of game points): the standing, without the search's value.
        let standing = measured(
            &value(a, 40.2, None),
            &value(b, 40.5, None),
            &cost(0.3, None),
        );
        assert_eq!(standing, ReviewReason::BetterStanding { better: b });
    }

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
                R::TakesTrick { .. } => 9,
                R::FewerPointsIntoLostTrick { .. } => 10,
                R::Slightly { .. } => 11,
                R::TrumpForLater { .. } => 12,
                R::GavePoints { .. } => 13,
                R::GaveMorePoints { .. } => 14,
            },
            15,
        );
        assert_examples_cover::<NotReviewed>(
            |m| match m {
                NotReviewed::Auction => 0,
                NotReviewed::NotLegal { .. } => 1,
                NotReviewed::PlayedFor => 2,
            },
            3,
        );
    }
}
