//! Loading records from JSON with errors that name the place: the first card or action that cannot be
//! read (hand, field, index), a version this build does not read, and a ruleset that does not validate
//! (its preset's player counts included) — before any hand is replayed.

use std::str::FromStr;

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::record_error::RecordError;
use crate::{Action, Card, MatchRecord, Record, Ruleset};

impl Record {
    /// Reads a hand record.
    ///
    /// ```
    /// use briscola::{Record, RecordError};
    /// let text = r#"{"version":1,"ruleset":null,"dealer":0,"deal":{"order":["Ad","Zz"]},"actions":[]}"#;
    /// assert!(matches!(
    ///     Record::from_json(text),
    ///     Err(RecordError::Card { hand: 0, index: 1, .. })
    /// ));
    /// ```
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        let value = parse(text, Record::VERSION)?;
        if let Some(deal) = value.get("deal").and_then(|d| d.get("order")) {
            cards(deal, 0, "deal")?;
        }
        if let Some(list) = value.get("actions") {
            actions(list, 0)?;
        }
        let record: Record = shaped(value)?;
        playable(&record.ruleset)?;
        Ok(record)
    }
}

impl MatchRecord {
    /// Reads a match record.
    pub fn from_json(text: &str) -> Result<MatchRecord, RecordError> {
        let value = parse(text, MatchRecord::VERSION)?;
        if let Some(hands) = value.get("hands").and_then(Value::as_array) {
            for (hand, record) in hands.iter().enumerate() {
                if let Some(deal) = record.get("deal") {
                    cards(deal, hand, "deal")?;
                }
                if let Some(list) = record.get("actions") {
                    actions(list, hand)?;
                }
            }
        }
        let record: MatchRecord = shaped(value)?;
        playable(&record.ruleset)?;
        Ok(record)
    }
}

/// The JSON value, once its version is one this build reads.
fn parse(text: &str, supported: u32) -> Result<Value, RecordError> {
    let value: Value = serde_json::from_str(text).map_err(|e| RecordError::Json {
        detail: e.to_string(),
    })?;
    if let Some(found) = value.get("version").and_then(Value::as_u64)
        && found != u64::from(supported)
    {
        return Err(RecordError::Version {
            found: u32::try_from(found).unwrap_or(u32::MAX),
            supported,
        });
    }
    Ok(value)
}

/// The first string of a card list that is not a card.
fn cards(list: &Value, hand: usize, field: &str) -> Result<(), RecordError> {
    match first_unreadable::<Card>(list) {
        Some((index, text)) => Err(RecordError::Card {
            hand,
            field: field.to_string(),
            index,
            text,
        }),
        None => Ok(()),
    }
}

/// The first string of an action list that is not an action.
fn actions(list: &Value, hand: usize) -> Result<(), RecordError> {
    match first_unreadable::<Action>(list) {
        Some((index, text)) => Err(RecordError::Action { hand, index, text }),
        None => Ok(()),
    }
}

/// The index and text of the first string in `list` that does not parse as a `T`. Values that are not
/// strings are left to the deserializer, which names what it expected.
fn first_unreadable<T: FromStr>(list: &Value) -> Option<(usize, String)> {
    let texts = list
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str);
    texts
        .enumerate()
        .find(|(_, text)| text.parse::<T>().is_err())
        .map(|(index, text)| (index, text.to_string()))
}

fn shaped<T: DeserializeOwned>(value: Value) -> Result<T, RecordError> {
    serde_json::from_value(value).map_err(|e| RecordError::Json {
        detail: e.to_string(),
    })
}

fn playable(rules: &Ruleset) -> Result<(), RecordError> {
    rules
        .validate()
        .map_err(|error| RecordError::Ruleset { error })
}
