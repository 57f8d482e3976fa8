//! [`Hosting`]: the table this player's app holds — a match against the computer (a table with AI
//! seats, reached only in process) or a table for friends, which listens on the local network on the
//! port the player chose (shown to them, with this machine's addresses), from its start or from the
//! moment the player invites friends to a match against the computer. It holds the one table,
//! created with the New game form's rules and the seats, timer and absence policy the player chose.
//! The player's own seat is a connection like everyone else's, through the server's door for its
//! own process (a [`super::Link`] with the host's token).
//!
//! Deliberately absent: tables for anyone but this player, and any path from the network to the
//! app's commands or files: the server only speaks the table protocol.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};

use briscola::ai::Level;
use briscola::{MatchFormat, Ruleset};
use briscola_relay::link::{RelayAddress, RelayStatus};
use briscola_table::TableSettings;
use briscola_table::TableSnapshot;
use briscola_table::discovery::{self, Announcement, Announcer};
use briscola_table::invitation::Invitation;
use briscola_table::protocol::{
    Absence, ClientMessage, ErrorCode, SeatChoice, SeatView, ServerMessage, Stage,
};
use briscola_table::reach::{self, ProbeOptions, ReachReport, RelayOutcome};
use briscola_table::secret::TableCode;
use briscola_table::server::{
    CreateError, LocalDoor, MatchStart, Relayed, Server, ServerConfig, relay_outcome,
};
use serde::{Deserialize, Serialize};
use tokio::sync::watch;
use ts_rs::TS;

use super::SeatError;

/// The port offered first (any free one if 0).
pub const DEFAULT_PORT: u16 = 7878;

/// What the player chose on the Host a table screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct HostRequest {
    /// The rules (the New game form's).
    pub ruleset: Ruleset,
    /// The match format.
    pub format: MatchFormat,
    /// Seats 1, 2, …: `null` for a person (a friend joins there), or the AI level that plays it.
    pub ai_seats: Vec<Option<Level>>,
    /// Seconds per move, or none.
    pub turn_seconds: Option<u16>,
    /// Who plays a dropped person's seat meanwhile.
    pub absence: Absence,
    /// Shuffle the seats when the match starts.
    pub random_seats: bool,
    /// Whether the players may ask their app for a hint.
    pub hints: bool,
    /// The table's name, shown in the lobby and to friends looking for tables on the network (may
    /// be empty).
    pub table_name: String,
    /// Your name at the table.
    pub your_name: String,
    /// The port to listen on (0: any free one).
    pub port: u16,
}

/// Where the hosted table is, to tell the others.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct HostInfo {
    /// The line to send friends (by chat): the code and every way in — this machine's LAN
    /// addresses, its public or mapped address, the relay.
    pub invitation: String,
    /// How friends outside this network reach the table, once known (`null` while the router is
    /// asked); it changes as the relay comes and goes.
    pub reach: Option<ReachReport>,
    /// The table code to read aloud.
    pub code: String,
    /// The port the table listens on.
    pub port: u16,
    /// This machine's addresses on its networks (loopback left out), to join with `ADDRESS:PORT`.
    pub addresses: Vec<String>,
    /// Whether the table is announced on the local network (friends there see it listed); when
    /// not, they join with an address.
    pub announced: bool,
}

/// The ways beyond the local network a hosted table is offered: a relay, a port mapping.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ways {
    /// The relay to register with.
    pub relay: Option<RelayAddress>,
    /// Whether to ask the router for a port mapping.
    pub port_mapping: bool,
}

/// The invitation line: the code, these addresses (at most as many as an invitation holds) and the
/// relay.
fn invitation(code: &str, addresses: &[SocketAddr], relay: Option<&RelayAddress>) -> String {
    let Some(code) = TableCode::parse(code) else {
        return code.to_string();
    };
    let mut invitation = Invitation::new(code);
    for &address in addresses
        .iter()
        .take(briscola_table::invitation::MAX_ADDRESSES)
    {
        invitation = invitation
            .clone()
            .with_address(address)
            .unwrap_or(invitation);
    }
    if let Some(relay) = relay {
        invitation = invitation
            .clone()
            .with_relay(&relay.to_string())
            .unwrap_or(invitation);
    }
    invitation.to_string()
}

/// Asks the router for a port mapping (keeping it as long as the table: this task is aborted with
/// it, and the mapping removed), then follows the relay's registration, publishing where friends
/// reach the table after each change.
async fn follow_reach(
    info: Arc<watch::Sender<Option<HostInfo>>>,
    port: u16,
    mut options: ProbeOptions,
    relay: Option<(RelayAddress, watch::Receiver<RelayStatus>)>,
) {
    if let Some((address, status)) = &relay {
        options.relay = relay_outcome(address, &status.borrow());
    }
    let (mut report, _mapping) = reach::probe(port, &options).await;
    let publish = |report: &ReachReport| {
        info.send_modify(|info| {
            if let Some(info) = info {
                let relay = relay.as_ref().map(|(address, _)| address);
                info.invitation = invitation(&info.code, &report.addresses(), relay);
                info.reach = Some(report.clone());
            }
        });
    };
    publish(&report);
    if let Some((address, mut status)) = relay.clone() {
        while status.changed().await.is_ok() {
            let outcome = relay_outcome(&address, &status.borrow_and_update());
            report.set_relay(outcome);
            publish(&report);
        }
    }
    // The mapping is kept until the table closes.
    std::future::pending::<()>().await;
}

/// The hosted table and its server.
#[derive(Debug)]
pub struct Hosting {
    server: Server,
    code: String,
    /// The host's name at the table.
    host_name: String,
    host_token: String,
    /// Where friends reach the table, once it listens (and as that changes).
    info: Arc<watch::Sender<Option<HostInfo>>>,
    /// The table's registration with the relay, when one is set.
    relayed: Option<Relayed>,
    /// Asks the router for a port mapping, keeps it, and follows the relay (aborted with the table:
    /// the mapping is then removed).
    reach: Option<tokio::task::JoinHandle<()>>,
    /// The announcement on the local network, kept up to date with the free seats.
    announcer: Arc<Mutex<Option<(Announcer, Announcement)>>>,
}

impl HostRequest {
    /// The table's settings and the host's first messages (AI seats, timer).
    fn table(&self) -> Result<(TableSettings, Vec<ClientMessage>), SeatError> {
        let players = self.ruleset.players;
        if self.ai_seats.len() + 1 != usize::from(players) {
            return Err(SeatError::HostSeats {
                players,
                seats: u8::try_from(self.ai_seats.len()).unwrap_or(u8::MAX),
            });
        }
        let settings = TableSettings {
            ruleset: self.ruleset,
            format: self.format,
            turn_seconds: None,
            absence: self.absence,
            random_seats: self.random_seats,
            name: self.table_name.clone(),
            hints: self.hints,
            undo: false,
            deal_when_asked: false,
        };
        let mut setup: Vec<ClientMessage> = (1..players)
            .zip(&self.ai_seats)
            .filter_map(|(seat, level)| {
                level.map(|level| ClientMessage::SetSeat {
                    seat,
                    occupant: SeatChoice::Ai { level },
                })
            })
            .collect();
        if self.turn_seconds.is_some() {
            setup.push(ClientMessage::SetTimer {
                seconds: self.turn_seconds,
            });
        }
        Ok((settings, setup))
    }
}

impl Hosting {
    /// Starts listening on every interface and creates the table, announced on the local network if
    /// `announce` (call it inside a tokio runtime).
    pub async fn start(
        request: &HostRequest,
        announce: bool,
        ways: &Ways,
    ) -> Result<Hosting, SeatError> {
        let (settings, setup) = request.table()?;
        let mut hosting = Hosting::open(settings, &request.your_name, &setup, None)?;
        let announcement = Announcement {
            name: if request.table_name.trim().is_empty() {
                request.your_name.clone()
            } else {
                request.table_name.clone()
            },
            host: request.your_name.clone(),
            preset: request.ruleset.preset,
            players: request.ruleset.players,
            seats_free: request.ai_seats.iter().filter(|s| s.is_none()).count() as u8,
        };
        if let Err(error) = hosting
            .listen(request.port, announce, announcement, ways)
            .await
        {
            hosting.stop();
            return Err(error);
        }
        Ok(hosting)
    }

    /// Brings a kept table back from its snapshot (the same code and host token) and listens on
    /// `port` of every interface again, or on any free port if another program took that one; the
    /// table, and the port it wanted when it had to take another (call it inside a tokio runtime).
    pub async fn restore(
        snapshot: TableSnapshot,
        port: u16,
        your_name: &str,
        announce: bool,
        ways: &Ways,
    ) -> Result<(Hosting, Option<u16>), SeatError> {
        let settings = snapshot.settings().clone();
        let server = Server::in_process(ServerConfig {
            snapshots: true,
            ..ServerConfig::default()
        });
        let table = match server.restore(snapshot) {
            Ok(table) => table,
            Err(_) => {
                server.stop();
                return Err(SeatError::KeptTableUnusable);
            }
        };
        let mut hosting = Hosting {
            server,
            host_name: your_name.to_string(),
            code: table.code,
            host_token: table.host_token,
            info: Arc::new(watch::Sender::new(None)),
            relayed: None,
            reach: None,
            announcer: Arc::new(Mutex::new(None)),
        };
        let announcement = Announcement {
            name: if settings.name.trim().is_empty() {
                your_name.to_string()
            } else {
                settings.name.clone()
            },
            host: your_name.to_string(),
            preset: settings.ruleset.preset,
            players: settings.ruleset.players,
            // The lobby watcher counts the free seats from the first lobby.
            seats_free: 0,
        };
        match hosting
            .listen(port, announce, announcement.clone(), ways)
            .await
        {
            Ok(_) => Ok((hosting, None)),
            Err(SeatError::PortInUse { .. }) => {
                hosting.listen(0, announce, announcement, ways).await?;
                Ok((hosting, Some(port)))
            }
            Err(error) => Err(error),
        }
    }

    /// Creates a table only this process reaches (a match against the computer: `start` starts
    /// it at once), keeping its snapshots (call it inside a tokio runtime).
    pub fn open(
        settings: TableSettings,
        your_name: &str,
        setup: &[ClientMessage],
        start: Option<MatchStart>,
    ) -> Result<Hosting, SeatError> {
        let config = ServerConfig {
            snapshots: true,
            ..ServerConfig::default()
        };
        let server = Server::in_process(config);
        let table = match server.create_started(settings, your_name, setup, start) {
            Ok(table) => table,
            Err(error) => {
                server.stop();
                return Err(match error {
                    CreateError::Table(reason) => SeatError::TableRefused { reason },
                    CreateError::Full
                    | CreateError::NameplateTaken(_)
                    | CreateError::Restore(_) => SeatError::TableRefused {
                        reason: ErrorCode::Unavailable,
                    },
                });
            }
        };
        Ok(Hosting {
            server,
            host_name: your_name.to_string(),
            code: table.code,
            host_token: table.host_token,
            info: Arc::new(watch::Sender::new(None)),
            relayed: None,
            reach: None,
            announcer: Arc::new(Mutex::new(None)),
        })
    }

    /// Opens the table to friends: listens on `port` of every interface, announced on the local
    /// network as `announcement` if `announce`, and reachable from other networks the ways `ways`
    /// allows (asked for only with `announce`: otherwise nothing is sent beyond this machine);
    /// where it is. A table that listens already says where.
    pub async fn listen(
        &mut self,
        port: u16,
        announce: bool,
        announcement: Announcement,
        ways: &Ways,
    ) -> Result<HostInfo, SeatError> {
        if let Some(info) = self.info.borrow().clone() {
            return Ok(info);
        }
        let listener =
            tokio::net::TcpListener::bind(SocketAddr::new(IpAddr::V4(Ipv4Addr::UNSPECIFIED), port))
                .await
                .map_err(|error| match error.kind() {
                    std::io::ErrorKind::AddrInUse => SeatError::PortInUse { port },
                    _ => SeatError::CannotListen {
                        port,
                        reason: error.to_string(),
                    },
                })?;
        self.server.listen(listener);
        let port = self.server.local_addr.port();
        // Discovery is a convenience: a network without multicast still has the address.
        let announcer = announce
            .then(|| discovery::announce(&announcement, port).ok())
            .flatten()
            .map(|announcer| (announcer, announcement));
        let addresses = super::addresses::local_addresses();
        let lan: Vec<SocketAddr> = addresses
            .iter()
            .filter_map(|ip| ip.parse::<IpAddr>().ok())
            .map(|ip| SocketAddr::new(ip, port))
            .collect();
        self.relayed = ways
            .relay
            .clone()
            .and_then(|relay| self.server.through_relay(&self.code, relay));
        let relay = self.relayed.as_ref().map(|relayed| relayed.relay().clone());
        let info = HostInfo {
            invitation: invitation(&self.code, &lan, relay.as_ref()),
            reach: None,
            code: self.code.clone(),
            port,
            addresses,
            announced: announcer.is_some(),
        };
        *self
            .announcer
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = announcer;
        self.info.send_replace(Some(info.clone()));
        let options = ProbeOptions {
            map: announce && ways.port_mapping,
            relay: RelayOutcome::NotConfigured,
            ..ProbeOptions::default()
        };
        let status = self.relayed.as_ref().map(|relayed| relayed.status());
        self.reach = Some(tokio::spawn(follow_reach(
            self.info.clone(),
            port,
            options,
            relay.zip(status),
        )));
        Ok(info)
    }

    /// Where friends reach the table, from when it listens, as it changes.
    pub fn info_changes(&self) -> watch::Receiver<Option<HostInfo>> {
        self.info.subscribe()
    }

    /// What keeps the announcement's free seats up to date from the table's lobby messages (the
    /// host's own link hears every one).
    pub fn lobby_watcher(&self) -> impl Fn(&ServerMessage) + Send + Sync + 'static {
        let announcer = self.announcer.clone();
        move |message| {
            let ServerMessage::Lobby { lobby } = message else {
                return;
            };
            let free = match lobby.stage {
                Stage::Lobby => lobby
                    .seats
                    .iter()
                    .filter(|s| matches!(s, SeatView::Empty))
                    .count() as u8,
                Stage::Playing | Stage::Over => 0,
            };
            let mut announcer = announcer.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some((announcer, announcement)) = announcer.as_mut()
                && announcement.seats_free != free
            {
                announcement.seats_free = free;
                let _ = announcer.update(announcement);
            }
        }
    }

    /// Where friends reach the table, once it listens.
    pub fn info(&self) -> Option<HostInfo> {
        self.info.borrow().clone()
    }

    /// The host's name at the table.
    pub fn host_name(&self) -> &str {
        &self.host_name
    }

    /// The table's code.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The way the host's own link sits at the table, in process.
    pub fn door(&self) -> LocalDoor {
        self.server.local_door()
    }

    /// The table's latest snapshot, and each change from now on (it holds every deal: the host's
    /// own secret, for saving the match).
    pub fn snapshots(&self) -> Option<watch::Receiver<Arc<TableSnapshot>>> {
        self.server.snapshots(&self.code)
    }

    /// The host's seat token (the host's own link rejoins with it).
    pub fn host_token(&self) -> &str {
        &self.host_token
    }

    /// Stops announcing and listening, and closes the table's connections (as dropping it does).
    pub fn stop(self) {
        drop(self);
    }
}

impl Drop for Hosting {
    /// The table goes with its holder: nothing announced, nothing listening, its connections closed,
    /// and nobody told it closed (a dropped app is a crashed one: a kept table comes back).
    fn drop(&mut self) {
        let announced = self
            .announcer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some((announcer, _)) = announced {
            announcer.stop();
        }
        // The port mapping goes with the task that keeps it; the relay with its registration.
        if let Some(reach) = self.reach.take() {
            reach.abort();
        }
        self.relayed = None;
        self.server.stop();
    }
}
