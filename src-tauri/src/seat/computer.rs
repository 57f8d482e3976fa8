//! A match against the computer: a table with this player at seat 0 and an AI level at every other
//! seat, held in this process and reached through the server's door — no network, the same table,
//! driver and screen as a table with friends. What only such a table needs is the table's own
//! (undo, resign, the next hand when asked); this module adds the thin layer around it: the table's
//! settings from the New game choice, the match dealt from its seed (so Hard's decisions and every
//! replay are those of that seed), and the unfinished match saved as it always was
//! ([`SavedMatch`]), so a match saved by any version resumes exactly.
//!
//! Deliberately absent: anything a table with friends does not need to know — the screens and the
//! mirror never ask which kind of table they are at.

use std::sync::{Arc, Mutex, PoisonError};

use briscola::MatchRecord;
use briscola_table::protocol::{Absence, ClientMessage, SeatChoice, Stage};
use briscola_table::server::MatchStart;
use briscola_table::{MatchSeeds, TableSettings, TableSnapshot};
use tokio::sync::watch;

use crate::session::{MatchSetup, SavedMatch};

/// What a match against the computer was opened from: kept by the shell to save it and to name its
/// history entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComputerMatch {
    /// The setup (rules, format, levels and names, first dealer, undo).
    pub setup: MatchSetup,
    /// The seed of the deals and of the AI's choices.
    pub seed: u64,
    /// When the match started (milliseconds since the Unix epoch).
    pub started_ms: i64,
}

impl ComputerMatch {
    /// The table: the setup's rules and format, hints on, undo as the setup allows, the next hand
    /// when the player asks, no timer; and the host's first messages (an AI level at each other seat).
    pub fn table(&self) -> (TableSettings, Vec<ClientMessage>) {
        let settings = TableSettings {
            ruleset: self.setup.ruleset,
            format: self.setup.format,
            turn_seconds: None,
            absence: Absence::Wait,
            random_seats: false,
            name: String::new(),
            hints: true,
            undo: self.setup.allow_undo,
            deal_when_asked: true,
        };
        let seats = (1..self.setup.ruleset.players)
            .zip(&self.setup.opponents)
            .map(|(seat, &level)| ClientMessage::SetSeat {
                seat,
                occupant: SeatChoice::Ai { level },
            })
            .collect();
        (settings, seats)
    }

    /// A new match, dealt from the seed with the setup's first dealer.
    pub fn dealt(&self) -> MatchStart {
        MatchStart::Seeds(MatchSeeds {
            deal: self.seed,
            ai: self.seed,
            dealer: self.setup.first_dealer,
        })
    }

    /// A saved match and where it stopped.
    pub fn resumed(saved: SavedMatch) -> (ComputerMatch, MatchStart) {
        let start = MatchStart::Resume {
            record: Box::new(saved.record),
            ai_seed: saved.seed,
            undos: saved.undos,
        };
        let game = ComputerMatch {
            setup: saved.setup,
            seed: saved.seed,
            started_ms: saved.started_ms,
        };
        (game, start)
    }

    /// The unfinished match as saved: the match under way in `snapshot`.
    pub fn saved(&self, snapshot: &TableSnapshot) -> Option<SavedMatch> {
        let (record, _, undos) = snapshot.match_under_way()?;
        Some(SavedMatch {
            setup: self.setup.clone(),
            seed: self.seed,
            started_ms: self.started_ms,
            undos,
            record: record.clone(),
        })
    }
}

/// What to do with the data folder now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Save {
    /// Save the unfinished match (it changed).
    Unfinished(Box<SavedMatch>),
    /// The match is over: its save goes (the history keeps it).
    Over,
}

/// Follows the table's snapshots and says when the unfinished match must be saved again — called
/// before each thing heard reaches the screen, so a move is on disk before it is shown (the table
/// refreshes its snapshot before it tells anyone).
#[derive(Debug)]
pub struct Saver {
    game: ComputerMatch,
    snapshots: watch::Receiver<Arc<TableSnapshot>>,
    /// The record last saved, and whether the end was.
    last: Mutex<(Option<MatchRecord>, bool)>,
}

impl Saver {
    /// A saver of `game` from its table's snapshots.
    pub fn new(game: ComputerMatch, snapshots: watch::Receiver<Arc<TableSnapshot>>) -> Saver {
        Saver {
            game,
            snapshots,
            last: Mutex::new((None, false)),
        }
    }

    /// The match this saver saves.
    pub fn game(&self) -> &ComputerMatch {
        &self.game
    }

    /// What changed since the last call, if anything must be written.
    pub fn due(&self) -> Option<Save> {
        let snapshot = self.snapshots.borrow().clone();
        let mut last = self.last.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(saved) = self.game.saved(&snapshot) {
            if last.0.as_ref() == Some(&saved.record) {
                return None;
            }
            last.0 = Some(saved.record.clone());
            return Some(Save::Unfinished(Box::new(saved)));
        }
        if snapshot_over(&snapshot) && !last.1 {
            last.1 = true;
            return Some(Save::Over);
        }
        None
    }
}

/// Whether the snapshot's match is over.
fn snapshot_over(snapshot: &TableSnapshot) -> bool {
    snapshot.stage() == Stage::Over
}
