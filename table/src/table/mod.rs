//! [`Table`]: one table's state machine — lobby, match, timer, chat — driven by inputs and answering
//! with messages.
//!
//! Inputs: [`Table::connect`] / [`Table::disconnect`] (the transport's connections, with their
//! address), [`Table::receive`] (a client's frame; [`Table::handle`] for a decoded message),
//! [`Table::tick`] (time passes) and [`Table::apply_ai`] (an AI move the driver computed for a
//! [`Table::ai_request`]). Every input carries `now` in milliseconds; every output is a list of
//! [`Outgoing`] messages, each for one connection. The engine's [`Match`] is the only authority on the
//! game; the table never holds anything but it and the people.
//!
//! Secrecy by construction: the only game state a connection receives is built in `play.rs`'s
//! `send_views`, from the engine's observation *of the recipient's own seat*; public events carry moves
//! (every move is made face up) and results; the record, with every deal, goes out only when the match
//! is over. AI requests carry the AI seat's observation and stay with the driver.
//!
//! After the match the host may take everyone back to the lobby for another at the same table
//! ([`crate::ClientMessage::PlayAgain`]), or close the table ([`Table::is_closed`]: everyone was told,
//! and the driver ends it).
//!
//! Deliberately absent: sockets, threads, clocks and files; rule changes after the table is created;
//! spectators' views of the game beyond public events.

mod alone;
mod chat;
mod clock;
mod invite;
mod lobby;
mod members;
mod play;
mod snapshot;

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};

pub use briscola::ai::AiRequest;
use briscola::ai::Level;
use briscola::{Action, MatchFormat, Ruleset, SeatedMatch};

use crate::protocol::{self, Absence, ClientMessage, ErrorCode, ServerMessage, Stage};
use crate::secret::{Entropy, TableCode};
use crate::timer::TurnTimer;

pub use members::MAX_MEMBERS;
use members::{Conn, Member, MemberId, Occupant};
pub use snapshot::{RestoreError, TableSnapshot};

/// A connection, numbered by the transport.
pub type ConnId = u64;

/// One message for one connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    /// The recipient.
    pub to: ConnId,
    /// The message.
    pub message: ServerMessage,
}

/// The pause between a finished hand and the next deal, so everyone sees the last trick.
pub const HAND_PAUSE_MS: u64 = 3_000;

/// What the host chooses when creating a table.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TableSettings {
    /// The rules: any preset with any options the engine accepts, 2 to 6 seats.
    pub ruleset: Ruleset,
    /// The match format.
    pub format: MatchFormat,
    /// Seconds per move, or none (the default).
    pub turn_seconds: Option<u16>,
    /// What happens at a dropped person's seat.
    pub absence: Absence,
    /// Shuffle the seats when the match starts.
    pub random_seats: bool,
    /// The table's name as the host gave it (a name's limits), or empty.
    #[serde(default)]
    pub name: String,
    /// Whether the host allows hints (each player's own app computes them from that player's view).
    #[serde(default)]
    pub hints: bool,
    /// Whether a person may take back their last move of the hand ([`ClientMessage::Undo`]): only
    /// while they are the one person seated, so nobody else sees a move disappear.
    #[serde(default)]
    pub undo: bool,
    /// Whether the next hand waits until every connected person at a seat asked for it
    /// ([`ClientMessage::NextHand`]), as at a table with the computer, where the hand's summary stays
    /// until the player goes on; otherwise it is dealt [`HAND_PAUSE_MS`] after the last trick, or as
    /// soon as everyone asked.
    #[serde(default)]
    pub deal_when_asked: bool,
}

impl TableSettings {
    /// A ruleset with its usual format, no timer, waiting for dropped people, seats as taken.
    pub fn new(ruleset: Ruleset) -> TableSettings {
        TableSettings {
            format: MatchFormat::usual(&ruleset),
            ruleset,
            turn_seconds: None,
            absence: Absence::Wait,
            random_seats: false,
            name: String::new(),
            hints: false,
            undo: false,
            deal_when_asked: false,
        }
    }
}

/// Computes the move of an AI seat (or an AI standing in for an absent person) from the engine's
/// request (blocking: a driver runs it off its event loop for Hard). A later answer is refused as
/// stale by the request's `version`.
pub fn decide(request: &AiRequest) -> Action {
    request.decide().action
}

/// The match in play: the engine's [`SeatedMatch`], whose AI seed is drawn apart from the deal seed
/// (or given by [`Table::set_next_match`]).
#[derive(Debug)]
struct Play {
    seated: SeatedMatch,
    /// When the finished hand's pause ends and the next is dealt.
    next_deal_at: Option<u64>,
    /// The seats that asked for the next hand since the last one ended.
    asked: std::collections::BTreeSet<briscola::Seat>,
    /// Moves taken back in this match.
    undos: u32,
    /// The seat that resigned the match, if one did.
    resigned: Option<briscola::Seat>,
}

impl Play {
    fn new(seated: SeatedMatch) -> Play {
        Play {
            seated,
            next_deal_at: None,
            asked: std::collections::BTreeSet::new(),
            undos: 0,
            resigned: None,
        }
    }
}

/// How the next match at a table is dealt, when the process that holds the table chooses it (a
/// match against the computer replays from its seed, as it always has); otherwise the table draws
/// all three from its secure generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchSeeds {
    /// The seed of the deals.
    pub deal: u64,
    /// The seed of the AI seats' random choices.
    pub ai: u64,
    /// The first dealer.
    pub dealer: briscola::Seat,
}

/// One table. See the module docs.
#[derive(Debug)]
pub struct Table {
    settings: TableSettings,
    code: TableCode,
    entropy: Entropy,
    stage: Stage,
    seats: Vec<Occupant>,
    members: BTreeMap<MemberId, Member>,
    next_member: MemberId,
    host: MemberId,
    conns: BTreeMap<ConnId, Conn>,
    joins: crate::limit::PerAddress,
    play: Option<Play>,
    timer: TurnTimer,
    /// Bumped at every move and deal: the turn clock restarts with it.
    turn: u64,
    /// The table as last sent to everyone.
    last_lobby: Option<crate::protocol::LobbyView>,
    /// How the next match is dealt, if not from the secure generator.
    next_match: Option<MatchSeeds>,
    /// Whether the host opened the match in progress to friends ([`ClientMessage::OpenSeats`]).
    open_seats: bool,
    /// The host closed the table: its driver ends it.
    closed: bool,
    out: Vec<Outgoing>,
}

impl Table {
    /// Creates a table with the OS's secure generator. The host, on connection `host` from `address`,
    /// sits at seat 0 and gets a [`ServerMessage::Welcome`] with the code and its token.
    pub fn new(
        settings: TableSettings,
        host: ConnId,
        address: IpAddr,
        host_name: &str,
    ) -> Result<(Table, Vec<Outgoing>), ErrorCode> {
        Table::with_entropy(settings, host, address, host_name, Entropy::os())
    }

    /// [`Table::new`] with another source of randomness (tests: [`Entropy::seeded`]).
    pub fn with_entropy(
        settings: TableSettings,
        host: ConnId,
        address: IpAddr,
        host_name: &str,
        mut entropy: Entropy,
    ) -> Result<(Table, Vec<Outgoing>), ErrorCode> {
        settings
            .ruleset
            .validate()
            .map_err(|reason| ErrorCode::BadRules { reason })?;
        settings
            .format
            .validate()
            .map_err(|reason| ErrorCode::BadMatch { reason })?;
        lobby::check_timer(settings.turn_seconds)?;
        let mut settings = settings;
        if !settings.name.is_empty() {
            settings.name = crate::text::name(&settings.name)?;
        }
        let name = crate::text::name(host_name)?;
        let code = TableCode::generate(&mut entropy).map_err(|_| ErrorCode::Unavailable)?;
        let mut table = Table {
            seats: vec![Occupant::Empty; usize::from(settings.ruleset.players)],
            timer: TurnTimer::new(settings.turn_seconds),
            settings,
            code,
            entropy,
            stage: Stage::Lobby,
            members: BTreeMap::new(),
            next_member: 0,
            host: 0,
            conns: BTreeMap::new(),
            joins: crate::limit::PerAddress::default(),
            play: None,
            turn: 0,
            last_lobby: None,
            next_match: None,
            open_seats: false,
            closed: false,
            out: Vec::new(),
        };
        table.connect(host, address);
        table.host = table.add_member(host, name, None)?;
        let out = table_out(&mut table);
        Ok((table, out))
    }

    /// Deals the next match from `seeds` instead of the secure generator (once).
    pub fn set_next_match(&mut self, seeds: MatchSeeds) {
        self.next_match = Some(seeds);
    }

    /// The table code as shown (`7KQ2M-XR4TD`).
    pub fn code(&self) -> String {
        self.code.display()
    }

    /// Where the table is.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The settings.
    pub fn settings(&self) -> &TableSettings {
        &self.settings
    }

    /// The version AI answers are checked against.
    pub fn version(&self) -> u64 {
        self.play.as_ref().map_or(0, |p| p.seated.version())
    }

    /// The match, once started: for the crate's tests, which check what is sent against it.
    #[cfg(test)]
    pub(crate) fn game(&self) -> Option<&briscola::Match> {
        self.play.as_ref().map(|p| p.seated.game())
    }

    /// The seat to move, for the crate's tests.
    #[cfg(test)]
    pub(crate) fn seat_to_move_for_tests(&self) -> Option<briscola::Seat> {
        self.seat_to_move()
    }

    /// Whether the host closed the table (everyone was told): its driver ends it and closes the
    /// connections.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Whether a turn clock is running.
    pub fn clock_runs(&self) -> bool {
        self.timer.clock(0).is_some()
    }

    /// The turn clock's seat and time left at `now`, for the crate's tests.
    #[cfg(test)]
    pub(crate) fn clock_left_for_tests(&self, now: u64) -> Option<(briscola::Seat, u64)> {
        self.timer.clock(now).map(|(seat, left, _)| (seat, left))
    }

    /// A new connection from `address` (not yet joined).
    pub fn connect(&mut self, conn: ConnId, address: IpAddr) {
        self.conns.insert(conn, Conn::new(address));
    }

    /// Whether a person joined the table on `conn` (the transport keeps only such connections).
    pub fn joined(&self, conn: ConnId) -> bool {
        self.member_of(conn).is_ok()
    }

    /// A connection closed; its person's seat is kept.
    pub fn disconnect(&mut self, conn: ConnId, now: u64) -> Vec<Outgoing> {
        self.drop_connection(conn, now);
        table_out(self)
    }

    /// A frame from a client: decoded, then handled; a frame that is not a message gets a
    /// [`ErrorCode::Protocol`] error.
    pub fn receive(&mut self, conn: ConnId, bytes: &[u8], now: u64) -> Vec<Outgoing> {
        match protocol::decode(bytes) {
            Ok(message) => self.handle(conn, message, now),
            Err(reason) => {
                self.refuse(conn, ErrorCode::Protocol { reason });
                table_out(self)
            }
        }
    }

    /// A message from a client.
    pub fn handle(&mut self, conn: ConnId, message: ClientMessage, now: u64) -> Vec<Outgoing> {
        if !self.conns.contains_key(&conn) {
            // A transport that skipped `connect`: the connection is known from now on, without an
            // address of its own.
            self.connect(conn, IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        }
        if let Err(error) = self.dispatch(conn, message, now) {
            self.refuse(conn, error);
        }
        table_out(self)
    }

    /// Time passes: deals the next hand after the pause, warns and plays for a seat whose time is up.
    pub fn tick(&mut self, now: u64) -> Vec<Outgoing> {
        self.deal_if_due(now);
        self.clock_tick(now);
        table_out(self)
    }

    /// When the table next needs a [`Table::tick`], if it does.
    pub fn next_tick(&self) -> Option<u64> {
        let deal = self.play.as_ref().and_then(|p| p.next_deal_at);
        match (deal, self.timer.next_alarm()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn dispatch(
        &mut self,
        conn: ConnId,
        message: ClientMessage,
        now: u64,
    ) -> Result<(), ErrorCode> {
        match message {
            ClientMessage::Join { code, name } => self.join(conn, &code, &name, now),
            ClientMessage::Rejoin { code, token } => self.rejoin(conn, &code, &token, now),
            message => {
                let member = self.member_of(conn)?;
                self.dispatch_member(member, message, now)
            }
        }
    }

    fn dispatch_member(
        &mut self,
        member: MemberId,
        message: ClientMessage,
        now: u64,
    ) -> Result<(), ErrorCode> {
        match message {
            ClientMessage::Join { .. } | ClientMessage::Rejoin { .. } => {
                Err(ErrorCode::AlreadyJoined)
            }
            ClientMessage::Sit { seat } => self.sit(member, seat),
            ClientMessage::Stand => self.stand(member),
            ClientMessage::Team { team } => self.choose_team(member, team),
            ClientMessage::Ready { ready } => self.set_ready(member, ready),
            ClientMessage::Act { action } => self.act(member, action, now),
            ClientMessage::Chat { chat } => self.chat(member, chat, now),
            ClientMessage::ProposeTimerOff => self.agree_timer_off(member, true, now),
            ClientMessage::AgreeTimerOff => self.agree_timer_off(member, false, now),
            ClientMessage::Mute { seat, muted } => self.mute(member, seat, muted),
            ClientMessage::Leave => self.leave(member, now),
            ClientMessage::NextHand => self.ask_next_hand(member, now),
            ClientMessage::Undo => self.undo(member, now),
            ClientMessage::Resign => self.resign(member, now),
            ClientMessage::SetSeat { seat, occupant } => {
                self.check_host(member)?;
                self.set_seat(seat, occupant)
            }
            ClientMessage::Remove { seat } => {
                self.check_host(member)?;
                self.remove(seat)
            }
            ClientMessage::SetTimer { seconds } => {
                self.check_host(member)?;
                self.set_timer(seconds)
            }
            ClientMessage::SetAbsence { absence } => {
                self.check_host(member)?;
                self.set_absence(absence, now)
            }
            ClientMessage::SetSeating { random } => {
                self.check_host(member)?;
                self.set_seating(random)
            }
            ClientMessage::OpenSeats { open } => {
                self.check_host(member)?;
                self.open_seats(open);
                Ok(())
            }
            ClientMessage::Start => {
                self.check_host(member)?;
                self.start(now)
            }
            ClientMessage::PlayAgain => {
                self.check_host(member)?;
                self.play_again()
            }
            ClientMessage::CloseTable => {
                self.check_host(member)?;
                self.close();
                Ok(())
            }
        }
    }

    fn check_host(&self, member: MemberId) -> Result<(), ErrorCode> {
        if member == self.host {
            Ok(())
        } else {
            Err(ErrorCode::NotHost)
        }
    }

    fn refuse(&mut self, conn: ConnId, error: ErrorCode) {
        self.send(conn, ServerMessage::Error { error });
    }

    fn send(&mut self, to: ConnId, message: ServerMessage) {
        self.out.push(Outgoing { to, message });
    }

    /// Sends `message` to every joined, connected person.
    fn broadcast(&mut self, message: &ServerMessage) {
        let recipients: Vec<ConnId> = self.members.values().filter_map(|m| m.conn).collect();
        for to in recipients {
            self.send(to, message.clone());
        }
    }
}

/// Takes the table's pending messages.
fn table_out(table: &mut Table) -> Vec<Outgoing> {
    std::mem::take(&mut table.out)
}

/// Which level plays a seat, and whether a person's clock runs for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Controller {
    /// A person (connected, or waited for).
    Person,
    /// An AI level: an AI seat, or the stand-in for an absent person.
    Ai(Level),
    /// Nobody (an empty seat: only in the lobby).
    Nobody,
}
