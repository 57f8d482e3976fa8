//! The `briscola` command line: replay records, list the rulesets, play a hand in the terminal.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("briscola: {message}");
            ExitCode::FAILURE
        }
    }
}
