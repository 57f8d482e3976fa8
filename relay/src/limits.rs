//! The relay's limits, as typed configuration with documented defaults, and the token bucket that
//! meters pairing attempts and bytes (sans-IO: the caller gives the time).
//!
//! Deliberately absent: limits per nameplate (a nameplate is public: an attacker could spend a
//! table's budget) and any limit on the payload's content (the relay never reads it).

use std::time::{Duration, Instant};

use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use crate::wire::FRAME_HEADER;

/// Everything the relay refuses beyond.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Connections held at once, over all addresses (default 32,768; the open-file limit may
    /// lower it).
    pub max_connections: usize,
    /// Connections held at once from one address (default 256: a household or a carrier's NAT).
    pub connections_per_address: usize,
    /// Pairing attempts (host registrations and guests) one address may make in a burst
    /// (default 30)…
    pub attempts_burst: u32,
    /// …and per second after it (default 2).
    pub attempts_per_second: f64,
    /// Bytes per second one guest may send to its host, and its host to it (default 64 KiB each
    /// way; a burst of as much is allowed first). Beyond it the relay reads the guest more slowly,
    /// and holds the host's frames to it in the guest's queue. A host's control connection may
    /// send this times [`Limits::guests_per_host`].
    pub bytes_per_second: u32,
    /// Bytes per second one address may send through all its pairs (default 512 KiB).
    pub bytes_per_second_per_address: u32,
    /// How long a guest waits for its host to be told of it (default 30 s).
    pub pairing_timeout: Duration,
    /// How long a guest's stream may carry no frame either way before the guest is closed
    /// (default 10 min).
    pub idle_timeout: Duration,
    /// Guests one host's control connection carries at once (default 32).
    pub guests_per_host: usize,
    /// Bytes the relay queues towards one guest (default 256 KiB; each frame counts at least 64,
    /// and an empty queue takes one frame of any size); a guest that lets it fill up is closed
    /// (4004), its host's other guests go on.
    pub guest_queue: usize,
    /// Bytes of frames and notices the relay queues towards one host's control connection
    /// (default 1 MiB, counted alike); a host that lets it fill up is closed (4004) with all its
    /// guests.
    pub host_queue: usize,
    /// How often a host's control connection is pinged (default 20 s)…
    pub ping_interval: Duration,
    /// …and how long it may go without a pong (or any frame) before it is closed (default 60 s).
    pub host_timeout: Duration,
    /// How long a connection may take to finish its WebSocket handshake (default 10 s).
    pub handshake_timeout: Duration,
    /// The largest message a guest may send or receive (default 64 KiB); a host's control
    /// connection carries it with its 9-byte header.
    pub max_message: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_connections: 32_768,
            connections_per_address: 256,
            attempts_burst: 30,
            attempts_per_second: 2.0,
            bytes_per_second: 64 * 1024,
            bytes_per_second_per_address: 512 * 1024,
            pairing_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(600),
            guests_per_host: 32,
            guest_queue: 256 * 1024,
            host_queue: 1024 * 1024,
            ping_interval: Duration::from_secs(20),
            host_timeout: Duration::from_secs(60),
            handshake_timeout: Duration::from_secs(10),
            max_message: 64 * 1024,
        }
    }
}

/// The read buffer of every connection (the relay's memory is mostly these).
pub const READ_BUFFER: usize = 4 * 1024;

impl Limits {
    /// The WebSocket settings of every connection: small buffers, capped messages (a guest's
    /// largest and the header of a host's frame), no write buffering beyond the frame being
    /// written.
    pub fn websocket(&self) -> WebSocketConfig {
        let largest = self.max_message.saturating_add(FRAME_HEADER);
        WebSocketConfig::default()
            .read_buffer_size(READ_BUFFER)
            .write_buffer_size(0)
            .max_write_buffer_size(largest.saturating_mul(2).max(READ_BUFFER))
            .max_message_size(Some(largest))
            .max_frame_size(Some(largest))
    }
}

/// A token bucket: `burst` tokens at most, `rate` more per second.
#[derive(Clone, Debug)]
pub struct TokenBucket {
    tokens: f64,
    burst: f64,
    rate: f64,
    last: Instant,
}

impl TokenBucket {
    /// A full bucket.
    pub fn new(burst: f64, rate: f64, now: Instant) -> Self {
        Self {
            tokens: burst,
            burst,
            rate,
            last: now,
        }
    }

    fn refill(&mut self, now: Instant) {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        self.last = self.last.max(now);
    }

    /// Takes `n` tokens if there are; whether it did.
    pub fn try_take(&mut self, n: f64, now: Instant) -> bool {
        self.refill(now);
        if self.tokens >= n {
            self.tokens -= n;
            true
        } else {
            false
        }
    }

    /// Takes `n` tokens, going into debt if needed: how long until the debt is paid.
    pub fn take(&mut self, n: f64, now: Instant) -> Duration {
        self.refill(now);
        self.tokens -= n;
        if self.tokens >= 0.0 || self.rate <= 0.0 {
            Duration::ZERO
        } else {
            Duration::from_secs_f64(-self.tokens / self.rate)
        }
    }

    /// Whether the bucket is full at `now` (forgetting it loses nothing).
    pub fn is_full(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.tokens >= self.burst
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let start = Instant::now();
        let mut bucket = TokenBucket::new(3.0, 1.0, start);
        assert!((0..3).all(|_| bucket.try_take(1.0, start)));
        assert!(!bucket.try_take(1.0, start));
        assert!(!bucket.is_full(start));
        assert!(bucket.try_take(1.0, start + Duration::from_secs(1)));
        assert!(!bucket.try_take(1.0, start + Duration::from_secs(1)));
        assert!(bucket.is_full(start + Duration::from_secs(10)));
    }

    #[test]
    fn taking_beyond_the_tokens_owes_time() {
        let start = Instant::now();
        let mut bucket = TokenBucket::new(1_000.0, 1_000.0, start);
        assert_eq!(bucket.take(1_000.0, start), Duration::ZERO);
        assert_eq!(bucket.take(500.0, start), Duration::from_millis(500));
        assert_eq!(
            bucket.take(500.0, start + Duration::from_millis(500)),
            Duration::from_millis(500)
        );
    }

    #[test]
    fn buffers_are_small_and_messages_capped() {
        let config = Limits::default().websocket();
        assert_eq!(config.read_buffer_size, READ_BUFFER);
        assert_eq!(config.write_buffer_size, 0);
        assert_eq!(config.max_message_size, Some(64 * 1024 + FRAME_HEADER));
    }
}
