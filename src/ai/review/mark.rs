//! [`Cost`]s in the player's units, [`Mark`]s from them, and [`accuracy`]: the review's documented
//! scale (docs/review.md).
//!
//! A decision's cost is measured against the best action in two units a player reads: the chance of
//! winning what the match counts (the hand where hands won decide the match; the match, in this
//! hand, in game- and card-point matches), in percentage points, and the expected card points of
//! the seat's side at the end of the hand (where the search's value shows them). The search samples
//! worlds, so each comes with its noise (its standard error over the worlds); only the part beyond
//! [`NOISE_MARGIN`] standard errors counts ([`clear`]), so a sound card is not called an inaccuracy
//! by chance. The two units meet on one scale, the review's loss ([`Cost::clear_loss`]): card points,
//! a percentage point of win chance weighing two — so a mistake is ten card points thrown away or
//! five percentage points of win chance, whichever is worse.

use serde::{Deserialize, Serialize};

/// How good a decision was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Mark {
    /// The best action found.
    Best,
    /// Close to the best: the loss beyond the search's noise is below [`Mark::INACCURACY_FROM`].
    Good,
    /// A small loss.
    Inaccuracy,
    /// A clear loss: ten card points or five percentage points of win chance, beyond the noise.
    Mistake,
    /// A loss that changes the hand ([`Mark::BLUNDER_FROM`] or more beyond the noise).
    Blunder,
}

impl Mark {
    /// Every mark, best first.
    pub const ALL: [Mark; 5] = [
        Mark::Best,
        Mark::Good,
        Mark::Inaccuracy,
        Mark::Mistake,
        Mark::Blunder,
    ];
    /// Losses (on the review's scale, [`Cost::clear_loss`]) from this on are inaccuracies.
    pub const INACCURACY_FROM: f32 = 4.0;
    /// Losses from this on are mistakes: ten card points, or five percentage points of win chance.
    pub const MISTAKE_FROM: f32 = 10.0;
    /// Losses from this on are blunders.
    pub const BLUNDER_FROM: f32 = 20.0;

    /// The id (as serialized: `best`, `good`, `inaccuracy`, `mistake`, `blunder`).
    pub fn id(self) -> &'static str {
        match self {
            Mark::Best => "best",
            Mark::Good => "good",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// The mark of a decision that cost `cost` against the best action: the best when the taken
    /// action was the best (`best`), else by the loss beyond the noise ([`Cost::clear_loss`]) —
    /// never better than good.
    pub fn from_cost(cost: &Cost, best: bool) -> Mark {
        let clear = cost.clear_loss();
        if best {
            Mark::Best
        } else if clear < Mark::INACCURACY_FROM {
            Mark::Good
        } else if clear < Mark::MISTAKE_FROM {
            Mark::Inaccuracy
        } else if clear < Mark::BLUNDER_FROM {
            Mark::Mistake
        } else {
            Mark::Blunder
        }
    }
}

/// What the win chance of a review counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum WinOf {
    /// Winning the hand (single hand, best of, first to: hands won decide the match).
    #[default]
    Hand,
    /// Winning the match in this hand (game- and card-point matches).
    Match,
}

/// What a decision cost against the best action, in the player's units. Both losses are the best
/// action's mean less the taken action's over the same sampled worlds, never negative.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Cost {
    /// Win chance lost, in percentage points (a draw counts half).
    pub win: f32,
    /// The search's noise on it: the standard error of the paired difference, in percentage points
    /// (0 when the end of the hand was solved in the one world card counting leaves).
    pub win_noise: f32,
    /// Expected card points lost (the seat's side's at the end of the hand); `None` in game- and
    /// card-point matches, where the search's value does not show them.
    pub points: Option<f32>,
    /// The search's noise on it, in card points.
    pub points_noise: Option<f32>,
    /// What the win chance counts.
    pub of: WinOf,
    /// Whether the result could turn on this decision: some legal action's win chance differs from
    /// another's by half a percentage point or more. When it is false, a cost is card points only
    /// ("cost 10 points, not the hand").
    pub at_stake: bool,
}

/// Card points a percentage point of win chance weighs on the review's scale.
pub const POINTS_PER_WIN_POINT: f32 = 2.0;

impl Cost {
    /// The loss on the review's scale, beyond the noise: the card points lost beyond their noise,
    /// or [`POINTS_PER_WIN_POINT`] per percentage point of win chance lost beyond its noise,
    /// whichever is more.
    pub fn clear_loss(&self) -> f32 {
        let win = POINTS_PER_WIN_POINT * clear(self.win, self.win_noise);
        let points = match (self.points, self.points_noise) {
            (Some(p), noise) => clear(p, noise.unwrap_or(0.0)),
            (None, _) => 0.0,
        };
        win.max(points)
    }

    /// The loss on the review's scale as measured (noise not taken off), and its noise: the unit
    /// that weighs more.
    pub fn loss(&self) -> (f32, f32) {
        let win = (
            POINTS_PER_WIN_POINT * self.win,
            POINTS_PER_WIN_POINT * self.win_noise,
        );
        match self.points {
            Some(p) if p >= win.0 => (p, self.points_noise.unwrap_or(0.0)),
            _ => win,
        }
    }
}

/// Standard errors of the search taken off a loss before it counts.
pub const NOISE_MARGIN: f32 = 1.5;

/// A loss beyond the search's noise: `loss` less [`NOISE_MARGIN`] standard errors (`noise`), never
/// negative. A loss the search cannot tell from its sampling noise (one-sided, about 93%
/// confidence) is not held against the player.
pub fn clear(loss: f32, noise: f32) -> f32 {
    (loss - NOISE_MARGIN * noise).max(0.0)
}

/// Losses (on the review's scale) that halve a decision's accuracy.
const HALF_LIFE: f32 = 10.0;

/// Accuracy (0–100) of a set of decisions from their losses on the review's scale, clear of noise
/// ([`Cost::clear_loss`]): the mean of 100 × 2^(−loss / 10) — 100 for no loss, 50 for a mistake's
/// threshold (10 card points, or 5 percentage points of win chance), 25 for a blunder's. `None` for
/// no decisions.
pub fn accuracy(losses: impl IntoIterator<Item = f32>) -> Option<f32> {
    let (mut sum, mut n) = (0.0, 0u32);
    for loss in losses {
        sum += 100.0 * (-loss.max(0.0) / HALF_LIFE).exp2();
        n += 1;
    }
    (n > 0).then(|| sum / n as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(p: f32, noise: f32) -> Cost {
        Cost {
            points: Some(p),
            points_noise: Some(noise),
            ..Cost::default()
        }
    }

    fn win(w: f32, noise: f32) -> Cost {
        Cost {
            win: w,
            win_noise: noise,
            at_stake: true,
            ..Cost::default()
        }
    }

    #[test]
    fn marks_follow_the_thresholds_in_order_in_either_unit() {
        use Mark::*;
        let by_points: Vec<Mark> = [0.0, 3.9, 4.0, 9.9, 10.0, 19.9, 20.0, 120.0]
            .iter()
            .map(|&p| Mark::from_cost(&points(p, 0.0), false))
            .collect();
        let expected = [
            Good, Good, Inaccuracy, Inaccuracy, Mistake, Mistake, Blunder, Blunder,
        ];
        assert_eq!(by_points, expected);
        let by_win: Vec<Mark> = [0.0, 1.9, 2.0, 4.9, 5.0, 9.9, 10.0, 100.0]
            .iter()
            .map(|&w| Mark::from_cost(&win(w, 0.0), false))
            .collect();
        assert_eq!(by_win, expected);
        assert_eq!(Mark::from_cost(&Cost::default(), true), Best);
    }

    #[test]
    fn ten_card_points_thrown_away_are_a_mistake_whatever_the_win_chance() {
        // A decided hand: no win chance lost, 10 card points lost with little noise.
        let decided = Cost {
            at_stake: false,
            ..points(10.5, 0.3)
        };
        assert_eq!(Mark::from_cost(&decided, false), Mark::Mistake);
    }

    #[test]
    fn the_noise_is_taken_off_each_unit_before_it_counts() {
        assert_eq!(clear(25.0, 4.0), 19.0);
        assert_eq!(Mark::from_cost(&points(25.0, 4.0), false), Mark::Mistake);
        assert_eq!(Mark::from_cost(&points(3.0, 6.0), false), Mark::Good);
        // A large win-chance loss within its noise is not held against the player.
        assert_eq!(Mark::from_cost(&win(6.0, 4.0), false), Mark::Good);
        // The worse unit decides.
        let both = Cost {
            points: Some(3.0),
            points_noise: Some(0.0),
            ..win(6.0, 0.0)
        };
        assert_eq!(both.clear_loss(), 12.0);
        assert_eq!(both.loss(), (12.0, 0.0));
        assert_eq!(Mark::from_cost(&both, false), Mark::Mistake);
    }

    #[test]
    fn ids_are_the_serialized_names() {
        for mark in Mark::ALL {
            assert_eq!(serde_json::to_value(mark).ok(), Some(mark.id().into()));
        }
    }

    #[test]
    fn accuracy_halves_every_ten_points() {
        assert_eq!(accuracy([]), None);
        assert_eq!(accuracy([0.0]), Some(100.0));
        assert_eq!(accuracy([10.0]), Some(50.0));
        assert_eq!(accuracy([0.0, 20.0]), Some(62.5));
    }
}
