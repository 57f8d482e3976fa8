//! The catalog of every message the UI words: the engine's message types that reach it (hint
//! reasons, match-review reasons and why a decision was not reviewed, refused moves, rules, options, deals, matches) and the shell's own (command, session and
//! rules-edit errors), each id with its parameter names. The bindings test writes it to
//! `ui/src/lib/bindings/data/catalog.json`; the UI's tests check that every id is translated in every
//! language with exactly these parameters.
//!
//! The UI words a message by its id alone (a nested message is a parameter), so an id means one
//! message across the whole catalog: the same refusal from the session and from a friends' table
//! (`not-your-turn`) shares its id and its parameters — a test checks. Deliberately absent: `RecordError`, which only the command line
//! meets (the app reads its own records and reports a broken one without a reason).

use briscola::ai::HintReason;
use briscola::ai::review::{NotReviewed, ReviewReason};
use briscola::message::{Message, MessageCatalog, catalog};
use briscola::{
    IllegalAction, MatchError, MatchFormat, OptionError, OptionId, OptionValue, Preset,
    RulesetError, SetupError,
};

use briscola_table::protocol::{ErrorCode, ProtocolError, StartProblem};

use crate::error::CommandError;
use crate::seat::{InvitationProblem, SeatError};
use crate::session::{EditError, SessionError};

impl Message for SeatError {
    const KIND: &'static str = "seat-error";

    fn examples() -> Vec<Self> {
        vec![
            SeatError::NotAtTable,
            SeatError::AlreadyAtTable,
            SeatError::NotHost,
            SeatError::NotConnected,
            SeatError::TooManyWaiting,
            SeatError::BadAddress,
            SeatError::PortInUse { port: 7878 },
            SeatError::CannotListen {
                port: 7878,
                reason: String::new(),
            },
            SeatError::HostSeats {
                players: 3,
                seats: 1,
            },
            SeatError::HintsOff,
            SeatError::NotYourTurn,
            SeatError::NoDiscovery,
            SeatError::NoKeptTable,
            SeatError::KeptTableUnusable,
            SeatError::BadInvitation {
                problem: InvitationProblem::NoWayIn,
            },
            SeatError::BadRelay,
            SeatError::TableRefused {
                reason: ErrorCode::NameTaken,
            },
        ]
    }
}

impl Message for CommandError {
    const KIND: &'static str = "command-error";

    fn examples() -> Vec<Self> {
        vec![
            CommandError::BadArgument {
                argument: "setup".to_string(),
            },
            CommandError::InvalidInput,
            CommandError::MatchNotFound {
                match_id: "0-0".to_string(),
            },
            CommandError::NotFound,
            CommandError::InvalidFile,
            CommandError::Storage,
            CommandError::IllegalMove,
            CommandError::NoMatch,
            CommandError::MatchInProgress,
            CommandError::ReviewRunning,
            CommandError::ReviewCancelled,
            CommandError::ReviewFailed,
            CommandError::Internal,
        ]
    }
}

impl Message for SessionError {
    const KIND: &'static str = "session-error";

    fn examples() -> Vec<Self> {
        vec![
            SessionError::BadRules {
                reason: RulesetError::Partnerships { players: 3 },
            },
            SessionError::BadMatch {
                reason: MatchError::Format {
                    format: MatchFormat::BestOf { hands: 4 },
                },
            },
            SessionError::OpponentLevels {
                players: 2,
                opponents: 2,
            },
            SessionError::DealerSeat { players: 2 },
            SessionError::BadSave {
                reason: String::new(),
            },
        ]
    }
}

impl Message for EditError {
    const KIND: &'static str = "edit-error";

    fn examples() -> Vec<Self> {
        vec![
            EditError::RulesRefused {
                reason: RulesetError::Players {
                    preset: Preset::Briscola,
                    players: 5,
                    allowed: vec![2, 3, 4, 6],
                },
            },
            EditError::OptionRefused {
                reason: OptionError::Value {
                    option: OptionId::Tie,
                    value: OptionValue::Bool(true),
                    allowed: Vec::new(),
                },
            },
        ]
    }
}

/// Every message type the UI words, in the one list there is: the engine's, the table's and the
/// shell's own. The bindings test writes the catalog from it alone.
pub fn catalogs() -> Vec<MessageCatalog> {
    vec![
        catalog::<HintReason>(),
        catalog::<ReviewReason>(),
        catalog::<NotReviewed>(),
        catalog::<IllegalAction>(),
        catalog::<RulesetError>(),
        catalog::<OptionError>(),
        catalog::<SetupError>(),
        catalog::<MatchError>(),
        catalog::<CommandError>(),
        catalog::<SessionError>(),
        catalog::<EditError>(),
        catalog::<SeatError>(),
        catalog::<ErrorCode>(),
        catalog::<ProtocolError>(),
        catalog::<StartProblem>(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The examples of `M` hit every variant: `index` is an exhaustive match numbering them.
    fn covers<M: Message>(index: fn(&M) -> usize, count: usize) {
        let mut seen: Vec<usize> = M::examples().iter().map(index).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen, (0..count).collect::<Vec<_>>(), "{}", M::KIND);
    }

    #[test]
    fn the_shell_examples_cover_every_variant() {
        covers::<CommandError>(
            |e| match e {
                CommandError::BadArgument { .. } => 0,
                CommandError::InvalidInput => 1,
                CommandError::MatchNotFound { .. } => 2,
                CommandError::NotFound => 3,
                CommandError::InvalidFile => 4,
                CommandError::Storage => 5,
                CommandError::IllegalMove => 6,
                CommandError::NoMatch => 7,
                CommandError::MatchInProgress => 8,
                CommandError::ReviewRunning => 9,
                CommandError::ReviewCancelled => 10,
                CommandError::ReviewFailed => 11,
                CommandError::Internal => 12,
            },
            13,
        );
        covers::<SessionError>(
            |e| match e {
                SessionError::BadRules { .. } => 0,
                SessionError::BadMatch { .. } => 1,
                SessionError::OpponentLevels { .. } => 2,
                SessionError::DealerSeat { .. } => 3,
                SessionError::BadSave { .. } => 4,
            },
            5,
        );
        covers::<EditError>(
            |e| match e {
                EditError::RulesRefused { .. } => 0,
                EditError::OptionRefused { .. } => 1,
            },
            2,
        );
        covers::<SeatError>(
            |e| match e {
                SeatError::NotAtTable => 0,
                SeatError::AlreadyAtTable => 1,
                SeatError::NotConnected => 2,
                SeatError::TooManyWaiting => 3,
                SeatError::BadAddress => 4,
                SeatError::PortInUse { .. } => 5,
                SeatError::CannotListen { .. } => 6,
                SeatError::HostSeats { .. } => 7,
                SeatError::NoDiscovery => 8,
                SeatError::TableRefused { .. } => 9,
                SeatError::HintsOff => 10,
                SeatError::NotYourTurn => 11,
                SeatError::NotHost => 12,
                SeatError::NoKeptTable => 13,
                SeatError::KeptTableUnusable => 14,
                SeatError::BadInvitation { .. } => 15,
                SeatError::BadRelay => 16,
            },
            17,
        );
    }

    #[test]
    fn an_id_means_one_message_across_the_catalog() {
        let mut seen: Vec<(String, briscola::message::MessageSpec)> = Vec::new();
        for catalog in catalogs() {
            for message in catalog.messages {
                // The same refusal from the session and the friends' table (`not-your-turn`) is
                // one message: the same id must then carry the same parameters.
                if let Some((kind, spec)) = seen.iter().find(|(_, spec)| spec.id == message.id) {
                    assert_eq!(
                        spec.params, message.params,
                        "`{}` in {kind} and {} with other parameters",
                        message.id, catalog.kind
                    );
                }
                seen.push((catalog.kind.clone(), message));
            }
        }
    }
}
