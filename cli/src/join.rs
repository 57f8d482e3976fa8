//! `briscola join`: sits at a friends' table in the terminal (found by its address and code, or by
//! the invitation line the host sent: its addresses, then its relay, as the table crate's `dial`
//! tries them; `--via relay` or `--via direct` keeps to one kind of route, and the route taken is
//! printed), as `briscola play` plays a hand — the
//! seat's own view, moves typed in the card notation, chat (`/say`), timer warnings — over the table's
//! WebSocket protocol (docs/multiplayer.md). `--token-file` (or `--token -`, read from standard input)
//! takes a seat back (the host's included) without the token showing on a command line;
//! `--ready` says ready once seated; `--start` (the host) starts the match as soon as it can start;
//! `--record` writes each match's record when it is over. The client stays at the table from one
//! match to the next ([`crate::join_client`]): it ends when you type `/quit`, when input ends, when
//! the table lets you go or closes, or when the connection is lost.
//!
//! Deliberately absent: the host's lobby settings beyond starting (the seats and timer come from
//! `briscola serve`'s flags), and hints (a table's AI help would be an unfair advantage).

use std::path::{Path, PathBuf};

use briscola::MatchRecord;
use briscola_table::client::Received;
use briscola_table::dial::{self, Destination, Via};
use briscola_table::invitation::Invitation;
use briscola_table::protocol::{ClientMessage, ServerMessage};
use briscola_table::secret::TableCode;
use clap::{Args, ValueEnum};
use tokio::sync::mpsc;

use crate::join_client::{Client, Options};
use crate::outln;
use crate::seat_text::{self, Command};

/// Options of `briscola join`.
#[derive(Debug, Args)]
pub struct JoinArgs {
    /// The server's address, `HOST:PORT` (or `ws://HOST:PORT/`); or, alone, the invitation the host
    /// sent (`briscola://join?code=…&at=…`, quoted for the shell).
    #[arg(value_name = "ADDRESS|INVITATION")]
    address: String,
    /// The table code (case, spaces and dashes do not matter); none when the first argument is an
    /// invitation.
    code: Option<String>,
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
    /// Say you are ready as soon as you are seated, and again before each next match.
    #[arg(long)]
    ready: bool,
    /// As the host: start each match as soon as every seat is taken and everyone is ready.
    #[arg(long)]
    start: bool,
    /// Write the match record (JSON, for `briscola replay` and `briscola review`) here at its end;
    /// the next matches at the table go to the same name with `-2`, `-3`… before the extension.
    #[arg(long)]
    record: Option<PathBuf>,
    /// The routes to try: the table's addresses, then its relay (`any`); only the relay (`relay`:
    /// when the direct route is broken); only the addresses (`direct`).
    #[arg(long, value_enum, default_value_t = Route::Any)]
    via: Route,
}

/// Which of a table's routes `briscola join` tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Route {
    /// The addresses, then the relay.
    Any,
    /// Only the relay.
    Relay,
    /// Only the addresses.
    Direct,
}

/// Sits at the table until you leave or the table closes.
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

/// Where the table is: from the address and code given, or from an invitation; only the routes
/// `--via` keeps.
fn destination(args: &JoinArgs) -> Result<Destination, String> {
    let mut destination = match &args.code {
        Some(code) => {
            let parsed = TableCode::parse(code).ok_or_else(|| {
                let typed = seat_text::shown(code);
                format!("`{typed}` is not a table code: ten letters and digits, like 7KQ2M-XR4TD")
            })?;
            Destination::at(args.address.clone(), parsed)
        }
        None => {
            let invitation = Invitation::parse(&args.address).map_err(|e| {
                format!("{e} (give an invitation, or the table's address and its code)")
            })?;
            if invitation.addresses().is_empty() && invitation.relay().is_none() {
                return Err(
                    "the invitation has no address: give the table's address too \
                            (briscola join ADDRESS CODE)"
                        .into(),
                );
            }
            Destination::invited(&invitation).map_err(|e| e.to_string())?
        }
    };
    match args.via {
        Route::Any => {}
        Route::Relay => {
            if destination.relay.is_none() {
                return Err("--via relay: the invitation names no relay".into());
            }
            destination.addresses.clear();
        }
        Route::Direct => {
            if destination.addresses.is_empty() {
                return Err("--via direct: the invitation names no address".into());
            }
            destination.relay = None;
        }
    }
    Ok(destination)
}

/// What ends the client, once the loop knows (`Ok`: you left, or the table let you go).
type Done = Option<Result<(), String>>;

async fn join(args: &JoinArgs) -> Result<(), String> {
    // Read before standard input goes to the moves.
    let token = token(args)?;
    let destination = destination(args)?;
    let (mut sender, mut receiver, via) = dial::dial(&destination)
        .await
        .map_err(|e| seat_text::shown(&e.to_string()))?;
    match via {
        Via::Direct(address) => outln!("connected directly to {}", seat_text::shown(&address)),
        Via::Relay(relay) => outln!("connected through the relay {}", seat_text::shown(&relay)),
    }
    let first = first_message(args, &destination.code.display(), token.as_deref())?;
    let options = Options {
        ready: args.ready,
        start: args.start,
        rejoined: token.is_some(),
    };
    let mut me = Client::new(options);
    let mut outbox = vec![first];
    let mut input = read_input();
    loop {
        for message in outbox.drain(..) {
            // A send that fails means the table is closing: what it sent before is still read
            // below, and the closed connection then ends the client.
            if sender.send(&message).await.is_err() {
                break;
            }
        }
        let done = tokio::select! {
            received = receiver.next() => heard(args, &mut me, received, &mut outbox),
            line = input.recv() => typed(&me, line.flatten(), &mut outbox),
        };
        if let Some(done) = done {
            return done;
        }
    }
}

/// `join` with the name, or `rejoin` with the token.
fn first_message(
    args: &JoinArgs,
    code: &str,
    token: Option<&str>,
) -> Result<ClientMessage, String> {
    match (token, &args.name) {
        (Some(token), _) => Ok(ClientMessage::Rejoin {
            code: code.to_string(),
            token: token.to_string(),
        }),
        (None, Some(name)) => Ok(ClientMessage::Join {
            code: code.to_string(),
            name: name.clone(),
        }),
        (None, None) => Err("give --name (or --token-file to take a seat back)".into()),
    }
}

/// What the table sent (`None`: the connection closed): shown, answered, its record written.
fn heard(
    args: &JoinArgs,
    me: &mut Client,
    received: Option<Received>,
    outbox: &mut Vec<ClientMessage>,
) -> Done {
    let message = match received {
        Some(Received::Message(message)) => message,
        Some(Received::Unreadable(e)) => {
            let e = seat_text::shown(&e.to_string());
            return Some(Err(format!("not a table message: {e}")));
        }
        // After a match, the table closing is its ordinary end; during one, the seat is kept
        // for you to come back to.
        None if me.is_over() => {
            outln!("the table closed");
            return Some(Ok(()));
        }
        None => return Some(Err("the table closed the connection".into())),
    };
    let reaction = me.receive(&message);
    for line in &reaction.lines {
        outln!("{}", seat_text::shown(line));
    }
    if let ServerMessage::MatchOver { record, .. } = &message
        && let Err(e) = write_record(args, record, me.finished())
    {
        return Some(Err(e));
    }
    if reaction.end {
        return Some(Ok(()));
    }
    outbox.extend(reaction.send);
    None
}

/// A typed line (`None`: input ended, which leaves the table).
fn typed(me: &Client, line: Option<String>, outbox: &mut Vec<ClientMessage>) -> Done {
    let Some(line) = line else {
        outln!("input ended: you left the table");
        return Some(Ok(()));
    };
    match seat_text::command(&line) {
        Command::Send(message) => outbox.push(message),
        Command::Help => {
            outln!("{}", seat_text::HELP);
            if !me.legal().is_empty() {
                outln!("you can: {}", crate::play::list(me.legal()));
            }
        }
        Command::Quit => {
            outln!("you left the table");
            return Some(Ok(()));
        }
        Command::Nothing => {}
        Command::Unknown(why) => outln!("{why}"),
    }
    None
}

/// `--record`: writes the record of the `n`th match (from 1) to its file.
fn write_record(args: &JoinArgs, record: &MatchRecord, n: u32) -> Result<(), String> {
    let Some(path) = &args.record else {
        return Ok(());
    };
    let path = record_path(path, n);
    let json = serde_json::to_string_pretty(record).map_err(|e| e.to_string())?;
    std::fs::write(&path, json).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    outln!("record written to {}", path.display());
    Ok(())
}

/// Where the `n`th match's record goes: the file given for the first, then the same name with
/// `-2`, `-3`… before its extension (`ann.json`, `ann-2.json`).
fn record_path(path: &Path, n: u32) -> PathBuf {
    if n <= 1 {
        return path.to_path_buf();
    }
    let mut name = path.file_stem().unwrap_or_default().to_os_string();
    name.push(format!("-{n}"));
    if let Some(extension) = path.extension() {
        name.push(".");
        name.push(extension);
    }
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_match_has_a_record_file_of_its_own() {
        let path = Path::new("/tmp/ann.json");
        assert_eq!(record_path(path, 1), PathBuf::from("/tmp/ann.json"));
        assert_eq!(record_path(path, 2), PathBuf::from("/tmp/ann-2.json"));
        assert_eq!(record_path(Path::new("rec"), 3), PathBuf::from("rec-3"));
    }

    #[derive(Debug, clap::Parser)]
    struct Line {
        #[command(flatten)]
        join: JoinArgs,
    }

    /// Where `briscola join WORDS --name Bea` goes.
    fn aimed(words: &[&str]) -> Result<Destination, String> {
        use clap::Parser;
        let line = ["join"].iter().chain(words).chain(&["--name", "Bea"]);
        let line = Line::try_parse_from(line).map_err(|e| e.to_string())?;
        destination(&line.join)
    }

    fn code() -> TableCode {
        TableCode::parse("7KQ2M-XR4TD").expect("a code")
    }

    #[test]
    fn the_address_and_code_still_work() {
        assert_eq!(
            aimed(&["192.168.1.20:7878", "7kq2m xr4td"]),
            Ok(Destination::at("192.168.1.20:7878", code()))
        );
        assert_eq!(
            aimed(&["ws://host.lan:7878/", "7KQ2M-XR4TD"]).map(|t| t.addresses),
            Ok(vec!["ws://host.lan:7878/".to_string()])
        );
    }

    #[test]
    fn an_invitation_gives_its_addresses_in_order_its_relay_and_its_code() {
        let link = "Come play: briscola://join?code=7kq2m-xr4td&at=192.168.1.20:7878&at=81.2.69.142:41000&relay=wss://relay.example.org.";
        let aimed = aimed(&[link]).expect("a destination");
        assert_eq!(
            aimed.addresses,
            vec!["192.168.1.20:7878".to_string(), "81.2.69.142:41000".into()]
        );
        assert_eq!(aimed.code, code());
        let relay = aimed.relay.expect("a relay");
        assert_eq!(relay.to_string(), "wss://relay.example.org:443");
    }

    #[test]
    fn a_relay_only_invitation_is_dialed_through_its_relay() {
        let relay_only = aimed(&["briscola://join?code=7KQ2M-XR4TD&relay=ws://127.0.0.1:4700"])
            .expect("a relay is a route");
        assert!(relay_only.addresses.is_empty());
        assert!(relay_only.relay.is_some());
    }

    #[test]
    fn via_keeps_one_kind_of_route() {
        let both = "briscola://join?code=7KQ2M-XR4TD&at=10.0.0.1:7878&relay=ws://127.0.0.1:4700";
        let relay = aimed(&[both, "--via", "relay"]).expect("the relay");
        assert!(relay.addresses.is_empty() && relay.relay.is_some());
        let direct = aimed(&[both, "--via", "direct"]).expect("the address");
        assert_eq!(direct.addresses, vec!["10.0.0.1:7878".to_string()]);
        assert!(direct.relay.is_none());
        let no_relay = aimed(&["10.0.0.1:7878", "7KQ2M-XR4TD", "--via", "relay"]);
        assert!(no_relay.expect_err("no relay").contains("no relay"));
        let no_address = aimed(&[
            "briscola://join?code=7KQ2M-XR4TD&relay=ws://127.0.0.1:4700",
            "--via",
            "direct",
        ]);
        assert!(no_address.expect_err("no address").contains("no address"));
    }

    #[test]
    fn an_invitation_without_an_address_or_a_valid_code_is_refused() {
        let bare = aimed(&["7KQ2M-XR4TD"]).expect_err("no address");
        assert!(bare.contains("no address"), "{bare}");
        let bad = aimed(&["briscola://join?code=7KQ2M-XR4TU&at=10.0.0.1:7878"]).expect_err("bad");
        assert!(bad.contains("not a valid code"), "{bad}");
        let typed = aimed(&["10.0.0.1:7878", "7KQ2M-XR4TU"]).expect_err("bad");
        assert!(typed.contains("not a table code"), "{typed}");
        let neither = aimed(&["192.168.1.20:7878"]).expect_err("no code");
        assert!(
            neither.contains("neither an invitation nor a table code"),
            "{neither}"
        );
        assert!(aimed(&[]).is_err());
    }
}
