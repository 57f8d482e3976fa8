//! Small statistics for the arena: decision-time percentiles and a mean with its 95% confidence
//! interval (normal approximation, which is sound for the thousands of deal sets the arena plays).

use serde::Serialize;

/// Decision times of one player.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timing {
    /// The player's id (`hard`, `deep-briscola`).
    pub player: String,
    /// Decisions timed.
    pub decisions: usize,
    /// Median, in microseconds.
    pub median_us: f64,
    /// 95th percentile, in microseconds.
    pub p95_us: f64,
    /// 99th percentile, in microseconds.
    pub p99_us: f64,
    /// Maximum, in microseconds.
    pub max_us: f64,
}

impl Timing {
    /// Percentiles of `nanos` (decision times in nanoseconds).
    pub fn from_nanos(player: &str, mut nanos: Vec<u64>) -> Timing {
        nanos.sort_unstable();
        let at = |q: f64| -> f64 {
            if nanos.is_empty() {
                return 0.0;
            }
            // Nearest rank.
            let rank = ((q * nanos.len() as f64).ceil() as usize).clamp(1, nanos.len());
            nanos[rank - 1] as f64 / 1_000.0
        };
        Timing {
            player: player.to_string(),
            decisions: nanos.len(),
            median_us: at(0.5),
            p95_us: at(0.95),
            p99_us: at(0.99),
            max_us: at(1.0),
        }
    }
}

/// The mean of `values` and the half-width of its 95% confidence interval.
pub(crate) fn mean_ci95(values: &[f64]) -> (f64, f64) {
    let n = values.len();
    if n == 0 {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n as f64;
    if n < 2 {
        return (mean, f64::INFINITY);
    }
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    (mean, 1.96 * (var / n as f64).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_use_nearest_rank() {
        let t = Timing::from_nanos("easy", (1..=100).map(|i| i * 1_000).collect());
        assert_eq!(t.decisions, 100);
        assert_eq!(t.median_us, 50.0);
        assert_eq!(t.p95_us, 95.0);
        assert_eq!(t.p99_us, 99.0);
        assert_eq!(t.max_us, 100.0);
    }

    #[test]
    fn mean_and_interval_match_hand_computation() {
        let (mean, half) = mean_ci95(&[1.0, 2.0, 3.0, 4.0]);
        assert!((mean - 2.5).abs() < 1e-12);
        // sd = sqrt(5/3); half = 1.96 * sd / 2
        assert!((half - 1.96 * (5.0f64 / 3.0).sqrt() / 2.0).abs() < 1e-12);
    }
}
