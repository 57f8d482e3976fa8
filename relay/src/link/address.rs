//! Where a relay is: `host:port` and `ws://host:port` (plain WebSocket), or `wss://host[:port]`
//! (a relay behind a TLS-terminating proxy), read into a typed address with typed errors.
//!
//! Deliberately absent: paths, credentials and query strings in the address (the relay serves
//! `/` only and takes no credentials).

use std::fmt;
use std::net::Ipv6Addr;

/// A relay's address.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RelayAddress {
    host: String,
    port: u16,
    tls: bool,
}

/// Why a text is not a relay address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    /// Nothing was given.
    #[error("no relay address")]
    Empty,
    /// A scheme other than `ws://` and `wss://`.
    #[error("a relay address starts with ws:// or wss://, or is host:port")]
    UnknownScheme,
    /// `host:port` without a port.
    #[error("the relay address needs a port")]
    MissingPort,
    /// The port is not a number from 1 to 65535.
    #[error("the relay's port is not a number from 1 to 65535")]
    BadPort,
    /// The host is empty or holds characters no host name has.
    #[error("the relay's host name is not valid")]
    BadHost,
    /// A path, query, fragment or credentials follow the host.
    #[error("a relay address has no path, query or credentials")]
    HasPath,
}

fn valid_name(host: &str) -> bool {
    !host.is_empty()
        && host.len() <= 253
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
}

impl RelayAddress {
    /// Reads `host:port`, `ws://host:port` or `wss://host[:port]`.
    pub fn parse(text: &str) -> Result<Self, AddressError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(AddressError::Empty);
        }
        let (tls, rest, default_port) = if let Some(rest) = text.strip_prefix("wss://") {
            (true, rest, Some(443))
        } else if let Some(rest) = text.strip_prefix("ws://") {
            (false, rest, Some(80))
        } else if text.contains("://") {
            return Err(AddressError::UnknownScheme);
        } else {
            (false, text, None)
        };
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        if rest.contains(['/', '?', '#', '@']) {
            return Err(AddressError::HasPath);
        }
        let (host, port) = if let Some(bracketed) = rest.strip_prefix('[') {
            let (inside, after) = bracketed.split_once(']').ok_or(AddressError::BadHost)?;
            inside
                .parse::<Ipv6Addr>()
                .map_err(|_| AddressError::BadHost)?;
            let port = match after {
                "" => None,
                _ => Some(after.strip_prefix(':').ok_or(AddressError::BadHost)?),
            };
            (inside, port)
        } else {
            match rest.split_once(':') {
                Some((host, port)) => (host, Some(port)),
                None => (rest, None),
            }
        };
        if !rest.starts_with('[') && !valid_name(host) {
            return Err(AddressError::BadHost);
        }
        let port = match port {
            Some(port) if port.bytes().all(|b| b.is_ascii_digit()) => match port.parse::<u16>() {
                Ok(port) if port > 0 => port,
                _ => return Err(AddressError::BadPort),
            },
            Some(_) => return Err(AddressError::BadPort),
            None => default_port.ok_or(AddressError::MissingPort)?,
        };
        Ok(Self {
            host: host.to_owned(),
            port,
            tls,
        })
    }

    /// A plain (`ws://`) address of an IP and port.
    pub fn plain(address: std::net::SocketAddr) -> Self {
        Self {
            host: address.ip().to_string(),
            port: address.port(),
            tls: false,
        }
    }

    /// The host name or address (without brackets).
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Whether it is reached over TLS (`wss://`).
    pub fn tls(&self) -> bool {
        self.tls
    }

    /// The URL of a request to it with `query`.
    pub fn url(&self, query: &str) -> String {
        format!("{self}/?{query}")
    }
}

impl fmt::Display for RelayAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scheme = if self.tls { "wss" } else { "ws" };
        if self.host.contains(':') {
            write!(f, "{scheme}://[{}]:{}", self.host, self.port)
        } else {
            write!(f, "{scheme}://{}:{}", self.host, self.port)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_read_with_their_scheme_and_port() {
        let read = |text: &str| RelayAddress::parse(text).map(|a| a.to_string());
        assert_eq!(
            read("relay.example:4700"),
            Ok("ws://relay.example:4700".into())
        );
        assert_eq!(
            read("ws://127.0.0.1:4700/"),
            Ok("ws://127.0.0.1:4700".into())
        );
        assert_eq!(
            read("ws://relay.example"),
            Ok("ws://relay.example:80".into())
        );
        assert_eq!(
            read("wss://relay.example"),
            Ok("wss://relay.example:443".into())
        );
        assert_eq!(
            read("wss://relay.example:8443"),
            Ok("wss://relay.example:8443".into())
        );
        assert_eq!(read("[::1]:4700"), Ok("ws://[::1]:4700".into()));
        let address = RelayAddress::parse("wss://relay.example").expect("an address");
        assert!(address.tls());
        assert_eq!((address.host(), address.port()), ("relay.example", 443));
    }

    #[test]
    fn bad_addresses_get_typed_errors() {
        for (text, error) in [
            ("", AddressError::Empty),
            ("  ", AddressError::Empty),
            ("http://relay.example", AddressError::UnknownScheme),
            ("relay.example", AddressError::MissingPort),
            ("relay.example:0", AddressError::BadPort),
            ("relay.example:65536", AddressError::BadPort),
            ("relay.example:+80", AddressError::BadPort),
            ("relay.example:", AddressError::BadPort),
            (":4700", AddressError::BadHost),
            ("ws://relay_example:1", AddressError::BadHost),
            ("[nothing]:4700", AddressError::BadHost),
            ("ws://a:b@relay.example", AddressError::HasPath),
            ("ws://relay.example/path", AddressError::HasPath),
            ("ws://relay.example:1?x", AddressError::HasPath),
            ("a:1:2", AddressError::BadPort),
        ] {
            assert_eq!(RelayAddress::parse(text), Err(error), "{text}");
        }
    }
}
