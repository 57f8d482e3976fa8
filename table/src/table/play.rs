//! The match: moves from people and AIs, each checked by the engine; the views each connection gets;
//! the pause between hands; the end.
//!
//! `send_views` (and, after a seña, `after_signal`) is the only place game state is sent during a
//! match, and it builds each connection's view from the engine's observation of that connection's own
//! seat.

use briscola::{Action, IllegalAction, MatchError, Seat, SeatError};

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
        play.seated
            .to_move()
            .filter(|_| self.stage == Stage::Playing)
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
        // The runner checks the turn before the engine sees the move: the engine plays for the seat
        // to move, and its refusal would tell what that seat holds.
        let play = self.play.as_mut().ok_or(ErrorCode::NotPlaying)?;
        play.seated.play(seat, action).map_err(refused)?;
        self.after_move(seat, action, now);
        Ok(())
    }

    /// A seña reaches only the seats that see it — the signaller's side and the opponents who caught
    /// it — as their new views: no public event, and nothing at all to the others, whose clients
    /// cannot tell that anything happened. The turn goes on, and its clock with it.
    fn after_signal(&mut self, now: u64) {
        let Some(play) = self.play.as_ref() else {
            return;
        };
        let game = play.seated.game().game();
        let Some(signal) = game.signals().last().copied() else {
            return;
        };
        let rules = *game.rules();
        let sees = |seat: Seat| {
            rules.fixed_team(seat) == rules.fixed_team(signal.seat)
                || signal.caught_by & (1 << seat) != 0
        };
        let ids: Vec<MemberId> = self
            .members
            .keys()
            .copied()
            .filter(|&id| self.seat_of(id).is_some_and(sees))
            .collect();
        for id in ids {
            self.send_view_to(id, now);
        }
    }

    /// Applies a move the table makes for the person at `seat` (their time ran out), if it is the
    /// seat to move, through the engine, which marks it in the record as made for them.
    pub(super) fn play_for(
        &mut self,
        seat: Seat,
        action: Action,
        now: u64,
    ) -> Result<(), ErrorCode> {
        let play = self.play.as_mut().ok_or(ErrorCode::NotPlaying)?;
        play.seated.play_for(seat, action).map_err(refused)?;
        self.after_move(seat, action, now);
        Ok(())
    }

    /// Tells everyone about a move just made, schedules the next deal and ends a finished match.
    fn after_move(&mut self, seat: Seat, action: Action, now: u64) {
        if let Action::Signal(_) = action {
            self.after_signal(now);
            return;
        }
        let Some(play) = self.play.as_mut() else {
            return;
        };
        let game = play.seated.game();
        let over = game.outcome().is_some();
        let hand_result = game.game().result();
        let standing = game.standing().clone();
        if game.awaiting_next_hand() {
            play.asked.clear();
            play.next_deal_at =
                (!self.settings.deal_when_asked).then(|| now.saturating_add(HAND_PAUSE_MS));
        }
        self.turn = self.turn.wrapping_add(1);
        self.broadcast(&ServerMessage::Event {
            event: PublicEvent::Acted { seat, action },
        });
        if let Some(result) = hand_result {
            self.broadcast(&ServerMessage::Event {
                event: PublicEvent::HandOver { result, standing },
            });
        }
        if over {
            self.end_match(now);
            return;
        }
        self.refresh_clock(now);
        self.send_views(now);
    }

    /// The match is over (decided, or given up): everyone sees the last trick, then the record.
    pub(super) fn end_match(&mut self, now: u64) {
        self.stage = Stage::Over;
        self.lapse_claims();
        self.refresh_clock(now);
        self.broadcast_lobby();
        // The last trick as each seat saw it, then everything.
        self.send_views(now);
        let ids: Vec<MemberId> = self.members.keys().copied().collect();
        for id in ids {
            self.send_match_over_to(id);
        }
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
        if play.seated.next_hand().is_err() {
            // Not awaiting a hand (cannot happen while a deal is scheduled): nothing to deal.
            return;
        }
        self.turn = self.turn.wrapping_add(1);
        // Friends who joined during the last hand sit from this one on.
        self.seat_claims(now);
        self.refresh_clock(now);
        self.send_views(now);
    }

    /// The AI move the driver should compute now, if an AI plays the seat to move.
    pub fn ai_request(&self) -> Option<AiRequest> {
        let seat = self.seat_to_move()?;
        let Controller::Ai(level) = self.controller(seat) else {
            return None;
        };
        self.play.as_ref()?.seated.request(seat, level).ok()
    }

    /// Applies an AI move computed for `request`; refused ([`ErrorCode::Stale`]) if the game moved
    /// on or the seat is no longer the AI's, and by the engine if it is not legal.
    pub fn apply_ai(
        &mut self,
        request: &AiRequest,
        action: Action,
        now: u64,
    ) -> Result<Vec<super::Outgoing>, ErrorCode> {
        if self.stage != Stage::Playing
            || !matches!(self.controller(request.seat), Controller::Ai(_))
        {
            return Err(ErrorCode::Stale);
        }
        // An AI standing in for an absent person moves for them: the record marks it.
        let stands_in = matches!(
            self.seats.get(usize::from(request.seat)),
            Some(Occupant::Person(_))
        );
        let play = self.play.as_mut().ok_or(ErrorCode::Stale)?;
        play.seated
            .apply_ai(request, action, stands_in)
            .map_err(refused)?;
        self.after_move(request.seat, action, now);
        Ok(super::table_out(self))
    }

    /// Who plays some seat changed (the absence policy changed): AI answers computed before are
    /// stale, and the clock follows the seat's new player.
    pub(super) fn controllers_changed(&mut self, now: u64) {
        if let Some(play) = self.play.as_mut() {
            play.seated.invalidate();
        }
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
        let game = play.seated.game();
        // The engine's own observation, even once the match is over (a match given up keeps its
        // last deal's moves in the view, so a client can check the view against its record); the
        // table takes no move then.
        let observation = game.game().observation(seat);
        Some(GameView {
            awaiting_next_hand: self.stage == Stage::Playing && game.awaiting_next_hand(),
            can_undo: self.undo_target(member).is_ok(),
            can_resign: self.stage == Stage::Playing && self.seated_alone(member),
            undos: play.undos,
            observation,
            standing: game.standing().clone(),
            hand: game.hand_number(),
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
        let game = play.seated.game();
        let sides = &game.standing().sides;
        if let Some(seat) = play.resigned {
            // Given up: the other sides win.
            return Some(
                sides
                    .iter()
                    .filter(|side| !side.contains(&seat))
                    .flatten()
                    .copied()
                    .collect(),
            );
        }
        let winners = game.outcome().map_or(Vec::new(), |o| {
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
        let game = play.seated.game();
        let message = ServerMessage::MatchOver {
            record: game.record(),
            standing: game.standing().clone(),
            outcome: game.outcome().cloned(),
            resigned: play.resigned,
        };
        self.send(conn, message);
    }
}

/// The runner's refusal as the protocol's error.
fn refused(error: SeatError) -> ErrorCode {
    match error {
        SeatError::NotYourTurn => ErrorCode::NotYourTurn,
        SeatError::HandOver => ErrorCode::Illegal {
            reason: IllegalAction::HandOver,
        },
        SeatError::Stale => ErrorCode::Stale,
        SeatError::Match(MatchError::Illegal { error }) => ErrorCode::Illegal { reason: error },
        SeatError::Match(reason) => ErrorCode::BadMatch { reason },
    }
}
