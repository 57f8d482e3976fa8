//! A host's link: a task that keeps a control connection registered under the nameplate (again,
//! after a backoff that doubles up to a bound, whenever it drops: behind a proxy the new one may
//! reach another relay), opens an accept connection for each guest the relay announces and hands
//! the paired socket over a channel. Its status is watched; dropping the link stops everything.
//!
//! Deliberately absent: choosing which guests to take (every announced guest is accepted; the
//! end-to-end handshake on the socket tells a friend from a stranger).

use futures_util::StreamExt;
use tokio::sync::{mpsc, watch};
use tokio::task::{JoinHandle, JoinSet};
use tokio::time::{Duration, sleep, timeout};
use tokio_tungstenite::tungstenite::Message;

use super::dial::dial;
use super::{LinkOptions, RelayAddress, RelayError, RelaySocket, RelayStatus, closed};
use crate::nameplate::Nameplate;
use crate::wire::{Notice, Request};

/// The first wait before registering again.
const FIRST_BACKOFF: Duration = Duration::from_millis(250);
/// Paired sockets not yet taken by the receiver.
const WAITING_SOCKETS: usize = 16;

/// A host registered at a relay; dropping it closes its connections.
#[derive(Debug)]
pub struct HostLink {
    status: watch::Receiver<RelayStatus>,
    task: JoinHandle<()>,
}

impl HostLink {
    /// Registers `nameplate` at `relay` with the default options: the link, and the guests'
    /// paired sockets as they come.
    pub fn spawn(relay: RelayAddress, nameplate: Nameplate) -> (Self, mpsc::Receiver<RelaySocket>) {
        Self::spawn_with(relay, nameplate, LinkOptions::default())
    }

    /// [`HostLink::spawn`] with `options`.
    pub fn spawn_with(
        relay: RelayAddress,
        nameplate: Nameplate,
        options: LinkOptions,
    ) -> (Self, mpsc::Receiver<RelaySocket>) {
        let (status_tx, status) = watch::channel(RelayStatus::Connecting);
        let (sockets, receiver) = mpsc::channel(WAITING_SOCKETS);
        let link = Link {
            relay,
            nameplate,
            options,
            status: status_tx,
            sockets,
            accepts: JoinSet::new(),
        };
        let task = tokio::spawn(link.run());
        (Self { status, task }, receiver)
    }

    /// Where the link stands, watched.
    pub fn status(&self) -> watch::Receiver<RelayStatus> {
        self.status.clone()
    }
}

impl Drop for HostLink {
    fn drop(&mut self) {
        self.task.abort();
    }
}

struct Link {
    relay: RelayAddress,
    nameplate: Nameplate,
    options: LinkOptions,
    status: watch::Sender<RelayStatus>,
    sockets: mpsc::Sender<RelaySocket>,
    accepts: JoinSet<()>,
}

/// `wait` shortened by up to half at random (hosts dropped together do not come back together).
fn jittered(wait: Duration) -> Duration {
    let random = f64::from(getrandom::u32().unwrap_or_default()) / f64::from(u32::MAX);
    wait.mul_f64(1.0 - random / 2.0)
}

impl Link {
    async fn run(mut self) {
        let mut backoff = FIRST_BACKOFF;
        loop {
            self.status.send_replace(RelayStatus::Connecting);
            let request = Request::Host(self.nameplate.clone());
            let reason = match dial(&self.relay, &request, &self.options).await {
                Ok(socket) => {
                    let (registered, reason) = self.control(socket).await;
                    if registered {
                        backoff = FIRST_BACKOFF;
                    }
                    reason
                }
                Err(reason) => reason,
            };
            self.status
                .send_replace(RelayStatus::Unreachable { reason });
            if self.sockets.is_closed() {
                return;
            }
            sleep(jittered(backoff)).await;
            backoff = (backoff * 2).min(self.options.max_backoff);
        }
    }

    /// Runs one control connection: whether it registered, and why it ended.
    async fn control(&mut self, mut socket: RelaySocket) -> (bool, RelayError) {
        let mut registered = false;
        loop {
            while self.accepts.try_join_next().is_some() {}
            let Ok(frame) = timeout(self.options.silence, socket.next()).await else {
                return (registered, RelayError::Timeout);
            };
            let notice = match frame {
                Some(Ok(Message::Text(text))) => Notice::decode(&text),
                Some(Ok(Message::Close(frame))) => return (registered, closed(frame)),
                Some(Ok(Message::Binary(_))) => None,
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return (registered, RelayError::Closed),
            };
            match notice {
                Some(Notice::Registered { index }) if !registered => {
                    registered = true;
                    self.status.send_replace(RelayStatus::Registered { index });
                }
                Some(Notice::Guest(id)) if registered => self.accept(id),
                _ => return (registered, RelayError::Protocol),
            }
        }
    }

    /// Opens the accept connection for guest `id` and hands its socket over.
    fn accept(&mut self, id: u64) {
        let relay = self.relay.clone();
        let request = Request::Accept(self.nameplate.clone(), id);
        let options = self.options.clone();
        let sockets = self.sockets.clone();
        self.accepts.spawn(async move {
            if let Ok(socket) = dial(&relay, &request, &options).await {
                let _ = sockets.send(socket).await;
            }
        });
    }
}
