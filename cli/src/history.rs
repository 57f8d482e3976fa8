//! `briscola history`: the desktop app's match history, read from the same data folder the app uses
//! (`--data-dir`, else `$BRISCOLA_DATA_DIR`, else the platform folder, e.g. `~/.local/share/briscola`).
//! Lists the finished matches, replays one (`--replay ID`) into the same JSON summary as
//! `briscola replay`, or reviews one (`--review ID`, as `briscola review`: seat 0, the app's player,
//! unless `--seat` says otherwise). Read-only: the log is append-only, so reading needs no lock; a torn or unreadable
//! line is skipped and counted, never changed (the app repairs and reports it).
//!
//! Lines are read as bytes and accepted by the app's own rules, shared through
//! `src-tauri/src/store/line_format.rs`: a line that is not UTF-8, longer than the cap, not JSON,
//! of an unsupported format version or without a summary id is skipped and counted; a complete
//! last line lacking only its newline is an entry, as in the app.

use std::path::PathBuf;

use briscola::MatchRecord;
use clap::Args;

use crate::outln;
use serde_json::{Value, json};

include!("../../src-tauri/src/store/line_format.rs");

/// Options of `briscola history`.
#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// The app's data folder (default: `$BRISCOLA_DATA_DIR`, else the platform's data folder).
    #[arg(long)]
    data_dir: Option<PathBuf>,
    /// Replay the match with this id instead of listing.
    #[arg(long, conflicts_with = "review")]
    replay: Option<String>,
    /// Review the match with this id (a table, or JSON with `--json`) instead of listing.
    #[arg(long)]
    review: Option<String>,
    #[command(flatten)]
    options: super::review::ReviewOptions,
}

/// The data folder, resolved as the app resolves it on desktop (`src-tauri/src/paths.rs`).
fn data_dir(args: &HistoryArgs) -> Result<PathBuf, String> {
    if let Some(dir) = &args.data_dir {
        return Ok(dir.clone());
    }
    if let Some(dir) = std::env::var_os("BRISCOLA_DATA_DIR") {
        return Ok(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("app", "briscola", "Briscola")
        .map(|dirs| dirs.data_dir().to_path_buf())
        .ok_or_else(|| "no home folder to find the app's data in: pass --data-dir".to_string())
}

/// Lists or replays.
pub fn run(args: &HistoryArgs) -> Result<(), String> {
    let path = data_dir(args)?.join("history").join("records.jsonl");
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let (entries, skipped) = read_entries(&bytes);
    if skipped > 0 {
        eprintln!(
            "briscola: {skipped} unreadable line(s) in {} skipped",
            path.display()
        );
    }
    let record = |id: &str| {
        let entry = entries
            .iter()
            .find(|e| e["summary"]["id"] == id)
            .ok_or_else(|| format!("no match with id {id} in {}", path.display()))?;
        serde_json::from_value::<MatchRecord>(entry["record"].clone())
            .map_err(|e| format!("match {id} has no readable record: {e}"))
    };
    if let Some(id) = &args.review {
        return super::review::print(&record(id)?, &args.options);
    }
    let out = match &args.replay {
        None => json!({ "matches": entries.iter().map(|e| &e["summary"]).collect::<Vec<_>>() }),
        Some(id) => {
            let summary = record(id)?.summary().map_err(|e| e.to_string())?;
            json!({ "kind": "match", "summary": summary })
        }
    };
    outln!(
        "{}",
        serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?
    );
    Ok(())
}

/// The readable entries of a history log, in order, and how many lines were skipped.
fn read_entries(log: &[u8]) -> (Vec<Value>, usize) {
    let mut skipped = 0;
    let entries = log
        .split(|&b| b == b'\n')
        .filter(|line| !line.iter().all(u8::is_ascii_whitespace))
        .filter_map(|line| {
            let entry = readable(line);
            skipped += usize::from(entry.is_none());
            entry
        })
        .collect();
    (entries, skipped)
}

/// A line (without its newline) as an entry, if the app would list it.
fn readable(line: &[u8]) -> Option<Value> {
    if line.len() as u64 >= MAX_LINE_BYTES {
        return None;
    }
    let text = std::str::from_utf8(line).ok()?;
    let entry = serde_json::from_str::<Value>(text).ok()?;
    let supported = entry["v"].as_u64().is_some_and(supported_history_version);
    (supported && entry["summary"]["id"].is_string()).then_some(entry)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(id: &str, v: u32) -> String {
        json!({ "v": v, "summary": { "id": id }, "record": {} }).to_string()
    }

    #[test]
    fn skips_and_counts_what_the_app_skips() {
        let mut log = Vec::new();
        log.extend(format!("{}\n", line("a", 1)).bytes());
        log.extend(b"\xff\xfe not utf-8\n");
        log.extend(format!("{}\n", line("future", HISTORY_VERSION + 1)).bytes());
        log.extend(format!("{}\n", line("zero", 0)).bytes());
        log.extend(b"{\"v\":1,\"summary\":{}}\n");
        log.extend(format!("{}\n", line("b", 1)).bytes());
        let (entries, skipped) = read_entries(&log);
        let ids: Vec<&str> = entries
            .iter()
            .filter_map(|e| e["summary"]["id"].as_str())
            .collect();
        assert_eq!(ids, ["a", "b"]);
        assert_eq!(skipped, 4);
    }

    #[test]
    fn a_complete_last_line_without_newline_counts_and_a_torn_one_does_not() {
        let complete = format!("{}\n{}", line("a", 1), line("b", 1));
        assert_eq!(
            read_entries(complete.as_bytes()),
            (
                vec![
                    serde_json::from_str(&line("a", 1)).expect("JSON"),
                    serde_json::from_str(&line("b", 1)).expect("JSON")
                ],
                0
            )
        );
        let torn = format!("{}\n{{\"v\":1,\"summ", line("a", 1));
        assert_eq!(read_entries(torn.as_bytes()).1, 1);
    }

    #[test]
    fn over_long_lines_are_skipped_unparsed() {
        let long = format!(
            "{{\"v\":1,\"summary\":{{\"id\":\"x\"}},\"pad\":\"{}\"}}",
            " ".repeat(usize::try_from(MAX_LINE_BYTES).expect("fits"))
        );
        assert_eq!(read_entries(long.as_bytes()).1, 1);
    }
}
