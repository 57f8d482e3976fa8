//! What a table offers between hands and to a person playing the computer alone: asking for the next
//! hand, taking a move back and giving the match up.
//!
//! The next hand is dealt when every connected person at a seat asked for it, or — unless the table
//! deals only when asked ([`super::TableSettings::deal_when_asked`], a table with the computer) —
//! after the pause. Taking back and resigning are for *the one person seated*: at a table with
//! friends nobody's move disappears and nobody ends the match for the others; a friend who cannot
//! go on leaves, and their seat is waited for or played as the host chose.
//!
//! Deliberately absent: taking back a move of an earlier hand (the hand's summary was shown, the
//! standing counted) and a resign that leaves the table open for more moves.

use briscola::{Deal, Game, Seat};

use super::Table;
use super::members::{MemberId, Occupant};
use crate::protocol::{ErrorCode, PublicEvent, ServerMessage, Stage};

impl Table {
    /// Whether exactly one seat is a person's, and it is `member`'s.
    pub(super) fn seated_alone(&self, member: MemberId) -> bool {
        let mut people = self.seats.iter().filter_map(|o| match o {
            Occupant::Person(id) => Some(*id),
            _ => None,
        });
        people.next() == Some(member) && people.next().is_none()
    }

    /// `member`'s seat if the match is on and they are the one person seated.
    fn alone_in_play(&self, member: MemberId) -> Result<Seat, ErrorCode> {
        if self.stage != Stage::Playing {
            return Err(ErrorCode::NotPlaying);
        }
        let seat = self.seat_of(member).ok_or(ErrorCode::NotSeated)?;
        if !self.seated_alone(member) {
            return Err(ErrorCode::NotAlone);
        }
        Ok(seat)
    }

    /// A person asks for the next hand; once every connected person at a seat did, it is dealt.
    pub(super) fn ask_next_hand(&mut self, member: MemberId, now: u64) -> Result<(), ErrorCode> {
        if self.stage != Stage::Playing {
            return Err(ErrorCode::NotPlaying);
        }
        let seat = self.seat_of(member).ok_or(ErrorCode::NotSeated)?;
        let play = self.play.as_mut().ok_or(ErrorCode::NotPlaying)?;
        if !play.seated.game().awaiting_next_hand() {
            return Err(ErrorCode::HandNotOver);
        }
        play.asked.insert(seat);
        self.deal_if_everyone_asked(now);
        Ok(())
    }

    /// Deals the next hand at once if the last one is over and every connected person at a seat
    /// (there is one at least) asked for it.
    pub(super) fn deal_if_everyone_asked(&mut self, now: u64) {
        let present: Vec<Seat> = self.connected_people_seats();
        let Some(play) = self.play.as_mut() else {
            return;
        };
        let everyone = !present.is_empty() && present.iter().all(|s| play.asked.contains(s));
        if self.stage == Stage::Playing && play.seated.game().awaiting_next_hand() && everyone {
            play.next_deal_at = Some(now);
            self.deal_if_due(now);
        }
    }

    /// The seats of the people connected now.
    fn connected_people_seats(&self) -> Vec<Seat> {
        self.members
            .values()
            .filter(|m| m.conn.is_some())
            .filter_map(|m| m.seat)
            .collect()
    }

    /// How many moves of the current hand to keep to take back `seat`'s last one; `None` when the
    /// table does not allow it now.
    pub(super) fn undo_target(&self, member: MemberId) -> Result<usize, ErrorCode> {
        if !self.settings.undo {
            return Err(ErrorCode::UndoOff);
        }
        let seat = self.alone_in_play(member)?;
        let play = self.play.as_ref().ok_or(ErrorCode::NotPlaying)?;
        let record = play.seated.game().record();
        let hand = record.hands.last().ok_or(ErrorCode::NothingToUndo)?;
        let mut game = Game::new(record.ruleset, hand.dealer, &Deal::Order(hand.deal.clone()))
            .map_err(|_| ErrorCode::NothingToUndo)?;
        let mut last_yours = None;
        for (i, &action) in hand.actions.iter().enumerate() {
            if game.to_move() == seat {
                last_yours = Some(i);
            }
            game.apply(action).map_err(|_| ErrorCode::NothingToUndo)?;
        }
        last_yours.ok_or(ErrorCode::NothingToUndo)
    }

    /// Takes back `member`'s last move of the hand and every move after it.
    pub(super) fn undo(&mut self, member: MemberId, now: u64) -> Result<(), ErrorCode> {
        let keep = self.undo_target(member)?;
        let seat = self.alone_in_play(member)?;
        let play = self.play.as_mut().ok_or(ErrorCode::NotPlaying)?;
        play.seated
            .take_back(keep)
            .map_err(|_| ErrorCode::NothingToUndo)?;
        play.undos = play.undos.saturating_add(1);
        // The hand is on again, whatever was scheduled for its end.
        play.next_deal_at = None;
        play.asked.clear();
        self.turn = self.turn.wrapping_add(1);
        self.broadcast(&ServerMessage::Event {
            event: PublicEvent::TookBack { seat },
        });
        self.refresh_clock(now);
        self.send_views(now);
        Ok(())
    }

    /// `member` gives the match up: it is over at once.
    pub(super) fn resign(&mut self, member: MemberId, now: u64) -> Result<(), ErrorCode> {
        let seat = self.alone_in_play(member)?;
        let play = self.play.as_mut().ok_or(ErrorCode::NotPlaying)?;
        play.resigned = Some(seat);
        play.next_deal_at = None;
        // An AI answer being computed is stale now.
        play.seated.invalidate();
        self.broadcast(&ServerMessage::Event {
            event: PublicEvent::Resigned { seat },
        });
        self.end_match(now);
        Ok(())
    }
}
