//! Subcommands of the `briscola` binary. Each lives in its own module and returns a plain error message;
//! `main` prints it and exits non-zero.

mod play;
mod replay;
mod rules;

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
    /// Play a hand in the terminal against simple opponents.
    Play(play::PlayArgs),
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Replay { file } => replay::run(&file),
        Command::Rules { json } => rules::run(json),
        Command::Play(args) => play::run(&args),
    }
}
