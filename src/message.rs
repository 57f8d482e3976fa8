//! Messages as data: every hint, refusal and error the engine gives a user is a value of a serde
//! internally tagged enum — an `id` (kebab-case) and named parameters (cards as their code `"Ad"`,
//! numbers, seats) — with an English `Display` for the command line and the bot protocol. User
//! interfaces word each id themselves, per language and per deck.
//!
//! [`catalog`] lists every id of one message type with its parameter names, built from one example value
//! per variant ([`Message::examples`]; each type's tests check by an exhaustive match that the examples
//! cover every variant, and that its ids are distinct). The one list of the message types a user interface
//! words is that interface's own (the desktop app's `messages.rs`), not the engine's.

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

/// Test helper: the examples of `M` hit every variant, and its catalog names each id once. `index` is an
/// exhaustive match numbering the variants `0..count`, so a new variant does not compile until it is
/// numbered, and fails here until it has an example.
#[cfg(test)]
pub(crate) fn assert_examples_cover<M: Message>(index: fn(&M) -> usize, count: usize) {
    assert_distinct_ids(&catalog::<M>());
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

/// Test helper: a catalog lists at least one message and names each id once.
#[cfg(test)]
fn assert_distinct_ids(catalog: &MessageCatalog) {
    let mut ids: Vec<&str> = catalog.messages.iter().map(|m| m.id.as_str()).collect();
    let count = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), count, "{}: an id twice", catalog.kind);
    assert!(count > 0, "{}", catalog.kind);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "an id twice")]
    fn an_id_twice_in_one_catalog_is_refused() {
        let spec = MessageSpec {
            id: "trump-it".to_string(),
            params: Vec::new(),
        };
        assert_distinct_ids(&MessageCatalog {
            kind: "hint-reason".to_string(),
            messages: vec![spec.clone(), spec],
        });
    }
}
