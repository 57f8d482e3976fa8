//! This player's seat at a table, without Tauri ([`Seating`]): a match against the computer (a
//! table held in this process, [`ComputerMatch`]), a table hosted here for friends ([`Hosting`]), or
//! one joined elsewhere — each reached through one connection ([`Link`]) whose messages are folded
//! once ([`Mirror`]). The shell's table commands are thin adapters over it; the table itself, its
//! protocol and its rules of play are the `briscola-table` crate's.
//!
//! The network stays in Rust: the webview talks to the shell by commands and hears the table through
//! a channel it passes, so its content security policy does not open to the network. Joining a table
//! gives the remote side the table protocol and nothing else: no command of the app, no file.
//!
//! The seat survives the app: a seat at a table joined elsewhere, or a table hosted here with its
//! snapshot, is kept in the store while the table is on for this player ([`kept`]), and
//! [`Seating::go_back`] sits them there again after a restart.
//!
//! Deliberately absent: more than one table at a time (hosted or joined).

mod addresses;
mod chronicle;
mod computer;
mod guard;
mod hint;
mod host;
mod kept;
#[cfg(test)]
mod kept_tests;
mod link;
mod mirror;
mod outbox;
#[cfg(test)]
mod tests;
mod view;

pub use chronicle::{MovesSent, finished};
pub use computer::{ComputerMatch, Save, Saver};
#[cfg(test)]
pub(crate) use guard::tests as guard_streams;
pub use guard::{HostGuard, Refused};
pub use hint::request as hint_request;
pub use host::{DEFAULT_PORT, HostInfo, HostRequest, Hosting, Ways};
pub use kept::{Keep, KeepChange, SeatKeeper};
pub use link::{Endpoint, Link, LinkEvent, LinkStatus, RECONNECT_FOR_MS, Remote, SendError};
pub use mirror::{Kept, Mirror, SeatState};
pub use outbox::Outbox;
pub use view::{Heard, SeatEvent, SeatGame};

use std::sync::{Arc, Mutex, PoisonError};

use briscola::ai::HintRequest;
use briscola_store::{KeptPlace, KeptTable};

use briscola_table::dial::Destination;
use briscola_table::discovery::{self, Browser, DiscoveredTable};
use briscola_table::invitation::{Invitation, InvitationError};
use briscola_table::protocol::{ClientMessage, ErrorCode, ServerMessage};
use briscola_table::server::MatchStart;
use serde::Serialize;
use ts_rs::TS;

use crate::session::FinishedMatch;

/// The longest address a player may type (`HOST:PORT`).
pub const MAX_ADDRESS_CHARS: usize = 255;

/// How long a closing host's table has to tell everyone before its server stops.
pub const CLOSE_GRACE_MS: u64 = 2_000;

/// Why a friends' command was refused, as data the UI words. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, thiserror::Error)]
#[serde(tag = "id", rename_all = "kebab-case")]
pub enum SeatError {
    /// You are not at a table.
    #[error("you are not at a table")]
    NotAtTable,
    /// You are at a table already: leave it first.
    #[error("you are at a table already")]
    AlreadyAtTable,
    /// Only the player whose app holds the table may do this.
    #[error("only the table's host may do this")]
    NotHost,
    /// The connection to the table is down (reconnecting, or ended).
    #[error("not connected to the table")]
    NotConnected,
    /// Too many messages are waiting to go out.
    #[error("too many messages are waiting to go out")]
    TooManyWaiting,
    /// The address is not `HOST:PORT`.
    #[error("the address must be HOST:PORT")]
    BadAddress,
    /// Another program listens on the port.
    #[error("port {port} is in use")]
    PortInUse {
        /// The port.
        port: u16,
    },
    /// The port could not be opened (English reason, for logs).
    #[error("cannot listen on port {port}: {reason}")]
    CannotListen {
        /// The port.
        port: u16,
        /// Why.
        #[serde(skip)]
        #[ts(skip)]
        reason: String,
    },
    /// One AI level or open seat is needed per seat but yours.
    #[error("{players} players need {} other seats, not {seats}", players - 1)]
    HostSeats {
        /// Players at the table.
        players: u8,
        /// Seats given.
        seats: u8,
    },
    /// The host does not allow hints at this table.
    #[error("the host does not allow hints at this table")]
    HintsOff,
    /// No move of yours to hint now.
    #[error("it is not your turn")]
    NotYourTurn,
    /// Tables on the local network cannot be listed here (no multicast): join with an address.
    #[error("tables on the local network cannot be listed")]
    NoDiscovery,
    /// No table is kept to go back to.
    #[error("no table is kept to go back to")]
    NoKeptTable,
    /// The kept table could not be brought back (it is forgotten).
    #[error("the kept table cannot be brought back")]
    KeptTableUnusable,
    /// The invitation cannot be used.
    #[error("the invitation cannot be used: {problem:?}")]
    BadInvitation {
        /// What is wrong with it.
        problem: InvitationProblem,
    },
    /// The relay setting is not a relay address (`HOST:PORT`, `ws://…` or `wss://…`).
    #[error("the relay must be HOST:PORT, ws://… or wss://…")]
    BadRelay,
    /// The table refused a setting (the rules, your name, the timer): the table's own reason.
    #[error("the table refused it: {reason:?}")]
    TableRefused {
        /// Why.
        reason: ErrorCode,
    },
}

/// What is wrong with an invitation, as the Join form tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum InvitationProblem {
    /// It is longer than an invitation can be.
    TooLong,
    /// Its table code is missing, doubled or not a code.
    Code,
    /// An address in it is not one, is repeated, or there are too many.
    Address,
    /// Its relay is not a relay address, or there are several.
    Relay,
    /// It is not an invitation link as the app writes it (an unknown field, several links).
    Garbled,
    /// It names no address and no relay: join with the host's address and the code.
    NoWayIn,
}

impl From<InvitationError> for InvitationProblem {
    fn from(error: InvitationError) -> Self {
        match error {
            InvitationError::TooLong => InvitationProblem::TooLong,
            InvitationError::MissingCode
            | InvitationError::SeveralCodes
            | InvitationError::BadCode => InvitationProblem::Code,
            InvitationError::BadAddress
            | InvitationError::DuplicateAddress
            | InvitationError::TooManyAddresses => InvitationProblem::Address,
            InvitationError::BadRelay | InvitationError::SeveralRelays => InvitationProblem::Relay,
            InvitationError::NotAnInvitation
            | InvitationError::SeveralInvitations
            | InvitationError::UnknownField => InvitationProblem::Garbled,
        }
    }
}

impl From<SendError> for SeatError {
    fn from(error: SendError) -> Self {
        match error {
            SendError::NotConnected => SeatError::NotConnected,
            SendError::Busy => SeatError::TooManyWaiting,
        }
    }
}

/// What the shell gives a link to listen with: every event is folded into `mirror` and goes to the
/// webview (`tell`, paced by an [`Outbox`] started on the current tokio runtime) as a
/// [`SeatEvent`] with the table as this seat sees it then; a match that ends is put into the
/// history (`keep`, which gives its id) and the webview then hears [`Heard::Kept`]. `now_ms` is the
/// clock the history's times come from.
pub fn listener(
    keep: impl Fn(&FinishedMatch) -> Option<String> + Send + Sync + 'static,
    tell: impl Fn(SeatEvent) + Send + Sync + 'static,
    now_ms: impl Fn() -> i64 + Send + Sync + 'static,
    mirror: Arc<Mutex<Mirror>>,
) -> impl Fn(LinkEvent) + Send + Sync + 'static {
    let outbox = Outbox::start(tell);
    let tell = move |event| outbox.push(event);
    move |event| {
        let now = now_ms();
        let mut mirror = mirror.lock().unwrap_or_else(PoisonError::into_inner);
        mirror.hear(&event, now);
        let over = matches!(
            event,
            LinkEvent::Message {
                message: ServerMessage::MatchOver { .. }
            }
        );
        tell(SeatEvent::new(mirror.state(), Heard::from(event)));
        if over && let Some(finished) = chronicle::finished(&mut mirror, now) {
            let history_id = keep(&finished);
            mirror.set_kept(match &history_id {
                Some(id) => Kept::Kept {
                    history_id: id.clone(),
                },
                None => Kept::NotKept,
            });
            tell(SeatEvent::new(mirror.state(), Heard::Kept { history_id }));
        }
    }
}

/// This player's table: the one they host, if they do, and their link to the table they sit at.
#[derive(Debug)]
pub struct Seating {
    /// Whether a hosted table is announced on the local network (and, with [`Seating::ways`],
    /// offered beyond it).
    announce: bool,
    /// The ways beyond the local network a table hosted from now on is offered (the player's
    /// settings).
    ways: Ways,
    hosting: Option<Hosting>,
    link: Option<Link>,
    /// Looking for tables on the local network, from the first listing until this player sits at
    /// a table.
    browser: Option<Browser>,
    /// The table as this player's seat sees it (hints are computed from it).
    mirror: Arc<Mutex<Mirror>>,
    /// The moves this player sent, for the chronicle.
    moves: MovesSent,
    /// What keeps this player's seat for after a restart (not at a match against the computer).
    keeper: Option<SeatKeeper>,
    /// Writes a hosted table's snapshots into the kept table.
    keeping: Option<tokio::task::JoinHandle<()>>,
}

/// Where going back sat this player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Returned {
    /// Back at a table joined elsewhere: its answer comes through the events.
    Joined,
    /// Back at the table this app hosts, which listens again.
    Hosted {
        /// Where it is now.
        info: Box<HostInfo>,
        /// The port it listened on before, when another program took it and the table listens on
        /// another one now (friends then join again with the new address).
        port_taken: Option<u16>,
    },
}

/// What the UI shows of the kept table (no token, no snapshot).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct KeptOffer {
    /// The table's code.
    pub code: String,
    /// The table's name (may be empty).
    pub table_name: String,
    /// Your name at it.
    pub your_name: String,
    /// Whether this app hosts it.
    pub hosted: bool,
    /// Where it is, for a table joined elsewhere (`HOST:PORT`); the port, for one hosted here.
    pub address: String,
    /// When you sat at it (milliseconds since the Unix epoch).
    #[ts(type = "number")]
    pub seated_ms: i64,
}

impl From<&KeptTable> for KeptOffer {
    fn from(kept: &KeptTable) -> Self {
        KeptOffer {
            code: kept.code.clone(),
            table_name: kept.table_name.clone(),
            your_name: kept.your_name.clone(),
            hosted: kept.hosted(),
            address: match &kept.place {
                KeptPlace::Joined { address, relay, .. } => match relay {
                    Some(relay) if address.is_empty() => relay.clone(),
                    _ => address.clone(),
                },
                KeptPlace::Hosted { port, .. } => format!(":{port}"),
            },
            seated_ms: kept.seated_ms,
        }
    }
}

/// Where the Join form's text leads, and the code to join with: an invitation (pasted, or opened as
/// a link) names its addresses, its relay and its code; anything else is an address, `HOST:PORT`,
/// joined with the code typed.
pub fn where_to_join(text: &str, code: String) -> Result<(Remote, String), SeatError> {
    if let Ok(invitation) = Invitation::parse(text)
        && (!invitation.addresses().is_empty() || invitation.relay().is_some())
    {
        let destination =
            Destination::invited(&invitation).map_err(|_| SeatError::BadInvitation {
                problem: InvitationProblem::Relay,
            })?;
        let remote = Remote {
            addresses: destination.addresses,
            relay: destination.relay,
        };
        return Ok((remote, invitation.code().display()));
    }
    if text
        .trim_start()
        .to_ascii_lowercase()
        .starts_with("briscola:")
    {
        let problem = match Invitation::parse(text) {
            Ok(_) => InvitationProblem::NoWayIn,
            Err(error) => InvitationProblem::from(error),
        };
        return Err(SeatError::BadInvitation { problem });
    }
    let address = check_address(text)?;
    Ok((
        Remote {
            addresses: vec![address],
            relay: None,
        },
        code,
    ))
}

/// `address` checked as `HOST:PORT` (a `ws://` prefix and a trailing slash allowed).
pub fn check_address(address: &str) -> Result<String, SeatError> {
    let address = briscola_table::client::host_port(address);
    let (host, port) = address.rsplit_once(':').ok_or(SeatError::BadAddress)?;
    let port_ok = port.parse::<u16>().is_ok_and(|p| p != 0);
    let host_ok = !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '[' | ']' | ':'));
    if address.chars().count() > MAX_ADDRESS_CHARS || !port_ok || !host_ok {
        return Err(SeatError::BadAddress);
    }
    Ok(address.to_string())
}

impl Default for Seating {
    fn default() -> Self {
        Seating {
            announce: true,
            ways: Ways::default(),
            hosting: None,
            link: None,
            browser: None,
            mirror: Arc::default(),
            moves: MovesSent::default(),
            keeper: None,
            keeping: None,
        }
    }
}

impl Seating {
    /// Seating whose hosted tables are not announced on the local network (tests: nothing is sent
    /// beyond loopback).
    pub fn unannounced() -> Seating {
        Seating {
            announce: false,
            ..Seating::default()
        }
    }

    /// The ways beyond the local network a table hosted from now on is offered.
    pub fn set_ways(&mut self, ways: Ways) {
        self.ways = ways;
    }

    /// Whether this player is at a table (hosting or joined).
    pub fn at_table(&self) -> bool {
        self.link.is_some() || self.hosting.is_some()
    }

    /// Hosts a table and sits at it; where it is. The table is kept (`keep`) after every change
    /// until it closes.
    pub async fn host(
        &mut self,
        request: &HostRequest,
        listen: impl Fn(LinkEvent) + Send + Sync + 'static,
        keep: Keep,
        now_ms: fn() -> i64,
    ) -> Result<HostInfo, SeatError> {
        self.forget_ended();
        if self.at_table() {
            return Err(SeatError::AlreadyAtTable);
        }
        let hosting = Hosting::start(request, self.announce, &self.ways).await?;
        let info = hosting.info().ok_or(SeatError::NotAtTable)?;
        let keeper = SeatKeeper::new(keep, None, &request.your_name, false, now_ms);
        self.keep_hosted(&hosting, &keeper, info.port, &request.table_name, now_ms());
        self.sit_at_own(hosting, with_keeper(keeper, listen));
        Ok(info)
    }

    /// Starts keeping `hosting` (snapshots from now on) with `keeper`, which this sitting keeps.
    fn keep_hosted(
        &mut self,
        hosting: &Hosting,
        keeper: &SeatKeeper,
        port: u16,
        table_name: &str,
        seated_ms: i64,
    ) {
        if let Some(snapshots) = hosting.snapshots() {
            // The snapshot is filled in with each change.
            let kept = KeptTable {
                code: hosting.code().to_string(),
                token: hosting.host_token().to_string(),
                your_name: hosting.host_name().to_string(),
                table_name: table_name.to_string(),
                seated_ms,
                place: KeptPlace::Hosted {
                    port,
                    snapshot: serde_json::Value::Null,
                },
            };
            self.keeping = Some(keeper.keep_hosted(kept, snapshots));
        }
        self.keeper = Some(keeper.clone());
    }

    /// Sits this player at the kept table again: a table joined elsewhere is reconnected to with
    /// `rejoin` and the kept token (its answer comes through `listen`); a table this app hosted is
    /// brought back from its snapshot, listens on its port again (another free one if that is
    /// taken, said in the answer) and the player sits at their seat with the host's token. A kept
    /// table that cannot be brought back is forgotten (`keep`).
    pub async fn go_back(
        &mut self,
        kept: KeptTable,
        listen: impl Fn(LinkEvent) + Send + Sync + 'static,
        keep: Keep,
        now_ms: fn() -> i64,
    ) -> Result<Returned, SeatError> {
        self.forget_ended();
        if self.at_table() {
            return Err(SeatError::AlreadyAtTable);
        }
        match &kept.place {
            KeptPlace::Joined { .. } => {
                let Some(remote) = kept::kept_remote(&kept.place) else {
                    keep(KeepChange::Forget);
                    return Err(SeatError::KeptTableUnusable);
                };
                let keeper =
                    SeatKeeper::new(keep, Some(remote.clone()), &kept.your_name, true, now_ms);
                self.sit_at_remote(
                    remote,
                    ClientMessage::Rejoin {
                        code: kept.code.clone(),
                        token: kept.token.clone(),
                    },
                    keeper,
                    listen,
                );
                Ok(Returned::Joined)
            }
            KeptPlace::Hosted { port, snapshot } => {
                let Ok(snapshot) = serde_json::from_value(snapshot.clone()) else {
                    keep(KeepChange::Forget);
                    return Err(SeatError::KeptTableUnusable);
                };
                let (hosting, port_taken) = match Hosting::restore(
                    snapshot,
                    *port,
                    &kept.your_name,
                    self.announce,
                    &self.ways,
                )
                .await
                {
                    Err(SeatError::KeptTableUnusable) => {
                        keep(KeepChange::Forget);
                        return Err(SeatError::KeptTableUnusable);
                    }
                    restored => restored?,
                };
                let info = hosting.info().ok_or(SeatError::NotAtTable)?;
                let keeper = SeatKeeper::new(keep, None, &kept.your_name, true, now_ms);
                self.keep_hosted(
                    &hosting,
                    &keeper,
                    info.port,
                    &kept.table_name,
                    kept.seated_ms,
                );
                self.sit_at_own(hosting, with_keeper(keeper, listen));
                Ok(Returned::Hosted {
                    info: Box::new(info),
                    port_taken,
                })
            }
        }
    }

    /// Opens a match against the computer (`start`: dealt from its seed, or where its save stopped)
    /// and sits at it; `listen` is made with the [`Saver`] that keeps its unfinished match.
    pub fn play_computer<L>(
        &mut self,
        game: ComputerMatch,
        start: MatchStart,
        your_name: &str,
        listen: impl FnOnce(Arc<Saver>) -> L,
    ) -> Result<(), SeatError>
    where
        L: Fn(LinkEvent) + Send + Sync + 'static,
    {
        self.forget_ended();
        if self.at_table() {
            return Err(SeatError::AlreadyAtTable);
        }
        let (settings, seats) = game.table();
        let hosting = Hosting::open(settings, your_name, &seats, Some(start))?;
        let Some(snapshots) = hosting.snapshots() else {
            hosting.stop();
            return Err(SeatError::TableRefused {
                reason: ErrorCode::Unavailable,
            });
        };
        let saver = Arc::new(Saver::new(game, snapshots));
        self.sit_at_own(hosting, listen(saver));
        Ok(())
    }

    /// Opens the table this app holds to friends on the local network (from a match against the
    /// computer: "Invite friends to this table"): it listens on `port` (0: any free one), and a
    /// friend who joins with its code takes an AI's seat from the next hand on. A table that
    /// listens already says where it is.
    pub async fn invite(&mut self, port: u16) -> Result<HostInfo, SeatError> {
        let link = self.link.as_ref().ok_or(SeatError::NotAtTable)?;
        let hosting = self.hosting.as_mut().ok_or(SeatError::NotHost)?;
        let lobby = self
            .mirror
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .state()
            .lobby
            .clone()
            .ok_or(SeatError::NotConnected)?;
        let announcement = discovery::Announcement {
            name: hosting.host_name().to_string(),
            host: hosting.host_name().to_string(),
            preset: lobby.settings.ruleset.preset,
            players: lobby.settings.ruleset.players,
            seats_free: lobby
                .seats
                .iter()
                .filter(|s| matches!(s, briscola_table::protocol::SeatView::Ai { .. }))
                .count() as u8,
        };
        let info = hosting
            .listen(port, self.announce, announcement, &self.ways)
            .await?;
        link.send(ClientMessage::OpenSeats { open: true })?;
        Ok(info)
    }

    /// Sits at a table this app holds (hosted for friends, or a match against the computer).
    fn sit_at_own(&mut self, hosting: Hosting, listen: impl Fn(LinkEvent) + Send + Sync + 'static) {
        self.browser = None;
        let first = ClientMessage::Rejoin {
            code: hosting.code().to_string(),
            token: hosting.host_token().to_string(),
        };
        let watch = hosting.lobby_watcher();
        let listen = Arc::new(self.hearing(listen));
        // Where friends reach the table, each time it changes (the router's answer, the relay).
        let mut changes = hosting.info_changes();
        let told = listen.clone();
        tokio::spawn(async move {
            while changes.changed().await.is_ok() {
                let info = changes.borrow_and_update().clone();
                if let Some(info) = info {
                    told(LinkEvent::Hosting { info });
                }
            }
        });
        self.link = Some(Link::open(
            Endpoint::Local(hosting.door()),
            first,
            move |event| {
                if let LinkEvent::Message { message } = &event {
                    watch(message);
                }
                listen(event);
            },
        ));
        self.hosting = Some(hosting);
    }

    /// Joins the table at `address` with its code, as `name` (the table checks both). The seat
    /// is kept (`keep`) once the table gives one, until the table is over for this player.
    pub fn join(
        &mut self,
        address: &str,
        code: String,
        name: String,
        listen: impl Fn(LinkEvent) + Send + Sync + 'static,
        keep: Keep,
        now_ms: fn() -> i64,
    ) -> Result<(), SeatError> {
        self.forget_ended();
        if self.at_table() {
            return Err(SeatError::AlreadyAtTable);
        }
        let (remote, code) = where_to_join(address, code)?;
        let keeper = SeatKeeper::new(keep, Some(remote.clone()), &name, false, now_ms);
        self.sit_at_remote(remote, ClientMessage::Join { code, name }, keeper, listen);
        Ok(())
    }

    /// Opens the link to a table elsewhere, starting with `first`, its seat kept by `keeper`.
    fn sit_at_remote(
        &mut self,
        remote: Remote,
        first: ClientMessage,
        keeper: SeatKeeper,
        listen: impl Fn(LinkEvent) + Send + Sync + 'static,
    ) {
        self.browser = None;
        self.keeper = Some(keeper.clone());
        let listen = self.hearing(with_keeper(keeper, listen));
        self.link = Some(Link::open(Endpoint::Remote(remote), first, listen));
    }

    /// The tables announced on the local network now (looking for them from the first call until
    /// this player sits at a table).
    pub fn tables(&mut self) -> Result<Vec<DiscoveredTable>, SeatError> {
        if self.browser.is_none() {
            self.browser = Some(discovery::browse().map_err(|_| SeatError::NoDiscovery)?);
        }
        Ok(self
            .browser
            .as_ref()
            .map(Browser::tables)
            .unwrap_or_default())
    }

    /// The review's evaluation of this player's move, where the table allows hints.
    pub fn hint(&self) -> Result<HintRequest, SeatError> {
        if self.link.is_none() {
            return Err(SeatError::NotAtTable);
        }
        hint::request(
            self.mirror
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .state(),
        )
    }

    /// A fresh mirror of the next table this player sits at, as `name`: the shell's listener
    /// folds what it hears into it ([`listener`]).
    /// Refused while this player is at a table (leave it first): that table's mirror stays.
    pub fn new_mirror(&mut self, name: &str) -> Result<Arc<Mutex<Mirror>>, SeatError> {
        self.forget_ended();
        if self.at_table() {
            return Err(SeatError::AlreadyAtTable);
        }
        self.mirror = Arc::new(Mutex::new(Mirror::new(name, self.moves.clone())));
        Ok(self.mirror.clone())
    }

    /// `listen`, hearing only what the [`HostGuard`] lets through.
    fn hearing(
        &mut self,
        listen: impl Fn(LinkEvent) + Send + Sync + 'static,
    ) -> impl Fn(LinkEvent) + Send + Sync + 'static {
        let guard = Mutex::new(HostGuard::default());
        move |event| {
            if let LinkEvent::Message { message } = &event {
                let checked = guard
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .check(message);
                if checked.is_err() {
                    return;
                }
            }
            listen(event);
        }
    }

    /// Sends a message to the table.
    pub fn send(&self, message: ClientMessage) -> Result<(), SeatError> {
        let link = self.link.as_ref().ok_or(SeatError::NotAtTable)?;
        let is_move = matches!(message, ClientMessage::Act { .. });
        link.send(message)?;
        if is_move {
            self.moves.count_one();
        }
        Ok(())
    }

    /// Leaves the table. A host closes it: everyone is told, and the server stops after
    /// [`CLOSE_GRACE_MS`]; a guest leaves their seat (kept for them during a match).
    pub fn leave(&mut self) -> Result<(), SeatError> {
        if !self.at_table() {
            return Err(SeatError::NotAtTable);
        }
        let link = self.link.take();
        if let Some(keeping) = self.keeping.take() {
            keeping.abort();
        }
        if let Some(keeper) = self.keeper.take() {
            keeper.forget();
        }
        match self.hosting.take() {
            Some(hosting) => {
                if let Some(link) = &link {
                    let _ = link.send(ClientMessage::CloseTable);
                }
                tokio::spawn(async move {
                    tokio::time::sleep(std::time::Duration::from_millis(CLOSE_GRACE_MS)).await;
                    drop(link);
                    hosting.stop();
                });
            }
            None => {
                if let Some(link) = link {
                    let _ = link.send(ClientMessage::Leave);
                    link.close();
                }
            }
        }
        Ok(())
    }

    /// Forgets a link that ended on its own (the table closed, or it was lost), unless this player
    /// hosts: a host's table is theirs until they close it.
    fn forget_ended(&mut self) {
        if self.hosting.is_none() && self.link.as_ref().is_some_and(Link::has_ended) {
            self.link = None;
            self.keeper = None;
        }
    }
}

/// `listen`, with `keeper` hearing each event first (so a seat is kept before the webview hears
/// of it).
fn with_keeper(
    keeper: SeatKeeper,
    listen: impl Fn(LinkEvent) + Send + Sync + 'static,
) -> impl Fn(LinkEvent) + Send + Sync + 'static {
    move |event| {
        keeper.hear(&event);
        listen(event);
    }
}
