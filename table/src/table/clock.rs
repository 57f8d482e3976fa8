//! The turn timer at the table: which seat it runs for, the warning, the move played at expiry, and
//! turning it off by agreement.
//!
//! The policy at expiry: the engine's **Medium** AI chooses for the seat, from that seat's own
//! observation. Medium plays like an attentive player (leads a worthless card, wins a rich trick with
//! the cheapest card that does, keeps trumps, feeds a partner), so a player whose time ran out loses
//! as little as a sensible move can, and neither side gains from the timer; it is deterministic for
//! the match's seeds and fast enough to run inside a tick. "The lowest card" would often throw away a
//! trump or refuse a trick worth taking, and Hard would need a thread.

use briscola::Rng;
use briscola::ai::{self, AgentConfig, Level};

use super::members::{MemberId, Occupant};
use super::{Controller, Table};
use crate::protocol::{ErrorCode, PublicEvent, ServerMessage, Stage};
use crate::timer::Alarm;

/// The level that plays for a person whose time ran out.
pub const EXPIRY_LEVEL: Level = Level::Medium;

/// Keeps the timer's decisions apart from the AI seats' random streams.
const EXPIRY_STREAM: u64 = 0x7469_6d65_7220_6f75;

impl Table {
    /// Makes the clock run for the seat to move if a person plays it, else stops it.
    pub(super) fn refresh_clock(&mut self, now: u64) {
        let turn = self
            .seat_to_move()
            .filter(|&seat| self.controller(seat) == Controller::Person)
            .map(|seat| (seat, self.turn));
        self.timer.run_for(turn, now);
    }

    /// Warns, or plays for a seat whose time is up.
    pub(super) fn clock_tick(&mut self, now: u64) {
        if self.stage != Stage::Playing {
            return;
        }
        match self.timer.poll(now) {
            Some(Alarm::Warn { seat, remaining_ms }) => {
                self.broadcast(&ServerMessage::TimerWarning { seat, remaining_ms });
            }
            Some(Alarm::Expired { seat }) => self.expire(seat, now),
            None => {}
        }
    }

    /// Time is up for `seat`: the [`EXPIRY_LEVEL`] AI moves for it, and the record marks the move as
    /// made for the person.
    fn expire(&mut self, seat: briscola::Seat, now: u64) {
        if self.seat_to_move() != Some(seat) || self.controller(seat) != Controller::Person {
            return;
        }
        let Some(play) = self.play.as_ref() else {
            return;
        };
        let seated = &play.seated;
        let observation = seated.game().game().observation(seat);
        let config = AgentConfig {
            stakes: seated.game().stakes(),
            ..AgentConfig::new(
                EXPIRY_LEVEL,
                Rng::derive_seed(seated.ai_seed() ^ EXPIRY_STREAM, seated.moves()),
            )
        };
        let chosen = ai::agent_with(config).choose(&observation).action;
        // The AI only chooses legal moves; should the engine refuse one, the first legal move.
        let game = seated.game().game();
        let Some(action) = Some(chosen)
            .filter(|&a| game.is_legal(a))
            .or_else(|| observation.legal_actions.first().copied())
        else {
            return;
        };
        let short = self.timer.count_expiry(seat);
        let expiries = self.timer.expiries(seat);
        // Announced before the move, so a user interface shows it as the table's, not the player's.
        self.broadcast(&ServerMessage::AutoPlayed {
            seat,
            action,
            expiries,
        });
        if self.play_for(seat, action, now).is_err() {
            return;
        }
        if short {
            self.broadcast(&ServerMessage::Event {
                event: PublicEvent::ShortTimer { seat },
            });
        }
    }

    /// A person proposes (or agrees to) turning the timer off; it goes off when every seated person
    /// agrees.
    pub(super) fn agree_timer_off(
        &mut self,
        member: MemberId,
        propose: bool,
        now: u64,
    ) -> Result<(), ErrorCode> {
        let seat = self.seat_of(member).ok_or(ErrorCode::NotSeated)?;
        if self.timer.seconds().is_none() {
            return Err(ErrorCode::TimerIsOff);
        }
        if !propose && !self.timer.proposal_open() {
            return Err(ErrorCode::NoProposal);
        }
        let agreed = self.timer.agree_off(seat);
        self.broadcast(&ServerMessage::Event {
            event: PublicEvent::TimerOffProposed { by: seat, agreed },
        });
        let people: Vec<briscola::Seat> = self
            .seats
            .iter()
            .enumerate()
            .filter(|(_, o)| matches!(o, Occupant::Person(_)))
            .map(|(s, _)| s as briscola::Seat)
            .collect();
        if self.timer.all_agree(&people) {
            self.timer.set_seconds(None);
            self.settings.turn_seconds = None;
            self.refresh_clock(now);
            self.announce_timer();
            self.broadcast_lobby();
        }
        Ok(())
    }
}
