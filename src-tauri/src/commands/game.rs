//! The game commands: thin adapters over the Tauri-free [`Session`]. Each locks the game (and the
//! store), works on a copy of the session, saves the result — the unfinished match after every move,
//! the finished match into the history — and only then keeps the copy, so a refused move or a failed
//! save changes nothing. AI moves and hints are computed on a blocking thread without holding any lock;
//! an answer that arrives after the game moved on (a resign, an undo) is dropped.

use briscola::ai::HintReason;
use briscola::{Action, Ruleset};
use serde::{Deserialize, Serialize};
use tauri::State;
use ts_rs::TS;

use crate::error::{AppError, CommandError, ErrorKind};
use crate::history::{MatchSummary, Outcome};
use crate::input::Input;
use crate::session::{
    self, AiRequest, FinishedMatch, GameView, NewGame, PresetInfo, Replay, RulesetEdit,
    RulesetInfo, Session, SessionError, YourResult,
};
use crate::state::{AppState, MatchRecord};
use crate::store::{HistoryEntry, Store, stamp::now_ms};

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

/// The match being played, if any (after a restart: the one saved when the app closed).
#[tauri::command]
pub async fn current_game(state: State<'_, AppState>) -> Result<Option<GameView>, AppError> {
    state
        .with_game_blocking(|game, _| Ok(game.as_ref().map(Session::view)))
        .await
}

/// Starts the match the New game form chose, with the first dealer and the undo setting of the
/// preferences and the opponents' names the table shows (kept with the match), and remembers the
/// choice there. Refused while another match is being played
/// (resign it first): a refused start changes nothing.
#[tauri::command]
pub async fn start_match(
    state: State<'_, AppState>,
    new_game: Input<NewGame>,
    opponent_names: Input<Vec<String>>,
) -> Result<GameView, AppError> {
    let new_game = new_game.get("new_game")?;
    let names = opponent_names.get("opponent_names")?;
    state
        .with_game_blocking(move |game, store| {
            // A refused start changes nothing, the remembered choice included.
            if game.as_ref().is_some_and(|s| !s.is_over()) {
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
            let session = Session::start(setup, seed, now_ms())?;
            store.set_preferences(preferences)?;
            save(&session, store)?;
            let view = session.view();
            *game = Some(session);
            Ok(view)
        })
        .await
}

/// Your move: one of the view's choices, as a typed action (`{"kind": "play", "card": "Ad"}`).
#[tauri::command]
pub async fn play_action(
    state: State<'_, AppState>,
    action: Input<Action>,
) -> Result<GameView, AppError> {
    let action = action.get("action")?;
    change(&state, move |session| session.play(action)).await
}

/// Lets the computer player to move make its move (computed off the main thread).
#[tauri::command]
pub async fn ai_move(state: State<'_, AppState>) -> Result<GameView, AppError> {
    let request = state
        .with_game_blocking(|game, _| Ok(playing(game)?.pending_ai()))
        .await?;
    let Some(request) = request else {
        return Err(SessionError::NotAiTurn.into());
    };
    let (request, decision) = compute(request).await?;
    state
        .with_game_blocking(move |game, store| {
            let session = playing(game)?;
            let mut next = session.clone();
            match next.apply_ai(&request, decision.action) {
                Ok(()) => {
                    save(&next, store)?;
                    *session = next;
                }
                // The game moved on while the computer thought: its answer no longer applies.
                Err(SessionError::Stale) => {}
                Err(error) => return Err(error.into()),
            }
            Ok(session.view())
        })
        .await
}

/// A suggested move for you, with the reason (computed off the main thread).
#[tauri::command]
pub async fn get_hint(state: State<'_, AppState>) -> Result<Hint, AppError> {
    let request = state
        .with_game_blocking(|game, _| Ok(playing(game)?.hint()?))
        .await?;
    let decision = tauri::async_runtime::spawn_blocking(move || request.decide())
        .await
        .map_err(|error| AppError::new(ErrorKind::Internal, error.to_string()))?;
    Ok(Hint {
        action: decision.action,
        reason: decision.hint,
    })
}

/// Takes back your last move in this hand (when the match allows undo).
#[tauri::command]
pub async fn undo_move(state: State<'_, AppState>) -> Result<GameView, AppError> {
    change(&state, Session::undo).await
}

/// Deals the next hand once the summary of the last one has been seen.
#[tauri::command]
pub async fn next_hand(state: State<'_, AppState>) -> Result<GameView, AppError> {
    change(&state, Session::next_hand).await
}

/// Gives up the match; it goes into the history as resigned (unless no card was played yet: an
/// abandoned match is not recorded). The view that comes back is the final one, with no moves.
#[tauri::command]
pub async fn resign_match(state: State<'_, AppState>) -> Result<GameView, AppError> {
    change(&state, Session::resign).await
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

/// The session of a match being played (finished ones answer too, for their last view).
fn playing(game: &mut Option<Session>) -> Result<&mut Session, AppError> {
    game.as_mut().ok_or_else(|| CommandError::NoMatch.into())
}

/// Applies `step` to a copy of the session, saves, then keeps the copy (on a blocking thread).
async fn change(
    state: &AppState,
    step: impl FnOnce(&mut Session) -> Result<(), SessionError> + Send + 'static,
) -> Result<GameView, AppError> {
    state
        .with_game_blocking(|game, store| {
            let session = playing(game)?;
            let mut next = session.clone();
            step(&mut next)?;
            save(&next, store)?;
            *session = next;
            Ok(session.view())
        })
        .await
}

/// Saves the session: the unfinished match, or the finished one into the history (an abandoned
/// one, resigned before any card was played, is only cleared). When the disk refuses, the store
/// keeps both in memory (`not-saving`) and the move stands; only a value the store refuses for
/// what it is fails the move.
fn save(session: &Session, store: &mut Store) -> Result<(), AppError> {
    if session.is_over() {
        if let Some(finished) = session.finished(now_ms()) {
            store.append_match(&history_entry(&finished))?;
        }
        store.clear_unfinished()?;
    } else if let Some(saved) = session.saved() {
        store.save_unfinished(&saved)?;
    }
    Ok(())
}

async fn compute(request: AiRequest) -> Result<(AiRequest, briscola::ai::Decision), AppError> {
    tauri::async_runtime::spawn_blocking(move || {
        let decision = session::decide(&request);
        (request, decision)
    })
    .await
    .map_err(|error| AppError::new(ErrorKind::Internal, error.to_string()))
}

/// A seed for a new match's deals (the one place the shell draws chance from the clock).
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    briscola::Rng::derive_seed(nanos, u64::from(std::process::id()))
}

/// The history's entry for a finished match.
pub fn history_entry(finished: &FinishedMatch) -> HistoryEntry<MatchRecord> {
    let summary = MatchSummary {
        id: session::history_id(finished.record.seed, finished.started_ms),
        started_at_ms: finished.started_ms,
        // A saved start time can be anything (an edited file, a clock that jumped): the end is
        // never before the start, and the difference never overflows.
        finished_at_ms: finished.finished_ms.max(finished.started_ms),
        duration_ms: finished
            .finished_ms
            .checked_sub(finished.started_ms)
            .and_then(|ms| u64::try_from(ms).ok())
            .unwrap_or(0),
        ruleset: finished.ruleset,
        format: finished.format,
        seats: finished.seats.clone(),
        hand_scores: finished
            .hand_points
            .iter()
            .map(|hand| hand.iter().map(|&p| u32::from(p)).collect())
            .collect(),
        outcome: match finished.result {
            YourResult::Won => Outcome::Won,
            YourResult::Drawn => Outcome::Drawn,
            YourResult::Lost | YourResult::Resigned => Outcome::Lost,
        },
        resigned: finished.result == YourResult::Resigned,
        undos: finished.undos,
    };
    HistoryEntry {
        summary,
        record: finished.record.clone(),
    }
}

#[cfg(test)]
pub(crate) mod tests;
