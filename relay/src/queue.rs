//! A queue of frames from several tasks to one, bounded in bytes (each item counts its frame's
//! length, and at least [`LEAST`]): the relay's queue towards a guest and towards a host. A push
//! that would pass the bound is refused (the caller closes the reader that lets it fill up); an
//! empty queue still takes one item of any size, so one largest message always fits.
//!
//! Deliberately absent: waiting for room (a writer never waits on a slow reader).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::mpsc;

/// The least an item counts: a notice or an empty frame still takes its place.
pub(crate) const LEAST: usize = 64;

/// How a push went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Push {
    /// Queued.
    Queued,
    /// The queue holds too many bytes: its reader is too slow.
    Full,
    /// The reader is gone.
    Closed,
}

/// The writing end (cloned for each writer).
#[derive(Debug)]
pub(crate) struct Sender<T> {
    items: mpsc::UnboundedSender<(T, usize)>,
    bytes: Arc<AtomicUsize>,
    bound: usize,
}

impl<T> Clone for Sender<T> {
    fn clone(&self) -> Self {
        Self {
            items: self.items.clone(),
            bytes: Arc::clone(&self.bytes),
            bound: self.bound,
        }
    }
}

/// The reading end.
#[derive(Debug)]
pub(crate) struct Receiver<T> {
    items: mpsc::UnboundedReceiver<(T, usize)>,
    bytes: Arc<AtomicUsize>,
}

/// A queue holding at most `bound` bytes.
pub(crate) fn queue<T>(bound: usize) -> (Sender<T>, Receiver<T>) {
    let (items, receiver) = mpsc::unbounded_channel();
    let bytes = Arc::new(AtomicUsize::new(0));
    (
        Sender {
            items,
            bytes: Arc::clone(&bytes),
            bound,
        },
        Receiver {
            items: receiver,
            bytes,
        },
    )
}

impl<T> Sender<T> {
    /// Queues `item`, counting `size` bytes.
    pub(crate) fn push(&self, item: T, size: usize) -> Push {
        let size = size.max(LEAST);
        let before = self.bytes.fetch_add(size, Ordering::AcqRel);
        if before > 0 && before.saturating_add(size) > self.bound {
            self.bytes.fetch_sub(size, Ordering::AcqRel);
            return Push::Full;
        }
        if self.items.send((item, size)).is_err() {
            self.bytes.fetch_sub(size, Ordering::AcqRel);
            return Push::Closed;
        }
        Push::Queued
    }
}

impl<T> Receiver<T> {
    /// The next item; `None` once every sender is gone and the queue is empty.
    pub(crate) async fn recv(&mut self) -> Option<T> {
        let (item, size) = self.items.recv().await?;
        self.bytes.fetch_sub(size, Ordering::AcqRel);
        Some(item)
    }

    /// The next item if one is queued now.
    #[cfg(test)]
    fn try_recv(&mut self) -> Option<T> {
        let (item, size) = self.items.try_recv().ok()?;
        self.bytes.fetch_sub(size, Ordering::AcqRel);
        Some(item)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_queue_holds_its_bound_in_bytes_and_one_item_of_any_size() {
        let (sender, mut receiver) = queue(1_000);
        assert_eq!(
            sender.push("big", 5_000),
            Push::Queued,
            "the queue was empty"
        );
        assert_eq!(sender.push("more", 1), Push::Full);
        assert_eq!(receiver.try_recv(), Some("big"));
        for n in 0..15 {
            assert_eq!(sender.push("small", 1), Push::Queued, "{n}");
        }
        assert_eq!(
            sender.push("small", 1),
            Push::Full,
            "each counts at least {LEAST}"
        );
        assert_eq!(receiver.try_recv(), Some("small"));
        assert_eq!(sender.clone().push("small", 1), Push::Queued);
        drop(receiver);
        let (sender, receiver) = queue::<u8>(1_000);
        drop(receiver);
        assert_eq!(sender.push(1, 1), Push::Closed);
    }
}
