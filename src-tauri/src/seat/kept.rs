//! Keeping this player's seat, so that the app can sit them there again after it restarts (the
//! store's `KeptTable`): a seat at a table joined elsewhere is kept as soon as the table welcomes
//! the player with a seat ([`SeatKeeper`]); a table this app hosts is kept with its snapshot after
//! every change while it is open ([`SeatKeeper::keep_hosted`]). Both are forgotten when the table is over for
//! the player: they leave (or, hosting, close it), the table closes, or their seat is taken away
//! — and, going back, when the table no longer knows the seat.
//!
//! Tauri-free: the shell passes a [`Keep`] that writes to the store.
//!
//! Deliberately absent: more than one kept table (the latest the player sat at replaces any other),
//! and keeping a match against the computer (it has its own save).

use std::sync::{Arc, Mutex, PoisonError};

use briscola_relay::link::RelayAddress;
use briscola_store::{KeptPlace, KeptTable};
use briscola_table::TableSnapshot;
use briscola_table::protocol::{ErrorCode, ServerMessage};
use tokio::sync::watch;

use super::LinkEvent;
use super::link::Remote;

/// A change to the kept table.
#[derive(Debug, Clone, PartialEq)]
pub enum KeepChange {
    /// Keep this one (replacing any other).
    Keep(KeptTable),
    /// The table is over for this player: forget it.
    Forget,
}

/// Where changes to the kept table go (the shell writes them to the store).
pub type Keep = Arc<dyn Fn(KeepChange) + Send + Sync>;

/// The kept table of one sitting, and whether it may still be written: once forgotten, nothing
/// from that sitting keeps it again (a late snapshot, a late lobby).
struct Sitting {
    keep: Keep,
    state: Mutex<SittingState>,
}

#[derive(Default)]
struct SittingState {
    written: Option<KeptTable>,
    /// Whether the kept table is this sitting's: it kept one, or it went back to the kept one. A
    /// sitting that never did (a join the table refused) forgets nothing of another's.
    owns: bool,
    forgotten: bool,
    /// The table's name, from its latest lobby.
    table_name: String,
}

impl Sitting {
    fn new(keep: Keep, owns: bool) -> Arc<Sitting> {
        Arc::new(Sitting {
            keep,
            state: Mutex::new(SittingState {
                owns,
                ..SittingState::default()
            }),
        })
    }

    /// Keeps `kept` (the table's name filled in from the latest lobby) unless this sitting was
    /// forgotten or it is what was written last.
    fn keep(&self, mut kept: KeptTable) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if state.forgotten {
            return;
        }
        if kept.table_name.is_empty() {
            kept.table_name.clone_from(&state.table_name);
        }
        if state.written.as_ref() == Some(&kept) {
            return;
        }
        state.written = Some(kept.clone());
        state.owns = true;
        (self.keep)(KeepChange::Keep(kept));
    }

    /// Forgets the table for good (once, and only the kept table this sitting owns).
    fn forget(&self) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if !state.forgotten && state.owns {
            (self.keep)(KeepChange::Forget);
        }
        state.forgotten = true;
        state.written = None;
    }

    /// The table's name changed: the kept record says the new one.
    fn named(&self, name: &str) {
        let written = {
            let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
            if state.table_name == name {
                return;
            }
            state.table_name = name.to_string();
            state.written.clone()
        };
        if let Some(mut kept) = written {
            kept.table_name = name.to_string();
            self.keep(kept);
        }
    }
}

/// What keeps the seat of one sitting: [`SeatKeeper::hear`] watches the player's link;
/// [`SeatKeeper::forget`] is for the player leaving.
#[derive(Clone)]
pub struct SeatKeeper {
    sitting: Arc<Sitting>,
    /// Where the table is, for a table joined elsewhere (`None`: hosted here, kept by
    /// [`SeatKeeper::keep_hosted`]).
    remote: Option<Remote>,
    your_name: String,
    /// Whether this sitting goes back to a kept seat (then a table that no longer knows the seat
    /// means it is gone).
    going_back: bool,
    now_ms: fn() -> i64,
}

impl std::fmt::Debug for SeatKeeper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SeatKeeper")
            .field("remote", &self.remote)
            .field("going_back", &self.going_back)
            .finish_non_exhaustive()
    }
}

impl SeatKeeper {
    /// A keeper for a seat at `remote` (`None`: a table this app hosts), as `your_name`.
    pub fn new(
        keep: Keep,
        remote: Option<Remote>,
        your_name: &str,
        going_back: bool,
        now_ms: fn() -> i64,
    ) -> SeatKeeper {
        SeatKeeper {
            sitting: Sitting::new(keep, going_back),
            remote,
            your_name: your_name.to_string(),
            going_back,
            now_ms,
        }
    }

    /// Watches what the player's link hears (after the host's messages were checked).
    pub fn hear(&self, event: &LinkEvent) {
        let LinkEvent::Message { message } = event else {
            return;
        };
        match message {
            ServerMessage::Welcome {
                code,
                token,
                seat: Some(_),
                ..
            } => {
                if let Some(remote) = &self.remote {
                    self.sitting.keep(KeptTable {
                        code: code.clone(),
                        token: token.clone(),
                        your_name: self.your_name.clone(),
                        table_name: String::new(),
                        seated_ms: (self.now_ms)(),
                        place: kept_place(remote),
                    });
                }
            }
            ServerMessage::Lobby { lobby } => self.sitting.named(&lobby.settings.name),
            ServerMessage::Closed { .. } | ServerMessage::Removed => self.sitting.forget(),
            ServerMessage::Error {
                error: ErrorCode::WrongCode | ErrorCode::BadToken,
            } if self.going_back => self.sitting.forget(),
            _ => {}
        }
    }

    /// The player left the table (or, hosting, closed it): forgotten.
    pub fn forget(&self) {
        self.sitting.forget();
    }

    /// Keeps a hosted table: `kept` with each snapshot from `snapshots` from now on (the current
    /// one first), until the table is gone or this sitting is forgotten. Writes run off the async
    /// threads.
    pub fn keep_hosted(
        &self,
        kept: KeptTable,
        snapshots: watch::Receiver<Arc<TableSnapshot>>,
    ) -> tokio::task::JoinHandle<()> {
        keep_hosted(self.sitting.clone(), kept, snapshots)
    }
}

/// Writes `kept` with every snapshot the table publishes until the table is gone (its server
/// stopped or dropped: then the last one written stays, to come back to) or the sitting is
/// forgotten.
fn keep_hosted(
    sitting: Arc<Sitting>,
    kept: KeptTable,
    mut snapshots: watch::Receiver<Arc<TableSnapshot>>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let snapshot = snapshots.borrow_and_update().clone();
            if let (KeptPlace::Hosted { port, .. }, Ok(snapshot)) =
                (&kept.place, serde_json::to_value(&*snapshot))
            {
                let kept = KeptTable {
                    place: KeptPlace::Hosted {
                        port: *port,
                        snapshot,
                    },
                    ..kept.clone()
                };
                let sitting = sitting.clone();
                let _ = tokio::task::spawn_blocking(move || sitting.keep(kept)).await;
            }
            if snapshots.changed().await.is_err() {
                return;
            }
        }
    })
}

/// Where a seat joined elsewhere is kept: its first address, the others, its relay.
pub fn kept_place(remote: &Remote) -> KeptPlace {
    let mut addresses = remote.addresses.iter().cloned();
    KeptPlace::Joined {
        address: addresses.next().unwrap_or_default(),
        more: addresses.collect(),
        relay: remote.relay.as_ref().map(ToString::to_string),
    }
}

/// The table a kept seat joined elsewhere is at, if its record still reads (addresses as
/// `HOST:PORT`, the relay as a relay address).
pub fn kept_remote(place: &KeptPlace) -> Option<Remote> {
    let KeptPlace::Joined {
        address,
        more,
        relay,
    } = place
    else {
        return None;
    };
    let addresses = std::iter::once(address)
        .filter(|address| !address.is_empty())
        .chain(more)
        .map(|address| super::check_address(address).ok())
        .collect::<Option<Vec<String>>>()?;
    let relay = match relay {
        Some(relay) => Some(RelayAddress::parse(relay).ok()?),
        None => None,
    };
    (!addresses.is_empty() || relay.is_some()).then_some(Remote { addresses, relay })
}
