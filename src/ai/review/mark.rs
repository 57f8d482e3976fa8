//! [`Mark`]s from losses, and [`accuracy`]: the review's two documented formulas (docs/ai.md,
//! "Match review").
//!
//! A loss is the best action's value minus the taken action's, in the search's unit: card points, one
//! outcome step (loss to draw, draw to win) being worth 120 — so ten percentage points of win chance
//! weigh 24 points. The thresholds leave room for the search's sampling noise (a few points between
//! two close cards at 200 worlds), so a sound card is not called an inaccuracy by chance.

use serde::{Deserialize, Serialize};

/// How good a decision was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Mark {
    /// The best action found (loss at most [`Mark::BEST_UP_TO`]).
    Best,
    /// Within the search's noise of the best (loss below [`Mark::INACCURACY_FROM`]).
    Good,
    /// A small loss.
    Inaccuracy,
    /// A clear loss.
    Mistake,
    /// A loss that changes the hand (loss of [`Mark::BLUNDER_FROM`] or more).
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
    /// Losses up to this are the best (rounding of the weighted means).
    pub const BEST_UP_TO: f32 = 0.05;
    /// Losses from this on are inaccuracies.
    pub const INACCURACY_FROM: f32 = 4.0;
    /// Losses from this on are mistakes.
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

    /// The mark of a loss.
    pub fn from_loss(loss: f32) -> Mark {
        if loss <= Mark::BEST_UP_TO {
            Mark::Best
        } else if loss < Mark::INACCURACY_FROM {
            Mark::Good
        } else if loss < Mark::MISTAKE_FROM {
            Mark::Inaccuracy
        } else if loss < Mark::BLUNDER_FROM {
            Mark::Mistake
        } else {
            Mark::Blunder
        }
    }
}

/// Losses that halve a decision's accuracy.
const HALF_LIFE: f32 = 10.0;

/// Accuracy (0–100) of a set of decisions from their losses: the mean of 100 × 2^(−loss / 10) — 100 for
/// the best action, 50 for a loss of 10 points, 25 for 20. `None` for no decisions.
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

    #[test]
    fn marks_follow_the_thresholds_in_order() {
        let losses = [0.0, 0.05, 0.1, 3.9, 4.0, 9.9, 10.0, 19.9, 20.0, 500.0];
        let marks: Vec<Mark> = losses.iter().map(|&l| Mark::from_loss(l)).collect();
        use Mark::*;
        assert_eq!(
            marks,
            [
                Best, Best, Good, Good, Inaccuracy, Inaccuracy, Mistake, Mistake, Blunder, Blunder
            ]
        );
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
