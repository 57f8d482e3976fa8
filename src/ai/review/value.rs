//! [`ActionValue`]: what Hard's search says one action is worth — the weighted mean of its values over
//! the sampled worlds, read back as a win chance and expected card points.
//!
//! A world's value is [`Objective::utility`](crate::ai::solver::Objective::utility), in card points:
//! where hands won decide the match (single hand, best of, first to) it is 120 × outcome (loss 0, draw
//! 1, win 2) plus the side's card points, so both read back exactly; in game- and card-point matches it
//! is ±120 × 120 for deciding the match, then the lead in the match's unit, so the win chance is the
//! chance of winning the match in this hand and the hand's own points are not reported.

use serde::{Deserialize, Serialize};

use super::mark::{Cost, WinOf};
use crate::ai::hard::WorldValues;
use crate::ai::solver::{MATCH_WEIGHT, WIN_WEIGHT};
use crate::{Action, MatchFormat, Stakes};

/// One action, valued by the search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ActionValue {
    /// The action.
    pub action: Action,
    /// The search's value, in card points (one outcome step — loss to draw, draw to win — is 120):
    /// the scale losses and marks are measured on.
    pub value: f32,
    /// The chance of winning what the match counts, in percent (a draw counts half): the hand where
    /// hands won decide the match; the match itself, in this hand, in game- and card-point matches.
    pub win_percent: f32,
    /// The expected card points of the seat's side at the end of the hand, where the value shows
    /// them (not in game- and card-point matches).
    pub points: Option<f32>,
}

/// The value of each action over the worlds, weighted by belief.
pub(super) fn summarize(
    actions: &[Action],
    worlds: &[WorldValues],
    stakes: Stakes,
) -> Vec<ActionValue> {
    let shares = shares(worlds);
    let format = stakes.format();
    actions
        .iter()
        .enumerate()
        .map(|(i, &action)| {
            let (mut value, mut win, mut points) = (0.0, 0.0, 0.0);
            for (world, &s) in worlds.iter().zip(&shares) {
                let u = value_of(world, i);
                let (w, p) = read(u, format);
                value += s * f64::from(u);
                win += s * w;
                points += s * f64::from(p.unwrap_or(0));
            }
            ActionValue {
                action,
                value: value as f32,
                win_percent: (100.0 * win) as f32,
                points: hands_decide(format).then_some(points as f32),
            }
        })
        .collect()
}

/// What taking action `taken` instead of action `best` cost, in the player's units, from the worlds
/// both were valued in (`values`: their summaries, [`summarize`]).
pub(super) fn cost(
    worlds: &[WorldValues],
    values: &[ActionValue],
    best: usize,
    taken: usize,
    stakes: Stakes,
) -> Cost {
    let format = stakes.format();
    let (b, t) = (&values[best], &values[taken]);
    let win = |u: i32| 100.0 * read(u, format).0;
    let points = |u: i32| f64::from(read(u, format).1.unwrap_or(0));
    let shown = hands_decide(format);
    Cost {
        win: (b.win_percent - t.win_percent).max(0.0),
        win_noise: paired_noise(worlds, best, taken, win),
        points: match (b.points, t.points) {
            (Some(bp), Some(tp)) => Some((bp - tp).max(0.0)),
            _ => None,
        },
        points_noise: shown.then(|| paired_noise(worlds, best, taken, points)),
        of: if shown { WinOf::Hand } else { WinOf::Match },
        at_stake: at_stake(values),
    }
}

/// Whether the result could turn on the decision: some action's win chance differs from another's by
/// [`AT_STAKE`] or more.
pub(super) fn at_stake(values: &[ActionValue]) -> bool {
    let (low, high) = values.iter().fold((f32::MAX, f32::MIN), |(lo, hi), v| {
        (lo.min(v.win_percent), hi.max(v.win_percent))
    });
    high - low >= AT_STAKE
}

/// Percentage points of win chance between two legal actions from which the result is at stake.
const AT_STAKE: f32 = 0.5;

/// The search's noise on the difference of `unit` (of a world's value) between action `best` and
/// action `taken`: the standard error of their weighted mean difference over the worlds (the worlds
/// are shared, so the difference is measured world by world), with the weights' effective number of
/// worlds. 0 for a single world.
fn paired_noise(
    worlds: &[WorldValues],
    best: usize,
    taken: usize,
    unit: impl Fn(i32) -> f64,
) -> f32 {
    if worlds.len() < 2 {
        return 0.0;
    }
    let diffs: Vec<(f64, f64)> = worlds
        .iter()
        .zip(shares(worlds))
        .map(|(w, p)| (p, unit(value_of(w, best)) - unit(value_of(w, taken))))
        .collect();
    let mean: f64 = diffs.iter().map(|(p, d)| p * d).sum();
    let variance: f64 = diffs.iter().map(|(p, d)| p * (d - mean).powi(2)).sum();
    let effective = 1.0 / diffs.iter().map(|(p, _)| p * p).sum::<f64>();
    (variance / effective).sqrt() as f32
}

/// The worlds as the review ranks the actions when they differ from the search's values: where hands
/// won decide the match and mano negra is one of the `actions`, only the outcome counts (120 per
/// step). Mano negra wins the hand outright (every level shows it), and the search's card-point
/// tie-break would otherwise trade that sure win for points (81% to win with 70 points values above a
/// sure win with none). `None` elsewhere: the search's values rank.
pub(super) fn outcome_only(
    actions: &[Action],
    worlds: &[WorldValues],
    stakes: Stakes,
) -> Option<Vec<WorldValues>> {
    let format = stakes.format();
    if !hands_decide(format) || !actions.contains(&Action::ManoNegra) {
        return None;
    }
    let outcome = |u: i32| (2.0 * read(u, format).0) as i32 * WIN_WEIGHT;
    let ranked = worlds
        .iter()
        .map(|w| WorldValues {
            weight: w.weight,
            values: w.values.iter().map(|&u| outcome(u)).collect(),
        })
        .collect();
    Some(ranked)
}

/// Each action's weighted mean value over the worlds.
pub(super) fn means(actions: usize, worlds: &[WorldValues]) -> Vec<f32> {
    let shares = shares(worlds);
    (0..actions)
        .map(|i| {
            let sum: f64 = worlds
                .iter()
                .zip(&shares)
                .map(|(w, s)| s * f64::from(value_of(w, i)))
                .sum();
            sum as f32
        })
        .collect()
}

/// Each world's share of the total belief weight (equal shares when the weights add up to nothing).
fn shares(worlds: &[WorldValues]) -> Vec<f64> {
    let total: f64 = worlds.iter().map(|w| w.weight).sum();
    let equal = 1.0 / worlds.len().max(1) as f64;
    worlds
        .iter()
        .map(|w| if total > 0.0 { w.weight / total } else { equal })
        .collect()
}

/// The value of action `i` in a world.
fn value_of(world: &WorldValues, i: usize) -> i32 {
    world.values.get(i).copied().unwrap_or(0)
}

/// The index of the best action: the highest value, the taken one (`taken`) when it ties for it.
pub(super) fn best(values: &[f32], taken: usize) -> usize {
    let top = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    if values.get(taken).is_some_and(|&v| v >= top) {
        return taken;
    }
    values.iter().position(|&v| v >= top).unwrap_or(taken)
}

/// Whether hands won decide the match (the value then shows the outcome and the points).
fn hands_decide(format: MatchFormat) -> bool {
    !matches!(
        format,
        MatchFormat::GamePoints { .. } | MatchFormat::CardPoints { .. }
    )
}

/// A world's value read back: the win (1, ½ for a draw, 0) and, where shown, the side's card points.
fn read(u: i32, format: MatchFormat) -> (f64, Option<i32>) {
    if !hands_decide(format) {
        return (f64::from(u8::from(u >= MATCH_WEIGHT / 2)), None);
    }
    // Card points are 0..=120: a class step and 120 points only meet at 120 points, which wins.
    let class = u.div_euclid(WIN_WEIGHT).clamp(0, 2);
    (f64::from(class) / 2.0, Some(u - class * WIN_WEIGHT))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Card, Rank, Suit};

    #[test]
    fn values_read_back_as_win_and_points() {
        let single = MatchFormat::SingleHand;
        assert_eq!(read(2 * WIN_WEIGHT + 70, single), (1.0, Some(70)));
        assert_eq!(read(3 * WIN_WEIGHT, single), (1.0, Some(120)));
        assert_eq!(read(WIN_WEIGHT + 60, single), (0.5, Some(60)));
        assert_eq!(read(45, single), (0.0, Some(45)));
        let points = MatchFormat::GamePoints { target: 12 };
        assert_eq!(read(MATCH_WEIGHT + 300, points), (1.0, None));
        assert_eq!(read(2 * WIN_WEIGHT + 80, points), (0.0, None));
    }

    #[test]
    fn the_summary_weighs_worlds_and_the_best_prefers_the_taken_action_on_ties() {
        let a = Action::Play(Card::new(Suit::Cups, Rank::Ace));
        let b = Action::Play(Card::new(Suit::Cups, Rank::Two));
        let worlds = [
            WorldValues {
                weight: 3.0,
                values: vec![2 * WIN_WEIGHT + 70, WIN_WEIGHT + 60],
            },
            WorldValues {
                weight: 1.0,
                values: vec![50, 2 * WIN_WEIGHT + 70],
            },
        ];
        let values = summarize(&[a, b], &worlds, Stakes::SINGLE_HAND);
        assert_eq!(values[0].win_percent, 75.0);
        assert_eq!(values[0].points, Some(65.0));
        assert_eq!(values[1].win_percent, 62.5);
        let means = means(2, &worlds);
        assert_eq!(means, [values[0].value, values[1].value]);
        assert_eq!(best(&means, 1), 0);
        assert_eq!(best(&[3.0, 3.0], 1), 1);
        assert!(outcome_only(&[a, b], &worlds, Stakes::SINGLE_HAND).is_none());
        let mano = [a, Action::ManoNegra];
        let ranked = outcome_only(&mano, &worlds, Stakes::SINGLE_HAND).expect("mano negra");
        assert_eq!(ranked[0].values, [2 * WIN_WEIGHT, WIN_WEIGHT]);
    }

    #[test]
    fn noise_is_the_standard_error_of_the_paired_difference() {
        let world = |weight, a, b| WorldValues {
            weight,
            values: vec![a, b],
        };
        let value = |u: i32| f64::from(u);
        // Differences 10 and 30, equal weights: mean 20, variance 100, two worlds: √50.
        let two = [world(1.0, 110, 100), world(1.0, 130, 100)];
        assert!((paired_noise(&two, 0, 1, value) - 50f32.sqrt()).abs() < 1e-4);
        // The same difference in every world, or a single world: no noise.
        let same = [world(1.0, 110, 100), world(3.0, 50, 40)];
        assert_eq!(paired_noise(&same, 0, 1, value), 0.0);
        assert_eq!(paired_noise(&two[..1], 0, 1, value), 0.0);
    }

    #[test]
    fn the_cost_reads_each_unit_with_its_own_noise() {
        let a = Action::Play(Card::new(Suit::Cups, Rank::Ace));
        let b = Action::Play(Card::new(Suit::Cups, Rank::Two));
        // The same hand won in both worlds by either card; the ace gives 10 more points in each.
        let worlds = [
            WorldValues {
                weight: 1.0,
                values: vec![2 * WIN_WEIGHT + 70, 2 * WIN_WEIGHT + 60],
            },
            WorldValues {
                weight: 1.0,
                values: vec![2 * WIN_WEIGHT + 90, 2 * WIN_WEIGHT + 80],
            },
        ];
        let values = summarize(&[a, b], &worlds, Stakes::SINGLE_HAND);
        let cost = cost(&worlds, &values, 0, 1, Stakes::SINGLE_HAND);
        assert_eq!(cost.win, 0.0);
        assert_eq!(cost.points, Some(10.0));
        assert_eq!(cost.points_noise, Some(0.0));
        assert!(!cost.at_stake, "the hand is won whatever the card");
    }
}
