//! [`SeatedMatch`]: a match as a table runs it, whoever sits at the seats.
//!
//! The app's one-player session (you and AI levels) and the friends' table (people and AI levels) run
//! their match through this one type. It takes a move only from the seat to move — checked before the
//! engine sees the move, so a refusal never tells what another seat holds — hands out [`AiRequest`]s
//! (and [`HintRequest`]s, seeded as the match's review will be) for the seat to move, counts the moves (each AI decision is seeded from the match's AI seed and that
//! count, so a replay decides the same), and keeps a version that every change bumps, so that an AI
//! answer computed for a match that has moved on is refused.
//!
//! Deliberately absent: who sits at which seat and what each one is shown (the session's and the
//! table's own business), people, clocks and threads.

use crate::ai::{AiRequest, HintRequest, Level};
use crate::{
    Action, Match, MatchError, MatchFormat, MatchRecord, Phase, RecordError, Ruleset, Seat,
};

/// Why a seat's move was refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeatError {
    /// Another seat is to move.
    #[error("it is not this seat's turn")]
    NotYourTurn,
    /// No seat is to move: the hand (or the match) is over.
    #[error("the hand is over")]
    HandOver,
    /// The AI answer was computed for a version of the match that has moved on.
    #[error("the match moved on")]
    Stale,
    /// The engine refused the move.
    #[error("{0}")]
    Match(MatchError),
}

/// A match, its moves and its AI seed. See the module docs.
#[derive(Clone, Debug)]
pub struct SeatedMatch {
    game: Match,
    ai_seed: u64,
    moves: u64,
    version: u64,
}

impl SeatedMatch {
    /// A new match: hands dealt from `deal_seed`, AI decisions seeded from `ai_seed`.
    pub fn new(
        ruleset: Ruleset,
        format: MatchFormat,
        first_dealer: Seat,
        deal_seed: u64,
        ai_seed: u64,
    ) -> Result<SeatedMatch, MatchError> {
        Ok(SeatedMatch {
            game: Match::new(ruleset, format, first_dealer, deal_seed)?,
            ai_seed,
            moves: 0,
            version: 0,
        })
    }

    /// The match a record holds, replayed, going on with AI decisions seeded from `ai_seed`.
    pub fn resume(record: &MatchRecord, ai_seed: u64) -> Result<SeatedMatch, RecordError> {
        let game = record.replay()?;
        let moves = record.hands.iter().map(|h| h.actions.len() as u64).sum();
        Ok(SeatedMatch {
            game,
            ai_seed,
            moves,
            version: moves,
        })
    }

    /// The match.
    pub fn game(&self) -> &Match {
        &self.game
    }

    /// The seed of the AI decisions.
    pub fn ai_seed(&self) -> u64 {
        self.ai_seed
    }

    /// Moves made in the whole match.
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// Changes with every move, deal, take-back and [`SeatedMatch::invalidate`].
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The seat to move, if a hand is in play and the match is not over.
    pub fn to_move(&self) -> Option<Seat> {
        let game = self.game.game();
        (self.game.outcome().is_none() && game.phase() != Phase::Finished).then(|| game.to_move())
    }

    /// `seat`'s move, if it is the seat to move and the engine takes it.
    pub fn play(&mut self, seat: Seat, action: Action) -> Result<(), SeatError> {
        self.play_marked(seat, action, false)
    }

    /// A move the table makes for the person at `seat` (their time ran out), marked as such in the
    /// record (`HandRecord::played_for`): a replay shows it, a review does not rate it.
    pub fn play_for(&mut self, seat: Seat, action: Action) -> Result<(), SeatError> {
        self.play_marked(seat, action, true)
    }

    fn play_marked(
        &mut self,
        seat: Seat,
        action: Action,
        played_for: bool,
    ) -> Result<(), SeatError> {
        match self.to_move() {
            None => Err(SeatError::HandOver),
            Some(to_move) if to_move != seat => Err(SeatError::NotYourTurn),
            Some(_) => {
                self.game
                    .apply_marked(action, played_for)
                    .map_err(SeatError::Match)?;
                self.moves += 1;
                self.version += 1;
                Ok(())
            }
        }
    }

    /// The move to compute for `seat`, an agent of `level`, if it is the seat to move.
    pub fn request(&self, seat: Seat, level: Level) -> Result<AiRequest, SeatError> {
        match self.to_move() {
            None => Err(SeatError::HandOver),
            Some(to_move) if to_move != seat => Err(SeatError::NotYourTurn),
            Some(_) => Ok(AiRequest::new(
                &self.game,
                seat,
                level,
                self.ai_seed,
                self.moves,
                self.version,
            )),
        }
    }

    /// A hint for `seat`, if it is the seat to move: the review's evaluation of this decision at
    /// `worlds` worlds, seeded as a review of the match will seed it ([`HintRequest::new`]).
    pub fn hint(&self, seat: Seat, worlds: u32) -> Result<HintRequest, SeatError> {
        match self.to_move() {
            None => Err(SeatError::HandOver),
            Some(to_move) if to_move != seat => Err(SeatError::NotYourTurn),
            Some(_) => Ok(HintRequest::new(&self.game, seat, worlds)),
        }
    }

    /// The move computed for `request`; [`SeatError::Stale`] if the match moved on since. `stands_in`
    /// says the AI plays for a person who is away: the move is then marked as made for them
    /// ([`SeatedMatch::play_for`]).
    pub fn apply_ai(
        &mut self,
        request: &AiRequest,
        action: Action,
        stands_in: bool,
    ) -> Result<(), SeatError> {
        if request.version != self.version || self.to_move() != Some(request.seat) {
            return Err(SeatError::Stale);
        }
        self.play_marked(request.seat, action, stands_in)
    }

    /// Deals the next hand after a finished one.
    pub fn next_hand(&mut self) -> Result<(), MatchError> {
        self.game.next_hand()?;
        self.version += 1;
        Ok(())
    }

    /// Takes back the current hand's moves after its first `keep`, returning how many were taken
    /// back. The match is replayed from its record without them.
    pub fn take_back(&mut self, keep: usize) -> Result<usize, RecordError> {
        let mut record = self.game.record();
        let removed = match record.hands.last_mut() {
            Some(hand) if keep <= hand.actions.len() => {
                let removed = hand.actions.len() - keep;
                hand.actions.truncate(keep);
                hand.played_for.retain(|&index| (index as usize) < keep);
                removed
            }
            _ => return Ok(0),
        };
        self.game = record.replay()?;
        self.moves -= removed as u64;
        self.version += 1;
        Ok(removed)
    }

    /// Something outside the match changed who plays a seat (a resignation, a person dropping):
    /// AI answers computed before are stale.
    pub fn invalidate(&mut self) {
        self.version += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Preset;

    fn two_players() -> SeatedMatch {
        let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        SeatedMatch::new(rules, MatchFormat::SingleHand, 0, 7, 11).expect("a match")
    }

    #[test]
    fn only_the_seat_to_move_plays_and_a_refusal_changes_nothing() {
        let mut m = two_players();
        let seat = m.to_move().expect("a seat to move");
        let other = (seat + 1) % 2;
        let action = m.game().game().observation(seat).legal_actions[0];
        let version = m.version();
        assert_eq!(m.play(other, action), Err(SeatError::NotYourTurn));
        assert_eq!((m.version(), m.moves()), (version, 0));
        m.play(seat, action).expect("the seat to move plays");
        assert_eq!((m.version(), m.moves()), (version + 1, 1));
    }

    #[test]
    fn an_ai_answer_for_an_older_version_is_stale() {
        let mut m = two_players();
        let seat = m.to_move().expect("a seat to move");
        let request = m.request(seat, Level::Easy).expect("a request");
        let action = request.decide().action;
        m.invalidate();
        assert_eq!(m.apply_ai(&request, action, false), Err(SeatError::Stale));
        let fresh = m.request(seat, Level::Easy).expect("a request");
        m.apply_ai(&fresh, fresh.decide().action, false)
            .expect("a fresh answer");
        assert_eq!(m.apply_ai(&fresh, action, false), Err(SeatError::Stale));
    }

    #[test]
    fn a_whole_hand_then_no_seat_moves_and_resume_agrees() {
        let mut m = two_players();
        while let Some(seat) = m.to_move() {
            let request = m.request(seat, Level::Medium).expect("a request");
            m.apply_ai(&request, request.decide().action, false)
                .expect("legal");
        }
        assert!(m.game().outcome().is_some());
        assert_eq!(m.request(0, Level::Easy).err(), Some(SeatError::HandOver));
        let resumed = SeatedMatch::resume(&m.game().record(), m.ai_seed()).expect("replays");
        assert_eq!(resumed.moves(), m.moves());
        assert_eq!(resumed.game().standing(), m.game().standing());
    }

    #[test]
    fn take_back_replays_without_the_last_moves() {
        let mut m = two_players();
        for _ in 0..3 {
            let seat = m.to_move().expect("a seat to move");
            let request = m.request(seat, Level::Easy).expect("a request");
            m.apply_ai(&request, request.decide().action, false)
                .expect("legal");
        }
        let after_one = {
            let mut copy = m.clone();
            assert_eq!(copy.take_back(1), Ok(2));
            copy
        };
        assert_eq!(after_one.moves(), 1);
        assert_eq!(after_one.game().record().hands[0].actions.len(), 1);
        assert_eq!(m.take_back(5), Ok(0));
    }

    #[test]
    fn moves_made_for_a_person_are_marked_and_carried_by_replay_renumbering_and_take_back() {
        let mut m = two_players();
        let plain = {
            let mut copy = m.clone();
            let seat = copy.to_move().expect("a seat to move");
            let action = copy.game().game().observation(seat).legal_actions[0];
            copy.play(seat, action).expect("legal");
            serde_json::to_string(&copy.game().record()).expect("json")
        };
        assert!(!plain.contains("played_for"), "no marks, no field: {plain}");
        // Move 0 by the seat, move 1 by the timer for its seat, move 2 by an AI standing in.
        let seat = m.to_move().expect("a seat to move");
        let action = m.game().game().observation(seat).legal_actions[0];
        m.play(seat, action).expect("legal");
        let seat = m.to_move().expect("a seat to move");
        let action = m.game().game().observation(seat).legal_actions[0];
        m.play_for(seat, action).expect("legal");
        let seat = m.to_move().expect("a seat to move");
        let request = m.request(seat, Level::Easy).expect("a request");
        m.apply_ai(&request, request.decide().action, true)
            .expect("legal");
        let record = m.game().record();
        assert_eq!(record.hands[0].played_for, [1, 2]);
        assert!(!record.hands[0].is_played_for(0) && record.hands[0].is_played_for(1));
        let json = serde_json::to_string(&record).expect("json");
        let read: MatchRecord = serde_json::from_str(&json).expect("reads back");
        assert_eq!(read, record);
        // Resumed and renumbered, the marks stay on their moves.
        let resumed = SeatedMatch::resume(&record, 11).expect("replays");
        assert_eq!(resumed.game().record(), record);
        assert_eq!(record.seen_from(1).hands[0].played_for, [1, 2]);
        // Taking back the last two moves takes their marks too.
        assert_eq!(m.take_back(1), Ok(2));
        assert!(m.game().record().hands[0].played_for.is_empty());
        // A mark that names no action of its hand, or out of order, is refused.
        for bad in [vec![3], vec![2, 1], vec![1, 1]] {
            let mut wrong = record.clone();
            wrong.hands[0].played_for = bad;
            assert!(
                matches!(wrong.replay(), Err(RecordError::PlayedFor { hand: 0, .. })),
                "{:?}",
                wrong.hands[0].played_for
            );
        }
    }
}
