//! `briscola arena`: two AI levels over duplicate deals (see `briscola::ai::arena`), printing the table
//! of results and decision times.

use briscola::ai::arena::{self, ArenaConfig};
use briscola::ai::{Budget, Level};
use clap::Args;

/// Options of `briscola arena`.
#[derive(Debug, Args)]
pub struct ArenaArgs {
    /// Level A, whose results the table reports.
    #[arg(long)]
    a: Level,
    /// Level B.
    #[arg(long)]
    b: Level,
    /// Ruleset id: a preset with a player count, e.g. `briscola-2p`, `brisca-4p`, `chiamata-5p`.
    #[arg(long, default_value = "briscola-2p")]
    ruleset: String,
    /// Deal sets; each is played once per seat rotation (twice with two players).
    #[arg(long, default_value_t = 1000)]
    pairs: usize,
    /// Seed of the deals and the agents.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Hard: worlds searched per decision.
    #[arg(long)]
    worlds: Option<u32>,
    /// Hard: time budget per decision in milliseconds (`0` = no clock, worlds only).
    #[arg(long)]
    budget_ms: Option<u64>,
}

/// Runs the arena and prints its report.
pub fn run(args: &ArenaArgs) -> Result<(), String> {
    let rules = arena::ruleset_from_id(&args.ruleset)?;
    if args.pairs == 0 || args.threads == 0 {
        return Err("--pairs and --threads must be at least 1".to_string());
    }
    let mut config = ArenaConfig::new(args.a, args.b, rules);
    config.pairs = args.pairs;
    config.seed = args.seed;
    config.threads = args.threads;
    config.budget = budget(args.worlds, args.budget_ms);
    println!("{}", arena::run(&config));
    Ok(())
}

/// The Hard budget from the command line: the defaults, with either part replaced. `--worlds`
/// alone means a world count and no clock, so runs are deterministic.
pub fn budget(worlds: Option<u32>, budget_ms: Option<u64>) -> Budget {
    let mut budget = Budget::default();
    if let Some(worlds) = worlds {
        budget.worlds = worlds.max(1);
        budget.time_ms = None;
    }
    if let Some(ms) = budget_ms {
        budget.time_ms = (ms > 0).then_some(ms);
    }
    budget
}
