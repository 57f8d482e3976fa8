//! Two arena runs on the same deals, compared deal set by deal set.
//!
//! Runs with the same ruleset, seed and number of deal sets play exactly the same deals, so when two
//! versions of a player each meet the same opponent, most of the luck of the deal is shared: the
//! difference of their results set by set has a far smaller spread than either result. A
//! [`SetsRecord`] keeps one run's per-set point differences as text (written by `briscola arena
//! --sets FILE`); [`SetsRecord::compare`] gives the mean of the per-set differences between a new
//! run and a saved one with its 95% interval (`--paired-with FILE`). Deliberately absent: pairing
//! runs of different deals (refused: it would be an unpaired comparison dressed as a paired one).

use std::fmt;

use super::ArenaReport;
use crate::ai::stats::mean_ci95;

/// The first line of a sets record.
const HEADER: &str = "briscola arena sets 1";

/// One run's deals and its per-set point differences.
#[derive(Clone, Debug, PartialEq)]
pub struct SetsRecord {
    /// The ruleset id.
    pub ruleset: String,
    /// The seed of the deals.
    pub seed: u64,
    /// Player A's id.
    pub a: String,
    /// Player B's id.
    pub b: String,
    /// A's mean point difference per game in each deal set, in set order.
    pub diffs: Vec<f64>,
}

/// Why a text is not a sets record, or two runs cannot be paired.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SetsError {
    /// Not written by `briscola arena --sets`, or damaged.
    #[error("not an arena sets record: {0}")]
    Malformed(String),
    /// The runs did not play the same deals.
    #[error("the runs played different deals: {0}")]
    OtherDeals(String),
}

/// The paired comparison of two runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Paired {
    /// The new run's player A.
    pub a: String,
    /// The new run's player B.
    pub b: String,
    /// The saved run's player A.
    pub base_a: String,
    /// The saved run's player B.
    pub base_b: String,
    /// Deal sets compared.
    pub sets: usize,
    /// Mean over sets of (new run's difference − saved run's), points per game.
    pub mean: f64,
    /// Half-width of its 95% interval over sets.
    pub ci95: f64,
}

impl SetsRecord {
    /// The record of a finished run.
    pub fn from_report(report: &ArenaReport) -> SetsRecord {
        SetsRecord {
            ruleset: report.ruleset.clone(),
            seed: report.seed,
            a: report.a.id().to_string(),
            b: report.b.id().to_string(),
            diffs: report.set_diffs.clone(),
        }
    }

    /// The record as text: a header, `key value` lines, then one difference a line.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "{HEADER}\nruleset {}\nseed {}\nsets {}\na {}\nb {}\n",
            self.ruleset,
            self.seed,
            self.diffs.len(),
            self.a,
            self.b
        );
        for d in &self.diffs {
            text.push_str(&format!("{d}\n"));
        }
        text
    }

    /// Reads text written by [`SetsRecord::to_text`].
    pub fn parse(text: &str) -> Result<SetsRecord, SetsError> {
        let bad = |what: &str| SetsError::Malformed(what.to_string());
        let mut lines = text.lines();
        if lines.next() != Some(HEADER) {
            return Err(bad(&format!("the first line is not `{HEADER}`")));
        }
        let mut field = |key: &str| -> Result<String, SetsError> {
            lines
                .next()
                .and_then(|l| l.strip_prefix(key))
                .and_then(|v| v.strip_prefix(' '))
                .map(str::to_string)
                .ok_or_else(|| bad(&format!("no `{key}` line")))
        };
        let ruleset = field("ruleset")?;
        let seed = field("seed")?
            .parse()
            .map_err(|_| bad("the seed is not a number"))?;
        let sets: usize = field("sets")?
            .parse()
            .map_err(|_| bad("the set count is not a number"))?;
        let a = field("a")?;
        let b = field("b")?;
        let diffs = lines
            .map(|l| l.trim().parse::<f64>().ok().filter(|d| d.is_finite()))
            .collect::<Option<Vec<f64>>>()
            .ok_or_else(|| bad("a set's difference is not a number"))?;
        if diffs.len() != sets {
            return Err(bad(&format!("{} differences for {sets} sets", diffs.len())));
        }
        Ok(SetsRecord {
            ruleset,
            seed,
            a,
            b,
            diffs,
        })
    }

    /// Whether a run of `ruleset`, `seed` and `sets` deal sets plays this record's deals.
    pub fn check_deals(&self, ruleset: &str, seed: u64, sets: usize) -> Result<(), SetsError> {
        let mine = (self.ruleset.as_str(), self.seed, self.diffs.len());
        if mine != (ruleset, seed, sets) {
            return Err(SetsError::OtherDeals(format!(
                "saved: {} seed {} with {} sets; this run: {ruleset} seed {seed} with {sets} sets",
                self.ruleset,
                self.seed,
                self.diffs.len()
            )));
        }
        Ok(())
    }

    /// `new` − `self`, set by set.
    pub fn compare(&self, new: &SetsRecord) -> Result<Paired, SetsError> {
        self.check_deals(&new.ruleset, new.seed, new.diffs.len())?;
        let d: Vec<f64> = new
            .diffs
            .iter()
            .zip(&self.diffs)
            .map(|(n, o)| n - o)
            .collect();
        let (mean, ci95) = mean_ci95(&d);
        Ok(Paired {
            a: new.a.clone(),
            b: new.b.clone(),
            base_a: self.a.clone(),
            base_b: self.b.clone(),
            sets: d.len(),
            mean,
            ci95,
        })
    }
}

impl fmt::Display for Paired {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "paired on the same {} deal sets: {} vs {} minus {} vs {}: {:+.2} ± {:.2} points per game \
             (95% CI over deal sets)",
            self.sets, self.a, self.b, self.base_a, self.base_b, self.mean, self.ci95
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(seed: u64, diffs: &[f64]) -> SetsRecord {
        SetsRecord {
            ruleset: "briscola-2p".to_string(),
            seed,
            a: "hard".to_string(),
            b: "cmd:python3 bot.py --sample".to_string(),
            diffs: diffs.to_vec(),
        }
    }

    #[test]
    fn a_record_reads_back_and_damaged_text_is_refused() {
        let r = record(3, &[7.0, -9.0, 12.5]);
        assert_eq!(SetsRecord::parse(&r.to_text()), Ok(r.clone()));
        let text = r.to_text();
        for damaged in [
            text.replacen(HEADER, "hello", 1),
            text.replacen("seed 3", "seed x", 1),
            text.replacen("sets 3", "sets 4", 1),
            text.replacen("12.5", "NaN", 1),
            text.replacen("-9", "minus nine", 1),
            text.lines().take(3).collect::<Vec<_>>().join("\n"),
        ] {
            assert!(
                matches!(SetsRecord::parse(&damaged), Err(SetsError::Malformed(_))),
                "{damaged}"
            );
        }
    }

    #[test]
    fn the_paired_difference_is_the_mean_of_the_set_differences() {
        let base = record(3, &[10.0, -20.0, 5.0, 1.0]);
        let new = record(3, &[12.0, -18.0, 7.0, 3.0]);
        let paired = base.compare(&new).expect("same deals");
        assert_eq!(paired.sets, 4);
        assert_eq!(paired.mean, 2.0);
        assert_eq!(paired.ci95, 0.0); // the same +2 in every set: no spread
        assert!(paired.to_string().contains("+2.00 ± 0.00"), "{paired}");
    }

    #[test]
    fn runs_of_other_deals_are_not_paired() {
        let base = record(3, &[1.0, 2.0]);
        assert!(matches!(
            base.compare(&record(4, &[1.0, 2.0])),
            Err(SetsError::OtherDeals(_))
        ));
        assert!(matches!(
            base.compare(&record(3, &[1.0])),
            Err(SetsError::OtherDeals(_))
        ));
        let mut other = record(3, &[1.0, 2.0]);
        other.ruleset = "brisca-2p".to_string();
        assert!(matches!(
            base.compare(&other),
            Err(SetsError::OtherDeals(_))
        ));
    }
}
