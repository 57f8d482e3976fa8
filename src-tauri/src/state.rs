//! The state shared by the commands: the [`Store`] behind a mutex (the table this player sits at is
//! the table commands' own state). Commands reach it through [`AppState::with_store_blocking`], on
//! a blocking thread: Tauri runs synchronous commands on the main thread, which must never wait for
//! a lock or a disk.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use crate::error::{AppError, ErrorKind};
use crate::session::SavedMatch;
use crate::store::Store;

/// The replayable record of a finished match: the engine's match record.
pub type MatchRecord = briscola::MatchRecord;

/// Managed Tauri state.
#[derive(Debug, Clone)]
pub struct AppState {
    store: Arc<Mutex<Store>>,
}

impl AppState {
    /// Opens the store in `dir`; a saved unfinished match that no longer resumes is moved aside
    /// with a warning, never overwritten. Never fails: an unusable folder leaves the store running
    /// without saving (see [`Store::open`]).
    pub fn open(dir: impl Into<PathBuf>) -> Self {
        Self::with(Store::open(dir))
    }

    /// The state around an opened store, its unfinished match checked.
    pub fn with(mut store: Store) -> Self {
        if let Some(saved) = store.load_unfinished::<SavedMatch>()
            && let Err(error) = saved.check()
        {
            store.set_aside_unfinished(&error.to_string());
        }
        Self {
            store: Arc::new(Mutex::new(store)),
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
}
