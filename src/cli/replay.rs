//! `briscola replay FILE`: replays a hand record or a match record and prints a JSON summary, or a JSON
//! error naming the first illegal action (and exits non-zero).

use std::io::{Read, Write};

use briscola::{MatchRecord, Record, RecordError};
use serde_json::{Value, json};

/// Reads, replays and prints.
pub fn run(file: &str) -> Result<(), String> {
    let text = read(file)?;
    let value: Value =
        serde_json::from_str(&text).map_err(|e| format!("{file} is not JSON: {e}"))?;
    let summary = if value.get("hands").is_some() {
        let record: MatchRecord = serde_json::from_value(value)
            .map_err(|e| format!("{file} is not a match record: {e}"))?;
        record
            .summary()
            .map(|s| json!({ "kind": "match", "summary": s }))
    } else {
        let record: Record = serde_json::from_value(value)
            .map_err(|e| format!("{file} is not a hand record: {e}"))?;
        record
            .summary()
            .map(|s| json!({ "kind": "hand", "summary": s }))
    };
    match summary {
        Ok(summary) => {
            emit(&pretty(&summary));
            Ok(())
        }
        Err(error) => {
            emit(&pretty(&error_json(&error)));
            Err(error.to_string())
        }
    }
}

fn read(file: &str) -> Result<String, String> {
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

/// Prints to standard output; a closed pipe (`| head`) is not an error worth a panic.
fn emit(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
}

fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

fn error_json(error: &RecordError) -> Value {
    let message = error.to_string();
    match error {
        RecordError::IllegalAction {
            hand,
            index,
            action,
            reason,
        } => json!({
            "error": "illegal-action", "hand": hand, "index": index, "action": action, "reason": reason,
            "message": message,
        }),
        RecordError::Version { found, supported } => {
            json!({ "error": "version", "found": found, "supported": supported, "message": message })
        }
        RecordError::Setup { hand, .. } => {
            json!({ "error": "setup", "hand": hand, "message": message })
        }
        RecordError::Match { hand, .. } => {
            json!({ "error": "match", "hand": hand, "message": message })
        }
    }
}
