//! The match: moves from people and AIs, each checked by the engine; the views each connection gets;
//! the pause between hands; the end.
//!
//! `send_views` is the only place game state is sent during a match, and it builds each connection's
//! view from the engine's observation of that connection's own seat.

use briscola::{Action, IllegalAction, MatchError, Phase, Seat};

use super::members::{MemberId, Occupant};
use super::{AiRequest, Controller, HAND_PAUSE_MS, Table};
use crate::protocol::{Absence, ErrorCode, GameView, PublicEvent, ServerMessage, Stage, TurnClock};

impl Table {
    /// Who plays `seat` now.
    pub(super) fn controller(&self, seat: Seat) -> Controller {
        match self.seats.get(usize::from(seat)) {
            Some(Occupant::Ai(level)) => Controller::Ai(*level),
            Some(Occupant::Person(id)) => {
                let connected = self.members.get(id).is_some_and(|m| m.conn.is_some());
                match (connected, self.settings.absence) {
                    (false, Absence::Ai { level }) => Controller::Ai(level),
                    _ => Controller::Person,
                }
            }
            Some(Occupant::Empty) | None => Controller::Nobody,
        }
    }

    /// The seat to move in a hand in progress, if any.
    pub(super) fn seat_to_move(&self) -> Option<Seat> {
        let play = self.play.as_ref()?;
        let game = play.game.game();
        (self.stage == Stage::Playing && game.phase() != Phase::Finished).then(|| game.to_move())
    }

    /// A person's move.
    pub(super) fn act(
        &mut self,
        member: MemberId,
        action: Action,
        now: u64,
    ) -> Result<(), ErrorCode> {
        if self.stage != Stage::Playing {
            return Err(ErrorCode::NotPlaying);
        }
        let seat = self.seat_of(member).ok_or(ErrorCode::NotSeated)?;
        match self.seat_to_move() {
            None => Err(ErrorCode::Illegal {
                reason: IllegalAction::HandOver,
            }),
            // The turn is checked before the engine sees the move: the engine plays for the seat to
            // move, and its refusal would tell what that seat holds.
            Some(to_move) if to_move != seat => Err(ErrorCode::NotYourTurn),
            Some(_) => self.apply(seat, action, now),
        }
    }

    /// Applies a move for `seat` (the seat to move) through the engine.
    pub(super) fn apply(&mut self, seat: Seat, action: Action, now: u64) -> Result<(), ErrorCode> {
        let play = self.play.as_mut().ok_or(ErrorCode::NotPlaying)?;
        play.game.apply(action).map_err(|e| match e {
            MatchError::Illegal { error } => ErrorCode::Illegal { reason: error },
            reason => ErrorCode::BadMatch { reason },
        })?;
        play.moves += 1;
        let over = play.game.outcome().is_some();
        let hand_result = play.game.game().result();
        let standing = play.game.standing().clone();
        if play.game.awaiting_next_hand() {
            play.next_deal_at = Some(now.saturating_add(HAND_PAUSE_MS));
        }
        self.version += 1;
        self.turn += 1;
        self.broadcast(&ServerMessage::Event {
            event: PublicEvent::Acted { seat, action },
        });
        if let Some(result) = hand_result {
            self.broadcast(&ServerMessage::Event {
                event: PublicEvent::HandOver { result, standing },
            });
        }
        if over {
            self.stage = Stage::Over;
            self.refresh_clock(now);
            self.broadcast_lobby();
            // The last trick as each seat saw it, then everything.
            self.send_views(now);
            let ids: Vec<MemberId> = self.members.keys().copied().collect();
            for id in ids {
                self.send_match_over_to(id);
            }
            return Ok(());
        }
        self.refresh_clock(now);
        self.send_views(now);
        Ok(())
    }

    /// Deals the next hand once the pause after a finished one is over.
    pub(super) fn deal_if_due(&mut self, now: u64) {
        let Some(play) = self.play.as_mut() else {
            return;
        };
        if self.stage != Stage::Playing || play.next_deal_at.is_none_or(|at| now < at) {
            return;
        }
        play.next_deal_at = None;
        if play.game.next_hand().is_err() {
            // Not awaiting a hand (cannot happen while a deal is scheduled): nothing to deal.
            return;
        }
        self.version += 1;
        self.turn += 1;
        self.refresh_clock(now);
        self.send_views(now);
    }

    /// The AI move the driver should compute now, if an AI plays the seat to move.
    pub fn ai_request(&self) -> Option<AiRequest> {
        let seat = self.seat_to_move()?;
        let Controller::Ai(level) = self.controller(seat) else {
            return None;
        };
        let play = self.play.as_ref()?;
        Some(AiRequest::new(
            &play.game,
            seat,
            level,
            play.ai_seed,
            play.moves,
            self.version,
        ))
    }

    /// Applies an AI move computed for `request`; refused ([`ErrorCode::Stale`]) if the game moved
    /// on or the seat is no longer the AI's, and by the engine if it is not legal.
    pub fn apply_ai(
        &mut self,
        request: &AiRequest,
        action: Action,
        now: u64,
    ) -> Result<Vec<super::Outgoing>, ErrorCode> {
        let current = self.seat_to_move();
        if request.version != self.version
            || current != Some(request.seat)
            || !matches!(self.controller(request.seat), Controller::Ai(_))
        {
            return Err(ErrorCode::Stale);
        }
        self.apply(request.seat, action, now)?;
        Ok(super::table_out(self))
    }

    /// Who plays some seat changed (the absence policy changed): AI answers computed before are
    /// stale, and the clock follows the seat's new player.
    pub(super) fn controllers_changed(&mut self, now: u64) {
        self.version += 1;
        self.refresh_clock(now);
    }

    /// A person dropped or came back: with an AI standing in for absent people, who plays their seat
    /// changed; when the table waits for them, nothing did (their clock runs on).
    pub(super) fn presence_changed(&mut self, now: u64) {
        if matches!(self.settings.absence, Absence::Ai { .. }) {
            self.controllers_changed(now);
        }
    }

    /// The view of `member`'s own seat.
    fn view_of(&self, member: MemberId, now: u64) -> Option<GameView> {
        let seat = self.seat_of(member)?;
        let play = self.play.as_ref()?;
        let mut observation = play.game.game().observation(seat);
        if self.stage != Stage::Playing {
            observation.legal_actions.clear();
        }
        Some(GameView {
            observation,
            standing: play.game.standing().clone(),
            hand: play.game.record().hands.len() as u32,
            clock: self
                .timer
                .clock(now)
                .map(|(seat, remaining_ms, limit_ms)| TurnClock {
                    seat,
                    remaining_ms,
                    limit_ms,
                }),
        })
    }

    /// Sends `member` its own seat's view, if it is seated and connected.
    pub(super) fn send_view_to(&mut self, member: MemberId, now: u64) {
        let conn = self.members.get(&member).and_then(|m| m.conn);
        if let (Some(conn), Some(view)) = (conn, self.view_of(member, now)) {
            self.send(
                conn,
                ServerMessage::Game {
                    view: Box::new(view),
                },
            );
        }
    }

    /// Sends every seated, connected person its own seat's view.
    pub(super) fn send_views(&mut self, now: u64) {
        let ids: Vec<MemberId> = self.members.keys().copied().collect();
        for id in ids {
            self.send_view_to(id, now);
        }
    }

    /// The seats of the winning sides, once the match is over (empty for a draw).
    pub fn winners(&self) -> Option<Vec<Seat>> {
        let play = self.play.as_ref().filter(|_| self.stage == Stage::Over)?;
        let sides = &play.game.standing().sides;
        let winners = play.game.outcome().map_or(Vec::new(), |o| {
            o.winners
                .iter()
                .filter_map(|&side| sides.get(usize::from(side)))
                .flatten()
                .copied()
                .collect()
        });
        Some(winners)
    }

    /// Sends `member` the whole record, once the match is over.
    pub(super) fn send_match_over_to(&mut self, member: MemberId) {
        let conn = self.members.get(&member).and_then(|m| m.conn);
        let (Some(conn), Some(play), Stage::Over) = (conn, self.play.as_ref(), self.stage) else {
            return;
        };
        let message = ServerMessage::MatchOver {
            record: play.game.record(),
            standing: play.game.standing().clone(),
            outcome: play.game.outcome().cloned(),
        };
        self.send(conn, message);
    }
}
