//! Where the data folder is, decided in one place for the app and the command line:
//! `BRISCOLA_DATA_DIR` if set to a non-empty value (tests, portable setups, the CLI pointed at the
//! app's folder), else the platform's user data folder. On desktop that is
//! `directories::ProjectDirs::from("app", "briscola", "Briscola")` (`~/.local/share/briscola` on
//! Linux); on mobile, where `directories` has no answer, the app passes Tauri's app data folder
//! as the fallback.
//!
//! Deliberately absent: creating the folder (the [`crate::Store`] does, without following a link
//! to a file) and any other environment variable.

use std::ffi::OsString;
use std::path::PathBuf;

/// Environment variable that overrides the data folder; an empty value is ignored.
pub const DATA_DIR_ENV: &str = "BRISCOLA_DATA_DIR";

/// The data folder: the override `env` (the value of [`DATA_DIR_ENV`]) unless it is missing or
/// empty, else what `platform` finds.
pub fn resolve_with(
    env: Option<OsString>,
    platform: impl FnOnce() -> Result<PathBuf, String>,
) -> Result<PathBuf, String> {
    match env {
        Some(dir) if !dir.is_empty() => Ok(PathBuf::from(dir)),
        _ => platform(),
    }
}

/// The data folder on this desktop: [`DATA_DIR_ENV`], else the platform's user data folder.
#[cfg(not(any(target_os = "android", target_os = "ios")))]
pub fn resolve() -> Result<PathBuf, String> {
    resolve_with(std::env::var_os(DATA_DIR_ENV), platform_dir)
}

/// The platform's user data folder for Briscola on desktop.
#[cfg(not(any(target_os = "android", target_os = "ios")))]
pub fn platform_dir() -> Result<PathBuf, String> {
    directories::ProjectDirs::from("app", "briscola", "Briscola")
        .map(|dirs| dirs.data_dir().to_path_buf())
        .ok_or_else(|| format!("no home folder found; set {DATA_DIR_ENV}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_override_wins_and_an_empty_one_is_ignored() {
        let platform = || Ok(PathBuf::from("/platform"));
        assert_eq!(
            resolve_with(Some("/custom".into()), platform),
            Ok(PathBuf::from("/custom"))
        );
        assert_eq!(
            resolve_with(Some(OsString::new()), platform),
            Ok(PathBuf::from("/platform"))
        );
        assert_eq!(resolve_with(None, platform), Ok(PathBuf::from("/platform")));
        assert!(resolve_with(None, || Err("none".into())).is_err());
    }
}
