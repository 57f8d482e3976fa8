//! Chat at the table: seated people write short lines or quick phrases, rate-limited per person (a new
//! connection does not reset it); each person may mute another (a mute only changes what the muting
//! person receives).

use briscola::Seat;

use super::Table;
use super::members::{MemberId, Occupant};
use crate::protocol::{ChatBody, ChatSender, ErrorCode, ServerMessage};

impl Table {
    pub(super) fn chat(
        &mut self,
        member: MemberId,
        chat: ChatBody,
        now: u64,
    ) -> Result<(), ErrorCode> {
        let seat = self.seat_of(member).ok_or(ErrorCode::NotSeated)?;
        self.members
            .get_mut(&member)
            .ok_or(ErrorCode::NotJoined)?
            .chat
            .take(now)
            .map_err(|retry_ms| ErrorCode::RateLimited { retry_ms })?;
        let chat = match chat {
            ChatBody::Text { text } => ChatBody::Text {
                text: crate::text::chat_line(&text)?,
            },
            phrase @ ChatBody::Phrase { .. } => phrase,
        };
        let name = self
            .members
            .get(&member)
            .map(|m| m.name.clone())
            .unwrap_or_default();
        let message = ServerMessage::Chat {
            from: ChatSender { seat, name },
            chat,
        };
        let recipients: Vec<_> = self
            .members
            .values()
            .filter(|m| !m.muted.contains(&member))
            .filter_map(|m| m.conn)
            .collect();
        for to in recipients {
            self.send(to, message.clone());
        }
        Ok(())
    }

    pub(super) fn mute(
        &mut self,
        member: MemberId,
        seat: Seat,
        muted: bool,
    ) -> Result<(), ErrorCode> {
        let target = match self.seats.get(usize::from(seat)) {
            None => return Err(ErrorCode::NoSuchSeat { seat }),
            Some(Occupant::Person(target)) if *target != member => *target,
            Some(_) => return Err(ErrorCode::NoPerson { seat }),
        };
        let m = self.members.get_mut(&member).ok_or(ErrorCode::NotJoined)?;
        if muted {
            m.muted.insert(target);
        } else {
            m.muted.remove(&target);
        }
        let conn = m.conn;
        if let Some(conn) = conn {
            self.send(conn, ServerMessage::Muted { seat, muted });
        }
        Ok(())
    }
}
