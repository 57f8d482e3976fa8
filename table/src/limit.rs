//! Rate limits with the time passed in: a [`Bucket`] (a token bucket, kept as the time its next token
//! is free; a message may cost several tokens) and [`PerAddress`], one bucket per network address for
//! joining.

use std::collections::BTreeMap;
use std::net::IpAddr;

/// A token bucket: `burst` attempts at once, then one every `interval_ms`. Kept as the theoretical time
/// the bucket is full again, so it is two numbers and never drifts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bucket {
    burst: u32,
    interval_ms: u64,
    /// When the bucket will be full again (≤ now: full).
    full_at: u64,
}

impl Bucket {
    /// A full bucket.
    pub const fn new(burst: u32, interval_ms: u64) -> Bucket {
        Bucket {
            burst,
            interval_ms,
            full_at: 0,
        }
    }

    /// Takes one token at `now`, or says how many milliseconds until one is free.
    pub fn take(&mut self, now: u64) -> Result<(), u64> {
        self.take_many(now, 1)
    }

    /// Takes `count` tokens at `now`, or says how many milliseconds until they are free (a count over
    /// the burst costs the burst).
    pub fn take_many(&mut self, now: u64, count: u32) -> Result<(), u64> {
        let start = self.full_at.max(now);
        let window = self.interval_ms.saturating_mul(u64::from(self.burst));
        let cost = self
            .interval_ms
            .saturating_mul(u64::from(count.min(self.burst)));
        let after = start.saturating_add(cost);
        if after.saturating_sub(now) > window {
            return Err(after - now - window);
        }
        self.full_at = after;
        Ok(())
    }

    /// Whether the bucket is full at `now` (it can be forgotten).
    pub fn is_full(&self, now: u64) -> bool {
        self.full_at <= now
    }
}

/// Join attempts per address: 5 at once, then one every 2 s.
pub const JOIN_BURST: u32 = 5;
/// See [`JOIN_BURST`].
pub const JOIN_INTERVAL_MS: u64 = 2_000;
/// Most addresses remembered at once; past it, full buckets are forgotten, and if none is, joining
/// waits (a flood from many addresses cannot grow the table's memory).
pub const MAX_ADDRESSES: usize = 4_096;

/// One join bucket per address.
#[derive(Clone, Debug, Default)]
pub struct PerAddress {
    buckets: BTreeMap<IpAddr, Bucket>,
}

impl PerAddress {
    /// Takes one join attempt for `address` at `now`, or says how long to wait.
    pub fn take(&mut self, address: IpAddr, now: u64) -> Result<(), u64> {
        if !self.buckets.contains_key(&address) && self.buckets.len() >= MAX_ADDRESSES {
            self.buckets.retain(|_, bucket| !bucket.is_full(now));
            if self.buckets.len() >= MAX_ADDRESSES {
                return Err(JOIN_INTERVAL_MS);
            }
        }
        self.buckets
            .entry(address)
            .or_insert(Bucket::new(JOIN_BURST, JOIN_INTERVAL_MS))
            .take(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_one_per_interval() {
        let mut bucket = Bucket::new(3, 1000);
        for _ in 0..3 {
            assert_eq!(bucket.take(10_000), Ok(()));
        }
        assert_eq!(bucket.take(10_000), Err(1000));
        assert_eq!(bucket.take(10_500), Err(500));
        assert_eq!(bucket.take(11_000), Ok(()));
        assert_eq!(bucket.take(11_000), Err(1000));
        // After a long pause the burst is back, not more.
        for _ in 0..3 {
            assert_eq!(bucket.take(100_000), Ok(()));
        }
        assert!(bucket.take(100_000).is_err());
        assert!(!bucket.is_full(100_000));
        assert!(bucket.is_full(103_000));
    }

    #[test]
    fn addresses_are_limited_separately_and_memory_is_bounded() {
        let mut limits = PerAddress::default();
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        for _ in 0..JOIN_BURST {
            assert!(limits.take(a, 0).is_ok());
        }
        assert!(limits.take(a, 0).is_err());
        assert!(limits.take(b, 0).is_ok());
        let mut refused = 0;
        for i in 0..(MAX_ADDRESSES as u32 + 10) {
            if limits.take(IpAddr::from(i.to_be_bytes()), 1).is_err() {
                refused += 1;
            }
        }
        assert!(refused >= 10);
        assert!(limits.buckets.len() <= MAX_ADDRESSES);
        // Once the buckets are full again they are forgotten and joining resumes.
        assert!(limits.take([192, 168, 0, 1].into(), 1_000_000).is_ok());
    }
}
