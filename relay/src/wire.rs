//! The wire protocol's words: the request a connection makes in its URL's query string, the text
//! notices the relay sends, the host's one command, the framing of guests' streams on a host's
//! control connection, and the close codes. Shared by the relay and the links, so both ends read
//! the same words.
//!
//! Deliberately absent: any payload's meaning (a mux frame's payload is opaque).

use std::net::IpAddr;

use serde::{Deserialize, Serialize};
use tokio_tungstenite::tungstenite::{Bytes, Message};

use crate::nameplate::{Nameplate, NameplateError};

/// The longest query string accepted.
pub const MAX_QUERY: usize = 128;

/// What a connection asks for (`GET /?t=<nameplate>&r=<role>…`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `r=host`: a host's control connection.
    Host(Nameplate),
    /// `r=guest&i=<index>`: a guest asking for the host at `index`.
    Guest(Nameplate, usize),
}

/// Why a query string is not a request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RequestError {
    /// Longer than [`MAX_QUERY`].
    #[error("the query is too long")]
    TooLong,
    /// A pair without `=`, a key given twice, or an unknown key.
    #[error("the query is malformed")]
    Malformed,
    /// `t` is not a nameplate.
    #[error("bad nameplate: {0}")]
    Nameplate(#[from] NameplateError),
    /// No `t`, or no `r`, or `r` is not a role, or a role's parameter is missing or extra.
    #[error("the role or its parameter is missing or wrong")]
    Role,
    /// `i` is not a decimal number in range.
    #[error("a number is not a decimal in range")]
    Number,
}

/// The most hosts a guest may name an index among.
pub const MAX_INDEX: usize = 1_000;

fn number(text: &str) -> Result<u64, RequestError> {
    if text.is_empty() || text.len() > 16 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(RequestError::Number);
    }
    text.parse().map_err(|_| RequestError::Number)
}

impl Request {
    /// Reads a query string (without the `?`).
    pub fn parse(query: &str) -> Result<Self, RequestError> {
        if query.len() > MAX_QUERY {
            return Err(RequestError::TooLong);
        }
        let (mut t, mut r, mut i) = (None, None, None);
        for pair in query.split('&') {
            let (key, value) = pair.split_once('=').ok_or(RequestError::Malformed)?;
            let slot = match key {
                "t" => &mut t,
                "r" => &mut r,
                "i" => &mut i,
                _ => return Err(RequestError::Malformed),
            };
            if slot.replace(value).is_some() {
                return Err(RequestError::Malformed);
            }
        }
        let nameplate = Nameplate::parse(t.ok_or(RequestError::Role)?)?;
        match (r, i) {
            (Some("host"), None) => Ok(Self::Host(nameplate)),
            (Some("guest"), Some(index)) => {
                let index = number(index)?;
                match usize::try_from(index) {
                    Ok(index) if index < MAX_INDEX => Ok(Self::Guest(nameplate, index)),
                    _ => Err(RequestError::Number),
                }
            }
            _ => Err(RequestError::Role),
        }
    }

    /// The query string asking for this.
    pub fn query(&self) -> String {
        match self {
            Self::Host(t) => format!("t={t}&r=host"),
            Self::Guest(t, index) => format!("t={t}&r=guest&i={index}"),
        }
    }
}

/// A text frame from the relay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum Notice {
    /// To a host's control connection, once: its index.
    Registered {
        /// The host's index under its nameplate.
        index: usize,
    },
    /// To a host's control connection: a guest's stream opened.
    Open {
        /// The guest's id on this control connection.
        guest: u64,
        /// The guest's address as the relay sees it (after its trusted-proxy rule).
        from: IpAddr,
    },
    /// To a host's control connection: a guest's socket closed (its id is unknown from now on).
    Closed {
        /// The guest's id.
        guest: u64,
    },
    /// To a guest, once: paired; the nameplate spans `hosts` indices now.
    Paired {
        /// One past the highest index under the nameplate.
        hosts: usize,
    },
}

impl Notice {
    /// As a text frame.
    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// From a text frame.
    pub fn decode(text: &str) -> Option<Self> {
        serde_json::from_str(text).ok()
    }
}

/// A text frame from a host to the relay on its control connection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum Command {
    /// Close that guest's socket (normally, code 1000).
    Close {
        /// The guest's id.
        guest: u64,
    },
}

impl Command {
    /// As a text frame.
    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// From a text frame.
    pub fn decode(text: &str) -> Option<Self> {
        serde_json::from_str(text).ok()
    }
}

/// The header of a guest's frame on a host's control connection: the guest's id (8 bytes, big
/// endian) and the payload's kind (1 byte).
pub const FRAME_HEADER: usize = 9;

/// A guest's data message (binary or text) as a binary frame on its host's control connection;
/// `None` for other messages.
pub fn encode_frame(guest: u64, message: &Message) -> Option<Message> {
    let (kind, payload): (u8, &[u8]) = match message {
        Message::Binary(bytes) => (0, bytes),
        Message::Text(text) => (1, text.as_bytes()),
        _ => return None,
    };
    let mut frame = Vec::with_capacity(FRAME_HEADER + payload.len());
    frame.extend_from_slice(&guest.to_be_bytes());
    frame.push(kind);
    frame.extend_from_slice(payload);
    Some(Message::binary(frame))
}

/// Why a binary frame on a control connection is not a guest's frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    /// Shorter than its header.
    #[error("the frame is shorter than its header")]
    Short,
    /// A kind other than 0 (binary) and 1 (text).
    #[error("unknown kind {0}")]
    Kind(u8),
    /// A text payload that is not UTF-8.
    #[error("the text is not UTF-8")]
    NotUtf8,
}

/// Reads a binary frame of a control connection: the guest's id and its message (sharing the
/// frame's bytes).
pub fn decode_frame(frame: Bytes) -> Result<(u64, Message), FrameError> {
    let Some((id, kind)) = frame.get(..8).zip(frame.get(8)) else {
        return Err(FrameError::Short);
    };
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(id);
    let guest = u64::from_be_bytes(bytes);
    let kind = *kind;
    let payload = frame.slice(FRAME_HEADER..);
    let message = match kind {
        0 => Message::Binary(payload),
        1 => Message::Text(payload.try_into().map_err(|_| FrameError::NotUtf8)?),
        other => return Err(FrameError::Kind(other)),
    };
    Ok((guest, message))
}

/// Why the relay closed a connection (its close code and reason); codes in the private range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// 4000: the request was not understood.
    BadRequest,
    /// 4001: a paired pair carried no traffic for the idle timeout.
    Idle,
    /// 4002: a host's control connection answered no ping for the host timeout.
    NoPong,
    /// 4003: something was sent before pairing, or a host sent a frame that is no command and
    /// no guest's frame.
    Unexpected,
    /// 4004: the connection did not read fast enough (its queue at the relay filled up).
    TooSlow,
    /// 4404: no host at that index under that nameplate.
    NoHost,
    /// 4408: the host could not be told of the guest within the pairing timeout.
    PairingTimedOut,
    /// 4409: the host at that index carries as many guests as it may.
    HostFull,
    /// 4410: the host (or its control connection) is gone.
    Gone,
    /// 4429: too many connections or pairing attempts from this address.
    RateLimited,
    /// 4503: the relay holds as many connections as it may.
    RelayFull,
}

impl Refusal {
    /// Every refusal.
    pub const ALL: [Self; 11] = [
        Self::BadRequest,
        Self::Idle,
        Self::NoPong,
        Self::Unexpected,
        Self::TooSlow,
        Self::NoHost,
        Self::PairingTimedOut,
        Self::HostFull,
        Self::Gone,
        Self::RateLimited,
        Self::RelayFull,
    ];

    /// The close code.
    pub fn code(self) -> u16 {
        match self {
            Self::BadRequest => 4000,
            Self::Idle => 4001,
            Self::NoPong => 4002,
            Self::Unexpected => 4003,
            Self::TooSlow => 4004,
            Self::NoHost => 4404,
            Self::PairingTimedOut => 4408,
            Self::HostFull => 4409,
            Self::Gone => 4410,
            Self::RateLimited => 4429,
            Self::RelayFull => 4503,
        }
    }

    /// The close reason (also the log's word).
    pub fn reason(self) -> &'static str {
        match self {
            Self::BadRequest => "bad request",
            Self::Idle => "idle",
            Self::NoPong => "no pong",
            Self::Unexpected => "unexpected frame",
            Self::TooSlow => "too slow",
            Self::NoHost => "no host at that index",
            Self::PairingTimedOut => "pairing timed out",
            Self::HostFull => "host full",
            Self::Gone => "gone",
            Self::RateLimited => "rate limited",
            Self::RelayFull => "relay full",
        }
    }

    /// The refusal a close code means.
    pub fn from_code(code: u16) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.code() == code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn requests_read_back_and_malformed_ones_are_refused() {
        let plate = Nameplate::parse("7KQ").expect("nameplate");
        for request in [
            Request::Host(plate.clone()),
            Request::Guest(plate.clone(), 3),
        ] {
            assert_eq!(Request::parse(&request.query()), Ok(request));
        }
        assert_eq!(
            Request::parse("r=guest&t=7KQ&i=0"),
            Ok(Request::Guest(plate, 0))
        );
        for (bad, error) in [
            ("", RequestError::Malformed),
            ("t=7KQ", RequestError::Role),
            ("t=7KQ&r=host&r=host", RequestError::Malformed),
            ("t=7KQ&r=host&x=1", RequestError::Malformed),
            ("t=7KQ&r=host&i=0", RequestError::Role),
            ("t=7KQ&r=guest", RequestError::Role),
            ("t=7KQ&r=guest&i=-1", RequestError::Number),
            ("t=7KQ&r=guest&i=1000", RequestError::Number),
            ("t=7KQ&r=accept&g=1", RequestError::Malformed),
            ("t=7KQ&r=guest&i=99999999999999999", RequestError::Number),
            (
                "t=7kq&r=host",
                RequestError::Nameplate(NameplateError::BadCharacter),
            ),
            ("t=&r=host", RequestError::Nameplate(NameplateError::Empty)),
        ] {
            assert_eq!(Request::parse(bad), Err(error), "{bad}");
        }
        assert_eq!(
            Request::parse(&"t=7KQ&r=host&".repeat(20)),
            Err(RequestError::TooLong)
        );
    }

    #[test]
    fn notices_and_close_codes_read_back() {
        assert_eq!(
            Notice::Registered { index: 2 }.encode(),
            r#"{"registered":{"index":2}}"#
        );
        let from: IpAddr = "203.0.113.7".parse().unwrap_or(IpAddr::from([0; 4]));
        assert_eq!(
            Notice::Open { guest: 7, from }.encode(),
            r#"{"open":{"guest":7,"from":"203.0.113.7"}}"#
        );
        assert_eq!(
            Notice::Closed { guest: 7 }.encode(),
            r#"{"closed":{"guest":7}}"#
        );
        assert_eq!(
            Command::Close { guest: 9 }.encode(),
            r#"{"close":{"guest":9}}"#
        );
        assert_eq!(
            Command::decode(r#"{"close":{"guest":9}}"#),
            Some(Command::Close { guest: 9 })
        );
        assert_eq!(Command::decode(r#"{"close":{"guest":-1}}"#), None);
        assert_eq!(
            Notice::Paired { hosts: 3 }.encode(),
            r#"{"paired":{"hosts":3}}"#
        );
        for notice in [
            Notice::Registered { index: 0 },
            Notice::Open { guest: 1, from },
            Notice::Closed { guest: 2 },
            Notice::Paired { hosts: 1 },
        ] {
            assert_eq!(Notice::decode(&notice.encode()), Some(notice));
        }
        assert_eq!(Notice::decode(r#"{"closed":{"guest":1},"x":2}"#), None);
        for refusal in Refusal::ALL {
            assert_eq!(Refusal::from_code(refusal.code()), Some(refusal));
        }
        assert_eq!(Refusal::from_code(1000), None);
    }

    #[test]
    fn guest_frames_read_back_and_malformed_ones_are_refused() {
        for message in [
            Message::binary(vec![0u8, 1, 255]),
            Message::text("hello"),
            Message::binary(Vec::new()),
        ] {
            let Some(Message::Binary(frame)) = encode_frame(u64::MAX - 3, &message) else {
                panic!("a binary frame");
            };
            assert_eq!(decode_frame(frame), Ok((u64::MAX - 3, message)));
        }
        assert_eq!(encode_frame(1, &Message::Ping(Bytes::new())), None);
        assert_eq!(
            decode_frame(Bytes::from_static(&[0; 8])),
            Err(FrameError::Short)
        );
        assert_eq!(
            decode_frame(Bytes::from_static(&[0, 0, 0, 0, 0, 0, 0, 1, 2])),
            Err(FrameError::Kind(2))
        );
        assert_eq!(
            decode_frame(Bytes::from_static(&[0, 0, 0, 0, 0, 0, 0, 1, 1, 0xff])),
            Err(FrameError::NotUtf8)
        );
    }

    proptest! {
        #[test]
        fn any_frame_is_read_or_refused_without_panic(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
            if let Ok((guest, message)) = decode_frame(Bytes::from(bytes.clone())) {
                prop_assert_eq!(encode_frame(guest, &message), Some(Message::binary(bytes)));
            }
        }


        #[test]
        fn any_query_is_read_or_refused_without_panic(query in ".{0,200}") {
            if let Ok(request) = Request::parse(&query) {
                prop_assert_eq!(Request::parse(&request.query()), Ok(request));
            }
        }
    }
}
