//! Briscola desktop app: the Tauri 2 shell around the `briscola` engine.
//!
//! * [`app_builder`] wires commands and state into any Tauri builder (the real one in
//!   [`run`], `tauri::test::mock_builder()` in tests).
//! * [`store`] is the Tauri-free persistence layer (the `briscola-store` crate, holding the app's
//!   [`preferences`]); [`commands`] are thin adapters over it.
//! * [`session`] is the Tauri-free game session (a match against the AI); [`commands::game`] are
//!   thin adapters over it that also save the match after every move.
//! * [`review`] runs match reviews without Tauri (progress, cancel); [`commands::review`] adapt it.
//! * [`friends`] hosts a table on the local network and keeps this player's connection to a table,
//!   without Tauri; [`commands::friends`] adapt it (the table's messages reach the webview through
//!   a channel it passes).
//! * TypeScript bindings for every command and DTO are generated into
//!   `ui/src/lib/bindings/` by the `bindings` tests.
//!
//! Deliberately absent: any Tauri plugin (no fs, shell, http, opener).

pub mod commands;
pub mod error;
pub mod friends;
pub mod history;
pub mod input;
pub mod messages;
mod paths;
pub mod preferences;
pub mod review;
pub mod session;
pub mod state;
pub mod store;

#[cfg(test)]
mod bindings;
#[cfg(test)]
mod fuzz_tests;
#[cfg(test)]
mod ipc_harness;
#[cfg(test)]
mod test_db;

use tauri::{Builder, Manager, Runtime};

use crate::state::AppState;
use crate::store::Store;

/// Registers the commands and, unless a test already provided one, opens the store in the
/// resolved data folder during setup.
pub fn app_builder<R: Runtime>(builder: Builder<R>) -> Builder<R> {
    builder
        .invoke_handler(tauri::generate_handler![
            commands::get_preferences,
            commands::set_preferences,
            commands::store_warnings,
            commands::list_history,
            commands::history_stats,
            commands::get_match_record,
            commands::delete_match,
            commands::game::list_presets,
            commands::game::edit_ruleset,
            commands::game::start_match,
            commands::game::resume_match,
            commands::game::get_replay,
            commands::review::start_review,
            commands::review::review_progress,
            commands::review::cancel_review,
            commands::review::get_review,
            commands::review::review_stats,
            commands::friends::friends_host,
            commands::friends::friends_join,
            commands::friends::friends_tables,
            commands::friends::table_hint,
            commands::friends::table_send,
            commands::friends::table_invite,
            commands::friends::table_leave,
        ])
        .setup(|app| {
            // Never fails: an unusable (or unknown) data folder means playing without saving,
            // which the UI shows, rather than a crash before the window opens.
            if app.try_state::<AppState>().is_none() {
                let store = match paths::resolve_data_dir(app.handle()) {
                    Ok(dir) => Store::open(dir),
                    Err(error) => Store::without_folder(error),
                };
                app.manage(AppState::with(store));
            }
            if app.try_state::<review::ReviewJobs>().is_none() {
                app.manage(review::ReviewJobs::default());
            }
            if app.try_state::<commands::friends::FriendsState>().is_none() {
                app.manage(commands::friends::FriendsState::default());
            }
            Ok(())
        })
}

/// Starts the app; exits with status 1 and a message if it cannot.
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    if let Err(error) = app_builder(tauri::Builder::default()).run(tauri::generate_context!()) {
        eprintln!("Briscola could not start: {error}");
        std::process::exit(1);
    }
}
