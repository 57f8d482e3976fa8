//! The one error type every command returns. It serializes as `{ "kind": …, "message": … }`
//! so the UI can branch on `kind` and show `message`.

use serde::Serialize;
use ts_rs::TS;

use crate::session::SessionError;
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
    /// A bug or an unexpected state in the app.
    Internal,
}

/// A failed command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, thiserror::Error)]
#[error("{message}")]
pub struct AppError {
    /// The category, for the UI to branch on.
    pub kind: ErrorKind,
    /// A sentence for the user.
    pub message: String,
}

impl AppError {
    /// An error of `kind`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
        }
    }

    /// Bad input; the command changed nothing.
    pub fn invalid_input(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidInput, message)
    }
}

impl From<StoreError> for AppError {
    fn from(error: StoreError) -> Self {
        Self::new(ErrorKind::Storage, error.to_string())
    }
}

impl From<SessionError> for AppError {
    fn from(error: SessionError) -> Self {
        let kind = match &error {
            SessionError::BadSetup(_) => ErrorKind::InvalidInput,
            SessionError::MatchOver => ErrorKind::NoMatch,
            SessionError::BadSave(_) => ErrorKind::InvalidFile,
            SessionError::Illegal(_)
            | SessionError::NotYourTurn
            | SessionError::NotAiTurn
            | SessionError::Stale
            | SessionError::UndoOff
            | SessionError::NothingToUndo
            | SessionError::HandNotOver => ErrorKind::IllegalMove,
        };
        Self::new(kind, error.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializes_as_kind_and_message() {
        let error = AppError::invalid_input("limit must be 1 to 500");
        assert_eq!(
            serde_json::to_value(&error).unwrap(),
            serde_json::json!({ "kind": "invalid_input", "message": "limit must be 1 to 500" })
        );
    }
}
