//! `briscola bot`: a long-lived AI player speaking JSON Lines on stdin/stdout (one observation in, one
//! action out). The protocol is documented in `docs/bot-protocol.md`.

use briscola::ai::Level;
use briscola::ai::bot::{self, BotConfig};
use clap::Args;

/// Options of `briscola bot`.
#[derive(Debug, Args)]
pub struct BotArgs {
    /// The AI level.
    #[arg(long, default_value = "hard")]
    level: Level,
    /// Seed of the agent's choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    budget: crate::BudgetArgs,
}

/// Serves until standard input ends.
pub fn run(args: &BotArgs) -> Result<(), String> {
    let config = BotConfig {
        level: args.level,
        seed: args.seed,
        budget: args.budget.budget(),
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    bot::serve(stdin.lock(), stdout.lock(), config).map_err(|e| format!("bot stopped: {e}"))
}
