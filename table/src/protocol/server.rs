//! [`ServerMessage`]: what the table sends a connection. Game state reaches a connection only as
//! [`GameView`] (its own seat's observation), [`PublicEvent`]s and, once the match is over, the whole
//! record.

use briscola::ai::Level;
use briscola::{
    Action, HandResult, MatchFormat, MatchOutcome, MatchRecord, MatchStanding, Observation,
    Ruleset, Seat,
};
use serde::{Deserialize, Serialize};

use super::{Absence, ChatBody, ErrorCode};

/// One message to a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ServerMessage {
    /// You joined (or rejoined): keep the token to come back to your seat.
    Welcome {
        /// The table code.
        code: String,
        /// Your seat token (secret: whoever holds it takes your seat).
        token: String,
        /// Your seat, if you have one.
        seat: Option<Seat>,
        /// Whether you are the host.
        host: bool,
    },
    /// The table: settings, seats, who is ready.
    Lobby {
        /// The table.
        lobby: LobbyView,
    },
    /// The hand as your seat sees it, after every change.
    Game {
        /// Your view.
        view: Box<GameView>,
    },
    /// Something everyone at the table may know.
    Event {
        /// What happened.
        event: PublicEvent,
    },
    /// A chat message (not sent to those who muted its sender).
    Chat {
        /// Who said it.
        from: ChatSender,
        /// What.
        chat: ChatBody,
    },
    /// Your acknowledgement of a mute.
    Muted {
        /// The seat.
        seat: Seat,
        /// Muted or not.
        muted: bool,
    },
    /// The seat to move has `remaining_ms` left (sent once, when 10 s or less are left).
    TimerWarning {
        /// The seat to move.
        seat: Seat,
        /// Milliseconds left.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        remaining_ms: u64,
    },
    /// Time ran out: the table played for the seat (the Medium AI's choice from its own observation).
    AutoPlayed {
        /// The seat.
        seat: Seat,
        /// What was played.
        action: Action,
        /// How many times this seat's time has run out in the match.
        expiries: u8,
    },
    /// The match is over: the whole record (every deal, every move) is now public.
    MatchOver {
        /// The replayable record.
        record: MatchRecord,
        /// The final standing.
        standing: MatchStanding,
        /// Who won (`null` for a match given up).
        outcome: Option<MatchOutcome>,
        /// The seat that gave the match up, if one did.
        #[serde(default)]
        resigned: Option<Seat>,
    },
    /// The table refused your message; nothing changed.
    Error {
        /// Why.
        error: ErrorCode,
    },
    /// The host sent you away; your token no longer works.
    Removed,
    /// Your seat was taken back with your token from another connection; this one is no longer
    /// seated.
    Replaced,
    /// The table is closed; the connection closes next.
    Closed {
        /// Why.
        reason: ClosedReason,
    },
}

/// Why a table closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum ClosedReason {
    /// The host closed it.
    HostClosed,
}

/// A connection's own view of the hand (`TableGameView` in TypeScript, apart from the app's own
/// `GameView` of a match against the AI).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "TableGameView"))]
pub struct GameView {
    /// What your seat knows (built by the engine for your seat only).
    pub observation: Observation,
    /// The match standing.
    pub standing: MatchStanding,
    /// The hand number, from 1.
    pub hand: u32,
    /// The turn clock of the seat to move, if the timer runs for it.
    pub clock: Option<TurnClock>,
    /// The hand is over and the match goes on: the next is dealt when everyone asked
    /// ([`crate::ClientMessage::NextHand`]) or after the pause.
    #[serde(default)]
    pub awaiting_next_hand: bool,
    /// Whether you may take back a move now ([`crate::ClientMessage::Undo`]).
    #[serde(default)]
    pub can_undo: bool,
    /// Whether you may give the match up now ([`crate::ClientMessage::Resign`]).
    #[serde(default)]
    pub can_resign: bool,
    /// Moves taken back in this match.
    #[serde(default)]
    pub undos: u32,
}

/// The turn clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TurnClock {
    /// The seat it runs for.
    pub seat: Seat,
    /// Milliseconds left when the view was sent.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub remaining_ms: u64,
    /// The seat's time per move, in milliseconds (10 s once its time ran out three times).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub limit_ms: u64,
}

/// Public events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum PublicEvent {
    /// A seat moved (every move of the engine is made in public).
    Acted {
        /// The seat.
        seat: Seat,
        /// The move.
        action: Action,
    },
    /// A hand ended; the next is dealt after a short pause.
    HandOver {
        /// The hand's result.
        result: HandResult,
        /// The standing after it.
        standing: MatchStanding,
    },
    /// The connection of the person at a seat dropped.
    Disconnected {
        /// The seat.
        seat: Seat,
    },
    /// The person at a seat is back.
    Reconnected {
        /// The seat.
        seat: Seat,
    },
    /// The host changed, during the match, what happens at the seat of a person whose connection
    /// dropped; `absent` lists the seats it concerns now (people dropped at that moment).
    AbsenceChanged {
        /// What happens now.
        absence: Absence,
        /// The seats of the people whose connection is down.
        absent: Vec<Seat>,
    },
    /// A person proposed turning the timer off; `agreed` lists the seats that agree so far.
    TimerOffProposed {
        /// Who proposed it.
        by: Seat,
        /// Who agrees.
        agreed: Vec<Seat>,
    },
    /// The turn timer changed (`null`: off).
    TimerChanged {
        /// Seconds per move.
        seconds: Option<u16>,
    },
    /// The seat's time ran out three times: it now has 10 s per move.
    ShortTimer {
        /// The seat.
        seat: Seat,
    },
    /// The person at a seat took back their last move of the hand and the moves after it (views
    /// follow).
    TookBack {
        /// The seat.
        seat: Seat,
    },
    /// The person at a seat gave up the match: it is over, lost by their side.
    Resigned {
        /// The seat.
        seat: Seat,
    },
}

/// Who wrote a chat message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChatSender {
    /// Their seat.
    pub seat: Seat,
    /// Their name.
    pub name: String,
}

/// Where the table is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// Seats are being taken.
    Lobby,
    /// The match is on.
    Playing,
    /// The match is over.
    Over,
}

/// The table as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LobbyView {
    /// The table code.
    pub code: String,
    /// Where the table is.
    pub stage: Stage,
    /// The settings.
    pub settings: SettingsView,
    /// Every seat.
    pub seats: Vec<SeatView>,
    /// People at the table without a seat (those waiting for a seat among them).
    pub watchers: Vec<String>,
    /// The fixed team of each seat (partnerships), if the rules have them.
    pub teams: Option<Vec<u8>>,
    /// People who joined the match in progress and wait for the next hand to take an AI's seat, by
    /// seat.
    #[serde(default)]
    pub waiting: Vec<WaitingView>,
}

/// A person who joined the match in progress, and the AI seat they take when the next hand is
/// dealt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WaitingView {
    /// Their name.
    pub name: String,
    /// The seat they will take (an AI plays it until then).
    pub seat: Seat,
}

/// The table's settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SettingsView {
    /// The rules.
    pub ruleset: Ruleset,
    /// The match format.
    pub format: MatchFormat,
    /// Seconds per move, or none.
    pub turn_seconds: Option<u16>,
    /// What happens at a dropped person's seat.
    pub absence: Absence,
    /// Whether seats are shuffled at the start.
    pub random_seats: bool,
    /// The table's name, or empty.
    pub name: String,
    /// Whether the host allows hints.
    pub hints: bool,
    /// Whether the one person seated may take a move back.
    #[serde(default)]
    pub undo: bool,
    /// Whether the next hand waits until everyone asked for it (no pause).
    #[serde(default)]
    pub deal_when_asked: bool,
    /// Whether friends may join the match in progress, each taking an AI's seat from the next hand
    /// on ([`crate::ClientMessage::OpenSeats`]).
    #[serde(default)]
    pub open_seats: bool,
}

/// One seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum SeatView {
    /// Nobody yet.
    Empty,
    /// A person.
    Person {
        /// Their name.
        name: String,
        /// Ready to start.
        ready: bool,
        /// Connected now.
        connected: bool,
        /// The host.
        host: bool,
    },
    /// A computer player.
    Ai {
        /// Its level.
        level: Level,
    },
}
