//! The door: what each network address may hold and send, so that nobody without a seat can keep a
//! player from theirs.
//!
//! A connection is *waiting* from its arrival until a table takes it (a `join` or `rejoin` that the
//! table accepted), and again once the table lets it go (replaced by a rejoin elsewhere, or no
//! longer joined). Waiting connections are capped per address ([`WAITING_PER_ADDRESS`]) and over the
//! server (its connection cap less a reserve kept for people at tables); when the server's waiting
//! room is full the oldest waiting connection is closed to make room, so a flood of idle connections
//! only ever shortens its own wait, and a player coming back always finds a place. Arrivals are
//! limited per address by a token bucket ([`CONNECT_BURST`], one each [`CONNECT_INTERVAL_MS`]).
//!
//! Every message costs tokens from its address's bucket (one, and one more per started 4 KiB), on
//! top of its connection's own ([`super::connection`]): a reader over its budget is not read until
//! its tokens come back, so a flood is paced by TCP itself at no cost to the tables.
//!
//! IPv6 addresses are counted by their /64 network (one host usually holds a whole /64).
//!
//! Deliberately absent: banning (limits pass with time), and anything per table (the tables limit
//! joins themselves).

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;

use tokio::sync::oneshot;
use tokio::time::Instant;

use crate::limit::Bucket;

/// Waiting connections one address may hold at once.
pub const WAITING_PER_ADDRESS: u32 = 8;
/// New connections from one address: 20 at once, then one every 200 ms.
pub const CONNECT_BURST: u32 = 20;
/// See [`CONNECT_BURST`].
pub const CONNECT_INTERVAL_MS: u64 = 200;
/// Message tokens of one address: 200 at once, then one every 5 ms (200 a second).
pub const ADDRESS_BURST: u32 = 200;
/// See [`ADDRESS_BURST`].
pub const ADDRESS_INTERVAL_MS: u64 = 5;
/// The bytes one message token pays for.
pub const TOKEN_BYTES: usize = 4 * 1024;
/// Most addresses remembered at once; past it, idle ones are forgotten, and arrivals from new
/// addresses are refused until some are.
pub const MAX_ADDRESSES: usize = 16_384;

/// The tokens a message of `bytes` costs.
pub fn cost(bytes: usize) -> u32 {
    u32::try_from(1 + bytes / TOKEN_BYTES).unwrap_or(u32::MAX)
}

/// How addresses are counted: IPv4 as they are, IPv6 by /64 (an IPv4-mapped one as its IPv4).
pub fn key(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let prefix = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(prefix.into())
            }
        },
    }
}

/// One address's counts.
#[derive(Debug)]
struct Address {
    waiting: u32,
    connects: Bucket,
    messages: Bucket,
}

impl Address {
    fn new() -> Address {
        Address {
            waiting: 0,
            connects: Bucket::new(CONNECT_BURST, CONNECT_INTERVAL_MS),
            messages: Bucket::new(ADDRESS_BURST, ADDRESS_INTERVAL_MS),
        }
    }

    fn idle(&self, now: u64) -> bool {
        self.waiting == 0 && self.connects.is_full(now) && self.messages.is_full(now)
    }
}

/// Why a connection was not let in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Its address connects too often, or holds too many waiting connections.
    Address,
    /// Too many addresses are remembered.
    Busy,
}

/// A waiting connection's place: given back when the connection is taken by a table or closes
/// ([`Door::leave`]); `evicted` fires when the door closes it to make room.
#[derive(Debug)]
pub struct Place {
    pub id: u64,
    pub evicted: oneshot::Receiver<()>,
}

/// See the module docs.
#[derive(Debug)]
pub struct Door {
    addresses: HashMap<IpAddr, Address>,
    /// Waiting connections by arrival, each with its address and how to close it.
    waiting: BTreeMap<u64, (IpAddr, oneshot::Sender<()>)>,
    max_waiting: usize,
    next: u64,
    start: Instant,
}

impl Door {
    /// A door with room for `max_waiting` waiting connections.
    pub fn new(max_waiting: usize) -> Door {
        Door {
            addresses: HashMap::new(),
            waiting: BTreeMap::new(),
            max_waiting: max_waiting.max(1),
            next: 0,
            start: Instant::now(),
        }
    }

    fn now(&self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn address(&mut self, address: IpAddr, now: u64) -> Result<&mut Address, Refused> {
        let key = key(address);
        if !self.addresses.contains_key(&key) && self.addresses.len() >= MAX_ADDRESSES {
            self.addresses.retain(|_, a| !a.idle(now));
            if self.addresses.len() >= MAX_ADDRESSES {
                return Err(Refused::Busy);
            }
        }
        Ok(self.addresses.entry(key).or_insert_with(Address::new))
    }

    /// A new connection from `address`: its place, or why it is refused.
    pub fn arrive(&mut self, address: IpAddr) -> Result<Place, Refused> {
        let now = self.now();
        self.address(address, now)?
            .connects
            .take(now)
            .map_err(|_| Refused::Address)?;
        self.wait(address)
    }

    /// A connection a table let go waits again (no arrival counted).
    pub fn wait(&mut self, address: IpAddr) -> Result<Place, Refused> {
        let now = self.now();
        let counts = self.address(address, now)?;
        if counts.waiting >= WAITING_PER_ADDRESS {
            return Err(Refused::Address);
        }
        counts.waiting += 1;
        // The oldest waiting connection makes room.
        while self.waiting.len() >= self.max_waiting {
            let Some((id, _)) = self.waiting.first_key_value() else {
                break;
            };
            let id = *id;
            if let Some(close) = self.remove(id) {
                let _ = close.send(());
            }
        }
        let id = self.next;
        self.next += 1;
        let (close, evicted) = oneshot::channel();
        self.waiting.insert(id, (key(address), close));
        Ok(Place { id, evicted })
    }

    /// A waiting connection no longer waits (taken by a table, or closed).
    pub fn leave(&mut self, id: u64) {
        self.remove(id);
    }

    /// Forgets a waiting connection; how to tell it it was closed.
    fn remove(&mut self, id: u64) -> Option<oneshot::Sender<()>> {
        let (address, close) = self.waiting.remove(&id)?;
        if let Some(counts) = self.addresses.get_mut(&address) {
            counts.waiting = counts.waiting.saturating_sub(1);
        }
        Some(close)
    }

    /// Takes a message's tokens from its address, or says how long to wait for them.
    pub fn message(&mut self, address: IpAddr, bytes: usize) -> Result<(), u64> {
        let now = self.now();
        let Ok(counts) = self.address(address, now) else {
            return Err(ADDRESS_INTERVAL_MS);
        };
        counts.messages.take_many(now, cost(bytes))
    }

    /// Connections waiting now.
    #[cfg(test)]
    pub fn waiting(&self) -> usize {
        self.waiting.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_a_few_waiting_connections_and_the_oldest_makes_room() {
        let mut door = Door::new(10);
        let a: IpAddr = [127, 0, 0, 2].into();
        let mut places = Vec::new();
        for _ in 0..WAITING_PER_ADDRESS {
            places.push(door.arrive(a).expect("room"));
        }
        assert_eq!(door.arrive(a).err(), Some(Refused::Address));
        // Others fill the room: the oldest waiting are closed for them.
        for i in 0..10u8 {
            door.arrive([127, 0, 1, i].into()).expect("room made");
        }
        assert_eq!(door.waiting(), 10);
        let mut first = places.remove(0);
        assert_eq!(first.evicted.try_recv(), Ok(()));
        // The evicted gave their counts back.
        assert!(door.arrive(a).is_ok());
    }

    #[test]
    fn arrivals_and_messages_are_paced_per_address() {
        let mut door = Door::new(1_000);
        let a: IpAddr = [10, 0, 0, 1].into();
        let mut let_in = 0;
        for _ in 0..100 {
            if let Ok(place) = door.arrive(a) {
                door.leave(place.id);
                let_in += 1;
            }
        }
        assert_eq!(let_in, CONNECT_BURST);
        // 64 KiB messages cost 17 tokens each: the burst holds 11 of them.
        let big = 64 * 1024;
        let taken = (0..100).filter(|_| door.message(a, big).is_ok()).count();
        assert_eq!(taken, (ADDRESS_BURST / cost(big)) as usize);
        assert!(door.message([10, 0, 0, 2].into(), big).is_ok());
    }

    #[test]
    fn ipv6_is_counted_by_its_network() {
        let one: IpAddr = "2001:db8::1".parse().expect("an address");
        let two: IpAddr = "2001:db8::ffff:2".parse().expect("an address");
        let other: IpAddr = "2001:db8:0:1::1".parse().expect("an address");
        assert_eq!(key(one), key(two));
        assert_ne!(key(one), key(other));
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().expect("an address");
        assert_eq!(key(mapped), IpAddr::from([10, 0, 0, 1]));
    }
}
