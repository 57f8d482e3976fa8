//! [`Mark`]s from losses, and [`accuracy`]: the review's two documented formulas (docs/ai.md,
//! "Match review").
//!
//! A loss is the best action's value minus the taken action's, in the search's unit: card points, one
//! outcome step (loss to draw, draw to win) being worth 120 — so ten percentage points of win chance
//! weigh 24 points. The search samples worlds, so a loss comes with its noise (its standard error);
//! marks and accuracy count only the loss beyond 1.5 standard errors ([`clear_loss`]), so a sound
//! card is not called an inaccuracy by chance.

use serde::{Deserialize, Serialize};

/// How good a decision was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Mark {
    /// The best action found (loss at most [`Mark::BEST_UP_TO`]).
    Best,
    /// Close to the best: the loss beyond the search's noise is below [`Mark::INACCURACY_FROM`].
    Good,
    /// A small loss.
    Inaccuracy,
    /// A clear loss.
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

    /// The mark of a decision whose loss is `loss`, measured with a standard error of `noise`: the
    /// best when the loss is nil, else by [`clear_loss`] — never better than good.
    pub fn from_loss(loss: f32, noise: f32) -> Mark {
        let clear = clear_loss(loss, noise);
        if loss <= Mark::BEST_UP_TO {
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

/// Standard errors of the search taken off a loss before it counts.
pub const NOISE_MARGIN: f32 = 1.5;

/// The loss beyond the search's noise, which marks and accuracy count: `loss` less
/// [`NOISE_MARGIN`] standard errors (`noise`), never negative. A loss the search cannot tell from
/// its sampling noise (one-sided, about 93% confidence) is not held against the player.
pub fn clear_loss(loss: f32, noise: f32) -> f32 {
    (loss - NOISE_MARGIN * noise).max(0.0)
}

/// Losses that halve a decision's accuracy.
const HALF_LIFE: f32 = 10.0;

/// Accuracy (0–100) of a set of decisions from their losses (clear of noise: [`clear_loss`]): the mean
/// of 100 × 2^(−loss / 10) — 100 for no loss, 50 for a loss of 10 points, 25 for 20. `None` for no
/// decisions.
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
        let marks: Vec<Mark> = losses.iter().map(|&l| Mark::from_loss(l, 0.0)).collect();
        use Mark::*;
        assert_eq!(
            marks,
            [
                Best, Best, Good, Good, Inaccuracy, Inaccuracy, Mistake, Mistake, Blunder, Blunder
            ]
        );
        // The noise is taken off first, but a loss is never the best.
        assert_eq!(clear_loss(25.0, 4.0), 19.0);
        assert_eq!(Mark::from_loss(25.0, 4.0), Mistake);
        assert_eq!(Mark::from_loss(3.0, 6.0), Good);
        assert_eq!(Mark::from_loss(0.0, 6.0), Best);
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
