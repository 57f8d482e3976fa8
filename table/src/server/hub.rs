//! A hub: the one task that owns a table. It takes inputs from the connections and from the AI
//! threads, ticks the table when its clock says so, routes what the table answers, and ends — closing
//! the table's connections — a while after the match is over or once nobody has been connected for a
//! while ([`Lifetime`]). It holds only connections a person joined the table on: a waiting
//! connection's `join` or `rejoin` ([`Attempt`]) is answered and, if refused, handed straight back;
//! a connection the table no longer counts as joined is given back to its reader after each input.

use std::net::IpAddr;
use std::time::Duration;

use briscola::Action;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Instant, sleep_until};

use super::events::Watch;
use super::router::Router;
use crate::protocol::Stage;
use crate::{AiRequest, ConnId, Outgoing, Table, decide, protocol};

/// How often the snapshot is refreshed while a turn clock runs and nothing else happens, so that a
/// restarted host gives the player to move about the time they had left.
const CLOCK_SAVE: Duration = Duration::from_secs(5);

/// Inputs waiting for the hub.
pub(super) const INPUT_QUEUE: usize = 1024;

/// A waiting connection's `join` or `rejoin`.
#[derive(Debug)]
pub(super) struct Attempt {
    pub conn: ConnId,
    pub address: IpAddr,
    /// Where its messages go.
    pub queue: mpsc::Sender<String>,
    /// The frame.
    pub bytes: Vec<u8>,
    /// `None`: the table took the connection; else its queue back, with the refusal queued.
    pub answer: oneshot::Sender<Option<mpsc::Sender<String>>>,
    /// How the hub gives the connection back later (no longer joined).
    pub release: mpsc::Sender<mpsc::Sender<String>>,
}

/// What the hub is told.
#[derive(Debug)]
pub(super) enum Input {
    /// A waiting connection asks to sit at the table.
    Attempt(Box<Attempt>),
    /// A client's frame.
    Frame { conn: ConnId, bytes: Vec<u8> },
    /// A connection closed.
    Closed { conn: ConnId },
    /// An AI move, computed for `request`.
    AiMove {
        request: Box<AiRequest>,
        action: Action,
    },
}

/// How long a table lives.
#[derive(Clone, Copy, Debug)]
pub(super) struct Lifetime {
    /// After the match is over, so everyone can read the record and the last words.
    pub after_match: Duration,
    /// With no connection open.
    pub empty: Duration,
}

/// Runs the table until it closes (see [`Lifetime`]) or the server stops; gives back the watch, to
/// announce the close once the table is gone.
pub(super) async fn run(
    mut table: Table,
    mut inputs: mpsc::Receiver<Input>,
    ai: mpsc::Sender<Input>,
    life: Lifetime,
    mut watch: Watch,
) -> Watch {
    let start = Instant::now();
    let now = || start.elapsed().as_millis() as u64;
    let mut router = Router::default();
    let mut empty_since = Some(start);
    let mut over_since: Option<Instant> = None;
    // The version of the AI request being computed, so each is computed once.
    let mut thinking: Option<u64> = None;
    loop {
        if table.is_closed() {
            // The host closed it and everyone was told: the queues go with the hub, and each
            // writer closes its connection once what it holds is sent.
            break;
        }
        if let Some(request) = table.ai_request()
            && thinking != Some(request.version)
        {
            thinking = Some(request.version);
            let ai = ai.clone();
            tokio::task::spawn_blocking(move || {
                let action = decide(&request);
                // The hub is gone only when the server stopped.
                let _ = ai.blocking_send(Input::AiMove {
                    request: Box::new(request),
                    action,
                });
            });
        }
        watch.look(&table, now());
        over_since = match (table.stage(), over_since) {
            (Stage::Over, None) => Some(Instant::now()),
            (Stage::Over, since) => since,
            // Back in the lobby for another match.
            _ => None,
        };
        empty_since = match (router.len(), empty_since) {
            (0, None) => Some(Instant::now()),
            (0, since) => since,
            _ => None,
        };
        let close_at = [
            over_since.map(|at| at + life.after_match),
            empty_since.map(|at| at + life.empty),
        ]
        .into_iter()
        .flatten()
        .min();
        let wake = table
            .next_tick()
            .map(|at| start + Duration::from_millis(at));
        let save_at =
            (watch.keeps_snapshots() && table.clock_runs()).then(|| Instant::now() + CLOCK_SAVE);
        let input = tokio::select! {
            input = inputs.recv() => input,
            () = sleep_until(wake.unwrap_or(start)), if wake.is_some() => {
                let out = table.tick(now());
                // The snapshot first: whoever saves it has the change before anyone hears of it.
                watch.look(&table, now());
                deliver(&mut table, &mut router, out, now());
                continue;
            }
            () = sleep_until(close_at.unwrap_or(start)), if close_at.is_some() => break,
            // Back to the top, where the snapshot is refreshed.
            () = sleep_until(save_at.unwrap_or(start)), if save_at.is_some() => continue,
        };
        let Some(input) = input else { break };
        let out = match input {
            Input::Attempt(attempt) => sit(&mut table, &mut router, *attempt, now()),
            Input::Frame { conn, bytes } if router.is_open(conn) => {
                table.receive(conn, &bytes, now())
            }
            // From a connection dropped as too slow: it is no longer at the table.
            Input::Frame { .. } => Vec::new(),
            Input::Closed { conn } if router.is_open(conn) => {
                router.close(conn);
                table.disconnect(conn, now())
            }
            Input::Closed { .. } => Vec::new(),
            // A stale answer is refused; the next request is handed out at the top of the loop.
            Input::AiMove { request, action } => {
                table.apply_ai(&request, action, now()).unwrap_or_default()
            }
        };
        watch.look(&table, now());
        deliver(&mut table, &mut router, out, now());
        release(&mut table, &mut router, now());
    }
    watch
}

/// A waiting connection's `join` or `rejoin`: the table takes the connection if it joined it;
/// otherwise the refusal goes to the connection's own queue and the table forgets it at once.
fn sit(table: &mut Table, router: &mut Router, attempt: Attempt, now: u64) -> Vec<Outgoing> {
    let Attempt {
        conn,
        address,
        queue,
        bytes,
        answer,
        release,
    } = attempt;
    table.connect(conn, address);
    let mut out = table.receive(conn, &bytes, now);
    if table.joined(conn) {
        if answer.send(None).is_err() {
            // The connection closed meanwhile.
            out.extend(table.disconnect(conn, now));
            return out;
        }
        router.open(conn, queue, release);
        return out;
    }
    let (mine, others): (Vec<_>, Vec<_>) = out.into_iter().partition(|o| o.to == conn);
    for refusal in mine {
        let _ = queue.try_send(protocol::encode(&refusal.message));
    }
    let mut out = others;
    out.extend(table.disconnect(conn, now));
    let _ = answer.send(Some(queue));
    out
}

/// Gives back every connection the table no longer counts as joined (replaced by a rejoin
/// elsewhere, left, removed): it waits at the door again, holding nothing here.
fn release(table: &mut Table, router: &mut Router, now: u64) {
    for conn in router.connections() {
        if !table.joined(conn) {
            let out = table.disconnect(conn, now);
            router.release(conn);
            deliver(table, router, out, now);
        }
    }
}

/// Routes a batch; connections too slow to take it are disconnected from the table, and what that
/// tells the others is routed in turn.
fn deliver(table: &mut Table, router: &mut Router, out: Vec<Outgoing>, now: u64) {
    let mut pending = out;
    while !pending.is_empty() {
        let dropped = router.route(std::mem::take(&mut pending));
        for conn in dropped {
            pending.extend(table.disconnect(conn, now));
        }
    }
}
