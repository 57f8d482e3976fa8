//! The transport: one [`Table`] served over WebSocket (tokio and tokio-tungstenite), behind the
//! `server` feature.
//!
//! Three kinds of task: the accept loop (at most [`ServerConfig::max_connections`] at once), one
//! reader and one writer per connection, and the hub, the only owner of the table. Readers forward
//! frames to the hub (tungstenite refuses a frame or message over [`ServerConfig::max_frame_bytes`]
//! and the connection ends); the hub feeds the table, and queues each outgoing message on its
//! connection's bounded queue without waiting ([`router`]): a client whose queue is full is too slow
//! to read, and is dropped — its seat kept, as for any dropped connection — so a slow or silent client
//! cannot stall the table. AI moves are computed on tokio's blocking threads; the hub's clock is
//! tokio's, so paused time drives the turn timer in tests.
//!
//! Deliberately absent: TLS (put the server behind a tunnel or a TLS proxy on untrusted networks),
//! discovery on the local network, several tables per server, and HTTP beyond the WebSocket
//! handshake.

mod connection;
mod hub;
mod router;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::sync::{Semaphore, mpsc};
use tokio::task::JoinHandle;

use crate::protocol::{ErrorCode, ServerMessage};
use crate::{ConnId, MAX_FRAME_BYTES, Table, TableSettings};

/// The server's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServerConfig {
    /// The largest frame or message a client may send (64 KiB).
    pub max_frame_bytes: usize,
    /// Messages waiting for one client before it is dropped as too slow.
    pub queue: usize,
    /// Connections open at once; more are closed on arrival.
    pub max_connections: usize,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        ServerConfig {
            max_frame_bytes: MAX_FRAME_BYTES,
            queue: 256,
            max_connections: 64,
        }
    }
}

/// A running server. Dropping it stops nothing; [`Server::stop`] does.
#[derive(Debug)]
pub struct Server {
    /// The table code to give the others.
    pub code: String,
    /// The host's seat token: the host's own client rejoins with it.
    pub host_token: String,
    /// Where the server listens.
    pub local_addr: SocketAddr,
    accept: JoinHandle<()>,
    hub: JoinHandle<()>,
}

impl Server {
    /// Stops accepting and closes the table.
    pub fn stop(&self) {
        self.accept.abort();
        self.hub.abort();
    }
}

/// The connection the table is created on, before the host's client connects.
const CREATOR: ConnId = 0;

/// Creates a table and serves it on `listener`. The host's own client connects like the others and
/// sends `rejoin` with [`Server::code`] and [`Server::host_token`].
pub async fn start(
    listener: TcpListener,
    settings: TableSettings,
    host_name: &str,
    config: ServerConfig,
) -> Result<Server, ErrorCode> {
    let local_addr = listener
        .local_addr()
        .unwrap_or(SocketAddr::new(IpAddr::V4(Ipv4Addr::UNSPECIFIED), 0));
    let (mut table, out) = Table::new(settings, CREATOR, local_addr.ip(), host_name)?;
    let host_token = out
        .iter()
        .find_map(|o| match &o.message {
            ServerMessage::Welcome { token, .. } => Some(token.clone()),
            _ => None,
        })
        .ok_or(ErrorCode::Unavailable)?;
    let code = table.code();
    // The host's seat waits for the host's client.
    table.disconnect(CREATOR, 0);
    let (inputs, receiver) = mpsc::channel(hub::INPUT_QUEUE);
    let hub = tokio::spawn(hub::run(table, receiver, inputs.clone()));
    let accept = tokio::spawn(accept(listener, inputs, config));
    Ok(Server {
        code,
        host_token,
        local_addr,
        accept,
        hub,
    })
}

/// Accepts connections, each with its own reader and writer.
async fn accept(listener: TcpListener, inputs: mpsc::Sender<hub::Input>, config: ServerConfig) {
    let slots = Arc::new(Semaphore::new(config.max_connections));
    let mut next: ConnId = CREATOR + 1;
    loop {
        let Ok((stream, peer)) = listener.accept().await else {
            continue;
        };
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let conn = next;
        next += 1;
        let inputs = inputs.clone();
        tokio::spawn(async move {
            connection::serve(stream, peer.ip(), conn, inputs, config).await;
            drop(slot);
        });
    }
}

#[cfg(test)]
mod tests;
