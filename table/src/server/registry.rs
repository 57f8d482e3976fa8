//! The server's tables by code, and the door every connection passes first: its first message must
//! be `join` or `rejoin`, whose code picks the table. Attempts are limited per network address across
//! the whole server (as a table limits joins), counted before the code is looked up, so guessing codes
//! is as slow against many tables as against one.
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
use crate::secret::normalize_code;

/// One table's way in, and its snapshots if they are kept.
#[derive(Debug)]
pub(super) struct Entry {
    pub inputs: mpsc::Sender<Input>,
    pub hub: AbortHandle,
    pub snapshots: Option<watch::Receiver<Arc<TableSnapshot>>>,
}

/// The tables, keyed by their code as shown.
#[derive(Debug)]
pub(super) struct Registry {
    tables: HashMap<String, Entry>,
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

    pub fn contains(&self, code: &str) -> bool {
        self.tables.contains_key(code)
    }

    pub fn insert(&mut self, code: String, entry: Entry) {
        self.tables.insert(code, entry);
    }

    /// A table's snapshots, if they are kept.
    pub fn snapshots(&self, code: &str) -> Option<watch::Receiver<Arc<TableSnapshot>>> {
        self.tables.get(code)?.snapshots.clone()
    }

    pub fn remove(&mut self, code: &str) {
        self.tables.remove(code);
    }

    /// Stops every table.
    pub fn stop_all(&mut self) {
        for (_, entry) in self.tables.drain() {
            entry.hub.abort();
        }
    }

    /// The table a connection's first frame asks for: refused if the frame is not a message, not
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
        let now = self.start.elapsed().as_millis() as u64;
        self.joins
            .take(address, now)
            .map_err(|retry_ms| ErrorCode::RateLimited { retry_ms })?;
        normalize_code(&code)
            .and_then(|code| self.tables.get(&code))
            .map(|entry| entry.inputs.clone())
            .ok_or(ErrorCode::WrongCode)
    }
}
