//! The `briscola` command line: replay records, list the rulesets, play a hand in the terminal,
//! review a match, read the desktop app's history, serve the bot protocol, host a friends' table,
//! sit at one, and run a relay.

use std::process::ExitCode;

use briscola_cli::Cli;
use clap::Parser;

fn main() -> ExitCode {
    let args = Cli::parse();
    match briscola_cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("briscola: {message}");
            ExitCode::FAILURE
        }
    }
}
