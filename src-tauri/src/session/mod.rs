//! The game session: one match between you (seat 0) and AI opponents, with no Tauri types.
//!
//! The shell's game commands are thin adapters over this type. It owns the engine's [`Match`], takes
//! your moves, hands out AI requests (an observation plus a seeded agent configuration) that the shell
//! computes off the main thread with [`decide`], and refuses an AI answer that arrives after the game
//! moved on. Undo replays the match record without your last move. Everything it shows you is built
//! from your seat's [`briscola::Observation`].
//!
//! A resigned match is over at once: its view offers no moves and no AI seat is to move. A match
//! resigned before any card was played is *abandoned*: [`Session::finished`] has nothing for the
//! history (so the statistics, built from the history, never count it).
//!
//! Deliberately absent: files and clocks (the shell passes timestamps in and persists
//! [`SavedMatch`] / [`FinishedMatch`]), threads, and any access to the full game state from outside.

mod presets;
mod replay;
mod saved;
mod setup;
mod view;

pub use presets::{EditError, PresetInfo, RulesetEdit, RulesetInfo, edit, presets};
pub use replay::{Replay, ReplayFrame, ReplayHand, replay, replay_hands};
pub use saved::{FinishedMatch, SavedMatch, YourResult};
pub use setup::{MatchSetup, NewGame};
pub use view::{GameView, HandRecap};

pub use briscola::ai::AiRequest;
use briscola::ai::{Budget, Decision, HintRequest};
use serde::Serialize;
use ts_rs::TS;

use briscola::{
    Action, Deal, Game, HandOutcome, IllegalAction, MatchError, MatchRecord, RulesetError, Seat,
    SeatError, SeatedMatch,
};

/// Your seat.
pub const YOU: Seat = 0;

/// Why the session refused a request, as data (`{ "id": …, …params }`, see [`crate::error`]) with an
/// English `Display` for logs. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, thiserror::Error)]
#[serde(tag = "id", rename_all = "kebab-case")]
pub enum SessionError {
    /// The rules cannot be played.
    #[error("bad setup: {reason}")]
    BadRules {
        /// Why.
        reason: RulesetError,
    },
    /// The match cannot start, or refused a step, for this reason.
    #[error("{reason}")]
    BadMatch {
        /// Why.
        reason: MatchError,
    },
    /// One AI level per opponent is needed.
    #[error("bad setup: {players} players need {} opponents, not {opponents}", players - 1)]
    OpponentLevels {
        /// Players at the table.
        players: u8,
        /// Opponent levels given.
        opponents: u8,
    },
    /// The first dealer is not a seat at the table.
    #[error("bad setup: the first dealer must be a seat from 0 to {}", players - 1)]
    DealerSeat {
        /// Players at the table.
        players: u8,
    },
    /// The move is not legal now.
    #[error("{reason}")]
    MoveRefused {
        /// Why.
        reason: IllegalAction,
    },
    /// The match's own record no longer replays (a bug).
    #[error("the match cannot go on: {reason}")]
    Broken {
        /// Why (English, for logs).
        #[serde(skip)]
        #[ts(skip)]
        reason: String,
    },
    /// Another seat is to move.
    #[error("it is not your turn")]
    NotYourTurn,
    /// No AI seat is to move.
    #[error("no computer player is to move")]
    NotAiTurn,
    /// The game moved on while the AI was thinking; ask again.
    #[error("the game moved on while the computer was thinking")]
    Stale,
    /// This match was started without undo.
    #[error("undo is off for this match")]
    UndoOff,
    /// You have no move to take back in this hand.
    #[error("there is no move of yours to take back in this hand")]
    NothingToUndo,
    /// The match is over.
    #[error("the match is over")]
    MatchOver,
    /// The hand is still being played.
    #[error("the hand is not over yet")]
    HandNotOver,
    /// A saved match that does not replay.
    #[error("the saved match cannot be resumed: {reason}")]
    BadSave {
        /// Why (English, for logs).
        #[serde(skip)]
        #[ts(skip)]
        reason: String,
    },
}

/// The session's own record failed to replay: a bug, reported without a player-facing reason.
fn broken(error: impl std::fmt::Display) -> SessionError {
    SessionError::Broken {
        reason: error.to_string(),
    }
}

/// The runner's refusal as the session words it.
fn refused(error: SeatError) -> SessionError {
    match error {
        SeatError::NotYourTurn => SessionError::NotYourTurn,
        SeatError::HandOver => SessionError::MoveRefused {
            reason: IllegalAction::HandOver,
        },
        SeatError::Stale => SessionError::Stale,
        SeatError::Match(MatchError::Illegal { error }) => {
            SessionError::MoveRefused { reason: error }
        }
        SeatError::Match(reason) => SessionError::BadMatch { reason },
    }
}

/// Computes an AI request's decision (blocking: run it off the UI thread).
pub fn decide(request: &AiRequest) -> Decision {
    request.decide()
}

/// One match in progress. See the module docs.
#[derive(Debug, Clone)]
pub struct Session {
    setup: MatchSetup,
    seed: u64,
    started_ms: i64,
    /// The match, run as every table runs one; its AI decisions are seeded from the deal seed.
    game: SeatedMatch,
    undos: u32,
    resigned: bool,
}

impl Session {
    /// Starts a match. `seed` decides the deals and the AI's random choices; `now_ms` is the start time.
    pub fn start(setup: MatchSetup, seed: u64, now_ms: i64) -> Result<Session, SessionError> {
        setup.validate()?;
        let game = SeatedMatch::new(setup.ruleset, setup.format, setup.first_dealer, seed, seed)
            .map_err(|reason| SessionError::BadMatch { reason })?;
        Ok(Session {
            setup,
            seed,
            started_ms: now_ms,
            game,
            undos: 0,
            resigned: false,
        })
    }

    /// Resumes a saved match by replaying its record.
    pub fn restore(saved: SavedMatch) -> Result<Session, SessionError> {
        let bad = |reason: String| SessionError::BadSave { reason };
        saved.setup.validate().map_err(|e| bad(e.to_string()))?;
        let record = &saved.record;
        if record.ruleset != saved.setup.ruleset
            || record.format != saved.setup.format
            || record.first_dealer != saved.setup.first_dealer
            || record.seed != saved.seed
        {
            return Err(bad("the record does not belong to the setup".to_string()));
        }
        let game = SeatedMatch::resume(record, saved.seed).map_err(|e| bad(e.to_string()))?;
        Ok(Session {
            setup: saved.setup,
            seed: saved.seed,
            started_ms: saved.started_ms,
            game,
            undos: saved.undos,
            resigned: false,
        })
    }

    /// The setup.
    pub fn setup(&self) -> &MatchSetup {
        &self.setup
    }

    /// Whether the match is over (decided, or resigned).
    pub fn is_over(&self) -> bool {
        self.resigned || self.game.game().outcome().is_some()
    }

    /// The table as you see it.
    pub fn view(&self) -> GameView {
        let game = self.game.game();
        let mut observation = game.game().observation(YOU);
        if self.is_over() {
            // A resigned match keeps its last deal on the table, but nothing can be played.
            observation.legal_actions.clear();
        }
        let last_trick = observation.tricks.last().cloned();
        GameView {
            setup: self.setup.clone(),
            standing: game.standing().clone(),
            your_side: self.your_side() as u8,
            hand_number: game.hand_number(),
            awaiting_next_hand: game.awaiting_next_hand() && !self.resigned,
            outcome: game.outcome().cloned(),
            resigned: self.resigned,
            ai_to_move: self.ai_seat_to_move().is_some(),
            can_undo: self.undo_target().is_ok(),
            undos: self.undos,
            last_trick,
            card_values: self.setup.ruleset.rank_values(),
            hand_points: self.setup.ruleset.total_points(),
            choices: observation.choices(),
            partners: observation.known_partners(),
            history_id: self.history_id(),
            hands: hand_recaps(&game.record()),
            version: self.game.version(),
            observation,
        }
    }

    /// Your move.
    pub fn play(&mut self, action: Action) -> Result<(), SessionError> {
        self.check_on()?;
        self.game.play(YOU, action).map_err(refused)
    }

    /// The AI move to compute now, if an AI seat is to move.
    pub fn pending_ai(&self) -> Option<AiRequest> {
        let seat = self.ai_seat_to_move()?;
        let level = self.setup.level_at(seat)?;
        self.game.request(seat, level).ok()
    }

    /// Applies an AI decision computed for `request`; refused if the game moved on meanwhile.
    pub fn apply_ai(&mut self, request: &AiRequest, action: Action) -> Result<(), SessionError> {
        if request.version != self.game.version() {
            return Err(SessionError::Stale);
        }
        if self.ai_seat_to_move() != Some(request.seat) {
            return Err(SessionError::NotAiTurn);
        }
        self.game.apply_ai(request, action, false).map_err(refused)
    }

    /// A hint for your move: the match review's evaluation of this decision (Hard's search at the
    /// review's budget and seed, so the hint and a later review of the match say the same), to
    /// compute with [`HintRequest::decide`].
    pub fn hint(&self) -> Result<HintRequest, SessionError> {
        self.check_on()?;
        self.game
            .hint(YOU, Budget::default().worlds)
            .map_err(|_| SessionError::NotYourTurn)
    }

    /// Takes back your last move in this hand, and the AI moves after it.
    pub fn undo(&mut self) -> Result<(), SessionError> {
        let keep = self.undo_target()?;
        self.game.take_back(keep).map_err(broken)?;
        self.undos += 1;
        Ok(())
    }

    /// Deals the next hand after a finished one.
    pub fn next_hand(&mut self) -> Result<(), SessionError> {
        self.check_on()?;
        if !self.game.game().awaiting_next_hand() {
            return Err(SessionError::HandNotOver);
        }
        self.game
            .next_hand()
            .map_err(|reason| SessionError::BadMatch { reason })
    }

    /// Gives up the match.
    pub fn resign(&mut self) -> Result<(), SessionError> {
        self.check_on()?;
        self.resigned = true;
        self.game.invalidate();
        Ok(())
    }

    /// What to save so the match resumes exactly (an unfinished match only).
    pub fn saved(&self) -> Option<SavedMatch> {
        (!self.is_over()).then(|| SavedMatch {
            setup: self.setup.clone(),
            seed: self.seed,
            started_ms: self.started_ms,
            undos: self.undos,
            record: self.game.game().record(),
        })
    }

    /// Whether a card has been played in this match (a resign before that abandons it).
    fn card_played(&self) -> bool {
        self.game
            .game()
            .record()
            .hands
            .iter()
            .any(|hand| hand.actions.iter().any(|a| matches!(a, Action::Play(_))))
    }

    /// Whether the match is over and goes into the history (one resigned before any card was
    /// played is abandoned, not recorded).
    fn recorded(&self) -> bool {
        self.is_over() && (!self.resigned || self.card_played())
    }

    /// The match's id in the history, once it is over and recorded.
    pub fn history_id(&self) -> Option<String> {
        self.recorded()
            .then(|| history_id(self.seed, self.started_ms))
    }

    /// The finished match for the history, once it is over; none for a match resigned before any
    /// card was played (abandoned, not recorded).
    pub fn finished(&self, now_ms: i64) -> Option<FinishedMatch> {
        if !self.recorded() {
            return None;
        }
        Some(FinishedMatch::of(
            self.game.game(),
            self.setup.seats(),
            (self.started_ms, now_ms),
            self.resigned,
            self.undos,
        ))
    }

    /// The whole record so far (for tests and export).
    pub fn record(&self) -> MatchRecord {
        self.game.game().record()
    }

    fn check_on(&self) -> Result<(), SessionError> {
        if self.is_over() {
            Err(SessionError::MatchOver)
        } else {
            Ok(())
        }
    }

    fn your_side(&self) -> usize {
        self.game
            .game()
            .standing()
            .sides
            .iter()
            .position(|side| side.contains(&YOU))
            .unwrap_or(0)
    }

    fn ai_seat_to_move(&self) -> Option<Seat> {
        self.game
            .to_move()
            .filter(|&seat| !self.resigned && seat != YOU)
    }

    /// How many actions of the current hand to keep to take back your last move.
    fn undo_target(&self) -> Result<usize, SessionError> {
        if !self.setup.allow_undo {
            return Err(SessionError::UndoOff);
        }
        self.check_on()?;
        let record = self.game.game().record();
        let hand = record.hands.last().ok_or(SessionError::NothingToUndo)?;
        let mut game = Game::new(record.ruleset, hand.dealer, &Deal::Order(hand.deal.clone()))
            .map_err(broken)?;
        let mut last_yours = None;
        for (i, &action) in hand.actions.iter().enumerate() {
            if game.to_move() == YOU {
                last_yours = Some(i);
            }
            game.apply(action).map_err(broken)?;
        }
        last_yours.ok_or(SessionError::NothingToUndo)
    }
}

/// A hand's points by side: your side first, then the others in order.
/// A finished match's id in the history: its deal seed and start time.
pub fn history_id(seed: u64, started_ms: i64) -> String {
    format!("{seed:016x}-{started_ms:x}")
}

/// The result of every finished hand of `record` that counted (void hands left out), in order.
pub(crate) fn hand_results(record: &MatchRecord) -> Vec<briscola::HandResult> {
    record
        .hands
        .iter()
        .filter_map(|hand| {
            let mut game =
                Game::new(record.ruleset, hand.dealer, &Deal::Order(hand.deal.clone())).ok()?;
            for &action in &hand.actions {
                game.apply(action).ok()?;
            }
            game.result().filter(|r| r.outcome != HandOutcome::Void)
        })
        .collect()
}

/// Every finished hand that counted, as the match summary lists it.
pub(crate) fn hand_recaps(record: &MatchRecord) -> Vec<HandRecap> {
    hand_results(record)
        .iter()
        .map(|result| HandRecap {
            points: sides_yours_first(result),
            result: match result.outcome {
                HandOutcome::Won { side } if result.side_of(YOU) == Some(usize::from(side)) => {
                    crate::history::Outcome::Won
                }
                HandOutcome::Won { .. } => crate::history::Outcome::Lost,
                HandOutcome::Drawn | HandOutcome::Void => crate::history::Outcome::Drawn,
            },
        })
        .collect()
}

pub(crate) fn sides_yours_first(result: &briscola::HandResult) -> Vec<u16> {
    let yours = result.side_of(YOU).unwrap_or(0);
    let mut points = vec![result.side_points[yours]];
    points.extend(
        result
            .side_points
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != yours)
            .map(|(_, &p)| p),
    );
    points
}

#[cfg(test)]
pub(crate) mod tests;
