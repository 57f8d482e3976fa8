//! What happens at the server's tables, for the host's log: people joining, leaving, dropping and
//! coming back, the match starting and ending, a table closing. Derived by comparing the table's
//! public [`LobbyView`] before and after each input, so it says nothing a participant could not see.
//!
//! The same watch keeps the table's latest [`TableSnapshot`] for a host that saves it
//! ([`super::Server::snapshots`]): only the latest counts, so a slow saver skips to it.
//!
//! Deliberately absent: moves and chat (a log of every card would be a second record), and any
//! guarantee of delivery — events go out without waiting, and a full queue drops them.

use std::fmt;
use std::sync::Arc;

use briscola::Seat;
use tokio::sync::{mpsc, watch};

use crate::protocol::{LobbyView, SeatView, Stage};
use crate::{Table, TableSnapshot};

/// Events waiting for the log before new ones are dropped.
pub(super) const EVENT_QUEUE: usize = 4096;

/// Something that happened at one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerEvent {
    /// The table's code.
    pub code: String,
    /// What happened.
    pub kind: TableEvent,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableEvent {
    /// The table was created.
    Created,
    /// The table was restored from a snapshot.
    Restored,
    /// A person joined, at a seat or watching.
    Joined {
        /// Their name.
        name: String,
        /// Their seat (none: watching).
        seat: Option<Seat>,
    },
    /// A person left the table (or was removed).
    Left {
        /// Their name.
        name: String,
    },
    /// A seated person's connection dropped; the seat is kept.
    Dropped {
        /// Their name.
        name: String,
    },
    /// A seated person is connected again.
    Back {
        /// Their name.
        name: String,
    },
    /// The match started.
    Started,
    /// The match is over.
    MatchOver {
        /// The seats of the winning sides (empty: a draw).
        winners: Vec<Seat>,
    },
    /// The table is gone: its match ended a while ago, it stood empty, or the server stopped.
    Closed,
}

impl fmt::Display for ServerEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "table {}: ", self.code)?;
        match &self.kind {
            TableEvent::Created => write!(f, "created"),
            TableEvent::Restored => write!(f, "restored"),
            TableEvent::Joined {
                name,
                seat: Some(seat),
            } => write!(f, "{name} joined at seat {seat}"),
            TableEvent::Joined { name, seat: None } => write!(f, "{name} joined, watching"),
            TableEvent::Left { name } => write!(f, "{name} left"),
            TableEvent::Dropped { name } => write!(f, "{name} dropped"),
            TableEvent::Back { name } => write!(f, "{name} is back"),
            TableEvent::Started => write!(f, "match started"),
            TableEvent::MatchOver { winners } if winners.is_empty() => {
                write!(f, "match over, drawn")
            }
            TableEvent::MatchOver { winners } => write!(f, "match over, won by seats {winners:?}"),
            TableEvent::Closed => write!(f, "closed"),
        }
    }
}

/// One person as the lobby shows them: name, seat, connected (watchers count as connected).
type Person = (String, Option<Seat>, bool);

fn people(lobby: &LobbyView) -> Vec<Person> {
    let seated = lobby.seats.iter().enumerate().filter_map(|(seat, view)| {
        let seat = Seat::try_from(seat).ok()?;
        match view {
            SeatView::Person {
                name, connected, ..
            } => Some((name.clone(), Some(seat), *connected)),
            SeatView::Empty | SeatView::Ai { .. } => None,
        }
    });
    let watching = lobby.watchers.iter().map(|name| (name.clone(), None, true));
    seated.chain(watching).collect()
}

/// Turns one table's changes into events, if anyone listens, and keeps its latest snapshot, if
/// asked to.
#[derive(Debug)]
pub(super) struct Watch {
    code: String,
    sink: Option<mpsc::Sender<ServerEvent>>,
    last: Option<LobbyView>,
    snapshots: Option<watch::Sender<Arc<TableSnapshot>>>,
}

impl Watch {
    /// Watches `table` (announcing it as created, or `restored`) if `sink` is some.
    pub fn new(table: &Table, sink: Option<mpsc::Sender<ServerEvent>>, restored: bool) -> Watch {
        let mut watch = Watch {
            code: table.code(),
            last: sink.as_ref().map(|_| table.lobby_view()),
            sink,
            snapshots: None,
        };
        watch.emit(if restored {
            TableEvent::Restored
        } else {
            TableEvent::Created
        });
        watch
    }

    /// Keeps the table's snapshot up to date from now on (the table's time `now`); the receiver sees
    /// each change.
    pub fn snapshots(&mut self, table: &Table, now: u64) -> watch::Receiver<Arc<TableSnapshot>> {
        let (sender, receiver) = watch::channel(Arc::new(table.snapshot(now)));
        self.snapshots = Some(sender);
        receiver
    }

    fn emit(&mut self, kind: TableEvent) {
        if let Some(sink) = &self.sink {
            let _ = sink.try_send(ServerEvent {
                code: self.code.clone(),
                kind,
            });
        }
    }

    /// Whether the table's snapshots are kept.
    pub fn keeps_snapshots(&self) -> bool {
        self.snapshots.is_some()
    }

    /// Compares the table with how it was last seen, at the table's time `now`.
    pub fn look(&mut self, table: &Table, now: u64) {
        if let Some(snapshots) = &self.snapshots {
            let now = table.snapshot(now);
            snapshots.send_if_modified(|last| {
                let changed = **last != now;
                if changed {
                    *last = Arc::new(now);
                }
                changed
            });
        }
        let Some(before) = self.last.take() else {
            return;
        };
        let after = table.lobby_view();
        if after == before {
            self.last = Some(after);
            return;
        }
        let (old, new) = (people(&before), people(&after));
        for (name, seat, connected) in &new {
            match old.iter().find(|p| p.0 == *name) {
                None => self.emit(TableEvent::Joined {
                    name: name.clone(),
                    seat: *seat,
                }),
                Some((_, _, was)) if was != connected => {
                    let name = name.clone();
                    self.emit(if *connected {
                        TableEvent::Back { name }
                    } else {
                        TableEvent::Dropped { name }
                    });
                }
                Some(_) => {}
            }
        }
        for (name, ..) in &old {
            if !new.iter().any(|p| p.0 == *name) {
                self.emit(TableEvent::Left { name: name.clone() });
            }
        }
        if before.stage != after.stage {
            match after.stage {
                Stage::Playing => self.emit(TableEvent::Started),
                Stage::Over => self.emit(TableEvent::MatchOver {
                    winners: table.winners().unwrap_or_default(),
                }),
                Stage::Lobby => {}
            }
        }
        self.last = Some(after);
    }

    /// The table is gone.
    pub fn closed(mut self) {
        self.emit(TableEvent::Closed);
    }
}
