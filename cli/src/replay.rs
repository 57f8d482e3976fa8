//! `briscola replay FILE`: loads a hand record or a match record (naming the first unreadable card or
//! action, and refusing a ruleset its preset refuses), replays it and prints a JSON summary, or a JSON
//! error (the record error as data, with its English message) and exits non-zero.

use std::io::Read;

use briscola::{MatchRecord, Record, RecordError};
use serde_json::{Value, json};

use super::out;

/// Reads, replays and prints.
pub fn run(file: &str) -> Result<(), String> {
    let text = read(file)?;
    let is_match = serde_json::from_str::<Value>(&text)
        .ok()
        .is_some_and(|v| v.get("hands").is_some());
    let summary = if is_match {
        MatchRecord::from_json(&text)
            .and_then(|r| r.summary())
            .map(|s| json!({ "kind": "match", "summary": s }))
    } else {
        Record::from_json(&text)
            .and_then(|r| r.summary())
            .map(|s| json!({ "kind": "hand", "summary": s }))
    };
    match summary {
        Ok(summary) => {
            out::line(pretty(&summary));
            Ok(())
        }
        Err(error) => {
            out::line(pretty(&error_json(&error)));
            Err(format!("{file}: {error}"))
        }
    }
}

pub(super) fn read(file: &str) -> Result<String, String> {
    if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))
    }
}

fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|e| format!("{{\"message\":\"{e}\"}}"))
}

/// `{"error": {"id": …, params…}, "message": "…"}`.
fn error_json(error: &RecordError) -> Value {
    json!({ "error": error, "message": error.to_string() })
}
