//! `briscola arena`: two AI levels over duplicate deals (see `briscola::ai::arena`), printing the table
//! of results and decision times.

use briscola::ai::Budget;
use briscola::ai::arena::{self, ArenaConfig, Contender};
use std::time::Duration;

use clap::Args;

use super::out::outln;

/// Options of `briscola arena`.
#[derive(Debug, Args)]
pub struct ArenaArgs {
    /// Player A, whose results the table reports: easy, medium, hard, hard-v1 (Hard before issue 12),
    /// hard-v2 (Hard of session 4, heuristic playouts), hard-v3 (Hard of sessions 5–9, network
    /// playouts, fixed worlds),
    /// a public AI (deep-briscola, greedy, brimarl-heuristic, ismcts), or `cmd:COMMAND`, a program
    /// speaking the bot protocol (docs/bot-protocol.md), one process per thread and seat.
    #[arg(long)]
    a: Contender,
    /// Player B, as A.
    #[arg(long)]
    b: Contender,
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
    /// Seconds an external (`cmd:`) player may take to answer one request, start-up included.
    #[arg(long, default_value_t = 30.0)]
    timeout: f64,
    #[command(flatten)]
    budget: BudgetArgs,
}

/// Hard's search budget on the command line (shared by `arena`, `bot` and `bench-ai`).
#[derive(Debug, Args)]
pub struct BudgetArgs {
    /// Hard: worlds searched per decision (alone: no clock, so runs are deterministic).
    #[arg(long)]
    worlds: Option<u32>,
    /// Hard: time budget per decision in milliseconds (`0` = no clock, worlds only).
    #[arg(long)]
    budget_ms: Option<u64>,
}

impl BudgetArgs {
    /// The budget: the defaults, with either part replaced.
    pub fn budget(&self) -> Budget {
        let mut budget = Budget::default();
        if let Some(worlds) = self.worlds {
            budget.worlds = worlds.max(1);
            budget.time_ms = None;
        }
        if let Some(ms) = self.budget_ms {
            budget.time_ms = (ms > 0).then_some(ms);
        }
        budget
    }
}

/// Runs the arena and prints its report.
pub fn run(args: &ArenaArgs) -> Result<(), String> {
    let rules = arena::ruleset_from_id(&args.ruleset)?;
    if args.pairs == 0 || args.threads == 0 {
        return Err("--pairs and --threads must be at least 1".to_string());
    }
    let timeout = Duration::try_from_secs_f64(args.timeout)
        .ok()
        .filter(|t| !t.is_zero())
        .ok_or_else(|| {
            format!(
                "--timeout {}: give a positive number of seconds",
                args.timeout
            )
        })?;
    let mut config = ArenaConfig::new(args.a.clone(), args.b.clone(), rules);
    config.pairs = args.pairs;
    config.seed = args.seed;
    config.threads = args.threads;
    config.budget = args.budget.budget();
    config.timeout = timeout;
    let report = arena::run(&config).map_err(|e| format!("arena stopped: {e}"))?;
    outln!("{report}");
    Ok(())
}
