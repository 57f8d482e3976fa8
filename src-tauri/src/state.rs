//! The state shared by all commands: the [`Store`] behind a mutex. Phase 2 adds the game
//! `Session` here.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use crate::error::{AppError, ErrorKind};
use crate::store::Store;

/// The replayable record of a finished match, opaque until phase 2 makes it the engine's
/// match record type.
pub type MatchRecord = serde_json::Value;

/// Managed Tauri state.
#[derive(Debug, Clone)]
pub struct AppState {
    store: Arc<Mutex<Store>>,
}

impl AppState {
    /// Opens the store in `dir`.
    pub fn open(dir: impl Into<PathBuf>) -> Result<Self, AppError> {
        Ok(Self {
            store: Arc::new(Mutex::new(Store::open(dir)?)),
        })
    }

    /// Runs `action` with the store locked, on the calling thread (for quick operations).
    pub fn with_store<T>(
        &self,
        action: impl FnOnce(&mut Store) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        // The store's memory only caches what is on disk, so a panic elsewhere cannot leave
        // it in a state worth refusing.
        let mut store = self.store.lock().unwrap_or_else(PoisonError::into_inner);
        action(&mut store)
    }

    /// Runs `action` with the store locked on a blocking thread, for file-heavy operations
    /// that must not stall the UI thread.
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
