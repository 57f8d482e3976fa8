//! The wire protocol's words: the request a connection makes in its URL's query string, the text
//! frames the relay sends before pairing, and the close codes it refuses with. Shared by the relay
//! and the links, so both ends read the same words.
//!
//! Deliberately absent: anything after pairing (the relay forwards frames verbatim and reads none).

use serde::{Deserialize, Serialize};

use crate::nameplate::{Nameplate, NameplateError};

/// The longest query string accepted.
pub const MAX_QUERY: usize = 128;

/// What a connection asks for (`GET /?t=<nameplate>&r=<role>…`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `r=host`: a host's control connection.
    Host(Nameplate),
    /// `r=accept&g=<id>`: a host's connection for the waiting guest `id`.
    Accept(Nameplate, u64),
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
    /// `i` or `g` is not a decimal number in range.
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
        let (mut t, mut r, mut i, mut g) = (None, None, None, None);
        for pair in query.split('&') {
            let (key, value) = pair.split_once('=').ok_or(RequestError::Malformed)?;
            let slot = match key {
                "t" => &mut t,
                "r" => &mut r,
                "i" => &mut i,
                "g" => &mut g,
                _ => return Err(RequestError::Malformed),
            };
            if slot.replace(value).is_some() {
                return Err(RequestError::Malformed);
            }
        }
        let nameplate = Nameplate::parse(t.ok_or(RequestError::Role)?)?;
        match (r, i, g) {
            (Some("host"), None, None) => Ok(Self::Host(nameplate)),
            (Some("accept"), None, Some(id)) => Ok(Self::Accept(nameplate, number(id)?)),
            (Some("guest"), Some(index), None) => {
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
            Self::Accept(t, id) => format!("t={t}&r=accept&g={id}"),
            Self::Guest(t, index) => format!("t={t}&r=guest&i={index}"),
        }
    }
}

/// A text frame from the relay, before pairing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum Notice {
    /// To a host's control connection, once: its index.
    Registered {
        /// The host's index under its nameplate.
        index: usize,
    },
    /// To a host's control connection: a guest waits (open `r=accept&g=<id>` for it).
    Guest(u64),
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

/// Why the relay closed a connection (its close code and reason); codes in the private range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// 4000: the request was not understood.
    BadRequest,
    /// 4001: a paired pair carried no traffic for the idle timeout.
    Idle,
    /// 4002: a host's control connection answered no ping for the host timeout.
    NoPong,
    /// 4003: something was sent before pairing, or on a host's control connection.
    Unexpected,
    /// 4404: no host at that index under that nameplate.
    NoHost,
    /// 4408: no host accepted the guest within the pairing timeout.
    PairingTimedOut,
    /// 4410: the host (or the guest) left before pairing.
    Gone,
    /// 4429: too many connections or pairing attempts from this address.
    RateLimited,
    /// 4503: the relay holds as many connections as it may.
    RelayFull,
}

impl Refusal {
    /// Every refusal.
    pub const ALL: [Self; 9] = [
        Self::BadRequest,
        Self::Idle,
        Self::NoPong,
        Self::Unexpected,
        Self::NoHost,
        Self::PairingTimedOut,
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
            Self::NoHost => 4404,
            Self::PairingTimedOut => 4408,
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
            Self::NoHost => "no host at that index",
            Self::PairingTimedOut => "pairing timed out",
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
            Request::Accept(plate.clone(), 42),
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
            ("t=7KQ&r=accept&g=99999999999999999", RequestError::Number),
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
        assert_eq!(Notice::Guest(7).encode(), r#"{"guest":7}"#);
        assert_eq!(
            Notice::Paired { hosts: 3 }.encode(),
            r#"{"paired":{"hosts":3}}"#
        );
        for notice in [
            Notice::Registered { index: 0 },
            Notice::Guest(1),
            Notice::Paired { hosts: 1 },
        ] {
            assert_eq!(Notice::decode(&notice.encode()), Some(notice));
        }
        assert_eq!(Notice::decode(r#"{"guest":1,"x":2}"#), None);
        for refusal in Refusal::ALL {
            assert_eq!(Refusal::from_code(refusal.code()), Some(refusal));
        }
        assert_eq!(Refusal::from_code(1000), None);
    }

    proptest! {
        #[test]
        fn any_query_is_read_or_refused_without_panic(query in ".{0,200}") {
            if let Ok(request) = Request::parse(&query) {
                prop_assert_eq!(Request::parse(&request.query()), Ok(request));
            }
        }
    }
}
