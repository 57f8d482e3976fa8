//! Where the data folder is: the store crate's one rule (`BRISCOLA_DATA_DIR` unless empty, else
//! the platform's user data folder), with Tauri's app data folder as the platform folder on
//! mobile, where `directories` has no answer.

use std::path::PathBuf;

use tauri::{AppHandle, Runtime};

/// The data folder for this app instance, or why there is none.
#[cfg(desktop)]
pub fn resolve_data_dir<R: Runtime>(_app: &AppHandle<R>) -> Result<PathBuf, String> {
    briscola_store::data_dir::resolve()
}

/// The data folder for this app instance, or why there is none.
#[cfg(mobile)]
pub fn resolve_data_dir<R: Runtime>(app: &AppHandle<R>) -> Result<PathBuf, String> {
    use briscola_store::data_dir::{DATA_DIR_ENV, resolve_with};
    use tauri::Manager;
    resolve_with(std::env::var_os(DATA_DIR_ENV), || {
        app.path().app_data_dir().map_err(|error| error.to_string())
    })
}
