//! Where the data folder is, decided in one place: `BRISCOLA_DATA_DIR` if set (tests,
//! portable setups, and the CLI pointed at the same folder), else the platform's user data
//! folder: `directories::ProjectDirs::from("app", "briscola", "Briscola")` on desktop
//! (`~/.local/share/briscola` on Linux) and Tauri's app data folder on mobile, where
//! `directories` has no answer.

use std::path::PathBuf;

use tauri::{AppHandle, Runtime};

use crate::error::{AppError, ErrorKind};

/// Environment variable that overrides the data folder.
pub const DATA_DIR_ENV: &str = "BRISCOLA_DATA_DIR";

/// The data folder for this app instance.
pub fn resolve_data_dir<R: Runtime>(app: &AppHandle<R>) -> Result<PathBuf, AppError> {
    match std::env::var_os(DATA_DIR_ENV) {
        Some(dir) if !dir.is_empty() => Ok(PathBuf::from(dir)),
        _ => platform_data_dir(app),
    }
}

#[cfg(desktop)]
fn platform_data_dir<R: Runtime>(_app: &AppHandle<R>) -> Result<PathBuf, AppError> {
    directories::ProjectDirs::from("app", "briscola", "Briscola")
        .map(|dirs| dirs.data_dir().to_path_buf())
        .ok_or_else(|| {
            AppError::new(
                ErrorKind::Storage,
                format!("no home folder found; set {DATA_DIR_ENV}"),
            )
        })
}

#[cfg(mobile)]
fn platform_data_dir<R: Runtime>(app: &AppHandle<R>) -> Result<PathBuf, AppError> {
    use tauri::Manager;
    app.path()
        .app_data_dir()
        .map_err(|error| AppError::new(ErrorKind::Storage, error.to_string()))
}
