//! `briscola join`: sits at a friends' table in the terminal, as `briscola play` plays a hand — the
//! seat's own view, moves typed in the card notation, chat (`/say`), timer warnings — over the table's
//! WebSocket protocol (docs/multiplayer.md). `--token-file` (or `--token -`, read from standard input)
//! takes a seat back (the host's included) without the token showing on a command line;
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
    #[arg(long, required_unless_present_any = ["token", "token_file"])]
    name: Option<String>,
    /// Take your seat back with its token (shown when you joined); `-` reads it from standard input's
    /// first line. A token given here shows on the command line to other users of this computer:
    /// prefer `--token-file` or `-`.
    #[arg(long, conflicts_with = "token_file")]
    token: Option<String>,
    /// Take your seat back with the token in this file (its first line; `briscola serve` writes the
    /// host's to a file and says where).
    #[arg(long, value_name = "PATH")]
    token_file: Option<PathBuf>,
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

/// The seat token to come back with, if one was given: from `--token-file`, from standard input
/// (`--token -`) or as given.
fn token(args: &JoinArgs) -> Result<Option<String>, String> {
    let text = match (&args.token_file, args.token.as_deref()) {
        (Some(path), _) => {
            let bytes = briscola_store::input::read_bytes(path).map_err(|e| e.to_string())?;
            String::from_utf8(bytes).map_err(|_| format!("{} is not text", path.display()))?
        }
        (None, Some("-")) => {
            let mut input = std::io::stdin().lock();
            briscola_store::input::read_line(&mut input)?.ok_or("no token on standard input")?
        }
        (None, Some(token)) => token.to_string(),
        (None, None) => return Ok(None),
    };
    let token = text.lines().next().unwrap_or_default().trim().to_string();
    if token.is_empty() {
        return Err("the token is empty".into());
    }
    Ok(Some(token))
}

async fn join(args: &JoinArgs) -> Result<(), String> {
    // Read before standard input goes to the moves.
    let token = token(args)?;
    let (mut sender, mut receiver) = client::connect(&args.address)
        .await
        .map_err(|e| seat_text::shown(&e.to_string()))?;
    let first = match (&token, &args.name) {
        (Some(token), _) => ClientMessage::Rejoin {
            code: args.code.clone(),
            token: token.clone(),
        },
        (None, Some(name)) => ClientMessage::Join {
            code: args.code.clone(),
            name: name.clone(),
        },
        (None, None) => {
            return Err("give --name (or --token-file to take a seat back)".into());
        }
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
                    Some(Received::Unreadable(e)) => {
                        return Err(format!("not a table message: {}", seat_text::shown(&e.to_string())));
                    }
                    None => return Err("the table closed the connection".into()),
                };
                if let Some(done) = receive(args, token.is_some(), &mut me, &message, &mut outbox)? {
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
    rejoined: bool,
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
                outln!("{}", seat_text::shown(&line));
            }
        }
    }
    match message {
        ServerMessage::Welcome {
            token, seat, host, ..
        } => {
            if !rejoined && !me.welcomed {
                outln!(
                    "your token (to come back with --token): {}",
                    seat_text::shown(token)
                );
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
