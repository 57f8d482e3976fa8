//! The IPC commands: thin adapters that check their input, lock the state, call the store
//! and return plain data. Every failure is an [`AppError`]; bad input changes nothing.
//!
//! Names and permissions are listed once in [`names`]; the TypeScript client in
//! `ui/src/lib/bindings/commands.ts` is generated from [`crate::bindings`] (tests).
//! These are the preferences and history commands; starting or resuming a match against the
//! computer is in [`game`], the review commands in [`review`], the commands of the table you sit
//! at (host, join, send, hint, invite, leave) in [`table`]. Deliberately absent: history
//! export/import (no file paths from the webview: a page could name any file). Every
//! command that touches the store runs on a blocking thread, never on the main thread.

pub mod game;
/// The command list shared with `build.rs`, which includes the file.
pub mod names;
pub mod review;
pub mod table;

use tauri::State;

use crate::error::{AppError, CommandError};
use crate::history::{HistoryPage, HistoryQuery, HistoryStats};
use crate::input::Input;
use crate::preferences::Preferences;
use crate::seat::SeatError;
use crate::state::{AppState, MatchRecord};
use crate::store::{HistoryEntry, StoreWarning};

/// The current preferences.
#[tauri::command]
pub async fn get_preferences(state: State<'_, AppState>) -> Result<Preferences, AppError> {
    state
        .with_store_blocking(|store| Ok(store.preferences().clone()))
        .await
}

/// Checks, saves and returns new preferences.
#[tauri::command]
pub async fn set_preferences(
    state: State<'_, AppState>,
    preferences: Input<Preferences>,
) -> Result<Preferences, AppError> {
    let preferences = preferences.get("preferences")?;
    if !preferences.relay.is_empty() && preferences.relay_address().is_none() {
        return Err(SeatError::BadRelay.into());
    }
    preferences.validate().map_err(AppError::invalid_input)?;
    state
        .with_store_blocking(|store| {
            store.set_preferences(preferences.clone())?;
            Ok(preferences)
        })
        .await
}

/// Problems found in stored files since the app started, for the UI to show.
#[tauri::command]
pub async fn store_warnings(state: State<'_, AppState>) -> Result<Vec<StoreWarning>, AppError> {
    state
        .with_store_blocking(|store| Ok(store.warnings().to_vec()))
        .await
}

/// One page of finished matches, newest first, filtered (a query of the store's database).
#[tauri::command]
pub async fn list_history(
    state: State<'_, AppState>,
    query: Input<HistoryQuery>,
) -> Result<HistoryPage, AppError> {
    let query = query.get("query")?;
    query.validate().map_err(AppError::invalid_input)?;
    state
        .with_store_blocking(move |store| Ok(store.history_page(&query)?))
        .await
}

/// The Statistics screen's figures for matches with people (`true`) or against the AI alone
/// (`false`): SQL aggregates in the store's database, never the whole history in memory.
#[tauri::command]
pub async fn history_stats(
    state: State<'_, AppState>,
    with_people: Input<bool>,
) -> Result<HistoryStats, AppError> {
    let with_people = with_people.get("with_people")?;
    state
        .with_store_blocking(move |store| Ok(store.history_stats(with_people)?))
        .await
}

/// The summary and full record of one finished match, for replay.
#[tauri::command]
pub async fn get_match_record(
    state: State<'_, AppState>,
    id: Input<String>,
) -> Result<HistoryEntry<MatchRecord>, AppError> {
    let id = id.get("id")?;
    if id.trim().is_empty() {
        return Err(AppError::invalid_input("argument `id` is empty"));
    }
    state
        .with_store_blocking(move |store| {
            store.history_entry(&id)?.ok_or_else(|| {
                CommandError::MatchNotFound {
                    match_id: id.clone(),
                }
                .into()
            })
        })
        .await
}

/// Deletes finished match `id` from the history, with its record and review; false when it was
/// not there. The player's choice, from the History screen.
#[tauri::command]
pub async fn delete_match(state: State<'_, AppState>, id: Input<String>) -> Result<bool, AppError> {
    let id = id.get("id")?;
    if id.trim().is_empty() {
        return Err(AppError::invalid_input("argument `id` is empty"));
    }
    state
        .with_store_blocking(move |store| Ok(store.delete_match(&id)?))
        .await
}

#[cfg(test)]
mod tests;
