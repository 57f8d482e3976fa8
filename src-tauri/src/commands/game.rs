//! The commands of a match against the computer: the New game form's rules and a match opened as a
//! table held in this process ([`Seating::play_computer`]), whose events reach the webview through
//! the channel it passes, as a friends' table's do — the moves, hints, undo, resign and next hand
//! then go through the table's own commands (`table_send`, `table_hint`). The unfinished match is
//! saved before the webview hears each change, and resumed with `resume_match` after a restart;
//! the finished one goes into the history.

use briscola::ai::HintReason;
use briscola::{Action, Ruleset};
use serde::{Deserialize, Serialize};
use tauri::State;
use tauri::ipc::Channel;
use ts_rs::TS;

use crate::commands::table::{SeatingState, listen};
use crate::error::{AppError, CommandError};
use crate::input::Input;
use crate::seat::{ComputerMatch, SeatEvent, Seating};
use crate::session::{self, NewGame, PresetInfo, Replay, RulesetEdit, RulesetInfo, SavedMatch};
use crate::state::{AppState, MatchRecord};
use crate::store::stamp::now_ms;

/// A suggested move and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Hint {
    /// The move.
    pub action: Action,
    /// Why, as data the UI words.
    pub reason: HintReason,
}

/// The rulesets on offer: per player count the default rules with their options and card values,
/// and the match formats.
#[tauri::command]
pub fn list_presets() -> Vec<PresetInfo> {
    session::presets()
}

/// The New game form's change to its rules: an option, another player count, or none (describe
/// remembered rules). Refused with the engine's reason; the form keeps its rules.
#[tauri::command]
pub fn edit_ruleset(
    ruleset: Input<Ruleset>,
    edit: Input<RulesetEdit>,
) -> Result<RulesetInfo, AppError> {
    Ok(session::edit(ruleset.get("ruleset")?, edit.get("edit")?)?)
}

/// Starts the match the New game form chose — a table with you at seat 0 and the chosen AI levels
/// at the others — with the first dealer and the undo setting of the preferences and the opponents'
/// names the table shows (kept with the match), and remembers the choice there; you sit as
/// `your_name` (what friends you invite see); the table's events come through `events`. Refused while a match of yours is unfinished (resume it, or resign it)
/// or while you sit at a table: a refused start changes nothing.
#[tauri::command]
pub async fn start_match(
    state: State<'_, AppState>,
    friends: State<'_, SeatingState>,
    new_game: Input<NewGame>,
    opponent_names: Input<Vec<String>>,
    your_name: Input<String>,
    events: Channel<SeatEvent>,
) -> Result<(), AppError> {
    let new_game = new_game.get("new_game")?;
    let names = opponent_names.get("opponent_names")?;
    let you = person_name(&your_name.get("your_name")?)?;
    start(
        &state,
        &mut *friends.lock().await,
        new_game,
        names,
        &you,
        events,
    )
    .await
}

/// Your name at a table, as the table would take it (trimmed; refused when blank, too long or
/// holding what a name may not).
pub(crate) fn person_name(name: &str) -> Result<String, AppError> {
    briscola_table::text::name(name)
        .map_err(|code| AppError::bad_argument("your_name", &format!("{code:?}")))
}

/// [`start_match`], Tauri-free but for the channel.
pub(crate) async fn start(
    state: &AppState,
    friends: &mut Seating,
    new_game: NewGame,
    names: Vec<String>,
    your_name: &str,
    events: Channel<SeatEvent>,
) -> Result<(), AppError> {
    if friends.at_table() {
        return Err(CommandError::MatchInProgress.into());
    }
    let game = state
        .with_store_blocking(move |store| {
            if store.load_unfinished::<SavedMatch>().is_some() {
                return Err(CommandError::MatchInProgress.into());
            }
            let seed = fresh_seed();
            let mut preferences = store.preferences().clone();
            let first_dealer = preferences
                .first_dealer
                .seat(new_game.ruleset().players, seed);
            let setup = new_game
                .setup(first_dealer, preferences.allow_undo)?
                .named(names)
                .map_err(|reason| AppError::bad_argument("opponent_names", &reason))?;
            preferences.new_game = new_game;
            preferences.validate().map_err(AppError::invalid_input)?;
            store.set_preferences(preferences)?;
            Ok(ComputerMatch {
                setup,
                seed,
                started_ms: now_ms(),
            })
        })
        .await?;
    let start = game.dealt();
    open(state, friends, game, start, your_name, events)
}

/// Sits at the match of yours that was unfinished when the app closed, where it stopped; `false`
/// when there is none. A save that no longer replays was set aside when the app started. You sit as
/// `your_name`, as at [`start_match`].
#[tauri::command]
pub async fn resume_match(
    state: State<'_, AppState>,
    friends: State<'_, SeatingState>,
    your_name: Input<String>,
    events: Channel<SeatEvent>,
) -> Result<bool, AppError> {
    let you = person_name(&your_name.get("your_name")?)?;
    resume(&state, &mut *friends.lock().await, &you, events).await
}

/// [`resume_match`], Tauri-free but for the channel.
pub(crate) async fn resume(
    state: &AppState,
    friends: &mut Seating,
    your_name: &str,
    events: Channel<SeatEvent>,
) -> Result<bool, AppError> {
    if friends.at_table() {
        return Err(CommandError::MatchInProgress.into());
    }
    let saved = state
        .with_store_blocking(|store| Ok(store.load_unfinished::<SavedMatch>()))
        .await?;
    let Some(saved) = saved else {
        return Ok(false);
    };
    let (game, start) = ComputerMatch::resumed(saved);
    open(state, friends, game, start, your_name, events)?;
    Ok(true)
}

/// Opens `game` as a table and sits at it, its events heard through `events`.
fn open(
    state: &AppState,
    friends: &mut Seating,
    game: ComputerMatch,
    start: briscola_table::server::MatchStart,
    your_name: &str,
    events: Channel<SeatEvent>,
) -> Result<(), AppError> {
    let (started_ms, names) = (game.started_ms, game.setup.opponent_names.clone());
    let mirror = friends.new_mirror(your_name)?;
    // Seat 0 is yours (kept unnamed: the screens say "You"); the AI seats keep the names the table
    // showed when the match started.
    let seat_names = std::iter::once(String::new()).chain(names).collect();
    mirror
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .begun(started_ms, seat_names);
    Ok(friends.play_computer(game, start, your_name, |saver| {
        listen(state, events, mirror, Some(saver))
    })?)
}

/// Every position of a finished match, for the history's replay.
#[tauri::command]
pub async fn get_replay(state: State<'_, AppState>, id: Input<String>) -> Result<Replay, AppError> {
    let id = id.get("id")?;
    state
        .with_store_blocking(move |store| {
            let entry = store.history_entry::<MatchRecord>(&id)?.ok_or_else(|| {
                CommandError::MatchNotFound {
                    match_id: id.clone(),
                }
            })?;
            Ok(session::replay(&entry.record)?)
        })
        .await
}

/// A seed for a new match's deals (the one place the shell draws chance from the clock).
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    briscola::Rng::derive_seed(nanos, u64::from(std::process::id()))
}

#[cfg(test)]
pub(crate) mod tests;
