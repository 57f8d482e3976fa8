//! Subcommands of the `briscola` binary (thin: the work is in the library). Each lives in its own module and returns a plain error message;
//! `main` prints it and exits non-zero.

mod arena;
mod bench_ai;
mod bench_review;
mod bench_solver;
mod bot;
mod history;
mod input;
mod out;
mod play;
mod replay;
mod review;
mod rules;
mod train;

use clap::{Parser, Subcommand};

/// Briscola, Brisca, Bisca and their variants: rules engine tools.
#[derive(Debug, Parser)]
#[command(name = "briscola", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Replay a record (JSON, a hand or a whole match) and print a JSON summary.
    Replay {
        /// The record file; `-` reads standard input.
        file: String,
    },
    /// List the rulesets, their options and defaults.
    Rules {
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play a hand in the terminal against the AI.
    Play(play::PlayArgs),
    /// Pit two AI levels against each other over duplicate deals.
    Arena(arena::ArenaArgs),
    /// Join arena runs saved by `arena --sets` (the same players and ruleset, other seeds) into one
    /// result over all their deal sets, with 95% intervals.
    Pool {
        /// The runs' `--sets` files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Saved runs of the same seeds (another player, or another version): the pooled runs are
        /// compared with them set by set, with the 95% interval of the mean difference.
        #[arg(long, value_name = "FILE", num_args = 1..)]
        paired_with: Vec<std::path::PathBuf>,
    },
    /// Serve an AI player over JSON Lines on stdin/stdout (docs/bot-protocol.md).
    Bot(bot::BotArgs),
    /// Measure one AI level's decisions per second.
    BenchAi(bench_ai::BenchAiArgs),
    /// Measure the exact solver's nodes per second and time per solve.
    BenchSolver(bench_solver::BenchSolverArgs),
    /// List the desktop app's finished matches, or replay one (`--replay ID`).
    History(history::HistoryArgs),
    /// Time the match review and rate one level's play (seat 0) over hands against another.
    BenchReview(bench_review::BenchReviewArgs),
    /// Train Hard's playout network by imitating Hard's search in self-play (resumable).
    Train(train::TrainArgs),
    /// Review one seat's decisions in a match record: every decision rated, the better action shown.
    Review(review::ReviewArgs),
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Replay { file } => replay::run(&file),
        Command::Rules { json } => rules::run(json),
        Command::Play(args) => play::run(&args),
        Command::Arena(args) => arena::run(&args),
        Command::Pool { files, paired_with } => arena::pool(&files, &paired_with),
        Command::Bot(args) => bot::run(&args),
        Command::BenchAi(args) => bench_ai::run(&args),
        Command::BenchSolver(args) => bench_solver::run(&args),
        Command::History(args) => history::run(&args),
        Command::Review(args) => review::run(&args),
        Command::BenchReview(args) => bench_review::run(&args),
        Command::Train(args) => train::run(&args),
    }
}
