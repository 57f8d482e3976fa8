//! A table with scripted clients over the real wire format: every message a client receives is
//! encoded, kept as bytes, decoded back and, when an auditor is on, checked for secrets.

use std::collections::BTreeMap;
use std::net::IpAddr;

use briscola::{Rng, Seat};

use super::secrecy::Auditor;
use crate::protocol::{self, ClientMessage, ErrorCode, GameView, ServerMessage, Stage};
use crate::{ConnId, Entropy, Outgoing, Table, TableSettings};

/// The host's connection.
pub const HOST: ConnId = 0;

/// One client's inbox.
#[derive(Default)]
pub struct Client {
    /// Every frame received, as sent.
    pub bytes: Vec<Vec<u8>>,
    /// The same, decoded.
    pub messages: Vec<ServerMessage>,
    /// The seat from the last welcome.
    pub seat: Option<Seat>,
    /// The token from the last welcome.
    pub token: Option<String>,
    /// The last game view.
    pub view: Option<GameView>,
}

impl Client {
    /// Errors received, in order.
    pub fn errors(&self) -> Vec<ErrorCode> {
        self.messages
            .iter()
            .filter_map(|m| match m {
                ServerMessage::Error { error } => Some(error.clone()),
                _ => None,
            })
            .collect()
    }

    /// The last error received.
    pub fn last_error(&self) -> Option<ErrorCode> {
        self.errors().pop()
    }
}

/// A table and its clients.
pub struct Sim {
    pub table: Table,
    pub now: u64,
    pub clients: BTreeMap<ConnId, Client>,
    pub auditor: Option<Auditor>,
    /// Frames delivered so far.
    pub frames: usize,
}

/// The address of a test connection.
pub fn address(conn: ConnId) -> IpAddr {
    IpAddr::from([10, 0, (conn >> 8) as u8, conn as u8])
}

impl Sim {
    /// A table created by "host" on connection [`HOST`], with seeded entropy.
    pub fn new(settings: TableSettings, seed: u64) -> Sim {
        let (table, out) =
            Table::with_entropy(settings, HOST, address(HOST), "host", Entropy::seeded(seed))
                .expect("a valid table");
        let mut sim = Sim {
            table,
            now: 1_000,
            clients: BTreeMap::new(),
            auditor: None,
            frames: 0,
        };
        sim.clients.insert(HOST, Client::default());
        sim.deliver(out);
        sim
    }

    /// A table where "host" plays the computer (Medium) at every other seat, started: dealt from
    /// `seeds` if given; with the secrecy auditor on if `audit`.
    pub fn against_the_computer(
        settings: TableSettings,
        seed: u64,
        seeds: Option<crate::MatchSeeds>,
        audit: bool,
    ) -> Sim {
        let players = settings.ruleset.players;
        let mut sim = Sim::new(settings, seed);
        if audit {
            sim.audit();
        }
        if let Some(seeds) = seeds {
            sim.table.set_next_match(seeds);
        }
        for seat in 1..players {
            sim.send(
                HOST,
                &ClientMessage::SetSeat {
                    seat,
                    occupant: crate::protocol::SeatChoice::Ai {
                        level: briscola::ai::Level::Medium,
                    },
                },
            );
        }
        sim.send(HOST, &ClientMessage::Start);
        assert_eq!(sim.table.stage(), Stage::Playing);
        sim
    }

    /// Turns on the secrecy auditor for every frame from now on.
    pub fn audit(&mut self) {
        self.auditor = Some(Auditor::default());
    }

    /// Delivers a batch of outgoing messages (one input's answer).
    pub fn deliver(&mut self, out: Vec<Outgoing>) {
        let mut batch = Vec::new();
        for Outgoing { to, message } in out {
            let text = protocol::encode(&message);
            let decoded = protocol::decode_server(text.as_bytes()).expect("server frames decode");
            assert_eq!(decoded, message, "a server message survives the wire");
            let client = self.clients.entry(to).or_default();
            if let ServerMessage::Welcome { seat, token, .. } = &decoded {
                client.seat = *seat;
                client.token = Some(token.clone());
            }
            if matches!(decoded, ServerMessage::Replaced | ServerMessage::Removed) {
                client.seat = None;
            }
            if let ServerMessage::Game { view } = &decoded {
                client.view = Some((**view).clone());
            }
            client.bytes.push(text.clone().into_bytes());
            client.messages.push(decoded.clone());
            self.frames += 1;
            batch.push((to, text, decoded));
        }
        if let Some(auditor) = self.auditor.as_mut() {
            auditor.check(&self.table, &self.clients, &batch);
        }
    }

    /// A new connection.
    pub fn connect(&mut self, conn: ConnId) {
        self.table.connect(conn, address(conn));
        self.clients.entry(conn).or_default();
    }

    /// A client sends a message (through the wire format).
    pub fn send(&mut self, conn: ConnId, message: &ClientMessage) {
        let text = protocol::encode_client(message);
        let out = self.table.receive(conn, text.as_bytes(), self.now);
        self.deliver(out);
    }

    /// A client sends raw bytes.
    pub fn send_raw(&mut self, conn: ConnId, bytes: &[u8]) {
        let out = self.table.receive(conn, bytes, self.now);
        self.deliver(out);
    }

    /// A connection closes.
    pub fn disconnect(&mut self, conn: ConnId) {
        let out = self.table.disconnect(conn, self.now);
        if let Some(client) = self.clients.get_mut(&conn) {
            client.seat = None;
        }
        self.deliver(out);
    }

    /// Time passes to `now`, with a tick.
    pub fn tick_at(&mut self, now: u64) {
        self.now = now;
        let out = self.table.tick(now);
        self.deliver(out);
    }

    /// A client joins with the right code; its seat.
    pub fn join(&mut self, conn: ConnId, name: &str) -> Option<Seat> {
        self.connect(conn);
        let code = self.table.code();
        self.send(
            conn,
            &ClientMessage::Join {
                code,
                name: name.to_string(),
            },
        );
        self.client(conn).seat
    }

    /// A client's inbox.
    pub fn client(&self, conn: ConnId) -> &Client {
        self.clients.get(&conn).expect("a known client")
    }

    /// The connection of the person at `seat`.
    pub fn conn_at(&self, seat: Seat) -> Option<ConnId> {
        self.clients
            .iter()
            .find(|(_, c)| c.seat == Some(seat))
            .map(|(&conn, _)| conn)
    }

    /// Plays every pending AI move.
    pub fn drive_ai(&mut self) {
        while let Some(request) = self.table.ai_request() {
            let action = crate::decide(&request);
            let out = self
                .table
                .apply_ai(&request, action, self.now)
                .expect("a fresh AI answer is applied");
            self.deliver(out);
        }
    }

    /// The connection whose view offers moves, with them.
    pub fn person_to_move(&self) -> Option<(ConnId, Vec<briscola::Action>)> {
        let seat = self.table.seat_to_move_for_tests()?;
        let conn = self.conn_at(seat)?;
        let view = self.client(conn).view.as_ref()?;
        (view.observation.seat == seat && !view.observation.legal_actions.is_empty())
            .then(|| (conn, view.observation.legal_actions.clone()))
    }

    /// Plays the match to its end: AI seats through the driver, people with random legal moves
    /// chosen from their own views (and now and then a seña, where the rules have them), time
    /// passing for the pauses between hands.
    pub fn play_out(&mut self, rng: &mut Rng) {
        self.play_out_with(rng, |_| {});
    }

    /// [`Sim::play_out`], calling `between` before every step.
    pub fn play_out_with(&mut self, rng: &mut Rng, mut between: impl FnMut(&mut Sim)) {
        let mut steps = 0;
        while self.table.stage() == Stage::Playing {
            steps += 1;
            assert!(steps < 20_000, "the match does not end");
            between(self);
            self.drive_ai();
            if let Some((conn, legal)) = self.person_to_move() {
                self.now += 1 + rng.below(500) as u64;
                // Where señas may be made, one time in three a random one first.
                let senas = self
                    .client(conn)
                    .view
                    .as_ref()
                    .map_or(Vec::new(), |v| v.observation.legal_senas.clone());
                let action = if !senas.is_empty() && rng.below(3) == 0 {
                    briscola::Action::Signal(senas[rng.below(senas.len())])
                } else {
                    legal[rng.below(legal.len())]
                };
                self.send(conn, &ClientMessage::Act { action });
                continue;
            }
            if self.table.stage() != Stage::Playing {
                break;
            }
            let next = self
                .table
                .next_tick()
                .expect("a stalled match has a tick due");
            self.tick_at(next.max(self.now));
        }
    }
}
