//! `briscola history`: the desktop app's match history, read from the same data folder the app uses
//! (`--data-dir`, else the store's one rule: `$BRISCOLA_DATA_DIR` unless empty, else the platform
//! folder, e.g. `~/.local/share/briscola`). Lists the finished matches (newest first, a page at a
//! time), replays one (`--replay ID`) into the same JSON summary as `briscola replay`, reviews one
//! (`--review ID`, as `briscola review`: seat 0, the app's player, unless `--seat` says otherwise),
//! or writes the whole history as JSON Lines (`--export`, the text format of earlier versions:
//! `{"v":2,"summary":…,"record":…}` per line, oldest first).
//!
//! It opens the store crate's [`Store`] as the app does — the same database, locks, checks and
//! upgrade of an old data folder — without its preferences ([`NoPreferences`]). What the store
//! worked around (unreadable rows, a torn line in an upgraded log, not saving) is printed on
//! standard error; a database that cannot be opened at all is an error (exit 1).

use std::io::Write;
use std::path::PathBuf;

use briscola::MatchRecord;
use briscola_store::{HistoryQuery, NoPreferences, Store};
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
    #[arg(long, conflicts_with_all = ["review", "export"])]
    replay: Option<String>,
    /// Review the match with this id (a table, or JSON with `--json`) instead of listing.
    #[arg(long, conflicts_with = "export")]
    review: Option<String>,
    /// Write every match as JSON Lines (oldest first) instead of listing.
    #[arg(long)]
    export: bool,
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

/// Lists, replays, reviews or exports.
pub fn run(args: &HistoryArgs) -> Result<(), String> {
    let dir = data_dir(args)?;
    if !dir.is_dir() {
        return Err(format!("no data folder at {}", dir.display()));
    }
    let mut store = Store::<NoPreferences>::open(&dir);
    let result = if store.is_open() {
        act(args, &mut store, &dir)
    } else {
        Err(format!("cannot read the history in {}", dir.display()))
    };
    for warning in store.warnings() {
        eprintln!("briscola: {warning}");
    }
    result
}

fn act(
    args: &HistoryArgs,
    store: &mut Store<NoPreferences>,
    dir: &std::path::Path,
) -> Result<(), String> {
    let mut record = |id: &str| {
        store
            .history_entry::<MatchRecord>(id)
            .map_err(|e| format!("match {id} has no readable record: {e}"))?
            .map(|entry| entry.record)
            .ok_or_else(|| format!("no match with id {id} in {}", dir.display()))
    };
    if let Some(id) = &args.review {
        return super::review::print(&record(id)?, &args.options);
    }
    if let Some(id) = &args.replay {
        let summary = record(id)?.summary().map_err(|e| e.to_string())?;
        let out = json!({ "kind": "match", "summary": summary });
        outln!(
            "{}",
            serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    let mut out = crate::out::Out::new();
    if args.export {
        store
            .export(&mut out)
            .map_err(|e| format!("cannot export the history: {e}"))?;
        return out.flush().map_err(|e| e.to_string());
    }
    // `{"matches": [...]}`, one summary per line, a page at a time.
    let write =
        |out: &mut dyn Write, text: &str| out.write_all(text.as_bytes()).map_err(|e| e.to_string());
    write(&mut out, "{\"matches\": [")?;
    let mut query = HistoryQuery {
        limit: HistoryQuery::MAX_LIMIT,
        ..HistoryQuery::default()
    };
    let mut first = true;
    loop {
        let page = store
            .history_page(&query)
            .map_err(|e| format!("cannot read the history in {}: {e}", dir.display()))?;
        if page.items.is_empty() {
            break;
        }
        for summary in &page.items {
            let text = serde_json::to_string(summary).map_err(|e| e.to_string())?;
            write(&mut out, if first { "\n  " } else { ",\n  " })?;
            write(&mut out, &text)?;
            first = false;
        }
        query.offset = query.offset.saturating_add(page.items.len() as u32);
    }
    write(&mut out, "\n]}\n")?;
    out.flush().map_err(|e| e.to_string())
}
