//! `briscola serve`: hosts a table headless. Creates it with the rules, format, AI seats and timer of
//! its flags, prints where it listens, the table code and the file holding the host's token (seat 0 is
//! the host's: a person who sits with `briscola join … --token-file FILE`, or the app; the token is
//! never printed, so it never has to be copied onto a command line where other users see it), then
//! logs on standard error one line per event (joins, leaves, drops, the match's start and end) until
//! the table closes, removes the token file and exits. With `--state FILE` the table is saved after
//! every change and brought back on start ([`state`]).
//!
//! Listening beyond this computer, it asks the home router for a port mapping (unless
//! `--no-port-mapping`), prints the reach report in words (`reach: …` lines: the LAN addresses, a
//! public address, the mapping's outcome, the route friends outside will use) and the invitation
//! line to send them (`invitation briscola://join?…`), and removes the mapping when the table closes
//! or on Ctrl-C (which keeps the `--state` file and its token file, to bring the table back).
//!
//! With `--relay RELAY` the table is also kept registered with that relay (registering again
//! whenever the relay goes away), the invitation names the relay too, and the reach report's relay
//! part is printed (`reach: relay: …`) at the start and each time the registration changes.
//!
//! Deliberately absent: several tables from one command (the server holds many; this verb makes one),
//! and a host without a person (the table's host sits at seat 0 and starts the match).

use std::net::SocketAddr;
use std::path::PathBuf;

use briscola::Seat;
use briscola::ai::Level;
use briscola_relay::link::{RelayAddress, RelayStatus};
use briscola_table::TableSettings;
use briscola_table::invitation::{Invitation, MAX_ADDRESSES};
use briscola_table::protocol::{ClientMessage, SeatChoice};
use briscola_table::reach::{self, PortMapping, ProbeOptions};
use briscola_table::secret::TableCode;
use briscola_table::server::{self, ServerConfig, TableEvent};
use clap::Args;
use tokio::sync::watch;

use crate::outln;
use crate::setup::{self, RulesArgs};
use crate::state;

/// Options of `briscola serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Where to listen (`0.0.0.0:PORT` for the local network; port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:7878")]
    listen: SocketAddr,
    #[command(flatten)]
    rules: RulesArgs,
    /// The match format: a kind and its parameter (`single-hand`, `best-of:5`, `first-to:3`,
    /// `game-points:12`, `card-points:121`; `briscola rules --json` lists each ruleset's). Default:
    /// the ruleset's usual format.
    #[arg(long)]
    format: Option<String>,
    /// Seats the AI plays, `SEAT` or `SEAT=LEVEL`, comma-separated (`--ai-seats 1=hard,3`).
    #[arg(long, value_delimiter = ',', value_name = "SEAT[=LEVEL]")]
    ai_seats: Vec<String>,
    /// The AI level of seats given without one.
    #[arg(long, default_value = "medium")]
    level: Level,
    /// The host's name at the table (seat 0).
    #[arg(long, default_value = "host")]
    host: String,
    /// Seconds per move (10 to 600); none: no turn timer.
    #[arg(long)]
    timer: Option<u16>,
    /// Seconds the table stays after its match is over.
    #[arg(long, default_value_t = 600)]
    linger: u64,
    /// Save the table to this file after every change, and bring it back from it on start (the
    /// rules flags are then the saved table's); the file is removed when the table closes.
    #[arg(long)]
    state: Option<PathBuf>,
    /// Where to write the host's token (readable by you only; removed when the table closes).
    /// Default: beside the `--state` file as `FILE.host-token`, else in the temporary folder.
    #[arg(long, value_name = "PATH")]
    token_file: Option<PathBuf>,
    /// Do not ask the home router to forward a port to the table (UPnP, PCP, NAT-PMP).
    #[arg(long)]
    no_port_mapping: bool,
    /// Keep the table registered with this relay too (`HOST:PORT`, `ws://…`, `wss://…`), for
    /// friends no direct route reaches; the invitation names it.
    #[arg(long, value_name = "RELAY")]
    relay: Option<String>,
}

/// Where the host's token goes: as asked, beside the state file, or in the temporary folder.
fn token_path(args: &ServeArgs, code: &str) -> PathBuf {
    if let Some(path) = &args.token_file {
        return path.clone();
    }
    if let Some(state) = &args.state {
        let mut path = state.as_os_str().to_owned();
        path.push(".host-token");
        return PathBuf::from(path);
    }
    std::env::temp_dir().join(format!("briscola-host-token-{code}"))
}

/// One `--ai-seats` entry as the host's `set-seat` message.
fn ai_seat(text: &str, level: Level) -> Result<ClientMessage, String> {
    let (seat, level) = match text.split_once('=') {
        Some((seat, name)) => (seat, name.parse::<Level>().map_err(|e| e.to_string())?),
        None => (text, level),
    };
    let seat: Seat = seat
        .trim()
        .parse()
        .map_err(|_| format!("`{text}`: an AI seat is SEAT or SEAT=LEVEL"))?;
    Ok(ClientMessage::SetSeat {
        seat,
        occupant: SeatChoice::Ai { level },
    })
}

/// Hosts the table until it closes.
pub fn run(args: &ServeArgs) -> Result<(), String> {
    let ruleset = args.rules.ruleset()?;
    let settings = TableSettings {
        format: setup::format(&ruleset, args.format.as_deref())?,
        ..TableSettings::new(ruleset)
    };
    let mut host = args
        .ai_seats
        .iter()
        .map(|s| ai_seat(s, args.level))
        .collect::<Result<Vec<_>, _>>()?;
    if args.timer.is_some() {
        host.push(ClientMessage::SetTimer {
            seconds: args.timer,
        });
    }
    let relay = args
        .relay
        .as_deref()
        .map(|relay| {
            RelayAddress::parse(relay)
                .map_err(|e| format!("--relay `{}`: {e}", crate::seat_text::shown(relay)))
        })
        .transpose()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start: {e}"))?;
    runtime.block_on(serve(args, settings, &host, relay))
}

async fn serve(
    args: &ServeArgs,
    settings: TableSettings,
    host: &[ClientMessage],
    relay: Option<RelayAddress>,
) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind(args.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
    let config = ServerConfig {
        linger_ms: args.linger.saturating_mul(1_000),
        events: true,
        snapshots: args.state.is_some(),
        ..ServerConfig::default()
    };
    let saved = match &args.state {
        Some(path) => state::load(path)?,
        None => None,
    };
    let mut server = server::start(listener, config).await;
    let mut events = server.take_events().ok_or("the server reports no events")?;
    let table = match saved {
        Some(snapshot) => server.restore(snapshot),
        None => server.create_with(settings, &args.host, host),
    }
    .map_err(|e| e.to_string())?;
    let saving = match (&args.state, server.snapshots(&table.code)) {
        (Some(path), Some(snapshots)) => Some(tokio::spawn(state::keep(path.clone(), snapshots))),
        _ => None,
    };
    let address = server.local_addr;
    let token_file = token_path(args, &table.code);
    state::write_private(&token_file, format!("{}\n", table.host_token).as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", token_file.display()))?;
    outln!("address {address}");
    outln!("code {}", table.code);
    outln!("host-token-file {}", token_file.display());
    outln!(
        "The host sits at seat 0 with: briscola join {address} {} --token-file {}",
        table.code,
        token_file.display()
    );
    outln!(
        "Friends join with: briscola join {address} {} --name NAME",
        table.code
    );
    let relayed = match relay {
        Some(relay) => Some(
            server
                .through_relay(&table.code, relay)
                .ok_or("the table's code is not a code")?,
        ),
        None => None,
    };
    let mut relay_status = relayed.as_ref().map(server::Relayed::status);
    let relay_now = relayed
        .as_ref()
        .map(|relayed| relayed.outcome(&relayed.status().borrow()));
    let mut relay_said = relay_now.clone();
    let (addresses, mapping) = reach(args, address, relay_now).await;
    let relay_text = relayed.as_ref().map(|relayed| relayed.relay().to_string());
    outln!(
        "invitation {}",
        invitation(&table.code, &addresses, relay_text.as_deref())?
    );
    let closed = loop {
        tokio::select! {
            status = relay_changed(&mut relay_status) => {
                if let (Some(status), Some(relayed)) = (status, &relayed) {
                    let now = relayed.outcome(&status);
                    if relay_said.as_ref() != Some(&now) {
                        outln!("reach: relay: {now}");
                        relay_said = Some(now);
                    }
                }
            },
            event = events.recv() => match event {
                Some(event) => {
                    eprintln!("briscola serve: {event}");
                    if event.kind == TableEvent::Closed {
                        break true;
                    }
                }
                None => break true,
            },
            _ = tokio::signal::ctrl_c() => break false,
        }
    };
    server.stop();
    if let Some(mapping) = mapping
        && let Err(e) = mapping.remove().await
    {
        eprintln!("briscola serve: the router's port mapping stays until its lease ends: {e}");
    }
    if !closed {
        // Interrupted: the saved table and its host's token stay, to bring it back.
        if args.state.is_none() {
            let _ = std::fs::remove_file(&token_file);
        }
        return Ok(());
    }
    let _ = std::fs::remove_file(&token_file);
    // The table is gone: nothing to bring back.
    if let (Some(saving), Some(path)) = (saving, &args.state) {
        let _ = saving.await;
        std::fs::remove_file(path).map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
    }
    Ok(())
}

/// The relay's status once it changes (`None` when the registration ended); never, without one.
async fn relay_changed(status: &mut Option<watch::Receiver<RelayStatus>>) -> Option<RelayStatus> {
    let Some(receiver) = status else {
        return std::future::pending().await;
    };
    if receiver.changed().await.is_err() {
        *status = None;
        return None;
    }
    Some(*receiver.borrow_and_update())
}

/// The reach report printed, a `reach:` line each; the addresses to invite to, and the router's
/// mapping to remove at the end. A table on a loopback address is for this computer only (and
/// for friends through its relay, if it has one).
async fn reach(
    args: &ServeArgs,
    address: SocketAddr,
    relay: Option<reach::RelayOutcome>,
) -> (Vec<SocketAddr>, Option<PortMapping>) {
    if address.ip().is_loopback() {
        outln!(
            "reach: this computer only (--listen 0.0.0.0:{} opens the table to the network)",
            address.port()
        );
        if let Some(relay) = relay {
            outln!("reach: relay: {relay}");
        }
        return (vec![address], None);
    }
    let options = ProbeOptions {
        map: !args.no_port_mapping,
        relay: relay.unwrap_or(reach::RelayOutcome::NotConfigured),
        ..ProbeOptions::default()
    };
    let (report, mapping) = reach::probe(address.port(), &options).await;
    for line in report.to_string().lines() {
        outln!("reach: {line}");
    }
    (report.addresses(), mapping)
}

/// The invitation line: the code, as many addresses as an invitation holds, the last one (the
/// public or mapped address, when there is one) always in, and the relay if there is one.
fn invitation(
    code: &str,
    addresses: &[SocketAddr],
    relay: Option<&str>,
) -> Result<Invitation, String> {
    let code = TableCode::parse(code).ok_or("the table's code is not a code")?;
    let mut invitation = Invitation::new(code);
    if let Some(relay) = relay {
        invitation = invitation.with_relay(relay).map_err(|e| e.to_string())?;
    }
    let (last, first) = match addresses.split_last() {
        Some((last, first)) => (Some(last), first),
        None => (None, addresses),
    };
    let room = MAX_ADDRESSES - usize::from(last.is_some());
    for &address in first.iter().take(room).chain(last) {
        invitation = invitation
            .with_address(address)
            .map_err(|e| e.to_string())?;
    }
    Ok(invitation)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ai_seats_read_with_or_without_a_level() {
        assert_eq!(
            ai_seat("2=hard", Level::Easy),
            Ok(ClientMessage::SetSeat {
                seat: 2,
                occupant: SeatChoice::Ai { level: Level::Hard }
            })
        );
        assert_eq!(
            ai_seat("1", Level::Easy),
            Ok(ClientMessage::SetSeat {
                seat: 1,
                occupant: SeatChoice::Ai { level: Level::Easy }
            })
        );
        assert!(ai_seat("x", Level::Easy).is_err());
        assert!(ai_seat("1=genius", Level::Easy).is_err());
    }

    #[test]
    fn the_invitation_keeps_the_outside_address_when_there_are_many() {
        let lan: Vec<SocketAddr> = (1..=6u8)
            .map(|n| SocketAddr::from(([192, 168, n, 20], 7878)))
            .collect();
        let outside = SocketAddr::from(([81, 2, 69, 142], 41000));
        let addresses = [lan.clone(), vec![outside]].concat();
        let invited = invitation("7KQ2M-XR4TD", &addresses, None).expect("an invitation");
        assert_eq!(invited.addresses(), &[lan[0], lan[1], lan[2], outside]);
        assert_eq!(
            invited.to_string(),
            "briscola://join?code=7KQ2M-XR4TD&at=192.168.1.20:7878&at=192.168.2.20:7878\
             &at=192.168.3.20:7878&at=81.2.69.142:41000"
        );
        let alone = invitation("7KQ2M-XR4TD", &[], None).expect("an invitation");
        assert_eq!(alone.to_string(), "briscola://join?code=7KQ2M-XR4TD");
        let relayed = invitation("7KQ2M-XR4TD", &[outside], Some("wss://relay.example.org"));
        let relayed = relayed.expect("an invitation");
        assert_eq!(relayed.addresses(), &[outside]);
        assert_eq!(relayed.relay(), Some("wss://relay.example.org"));
    }

    #[test]
    fn port_mapping_can_be_turned_off() {
        use clap::Parser;
        #[derive(Debug, clap::Parser)]
        struct Line {
            #[command(flatten)]
            serve: ServeArgs,
        }
        let on = Line::try_parse_from(["serve"]).expect("valid");
        assert!(!on.serve.no_port_mapping);
        let off = Line::try_parse_from(["serve", "--no-port-mapping"]).expect("valid");
        assert!(off.serve.no_port_mapping);
    }
}
