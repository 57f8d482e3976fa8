//! The one error type every command returns. It serializes as `{ "kind": …, "message": …, "detail": … }`:
//! `kind` for the UI to branch on, `message` an English sentence for logs, and `detail` the same
//! error as data — `{ "id": kebab-id, …named params }` — that the UI words in the player's language
//! (cards as codes, numbers, seats; an engine error nested as a param). Deliberately absent: any
//! user-facing wording in Rust beyond the English log line.
//!
//! Every error's [`ErrorKind`] is decided here, in one place: the session's, the friends' and the
//! store's errors know nothing of the command layer.

use serde::Serialize;
use ts_rs::TS;

use crate::seat::SeatError;
use crate::session::{EditError, SessionError};
use crate::store::StoreError;

/// The category of a failed command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// An argument was missing, malformed or out of range; nothing changed.
    InvalidInput,
    /// The thing asked for does not exist.
    NotFound,
    /// A file given by the user is not what was expected; nothing changed.
    InvalidFile,
    /// Reading or writing the data folder failed.
    Storage,
    /// A move that is not legal now (wrong card, not your turn, wrong phase); nothing changed.
    IllegalMove,
    /// No match is being played, or it is over.
    NoMatch,
    /// A match is already being played: resign it before starting another.
    MatchInProgress,
    /// The same work (a review of this match) is already running; nothing changed.
    Busy,
    /// The work was cancelled on request; nothing was kept.
    Cancelled,
    /// A bug or an unexpected state in the app.
    Internal,
}

/// A refusal of the command layer itself. The generic variants mirror [`ErrorKind`] for errors
/// that carry nothing more a player could use (their English `message` keeps the details for logs).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, thiserror::Error)]
#[serde(tag = "id", rename_all = "kebab-case")]
pub enum CommandError {
    /// A command argument was missing or not of the expected shape.
    #[error("argument `{argument}` is missing or malformed")]
    BadArgument {
        /// The argument's name.
        argument: String,
    },
    /// A value out of range or inconsistent.
    #[error("invalid input")]
    InvalidInput,
    /// No finished match with this id in the history.
    #[error("no finished match with id {match_id}")]
    MatchNotFound {
        /// The id asked for.
        match_id: String,
    },
    /// The thing asked for does not exist.
    #[error("not found")]
    NotFound,
    /// A file given by the user is not what was expected.
    #[error("the file is not what was expected")]
    InvalidFile,
    /// Reading or writing the data folder failed.
    #[error("reading or writing the data folder failed")]
    Storage,
    /// A move that is not possible now.
    #[error("that move is not possible now")]
    IllegalMove,
    /// No match is being played.
    #[error("no match is being played")]
    NoMatch,
    /// A match is being played.
    #[error("a match is being played: resign it before starting another")]
    MatchInProgress,
    /// A review of this match is already running.
    #[error("this match is already being reviewed")]
    ReviewRunning,
    /// The review was cancelled; nothing was stored.
    #[error("the review was cancelled")]
    ReviewCancelled,
    /// The match's record could not be reviewed (it no longer replays).
    #[error("this match cannot be reviewed")]
    ReviewFailed,
    /// A bug or an unexpected state in the app.
    #[error("internal error")]
    Internal,
}

impl CommandError {
    /// The kind of error this is.
    pub fn kind(&self) -> ErrorKind {
        match self {
            CommandError::BadArgument { .. } | CommandError::InvalidInput => {
                ErrorKind::InvalidInput
            }
            CommandError::MatchNotFound { .. } | CommandError::NotFound => ErrorKind::NotFound,
            CommandError::InvalidFile => ErrorKind::InvalidFile,
            CommandError::Storage => ErrorKind::Storage,
            CommandError::IllegalMove => ErrorKind::IllegalMove,
            CommandError::NoMatch => ErrorKind::NoMatch,
            CommandError::MatchInProgress => ErrorKind::MatchInProgress,
            CommandError::ReviewRunning => ErrorKind::Busy,
            CommandError::ReviewCancelled => ErrorKind::Cancelled,
            CommandError::ReviewFailed | CommandError::Internal => ErrorKind::Internal,
        }
    }

    /// The detail of an error known only by its kind.
    fn generic(kind: ErrorKind) -> Self {
        match kind {
            ErrorKind::InvalidInput => CommandError::InvalidInput,
            ErrorKind::IllegalMove => CommandError::IllegalMove,
            ErrorKind::NotFound => CommandError::NotFound,
            ErrorKind::InvalidFile => CommandError::InvalidFile,
            ErrorKind::Storage => CommandError::Storage,
            ErrorKind::NoMatch => CommandError::NoMatch,
            ErrorKind::MatchInProgress => CommandError::MatchInProgress,
            ErrorKind::Busy => CommandError::ReviewRunning,
            ErrorKind::Cancelled => CommandError::ReviewCancelled,
            ErrorKind::Internal => CommandError::Internal,
        }
    }
}

/// What went wrong, as data: a refusal of the command layer or of the game session (which nests
/// the engine's own errors). Message ids are unique across both (a test checks).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(untagged)]
pub enum ErrorDetail {
    /// The command layer refused.
    Command(CommandError),
    /// The game session refused.
    Session(SessionError),
    /// The rules could not be changed as asked.
    Edit(EditError),
    /// Playing with friends: hosting, joining or a table's connection.
    Seat(SeatError),
}

/// A failed command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, thiserror::Error)]
#[error("{message}")]
pub struct AppError {
    /// The category, for the UI to branch on.
    pub kind: ErrorKind,
    /// An English sentence, for logs.
    pub message: String,
    /// The error as data, for the UI to word.
    pub detail: ErrorDetail,
}

impl AppError {
    /// An error of `kind` whose detail is only its kind; `message` keeps the specifics for logs.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
            detail: ErrorDetail::Command(CommandError::generic(kind)),
        }
    }

    /// Bad input; the command changed nothing.
    pub fn invalid_input(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidInput, message)
    }

    /// A missing or malformed argument; `reason` (serde's English) goes to the log line only.
    pub fn bad_argument(argument: &str, reason: &str) -> Self {
        Self {
            message: format!("argument `{argument}` {reason}"),
            ..CommandError::BadArgument {
                argument: argument.to_string(),
            }
            .into()
        }
    }
}

impl From<CommandError> for AppError {
    fn from(error: CommandError) -> Self {
        Self {
            kind: error.kind(),
            message: error.to_string(),
            detail: ErrorDetail::Command(error),
        }
    }
}

impl From<StoreError> for AppError {
    fn from(error: StoreError) -> Self {
        Self::new(ErrorKind::Storage, error.to_string())
    }
}

impl From<EditError> for AppError {
    fn from(error: EditError) -> Self {
        Self {
            kind: ErrorKind::InvalidInput,
            message: error.to_string(),
            detail: ErrorDetail::Edit(error),
        }
    }
}

impl From<SeatError> for AppError {
    fn from(error: SeatError) -> Self {
        Self {
            kind: seat_kind(&error),
            message: error.to_string(),
            detail: ErrorDetail::Seat(error),
        }
    }
}

impl From<SessionError> for AppError {
    fn from(error: SessionError) -> Self {
        Self {
            kind: session_kind(&error),
            message: error.to_string(),
            detail: ErrorDetail::Session(error),
        }
    }
}

/// The category of a refusal of the game session.
fn session_kind(error: &SessionError) -> ErrorKind {
    match error {
        SessionError::BadRules { .. }
        | SessionError::BadMatch { .. }
        | SessionError::OpponentLevels { .. }
        | SessionError::DealerSeat { .. } => ErrorKind::InvalidInput,
        SessionError::BadSave { .. } => ErrorKind::InvalidFile,
    }
}

/// The category of a refusal when playing with friends.
fn seat_kind(error: &SeatError) -> ErrorKind {
    match error {
        SeatError::NotAtTable | SeatError::NotConnected | SeatError::NoKeptTable => {
            ErrorKind::NoMatch
        }
        SeatError::KeptTableUnusable => ErrorKind::InvalidFile,
        SeatError::HintsOff | SeatError::NotYourTurn | SeatError::NotHost => ErrorKind::IllegalMove,
        SeatError::AlreadyAtTable => ErrorKind::MatchInProgress,
        SeatError::TooManyWaiting => ErrorKind::Busy,
        SeatError::BadAddress
        | SeatError::BadInvitation { .. }
        | SeatError::BadRelay
        | SeatError::HostSeats { .. }
        | SeatError::TableRefused { .. } => ErrorKind::InvalidInput,
        SeatError::PortInUse { .. } | SeatError::CannotListen { .. } | SeatError::NoDiscovery => {
            ErrorKind::Storage
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializes_as_kind_message_and_detail() {
        let error = AppError::invalid_input("limit must be 1 to 500");
        assert_eq!(
            serde_json::to_value(&error).unwrap(),
            serde_json::json!({
                "kind": "invalid_input",
                "message": "limit must be 1 to 500",
                "detail": { "id": "invalid-input" },
            })
        );
        let error = AppError::from(SessionError::DealerSeat { players: 2 });
        assert_eq!(
            serde_json::to_value(&error).unwrap(),
            serde_json::json!({
                "kind": "invalid_input",
                "message": "bad setup: the first dealer must be a seat from 0 to 1",
                "detail": { "id": "dealer-seat", "players": 2 },
            })
        );
    }

    #[test]
    fn a_bad_argument_names_it_and_logs_the_reason() {
        let error = AppError::bad_argument("setup", "is missing");
        assert_eq!(error.kind, ErrorKind::InvalidInput);
        assert_eq!(error.message, "argument `setup` is missing");
        assert_eq!(
            serde_json::to_value(&error.detail).unwrap(),
            serde_json::json!({ "id": "bad-argument", "argument": "setup" })
        );
    }
}
