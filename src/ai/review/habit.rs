//! [`Habit`]s: features of a decision that a player may repeat ("led a three while the ace of that
//! suit was out"), tagged from the seat's observation and the action taken, whatever the decision's
//! mark; and [`habit_stats`], which adds them up across reviews so the costly ones stand out.
//!
//! Each habit is a plain fact about the position, not a judgement: whether it cost anything is the
//! loss the search measured for the decisions that show it. Deliberately absent: habits that need the
//! line of play after the decision (they would be hindsight).

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::MatchReview;
use crate::ai::situation::Situation;
use crate::{Action, Card, Observation};

/// A feature of a decision, as an id the user interface words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Habit {
    /// Led a card worth 10 or more points while a higher card of its suit was still out (a three
    /// while the ace was out).
    LedExposedTen,
    /// Gave points to a trick already lost (a rival holds it, no partner is still to play, the card
    /// does not take it) while a worthless plain card was held.
    PointsIntoLostTrick,
    /// Trumped a trick with no points in it while a plain card was held.
    TrumpedEmptyTrick,
    /// Took the trick from a partner who held it.
    OvertookPartner,
    /// Did not take the face-up trump when the exchange was allowed.
    DeclinedExchange,
    /// Did not show mano negra when it was allowed.
    DeclinedManoNegra,
}

impl Habit {
    /// Every habit.
    pub const ALL: [Habit; 6] = [
        Habit::LedExposedTen,
        Habit::PointsIntoLostTrick,
        Habit::TrumpedEmptyTrick,
        Habit::OvertookPartner,
        Habit::DeclinedExchange,
        Habit::DeclinedManoNegra,
    ];
}

impl fmt::Display for Habit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Habit::LedExposedTen => "led a ten-pointer while a higher card of its suit was out",
            Habit::PointsIntoLostTrick => {
                "threw points into a lost trick while a worthless card was held"
            }
            Habit::TrumpedEmptyTrick => "trumped a worthless trick",
            Habit::OvertookPartner => "took the trick from a partner",
            Habit::DeclinedExchange => "did not take the face-up trump",
            Habit::DeclinedManoNegra => "did not show mano negra",
        })
    }
}

/// The habits `taken` shows, in the observing seat's position `obs` (its own turn).
pub(super) fn detect(obs: &Observation, taken: Action) -> Vec<Habit> {
    let mut habits = Vec::new();
    let declined =
        |offer: fn(&Action) -> bool| obs.legal_actions.iter().any(offer) && !offer(&taken);
    if declined(|a| matches!(a, Action::Exchange(_))) {
        habits.push(Habit::DeclinedExchange);
    }
    if declined(|a| *a == Action::ManoNegra) {
        habits.push(Habit::DeclinedManoNegra);
    }
    if let Action::Play(card) = taken {
        let s = Situation::from_observation(obs, true);
        habits.extend(card_habit(&s, card));
    }
    habits
}

/// The habit a card play shows, if any.
fn card_habit(s: &Situation, card: Card) -> Option<Habit> {
    let worthless_plain = s
        .legal
        .iter()
        .any(|c| c != card && s.points(c) == 0 && !s.is_trump(c));
    let Some((holder, best)) = s.best() else {
        let exposed = s.points(card) >= 10
            && s.rivals_after()
            && s.threats
                .iter()
                .any(|t| t.suit() == card.suit() && s.beats(t, card));
        return exposed.then_some(Habit::LedExposedTen);
    };
    let takes = s.beats(card, best);
    if s.is_ally(holder) {
        return takes.then_some(Habit::OvertookPartner);
    }
    let partner_after = s.after().iter().any(|&seat| s.is_ally(seat));
    if !takes && !partner_after && s.points(card) > 0 && worthless_plain {
        return Some(Habit::PointsIntoLostTrick);
    }
    let plain_held = s.legal.iter().any(|c| !s.is_trump(c));
    let trumps_in = takes && s.is_trump(card) && !s.is_trump(best);
    (trumps_in && s.table_points() == 0 && plain_held).then_some(Habit::TrumpedEmptyTrick)
}

/// How often a habit was shown across reviews and what it cost on average.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HabitStat {
    /// The habit.
    pub habit: Habit,
    /// Rated decisions that showed it.
    pub count: u32,
    /// Their mean loss beyond the search's noise ([`super::Rating::clear_loss`]; card points, 120 per
    /// outcome step).
    pub mean_loss: f32,
}

/// Every habit shown in `reviews`, with its count and mean loss, costliest first (by total loss).
pub fn habit_stats<'a>(reviews: impl IntoIterator<Item = &'a MatchReview>) -> Vec<HabitStat> {
    let mut totals: BTreeMap<Habit, (u32, f64)> = BTreeMap::new();
    for rating in reviews.into_iter().flat_map(MatchReview::ratings) {
        for &habit in &rating.habits {
            let entry = totals.entry(habit).or_default();
            entry.0 += 1;
            entry.1 += f64::from(rating.clear_loss());
        }
    }
    let mut stats: Vec<(f64, HabitStat)> = totals
        .into_iter()
        .map(|(habit, (count, loss))| {
            let stat = HabitStat {
                habit,
                count,
                mean_loss: (loss / f64::from(count)) as f32,
            };
            (loss, stat)
        })
        .collect();
    stats.sort_by(|a, b| b.0.total_cmp(&a.0));
    stats.into_iter().map(|(_, stat)| stat).collect()
}
