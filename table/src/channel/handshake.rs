//! The handshake: the guest's [`Hello`], the host's answer with its confirmation, and the keys both
//! derive. See the channel's module docs for the steps.
//!
//! Deliberately absent: anything about which table a nameplate names (the server's registry) and
//! how often an address may try (its rate limits).

use hkdf::Hkdf;
use sha2::Sha256;
use spake2::{Ed25519Group, Identity, Password, Spake2};

use super::ChannelError;
use super::seal::{Opener, SEAL_OVERHEAD, Sealer};
use crate::protocol::VERSION;
use crate::secret::{NAMEPLATE_CHARS, Nameplate, TableCode};

/// The bytes a channel's handshake frames start with.
pub const MAGIC: [u8; 4] = *b"BRSC";

/// SPAKE2's message over Ed25519: a side byte and a point.
const SPAKE_BYTES: usize = 33;

/// A [`Hello`]'s size: magic, version (32 bits, big-endian), nameplate, SPAKE2's first message.
pub const HELLO_BYTES: usize = MAGIC.len() + 4 + NAMEPLATE_CHARS + SPAKE_BYTES;

/// The host's confirmation: an empty frame sealed with the host→guest key, bound to the handshake.
pub const CONFIRMATION_BYTES: usize = SEAL_OVERHEAD;

/// The host's answer's size: magic, SPAKE2's second message, the confirmation.
pub const REPLY_BYTES: usize = MAGIC.len() + SPAKE_BYTES + CONFIRMATION_BYTES;

/// Each side's SPAKE2 identity, bound to the protocol version.
fn identities() -> (Identity, Identity) {
    (
        Identity::new(format!("briscola-table/{VERSION}/guest").as_bytes()),
        Identity::new(format!("briscola-table/{VERSION}/host").as_bytes()),
    )
}

/// The two directions' keys from SPAKE2's shared key.
fn keys(shared: &[u8]) -> Result<([u8; 32], [u8; 32]), ChannelError> {
    let derive = Hkdf::<Sha256>::new(None, shared);
    let mut to_host = [0u8; 32];
    let mut to_guest = [0u8; 32];
    derive
        .expand(
            format!("briscola-table/{VERSION} guest to host").as_bytes(),
            &mut to_host,
        )
        .and_then(|()| {
            derive.expand(
                format!("briscola-table/{VERSION} host to guest").as_bytes(),
                &mut to_guest,
            )
        })
        .map_err(|_| ChannelError::NotHandshake)?;
    Ok((to_host, to_guest))
}

/// What the confirmation is bound to: the Hello and the host's SPAKE2 message.
fn transcript(hello: &[u8], answer: &[u8]) -> Vec<u8> {
    [hello, answer].concat()
}

/// A guest's side of a handshake in progress.
pub struct Guest {
    spake: Spake2<Ed25519Group>,
    hello: Vec<u8>,
}

impl std::fmt::Debug for Guest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // SPAKE2's secret scalar is never printed.
        f.debug_struct("Guest").finish_non_exhaustive()
    }
}

impl Guest {
    /// Starts a handshake for the table `code` names: the guest, and the Hello to send.
    pub fn start(code: &TableCode) -> (Guest, Vec<u8>) {
        let (guest, host) = identities();
        let (spake, message) =
            Spake2::<Ed25519Group>::start_a(&Password::new(code.as_bytes()), &guest, &host);
        let mut hello = Vec::with_capacity(HELLO_BYTES);
        hello.extend_from_slice(&MAGIC);
        hello.extend_from_slice(&VERSION.to_be_bytes());
        hello.extend_from_slice(code.nameplate().as_bytes());
        hello.extend_from_slice(&message);
        (
            Guest {
                spake,
                hello: hello.clone(),
            },
            hello,
        )
    }

    /// Reads the host's answer: the channel's two directions (what the guest seals, what it opens),
    /// or [`ChannelError::WrongCode`] if the host does not hold the same code.
    pub fn finish(self, reply: &[u8]) -> Result<(Sealer, Opener), ChannelError> {
        if reply.len() != REPLY_BYTES || reply[..MAGIC.len()] != MAGIC {
            return Err(ChannelError::NotHandshake);
        }
        let (answer, confirmation) = reply[MAGIC.len()..].split_at(SPAKE_BYTES);
        let shared = self
            .spake
            .finish(answer)
            .map_err(|_| ChannelError::NotHandshake)?;
        let (to_host, to_guest) = keys(&shared)?;
        let mut opener = Opener::new(&to_guest);
        opener
            .open_bound(confirmation, &transcript(&self.hello, answer))
            .map_err(|_| ChannelError::WrongCode)?;
        Ok((Sealer::new(&to_host), opener))
    }
}

/// A guest's Hello, as the host reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hello {
    nameplate: Nameplate,
    bytes: [u8; HELLO_BYTES],
}

impl Hello {
    /// Reads a first frame: [`ChannelError::Version`] for another protocol version's Hello,
    /// [`ChannelError::NotHandshake`] for anything else that is not a Hello.
    pub fn parse(frame: &[u8]) -> Result<Hello, ChannelError> {
        let header = MAGIC.len() + 4;
        if frame.len() < header || frame[..MAGIC.len()] != MAGIC {
            return Err(ChannelError::NotHandshake);
        }
        let mut version = [0u8; 4];
        version.copy_from_slice(&frame[MAGIC.len()..header]);
        let found = u32::from_be_bytes(version);
        if found != VERSION {
            return Err(ChannelError::Version { found });
        }
        let bytes: [u8; HELLO_BYTES] = frame.try_into().map_err(|_| ChannelError::NotHandshake)?;
        let mut nameplate = [0u8; NAMEPLATE_CHARS];
        nameplate.copy_from_slice(&bytes[header..header + NAMEPLATE_CHARS]);
        let nameplate = Nameplate::from_bytes(nameplate).ok_or(ChannelError::NotHandshake)?;
        Ok(Hello { nameplate, bytes })
    }

    /// The table it asks for.
    pub fn nameplate(&self) -> Nameplate {
        self.nameplate
    }

    /// SPAKE2's first message.
    fn message(&self) -> &[u8] {
        &self.bytes[HELLO_BYTES - SPAKE_BYTES..]
    }

    /// The host's side, with the table's `code`: the answer to send, and the channel waiting for the
    /// guest's first frame. SPAKE2 cannot tell a wrong code here: the guest's first frame does.
    pub fn answer(&self, code: &TableCode) -> Result<(Vec<u8>, Pending), ChannelError> {
        if code.nameplate() != self.nameplate {
            return Err(ChannelError::WrongCode);
        }
        let (guest, host) = identities();
        let (spake, answer) =
            Spake2::<Ed25519Group>::start_b(&Password::new(code.as_bytes()), &guest, &host);
        let shared = spake
            .finish(self.message())
            .map_err(|_| ChannelError::NotHandshake)?;
        let (to_host, to_guest) = keys(&shared)?;
        let mut sealer = Sealer::new(&to_guest);
        let confirmation = sealer.seal_bound(&[], &transcript(&self.bytes, &answer))?;
        let mut reply = Vec::with_capacity(REPLY_BYTES);
        reply.extend_from_slice(&MAGIC);
        reply.extend_from_slice(&answer);
        reply.extend_from_slice(&confirmation);
        let pending = Pending {
            sealer,
            opener: Opener::new(&to_host),
        };
        Ok((reply, pending))
    }
}

/// The host's channel until the guest's first frame opens.
#[derive(Debug)]
pub struct Pending {
    sealer: Sealer,
    opener: Opener,
}

impl Pending {
    /// Opens the guest's first sealed frame: the channel's two directions (what the host seals, what
    /// it opens) and the frame's plaintext, or [`ChannelError::WrongCode`] if it does not open (the
    /// guest holds another code).
    pub fn confirm(mut self, first: &[u8]) -> Result<(Sealer, Opener, Vec<u8>), ChannelError> {
        let plaintext = self
            .opener
            .open(first)
            .map_err(|_| ChannelError::WrongCode)?;
        Ok((self.sealer, self.opener, plaintext))
    }
}
