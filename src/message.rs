//! Messages as data: every hint, refusal and error the engine gives a user is a value of a serde
//! internally tagged enum — an `id` (kebab-case) and named parameters (cards as their code `"Ad"`,
//! numbers, seats) — with an English `Display` for the command line and the bot protocol. User
//! interfaces word each id themselves, per language and per deck.
//!
//! [`catalog`] lists every id of one message type with its parameter names, built from one example value
//! per variant ([`Message::examples`]; each type's tests check by an exhaustive match that the examples
//! cover every variant). [`catalogs`] gathers the engine's message types for the user interface's tests.

use std::fmt::Display;

use serde::{Deserialize, Serialize};

/// A message type: serializable as `{"id": …, params…}`, with one example of every variant.
pub trait Message: Serialize + Display + Sized {
    /// The catalog's name for this type (`hint-reason`, `illegal-action`…).
    const KIND: &'static str;

    /// One value of every variant.
    fn examples() -> Vec<Self>;
}

/// One message id and the names of its parameters (sorted).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MessageSpec {
    /// The id (`trump-it`).
    pub id: String,
    /// Its parameter names (`stake`).
    pub params: Vec<String>,
}

/// The catalog of one message type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MessageCatalog {
    /// The type's name ([`Message::KIND`]).
    pub kind: String,
    /// Every id with its parameters.
    pub messages: Vec<MessageSpec>,
}

/// The ids and parameter names of a message type.
pub fn catalog<M: Message>() -> MessageCatalog {
    let messages = M::examples()
        .iter()
        .filter_map(|m| match serde_json::to_value(m) {
            Ok(serde_json::Value::Object(fields)) => {
                let id = fields.get("id")?.as_str()?.to_string();
                let params = fields.keys().filter(|k| *k != "id").cloned().collect();
                Some(MessageSpec { id, params })
            }
            _ => None,
        })
        .collect();
    MessageCatalog {
        kind: M::KIND.to_string(),
        messages,
    }
}

/// The catalogs of every message type the engine gives a user.
pub fn catalogs() -> Vec<MessageCatalog> {
    vec![
        catalog::<crate::ai::HintReason>(),
        catalog::<crate::IllegalAction>(),
        catalog::<crate::RulesetError>(),
        catalog::<crate::OptionError>(),
        catalog::<crate::SetupError>(),
        catalog::<crate::MatchError>(),
        catalog::<crate::RecordError>(),
        catalog::<crate::ai::review::ReviewReason>(),
        catalog::<crate::ai::review::NotReviewed>(),
        catalog::<crate::ai::review::ReviewError>(),
    ]
}

/// Test helper: the examples of `M` hit every variant. `index` is an exhaustive match numbering the
/// variants `0..count`, so a new variant does not compile until it is numbered, and fails here until it
/// has an example.
#[cfg(test)]
pub(crate) fn assert_examples_cover<M: Message>(index: fn(&M) -> usize, count: usize) {
    let mut seen = vec![false; count];
    for example in M::examples() {
        seen[index(&example)] = true;
    }
    let missing: Vec<usize> = (0..count).filter(|&i| !seen[i]).collect();
    assert!(
        missing.is_empty(),
        "{}: variants {missing:?} have no example",
        M::KIND
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalog_has_distinct_ids_and_every_example_serializes() {
        for catalog in catalogs() {
            let mut ids: Vec<&str> = catalog.messages.iter().map(|m| m.id.as_str()).collect();
            let count = ids.len();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), count, "{}: an id twice", catalog.kind);
            assert!(count > 0, "{}", catalog.kind);
        }
    }
}
