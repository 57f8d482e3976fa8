//! Friends joining a match in progress: a match against the computer (or any match with AI seats)
//! that the host opened ([`crate::ClientMessage::OpenSeats`]) takes newcomers, each for an AI's seat.
//!
//! A newcomer *claims* the lowest-numbered AI seat nobody else claimed and waits, a member without a
//! seat: public events and chat reach them, no seat's view does. The AI plays the seat to the end
//! of the hand; when the next hand is dealt every connected newcomer sits at the seat they claimed.
//! A newcomer not connected at that deal loses the claim, so nobody given the code can hold AI
//! seats by joining and vanishing; back at a table still open, they claim the next free AI seat. A
//! friend sitting this way remembers the AI level whose seat it was: if they leave before the
//! table is back in the lobby, that level plays the seat again at once. If the match ends first,
//! the claims lapse and the newcomers stay as watchers; after Play again everyone is in the lobby
//! as after any match, and the AI levels the friends replaced are forgotten.
//!
//! Deliberately absent: taking a person's seat (dropped or not: theirs is kept for them), choosing
//! which AI seat to take, and taking it in the middle of a hand (the AI's hand is its own until the
//! hand is over, so no hand ever changes its player's knowledge halfway).

use briscola::Seat;

use super::Table;
use super::members::{MemberId, Occupant};
use crate::protocol::Stage;

impl Table {
    /// The host opens the match in progress to newcomers, or closes it; claims already made stand.
    pub(super) fn open_seats(&mut self, open: bool) {
        self.open_seats = open;
        self.broadcast_lobby();
    }

    /// A member back at the table during an open match, without a seat or a claim (their claim
    /// lapsed while they were away): they wait for the next free AI seat, if there is one.
    pub(super) fn claim_again(&mut self, member: MemberId) {
        if self.stage != Stage::Playing || !self.open_seats || self.seat_of(member).is_some() {
            return;
        }
        let free = self.free_ai_seat();
        if let Some(m) = self.members.get_mut(&member)
            && m.claim.is_none()
        {
            m.claim = free;
        }
    }

    /// The seat a newcomer joining now would wait for: the lowest-numbered AI seat nobody claimed.
    pub(super) fn free_ai_seat(&self) -> Option<Seat> {
        let claimed: Vec<Seat> = self.members.values().filter_map(|m| m.claim).collect();
        self.seats
            .iter()
            .enumerate()
            .map(|(seat, occupant)| (seat as Seat, occupant))
            .find(|(seat, occupant)| matches!(occupant, Occupant::Ai(_)) && !claimed.contains(seat))
            .map(|(seat, _)| seat)
    }

    /// A hand was just dealt: every connected newcomer sits at the AI seat they claimed, and is told
    /// their seat (their view follows with everyone's).
    pub(super) fn seat_claims(&mut self, now: u64) {
        // Claims of newcomers not here at the deal lapse: the seat is free for the next friend.
        let mut lapsed = false;
        for member in self.members.values_mut() {
            if member.conn.is_none() && member.claim.take().is_some() {
                lapsed = true;
            }
        }
        if lapsed {
            self.broadcast_lobby();
        }
        let due: Vec<(MemberId, Seat)> = self
            .members
            .iter()
            .filter(|(_, m)| m.conn.is_some())
            .filter_map(|(&id, m)| m.claim.map(|seat| (id, seat)))
            .collect();
        let mut seated = Vec::new();
        for (id, seat) in due {
            let occupant = self.seats.get_mut(usize::from(seat));
            let Some(member) = self.members.get_mut(&id) else {
                continue;
            };
            member.claim = None;
            // A claim names an AI seat by construction; one that does not simply lapses.
            if let Some(occupant) = occupant
                && let Occupant::Ai(level) = *occupant
            {
                *occupant = Occupant::Person(id);
                member.seat = Some(seat);
                member.seat_ai = Some(level);
                seated.push(id);
            }
        }
        if seated.is_empty() {
            return;
        }
        // A person plays these seats now: AI answers computed before are stale.
        self.controllers_changed(now);
        self.broadcast_lobby();
        for id in seated {
            self.welcome(id);
        }
    }

    /// `member` leaves a seat they took from an AI: its level plays it again at once, and they are
    /// forgotten as anyone leaving the lobby is. Whether they had taken their seat so.
    pub(super) fn give_seat_back(&mut self, member: MemberId, now: u64) -> bool {
        let Some((seat, level)) = self
            .members
            .get(&member)
            .filter(|_| member != self.host)
            .and_then(|m| m.seat.zip(m.seat_ai))
        else {
            return false;
        };
        self.forget(member);
        if let Some(occupant) = self.seats.get_mut(usize::from(seat)) {
            *occupant = Occupant::Ai(level);
        }
        if self.stage == Stage::Playing {
            self.controllers_changed(now);
            // They may have been the last one the next hand waited for.
            self.deal_if_everyone_asked(now);
        }
        self.broadcast_lobby();
        true
    }

    /// The match is over before the next deal: the claims lapse, the newcomers stay as watchers.
    pub(super) fn lapse_claims(&mut self) {
        for member in self.members.values_mut() {
            member.claim = None;
        }
    }

    /// Back in the lobby: the seats friends took are theirs like any, the AI levels forgotten.
    pub(super) fn forget_seat_ais(&mut self) {
        for member in self.members.values_mut() {
            member.seat_ai = None;
        }
    }
}
