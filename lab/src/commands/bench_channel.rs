//! `briscola-lab bench-channel`: the cost of the table's encrypted channel on this machine, sans-IO
//! (no sockets): a whole handshake per connection (both sides: the guest's Hello, the host's answer
//! and confirmation, the guest's check, the host's check of the first frame), and sealing then
//! opening one message of a typical view's size. Prints microseconds per handshake and per message.
//!
//! Deliberately absent: the network (`bench-serve` measures a server under load, channel included).

use std::time::Instant;

use briscola_table::channel::{Guest, Hello};
use briscola_table::secret::{Entropy, TableCode};
use clap::Args;

use briscola_cli::outln;

/// Options of `briscola-lab bench-channel`.
#[derive(Debug, Args)]
pub struct BenchChannelArgs {
    /// Handshakes to time.
    #[arg(long, default_value_t = 2_000)]
    handshakes: u32,
    /// Messages to seal and open.
    #[arg(long, default_value_t = 100_000)]
    messages: u32,
    /// Bytes per message (a player's view is about this size).
    #[arg(long, default_value_t = 2_048)]
    bytes: usize,
}

/// Runs the bench.
pub fn run(args: &BenchChannelArgs) -> Result<(), String> {
    let mut entropy = Entropy::os();
    let code = TableCode::generate(&mut entropy).map_err(|e| e.to_string())?;
    let failed = |e: briscola_table::channel::ChannelError| format!("the channel failed: {e}");
    let start = Instant::now();
    let mut open = None;
    for _ in 0..args.handshakes.max(1) {
        let (guest, hello) = Guest::start(&code);
        let (reply, pending) = Hello::parse(&hello)
            .and_then(|hello| hello.answer(&code))
            .map_err(failed)?;
        let (mut sealer, opener) = guest.finish(&reply).map_err(failed)?;
        let first = sealer.seal(b"join").map_err(failed)?;
        let (_, host_opener, _) = pending.confirm(&first).map_err(failed)?;
        open = Some((sealer, host_opener));
        drop(opener);
    }
    let handshake_us = start.elapsed().as_secs_f64() * 1e6 / f64::from(args.handshakes.max(1));
    let (mut sealer, mut opener) = open.ok_or("no handshake")?;
    let message = vec![b'x'; args.bytes];
    let start = Instant::now();
    for _ in 0..args.messages.max(1) {
        let sealed = sealer.seal(&message).map_err(failed)?;
        opener.open(&sealed).map_err(failed)?;
    }
    let message_us = start.elapsed().as_secs_f64() * 1e6 / f64::from(args.messages.max(1));
    outln!(
        "handshake (both sides): {handshake_us:.0} µs per connection over {} connections",
        args.handshakes
    );
    outln!(
        "seal + open of {} bytes: {message_us:.2} µs per message over {} messages",
        args.bytes,
        args.messages
    );
    Ok(())
}
