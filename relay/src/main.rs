//! The `briscola-relay` binary: a blind relay for Briscola tables (see the crate's documentation).

use std::process::ExitCode;

use briscola_relay::cli::RelayArgs;
use clap::Parser;

/// A blind WebSocket relay pairing Briscola tables' guests with their hosts.
#[derive(Debug, Parser)]
#[command(name = "briscola-relay", version, about)]
struct Command {
    #[command(flatten)]
    relay: RelayArgs,
}

fn main() -> ExitCode {
    match briscola_relay::cli::run(&Command::parse().relay) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("briscola-relay: {message}");
            ExitCode::FAILURE
        }
    }
}
