//! The lobby: seats, teams, ready flags, the host's settings, and the start.
//!
//! Partnerships are the engine's (seats of the same parity play together): a person chooses a team by
//! choosing a seat, or with [`crate::ClientMessage::Team`]; the host may have the seats shuffled at the
//! start instead ("random partnerships"). Rules and format are fixed when the table is created.

use briscola::{Seat, SeatedMatch};

use super::members::{MemberId, Occupant};
use super::{MatchSeeds, Play, Table};
use crate::protocol::{
    Absence, ErrorCode, LobbyView, PublicEvent, SeatChoice, SeatView, ServerMessage, SettingsView,
    Stage, StartProblem, WaitingView,
};
use crate::timer::{MAX_SECONDS, MIN_SECONDS};

/// Checks a host's timer setting.
pub(super) fn check_timer(seconds: Option<u16>) -> Result<(), ErrorCode> {
    match seconds {
        Some(s) if !(MIN_SECONDS..=MAX_SECONDS).contains(&s) => Err(ErrorCode::BadTimer {
            min: MIN_SECONDS,
            max: MAX_SECONDS,
        }),
        _ => Ok(()),
    }
}

impl Table {
    fn in_lobby(&self) -> Result<(), ErrorCode> {
        if self.stage == Stage::Lobby {
            Ok(())
        } else {
            Err(ErrorCode::NotInLobby)
        }
    }

    fn seat_index(&self, seat: Seat) -> Result<usize, ErrorCode> {
        let index = usize::from(seat);
        if index < self.seats.len() {
            Ok(index)
        } else {
            Err(ErrorCode::NoSuchSeat { seat })
        }
    }

    /// Moves a member to an empty seat.
    fn move_to(&mut self, member: MemberId, seat: Option<Seat>) {
        let Some(m) = self.members.get_mut(&member) else {
            return;
        };
        if let Some(old) = m.seat
            && let Some(o) = self.seats.get_mut(usize::from(old))
        {
            *o = Occupant::Empty;
        }
        m.seat = seat;
        m.ready = false;
        if let Some(seat) = seat
            && let Some(o) = self.seats.get_mut(usize::from(seat))
        {
            *o = Occupant::Person(member);
        }
        self.broadcast_lobby();
    }

    pub(super) fn sit(&mut self, member: MemberId, seat: Seat) -> Result<(), ErrorCode> {
        self.in_lobby()?;
        let index = self.seat_index(seat)?;
        match self.seats[index] {
            Occupant::Person(m) if m == member => Ok(()),
            Occupant::Empty => {
                self.move_to(member, Some(seat));
                Ok(())
            }
            _ => Err(ErrorCode::SeatTaken { seat }),
        }
    }

    pub(super) fn stand(&mut self, member: MemberId) -> Result<(), ErrorCode> {
        self.in_lobby()?;
        if member == self.host {
            return Err(ErrorCode::HostStays);
        }
        if self.seat_of(member).is_none() {
            return Err(ErrorCode::NotSeated);
        }
        self.move_to(member, None);
        Ok(())
    }

    pub(super) fn choose_team(&mut self, member: MemberId, team: u8) -> Result<(), ErrorCode> {
        self.in_lobby()?;
        let rules = self.settings.ruleset;
        if rules.fixed_team(0).is_none() {
            return Err(ErrorCode::NoTeams);
        }
        let current = self.seat_of(member);
        if current.and_then(|s| rules.fixed_team(s)) == Some(team) {
            return Ok(());
        }
        let seat = (0..rules.players)
            .find(|&s| {
                rules.fixed_team(s) == Some(team) && self.seats[usize::from(s)] == Occupant::Empty
            })
            .ok_or(ErrorCode::TeamFull { team })?;
        self.move_to(member, Some(seat));
        Ok(())
    }

    pub(super) fn set_ready(&mut self, member: MemberId, ready: bool) -> Result<(), ErrorCode> {
        self.in_lobby()?;
        let m = self.members.get_mut(&member).ok_or(ErrorCode::NotJoined)?;
        if m.seat.is_none() {
            return Err(ErrorCode::NotSeated);
        }
        m.ready = ready;
        self.broadcast_lobby();
        Ok(())
    }

    pub(super) fn set_seat(&mut self, seat: Seat, choice: SeatChoice) -> Result<(), ErrorCode> {
        self.in_lobby()?;
        let index = self.seat_index(seat)?;
        if matches!(self.seats[index], Occupant::Person(_)) {
            return Err(ErrorCode::SeatTaken { seat });
        }
        self.seats[index] = match choice {
            SeatChoice::Open => Occupant::Empty,
            SeatChoice::Ai { level } => Occupant::Ai(level),
        };
        self.broadcast_lobby();
        Ok(())
    }

    pub(super) fn remove(&mut self, seat: Seat) -> Result<(), ErrorCode> {
        self.in_lobby()?;
        let index = self.seat_index(seat)?;
        let Occupant::Person(member) = self.seats[index] else {
            return Err(ErrorCode::NoPerson { seat });
        };
        if member == self.host {
            return Err(ErrorCode::HostStays);
        }
        let conn = self.members.get(&member).and_then(|m| m.conn);
        self.forget(member);
        if let Some(conn) = conn {
            self.send(conn, ServerMessage::Removed);
        }
        self.broadcast_lobby();
        Ok(())
    }

    pub(super) fn set_timer(&mut self, seconds: Option<u16>) -> Result<(), ErrorCode> {
        self.in_lobby()?;
        check_timer(seconds)?;
        self.settings.turn_seconds = seconds;
        self.timer.set_seconds(seconds);
        self.broadcast_lobby();
        Ok(())
    }

    pub(super) fn set_absence(&mut self, absence: Absence, now: u64) -> Result<(), ErrorCode> {
        let changed = self.settings.absence != absence;
        self.settings.absence = absence;
        if self.stage == Stage::Playing {
            self.controllers_changed(now);
        }
        self.broadcast_lobby();
        if changed && self.stage == Stage::Playing {
            let absent = self.absent_seats();
            self.broadcast(&ServerMessage::Event {
                event: PublicEvent::AbsenceChanged { absence, absent },
            });
        }
        Ok(())
    }

    /// The seats of the people whose connection is down.
    fn absent_seats(&self) -> Vec<Seat> {
        (0..)
            .zip(&self.seats)
            .filter_map(|(seat, o)| match o {
                Occupant::Person(id) => self
                    .members
                    .get(id)
                    .is_some_and(|m| m.conn.is_none())
                    .then_some(seat),
                _ => None,
            })
            .collect()
    }

    pub(super) fn set_seating(&mut self, random: bool) -> Result<(), ErrorCode> {
        self.in_lobby()?;
        self.settings.random_seats = random;
        self.broadcast_lobby();
        Ok(())
    }

    /// Why the match cannot start, if it cannot.
    fn start_problem(&self) -> Option<StartProblem> {
        self.seats.iter().enumerate().find_map(|(seat, o)| {
            let seat = seat as Seat;
            match o {
                Occupant::Empty => Some(StartProblem::EmptySeat { seat }),
                Occupant::Person(m) if *m != self.host => {
                    let ready = self.members.get(m).is_some_and(|m| m.ready);
                    (!ready).then_some(StartProblem::NotReady { seat })
                }
                _ => None,
            }
        })
    }

    pub(super) fn start(&mut self, now: u64) -> Result<(), ErrorCode> {
        self.in_lobby()?;
        if let Some(problem) = self.start_problem() {
            return Err(ErrorCode::CannotStart { problem });
        }
        let unavailable = |_| ErrorCode::Unavailable;
        let mut seats = self.seats.clone();
        if self.settings.random_seats {
            for i in (1..seats.len()).rev() {
                let j = self.entropy.below(i + 1).map_err(unavailable)?;
                seats.swap(i, j);
            }
        }
        let seeds = match self.next_match {
            Some(seeds) => seeds,
            None => MatchSeeds {
                deal: self.entropy.u64().map_err(unavailable)?,
                ai: self.entropy.u64().map_err(unavailable)?,
                dealer: self.entropy.below(seats.len()).map_err(unavailable)? as Seat,
            },
        };
        let seated = SeatedMatch::new(
            self.settings.ruleset,
            self.settings.format,
            seeds.dealer,
            seeds.deal,
            seeds.ai,
        )
        .map_err(|reason| ErrorCode::BadMatch { reason })?;
        self.next_match = None;
        self.begin(seats, Play::new(seated), now);
        Ok(())
    }

    /// Starts the match `record` holds where it stopped (a match against the computer saved when
    /// the app closed), its AI seats deciding from `ai_seed` as before, `undos` moves taken back so
    /// far; the seats as they are. Refused unless every seat is taken and the record is of these
    /// rules, replays and is not over.
    pub fn resume_match(
        &mut self,
        record: &briscola::MatchRecord,
        ai_seed: u64,
        undos: u32,
        now: u64,
    ) -> Result<(), ErrorCode> {
        self.in_lobby()?;
        if let Some(problem) = self.start_problem() {
            return Err(ErrorCode::CannotStart { problem });
        }
        if record.ruleset != self.settings.ruleset || record.format != self.settings.format {
            return Err(ErrorCode::BadSave);
        }
        let seated = SeatedMatch::resume(record, ai_seed).map_err(|_| ErrorCode::BadSave)?;
        if seated.game().outcome().is_some() {
            return Err(ErrorCode::BadSave);
        }
        let play = Play {
            undos,
            ..Play::new(seated)
        };
        self.begin(self.seats.clone(), play, now);
        Ok(())
    }

    /// The match is on, with `seats` taken as given.
    fn begin(&mut self, seats: Vec<Occupant>, mut play: Play, now: u64) {
        if self.settings.deal_when_asked || !play.seated.game().awaiting_next_hand() {
            play.next_deal_at = None;
        } else {
            play.next_deal_at = Some(now.saturating_add(super::HAND_PAUSE_MS));
        }
        self.seats = seats;
        for (seat, occupant) in self.seats.iter().enumerate() {
            if let Occupant::Person(m) = occupant
                && let Some(member) = self.members.get_mut(m)
            {
                member.seat = Some(seat as Seat);
            }
        }
        self.play = Some(play);
        self.stage = Stage::Playing;
        self.turn = self.turn.wrapping_add(1);
        self.broadcast_lobby();
        // Seats may have moved: everyone learns their seat again.
        let ids: Vec<MemberId> = self.members.keys().copied().collect();
        for id in ids {
            self.welcome(id);
        }
        self.refresh_clock(now);
        self.send_views(now);
    }

    /// Back to the lobby after the match, for another at the same table: the same people at the
    /// same seats and the same AI levels, nobody ready, the timer's expiries forgotten (the timer
    /// itself as it was at the end, off if everyone agreed to turn it off); a friend who took an AI's
    /// seat during the match keeps it as any seat.
    pub(super) fn play_again(&mut self) -> Result<(), ErrorCode> {
        if self.stage != Stage::Over {
            return Err(ErrorCode::NotOver);
        }
        self.play = None;
        self.stage = Stage::Lobby;
        self.timer = crate::timer::TurnTimer::new(self.timer.seconds());
        for member in self.members.values_mut() {
            member.ready = false;
        }
        self.forget_seat_ais();
        self.broadcast_lobby();
        Ok(())
    }

    /// Closes the table: everyone connected is told why; the driver then ends it.
    pub(super) fn close(&mut self) {
        let reason = crate::protocol::ClosedReason::HostClosed;
        let everyone: Vec<super::ConnId> = self.conns.keys().copied().collect();
        for conn in everyone {
            self.send(conn, ServerMessage::Closed { reason });
        }
        self.closed = true;
    }

    /// The table as everyone sees it.
    pub fn lobby_view(&self) -> LobbyView {
        let rules = self.settings.ruleset;
        LobbyView {
            code: self.code.display(),
            stage: self.stage,
            settings: SettingsView {
                ruleset: rules,
                format: self.settings.format,
                turn_seconds: self.timer.seconds(),
                absence: self.settings.absence,
                random_seats: self.settings.random_seats,
                name: self.settings.name.clone(),
                hints: self.settings.hints,
                undo: self.settings.undo,
                deal_when_asked: self.settings.deal_when_asked,
                open_seats: self.open_seats,
            },
            seats: self
                .seats
                .iter()
                .map(|o| match o {
                    Occupant::Empty => SeatView::Empty,
                    Occupant::Ai(level) => SeatView::Ai { level: *level },
                    Occupant::Person(id) => match self.members.get(id) {
                        Some(m) => SeatView::Person {
                            name: m.name.clone(),
                            ready: m.ready,
                            connected: m.conn.is_some(),
                            host: *id == self.host,
                        },
                        None => SeatView::Empty,
                    },
                })
                .collect(),
            watchers: self
                .members
                .values()
                .filter(|m| m.seat.is_none())
                .map(|m| m.name.clone())
                .collect(),
            teams: rules.fixed_team(0).map(|_| {
                (0..rules.players)
                    .filter_map(|s| rules.fixed_team(s))
                    .collect()
            }),
            waiting: {
                let mut waiting: Vec<WaitingView> = self
                    .members
                    .values()
                    .filter_map(|m| {
                        m.claim.map(|seat| WaitingView {
                            name: m.name.clone(),
                            seat,
                        })
                    })
                    .collect();
                waiting.sort_by_key(|w| w.seat);
                waiting
            },
        }
    }

    /// Sends everyone the table if it changed since it was last sent (so a flood of refused or
    /// invisible moves sends the others nothing); whether it did.
    pub(super) fn broadcast_lobby(&mut self) -> bool {
        let lobby = self.lobby_view();
        if self.last_lobby.as_ref() == Some(&lobby) {
            return false;
        }
        self.last_lobby = Some(lobby.clone());
        self.broadcast(&ServerMessage::Lobby { lobby });
        true
    }

    /// The timer changed during the match.
    pub(super) fn announce_timer(&mut self) {
        let seconds = self.timer.seconds();
        self.broadcast(&ServerMessage::Event {
            event: PublicEvent::TimerChanged { seconds },
        });
    }
}
