//! `briscola replay FILE`: loads a hand record or a match record (naming the first unreadable card or
//! action, and refusing a ruleset its preset refuses), replays it and prints a JSON summary, or a JSON
//! error (the record error as data, with its English message) and exits non-zero. A file that cannot
//! be read (missing, not a regular file, too large, not UTF-8) is a JSON error too, `{"id": "file"}`.

use briscola::{MatchRecord, Record};
use serde::Serialize;
use serde_json::{Value, json};

use super::out;
use briscola_store::input;

/// Reads, replays and prints.
pub fn run(file: &str) -> Result<(), String> {
    let text = match input::read_text(file) {
        Ok(text) => text,
        Err(error) => {
            out::line(pretty(&error_json(&error)));
            return Err(error.to_string());
        }
    };
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
    input::read_text(file).map_err(|e| e.to_string())
}

fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|e| format!("{{\"message\":\"{e}\"}}"))
}

/// `{"error": {"id": …, params…}, "message": "…"}`.
fn error_json<E: Serialize + std::fmt::Display>(error: &E) -> Value {
    json!({ "error": error, "message": error.to_string() })
}
