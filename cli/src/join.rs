//! `briscola join`: sits at a friends' table in the terminal, as `briscola play` plays a hand — the
//! seat's own view, moves typed in the card notation, chat (`/say`), timer warnings — over the table's
//! WebSocket protocol (docs/multiplayer.md). `--token` takes a seat back (the host's included);
//! `--ready` says ready once seated; `--start` (the host) starts the match as soon as it can start;
//! `--record` writes the match record when it is over. The client ends when the match is over, the
//! connection closes, or input ends.
//!
//! Deliberately absent: the host's lobby settings beyond starting (the seats and timer come from
//! `briscola serve`'s flags), and hints (a table's AI help would be an unfair advantage).

use std::path::PathBuf;

use briscola::Action;
use briscola_table::client::{self, Received};
use briscola_table::protocol::{ClientMessage, LobbyView, SeatView, ServerMessage, Stage};
use clap::Args;
use tokio::sync::mpsc;

use crate::outln;
use crate::seat_text::{self, Command};

/// Options of `briscola join`.
#[derive(Debug, Args)]
pub struct JoinArgs {
    /// The server's address, `HOST:PORT` (or `ws://HOST:PORT/`).
    address: String,
    /// The table code (case, spaces and dashes do not matter).
    code: String,
    /// Your name at the table (1 to 24 characters).
    #[arg(long, required_unless_present = "token")]
    name: Option<String>,
    /// Take your seat back with its token (shown when you joined; the host's by `briscola serve`).
    #[arg(long)]
    token: Option<String>,
    /// Say you are ready as soon as you are seated.
    #[arg(long)]
    ready: bool,
    /// As the host: start the match as soon as every seat is taken and everyone is ready.
    #[arg(long)]
    start: bool,
    /// Write the match record (JSON, for `briscola replay` and `briscola review`) here at the end.
    #[arg(long)]
    record: Option<PathBuf>,
}

/// What the client knows of its place at the table.
#[derive(Debug, Default)]
struct Place {
    seat: Option<u8>,
    host: bool,
    /// The moves offered in the last view, so a prompt is not repeated for the same one.
    legal: Vec<Action>,
    /// The hand shown last (a new hand is shown even when it is not your turn).
    hand: u32,
    /// The lobby for which `start` was sent.
    started_for: Option<LobbyView>,
    /// Whether `--ready` was acted on.
    readied: bool,
    /// Whether a welcome came (another comes when the match starts).
    welcomed: bool,
}

/// Plays at the table until the match is over.
pub fn run(args: &JoinArgs) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start: {e}"))?;
    runtime.block_on(join(args))
}

/// Standard input, a line at a time, read on its own thread (`None`: input ended).
fn read_input() -> mpsc::Receiver<Option<String>> {
    let (lines, receiver) = mpsc::channel(16);
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        loop {
            let line = briscola_store::input::read_line(&mut input).ok().flatten();
            let ended = line.is_none();
            if lines.blocking_send(line).is_err() || ended {
                return;
            }
        }
    });
    receiver
}

async fn join(args: &JoinArgs) -> Result<(), String> {
    let (mut sender, mut receiver) = client::connect(&args.address)
        .await
        .map_err(|e| e.to_string())?;
    let first = match (&args.token, &args.name) {
        (Some(token), _) => ClientMessage::Rejoin {
            code: args.code.clone(),
            token: token.clone(),
        },
        (None, Some(name)) => ClientMessage::Join {
            code: args.code.clone(),
            name: name.clone(),
        },
        (None, None) => return Err("give --name (or --token to take a seat back)".into()),
    };
    let mut outbox = vec![first];
    let mut input = read_input();
    let mut me = Place::default();
    loop {
        for message in outbox.drain(..) {
            // A send that fails means the table is closing: what it sent before (the record, at the
            // end of a match) is still read below, and the closed connection then ends the client.
            if sender.send(&message).await.is_err() {
                break;
            }
        }
        tokio::select! {
            received = receiver.next() => {
                let message = match received {
                    Some(Received::Message(message)) => message,
                    Some(Received::Unreadable(e)) => return Err(format!("not a table message: {e}")),
                    None => return Err("the table closed the connection".into()),
                };
                if let Some(done) = receive(args, &mut me, &message, &mut outbox)? {
                    return done;
                }
            }
            line = input.recv() => {
                let Some(Some(line)) = line else { return Ok(()) };
                match seat_text::command(&line) {
                    Command::Send(message) => outbox.push(message),
                    Command::Help => {
                        outln!("{}", seat_text::HELP);
                        if !me.legal.is_empty() {
                            outln!("you can: {}", crate::play::list(&me.legal));
                        }
                    }
                    Command::Quit => return Ok(()),
                    Command::Nothing => {}
                    Command::Unknown(why) => outln!("{why}"),
                }
            }
        }
    }
}

/// Shows a message and reacts to it; `Some` ends the client.
fn receive(
    args: &JoinArgs,
    me: &mut Place,
    message: &ServerMessage,
    outbox: &mut Vec<ClientMessage>,
) -> Result<Option<Result<(), String>>, String> {
    match message {
        ServerMessage::Welcome { seat, .. } if me.welcomed => {
            let at = seat.map_or("watching".to_string(), |s| format!("at seat {s}"));
            outln!("the match starts: you are {at}");
        }
        _ => {
            if let Some(line) = seat_text::message(message, me.seat) {
                outln!("{line}");
            }
        }
    }
    match message {
        ServerMessage::Welcome {
            token, seat, host, ..
        } => {
            if args.token.is_none() && !me.welcomed {
                outln!("your token (to come back with --token): {token}");
            }
            me.welcomed = true;
            me.seat = *seat;
            me.host = *host;
            if args.ready && !me.readied && seat.is_some() && !host {
                me.readied = true;
                outbox.push(ClientMessage::Ready { ready: true });
            }
        }
        ServerMessage::Lobby { lobby }
            if args.start
                && me.host
                && can_start(lobby)
                && me.started_for.as_ref() != Some(lobby) =>
        {
            me.started_for = Some(lobby.clone());
            outbox.push(ClientMessage::Start);
        }
        ServerMessage::Game { view } => {
            let obs = &view.observation;
            if view.hand != me.hand
                || (!obs.legal_actions.is_empty() && obs.legal_actions != me.legal)
            {
                crate::play::show(obs);
            }
            me.hand = view.hand;
            if !obs.legal_actions.is_empty() && obs.legal_actions != me.legal {
                let clock = view
                    .clock
                    .filter(|c| Some(c.seat) == me.seat)
                    .map(|c| c.remaining_ms);
                outln!("{}", seat_text::your_turn(&obs.legal_actions, clock));
            }
            me.legal.clone_from(&obs.legal_actions);
        }
        ServerMessage::MatchOver { record, .. } => {
            if let Some(path) = &args.record {
                let json = serde_json::to_string_pretty(record).map_err(|e| e.to_string())?;
                std::fs::write(path, json)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                outln!("record written to {}", path.display());
            }
            return Ok(Some(Ok(())));
        }
        ServerMessage::Removed | ServerMessage::Replaced | ServerMessage::Closed { .. } => {
            return Ok(Some(Ok(())));
        }
        _ => {}
    }
    Ok(None)
}

/// Whether the table would start now: in the lobby, every seat taken, every person but the host ready.
fn can_start(lobby: &LobbyView) -> bool {
    lobby.stage == Stage::Lobby
        && lobby.seats.iter().all(|seat| match seat {
            SeatView::Empty => false,
            SeatView::Ai { .. } => true,
            SeatView::Person { ready, host, .. } => *ready || *host,
        })
}
