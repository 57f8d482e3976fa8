//! A host's link: a task that keeps a control connection registered under the nameplate (again,
//! after a backoff that doubles up to a bound, whenever it drops: behind a proxy the new one may
//! reach another relay) and demultiplexes its guests: each `open` notice becomes a
//! [`GuestStream`] handed over a channel, each guest's frame goes to its stream's bounded queue (a
//! full one closes that guest only), and each stream's frames and close go back framed with its
//! id. When the control connection ends, every stream ends. Its status is watched; dropping the
//! link stops everything.
//!
//! Deliberately absent: choosing which guests to take (every guest is handed over; the end-to-end
//! handshake on the stream tells a friend from a stranger).

use std::collections::HashMap;
use std::net::IpAddr;
use std::pin::Pin;
use std::task::{Context, Poll};

use futures_util::{Sink, SinkExt, Stream, StreamExt};
use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio::time::{Duration, Instant, sleep, sleep_until};
use tokio_tungstenite::tungstenite::{Error as WsError, Message};
use tokio_util::sync::PollSender;

use super::dial::dial;
use super::{LinkOptions, RelayAddress, RelayError, RelaySocket, RelayStatus, closed};
use crate::nameplate::Nameplate;
use crate::wire::{Command, Notice, Request, decode_frame, encode_frame};

/// The first wait before registering again.
const FIRST_BACKOFF: Duration = Duration::from_millis(250);
/// Guest streams not yet taken by the receiver.
const WAITING_STREAMS: usize = 16;
/// Frames queued towards one guest stream before the guest is closed.
const INCOMING: usize = 64;
/// Frames of all guest streams queued towards the relay.
const OUTGOING: usize = 256;

/// A host registered at a relay; dropping it closes its connection and ends its guests' streams.
#[derive(Debug)]
pub struct HostLink {
    status: watch::Receiver<RelayStatus>,
    task: JoinHandle<()>,
}

impl HostLink {
    /// Registers `nameplate` at `relay` with the default options: the link, and its guests'
    /// streams as they come.
    pub fn spawn(relay: RelayAddress, nameplate: Nameplate) -> (Self, mpsc::Receiver<GuestStream>) {
        Self::spawn_with(relay, nameplate, LinkOptions::default())
    }

    /// [`HostLink::spawn`] with `options`.
    pub fn spawn_with(
        relay: RelayAddress,
        nameplate: Nameplate,
        options: LinkOptions,
    ) -> (Self, mpsc::Receiver<GuestStream>) {
        let (status_tx, status) = watch::channel(RelayStatus::Connecting);
        let (streams, receiver) = mpsc::channel(WAITING_STREAMS);
        let link = Link {
            relay,
            nameplate,
            options,
            status: status_tx,
            streams,
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

/// One guest's stream on a host's control connection: its frames (binary or text, as it sent
/// them) as a [`Stream`], and a [`Sink`] of frames to it. Sending a close, closing the sink or
/// dropping the stream closes the guest; the stream ends (`None`) when the guest closed or the
/// control connection ended.
pub struct GuestStream {
    guest: u64,
    from: IpAddr,
    incoming: mpsc::Receiver<Message>,
    outgoing: PollSender<Message>,
    /// The guests closed from this side, and whether their close went with their frames.
    closes: mpsc::UnboundedSender<(u64, bool)>,
    /// Closed by this side, or ended by the guest or the control connection.
    closed: bool,
}

impl std::fmt::Debug for GuestStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GuestStream")
            .field("guest", &self.guest)
            .field("from", &self.from)
            .finish_non_exhaustive()
    }
}

impl GuestStream {
    /// The guest's address as the relay saw it (to apply the host's own per-address limits).
    pub fn from(&self) -> IpAddr {
        self.from
    }

    /// Asks the relay to close the guest (once).
    fn close_guest(&mut self) {
        if !self.closed {
            self.closed = true;
            // The close goes after the frames already queued for this guest, in the same queue, so
            // it never overtakes them (a table's last words before it closes); only when that
            // queue is full does the link send it on its own.
            let command = Message::text(Command::Close { guest: self.guest }.encode());
            let queued = self
                .outgoing
                .get_ref()
                .is_some_and(|frames| frames.try_send(command).is_ok());
            self.outgoing.close();
            let _ = self.closes.send((self.guest, queued));
        }
    }
}

impl Drop for GuestStream {
    fn drop(&mut self) {
        self.close_guest();
    }
}

impl Stream for GuestStream {
    type Item = Result<Message, WsError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let next = self.incoming.poll_recv(cx);
        if let Poll::Ready(None) = next {
            // The guest or the control connection is gone: nothing more to send it either.
            self.closed = true;
            self.outgoing.close();
        }
        next.map(|m| m.map(Ok))
    }
}

impl Sink<Message> for GuestStream {
    type Error = WsError;

    fn poll_ready(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Result<(), WsError>> {
        if self.closed {
            return Poll::Ready(Err(WsError::AlreadyClosed));
        }
        self.outgoing
            .poll_reserve(cx)
            .map_err(|_| WsError::ConnectionClosed)
    }

    fn start_send(mut self: Pin<&mut Self>, message: Message) -> Result<(), WsError> {
        if self.closed {
            return Err(WsError::AlreadyClosed);
        }
        if message.is_close() {
            self.close_guest();
            return Ok(());
        }
        match encode_frame(self.guest, &message) {
            Some(frame) => self
                .outgoing
                .send_item(frame)
                .map_err(|_| WsError::ConnectionClosed),
            None => {
                // Pings and pongs are the relay's business on the control connection.
                self.outgoing.abort_send();
                Ok(())
            }
        }
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Result<(), WsError>> {
        Poll::Ready(Ok(()))
    }

    fn poll_close(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Result<(), WsError>> {
        self.close_guest();
        Poll::Ready(Ok(()))
    }
}

struct Link {
    relay: RelayAddress,
    nameplate: Nameplate,
    options: LinkOptions,
    status: watch::Sender<RelayStatus>,
    streams: mpsc::Sender<GuestStream>,
}

/// `wait` shortened by up to half at random (hosts dropped together do not come back together).
fn jittered(wait: Duration) -> Duration {
    let random = f64::from(getrandom::u32().unwrap_or_default()) / f64::from(u32::MAX);
    wait.mul_f64(1.0 - random / 2.0)
}

/// One control connection's guests and the ends of their streams' channels.
struct Demux {
    guests: HashMap<u64, mpsc::Sender<Message>>,
    outgoing: mpsc::Sender<Message>,
    closes: mpsc::UnboundedSender<(u64, bool)>,
}

impl Demux {
    /// A guest's frame for its stream; the close to send when its queue is full.
    fn route(&mut self, guest: u64, message: Message) -> Option<Message> {
        let queue = self.guests.get(&guest)?;
        match queue.try_send(message) {
            Ok(()) | Err(TrySendError::Closed(_)) => None,
            Err(TrySendError::Full(_)) => {
                self.guests.remove(&guest);
                Some(Message::text(Command::Close { guest }.encode()))
            }
        }
    }

    /// A new guest's stream.
    fn open(&mut self, guest: u64, from: IpAddr) -> GuestStream {
        let (queue, incoming) = mpsc::channel(INCOMING);
        self.guests.insert(guest, queue);
        GuestStream {
            guest,
            from,
            incoming,
            outgoing: PollSender::new(self.outgoing.clone()),
            closes: self.closes.clone(),
            closed: false,
        }
    }
}

impl Link {
    async fn run(self) {
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
            if self.streams.is_closed() {
                return;
            }
            sleep(jittered(backoff)).await;
            backoff = (backoff * 2).min(self.options.max_backoff);
        }
    }

    /// Runs one control connection: whether it registered, and why it ended.
    async fn control(&self, mut socket: RelaySocket) -> (bool, RelayError) {
        let (outgoing, mut frames) = mpsc::channel(OUTGOING);
        let (closes, mut closing) = mpsc::unbounded_channel();
        let mut demux = Demux {
            guests: HashMap::new(),
            outgoing,
            closes,
        };
        let mut registered = false;
        let mut heard = Instant::now();
        loop {
            let reply = tokio::select! {
                () = sleep_until(heard + self.options.silence) => {
                    return (registered, RelayError::Timeout);
                }
                Some(frame) = frames.recv() => Some(frame),
                Some((guest, queued)) = closing.recv() => demux
                    .guests
                    .remove(&guest)
                    .filter(|_| !queued)
                    .map(|_| Message::text(Command::Close { guest }.encode())),
                frame = socket.next() => {
                    heard = Instant::now();
                    match frame {
                        Some(Ok(Message::Text(text))) => match Notice::decode(&text) {
                            Some(Notice::Registered { index }) if !registered => {
                                registered = true;
                                self.status.send_replace(RelayStatus::Registered { index });
                                None
                            }
                            Some(Notice::Open { guest, from }) if registered => {
                                let stream = demux.open(guest, from);
                                // A receiver that takes no more streams: the stream's drop
                                // closes the guest.
                                let _ = self.streams.try_send(stream);
                                None
                            }
                            Some(Notice::Closed { guest }) if registered => {
                                demux.guests.remove(&guest);
                                None
                            }
                            _ => return (registered, RelayError::Protocol),
                        },
                        Some(Ok(Message::Binary(bytes))) => match decode_frame(bytes) {
                            Ok((guest, message)) => demux.route(guest, message),
                            Err(_) => return (registered, RelayError::Protocol),
                        },
                        Some(Ok(Message::Close(frame))) => return (registered, closed(frame)),
                        Some(Ok(_)) => None,
                        Some(Err(_)) | None => return (registered, RelayError::Closed),
                    }
                }
            };
            if let Some(reply) = reply
                && socket.send(reply).await.is_err()
            {
                return (registered, RelayError::Closed);
            }
        }
    }
}
