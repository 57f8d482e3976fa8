//! One direction of an open channel: a [`Sealer`] seals frames, an [`Opener`] opens them, each with
//! its own ChaCha20-Poly1305 key and a frame counter as the nonce (never sent: both sides count).
//!
//! Deliberately absent: sending the nonce (a frame out of order cannot open, by design), and any
//! recovery after a frame fails to open (the connection ends).

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};

use super::ChannelError;

/// Bytes a sealed frame adds to its plaintext (Poly1305's tag).
pub const SEAL_OVERHEAD: usize = 16;

/// The nonce of the `counter`th frame of a direction: the counter, little-endian, in 96 bits.
fn nonce(counter: u64) -> Nonce {
    let mut bytes = [0u8; 12];
    bytes[..8].copy_from_slice(&counter.to_le_bytes());
    Nonce::from(bytes)
}

/// One direction's key and its next frame's number.
struct Direction {
    cipher: ChaCha20Poly1305,
    counter: u64,
}

impl Direction {
    fn new(key: &[u8; 32]) -> Direction {
        Direction {
            cipher: ChaCha20Poly1305::new(Key::from_slice(key)),
            counter: 0,
        }
    }

    /// The next frame's nonce, counted as used.
    fn next(&mut self) -> Result<Nonce, ChannelError> {
        let current = self.counter;
        self.counter = current.checked_add(1).ok_or(ChannelError::Exhausted)?;
        Ok(nonce(current))
    }
}

impl std::fmt::Debug for Direction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The key is never printed.
        f.debug_struct("Direction")
            .field("counter", &self.counter)
            .finish_non_exhaustive()
    }
}

/// Seals the frames one side sends.
#[derive(Debug)]
pub struct Sealer(Direction);

/// Opens the frames one side receives, in order.
#[derive(Debug)]
pub struct Opener(Direction);

impl Sealer {
    pub(super) fn new(key: &[u8; 32]) -> Sealer {
        Sealer(Direction::new(key))
    }

    /// The next frame sealed.
    pub fn seal(&mut self, plaintext: &[u8]) -> Result<Vec<u8>, ChannelError> {
        self.seal_bound(plaintext, &[])
    }

    /// The next frame sealed, bound to `context` (authenticated, not sent).
    pub(super) fn seal_bound(
        &mut self,
        plaintext: &[u8],
        context: &[u8],
    ) -> Result<Vec<u8>, ChannelError> {
        let nonce = self.0.next()?;
        let payload = Payload {
            msg: plaintext,
            aad: context,
        };
        // Sealing fails only for a message over 256 GiB.
        self.0
            .cipher
            .encrypt(&nonce, payload)
            .map_err(|_| ChannelError::Exhausted)
    }
}

impl Opener {
    pub(super) fn new(key: &[u8; 32]) -> Opener {
        Opener(Direction::new(key))
    }

    /// The next frame opened: its plaintext, or [`ChannelError::Forged`] (the connection ends: the
    /// frame's number is spent either way).
    pub fn open(&mut self, sealed: &[u8]) -> Result<Vec<u8>, ChannelError> {
        self.open_bound(sealed, &[])
    }

    /// The next frame opened, bound to `context`.
    pub(super) fn open_bound(
        &mut self,
        sealed: &[u8],
        context: &[u8],
    ) -> Result<Vec<u8>, ChannelError> {
        let nonce = self.0.next()?;
        let payload = Payload {
            msg: sealed,
            aad: context,
        };
        self.0
            .cipher
            .decrypt(&nonce, payload)
            .map_err(|_| ChannelError::Forged)
    }
}
