//! What the relay counts per client address: connections held, pairing attempts (a token bucket)
//! and bytes sent through pairs (another); and which address a connection is from — the peer's,
//! or, when the peer is a trusted proxy, the last one the proxy added to `X-Forwarded-For`.
//!
//! Deliberately absent: trusting `X-Forwarded-For` from anyone else (a client could name any
//! address and escape its limits), and forgetting an address while its buckets are not full
//! (reconnecting would refill them).

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

use crate::limits::{Limits, TokenBucket};

#[derive(Debug)]
struct Entry {
    connections: usize,
    attempts: TokenBucket,
    bytes: TokenBucket,
}

/// The per-address accounts.
#[derive(Debug)]
pub struct Addresses {
    limits: Limits,
    entries: HashMap<IpAddr, Entry>,
}

impl Addresses {
    /// No address known yet.
    pub fn new(limits: &Limits) -> Self {
        Self {
            limits: limits.clone(),
            entries: HashMap::new(),
        }
    }

    fn entry(&mut self, ip: IpAddr, now: Instant) -> &mut Entry {
        let limits = &self.limits;
        self.entries.entry(ip).or_insert_with(|| Entry {
            connections: 0,
            attempts: TokenBucket::new(
                f64::from(limits.attempts_burst),
                limits.attempts_per_second,
                now,
            ),
            bytes: TokenBucket::new(
                f64::from(limits.bytes_per_second_per_address),
                f64::from(limits.bytes_per_second_per_address),
                now,
            ),
        })
    }

    /// One more connection from `ip`, if it holds fewer than allowed; whether it was counted.
    pub fn connect(&mut self, ip: IpAddr, now: Instant) -> bool {
        let most = self.limits.connections_per_address;
        let entry = self.entry(ip, now);
        if entry.connections >= most {
            return false;
        }
        entry.connections += 1;
        true
    }

    /// A connection from `ip` closed.
    pub fn disconnect(&mut self, ip: IpAddr) {
        if let Some(entry) = self.entries.get_mut(&ip) {
            entry.connections = entry.connections.saturating_sub(1);
        }
    }

    /// A pairing attempt from `ip`: whether its bucket allows it.
    pub fn attempt(&mut self, ip: IpAddr, now: Instant) -> bool {
        self.entry(ip, now).attempts.try_take(1.0, now)
    }

    /// `n` bytes sent from `ip`: how long to wait before reading more from it.
    pub fn bytes(&mut self, ip: IpAddr, n: usize, now: Instant) -> Duration {
        self.entry(ip, now).bytes.take(n as f64, now)
    }

    /// Forgets the addresses with no connection and full buckets.
    pub fn sweep(&mut self, now: Instant) {
        self.entries.retain(|_, entry| {
            entry.connections > 0 || !entry.attempts.is_full(now) || !entry.bytes.is_full(now)
        });
    }

    /// Addresses known now.
    #[cfg(test)]
    pub fn known(&self) -> usize {
        self.entries.len()
    }
}

/// The client's address: the peer's, unless the peer is in `trusted` and says, in
/// `X-Forwarded-For`, whom it forwards (the last entry: the one the trusted proxy added).
pub fn client_address(peer: IpAddr, forwarded: Option<&str>, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    forwarded
        .and_then(|list| list.rsplit(',').next())
        .and_then(|last| last.trim().parse().ok())
        .unwrap_or(peer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    #[test]
    fn connections_are_counted_per_address() {
        let now = Instant::now();
        let limits = Limits {
            connections_per_address: 2,
            ..Limits::default()
        };
        let mut addresses = Addresses::new(&limits);
        assert!(addresses.connect(ip("10.0.0.1"), now));
        assert!(addresses.connect(ip("10.0.0.1"), now));
        assert!(!addresses.connect(ip("10.0.0.1"), now));
        assert!(addresses.connect(ip("10.0.0.2"), now));
        addresses.disconnect(ip("10.0.0.1"));
        assert!(addresses.connect(ip("10.0.0.1"), now));
    }

    #[test]
    fn an_address_is_forgotten_only_once_its_buckets_are_full() {
        let now = Instant::now();
        let mut addresses = Addresses::new(&Limits::default());
        assert!(addresses.connect(ip("10.0.0.1"), now));
        assert!(addresses.attempt(ip("10.0.0.1"), now));
        addresses.disconnect(ip("10.0.0.1"));
        addresses.sweep(now);
        assert_eq!(addresses.known(), 1, "its attempts are remembered");
        addresses.sweep(now + Duration::from_secs(60));
        assert_eq!(addresses.known(), 0);
    }

    #[test]
    fn forwarded_for_is_read_only_from_a_trusted_proxy() {
        let proxy = ip("127.0.0.9");
        let trusted = [proxy];
        let header = Some("203.0.113.7, 198.51.100.2");
        assert_eq!(client_address(proxy, header, &trusted), ip("198.51.100.2"));
        assert_eq!(
            client_address(ip("127.0.0.1"), header, &trusted),
            ip("127.0.0.1")
        );
        assert_eq!(client_address(proxy, Some("nonsense"), &trusted), proxy);
        assert_eq!(client_address(proxy, None, &trusted), proxy);
        assert_eq!(
            client_address(proxy, Some("2001:db8::1"), &trusted),
            ip("2001:db8::1")
        );
    }
}
