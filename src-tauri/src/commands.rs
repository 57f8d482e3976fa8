//! The IPC commands: thin adapters that check their input, lock the state, call the store
//! and return plain data. Every failure is an [`AppError`]; bad input changes nothing.
//!
//! Names and permissions are listed once in `command_names.rs`; the TypeScript client in
//! `ui/src/lib/bindings/commands.ts` is generated from [`crate::bindings`] (tests).
//! These are the preferences and history commands; the game commands (over the Tauri-free
//! [`crate::session::Session`]) are in [`crate::game_commands`].

use std::path::{Path, PathBuf};

use tauri::State;

use crate::error::{AppError, CommandError, ErrorKind};
use crate::history::{HistoryPage, HistoryQuery};
use crate::input::Input;
use crate::preferences::Preferences;
use crate::state::{AppState, MatchRecord};
use crate::store::{HistoryEntry, ImportReport, StoreWarning};

/// The current preferences.
#[tauri::command]
pub fn get_preferences(state: State<'_, AppState>) -> Result<Preferences, AppError> {
    state.with_store(|store| Ok(store.preferences().clone()))
}

/// Checks, saves and returns new preferences.
#[tauri::command]
pub fn set_preferences(
    state: State<'_, AppState>,
    preferences: Input<Preferences>,
) -> Result<Preferences, AppError> {
    let preferences = preferences.get("preferences")?;
    preferences.validate().map_err(AppError::invalid_input)?;
    state.with_store(|store| {
        store.set_preferences(preferences.clone())?;
        Ok(preferences)
    })
}

/// Problems found in stored files since the app started, for the UI to show.
#[tauri::command]
pub fn store_warnings(state: State<'_, AppState>) -> Result<Vec<StoreWarning>, AppError> {
    state.with_store(|store| Ok(store.warnings().to_vec()))
}

/// One page of finished matches, newest first, filtered.
#[tauri::command]
pub async fn list_history(
    state: State<'_, AppState>,
    query: Input<HistoryQuery>,
) -> Result<HistoryPage, AppError> {
    let query = query.get("query")?;
    query.validate().map_err(AppError::invalid_input)?;
    state
        .with_store_blocking(move |store| Ok(query.apply(store.summaries()?)))
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

/// Writes the whole history to the file `path` (replacing it); returns how many matches.
#[tauri::command]
pub async fn export_history(
    state: State<'_, AppState>,
    path: Input<String>,
) -> Result<u32, AppError> {
    let path = user_path(path)?;
    if path.is_dir() {
        return Err(AppError::invalid_input("the export target is a folder"));
    }
    if !path.parent().is_some_and(Path::is_dir) {
        return Err(AppError::invalid_input(
            "the export target's folder does not exist",
        ));
    }
    state
        .with_store_blocking(move |store| {
            if is_inside(&path, store.dir()) {
                return Err(AppError::invalid_input(
                    "the export target must be outside the app's data folder",
                ));
            }
            Ok(store.export_history(&path)?)
        })
        .await
}

/// Adds the matches of an exported history file; reports duplicates and refused lines.
#[tauri::command]
pub async fn import_history(
    state: State<'_, AppState>,
    path: Input<String>,
) -> Result<ImportReport, AppError> {
    let path = user_path(path)?;
    if !path.is_file() {
        return Err(AppError::new(
            ErrorKind::NotFound,
            format!("no file at {}", path.display()),
        ));
    }
    state
        .with_store_blocking(move |store| Ok(store.import_history::<MatchRecord>(&path)?))
        .await
}

/// An absolute path given by the user.
fn user_path(path: Input<String>) -> Result<PathBuf, AppError> {
    let path = path.get("path")?;
    if path.is_empty() || path.contains('\0') {
        return Err(AppError::invalid_input(
            "argument `path` is empty or invalid",
        ));
    }
    let path = PathBuf::from(path);
    if !path.is_absolute() {
        return Err(AppError::invalid_input("argument `path` must be absolute"));
    }
    Ok(path)
}

/// Whether `path` is `dir` or inside it, comparing canonical forms where they exist.
fn is_inside(path: &Path, dir: &Path) -> bool {
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let parent = path
        .parent()
        .map(|p| p.canonicalize().unwrap_or_else(|_| p.to_path_buf()));
    parent.is_some_and(|parent| parent.starts_with(&dir)) || path.starts_with(&dir)
}

#[cfg(test)]
mod tests;
