//! Two arena runs on the same deals, compared deal set by deal set.
//!
//! Runs with the same ruleset, seed and number of deal sets play exactly the same deals, so when two
//! versions of a player each meet the same opponent, most of the luck of the deal is shared: the
//! difference of their results set by set has a far smaller spread than either result. A
//! [`SetsRecord`] keeps one run's per-set point differences and score rates as text (written by
//! `briscola-lab arena --sets FILE`); [`SetsRecord::compare`] gives the mean of the per-set differences
//! between a new run and a saved one with its 95% interval (`--paired-with FILE`).
//!
//! A long measurement is run as several shorter runs of other seeds, each saved (the runs survive a
//! stopped machine, and the records can be kept with the project); [`pool`] joins them into one
//! result over all their deal sets (`briscola-lab pool FILE...`), and [`pool_paired`] compares them set by
//! set with the saved runs of the same seeds (`--paired-with FILE...`). Deliberately absent: pairing runs of
//! different deals (refused: it would be an unpaired comparison dressed as a paired one), and
//! pooling runs of the same deals or of other players (refused: double counting, or a mixture).

use std::fmt;

use super::ArenaReport;
use crate::stats::mean_ci95;

/// The first line of a sets record: each set's difference and score rate.
const HEADER: &str = "briscola arena sets 2";
/// The first line of a record written before the score rates were kept: differences only.
const HEADER_V1: &str = "briscola arena sets 1";

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
    /// A's score rate in each deal set, in set order (`None` in records of the first format).
    pub scores: Option<Vec<f64>>,
}

/// Why a text is not a sets record, or two runs cannot be paired.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SetsError {
    /// Not written by `briscola-lab arena --sets`, or damaged.
    #[error("not an arena sets record: {0}")]
    Malformed(String),
    /// The runs did not play the same deals.
    #[error("the runs played different deals: {0}")]
    OtherDeals(String),
    /// Runs that cannot be pooled: none, other players or ruleset, or the same deals twice.
    #[error("these runs cannot be pooled: {0}")]
    NotPoolable(String),
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
            scores: Some(report.set_scores.clone()),
        }
    }

    /// The record as text: a header, `key value` lines, then a line per set: its difference and
    /// its score rate (the difference alone in the first format).
    pub fn to_text(&self) -> String {
        let header = if self.scores.is_some() {
            HEADER
        } else {
            HEADER_V1
        };
        let mut text = format!(
            "{header}\nruleset {}\nseed {}\nsets {}\na {}\nb {}\n",
            self.ruleset,
            self.seed,
            self.diffs.len(),
            self.a,
            self.b
        );
        for (i, d) in self.diffs.iter().enumerate() {
            match self.scores.as_ref().and_then(|s| s.get(i)) {
                Some(score) => text.push_str(&format!("{d} {score}\n")),
                None => text.push_str(&format!("{d}\n")),
            }
        }
        text
    }

    /// Reads text written by [`SetsRecord::to_text`].
    pub fn parse(text: &str) -> Result<SetsRecord, SetsError> {
        let bad = |what: &str| SetsError::Malformed(what.to_string());
        let mut lines = text.lines();
        let with_scores = match lines.next() {
            Some(HEADER) => true,
            Some(HEADER_V1) => false,
            _ => return Err(bad(&format!("the first line is not `{HEADER}`"))),
        };
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
        let number = |x: &str| x.parse::<f64>().ok().filter(|d| d.is_finite());
        let columns = if with_scores { 2 } else { 1 };
        let rows = lines
            .map(|l| {
                let row: Vec<f64> = l.split_whitespace().map_while(number).collect();
                let in_range = row.get(1).is_none_or(|s| (0.0..=1.0).contains(s));
                (row.len() == columns && l.split_whitespace().count() == columns && in_range)
                    .then_some(row)
            })
            .collect::<Option<Vec<Vec<f64>>>>()
            .ok_or_else(|| {
                bad(if with_scores {
                    "a set's line is not a difference and a score rate from 0 to 1"
                } else {
                    "a set's difference is not a number"
                })
            })?;
        if rows.len() != sets {
            return Err(bad(&format!("{} lines for {sets} sets", rows.len())));
        }
        Ok(SetsRecord {
            ruleset,
            seed,
            a,
            b,
            diffs: rows.iter().map(|r| r[0]).collect(),
            scores: with_scores.then(|| rows.iter().map(|r| r[1]).collect()),
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
        let d = self.differences(new)?;
        Ok(Paired::of(new, self, &d))
    }

    /// `new` − `self` in each set, once the deals are checked to be the same.
    fn differences(&self, new: &SetsRecord) -> Result<Vec<f64>, SetsError> {
        self.check_deals(&new.ruleset, new.seed, new.diffs.len())?;
        Ok(new
            .diffs
            .iter()
            .zip(&self.diffs)
            .map(|(n, o)| n - o)
            .collect())
    }
}

impl Paired {
    /// The comparison of `new`'s players with `base`'s over the set differences `d`.
    fn of(new: &SetsRecord, base: &SetsRecord, d: &[f64]) -> Paired {
        let (mean, ci95) = mean_ci95(d);
        Paired {
            a: new.a.clone(),
            b: new.b.clone(),
            base_a: base.a.clone(),
            base_b: base.b.clone(),
            sets: d.len(),
            mean,
            ci95,
        }
    }
}

/// Pooled runs compared set by set with pooled runs of the same deals: every run in `new` is paired
/// with the run of `base` that has its seed (and must have one), and the differences of all their
/// sets make one mean with its 95% interval. Each side must be poolable ([`pool`]).
pub fn pool_paired(new: &[SetsRecord], base: &[SetsRecord]) -> Result<Paired, SetsError> {
    pool(new)?;
    pool(base)?;
    let mut d = Vec::new();
    for run in new {
        let saved = base
            .iter()
            .find(|b| b.seed == run.seed)
            .ok_or_else(|| SetsError::OtherDeals(format!("no saved run has seed {}", run.seed)))?;
        d.extend(saved.differences(run)?);
    }
    match (new.first(), base.first()) {
        (Some(n), Some(b)) => Ok(Paired::of(n, b, &d)),
        _ => Err(SetsError::NotPoolable("no runs given".to_string())),
    }
}

/// Several runs of the same players on other deals, joined ([`pool`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Pooled {
    /// Player A.
    pub a: String,
    /// Player B.
    pub b: String,
    /// The ruleset id.
    pub ruleset: String,
    /// The runs' seeds, in the order given.
    pub seeds: Vec<u64>,
    /// Deal sets in all.
    pub sets: usize,
    /// A's mean point difference per game over all sets.
    pub mean_diff: f64,
    /// Half-width of its 95% interval over sets.
    pub diff_ci95: f64,
    /// A's score rate over all sets and its 95% half-width (`None` if a record has no score rates).
    pub score_rate: Option<(f64, f64)>,
}

/// Joins runs of the same players and ruleset on other deals into one result over all their deal
/// sets. Refused: no runs, other players or rulesets, or one seed twice (the same deals counted
/// twice).
pub fn pool(records: &[SetsRecord]) -> Result<Pooled, SetsError> {
    let refuse = |why: String| Err(SetsError::NotPoolable(why));
    let Some(first) = records.first() else {
        return refuse("no runs given".to_string());
    };
    let mut seeds: Vec<u64> = Vec::with_capacity(records.len());
    for r in records {
        if (&r.ruleset, &r.a, &r.b) != (&first.ruleset, &first.a, &first.b) {
            return refuse(format!(
                "{} vs {} on {} is not {} vs {} on {}",
                r.a, r.b, r.ruleset, first.a, first.b, first.ruleset
            ));
        }
        if seeds.contains(&r.seed) {
            return refuse(format!("seed {} is given twice: the same deals", r.seed));
        }
        seeds.push(r.seed);
    }
    let diffs: Vec<f64> = records
        .iter()
        .flat_map(|r| r.diffs.iter().copied())
        .collect();
    let scores: Option<Vec<f64>> = records
        .iter()
        .map(|r| r.scores.clone())
        .collect::<Option<Vec<Vec<f64>>>>()
        .map(|s| s.concat());
    let (mean_diff, diff_ci95) = mean_ci95(&diffs);
    Ok(Pooled {
        a: first.a.clone(),
        b: first.b.clone(),
        ruleset: first.ruleset.clone(),
        seeds,
        sets: diffs.len(),
        mean_diff,
        diff_ci95,
        score_rate: scores.map(|s| mean_ci95(&s)),
    })
}

impl fmt::Display for Pooled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seeds: Vec<String> = self.seeds.iter().map(u64::to_string).collect();
        let (runs, seed) = match seeds.len() {
            1 => ("run", "seed"),
            _ => ("runs", "seeds"),
        };
        writeln!(
            f,
            "{} vs {} on {}: {} deal sets from {} {runs} ({seed} {})",
            self.a,
            self.b,
            self.ruleset,
            self.sets,
            seeds.len(),
            seeds.join(", ")
        )?;
        match self.score_rate {
            Some((rate, ci)) => writeln!(f, "score rate {rate:.3} ± {ci:.3}")?,
            None => writeln!(f, "score rate: not in every record (first format)")?,
        }
        write!(
            f,
            "mean diff {:+.2} ± {:.2} points per game (95% CI over deal sets)",
            self.mean_diff, self.diff_ci95
        )
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
            scores: Some(
                diffs
                    .iter()
                    .map(|&d| f64::from(u8::from(d > 0.0)))
                    .collect(),
            ),
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
            text.replacen("-9 0", "-9 2", 1),
            text.replacen("-9 0", "-9", 1),
            text.replacen("-9 0", "-9 0 0", 1),
            text.lines().take(3).collect::<Vec<_>>().join("\n"),
        ] {
            assert!(
                matches!(SetsRecord::parse(&damaged), Err(SetsError::Malformed(_))),
                "{damaged}"
            );
        }
    }

    #[test]
    fn a_record_of_the_first_format_reads_without_score_rates() {
        let text = "briscola arena sets 1\nruleset briscola-2p\nseed 3\nsets 2\na hard\nb medium\n7\n-9.5\n";
        let r = SetsRecord::parse(text).expect("a first-format record");
        assert_eq!((r.diffs.clone(), r.scores.clone()), (vec![7.0, -9.5], None));
        assert_eq!(r.to_text(), text);
        assert!(SetsRecord::parse(&text.replace("-9.5", "-9.5 1")).is_err());
    }

    #[test]
    fn pooled_runs_count_every_set_of_every_run() {
        let runs = [record(3, &[10.0, -20.0]), record(4, &[5.0, 1.0, 4.0])];
        let pooled = pool(&runs).expect("same players, other deals");
        assert_eq!((pooled.sets, pooled.seeds.clone()), (5, vec![3, 4]));
        assert_eq!(pooled.mean_diff, 0.0);
        let (rate, ci) = pooled.score_rate.expect("score rates kept");
        assert_eq!(rate, 0.8); // 4 of the 5 sets won
        assert!(ci > 0.0);
        let text = pooled.to_string();
        assert!(
            text.contains("5 deal sets from 2 runs (seeds 3, 4)"),
            "{text}"
        );
        assert!(text.contains("score rate 0.800 ± "), "{text}");
        let one = pool(&runs[..1]).expect("one run").to_string();
        assert!(one.contains("2 deal sets from 1 run (seed 3)"), "{one}");
        let mut first_format = record(5, &[1.0]);
        first_format.scores = None;
        let mixed = pool(&[runs[0].clone(), first_format]).expect("poolable");
        assert_eq!(mixed.score_rate, None);
    }

    #[test]
    fn the_same_deals_twice_or_other_players_are_not_pooled() {
        let run = record(3, &[1.0, 2.0]);
        let mut other = record(4, &[1.0]);
        other.b = "medium".to_string();
        for runs in [vec![], vec![run.clone(), run.clone()], vec![run, other]] {
            assert!(
                matches!(pool(&runs), Err(SetsError::NotPoolable(_))),
                "{runs:?}"
            );
        }
    }

    #[test]
    fn pooled_runs_pair_with_the_saved_runs_of_their_seeds() {
        let base = [record(3, &[10.0, -20.0]), record(4, &[5.0])];
        let mut new = [record(4, &[8.0]), record(3, &[11.0, -19.0])];
        for run in &mut new {
            run.a = "hard-new".to_string();
        }
        let paired = pool_paired(&new, &base).expect("the same deals");
        // Set differences +3 (seed 4), +1 and +1 (seed 3).
        assert_eq!((paired.sets, paired.mean), (3, 5.0 / 3.0));
        assert_eq!(
            (paired.a.as_str(), paired.base_a.as_str()),
            ("hard-new", "hard")
        );
        let unmatched = [record(5, &[1.0])];
        assert!(matches!(
            pool_paired(&unmatched, &base),
            Err(SetsError::OtherDeals(_))
        ));
        let shorter = [record(3, &[1.0])];
        assert!(matches!(
            pool_paired(&shorter, &base),
            Err(SetsError::OtherDeals(_))
        ));
        assert!(matches!(
            pool_paired(&[], &base),
            Err(SetsError::NotPoolable(_))
        ));
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
