//! A pair, forwarded: the guest is told it is paired, then every data frame (binary or text) goes
//! verbatim from each side to the other, each side metered by its own byte bucket and its
//! address's; a close on one side is passed to the other; a pair with no frame for the idle
//! timeout is closed on both sides.
//!
//! Deliberately absent: looking into a frame (its length is all that is read), buffering beyond
//! the frame in flight (a side read more slowly slows its sender through TCP), and pings (the
//! ends' own protocol keeps a live pair busy).

use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use tokio::time::{sleep, sleep_until, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;

use crate::limits::TokenBucket;
use crate::server::{Peer, Shared, Socket, refuse};
use crate::wire::{Notice, Refusal};

/// How long the side that did not close is given to finish.
const CLOSING: Duration = Duration::from_secs(1);

/// How one direction ended.
enum End {
    /// Its reader sent a close (with this frame).
    Closed(Option<CloseFrame>),
    /// Its reader or writer failed, or the reader's stream ended without a close.
    Broken,
}

/// The time of the last frame, as milliseconds since the pair began.
struct Heard {
    start: Instant,
    millis: AtomicU64,
}

impl Heard {
    fn now(&self) {
        let millis = u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.millis.store(millis, Ordering::Relaxed);
    }

    /// Returns once nothing was heard for `idle`.
    async fn silent_for(&self, idle: Duration) {
        loop {
            let last = self.start + Duration::from_millis(self.millis.load(Ordering::Relaxed));
            let due = last + idle;
            if Instant::now() >= due {
                return;
            }
            sleep_until(due.into()).await;
        }
    }
}

/// Forwards frames read from `from` (sent by `ip`) to `to`.
async fn pump(
    shared: &Shared,
    from: &mut SplitStream<Socket>,
    to: &mut SplitSink<Socket, Message>,
    ip: IpAddr,
    heard: &Heard,
) -> End {
    let rate = f64::from(shared.limits.bytes_per_second);
    let mut bucket = TokenBucket::new(rate, rate, Instant::now());
    loop {
        match from.next().await {
            Some(Ok(Message::Close(frame))) => return End::Closed(frame),
            Some(Ok(message @ (Message::Binary(_) | Message::Text(_)))) => {
                heard.now();
                let n = message.len();
                let wait = bucket
                    .take(n as f64, Instant::now())
                    .max(shared.bytes(ip, n));
                if !wait.is_zero() {
                    sleep(wait).await;
                }
                if to.send(message).await.is_err() {
                    return End::Broken;
                }
            }
            Some(Ok(_)) => {}
            Some(Err(_)) | None => return End::Broken,
        }
    }
}

/// Ends one side: sends it `frame` (a close) and gives it a moment to answer.
async fn close(
    mut sink: SplitSink<Socket, Message>,
    mut stream: SplitStream<Socket>,
    frame: Option<CloseFrame>,
) {
    let _ = sink.send(Message::Close(frame)).await;
    let _ = timeout(CLOSING, async {
        while let Some(Ok(_)) = stream.next().await {}
    })
    .await;
}

fn refusal_frame(refusal: Refusal) -> CloseFrame {
    CloseFrame {
        code: refusal.code().into(),
        reason: refusal.reason().into(),
    }
}

/// Runs a pair until one side closes or it idles.
pub(crate) async fn forward(shared: Arc<Shared>, guest: Peer, host: Peer, hosts: usize) {
    let Peer {
        socket: mut guest_socket,
        ip: guest_ip,
        _slot: guest_slot,
    } = guest;
    let Peer {
        socket: host_socket,
        ip: host_ip,
        _slot: host_slot,
    } = host;
    let paired = Notice::Paired { hosts };
    if guest_socket
        .send(Message::text(paired.encode()))
        .await
        .is_err()
    {
        return refuse(host_socket, Refusal::Gone).await;
    }
    let (mut guest_tx, mut guest_rx) = guest_socket.split();
    let (mut host_tx, mut host_rx) = host_socket.split();
    let heard = Heard {
        start: Instant::now(),
        millis: AtomicU64::new(0),
    };
    enum Ending {
        Guest(End),
        Host(End),
        Idle,
    }
    let ending = tokio::select! {
        end = pump(&shared, &mut guest_rx, &mut host_tx, guest_ip, &heard) => Ending::Guest(end),
        end = pump(&shared, &mut host_rx, &mut guest_tx, host_ip, &heard) => Ending::Host(end),
        () = heard.silent_for(shared.limits.idle_timeout) => Ending::Idle,
    };
    match ending {
        Ending::Guest(end) => {
            let frame = match end {
                End::Closed(frame) => frame,
                End::Broken => Some(refusal_frame(Refusal::Gone)),
            };
            let _ = guest_tx.flush().await;
            close(host_tx, host_rx, frame).await;
        }
        Ending::Host(end) => {
            let frame = match end {
                End::Closed(frame) => frame,
                End::Broken => Some(refusal_frame(Refusal::Gone)),
            };
            let _ = host_tx.flush().await;
            close(guest_tx, guest_rx, frame).await;
        }
        Ending::Idle => {
            let frame = Some(refusal_frame(Refusal::Idle));
            tokio::join!(
                close(guest_tx, guest_rx, frame.clone()),
                close(host_tx, host_rx, frame)
            );
        }
    }
    drop((guest_slot, host_slot));
}
