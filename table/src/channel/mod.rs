//! The encrypted channel every table connection over a network runs, keyed by the table code people
//! read aloud (magic-wormhole style), as a sans-IO state machine: bytes in, bytes out, no sockets.
//!
//! 1. The guest sends a [`Hello`] (one binary frame): [`MAGIC`], the protocol version, the code's
//!    public [`Nameplate`] (it routes the connection to its table) and SPAKE2's first message
//!    (Ed25519 group; the password is the whole normalized code, the identities name the protocol
//!    version and each side's role).
//! 2. The host answers ([`Host::answer`]) with SPAKE2's second message and a sealed confirmation.
//! 3. Both sides derive two directional keys from the SPAKE2 key with HKDF-SHA256 (guest→host and
//!    host→guest); every later frame is one binary message sealed with ChaCha20-Poly1305 under a
//!    96-bit nonce made of a per-direction counter both sides keep (never sent), so a replayed,
//!    reordered, dropped or forged frame fails to open ([`Opener::open`]) and the connection ends.
//!    SPAKE2 draws fresh randomness from the OS for each run: every connection has its own keys.
//! 4. The guest checks the host's confirmation ([`Guest::finish`]): a wrong code, or an impostor that
//!    does not know the code, is [`ChannelError::WrongCode`] before the guest sends anything more. The
//!    host checks the guest's first sealed frame ([`Pending::confirm`]).
//!
//! What an attacker learns: a passive eavesdropper sees the nameplate, SPAKE2's messages and
//! ciphertext, from which no candidate code can be checked (offline guessing needs the SPAKE2 secret
//! scalar of one side). An active impostor gets exactly one guess per run it takes part in, which the
//! server counts against the address's join rate limit.
//!
//! Deliberately absent: home-made cryptography (RustCrypto's `spake2`, `hkdf`, `sha2`,
//! `chacha20poly1305`), rekeying (a connection's counter is 64 bits: it never wraps in a match),
//! padding (a frame's length shows through, as with TLS), and sockets, deadlines and rate limits (the
//! server's and the client's).

mod handshake;
mod seal;

pub use handshake::{CONFIRMATION_BYTES, Guest, HELLO_BYTES, Hello, MAGIC, Pending, REPLY_BYTES};
pub use seal::{Opener, SEAL_OVERHEAD, Sealer};

/// Why the channel cannot go on. Any of them ends the connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChannelError {
    /// The frame is not this channel's handshake (wrong magic or length, or a bad nameplate).
    #[error("not a table channel handshake")]
    NotHandshake,
    /// The peer speaks another protocol version.
    #[error("protocol version {found} is not this build's")]
    Version {
        /// The version the peer sent.
        found: u32,
    },
    /// The peer does not hold the same code (or is an impostor that does not know it).
    #[error("wrong table code")]
    WrongCode,
    /// A sealed frame failed to open: forged, replayed, reordered, truncated, or a frame dropped
    /// before it.
    #[error("a frame failed to open")]
    Forged,
    /// A direction's counter is spent (2^64 frames).
    #[error("the channel's frame counter is spent")]
    Exhausted,
}

#[cfg(test)]
mod tests;
