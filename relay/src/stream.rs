//! A guest's stream at the relay: the guest joins the host at its index (up to the host's cap of
//! guests), is told `paired` once its host has been told `open`, then its data frames go to the
//! host's control connection framed with its id, and the host's frames for it come through its
//! own bounded queue. Each direction is metered by the guest's byte bucket (and the guest's
//! address's on the way in); a guest with no frame either way for the idle timeout is closed
//! (4001). When it ends, its host is told `closed`.
//!
//! Deliberately absent: looking into a frame (its length is all that is read), and waiting on a
//! slow host (a full host queue closes the host, not this guest's reading).

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::sync::oneshot;
use tokio::time::{sleep, sleep_until, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use crate::control::{GuestEnd, HostHandle, ToHost};
use crate::limits::TokenBucket;
use crate::nameplate::Nameplate;
use crate::pairing::{GuestId, HostId, PairingError};
use crate::queue;
use crate::server::{Peer, Shared, Socket, attempt, close, guest_id, lock, refusal_frame, refuse};
use crate::wire::{Notice, Refusal, encode_frame};

/// What the host's task needs to route to a guest: its queue, how to end it, and how to say the
/// host was told of it.
type Route = (
    queue::Sender<Message>,
    oneshot::Sender<GuestEnd>,
    oneshot::Sender<()>,
);

/// How a paired guest's stream ends.
enum Ending {
    /// Its host's side ended it.
    Host(GuestEnd),
    /// The guest closed.
    Left,
    /// The guest's connection failed.
    Broken,
}

/// Joins the host at `index`: the host, its handle and how many indices the nameplate spans.
fn join(
    shared: &Shared,
    nameplate: &Nameplate,
    index: usize,
    from: IpAddr,
    route: Route,
) -> Result<(HostId, HostHandle, u64, usize), Refusal> {
    let mut core = lock(&shared.pairing);
    let cap = shared.limits.guests_per_host;
    // A random id is taken by another guest of the same host about never: one more try.
    let mut attempts = 0;
    let (joined, id) = loop {
        let id = guest_id();
        match core.guest_arrives(nameplate, index, GuestId(id), cap) {
            Ok(joined) => break (joined, id),
            Err(PairingError::GuestIdTaken) if attempts == 0 => attempts += 1,
            Err(PairingError::NoHost) => return Err(Refusal::NoHost),
            Err(PairingError::HostFull) => return Err(Refusal::HostFull),
            Err(PairingError::GuestIdTaken) => return Err(Refusal::Gone),
        }
    };
    let (host, handle, hosts) = (joined.host, joined.handle.clone(), joined.hosts);
    let (queue, end, told) = route;
    let open = ToHost::Open {
        guest: id,
        from,
        queue,
        end,
        told,
    };
    if handle.push(open) {
        Ok((host, handle, id, hosts))
    } else {
        core.guest_leaves(host, GuestId(id));
        Err(Refusal::Gone)
    }
}

/// A guest: joins its host, then its stream runs until either side ends it.
pub(crate) async fn guest(shared: Arc<Shared>, peer: Peer, nameplate: Nameplate, index: usize) {
    let Peer {
        mut socket,
        ip,
        _slot,
    } = peer;
    if !attempt(&shared, ip, &nameplate) {
        return refuse(socket, Refusal::RateLimited).await;
    }
    let limits = &shared.limits;
    let (queue, mut inbox) = queue::queue(limits.guest_queue);
    let (end_tx, mut end) = oneshot::channel();
    let (told_tx, told) = oneshot::channel();
    let route = (queue, end_tx, told_tx);
    let (host_id, host, id, hosts) = match join(&shared, &nameplate, index, ip, route) {
        Ok(joined) => joined,
        Err(refusal) => {
            shared.log(format_args!(
                "refused {nameplate} index {index}: {}",
                refusal.reason()
            ));
            return refuse(socket, refusal).await;
        }
    };
    let leave = |shared: &Shared| {
        lock(&shared.pairing).guest_leaves(host_id, GuestId(id));
        host.push(ToHost::Closed(id));
    };
    // Wait for the host to be told; the guest may only ping meanwhile.
    let waited = timeout(limits.pairing_timeout, async {
        let mut told = told;
        loop {
            tokio::select! {
                result = &mut told => return result.map_err(|_| Some(Refusal::Gone)),
                frame = socket.next() => match frame {
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return Err(None),
                    Some(Ok(_)) => return Err(Some(Refusal::Unexpected)),
                },
            }
        }
    })
    .await
    .unwrap_or(Err(Some(Refusal::PairingTimedOut)));
    let paired = Message::text(Notice::Paired { hosts }.encode());
    let refusal = match waited {
        Ok(()) => match socket.send(paired).await {
            Ok(()) => None,
            Err(_) => return leave(&shared),
        },
        Err(refusal) => refusal,
    };
    if let Some(refusal) = refusal {
        leave(&shared);
        shared.log(format_args!(
            "refused {nameplate} index {index}: {}",
            refusal.reason()
        ));
        return refuse(socket, refusal).await;
    }
    shared.log(format_args!("paired {nameplate} index {index} of {hosts}"));

    let ending = carry(&shared, &mut socket, ip, id, &host, &mut inbox, &mut end).await;
    leave(&shared);
    match ending {
        Ending::Host(GuestEnd::Close) => {
            let normal = CloseFrame {
                code: CloseCode::Normal,
                reason: "".into(),
            };
            close(socket, Some(normal)).await;
        }
        Ending::Host(GuestEnd::Refused(refusal)) => {
            close(socket, Some(refusal_frame(refusal))).await;
        }
        Ending::Left => {
            let _ = timeout(Duration::from_secs(1), socket.flush()).await;
        }
        Ending::Broken => {}
    }
}

/// Queues a guest's frame for its host: whether it was.
fn push(host: &HostHandle, id: u64, message: &Message) -> bool {
    encode_frame(id, message).is_some_and(|frame| host.push(ToHost::Frame(frame)))
}

/// Carries a paired guest's frames both ways until either side ends.
async fn carry(
    shared: &Shared,
    socket: &mut Socket,
    ip: IpAddr,
    id: u64,
    host: &HostHandle,
    inbox: &mut queue::Receiver<Message>,
    end: &mut oneshot::Receiver<GuestEnd>,
) -> Ending {
    let limits = &shared.limits;
    let rate = f64::from(limits.bytes_per_second);
    let now = Instant::now();
    let (mut upward, mut downward) = (
        TokenBucket::new(rate, rate, now),
        TokenBucket::new(rate, rate, now),
    );
    let idle = sleep(limits.idle_timeout);
    tokio::pin!(idle);
    // A frame read beyond the guest's rate waits here until its time comes.
    let mut held: Option<(tokio::time::Instant, Message)> = None;
    let gone =
        |end: Option<GuestEnd>| Ending::Host(end.unwrap_or(GuestEnd::Refused(Refusal::Gone)));
    loop {
        tokio::select! {
            result = &mut *end => return gone(result.ok()),
            () = &mut idle => return Ending::Host(GuestEnd::Refused(Refusal::Idle)),
            frame = socket.next(), if held.is_none() => match frame {
                Some(Ok(Message::Close(_))) => return Ending::Left,
                Some(Ok(message @ (Message::Binary(_) | Message::Text(_)))) => {
                    let n = message.len();
                    if n > limits.max_message {
                        return Ending::Host(GuestEnd::Refused(Refusal::Unexpected));
                    }
                    idle.as_mut().reset(tokio::time::Instant::now() + limits.idle_timeout);
                    let wait = upward.take(n as f64, Instant::now()).max(shared.bytes(ip, n));
                    if !wait.is_zero() {
                        held = Some((tokio::time::Instant::now() + wait, message));
                    } else if !push(host, id, &message) {
                        return Ending::Host(GuestEnd::Refused(Refusal::Gone));
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return Ending::Broken,
            },
            () = sleep_until(held.as_ref().map_or_else(tokio::time::Instant::now, |h| h.0)), if held.is_some() => {
                if let Some((_, message)) = held.take()
                    && !push(host, id, &message)
                {
                    return Ending::Host(GuestEnd::Refused(Refusal::Gone));
                }
            }
            message = inbox.recv() => {
                let Some(message) = message else {
                    // The host's task dropped the queue: with the reason, if it gave one.
                    return gone(end.try_recv().ok());
                };
                idle.as_mut().reset(tokio::time::Instant::now() + limits.idle_timeout);
                let wait = downward.take(message.len() as f64, Instant::now());
                let sent = async {
                    if !wait.is_zero() {
                        sleep(wait).await;
                    }
                    socket.send(message).await
                };
                tokio::select! {
                    result = &mut *end => return gone(result.ok()),
                    sent = sent => if sent.is_err() {
                        return Ending::Broken;
                    },
                }
            }
        }
    }
}
