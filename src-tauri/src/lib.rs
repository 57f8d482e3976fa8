//! Briscola desktop app: the Tauri 2 shell around the `briscola` engine.
//!
//! * [`app_builder`] wires commands and state into any Tauri builder (the real one in
//!   [`run`], `tauri::test::mock_builder()` in tests).
//! * [`store`] is the Tauri-free persistence layer (the `briscola-store` crate, holding the app's
//!   [`preferences`]); [`commands`] are thin adapters over it.
//! * [`session`] is what a match against the computer needs beyond its table, without Tauri: the
//!   New game choice, the saved unfinished match, the finished match's history entry, replays.
//! * [`review`] runs match reviews without Tauri (progress, cancel); [`commands::review`] adapt it.
//! * [`seat`] is this player's seat at one table — against the computer, hosted for friends or
//!   joined — without Tauri; [`commands::game`] and [`commands::table`] adapt it (the table's
//!   messages reach the webview through a channel it passes).
//! * TypeScript bindings for every command and DTO are generated into
//!   `ui/src/lib/bindings/` by the `bindings` tests.
//!
//! Deliberately absent: any Tauri plugin (no fs, shell, http, opener).

pub mod commands;
pub mod error;
pub mod history;
pub mod input;
pub mod messages;
mod paths;
pub mod preferences;
pub mod review;
pub mod seat;
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
            commands::table::friends_host,
            commands::table::friends_join,
            commands::table::friends_tables,
            commands::table::table_hint,
            commands::table::table_send,
            commands::table::table_invite,
            commands::table::table_leave,
            commands::table::kept_table,
            commands::table::forget_table,
            commands::table::table_return,
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
            if app.try_state::<commands::table::SeatingState>().is_none() {
                app.manage(commands::table::SeatingState::default());
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
