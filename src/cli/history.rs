//! `briscola history`: the desktop app's match history, read from the same data folder the app uses
//! (`--data-dir`, else `$BRISCOLA_DATA_DIR`, else the platform folder, e.g. `~/.local/share/briscola`).
//! Lists the finished matches, or replays one (`--replay ID`) into the same JSON summary as
//! `briscola replay`. Read-only: the log is append-only, so reading needs no lock; a torn or unreadable
//! line is skipped and counted, never changed (the app repairs and reports it).

use std::path::PathBuf;

use briscola::MatchRecord;
use clap::Args;
use serde_json::{Value, json};

/// Options of `briscola history`.
#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// The app's data folder (default: `$BRISCOLA_DATA_DIR`, else the platform's data folder).
    #[arg(long)]
    data_dir: Option<PathBuf>,
    /// Replay the match with this id instead of listing.
    #[arg(long)]
    replay: Option<String>,
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
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let mut skipped = 0;
    let entries: Vec<Value> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .filter_map(|line| {
            let entry = serde_json::from_str::<Value>(line)
                .ok()
                .filter(|v| v["summary"]["id"].is_string());
            skipped += usize::from(entry.is_none());
            entry
        })
        .collect();
    if skipped > 0 {
        eprintln!(
            "briscola: {skipped} unreadable line(s) in {} skipped",
            path.display()
        );
    }
    let out = match &args.replay {
        None => json!({ "matches": entries.iter().map(|e| &e["summary"]).collect::<Vec<_>>() }),
        Some(id) => {
            let entry = entries
                .iter()
                .find(|e| e["summary"]["id"] == id.as_str())
                .ok_or_else(|| format!("no match with id {id} in {}", path.display()))?;
            let record: MatchRecord = serde_json::from_value(entry["record"].clone())
                .map_err(|e| format!("match {id} has no readable record: {e}"))?;
            let summary = record.summary().map_err(|e| e.to_string())?;
            json!({ "kind": "match", "summary": summary })
        }
    };
    println!(
        "{}",
        serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?
    );
    Ok(())
}
