//! The `briscola` command line (thin: the work is in the engine and the table crate). Each subcommand
//! lives in its own module and returns a plain error message; `main` prints it and exits non-zero.
//! Also here for the lab's command line (`briscola-lab`): standard output that ends quietly on a
//! closed pipe ([`out`]) and Hard's search budget as flags ([`BudgetArgs`]).
//! Deliberately absent: the laboratory's verbs (arena, training, speed benches: `briscola-lab`).

mod bot;
mod budget;
mod history;
mod join;
mod join_client;
pub mod out;
mod play;
mod replay;
mod review;
mod rules;
mod seat_text;
mod serve;
mod setup;
mod state;
mod table_words;

pub use budget::BudgetArgs;

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
    /// Serve an AI player over JSON Lines on stdin/stdout (docs/bot-protocol.md).
    Bot(bot::BotArgs),
    /// List the desktop app's finished matches, or replay one (`--replay ID`).
    History(history::HistoryArgs),
    /// Review one seat's decisions in a match record: every decision rated, the better action shown.
    Review(review::ReviewArgs),
    /// Host a table for friends (WebSocket): prints its address, code and the file holding the host's
    /// token.
    Serve(serve::ServeArgs),
    /// Sit at a friends' table in the terminal (the server's address and the table code).
    Join(join::JoinArgs),
    /// Run a blind relay that pairs tables' guests with their hosts across the internet
    /// (docs/relay.md); the same as the `briscola-relay` binary.
    Relay(briscola_relay::cli::RelayArgs),
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Replay { file } => replay::run(&file),
        Command::Rules { json } => rules::run(json),
        Command::Play(args) => play::run(&args),
        Command::Bot(args) => bot::run(&args),
        Command::History(args) => history::run(&args),
        Command::Review(args) => review::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Join(args) => join::run(&args),
        Command::Relay(args) => briscola_relay::cli::run(&args),
    }
}
