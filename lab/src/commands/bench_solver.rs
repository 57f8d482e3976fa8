//! `briscola-lab bench-solver`: the exact solver's nodes per second and time per solve over the
//! positions of hands played by Medium (see `briscola_lab::solver_speed`).

use briscola_lab::{arena, solver_speed};
use clap::Args;

use briscola_cli::outln;

/// Options of `briscola-lab bench-solver`.
#[derive(Debug, Args)]
pub struct BenchSolverArgs {
    /// Cards left in the stock in the solved positions (`0`: endgames).
    #[arg(long, default_value_t = 4)]
    stock: usize,
    /// Ruleset id, e.g. `briscola-2p`.
    #[arg(long, default_value = "briscola-2p")]
    ruleset: String,
    /// Hands whose positions are solved.
    #[arg(long, default_value_t = 200)]
    hands: usize,
    /// Seed of the deals and the sampled worlds.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Measures and prints.
pub fn run(args: &BenchSolverArgs) -> Result<(), String> {
    let rules = arena::ruleset_from_id(&args.ruleset)?;
    outln!(
        "{}",
        solver_speed::measure(rules, args.hands.max(1), args.seed, args.stock)
    );
    Ok(())
}
