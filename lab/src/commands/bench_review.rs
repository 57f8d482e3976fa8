//! `briscola-lab bench-review`: how fast the match review is, and how it rates a level's play. Hands of
//! one ruleset are played (seat 0 by `--level`, the others by `--opponent`), each reviewed for seat 0
//! as a one-hand match on this thread and timed here (the engine reads no clock); the report gives
//! the review time per hand, the share of each mark and the mean accuracy. Deliberately absent:
//! threads (the figure is one core's).

use std::time::Instant;

use briscola::ai::review::{self, Flow, Mark, ReviewConfig};
use briscola::ai::{self, AgentConfig, Level};
use briscola::{Match, MatchFormat};
use briscola_lab::arena;
use briscola_lab::stats::Timing;
use clap::Args;
use serde_json::json;

use briscola_cli::outln;

/// Options of `briscola-lab bench-review`.
#[derive(Debug, Args)]
pub struct BenchReviewArgs {
    /// The level playing seat 0, the seat reviewed.
    #[arg(long, default_value = "hard")]
    level: Level,
    /// The level playing the other seats.
    #[arg(long, default_value = "medium")]
    opponent: Level,
    /// Ruleset id, e.g. `briscola-2p`.
    #[arg(long, default_value = "briscola-2p")]
    ruleset: String,
    /// Hands played and reviewed.
    #[arg(long, default_value_t = 20)]
    hands: u64,
    /// Seed of the deals, the players and the review.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worlds the review samples per decision (default: Hard's budget).
    #[arg(long)]
    review_worlds: Option<u32>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    budget: briscola_cli::BudgetArgs,
}

/// Plays, reviews, times and prints.
pub fn run(args: &BenchReviewArgs) -> Result<(), String> {
    let rules = arena::ruleset_from_id(&args.ruleset)?;
    let mut review_config = ReviewConfig {
        seed: args.seed,
        ..ReviewConfig::new(0)
    };
    if let Some(worlds) = args.review_worlds {
        review_config.worlds = worlds.max(1);
    }
    let (mut nanos, mut marks, mut losses) = (Vec::new(), [0u32; 5], Vec::new());
    for hand in 0..args.hands.max(1) {
        let seed = briscola::Rng::derive_seed(args.seed, hand);
        let dealer = (hand % u64::from(rules.players)) as u8;
        let mut m =
            Match::new(rules, MatchFormat::SingleHand, dealer, seed).map_err(|e| e.to_string())?;
        let mut players: Vec<_> = (0..rules.players)
            .map(|seat| {
                let level = if seat == 0 { args.level } else { args.opponent };
                ai::agent_with(AgentConfig {
                    budget: args.budget.budget(),
                    ..AgentConfig::new(level, seed.wrapping_add(u64::from(seat)))
                })
            })
            .collect();
        while m.outcome().is_none() {
            let seat = m.game().to_move();
            let action = players[usize::from(seat)]
                .choose(&m.game().observation(seat))
                .action;
            m.apply(action).map_err(|e| e.to_string())?;
        }
        let record = m.record();
        let start = Instant::now();
        let reviewed = review::review_match(&record, &review_config, |_| Flow::Continue)
            .map_err(|e| e.to_string())?;
        nanos.push(start.elapsed().as_nanos() as u64);
        for rating in reviewed.ratings() {
            marks[rating.mark as usize] += 1;
            losses.push(rating.clear_loss());
        }
    }
    let timing = Timing::from_nanos("review", nanos);
    let rated: u32 = marks.iter().sum();
    let share = |n: u32| 100.0 * f64::from(n) / f64::from(rated.max(1));
    let accuracy = review::accuracy(losses.iter().copied());
    if args.json {
        let shares: serde_json::Map<String, serde_json::Value> = Mark::ALL
            .iter()
            .zip(marks)
            .map(|(m, n)| (m.id().to_string(), json!(share(n))))
            .collect();
        let out = json!({
            "ruleset": arena::ruleset_id(&rules), "level": args.level, "opponent": args.opponent,
            "hands": args.hands, "review_worlds": review_config.worlds, "rated": rated,
            "mark_percent": shares, "best_or_good_percent": share(marks[0] + marks[1]),
            "accuracy": accuracy, "seconds_per_hand": {
                "median": timing.median_us / 1e6, "p95": timing.p95_us / 1e6, "max": timing.max_us / 1e6
            }
        });
        outln!(
            "{}",
            serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    let shares: Vec<String> = Mark::ALL
        .iter()
        .zip(marks)
        .map(|(m, n)| format!("{} {:.1}%", m.id(), share(n)))
        .collect();
    outln!(
        "{} reviewing {} (against {}) on {}, {} hands, {} worlds per decision: {} rated decisions; \
         best or good {:.1}% ({}); accuracy {:.1}; review time per hand: median {:.3} s, p95 {:.3} s, \
         max {:.3} s",
        "bench-review",
        args.level,
        args.opponent,
        arena::ruleset_id(&rules),
        args.hands,
        review_config.worlds,
        rated,
        share(marks[0] + marks[1]),
        shares.join(", "),
        accuracy.unwrap_or(0.0),
        timing.median_us / 1e6,
        timing.p95_us / 1e6,
        timing.max_us / 1e6
    );
    Ok(())
}
