//! Two clients, the host's (`--start`) and a friend's (`--ready`), at a real table held in process:
//! a match to its end, the host's `/again`, a second match, and the host's `/close`. Neither client
//! ends before the table closes.

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};

use briscola::ai::Level;
use briscola::{MatchFormat, Preset, Ruleset};
use briscola_table::protocol::{ClientMessage, LobbyView, SeatChoice, ServerMessage};
use briscola_table::{ConnId, Table, TableSettings};

use super::{Client, Options};
use crate::seat_text::{self, Command};

const HOST: ConnId = 1;
const GUEST: ConnId = 2;
const HOME: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

/// A table and its clients, every line each client showed, and whether a client ended.
struct Sitting {
    table: Table,
    now: u64,
    clients: BTreeMap<ConnId, Client>,
    lines: BTreeMap<ConnId, Vec<String>>,
    ended: BTreeMap<ConnId, bool>,
}

impl Sitting {
    /// Ann hosts a 2-player single hand with `--start`; Bea joins with `--ready`.
    fn new() -> Sitting {
        let settings = TableSettings {
            format: MatchFormat::SingleHand,
            ..TableSettings::new(Ruleset::preset(Preset::Briscola, 2).expect("a preset"))
        };
        let (table, out) = Table::new(settings, HOST, HOME, "Ann").expect("a table");
        let options = |ready, start| Options {
            ready,
            start,
            rejoined: false,
        };
        let mut sitting = Sitting {
            table,
            now: 0,
            clients: BTreeMap::from([
                (HOST, Client::new(options(false, true))),
                (GUEST, Client::new(options(true, false))),
            ]),
            lines: BTreeMap::new(),
            ended: BTreeMap::new(),
        };
        sitting.deliver(out);
        sitting.table.connect(GUEST, HOME);
        let code = sitting.table.code();
        sitting.send(
            GUEST,
            ClientMessage::Join {
                code,
                name: "Bea".into(),
            },
        );
        sitting
    }

    /// A message from a client, and everything that follows from it.
    fn send(&mut self, from: ConnId, message: ClientMessage) {
        self.now += 10;
        let out = self.table.handle(from, message, self.now);
        self.deliver(out);
    }

    /// A typed line, as `briscola join` reads it.
    fn types(&mut self, from: ConnId, line: &str) {
        match seat_text::command(line) {
            Command::Send(message) => self.send(from, message),
            other => panic!("`{line}` is not a message: {other:?}"),
        }
    }

    fn deliver(&mut self, out: Vec<briscola_table::Outgoing>) {
        let mut replies = Vec::new();
        for outgoing in out {
            let client = self.clients.get_mut(&outgoing.to).expect("a client");
            let reaction = client.receive(&outgoing.message);
            self.lines
                .entry(outgoing.to)
                .or_default()
                .extend(reaction.lines);
            *self.ended.entry(outgoing.to).or_default() |= reaction.end;
            replies.extend(reaction.send.into_iter().map(|m| (outgoing.to, m)));
        }
        for (from, message) in replies {
            self.send(from, message);
        }
    }

    /// Each client plays the first move it is offered until the match is over.
    fn play_out(&mut self) {
        for _ in 0..1_000 {
            if self.clients.values().all(Client::is_over) {
                return;
            }
            let next = self
                .clients
                .iter()
                .find_map(|(&conn, c)| c.legal().first().map(|&a| (conn, a)));
            let (conn, action) = next.expect("someone is to move");
            self.send(conn, ClientMessage::Act { action });
        }
        panic!("the match never ended");
    }

    fn said(&self, conn: ConnId, what: &str) -> usize {
        self.lines[&conn]
            .iter()
            .filter(|l| l.contains(what))
            .count()
    }

    fn is_ended(&self, conn: ConnId) -> bool {
        self.ended.get(&conn).copied().unwrap_or_default()
    }
}

#[test]
fn the_clients_stay_at_the_table_for_another_match_until_it_closes() {
    let mut sitting = Sitting::new();
    sitting.play_out();
    for conn in [HOST, GUEST] {
        assert!(!sitting.is_ended(conn), "{conn} left at the match's end");
        assert_eq!(sitting.clients[&conn].finished(), 1);
        assert_eq!(sitting.said(conn, "match over: "), 1);
    }
    assert_eq!(
        sitting.said(GUEST, "waiting for the host: another match"),
        1
    );
    assert_eq!(sitting.said(HOST, "/again starts another match"), 1);

    sitting.types(HOST, "/again");
    assert_eq!(
        sitting.said(GUEST, "another match at this table: nobody is ready yet"),
        1
    );
    // Bea said ready again (`--ready`) and Ann started (`--start`): the second match is on.
    assert_eq!(
        sitting.said(GUEST, "the match starts: you are at seat 2"),
        2
    );
    sitting.play_out();
    for conn in [HOST, GUEST] {
        assert!(
            !sitting.is_ended(conn),
            "{conn} left at the second match's end"
        );
        assert_eq!(sitting.clients[&conn].finished(), 2);
        assert_eq!(sitting.said(conn, "match over: "), 2);
    }

    sitting.types(HOST, "/close");
    for conn in [HOST, GUEST] {
        assert!(sitting.is_ended(conn), "{conn} stayed at a closed table");
        assert_eq!(
            sitting.lines[&conn].last().map(String::as_str),
            Some("the host closed the table")
        );
    }
}

#[test]
fn seats_are_shown_from_1_and_named() {
    let mut sitting = Sitting::new();
    sitting.play_out();
    let guest = &sitting.lines[&GUEST];
    assert!(
        guest
            .iter()
            .any(|l| l.starts_with("joined table ") && l.ends_with(" at seat 2")),
        "{guest:?}"
    );
    assert!(
        guest
            .iter()
            .any(|l| l.contains("seat 1: Ann (host)") && l.contains("seat 2: Bea (you")),
        "{guest:?}"
    );
    // Ann's moves are named, never "seat 0"; Bea's are "you".
    assert!(guest.iter().any(|l| l.starts_with("Ann: ")), "{guest:?}");
    assert!(
        sitting.lines[&HOST].iter().any(|l| l.starts_with("Bea: ")),
        "{:?}",
        sitting.lines[&HOST]
    );
    for lines in sitting.lines.values() {
        assert!(
            lines.iter().all(|l| !l.contains("seat 0")),
            "a seat counted from 0: {lines:?}"
        );
    }
}

/// Ann's 2-seat table with the computer at seat 1, in the lobby and once started.
fn lobbies() -> (LobbyView, LobbyView) {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("a preset");
    let (mut table, _) = Table::new(TableSettings::new(rules), HOST, HOME, "Ann").expect("a table");
    let ai = ClientMessage::SetSeat {
        seat: 1,
        occupant: SeatChoice::Ai { level: Level::Easy },
    };
    table.handle(HOST, ai, 0);
    let lobby = table.lobby_view();
    table.handle(HOST, ClientMessage::Start, 0);
    (lobby, table.lobby_view())
}

fn welcome(seat: Option<u8>) -> ServerMessage {
    ServerMessage::Welcome {
        code: "7KQ2M-XR4TD".into(),
        token: "t".into(),
        seat,
        host: false,
    }
}

fn lobby_message(lobby: &LobbyView) -> ServerMessage {
    ServerMessage::Lobby {
        lobby: lobby.clone(),
    }
}

#[test]
fn a_welcome_after_the_first_says_where_the_match_puts_you() {
    let (lobby, playing) = lobbies();
    let mut client = Client::new(Options::default());
    let first = client.receive(&welcome(Some(1)));
    assert_eq!(first.lines[0], "joined table 7KQ2M-XR4TD at seat 2");
    client.receive(&lobby_message(&lobby));
    client.receive(&lobby_message(&playing));
    let again = client.receive(&welcome(Some(1)));
    assert_eq!(again.lines, ["the match starts: you are at seat 2"]);
    assert!(!again.end);
}

#[test]
fn a_friend_who_joined_during_the_match_is_told_when_they_sit() {
    let (_, playing) = lobbies();
    let mut client = Client::new(Options::default());
    client.receive(&lobby_message(&playing));
    let first = client.receive(&welcome(None));
    assert_eq!(first.lines[0], "joined table 7KQ2M-XR4TD watching");
    client.receive(&lobby_message(&playing));
    let seated = client.receive(&welcome(Some(1)));
    assert_eq!(seated.lines, ["from this hand you play at seat 2"]);
}
