//! The state shared by all commands: the [`Store`] and the game [`Session`], each behind a mutex.
//! Commands that need both lock the game first, then the store. Commands reach them through the
//! `*_blocking` methods, on a blocking thread: Tauri runs synchronous commands on the main thread,
//! which must never wait for a lock or a disk.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use crate::error::{AppError, ErrorKind};
use crate::session::{SavedMatch, Session};
use crate::store::Store;

/// The replayable record of a finished match: the engine's match record.
pub type MatchRecord = briscola::MatchRecord;

/// Managed Tauri state.
#[derive(Debug, Clone)]
pub struct AppState {
    store: Arc<Mutex<Store>>,
    game: Arc<Mutex<Option<Session>>>,
}

impl AppState {
    /// Opens the store in `dir` and resumes the unfinished match saved there, if any. A saved match
    /// that no longer replays is moved aside with a warning, never overwritten. Never fails: an
    /// unusable folder leaves the store running without saving (see [`Store::open`]).
    pub fn open(dir: impl Into<PathBuf>) -> Self {
        Self::with(Store::open(dir))
    }

    /// The state around an opened store, resuming its unfinished match.
    pub fn with(mut store: Store) -> Self {
        let session =
            store
                .load_unfinished::<SavedMatch>()
                .and_then(|saved| match Session::restore(saved) {
                    Ok(session) => Some(session),
                    Err(error) => {
                        store.set_aside_unfinished(&error.to_string());
                        None
                    }
                });
        Self {
            store: Arc::new(Mutex::new(store)),
            game: Arc::new(Mutex::new(session)),
        }
    }

    /// Runs `action` with the store locked, on the calling thread (tests, start-up and code
    /// already on a blocking thread).
    pub fn with_store<T>(
        &self,
        action: impl FnOnce(&mut Store) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        // The store's memory only caches what is on disk, so a panic elsewhere cannot leave
        // it in a state worth refusing.
        let mut store = self.store.lock().unwrap_or_else(PoisonError::into_inner);
        action(&mut store)
    }

    /// Runs `action` with the game and the store locked (game first).
    pub fn with_game<T>(
        &self,
        action: impl FnOnce(&mut Option<Session>, &mut Store) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        // A session is replaced only after a change was saved (see `commands::game`), so a panic
        // cannot leave a half-changed one behind.
        let mut game = self.game.lock().unwrap_or_else(PoisonError::into_inner);
        self.with_store(|store| action(&mut game, store))
    }

    /// Runs `action` with the store locked on a blocking thread.
    pub async fn with_store_blocking<T: Send + 'static>(
        &self,
        action: impl FnOnce(&mut Store) -> Result<T, AppError> + Send + 'static,
    ) -> Result<T, AppError> {
        let state = self.clone();
        tauri::async_runtime::spawn_blocking(move || state.with_store(action))
            .await
            .map_err(|error| AppError::new(ErrorKind::Internal, error.to_string()))?
    }

    /// Runs `action` with the game and the store locked (game first) on a blocking thread.
    pub async fn with_game_blocking<T: Send + 'static>(
        &self,
        action: impl FnOnce(&mut Option<Session>, &mut Store) -> Result<T, AppError> + Send + 'static,
    ) -> Result<T, AppError> {
        let state = self.clone();
        tauri::async_runtime::spawn_blocking(move || state.with_game(action))
            .await
            .map_err(|error| AppError::new(ErrorKind::Internal, error.to_string()))?
    }
}
