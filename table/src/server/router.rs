//! The outgoing side of the hub: one bounded queue per connection, filled without waiting. A full
//! queue means the client does not read: it is dropped instead of the table waiting for it.

use std::collections::HashMap;

use tokio::sync::mpsc;

use crate::protocol::ServerMessage;
use crate::{ConnId, Outgoing, protocol};

/// A connection at the table: its queue, and how to give it back.
#[derive(Debug)]
struct Seated {
    queue: mpsc::Sender<String>,
    release: mpsc::Sender<mpsc::Sender<String>>,
}

/// The connections' queues.
#[derive(Debug, Default)]
pub(super) struct Router {
    queues: HashMap<ConnId, Seated>,
}

impl Router {
    pub fn open(
        &mut self,
        conn: ConnId,
        queue: mpsc::Sender<String>,
        release: mpsc::Sender<mpsc::Sender<String>>,
    ) {
        self.queues.insert(conn, Seated { queue, release });
    }

    /// The connections at the table.
    pub fn connections(&self) -> Vec<ConnId> {
        self.queues.keys().copied().collect()
    }

    /// Gives a connection back to its reader, queue and all (it waits at the door again).
    pub fn release(&mut self, conn: ConnId) {
        if let Some(seated) = self.queues.remove(&conn) {
            let _ = seated.release.try_send(seated.queue);
        }
    }

    /// Connections open.
    pub fn len(&self) -> usize {
        self.queues.len()
    }

    pub fn is_open(&self, conn: ConnId) -> bool {
        self.queues.contains_key(&conn)
    }

    /// Forgets a connection (its writer then ends, closing the socket).
    pub fn close(&mut self, conn: ConnId) {
        self.queues.remove(&conn);
    }

    /// Queues every message; returns the connections dropped because their queue was full (or
    /// their writer gone). Messages for unknown connections are dropped.
    pub fn route(&mut self, out: Vec<Outgoing>) -> Vec<ConnId> {
        let mut dropped = Vec::new();
        // A message to everyone comes as one copy per connection, in a row: encoded once.
        let mut last: Option<(ServerMessage, String)> = None;
        for Outgoing { to, message } in out {
            let Some(Seated { queue, .. }) = self.queues.get(&to) else {
                continue;
            };
            let text = match &last {
                Some((previous, text)) if *previous == message => text.clone(),
                _ => {
                    let text = protocol::encode(&message);
                    last = Some((message, text.clone()));
                    text
                }
            };
            if queue.try_send(text).is_err() {
                self.queues.remove(&to);
                dropped.push(to);
            }
        }
        dropped
    }
}
