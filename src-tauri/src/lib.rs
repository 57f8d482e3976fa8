//! Briscola desktop app: the Tauri 2 shell around the `briscola` engine.
//!
//! * [`app_builder`] wires commands and state into any Tauri builder (the real one in
//!   [`run`], `tauri::test::mock_builder()` in tests).
//! * [`store`] is the Tauri-free persistence layer (the `briscola-store` crate, holding the app's
//!   [`preferences`]); [`commands`] are thin adapters over it.
//! * [`session`] is the Tauri-free game session (a match against the AI); [`game_commands`] are thin
//!   adapters over it that also save the match after every move.
//! * [`review`] runs match reviews without Tauri (progress, cancel); [`review_commands`] adapt it.
//! * [`friends`] hosts a table on the local network and keeps this player's connection to a table,
//!   without Tauri; [`friends_commands`] adapt it (the table's messages reach the webview through
//!   a channel it passes).
//! * TypeScript bindings for every command and DTO are generated into
//!   `ui/src/lib/bindings/` by the `bindings` tests.
//!
//! Deliberately absent: any Tauri plugin (no fs, shell, http, opener).

pub mod commands;
pub mod error;
pub mod friends;
pub mod friends_commands;
pub mod game_commands;
pub mod history;
pub mod input;
pub mod messages;
mod paths;
pub mod preferences;
pub mod review;
pub mod review_commands;
pub mod session;
pub mod state;
pub mod store {
    //! The store the app uses: `briscola-store` holding the app's [`Preferences`].

    pub use briscola_store::{
        FolderProblem, HistoryEntry, StoreError, StoreWarning, UNFINISHED_MATCH, WarningKind, disk,
        document, stamp,
    };

    use crate::preferences::Preferences;

    /// The data folder and what was loaded from it.
    pub type Store = briscola_store::Store<Preferences>;
}

#[cfg(test)]
mod bindings;
#[cfg(test)]
mod fuzz_tests;
#[cfg(test)]
mod ipc_harness;
#[cfg(test)]
mod test_db;

/// The command list shared with `build.rs`.
pub mod command_names {
    include!("command_names.rs");
}

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
            game_commands::list_presets,
            game_commands::edit_ruleset,
            game_commands::current_game,
            game_commands::start_match,
            game_commands::play_action,
            game_commands::ai_move,
            game_commands::get_hint,
            game_commands::undo_move,
            game_commands::next_hand,
            game_commands::resign_match,
            game_commands::get_replay,
            review_commands::start_review,
            review_commands::review_progress,
            review_commands::cancel_review,
            review_commands::get_review,
            review_commands::review_stats,
            friends_commands::friends_host,
            friends_commands::friends_join,
            friends_commands::friends_tables,
            friends_commands::friends_hint,
            friends_commands::friends_send,
            friends_commands::friends_leave,
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
            if app.try_state::<friends_commands::FriendsState>().is_none() {
                app.manage(friends_commands::FriendsState::default());
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
