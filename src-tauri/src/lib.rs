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
//! * [`invitations`] holds `briscola://` links opened from outside (the deep-link plugin; on desktop
//!   the single-instance plugin sends a link opened while the app runs to the running app).
//!
//! Deliberately absent: any other Tauri plugin (no fs, shell, http, opener).

pub mod commands;
pub mod error;
pub mod history;
pub mod input;
pub mod invitations;
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
            commands::table::watch_invitations,
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
            app.manage(invitations::Invitations::default());
            hear_invitations(app.handle());
            Ok(())
        })
}

/// Hands the invitation links the app was opened with, and every one opened later, to
/// [`invitations::Invitations`] (where the deep-link plugin runs: not in the IPC tests' mock app).
fn hear_invitations<R: Runtime>(app: &tauri::AppHandle<R>) {
    use tauri_plugin_deep_link::{DeepLink, DeepLinkExt};
    if app.try_state::<DeepLink<R>>().is_none() {
        return;
    }
    let links = app.deep_link();
    if let Ok(Some(urls)) = links.get_current() {
        app.state::<invitations::Invitations>()
            .opened(urls.iter().map(|url| url.as_str()));
    }
    let handle = app.clone();
    links.on_open_url(move |event| {
        handle
            .state::<invitations::Invitations>()
            .opened(event.urls().iter().map(|url| url.as_str()));
    });
}

/// Starts the app; exits with status 1 and a message if it cannot.
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    let builder = tauri::Builder::default();
    // A second start (an invitation clicked while the app runs) brings this window forward; the
    // plugin's deep-link feature hands its link to the deep-link plugin.
    #[cfg(desktop)]
    let builder = if single_instance_possible() {
        builder.plugin(tauri_plugin_single_instance::init(|app, _args, _cwd| {
            if let Some(window) = app.get_webview_window("main") {
                let _ = window.unminimize();
                let _ = window.set_focus();
            }
        }))
    } else {
        builder
    };
    let builder = builder.plugin(tauri_plugin_deep_link::init());
    if let Err(error) = app_builder(builder).run(tauri::generate_context!()) {
        eprintln!("Briscola could not start: {error}");
        std::process::exit(1);
    }
}

/// Whether the single-instance plugin can run: on Linux it needs the session's D-Bus (and stops the
/// app at start without one), so without a session bus each start is its own app, as before.
#[cfg(desktop)]
fn single_instance_possible() -> bool {
    if !cfg!(target_os = "linux") {
        return true;
    }
    let named = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some_and(|a| !a.is_empty());
    let runtime_bus = std::env::var_os("XDG_RUNTIME_DIR")
        .map(|dir| std::path::Path::new(&dir).join("bus"))
        .is_some_and(|bus| bus.exists());
    named || runtime_bus
}
