//! People and connections: joining with the code, rejoining with a token, leaving, dropped
//! connections. A *member* is a person who joined (a name and a token, a seat or none); a *connection*
//! is the transport's, joined to at most one member.

use std::collections::BTreeSet;
use std::net::IpAddr;

use briscola::Seat;
use briscola::ai::Level;

use super::{ConnId, Table};
use crate::limit::Bucket;
use crate::protocol::{ErrorCode, PublicEvent, ServerMessage, Stage};
use crate::secret::SeatToken;

/// A member's number at the table (never reused).
pub(super) type MemberId = u32;

/// Most people at a table at once, seated or not.
pub const MAX_MEMBERS: usize = 12;

/// Chat lines per person (kept with the person, so a new connection does not refill it): 5 at once,
/// then one a second.
const CHAT_BURST: u32 = 5;
const CHAT_INTERVAL_MS: u64 = 1_000;

/// The highest member number a table hands out; past it, nobody else may join.
pub(super) const LAST_MEMBER: MemberId = MemberId::MAX - 1;

/// Who sits at a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Occupant {
    Empty,
    Person(MemberId),
    Ai(Level),
}

/// A person at the table.
#[derive(Debug)]
pub(super) struct Member {
    pub name: String,
    pub token: SeatToken,
    pub conn: Option<ConnId>,
    pub seat: Option<Seat>,
    pub ready: bool,
    /// Members whose chat this one does not receive.
    pub muted: BTreeSet<MemberId>,
    /// The person's chat limit.
    pub chat: Bucket,
    /// The AI seat this person waits for, having joined the match in progress: they take it when
    /// the next hand is dealt.
    pub claim: Option<Seat>,
    /// The AI level whose seat this person took during the match: it plays the seat again if they
    /// leave before the table is back in the lobby.
    pub seat_ai: Option<Level>,
}

impl Member {
    /// A person just joined (or brought back from a snapshot), with a full chat limit.
    pub fn new(name: String, token: SeatToken, seat: Option<Seat>) -> Member {
        Member {
            name,
            token,
            conn: None,
            seat,
            ready: false,
            muted: BTreeSet::new(),
            chat: Bucket::new(CHAT_BURST, CHAT_INTERVAL_MS),
            claim: None,
            seat_ai: None,
        }
    }
}

/// A transport connection.
#[derive(Debug)]
pub(super) struct Conn {
    pub address: IpAddr,
    pub member: Option<MemberId>,
}

impl Conn {
    pub fn new(address: IpAddr) -> Conn {
        Conn {
            address,
            member: None,
        }
    }
}

impl Table {
    /// The member joined on `conn`.
    pub(super) fn member_of(&self, conn: ConnId) -> Result<MemberId, ErrorCode> {
        self.conns
            .get(&conn)
            .and_then(|c| c.member)
            .ok_or(ErrorCode::NotJoined)
    }

    /// The seat of a member.
    pub(super) fn seat_of(&self, member: MemberId) -> Option<Seat> {
        self.members.get(&member).and_then(|m| m.seat)
    }

    /// Takes a join attempt from `conn`'s address, refused past the rate limit.
    fn limit_join(&mut self, conn: ConnId, now: u64) -> Result<(), ErrorCode> {
        let address = self
            .conns
            .get(&conn)
            .map(|c| c.address)
            .ok_or(ErrorCode::NotJoined)?;
        self.joins
            .take(address, now)
            .map_err(|retry_ms| ErrorCode::RateLimited { retry_ms })
    }

    pub(super) fn join(
        &mut self,
        conn: ConnId,
        code: &str,
        name: &str,
        now: u64,
    ) -> Result<(), ErrorCode> {
        self.limit_join(conn, now)?;
        if !self.code.matches(code) {
            return Err(ErrorCode::WrongCode);
        }
        if self.member_of(conn).is_ok() {
            return Err(ErrorCode::AlreadyJoined);
        }
        // During a match only a table the host opened takes newcomers, each for an AI's seat.
        let during_match = match self.stage {
            Stage::Lobby => false,
            Stage::Playing if self.open_seats => true,
            Stage::Playing | Stage::Over => return Err(ErrorCode::NotInLobby),
        };
        let name = crate::text::name(name)?;
        if self
            .members
            .values()
            .any(|m| crate::text::same_name(&m.name, &name))
        {
            return Err(ErrorCode::NameTaken);
        }
        if self.members.len() >= MAX_MEMBERS {
            return Err(ErrorCode::TableFull);
        }
        let claim = if during_match {
            Some(self.free_ai_seat().ok_or(ErrorCode::NoFreeSeat)?)
        } else {
            None
        };
        self.add_member(conn, name, claim).map(|_| ())
    }

    /// A new member on `conn`: waiting for the AI seat `claim` (joining the match in progress), or
    /// else at the first empty seat if there is one.
    pub(super) fn add_member(
        &mut self,
        conn: ConnId,
        name: String,
        claim: Option<Seat>,
    ) -> Result<MemberId, ErrorCode> {
        let token = SeatToken::generate(&mut self.entropy).map_err(|_| ErrorCode::Unavailable)?;
        let id = self.next_member;
        if id > LAST_MEMBER {
            return Err(ErrorCode::TableFull);
        }
        self.next_member = id + 1;
        let seat = match claim {
            Some(_) => None,
            None => self.seats.iter().position(|o| *o == Occupant::Empty),
        };
        if let Some(seat) = seat {
            self.seats[seat] = Occupant::Person(id);
        }
        let mut member = Member::new(name, token, seat.map(|s| s as Seat));
        member.conn = Some(conn);
        member.claim = claim;
        self.members.insert(id, member);
        if let Some(c) = self.conns.get_mut(&conn) {
            c.member = Some(id);
        }
        self.welcome(id);
        self.broadcast_lobby();
        Ok(id)
    }

    pub(super) fn welcome(&mut self, id: MemberId) {
        let Some(member) = self.members.get(&id) else {
            return;
        };
        let Some(conn) = member.conn else { return };
        let message = ServerMessage::Welcome {
            code: self.code.display(),
            token: member.token.to_hex(),
            seat: member.seat,
            host: id == self.host,
        };
        self.send(conn, message);
    }

    pub(super) fn rejoin(
        &mut self,
        conn: ConnId,
        code: &str,
        token: &str,
        now: u64,
    ) -> Result<(), ErrorCode> {
        self.limit_join(conn, now)?;
        if !self.code.matches(code) {
            return Err(ErrorCode::WrongCode);
        }
        // Every token is compared, so the time taken does not tell which one came close.
        let found = self
            .members
            .iter()
            .filter(|(_, m)| m.token.matches(token))
            .map(|(&id, _)| id)
            .fold(None, |_, id| Some(id));
        let id = found.ok_or(ErrorCode::BadToken)?;
        match self.member_of(conn) {
            Ok(current) if current == id => {}
            Ok(_) => return Err(ErrorCode::AlreadyJoined),
            Err(_) => {}
        }
        let old = self.members.get_mut(&id).and_then(|m| m.conn.replace(conn));
        if let Some(old) = old.filter(|&old| old != conn) {
            if let Some(c) = self.conns.get_mut(&old) {
                c.member = None;
            }
            self.send(old, ServerMessage::Replaced);
        }
        if let Some(c) = self.conns.get_mut(&conn) {
            c.member = Some(id);
        }
        self.claim_again(id);
        self.welcome(id);
        let seat = self.seat_of(id);
        if let (Some(seat), Stage::Playing, None) = (seat, self.stage, old) {
            self.broadcast(&ServerMessage::Event {
                event: PublicEvent::Reconnected { seat },
            });
        }
        if !self.broadcast_lobby() {
            let lobby = self.lobby_view();
            self.send(conn, ServerMessage::Lobby { lobby });
        }
        match self.stage {
            Stage::Lobby => {}
            Stage::Playing => {
                // Who plays the seat may change back from an AI stand-in to the person.
                self.presence_changed(now);
                self.send_view_to(id, now);
            }
            Stage::Over => self.send_match_over_to(id),
        }
        Ok(())
    }

    pub(super) fn leave(&mut self, member: MemberId, now: u64) -> Result<(), ErrorCode> {
        let watcher = self.seat_of(member).is_none();
        if self.stage != Stage::Lobby && !watcher {
            // A seat taken from an AI during the match goes back to it, and the person is gone.
            if self.give_seat_back(member, now) {
                return Ok(());
            }
            // Otherwise, during and after a match the seat is kept, as for a dropped connection;
            // the connection stays open, not joined.
            let conn = self.members.get(&member).and_then(|m| m.conn);
            if let Some(c) = conn.and_then(|conn| self.conns.get_mut(&conn)) {
                c.member = None;
            }
            self.detach(member, now);
            return Ok(());
        }
        if member == self.host {
            return Err(ErrorCode::HostStays);
        }
        self.forget(member);
        self.broadcast_lobby();
        Ok(())
    }

    /// Removes a member for good: its seat is freed, its token stops working; its connection stays,
    /// not joined.
    pub(super) fn forget(&mut self, member: MemberId) {
        let Some(gone) = self.members.remove(&member) else {
            return;
        };
        if let Some(seat) = gone.seat
            && let Some(occupant) = self.seats.get_mut(usize::from(seat))
        {
            *occupant = Occupant::Empty;
        }
        if let Some(conn) = gone.conn
            && let Some(c) = self.conns.get_mut(&conn)
        {
            c.member = None;
        }
        for other in self.members.values_mut() {
            other.muted.remove(&member);
        }
    }

    /// A connection is gone: its member keeps the seat.
    pub(super) fn drop_connection(&mut self, conn: ConnId, now: u64) {
        let Some(closed) = self.conns.remove(&conn) else {
            return;
        };
        let Some(id) = closed.member else { return };
        if self.members.get(&id).is_some_and(|m| m.conn == Some(conn)) {
            self.detach(id, now);
        }
    }

    /// A member is no longer connected; it keeps its seat and token.
    fn detach(&mut self, id: MemberId, now: u64) {
        let Some(member) = self.members.get_mut(&id) else {
            return;
        };
        member.conn = None;
        member.ready = false;
        let seat = member.seat;
        if let (Stage::Playing, Some(seat)) = (self.stage, seat) {
            self.broadcast(&ServerMessage::Event {
                event: PublicEvent::Disconnected { seat },
            });
            // An AI may now stand in for the seat.
            self.presence_changed(now);
        }
        self.broadcast_lobby();
    }
}
