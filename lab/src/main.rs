//! The `briscola-lab` command line: the arena and its pooled runs, network training and the speed
//! benches (the AI's, the solver's, the review's, the table server's, its channel's and the relay's). Each subcommand lives in its own module and returns a plain error message; `main`
//! prints it and exits non-zero.

mod commands;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use commands::{
    arena, bench_ai, bench_channel, bench_relay, bench_review, bench_serve, bench_solver,
    relay_tables, train,
};

/// The Briscola AI laboratory: measure, compare and train the AI players.
#[derive(Debug, Parser)]
#[command(name = "briscola-lab", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Pit two AI players against each other over duplicate deals.
    Arena(arena::ArenaArgs),
    /// Join arena runs saved by `arena --sets` (the same players and ruleset, other seeds) into one
    /// result over all their deal sets, with 95% intervals.
    Pool {
        /// The runs' `--sets` files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Saved runs of the same seeds (another player, or another version): the pooled runs are
        /// compared with them set by set, with the 95% interval of the mean difference.
        #[arg(long, value_name = "FILE", num_args = 1..)]
        paired_with: Vec<PathBuf>,
    },
    /// Measure one AI level's decisions per second.
    BenchAi(bench_ai::BenchAiArgs),
    /// Measure the exact solver's nodes per second and time per solve.
    BenchSolver(bench_solver::BenchSolverArgs),
    /// Time the match review and rate one level's play (seat 0) over hands against another.
    BenchReview(bench_review::BenchReviewArgs),
    /// Load a table server with simulated people: latency of their updates, memory per table.
    BenchServe(bench_serve::BenchServeArgs),
    /// Measure the table channel's cost: a handshake per connection, sealing and opening a message.
    BenchChannel(bench_channel::BenchChannelArgs),
    /// Load a relay with synthetic tables (a host and four guests each), then the same tables
    /// directly: delivery latency each way, the relay's memory per paired connection.
    BenchRelay(bench_relay::BenchRelayArgs),
    /// Whole matches through a relay (or directly) by deterministic bots that reconnect when
    /// dropped: each table's record hash, moves and reconnections; optionally kills a relay mid-run.
    RelayTables(relay_tables::RelayTablesArgs),
    /// Train Hard's playout network by imitating Hard's search in self-play (resumable).
    Train(train::TrainArgs),
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Arena(args) => arena::run(&args),
        Command::Pool { files, paired_with } => arena::pool(&files, &paired_with),
        Command::BenchAi(args) => bench_ai::run(&args),
        Command::BenchSolver(args) => bench_solver::run(&args),
        Command::BenchReview(args) => bench_review::run(&args),
        Command::BenchServe(args) => bench_serve::run(&args),
        Command::BenchChannel(args) => bench_channel::run(&args),
        Command::BenchRelay(args) => bench_relay::run(&args),
        Command::RelayTables(args) => relay_tables::run(&args),
        Command::Train(args) => train::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("briscola-lab: {message}");
            ExitCode::FAILURE
        }
    }
}
