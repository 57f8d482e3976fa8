//! The server's tables by their codes' public nameplates, and the door every connection passes
//! first. A connection over the network names its table by the nameplate of its channel's Hello
//! ([`Registry::route_hello`]); the whole code then keys the channel, and the connection is bound to
//! that one table. The process's own connections ([`super::LocalDoor`]) name it by the code in their
//! `join` or `rejoin` ([`Registry::route`]). Attempts are limited per network address across the whole
//! server (as a table limits joins), counted before the nameplate is looked up, so guessing codes is
//! as slow against many tables as against one: every Hello is one online guess of a whole code.
//!
//! No two tables here share a nameplate ([`super::Server::create`] draws codes until it is free).
//!
//! Deliberately absent: listing the tables (a code is the only way in), and moving a connection from
//! one table to another (a new connection does that).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;

use tokio::sync::{mpsc, watch};
use tokio::task::AbortHandle;
use tokio::time::Instant;

use super::hub::Input;
use crate::TableSnapshot;
use crate::limit::PerAddress;
use crate::protocol::{self, ClientMessage, ErrorCode};
use crate::secret::{Nameplate, TableCode};

/// One table's way in, and its snapshots if they are kept.
#[derive(Debug)]
pub(super) struct Entry {
    pub code: TableCode,
    pub inputs: mpsc::Sender<Input>,
    pub hub: AbortHandle,
    pub snapshots: Option<watch::Receiver<Arc<TableSnapshot>>>,
}

/// The tables, keyed by their codes' nameplates.
#[derive(Debug)]
pub(super) struct Registry {
    tables: HashMap<Nameplate, Entry>,
    joins: PerAddress,
    start: Instant,
}

impl Registry {
    pub fn new() -> Registry {
        Registry {
            tables: HashMap::new(),
            joins: PerAddress::default(),
            start: Instant::now(),
        }
    }

    /// Tables open.
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// Whether a table with this nameplate is open.
    pub fn contains(&self, nameplate: Nameplate) -> bool {
        self.tables.contains_key(&nameplate)
    }

    pub fn insert(&mut self, entry: Entry) {
        self.tables.insert(entry.code.nameplate(), entry);
    }

    /// The open table typed text is the code of.
    fn table(&self, code: &str) -> Option<&Entry> {
        let code = TableCode::parse(code)?;
        self.tables
            .get(&code.nameplate())
            .filter(|entry| entry.code.matches(&code.display()))
    }

    /// A table's snapshots, if they are kept.
    pub fn snapshots(&self, code: &str) -> Option<watch::Receiver<Arc<TableSnapshot>>> {
        self.table(code)?.snapshots.clone()
    }

    pub fn remove(&mut self, nameplate: Nameplate) {
        self.tables.remove(&nameplate);
    }

    /// Stops every table.
    pub fn stop_all(&mut self) {
        for (_, entry) in self.tables.drain() {
            entry.hub.abort();
        }
    }

    /// The table a channel's Hello names by its nameplate, with its code (which keys the channel):
    /// refused over the address's rate limit, or if no table here has this nameplate.
    pub fn route_hello(
        &mut self,
        nameplate: Nameplate,
        address: IpAddr,
    ) -> Result<(TableCode, mpsc::Sender<Input>), ErrorCode> {
        self.take_attempt(address)?;
        self.tables
            .get(&nameplate)
            .map(|entry| (entry.code.clone(), entry.inputs.clone()))
            .ok_or(ErrorCode::WrongCode)
    }

    /// Counts one attempt from `address` (IPv6 by its /64, as the door counts), or says how long to
    /// wait.
    fn take_attempt(&mut self, address: IpAddr) -> Result<(), ErrorCode> {
        let now = self.start.elapsed().as_millis() as u64;
        self.joins
            .take(super::door::key(address), now)
            .map_err(|retry_ms| ErrorCode::RateLimited { retry_ms })
    }

    /// The table a local connection's first frame asks for: refused if the frame is not a message, not
    /// `join` or `rejoin`, over the address's rate limit, or names no table here.
    pub fn route(
        &mut self,
        bytes: &[u8],
        address: IpAddr,
    ) -> Result<mpsc::Sender<Input>, ErrorCode> {
        let code = match protocol::decode(bytes) {
            Ok(ClientMessage::Join { code, .. } | ClientMessage::Rejoin { code, .. }) => code,
            Ok(_) => return Err(ErrorCode::NotJoined),
            Err(reason) => return Err(ErrorCode::Protocol { reason }),
        };
        self.take_attempt(address)?;
        self.table(&code)
            .map(|entry| entry.inputs.clone())
            .ok_or(ErrorCode::WrongCode)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limit::JOIN_BURST;

    #[tokio::test]
    async fn hellos_are_counted_per_address_and_ipv6_per_network_before_the_lookup() {
        let mut registry = Registry::new();
        let code = TableCode::parse("7KQ2M-XR4TD").expect("a code");
        let (inputs, _kept) = mpsc::channel(1);
        let hub = tokio::spawn(async {}).abort_handle();
        registry.insert(Entry {
            code: code.clone(),
            inputs,
            hub,
            snapshots: None,
        });
        let nowhere = Nameplate::parse("ZZZ").expect("a nameplate");
        let one: IpAddr = "2001:db8::1".parse().expect("an address");
        for _ in 0..JOIN_BURST {
            assert_eq!(
                registry.route_hello(nowhere, one).err(),
                Some(ErrorCode::WrongCode)
            );
        }
        // Another address of the same /64 is the same network: held back, even with the right
        // nameplate.
        let same: IpAddr = "2001:db8::ffff:2".parse().expect("an address");
        assert!(matches!(
            registry.route_hello(code.nameplate(), same),
            Err(ErrorCode::RateLimited { .. })
        ));
        let other: IpAddr = "2001:db8:0:1::1".parse().expect("an address");
        let (found, _) = registry
            .route_hello(code.nameplate(), other)
            .expect("another network");
        assert_eq!(found, code);
    }
}
