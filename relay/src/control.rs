//! A host's control connection at the relay: registered under its nameplate, pinged, and carrying
//! its guests' streams. One task per host reads the host's frames and routes each to its guest's
//! queue (a full queue closes that guest only, 4004), and writes the host's queue to it: notices
//! and its guests' frames (a full queue means the host does not read: it is closed, 4004, with all
//! its guests). The host's frames are metered by a bucket of [`Limits::guests_per_host`] times
//! the per-guest rate and by the host's address's.
//!
//! Deliberately absent: looking into a payload (the guest's id and kind are all that is read), and
//! an error for a frame to an unknown or closed guest (it is dropped and counted: the guest may
//! have closed while the frame was on its way).
//!
//! [`Limits::guests_per_host`]: crate::limits::Limits::guests_per_host

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

use futures_util::{SinkExt, StreamExt};
use tokio::sync::{Notify, oneshot};
use tokio::time::sleep_until;
use tokio_tungstenite::tungstenite::Message;

use crate::limits::TokenBucket;
use crate::nameplate::Nameplate;
use crate::queue::{self, Push};
use crate::server::{Peer, Shared, Socket, attempt, lock, refuse};
use crate::wire::{Command, Notice, Refusal, decode_frame};

/// How a guest's stream is ended by its host's side.
#[derive(Debug)]
pub(crate) enum GuestEnd {
    /// The host asked to close it (a normal close).
    Close,
    /// The relay closes it with this refusal.
    Refused(Refusal),
}

/// What a host's task writes to its control connection.
pub(crate) enum ToHost {
    /// A guest arrived: tell the host, route its frames to `queue`, and say when told.
    Open {
        guest: u64,
        from: IpAddr,
        queue: queue::Sender<Message>,
        end: oneshot::Sender<GuestEnd>,
        told: oneshot::Sender<()>,
    },
    /// A guest's frame, framed for the host.
    Frame(Message),
    /// A guest's socket closed.
    Closed(u64),
}

/// How guests reach their host's task.
#[derive(Clone)]
pub(crate) struct HostHandle {
    queue: queue::Sender<ToHost>,
    slow: Arc<Notify>,
}

impl HostHandle {
    /// Queues `item` for the host; whether it was queued. A full queue closes the host.
    pub(crate) fn push(&self, item: ToHost) -> bool {
        let size = match &item {
            ToHost::Frame(frame) => frame.len(),
            _ => 0,
        };
        match self.queue.push(item, size) {
            Push::Queued => true,
            Push::Full => {
                self.slow.notify_one();
                false
            }
            Push::Closed => false,
        }
    }
}

/// A guest as its host's task routes to it.
struct Route {
    queue: queue::Sender<Message>,
    end: oneshot::Sender<GuestEnd>,
}

/// Sends `message` to the host unless it is found too slow first: why not.
async fn send(socket: &mut Socket, message: Message, slow: &Notify) -> Result<(), Option<Refusal>> {
    tokio::select! {
        sent = socket.send(message) => sent.map_err(|_| None),
        () = slow.notified() => Err(Some(Refusal::TooSlow)),
    }
}

/// What a host's task keeps between frames.
struct Host {
    guests: HashMap<u64, Route>,
    bucket: TokenBucket,
    dropped: u64,
}

impl Host {
    /// A frame read from the host: routed (or dropped), or why the host is closed.
    fn frame(&mut self, shared: &Shared, message: Message) -> Result<(), Refusal> {
        match message {
            Message::Binary(bytes) => {
                let (guest, message) = decode_frame(bytes).map_err(|_| Refusal::Unexpected)?;
                let Some(route) = self.guests.get(&guest) else {
                    self.dropped += 1;
                    return Ok(());
                };
                let size = message.len();
                match route.queue.push(message, size) {
                    Push::Queued => {}
                    Push::Full => {
                        shared.log(format_args!("guest closed: {}", Refusal::TooSlow.reason()));
                        if let Some(route) = self.guests.remove(&guest) {
                            let _ = route.end.send(GuestEnd::Refused(Refusal::TooSlow));
                        }
                    }
                    Push::Closed => self.dropped += 1,
                }
                Ok(())
            }
            Message::Text(text) => match Command::decode(&text) {
                Some(Command::Close { guest }) => {
                    match self.guests.remove(&guest) {
                        Some(route) => {
                            let _ = route.end.send(GuestEnd::Close);
                        }
                        None => self.dropped += 1,
                    }
                    Ok(())
                }
                None => Err(Refusal::Unexpected),
            },
            _ => Ok(()),
        }
    }
}

/// A host's control connection: registered, pinged, carrying its guests until it closes.
pub(crate) async fn control(shared: Arc<Shared>, peer: Peer, nameplate: Nameplate) {
    let Peer {
        mut socket,
        ip,
        _slot,
    } = peer;
    if !attempt(&shared, ip, &nameplate) {
        return refuse(socket, Refusal::RateLimited).await;
    }
    let limits = &shared.limits;
    let (queue, mut inbox) = queue::queue(limits.host_queue);
    let slow = Arc::new(Notify::new());
    let handle = HostHandle {
        queue,
        slow: Arc::clone(&slow),
    };
    let registered = lock(&shared.pairing).register_host(nameplate.clone(), handle);
    let registration = Notice::Registered {
        index: registered.index,
    };
    let rate = f64::from(limits.bytes_per_second) * limits.guests_per_host.max(1) as f64;
    let mut host = Host {
        guests: HashMap::new(),
        bucket: TokenBucket::new(rate, rate, Instant::now()),
        dropped: 0,
    };
    let mut end = None;
    if socket
        .send(Message::text(registration.encode()))
        .await
        .is_ok()
    {
        let mut ping = tokio::time::interval_at(
            tokio::time::Instant::now() + limits.ping_interval,
            limits.ping_interval,
        );
        let mut heard = Instant::now();
        // A frame read beyond the host's rate waits here until its time comes.
        let mut held: Option<(tokio::time::Instant, Message)> = None;
        end = loop {
            tokio::select! {
                () = slow.notified() => break Some(Refusal::TooSlow),
                item = inbox.recv() => {
                    let message = match item {
                        Some(ToHost::Open { guest, from, queue, end, told }) => {
                            host.guests.insert(guest, Route { queue, end });
                            let notice = Message::text(Notice::Open { guest, from }.encode());
                            if let Err(refusal) = send(&mut socket, notice, &slow).await {
                                break refusal;
                            }
                            let _ = told.send(());
                            continue;
                        }
                        Some(ToHost::Frame(message)) => message,
                        Some(ToHost::Closed(guest)) => {
                            host.guests.remove(&guest);
                            Message::text(Notice::Closed { guest }.encode())
                        }
                        None => break None,
                    };
                    if let Err(refusal) = send(&mut socket, message, &slow).await {
                        break refusal;
                    }
                }
                frame = socket.next(), if held.is_none() => match frame {
                    Some(Ok(Message::Pong(_) | Message::Ping(_))) => heard = Instant::now(),
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break None,
                    Some(Ok(message)) => {
                        heard = Instant::now();
                        let n = message.len();
                        let wait = host.bucket.take(n as f64, Instant::now()).max(shared.bytes(ip, n));
                        if !wait.is_zero() {
                            held = Some((tokio::time::Instant::now() + wait, message));
                        } else if let Err(refusal) = host.frame(&shared, message) {
                            break Some(refusal);
                        }
                    }
                },
                () = sleep_until(held.as_ref().map_or_else(tokio::time::Instant::now, |h| h.0)), if held.is_some() => {
                    if let Some((_, message)) = held.take()
                        && let Err(refusal) = host.frame(&shared, message)
                    {
                        break Some(refusal);
                    }
                }
                _ = ping.tick() => {
                    if heard.elapsed() >= limits.host_timeout {
                        break Some(Refusal::NoPong);
                    }
                    if let Err(refusal) = send(&mut socket, Message::Ping(Default::default()), &slow).await {
                        break refusal;
                    }
                }
            }
        };
    }
    lock(&shared.pairing).remove_host(registered.host);
    // Dropping the routes ends every guest's stream (4410).
    drop(host.guests);
    if host.dropped > 0 {
        shared.log(format_args!(
            "host {nameplate} dropped {} frames for unknown guests",
            host.dropped
        ));
    }
    if let Some(refusal) = end {
        shared.log(format_args!(
            "host {nameplate} closed: {}",
            refusal.reason()
        ));
        refuse(socket, refusal).await;
    }
}
