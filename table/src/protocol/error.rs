//! Refusals as data: [`ProtocolError`] (a frame that is not a message) and [`ErrorCode`] (a message the
//! table refused). Each is `{"id": …, params…}` like the engine's messages; the English `Display` is for
//! logs only. A refused message changes nothing at the table.

use briscola::{IllegalAction, MatchError, RulesetError, Seat};
use serde::{Deserialize, Serialize};

/// Why a frame is not a client message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "id", rename_all = "kebab-case")]
pub enum ProtocolError {
    /// The frame is larger than the cap.
    #[error("frame of {size} bytes is over the {max}-byte cap")]
    TooLarge {
        /// Its size.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        size: u64,
        /// The cap.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        max: u64,
    },
    /// The frame is not UTF-8.
    #[error("frame is not UTF-8")]
    NotUtf8,
    /// The frame is not JSON.
    #[error("frame is not JSON")]
    NotJson,
    /// The frame is JSON but not an object.
    #[error("frame is not a JSON object")]
    NotObject,
    /// The version `v` is missing or not this build's.
    #[error("protocol version {found:?} is not the supported {supported}")]
    Version {
        /// The version sent, if it was a number.
        #[cfg_attr(feature = "ts", ts(type = "number | null"))]
        found: Option<u64>,
        /// The version this table speaks.
        supported: u32,
    },
    /// An unknown message type, or a known one with missing or wrong fields.
    #[error("not a message of this protocol")]
    Malformed,
}

/// Why the table cannot start yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "id", rename_all = "kebab-case")]
pub enum StartProblem {
    /// A seat is empty.
    #[error("seat {seat} is empty")]
    EmptySeat {
        /// The seat.
        seat: Seat,
    },
    /// The person at a seat is not ready.
    #[error("the person at seat {seat} is not ready")]
    NotReady {
        /// The seat.
        seat: Seat,
    },
}

/// Why the table refused a message. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "id", rename_all = "kebab-case")]
pub enum ErrorCode {
    /// The frame was not a message.
    #[error("{reason}")]
    Protocol {
        /// Why.
        reason: ProtocolError,
    },
    /// Too many attempts from this address or connection: try again after `retry_ms`.
    #[error("too many attempts; retry in {retry_ms} ms")]
    RateLimited {
        /// Milliseconds to wait.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        retry_ms: u64,
    },
    /// No table has this code here.
    #[error("wrong table code")]
    WrongCode,
    /// The seat token is not one of this table's.
    #[error("unknown seat token")]
    BadToken,
    /// A name must be 1 to `max` characters without control characters.
    #[error("a name must be 1 to {max} characters, without control characters")]
    BadName {
        /// Most characters.
        max: u32,
    },
    /// Someone at the table already has this name.
    #[error("this name is taken")]
    NameTaken,
    /// The table has as many people as it takes.
    #[error("the table is full")]
    TableFull,
    /// Join the table first.
    #[error("join the table first")]
    NotJoined,
    /// This connection has already joined.
    #[error("already joined")]
    AlreadyJoined,
    /// Only the host may do this.
    #[error("only the host may do this")]
    NotHost,
    /// The host stays at the table (and in the lobby, at a seat).
    #[error("the host cannot do this")]
    HostStays,
    /// Only in the lobby, before the match starts.
    #[error("the match has started")]
    NotInLobby,
    /// Only during the match.
    #[error("no match is being played")]
    NotPlaying,
    /// Only once the match is over.
    #[error("the match is not over")]
    NotOver,
    /// No such seat at this table.
    #[error("there is no seat {seat}")]
    NoSuchSeat {
        /// The seat.
        seat: Seat,
    },
    /// The seat is taken.
    #[error("seat {seat} is taken")]
    SeatTaken {
        /// The seat.
        seat: Seat,
    },
    /// No person sits there.
    #[error("nobody sits at seat {seat}")]
    NoPerson {
        /// The seat.
        seat: Seat,
    },
    /// Take a seat first.
    #[error("take a seat first")]
    NotSeated,
    /// These rules have no fixed partnerships.
    #[error("these rules have no partnerships")]
    NoTeams,
    /// No empty seat in that team.
    #[error("no empty seat in team {team}")]
    TeamFull {
        /// The team.
        team: u8,
    },
    /// The match cannot start yet.
    #[error("the match cannot start yet")]
    CannotStart {
        /// Why.
        problem: StartProblem,
    },
    /// Another seat is to move.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The engine refused the move (`move-refused`, as the app's session says it).
    #[error("{reason}")]
    #[serde(rename = "move-refused")]
    Illegal {
        /// The engine's reason.
        reason: IllegalAction,
    },
    /// The rules cannot be played.
    #[error("bad rules: {reason}")]
    BadRules {
        /// Why.
        reason: RulesetError,
    },
    /// The match format cannot be played, or the match refused a step.
    #[error("{reason}")]
    BadMatch {
        /// Why.
        reason: MatchError,
    },
    /// A turn timer is `min` to `max` seconds.
    #[error("a turn timer is {min} to {max} seconds")]
    BadTimer {
        /// Fewest seconds.
        min: u16,
        /// Most seconds.
        max: u16,
    },
    /// The turn timer is off.
    #[error("the turn timer is off")]
    TimerIsOff,
    /// Nobody proposed turning the timer off.
    #[error("nobody proposed turning the timer off")]
    NoProposal,
    /// A chat line is empty.
    #[error("empty chat line")]
    ChatEmpty,
    /// A chat line is longer than `max` characters.
    #[error("a chat line is at most {max} characters")]
    ChatTooLong {
        /// Most characters.
        max: u32,
    },
    /// A chat line holds control or direction-changing characters.
    #[error("control characters are not allowed in chat")]
    ChatControl,
    /// The hand is still being played.
    #[error("the hand is not over yet")]
    HandNotOver,
    /// This table does not allow taking moves back.
    #[error("undo is off at this table")]
    UndoOff,
    /// You have no move to take back in this hand.
    #[error("there is no move of yours to take back in this hand")]
    NothingToUndo,
    /// A saved match does not replay under this table's rules, or is over.
    #[error("the saved match cannot go on here")]
    BadSave,
    /// Only while you are the one person seated at the table.
    #[error("only while you are the one person at the table")]
    NotAlone,
    /// The AI answer came after the game moved on, or no AI seat is to move.
    #[error("the game moved on")]
    Stale,
    /// The secure random generator failed (the table could not make a code or token).
    #[error("no secure randomness available")]
    #[serde(rename = "no-randomness")]
    Unavailable,
    /// The match is open to friends, but every AI seat is already waited for (a friend takes an
    /// AI's seat, never a person's).
    #[error("no seat of the computer is left to take")]
    NoFreeSeat,
}

impl briscola::message::Message for ProtocolError {
    const KIND: &'static str = "protocol-error";

    fn examples() -> Vec<Self> {
        vec![
            ProtocolError::TooLarge {
                size: 70_000,
                max: 65_536,
            },
            ProtocolError::NotUtf8,
            ProtocolError::NotJson,
            ProtocolError::NotObject,
            ProtocolError::Version {
                found: Some(2),
                supported: 1,
            },
            ProtocolError::Malformed,
        ]
    }
}

impl briscola::message::Message for StartProblem {
    const KIND: &'static str = "start-problem";

    fn examples() -> Vec<Self> {
        vec![
            StartProblem::EmptySeat { seat: 1 },
            StartProblem::NotReady { seat: 1 },
        ]
    }
}

impl briscola::message::Message for ErrorCode {
    const KIND: &'static str = "table-error";

    fn examples() -> Vec<Self> {
        use briscola::{MatchFormat, Preset};
        vec![
            ErrorCode::Protocol {
                reason: ProtocolError::Malformed,
            },
            ErrorCode::RateLimited { retry_ms: 2_000 },
            ErrorCode::WrongCode,
            ErrorCode::BadToken,
            ErrorCode::BadName { max: 24 },
            ErrorCode::NameTaken,
            ErrorCode::TableFull,
            ErrorCode::NotJoined,
            ErrorCode::AlreadyJoined,
            ErrorCode::NotHost,
            ErrorCode::HostStays,
            ErrorCode::NotInLobby,
            ErrorCode::NotPlaying,
            ErrorCode::NotOver,
            ErrorCode::NoSuchSeat { seat: 7 },
            ErrorCode::SeatTaken { seat: 1 },
            ErrorCode::NoPerson { seat: 1 },
            ErrorCode::NotSeated,
            ErrorCode::NoTeams,
            ErrorCode::TeamFull { team: 1 },
            ErrorCode::CannotStart {
                problem: StartProblem::EmptySeat { seat: 1 },
            },
            ErrorCode::NotYourTurn,
            ErrorCode::Illegal {
                reason: IllegalAction::HandOver,
            },
            ErrorCode::BadRules {
                reason: RulesetError::Players {
                    preset: Preset::Briscola,
                    players: 5,
                    allowed: vec![2, 3, 4, 6],
                },
            },
            ErrorCode::BadMatch {
                reason: MatchError::Format {
                    format: MatchFormat::BestOf { hands: 4 },
                },
            },
            ErrorCode::BadTimer { min: 10, max: 600 },
            ErrorCode::TimerIsOff,
            ErrorCode::NoProposal,
            ErrorCode::ChatEmpty,
            ErrorCode::ChatTooLong { max: 200 },
            ErrorCode::ChatControl,
            ErrorCode::HandNotOver,
            ErrorCode::UndoOff,
            ErrorCode::NothingToUndo,
            ErrorCode::BadSave,
            ErrorCode::NotAlone,
            ErrorCode::Stale,
            ErrorCode::Unavailable,
            ErrorCode::NoFreeSeat,
        ]
    }
}
