//! [`Habit`]s: features of a decision that a player may repeat ("led a three while the ace of that
//! suit was out"), tagged from the seat's observation and the action taken, whatever the decision's
//! mark; and [`habit_stats`], which adds them up across reviews so the costly ones stand out (through
//! [`HabitTotals`], which a store keeps beside each review).
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
    /// Gave points to a trick already lost (a rival holds it, no partner is still to play, no legal
    /// card takes it) while a worthless plain card was held.
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
    if holder == s.seat {
        return None;
    }
    if s.is_ally(holder) {
        return takes.then_some(Habit::OvertookPartner);
    }
    let partner_after = s.after().iter().any(|&seat| s.is_ally(seat));
    let lost = !s.legal.iter().any(|c| s.beats(c, best));
    if lost && !partner_after && s.points(card) > 0 && worthless_plain {
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
    /// Their mean loss on the review's scale beyond the search's noise ([`super::Rating::clear_loss`]):
    /// what ranks the habits.
    pub mean_loss: f32,
    /// Their mean win chance lost, in percentage points (as the decisions show it).
    #[serde(default)]
    pub mean_win: f32,
    /// Their mean expected card points lost (as the decisions show it), over the decisions that show
    /// card points; `None` when none does.
    #[serde(default)]
    pub mean_points: Option<f32>,
}

/// Every habit shown in `reviews`, with its count and mean loss, costliest first (by total loss).
pub fn habit_stats<'a>(reviews: impl IntoIterator<Item = &'a MatchReview>) -> Vec<HabitStat> {
    let mut totals = HabitTotals::default();
    for review in reviews {
        totals.merge(&HabitTotals::of(review));
    }
    totals.stats()
}

/// The habits of one review or several added up, small enough to keep beside a stored review
/// (one entry per habit shown), so statistics over many reviews add these instead of reading each
/// review whole: [`habit_stats`] of reviews is the [`HabitTotals::stats`] of their merged totals.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HabitTotals(BTreeMap<Habit, HabitSum>);

/// One habit's sums over the rated decisions that showed it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HabitSum {
    /// Rated decisions that showed it.
    pub count: u32,
    /// Their summed loss beyond the noise ([`super::Rating::clear_loss`]).
    pub loss: f64,
    /// Their summed win chance lost, in percentage points.
    pub win: f64,
    /// Their summed card points lost, over those that show card points.
    pub points: f64,
    /// How many show card points.
    pub with_points: u32,
}

impl HabitTotals {
    /// The habits of one review.
    pub fn of(review: &MatchReview) -> HabitTotals {
        let mut totals = HabitTotals::default();
        for rating in review.ratings() {
            for &habit in &rating.habits {
                let sum = totals.0.entry(habit).or_default();
                sum.count = sum.count.saturating_add(1);
                sum.loss += f64::from(rating.clear_loss());
                sum.win += f64::from(rating.cost.win);
                if let Some(points) = rating.cost.points {
                    sum.points += f64::from(points);
                    sum.with_points = sum.with_points.saturating_add(1);
                }
            }
        }
        totals
    }

    /// Adds `other`'s sums to these.
    pub fn merge(&mut self, other: &HabitTotals) {
        for (&habit, add) in &other.0 {
            let sum = self.0.entry(habit).or_default();
            sum.count = sum.count.saturating_add(add.count);
            sum.loss += add.loss;
            sum.win += add.win;
            sum.points += add.points;
            sum.with_points = sum.with_points.saturating_add(add.with_points);
        }
    }

    /// Each habit with its count and means, costliest first (by total loss); habits counted zero
    /// times are left out.
    pub fn stats(&self) -> Vec<HabitStat> {
        let mut stats: Vec<(f64, HabitStat)> = self
            .0
            .iter()
            .filter(|(_, sum)| sum.count > 0)
            .map(|(&habit, sum)| {
                let n = f64::from(sum.count);
                let stat = HabitStat {
                    habit,
                    count: sum.count,
                    mean_loss: (sum.loss / n) as f32,
                    mean_win: (sum.win / n) as f32,
                    mean_points: (sum.with_points > 0)
                        .then(|| (sum.points / f64::from(sum.with_points)) as f32),
                };
                (sum.loss, stat)
            })
            .collect();
        stats.sort_by(|a, b| b.0.total_cmp(&a.0));
        stats.into_iter().map(|(_, stat)| stat).collect()
    }
}
