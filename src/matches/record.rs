//! Records: `(ruleset, deal, actions)` for a hand, and every hand of a match, as versioned JSON; and
//! replay, which re-applies every action through the checked [`Game::apply`] and names the first
//! illegal one. The format is documented in `docs/records.md`.

use serde::{Deserialize, Serialize};

use super::match_error::MatchError;
use super::match_play::{Match, MatchFormat, MatchOutcome, MatchStanding};
use super::record_error::RecordError;
use crate::Ruleset;
use crate::game::{Action, Deal, Game, HandResult, Seat};
use crate::observation::TrickView;

/// One hand: the rules, the dealer, the deal and every action in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Record {
    /// Format version ([`Record::VERSION`]).
    pub version: u32,
    /// The rules.
    pub ruleset: Ruleset,
    /// The dealer seat.
    pub dealer: Seat,
    /// The deal.
    pub deal: Deal,
    /// The actions, in their text form (records keep the notation).
    #[serde(with = "crate::action_text")]
    #[cfg_attr(feature = "ts", ts(as = "Vec<crate::action_text::ActionText>"))]
    pub actions: Vec<Action>,
}

/// One hand of a match: its dealer, its deck order and its actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HandRecord {
    /// The dealer seat.
    pub dealer: Seat,
    /// The deck order from the top.
    pub deal: Vec<crate::Card>,
    /// The actions, in their text form (records keep the notation).
    #[serde(with = "crate::action_text")]
    #[cfg_attr(feature = "ts", ts(as = "Vec<crate::action_text::ActionText>"))]
    pub actions: Vec<Action>,
    /// The indices in `actions` (ascending) of the moves the table made for a person at the seat
    /// to move — their turn timer ran out, or an AI stood in while they were away — rather than the
    /// person's own decisions. Absent when there are none, so records without such moves read and
    /// write as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<u32>>", optional))]
    pub played_for: Vec<u32>,
}

impl HandRecord {
    /// Whether the action at `index` was made by the table for the person at its seat.
    pub fn is_played_for(&self, index: usize) -> bool {
        u32::try_from(index).is_ok_and(|index| self.played_for.binary_search(&index).is_ok())
    }
}

/// A whole match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchRecord {
    /// Format version ([`MatchRecord::VERSION`]).
    pub version: u32,
    /// The rules.
    pub ruleset: Ruleset,
    /// The match format.
    pub format: MatchFormat,
    /// The seed the deals were drawn from (informative: the deals themselves are in `hands`). Typed as
    /// a number for TypeScript, where seeds above 2^53 lose precision (only Rust reads it back).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub seed: u64,
    /// The dealer of the first hand.
    pub first_dealer: Seat,
    /// Every hand, in order.
    pub hands: Vec<HandRecord>,
}

/// What a replay shows: every trick, the points and the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReplaySummary {
    /// Completed tricks.
    pub tricks: Vec<TrickView>,
    /// Card points per seat.
    pub seat_points: Vec<u16>,
    /// The sides and their points.
    pub sides: Vec<Vec<Seat>>,
    /// Card points per side.
    pub side_points: Vec<u16>,
    /// The result, if the actions finish the hand.
    pub result: Option<HandResult>,
}

impl Record {
    /// The record format version this build writes and reads.
    pub const VERSION: u32 = 1;

    /// Replays the record, stopping at the first illegal action.
    pub fn replay(&self) -> Result<Game, RecordError> {
        if self.version != Record::VERSION {
            return Err(RecordError::Version {
                found: self.version,
                supported: Record::VERSION,
            });
        }
        replay_hand(0, self.ruleset, self.dealer, &self.deal, &self.actions)
    }

    /// Replays and summarises.
    pub fn summary(&self) -> Result<ReplaySummary, RecordError> {
        self.replay().map(|game| summarize(&game))
    }
}

fn replay_hand(
    hand: usize,
    rules: Ruleset,
    dealer: Seat,
    deal: &Deal,
    actions: &[Action],
) -> Result<Game, RecordError> {
    let mut game =
        Game::new(rules, dealer, deal).map_err(|error| RecordError::Setup { hand, error })?;
    for (index, &action) in actions.iter().enumerate() {
        game.apply(action)
            .map_err(|error| RecordError::IllegalAction {
                hand,
                index,
                action,
                error,
            })?;
    }
    Ok(game)
}

/// The summary of a game as it stands (every trick is public once played).
pub fn summarize(game: &Game) -> ReplaySummary {
    let players = game.rules().players;
    let view = game.observation(0);
    let sides: Vec<Vec<Seat>> = game
        .sides()
        .into_iter()
        .map(|m| crate::game::seats_of(m).collect())
        .collect();
    let seat_points: Vec<u16> = (0..players).map(|s| game.pile_points(s)).collect();
    let side_points = sides
        .iter()
        .map(|side| side.iter().map(|&s| seat_points[usize::from(s)]).sum())
        .collect();
    ReplaySummary {
        tricks: view.tricks,
        seat_points,
        sides,
        side_points,
        result: game.result(),
    }
}

impl MatchRecord {
    /// The match record format version this build writes and reads.
    pub const VERSION: u32 = 1;

    /// Replays every hand through a [`Match`], checking dealers, deals and the end of the match.
    pub fn replay(&self) -> Result<Match, RecordError> {
        if self.version != MatchRecord::VERSION {
            return Err(RecordError::Version {
                found: self.version,
                supported: MatchRecord::VERSION,
            });
        }
        let mut m = Match::from_record_start(self).map_err(|e| match_error(0, e))?;
        for (hand, record) in self.hands.iter().enumerate() {
            if hand > 0 {
                m.next_hand_with(record).map_err(|e| match_error(hand, e))?;
            }
            check_played_for(hand, record)?;
            for (index, &action) in record.actions.iter().enumerate() {
                m.apply_marked(action, record.is_played_for(index))
                    .map_err(|e| match e {
                        MatchError::Illegal { error } => RecordError::IllegalAction {
                            hand,
                            index,
                            action,
                            error,
                        },
                        other => match_error(hand, other),
                    })?;
            }
        }
        Ok(m)
    }

    /// The same match with the seats renumbered so that `seat` is seat 0 and every seat keeps its
    /// place around the table (seat `s` becomes `s - seat`, modulo the players): the match as a
    /// player at `seat` keeps it, where the app's history and review put the player at seat 0.
    /// Every hand deals and plays the same, the points moving with their seats.
    pub fn seen_from(&self, seat: Seat) -> MatchRecord {
        // Wide arithmetic: a record from elsewhere may name seats past the table before it is replayed.
        let players = u16::from(self.ruleset.players.max(1));
        let turn = |s: Seat| {
            let turned = (u16::from(s) % players + players - u16::from(seat) % players) % players;
            Seat::try_from(turned).unwrap_or_default()
        };
        MatchRecord {
            first_dealer: turn(self.first_dealer),
            hands: self
                .hands
                .iter()
                .map(|hand| HandRecord {
                    dealer: turn(hand.dealer),
                    ..hand.clone()
                })
                .collect(),
            ..self.clone()
        }
    }

    /// Replays and summarises each hand, with the final standing.
    pub fn summary(&self) -> Result<RecordSummary, RecordError> {
        let m = self.replay()?;
        let mut hands = Vec::new();
        for (hand, record) in self.hands.iter().enumerate() {
            let game = replay_hand(
                hand,
                self.ruleset,
                record.dealer,
                &Deal::Order(record.deal.clone()),
                &record.actions,
            )?;
            hands.push(summarize(&game));
        }
        Ok(RecordSummary {
            hands,
            standing: m.standing().clone(),
            outcome: m.outcome().cloned(),
        })
    }
}

/// Refuses marks of moves made for a person that are not ascending indices of the hand's actions.
fn check_played_for(hand: usize, record: &HandRecord) -> Result<(), RecordError> {
    let mut next = 0u32;
    for &index in &record.played_for {
        if index < next || index as usize >= record.actions.len() {
            return Err(RecordError::PlayedFor { hand, index });
        }
        next = index.saturating_add(1);
    }
    Ok(())
}

fn match_error(hand: usize, e: MatchError) -> RecordError {
    match e {
        MatchError::Setup { error } => RecordError::Setup { hand, error },
        error => RecordError::Match { hand, error },
    }
}

/// A replayed match: each hand's summary, the standing, the outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RecordSummary {
    /// Each hand.
    pub hands: Vec<ReplaySummary>,
    /// The standing after the last hand.
    pub standing: MatchStanding,
    /// The outcome, if the match is over.
    pub outcome: Option<MatchOutcome>,
}
