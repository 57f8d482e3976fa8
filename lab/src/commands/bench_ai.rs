//! `briscola-lab bench-ai`: decisions per second of one AI level over the positions of hands played by
//! Medium (see `briscola_lab::speed`), with decision-time percentiles.

use briscola::ai::{AgentConfig, Level};
use briscola_lab::{arena, speed};
use clap::Args;

use briscola_cli::outln;

/// Options of `briscola-lab bench-ai`.
#[derive(Debug, Args)]
pub struct BenchAiArgs {
    /// The level to measure.
    #[arg(long)]
    level: Level,
    /// Ruleset id, e.g. `briscola-2p`.
    #[arg(long, default_value = "briscola-2p")]
    ruleset: String,
    /// Hands whose positions are decided.
    #[arg(long, default_value_t = 50)]
    hands: usize,
    /// Seed of the deals and the agent.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Time only the chiamata auction's bids, passes and calls (with a choice).
    #[arg(long)]
    auction: bool,
    #[command(flatten)]
    budget: briscola_cli::BudgetArgs,
}

/// Measures and prints.
pub fn run(args: &BenchAiArgs) -> Result<(), String> {
    let rules = arena::ruleset_from_id(&args.ruleset)?;
    let config = AgentConfig {
        budget: args.budget.budget(),
        ..AgentConfig::new(args.level, args.seed)
    };
    let which = if args.auction {
        speed::Positions::Auction
    } else {
        speed::Positions::All
    };
    outln!(
        "{}",
        speed::measure(config, rules, args.hands.max(1), args.seed, which)
    );
    Ok(())
}
