//! [`Outbox`]: what reaches the webview from a table, bounded in rate and in memory, so no host can
//! freeze the screen by sending fast. Events go out in order, at most [`PER_WINDOW`] every
//! [`WINDOW_MS`]; a table at play sends far fewer, so nothing is delayed or dropped then. When more
//! than [`COALESCE_AFTER`] wait, the state-like ones coalesce — the latest game view and the latest
//! lobby win over older ones still waiting — and chat lines are dropped; at most [`MAX_PENDING`]
//! wait in all, the oldest droppable one giving way first.
//!
//! Deliberately absent: judging what an event says (the guard did), and telling the webview what was
//! dropped (the table's own state comes again with the next view or lobby).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use briscola_table::protocol::ServerMessage;
use tokio::sync::Notify;

use super::{Heard, SeatEvent};

/// The pacing window.
pub const WINDOW_MS: u64 = 100;
/// Events delivered in one window at most.
pub const PER_WINDOW: usize = 20;
/// Waiting events past which views and lobbies coalesce and chat is dropped.
pub const COALESCE_AFTER: usize = 32;
/// Waiting events at most.
pub const MAX_PENDING: usize = 256;

/// What an event is, for coalescing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// The latest replaces older ones while many wait.
    View,
    Lobby,
    /// Dropped while many wait.
    Chat,
    /// Public news: kept unless the queue is full.
    News,
    /// Said once and never dropped while anything droppable waits: statuses, welcomes, the match's
    /// end, refusals, endings, a kept match.
    Vital,
}

fn kind(event: &SeatEvent) -> Kind {
    match &event.heard {
        Heard::Game { .. } => Kind::View,
        Heard::Message { message } => match message {
            ServerMessage::Lobby { .. } => Kind::Lobby,
            ServerMessage::Chat { .. } => Kind::Chat,
            ServerMessage::Event { .. }
            | ServerMessage::Muted { .. }
            | ServerMessage::TimerWarning { .. }
            | ServerMessage::AutoPlayed { .. }
            | ServerMessage::Game { .. } => Kind::News,
            ServerMessage::Welcome { .. }
            | ServerMessage::MatchOver { .. }
            | ServerMessage::Error { .. }
            | ServerMessage::Removed
            | ServerMessage::Replaced
            | ServerMessage::Closed { .. } => Kind::Vital,
        },
        Heard::Status { .. } | Heard::Kept { .. } | Heard::Hosting { .. } => Kind::Vital,
    }
}

/// The events waiting, and what was dropped. Pure: see [`Pending::push`].
#[derive(Debug, Default)]
pub struct Pending {
    events: VecDeque<SeatEvent>,
    dropped: u64,
    closed: bool,
}

impl Pending {
    /// Queues an event by the module's rules.
    pub fn push(&mut self, event: SeatEvent) {
        let new = kind(&event);
        if self.events.len() >= COALESCE_AFTER {
            match new {
                Kind::View | Kind::Lobby => {
                    let before = self.events.len();
                    self.events.retain(|e| kind(e) != new);
                    self.dropped += (before - self.events.len()) as u64;
                }
                Kind::Chat => {
                    self.dropped += 1;
                    return;
                }
                Kind::News | Kind::Vital => {}
            }
        }
        if self.events.len() >= MAX_PENDING {
            let droppable = self.events.iter().position(|e| kind(e) != Kind::Vital);
            match (droppable, new) {
                (Some(at), _) => {
                    self.events.remove(at);
                }
                (None, Kind::Vital) => {
                    self.events.pop_front();
                }
                (None, _) => {
                    self.dropped += 1;
                    return;
                }
            }
            self.dropped += 1;
        }
        self.events.push_back(event);
    }

    /// The next events to deliver, at most `most`.
    pub fn take(&mut self, most: usize) -> Vec<SeatEvent> {
        let n = most.min(self.events.len());
        self.events.drain(..n).collect()
    }

    /// Events dropped so far.
    #[cfg(test)]
    fn dropped(&self) -> u64 {
        self.dropped
    }
}

/// The webview's side of a link. Dropping it lets what waits go out, then ends its task.
#[derive(Debug)]
pub struct Outbox {
    pending: Arc<Mutex<Pending>>,
    wake: Arc<Notify>,
}

impl Outbox {
    /// An outbox delivering to `tell` from a task on the current tokio runtime.
    pub fn start(tell: impl Fn(SeatEvent) + Send + Sync + 'static) -> Outbox {
        let pending = Arc::new(Mutex::new(Pending::default()));
        let wake = Arc::new(Notify::new());
        let (queue, woken) = (pending.clone(), wake.clone());
        tokio::spawn(async move {
            loop {
                let (batch, closed) = {
                    let mut queue = queue.lock().unwrap_or_else(PoisonError::into_inner);
                    (queue.take(PER_WINDOW), queue.closed)
                };
                if batch.is_empty() {
                    if closed {
                        return;
                    }
                    woken.notified().await;
                    continue;
                }
                let full = batch.len() == PER_WINDOW;
                for event in batch {
                    tell(event);
                }
                if full {
                    tokio::time::sleep(Duration::from_millis(WINDOW_MS)).await;
                }
            }
        });
        Outbox { pending, wake }
    }

    /// Queues an event for the webview.
    pub fn push(&self, event: SeatEvent) {
        self.pending
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(event);
        self.wake.notify_one();
    }
}

impl Drop for Outbox {
    fn drop(&mut self) {
        self.pending
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .closed = true;
        self.wake.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use briscola_table::protocol::{ChatBody, ChatSender, QuickPhrase};

    use super::*;
    use crate::seat::LinkStatus;

    fn chat() -> SeatEvent {
        heard(Heard::Message {
            message: ServerMessage::Chat {
                from: ChatSender {
                    seat: 1,
                    name: "Bea".into(),
                },
                chat: ChatBody::Phrase {
                    phrase: QuickPhrase::Hello,
                },
            },
        })
    }

    fn heard(heard: Heard) -> SeatEvent {
        SeatEvent::new(&crate::seat::SeatState::default(), heard)
    }

    fn status(attempt: u32) -> SeatEvent {
        heard(Heard::Status {
            status: LinkStatus::Reconnecting {
                attempt,
                retry_ms: 1_000,
            },
        })
    }

    #[test]
    fn a_few_events_wait_in_order_and_none_is_dropped() {
        let mut pending = Pending::default();
        for i in 0..COALESCE_AFTER {
            if i % 2 == 0 {
                pending.push(chat());
            } else {
                pending.push(status(i as u32));
            }
        }
        assert_eq!(pending.dropped(), 0);
        let all = pending.take(usize::MAX);
        assert_eq!(all.len(), COALESCE_AFTER);
        assert_eq!(all[0], chat());
        assert_eq!(all[1], status(1));
    }

    #[test]
    fn a_flood_is_bounded_keeps_what_is_vital_and_drops_chat() {
        let mut pending = Pending::default();
        for i in 0..100_000u32 {
            pending.push(chat());
            if i % 1_000 == 0 {
                pending.push(status(i));
            }
        }
        let events = pending.take(usize::MAX);
        assert!(events.len() <= MAX_PENDING);
        let statuses = events
            .iter()
            .filter(|e| matches!(e.heard, Heard::Status { .. }))
            .count();
        assert_eq!(statuses, 100, "every status kept");
        assert!(pending.dropped() >= 99_000);
    }

    #[tokio::test]
    async fn the_outbox_delivers_everything_of_a_calm_table_in_order() {
        let heard = Arc::new(Mutex::new(Vec::new()));
        let sink = heard.clone();
        let outbox = Outbox::start(move |event| sink.lock().expect("not poisoned").push(event));
        for i in 0..10 {
            outbox.push(status(i));
        }
        drop(outbox);
        for _ in 0..100 {
            if heard.lock().expect("not poisoned").len() == 10 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let heard = heard.lock().expect("not poisoned");
        assert_eq!(*heard, (0..10).map(status).collect::<Vec<_>>());
    }
}
