//! `briscola review FILE`: the match review of one seat (see `briscola::ai::review`) of a match record
//! (or a hand record, reviewed as a one-hand match), printed as a table, or as JSON with `--json`
//! (the review and the habits it found). `briscola history --review ID` prints the same for a match
//! of the app's history. Deliberately absent: progress output (a two-player hand takes well under a
//! second in a release build).

use briscola::ai::review::{
    self, DecisionReview, HabitStat, Mark, MatchReview, ReviewConfig, Verdict,
};
use briscola::{Deal, Game, HandRecord, MatchFormat, MatchRecord, Record};
use clap::Args;
use serde_json::{Value, json};

use crate::outln;

/// How to review, shared by `review` and `history --review`.
#[derive(Debug, Args)]
pub struct ReviewOptions {
    /// The seat to review (the app's player is seat 0).
    #[arg(long, default_value_t = 0)]
    seat: u8,
    /// Seed of the worlds sampled (the review is deterministic for a seed); by default the one the
    /// app and the hints use (`review::SEED`), so `history --review` prints what the app shows.
    #[arg(long)]
    seed: Option<u64>,
    /// Worlds sampled per decision (default: Hard's budget).
    #[arg(long)]
    worlds: Option<u32>,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

/// Options of `briscola review`.
#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// The record file (a match or a hand); `-` reads standard input.
    file: String,
    #[command(flatten)]
    options: ReviewOptions,
}

/// Reads, reviews and prints.
pub fn run(args: &ReviewArgs) -> Result<(), String> {
    let text = super::replay::read(&args.file)?;
    let is_match = serde_json::from_str::<Value>(&text)
        .ok()
        .is_some_and(|v| v.get("hands").is_some());
    let record = if is_match {
        MatchRecord::from_json(&text)
    } else {
        Record::from_json(&text).map(|r| as_match(&r))
    }
    .map_err(|e| format!("{}: {e}", args.file))?;
    print(&record, &args.options)
}

/// A hand record as a one-hand match.
fn as_match(record: &Record) -> MatchRecord {
    let deal = match &record.deal {
        Deal::Order(order) => order.clone(),
        Deal::Seed(seed) => Game::seed_order(&record.ruleset, *seed),
    };
    MatchRecord {
        version: MatchRecord::VERSION,
        ruleset: record.ruleset,
        format: MatchFormat::SingleHand,
        seed: match record.deal {
            Deal::Seed(seed) => seed,
            Deal::Order(_) => 0,
        },
        first_dealer: record.dealer,
        hands: vec![HandRecord {
            dealer: record.dealer,
            deal,
            actions: record.actions.clone(),
            played_for: Vec::new(),
        }],
    }
}

/// Reviews `record` and prints the table or the JSON.
pub fn print(record: &MatchRecord, options: &ReviewOptions) -> Result<(), String> {
    let mut config = ReviewConfig::new(options.seat);
    if let Some(seed) = options.seed {
        config.seed = seed;
    }
    if let Some(worlds) = options.worlds {
        config.worlds = worlds.max(1);
    }
    let done = review::review_match(record, &config, |_| review::Flow::Continue)
        .map_err(|e| e.to_string())?;
    let habits = review::habit_stats([&done]);
    if options.json {
        let out = json!({ "review": done, "habits": habits });
        outln!(
            "{}",
            serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?
        );
    } else {
        outln!("{}", table(&done, &habits));
    }
    Ok(())
}

/// The review as text: one line per decision, each hand's accuracy, the match's, and the habits.
fn table(review: &MatchReview, habits: &[HabitStat]) -> String {
    let mut out = format!(
        "Review of seat {} ({} worlds per decision, seed {})\n",
        review.seat, review.worlds, review.seed
    );
    for hand in &review.hands {
        out += &format!(
            "\nHand {}: accuracy {}\n{:>4}  {:<11} {:<10} {:>12} {:>11} {:>13}  {}\n",
            hand.hand + 1,
            percent(hand.accuracy),
            "#",
            "action",
            "mark",
            "loss ±noise",
            "win %",
            "points",
            "why not best"
        );
        for decision in &hand.decisions {
            out += &row(decision);
            out.push('\n');
        }
    }
    let ratings: Vec<_> = review.ratings().collect();
    let counts: Vec<String> = Mark::ALL
        .iter()
        .map(|&m| {
            let n = ratings.iter().filter(|r| r.mark == m).count();
            format!("{} {n}", m.id())
        })
        .collect();
    out += &format!(
        "\nMatch accuracy {} over {} rated decisions: {}\n",
        percent(review.accuracy),
        ratings.len(),
        counts.join(", ")
    );
    for h in habits {
        let points = h
            .mean_points
            .map(|p| format!("{p:.1} card points and "))
            .unwrap_or_default();
        out += &format!(
            "Habit: {}: {} time(s), costing on average {points}{:.1} percentage points of win chance\n",
            h.habit, h.count, h.mean_win
        );
    }
    out.trim_end().to_string()
}

/// One decision's line.
fn row(d: &DecisionReview) -> String {
    let n = d.index + 1;
    let action = d.action.to_string();
    match &d.verdict {
        Verdict::Rated(r) => {
            let pair = |t: f32, b: f32| format!("{t:.0}/{b:.0}");
            let points = match (r.taken.points, r.best.points) {
                (Some(t), Some(b)) => pair(t, b),
                _ => "-".to_string(),
            };
            let why = r
                .reason
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default();
            format!(
                "{n:>4}  {action:<11} {:<10} {:>12} {:>11} {:>13}  {why}",
                r.mark.id(),
                format!("{:.1} ±{:.1}", r.loss, r.noise),
                pair(r.taken.win_percent, r.best.win_percent),
                points
            )
        }
        Verdict::Forced => format!("{n:>4}  {action:<11} forced"),
        Verdict::NotReviewed { reason } => format!("{n:>4}  {action:<11} {reason}"),
    }
}

/// An accuracy with one decimal, or a dash.
fn percent(accuracy: Option<f32>) -> String {
    accuracy.map_or_else(|| "-".to_string(), |a| format!("{a:.1}"))
}
