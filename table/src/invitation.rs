//! An invitation: one line of text a host sends by chat, holding the table's code and the ways to
//! reach the table.
//!
//! ```text
//! briscola://join?code=7KQ2M-XR4TD&at=192.168.1.20:7878&at=203.0.113.5:41000&relay=wss://relay.example.org
//! ```
//!
//! - `code` (exactly one): the table code, as [`TableCode::parse`] reads it;
//! - `at` (0 to [`MAX_ADDRESSES`]): an address the table listens at, `IP:PORT` (IPv6 as `[IP]:PORT`),
//!   the host's LAN first, then its public or mapped address;
//! - `relay` (0 or 1): a relay the table is registered with, `wss://…` or `ws://…`.
//!
//! A bare code is an invitation too, with no address: friends on the same network find the table by
//! LAN discovery. [`Invitation::parse`] is tolerant of what a chat app adds around the line (other
//! words, quotes, angle brackets, a final full stop, `&` written `&amp;`) and strict on the line
//! itself: every field known, every value checked, lengths and counts capped. A typed [`InvitationError`] says what was refused;
//! it never repeats the refused text.
//!
//! Deliberately absent: host names (an address is an IP, so nothing is looked up before the code is
//! checked), and anything secret beyond the code (the table's own proofs are the code and seat
//! tokens).

use std::fmt;
use std::net::SocketAddr;

use crate::secret::TableCode;

/// The scheme and verb every invitation link starts with.
pub const PREFIX: &str = "briscola://join?";
/// The most addresses an invitation holds.
pub const MAX_ADDRESSES: usize = 4;
/// The longest invitation link, in bytes.
pub const MAX_LINK_BYTES: usize = 512;
/// The longest relay address, in bytes.
pub const MAX_RELAY_BYTES: usize = 200;
/// The longest text [`Invitation::parse`] reads (a chat message holding the link).
pub const MAX_TEXT_BYTES: usize = 4096;

/// What an invitation refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvitationError {
    /// The text is longer than [`MAX_TEXT_BYTES`], or the link than [`MAX_LINK_BYTES`].
    #[error("the invitation is too long")]
    TooLong,
    /// The text holds neither an invitation link nor a table code.
    #[error("this is neither an invitation nor a table code")]
    NotAnInvitation,
    /// The text holds more than one invitation link.
    #[error("the text holds more than one invitation")]
    SeveralInvitations,
    /// A field is not `name=value`, or its name is not `code`, `at` or `relay`.
    #[error("the invitation has a field it does not know")]
    UnknownField,
    /// No `code` field.
    #[error("the invitation has no table code")]
    MissingCode,
    /// More than one `code` field.
    #[error("the invitation has more than one table code")]
    SeveralCodes,
    /// The code is not ten characters of the code alphabet.
    #[error("the invitation's table code is not a valid code")]
    BadCode,
    /// An `at` value is not `IP:PORT` of an address a table can listen at.
    #[error("an address in the invitation is not IP:PORT")]
    BadAddress,
    /// The same address twice.
    #[error("the invitation names an address twice")]
    DuplicateAddress,
    /// More than [`MAX_ADDRESSES`] addresses.
    #[error("the invitation names more than {MAX_ADDRESSES} addresses")]
    TooManyAddresses,
    /// The relay is not a `wss://` or `ws://` address of plain characters within [`MAX_RELAY_BYTES`].
    #[error("the invitation's relay is not a ws:// or wss:// address")]
    BadRelay,
    /// More than one `relay` field.
    #[error("the invitation names more than one relay")]
    SeveralRelays,
}

/// How to reach a table and its code. See the module docs for its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    code: TableCode,
    addresses: Vec<SocketAddr>,
    relay: Option<String>,
}

impl Invitation {
    /// An invitation with the code alone (friends on the host's network find the table by LAN
    /// discovery).
    pub fn new(code: TableCode) -> Invitation {
        Invitation {
            code,
            addresses: Vec::new(),
            relay: None,
        }
    }

    /// The invitation with one more address to try.
    pub fn with_address(mut self, address: SocketAddr) -> Result<Invitation, InvitationError> {
        check_address(address)?;
        if self.addresses.contains(&address) {
            return Err(InvitationError::DuplicateAddress);
        }
        if self.addresses.len() == MAX_ADDRESSES {
            return Err(InvitationError::TooManyAddresses);
        }
        self.addresses.push(address);
        Ok(self)
    }

    /// The invitation with a relay (`wss://…` or `ws://…`).
    pub fn with_relay(mut self, relay: &str) -> Result<Invitation, InvitationError> {
        if self.relay.is_some() {
            return Err(InvitationError::SeveralRelays);
        }
        check_relay(relay)?;
        self.relay = Some(relay.to_string());
        Ok(self)
    }

    /// The table code.
    pub fn code(&self) -> &TableCode {
        &self.code
    }

    /// The addresses to try, in the order given.
    pub fn addresses(&self) -> &[SocketAddr] {
        &self.addresses
    }

    /// The relay, if any.
    pub fn relay(&self) -> Option<&str> {
        self.relay.as_deref()
    }

    /// The invitation a text holds: a link (with anything around it), or a bare table code.
    pub fn parse(text: &str) -> Result<Invitation, InvitationError> {
        if text.len() > MAX_TEXT_BYTES {
            return Err(InvitationError::TooLong);
        }
        let Some(link) = find_link(text)? else {
            return TableCode::parse(text.trim())
                .map(Invitation::new)
                .ok_or(InvitationError::NotAnInvitation);
        };
        if link.len() > MAX_LINK_BYTES {
            return Err(InvitationError::TooLong);
        }
        let mut code = None;
        let mut addresses = Vec::new();
        let mut relay = None;
        // A chat app that writes HTML may have escaped the separators.
        let link = link.replace("&amp;", "&");
        for field in link.split('&') {
            let (name, value) = field.split_once('=').ok_or(InvitationError::UnknownField)?;
            match name {
                "code" if code.is_some() => return Err(InvitationError::SeveralCodes),
                "code" => code = Some(TableCode::parse(value).ok_or(InvitationError::BadCode)?),
                "at" => addresses.push(value.parse().map_err(|_| InvitationError::BadAddress)?),
                "relay" if relay.is_some() => return Err(InvitationError::SeveralRelays),
                "relay" => relay = Some(value),
                _ => return Err(InvitationError::UnknownField),
            }
            if addresses.len() > MAX_ADDRESSES {
                return Err(InvitationError::TooManyAddresses);
            }
        }
        let mut invitation = Invitation::new(code.ok_or(InvitationError::MissingCode)?);
        for address in addresses {
            invitation = invitation.with_address(address)?;
        }
        match relay {
            Some(relay) => invitation.with_relay(relay),
            None => Ok(invitation),
        }
    }
}

impl fmt::Display for Invitation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{PREFIX}code={}", self.code.display())?;
        for address in &self.addresses {
            write!(f, "&at={address}")?;
        }
        if let Some(relay) = &self.relay {
            write!(f, "&relay={relay}")?;
        }
        Ok(())
    }
}

/// The fields of the one link in `text` (what follows [`PREFIX`] up to white space, without the
/// quotes, brackets and punctuation a chat app or a sentence puts around it); `None` if there is none.
fn find_link(text: &str) -> Result<Option<&str>, InvitationError> {
    let lower = text.to_ascii_lowercase();
    let Some(start) = lower.find(PREFIX) else {
        return Ok(None);
    };
    let after = start + PREFIX.len();
    if lower[after..].contains(PREFIX) {
        return Err(InvitationError::SeveralInvitations);
    }
    // `to_ascii_lowercase` keeps every byte's position, so `after` is a boundary in `text` too.
    let rest = &text[after..];
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let link = rest[..end].trim_end_matches(['>', ')', ']', '"', '\'', '.', ',', ';', '!', '?']);
    Ok(Some(link))
}

/// An address a table can listen at: a port, and an IP that names one machine.
fn check_address(address: SocketAddr) -> Result<(), InvitationError> {
    let ip = address.ip();
    if address.port() == 0 || ip.is_unspecified() || ip.is_multicast() {
        return Err(InvitationError::BadAddress);
    }
    if let SocketAddr::V4(v4) = address
        && v4.ip().is_broadcast()
    {
        return Err(InvitationError::BadAddress);
    }
    Ok(())
}

/// A relay address: `wss://` or `ws://`, a host, and only characters a plain address needs (no
/// user part, query or fragment).
fn check_relay(relay: &str) -> Result<(), InvitationError> {
    let host = relay
        .strip_prefix("wss://")
        .or_else(|| relay.strip_prefix("ws://"))
        .ok_or(InvitationError::BadRelay)?;
    let plain = |c: char| c.is_ascii_alphanumeric() || "-._~:/[]%".contains(c);
    if relay.len() > MAX_RELAY_BYTES
        || host.is_empty()
        || host.starts_with(['/', ':'])
        || !host.chars().all(plain)
    {
        return Err(InvitationError::BadRelay);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secret::Entropy;
    use proptest::prelude::*;

    const LINK: &str = "briscola://join?code=7KQ2M-XR4TD&at=192.168.1.20:7878&at=[2001:DB8::5]:41000&relay=wss://relay.example.org";

    fn code() -> TableCode {
        TableCode::parse("7KQ2M-XR4TD").expect("a valid code")
    }

    #[test]
    fn a_link_reads_back_as_written() {
        let invitation = Invitation::parse(LINK).expect("a valid invitation");
        assert_eq!(invitation.code(), &code());
        assert_eq!(
            invitation.addresses(),
            &[
                "192.168.1.20:7878"
                    .parse::<SocketAddr>()
                    .expect("an address"),
                "[2001:DB8::5]:41000".parse().expect("an address"),
            ]
        );
        assert_eq!(invitation.relay(), Some("wss://relay.example.org"));
        assert_eq!(
            invitation.to_string(),
            LINK.replace("2001:DB8::5", "2001:db8::5")
        );
    }

    #[test]
    fn what_a_chat_app_adds_around_the_link_is_left_out() {
        let expected = Invitation::parse(LINK).expect("a valid invitation");
        for text in [
            format!("  {LINK}\n"),
            format!("Join us: {LINK}."),
            format!("<{LINK}>"),
            format!("\"{LINK}\", see you"),
            format!("(link: {LINK})"),
            LINK.replace("briscola://join?", "Briscola://JOIN?"),
            LINK.replace('&', "&amp;"),
        ] {
            assert_eq!(Invitation::parse(&text), Ok(expected.clone()), "{text}");
        }
    }

    #[test]
    fn a_bare_code_is_an_invitation_without_an_address() {
        for text in ["7KQ2M-XR4TD", "  7kq2m xr4td \n", "7KQ2MXR4TD"] {
            assert_eq!(
                Invitation::parse(text),
                Ok(Invitation::new(code())),
                "{text}"
            );
        }
        assert_eq!(
            Invitation::new(code()).to_string(),
            "briscola://join?code=7KQ2M-XR4TD"
        );
        assert_eq!(
            Invitation::parse("briscola://join?code=7KQ2M-XR4TD"),
            Ok(Invitation::new(code()))
        );
    }

    #[test]
    fn each_refusal_says_what_was_refused() {
        use InvitationError::*;
        let five = "&at=10.0.0.1:1&at=10.0.0.2:1&at=10.0.0.3:1&at=10.0.0.4:1&at=10.0.0.5:1";
        let cases: Vec<(String, InvitationError)> = vec![
            ("hello there, friends".into(), NotAnInvitation),
            ("".into(), NotAnInvitation),
            ("7KQ2M-XR4T".into(), NotAnInvitation),
            ("briscola://join?".into(), UnknownField),
            ("briscola://join?at=10.0.0.1:7878".into(), MissingCode),
            ("briscola://join?code=7KQ2M-XR4TU".into(), BadCode),
            ("briscola://join?code=".into(), BadCode),
            (
                "briscola://join?code=7KQ2M-XR4TD&code=7KQ2M-XR4TD".into(),
                SeveralCodes,
            ),
            (
                "briscola://join?code=7KQ2M-XR4TD&key=1".into(),
                UnknownField,
            ),
            ("briscola://join?code=7KQ2M-XR4TD&at".into(), UnknownField),
            (
                "briscola://join?code=7KQ2M-XR4TD&&at=10.0.0.1:1".into(),
                UnknownField,
            ),
            (
                "briscola://join?code=7KQ2M-XR4TD&at=example.org:80".into(),
                BadAddress,
            ),
            (
                "briscola://join?code=7KQ2M-XR4TD&at=10.0.0.1".into(),
                BadAddress,
            ),
            (
                "briscola://join?code=7KQ2M-XR4TD&at=10.0.0.1:0".into(),
                BadAddress,
            ),
            (
                "briscola://join?code=7KQ2M-XR4TD&at=0.0.0.0:7878".into(),
                BadAddress,
            ),
            (
                "briscola://join?code=7KQ2M-XR4TD&at=224.0.0.1:7878".into(),
                BadAddress,
            ),
            (
                "briscola://join?code=7KQ2M-XR4TD&at=255.255.255.255:7878".into(),
                BadAddress,
            ),
            (
                "briscola://join?code=7KQ2M-XR4TD&at=10.0.0.1:70000".into(),
                BadAddress,
            ),
            (
                "briscola://join?code=7KQ2M-XR4TD&at=10.0.0.1:1&at=10.0.0.1:1".into(),
                DuplicateAddress,
            ),
            (
                format!("briscola://join?code=7KQ2M-XR4TD{five}"),
                TooManyAddresses,
            ),
            (
                "briscola://join?code=7KQ2M-XR4TD&relay=https://relay.example.org".into(),
                BadRelay,
            ),
            (
                "briscola://join?code=7KQ2M-XR4TD&relay=wss://".into(),
                BadRelay,
            ),
            (
                "briscola://join?code=7KQ2M-XR4TD&relay=wss://user@relay.example.org".into(),
                BadRelay,
            ),
            (
                "briscola://join?code=7KQ2M-XR4TD&relay=wss://relay.example.org/?x".into(),
                BadRelay,
            ),
            (
                "briscola://join?code=7KQ2M-XR4TD&relay=wss://relay\u{202E}.org".into(),
                BadRelay,
            ),
            (
                format!(
                    "briscola://join?code=7KQ2M-XR4TD&relay=wss://{}",
                    "r".repeat(MAX_RELAY_BYTES)
                ),
                BadRelay,
            ),
            (
                "briscola://join?code=7KQ2M-XR4TD&relay=ws://a&relay=ws://b".into(),
                SeveralRelays,
            ),
            (format!("{LINK} and {LINK}"), SeveralInvitations),
            (
                format!(
                    "briscola://join?code=7KQ2M-XR4TD&at={}",
                    "1".repeat(MAX_LINK_BYTES)
                ),
                TooLong,
            ),
            (format!("{LINK} {}", " ".repeat(MAX_TEXT_BYTES)), TooLong),
        ];
        for (text, error) in cases {
            assert_eq!(Invitation::parse(&text), Err(error), "{text:?}");
        }
    }

    #[test]
    fn building_is_as_strict_as_reading() {
        let mut invitation = Invitation::new(code());
        for last in 1..=4u8 {
            let address = SocketAddr::from(([10, 0, 0, last], 7878));
            invitation = invitation.with_address(address).expect("room for it");
        }
        let full = invitation.clone();
        assert_eq!(
            full.with_address(SocketAddr::from(([10, 0, 0, 9], 7878))),
            Err(InvitationError::TooManyAddresses)
        );
        assert_eq!(
            Invitation::new(code()).with_relay("http://relay"),
            Err(InvitationError::BadRelay)
        );
        let relayed = invitation.with_relay("ws://relay.example.org:8080/table");
        let relayed = relayed.expect("a valid relay");
        assert_eq!(Invitation::parse(&relayed.to_string()), Ok(relayed.clone()));
        assert_eq!(
            relayed.with_relay("ws://other"),
            Err(InvitationError::SeveralRelays)
        );
    }

    #[test]
    fn generated_invitations_read_back_the_same() {
        let mut entropy = Entropy::seeded(7);
        for round in 0..200u16 {
            let mut invitation =
                Invitation::new(TableCode::generate(&mut entropy).expect("a code"));
            for n in 0..usize::from(round % 5) {
                let bits = entropy.u64().expect("bits");
                let port = u16::try_from(bits % 65_535 + 1).expect("a port");
                let address = if bits.is_multiple_of(2) {
                    SocketAddr::from(([10, (bits >> 8) as u8, n as u8, 1], port))
                } else {
                    SocketAddr::from(([0x2001, 0xdb8, 0, 0, 0, 0, n as u16, 1], port))
                };
                invitation = invitation.with_address(address).expect("room for it");
            }
            if round % 3 == 0 {
                invitation = invitation
                    .with_relay("wss://relay.example.org")
                    .expect("a valid relay");
            }
            let text = invitation.to_string();
            assert!(text.len() <= MAX_LINK_BYTES + PREFIX.len());
            assert_eq!(Invitation::parse(&text), Ok(invitation.clone()), "{text}");
            assert_eq!(
                Invitation::parse(&format!("come play: {text}.")),
                Ok(invitation)
            );
        }
    }

    proptest! {
        #[test]
        fn any_text_is_read_or_refused_without_panicking(text in "\\PC{0,300}") {
            if let Ok(invitation) = Invitation::parse(&text) {
                prop_assert_eq!(Invitation::parse(&invitation.to_string()), Ok(invitation));
            }
        }

        #[test]
        fn any_link_after_the_prefix_is_read_or_refused(rest in "[a-z0-9=&:.\\[\\]/-]{0,200}") {
            let text = format!("{PREFIX}{rest}");
            if let Ok(invitation) = Invitation::parse(&text) {
                prop_assert_eq!(Invitation::parse(&invitation.to_string()), Ok(invitation));
            }
        }
    }
}
