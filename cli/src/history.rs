//! `briscola history`: the desktop app's match history, read from the same data folder the app uses
//! (`--data-dir`, else the store's one rule: `$BRISCOLA_DATA_DIR` unless empty, else the platform
//! folder, e.g. `~/.local/share/briscola`). Lists the finished matches, replays one (`--replay ID`)
//! into the same JSON summary as `briscola replay`, or reviews one (`--review ID`, as `briscola
//! review`: seat 0, the app's player, unless `--seat` says otherwise).
//!
//! The listing is the store crate's own ([`briscola_store::HistoryListing`]): the same file rules
//! (regular files only, never a link, the log's size cap), the same line rules and the same
//! summaries as the app, read without writing and without the lock (the log is append-only). A
//! torn or unreadable line is skipped and counted on standard error, never changed (the app
//! repairs and reports it).

use std::path::PathBuf;

use briscola::MatchRecord;
use briscola_store::HistoryListing;
use briscola_store::disk::RealDisk;
use clap::Args;

use crate::outln;
use serde_json::json;

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

/// The data folder: `--data-dir`, else the store's rule (shared with the app).
fn data_dir(args: &HistoryArgs) -> Result<PathBuf, String> {
    match &args.data_dir {
        Some(dir) => Ok(dir.clone()),
        None => {
            briscola_store::data_dir::resolve().map_err(|e| format!("{e} (or pass --data-dir)"))
        }
    }
}

/// Lists, replays or reviews.
pub fn run(args: &HistoryArgs) -> Result<(), String> {
    let dir = data_dir(args)?;
    let listing = HistoryListing::read(&RealDisk, &dir)
        .map_err(|e| format!("cannot read the history in {}: {e}", dir.display()))?;
    let unreadable = listing.unreadable;
    if let Some(first_at) = unreadable.first_at {
        eprintln!(
            "briscola: {} unreadable line(s) in the history skipped, the first at byte {first_at}",
            unreadable.lines
        );
    }
    if listing.torn_bytes > 0 {
        eprintln!(
            "briscola: the history's last line is cut short ({} bytes) and skipped",
            listing.torn_bytes
        );
    }
    let record = |id: &str| {
        listing
            .entry::<MatchRecord>(&RealDisk, id)
            .map_err(|e| format!("match {id} has no readable record: {e}"))?
            .map(|entry| entry.record)
            .ok_or_else(|| format!("no match with id {id} in {}", dir.display()))
    };
    if let Some(id) = &args.review {
        return super::review::print(&record(id)?, &args.options);
    }
    let out = match &args.replay {
        None => {
            let summaries: Vec<_> = listing.matches.iter().map(|m| &m.summary).collect();
            json!({ "matches": summaries })
        }
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
