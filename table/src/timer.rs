//! The turn timer of the source text, with the time passed in.
//!
//! Off by default; the host may set 10 to 600 seconds per move. It runs only for a seat a person plays
//! (never for an AI seat, nor while an AI stands in for an absent person), restarting at every move.
//! When [`WARNING_MS`] or less are left, everyone is warned once; at zero the table plays for the seat
//! (the policy is the table's, see `table/clock.rs`). A seat whose time ran out [`SHORT_AFTER`] times has
//! [`SHORT_LIMIT_MS`] per move for the rest of the match. Any person may propose turning it off; it goes
//! off once every person seated at the table agrees.

use std::collections::BTreeSet;

use briscola::{MAX_PLAYERS, Seat};

/// The warning comes when this much time is left.
pub const WARNING_MS: u64 = 10_000;
/// Time per move after [`SHORT_AFTER`] expiries.
pub const SHORT_LIMIT_MS: u64 = 10_000;
/// Expiries before a seat's time is cut to [`SHORT_LIMIT_MS`].
pub const SHORT_AFTER: u8 = 3;
/// Fewest seconds a host may set.
pub const MIN_SECONDS: u16 = 10;
/// Most seconds a host may set.
pub const MAX_SECONDS: u16 = 600;

/// What the clock says at a tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alarm {
    /// Warn everyone: `remaining_ms` left for `seat`.
    Warn {
        /// The seat.
        seat: Seat,
        /// Milliseconds left.
        remaining_ms: u64,
    },
    /// Time is up for `seat`.
    Expired {
        /// The seat.
        seat: Seat,
    },
}

/// The clock of one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Running {
    seat: Seat,
    /// The table's version when the turn began: a new move is a new turn.
    turn: u64,
    deadline: u64,
    limit: u64,
    warned: bool,
}

/// The turn timer. See the module docs.
#[derive(Clone, Debug, Default)]
pub struct TurnTimer {
    seconds: Option<u16>,
    expiries: [u8; MAX_PLAYERS],
    running: Option<Running>,
    /// Seats agreeing to turn the timer off, while a proposal is open.
    proposal: Option<BTreeSet<Seat>>,
}

impl TurnTimer {
    /// A timer of `seconds` per move, or none.
    pub fn new(seconds: Option<u16>) -> TurnTimer {
        TurnTimer {
            seconds,
            ..TurnTimer::default()
        }
    }

    /// Seconds per move, or none.
    pub fn seconds(&self) -> Option<u16> {
        self.seconds
    }

    /// How many times each seat's time has run out, all seats.
    pub fn all_expiries(&self) -> [u8; MAX_PLAYERS] {
        self.expiries
    }

    /// This timer with each seat's count of expiries set (a restored table's).
    pub fn with_expiries(self, expiries: [u8; MAX_PLAYERS]) -> TurnTimer {
        TurnTimer { expiries, ..self }
    }

    /// The time per move of `seat`, if the timer is on.
    pub fn limit_ms(&self, seat: Seat) -> Option<u64> {
        let full = u64::from(self.seconds?) * 1000;
        let expiries = self.expiries.get(usize::from(seat)).copied().unwrap_or(0);
        Some(if expiries >= SHORT_AFTER {
            full.min(SHORT_LIMIT_MS)
        } else {
            full
        })
    }

    /// Makes the clock run for `seat`'s turn number `turn` (kept if it already does), or stops it
    /// (`None`).
    pub fn run_for(&mut self, turn: Option<(Seat, u64)>, now: u64) {
        let Some((seat, turn)) = turn else {
            self.running = None;
            return;
        };
        if self
            .running
            .is_some_and(|r| r.seat == seat && r.turn == turn)
        {
            return;
        }
        self.running = self.limit_ms(seat).map(|limit| Running {
            seat,
            turn,
            deadline: now.saturating_add(limit),
            limit,
            warned: false,
        });
    }

    /// Sets the running clock of `seat` to `remaining_ms` left (no more than its limit): a turn
    /// brought back after a restart. Nothing happens if the clock runs for another seat, or not at all.
    pub fn resume(&mut self, seat: Seat, remaining_ms: u64, now: u64) {
        if let Some(running) = self.running.as_mut().filter(|r| r.seat == seat) {
            running.deadline = now.saturating_add(remaining_ms.min(running.limit));
        }
    }

    /// The seat the clock runs for, its time left at `now` and its limit.
    pub fn clock(&self, now: u64) -> Option<(Seat, u64, u64)> {
        self.running
            .map(|r| (r.seat, r.deadline.saturating_sub(now), r.limit))
    }

    /// When the clock next needs a tick.
    pub fn next_alarm(&self) -> Option<u64> {
        self.running.map(|r| {
            if r.warned {
                r.deadline
            } else {
                r.deadline.saturating_sub(WARNING_MS)
            }
        })
    }

    /// What the clock says at `now`: the expiry first, else the warning (each once per turn).
    pub fn poll(&mut self, now: u64) -> Option<Alarm> {
        let running = self.running.as_mut()?;
        if now >= running.deadline {
            let seat = running.seat;
            self.running = None;
            return Some(Alarm::Expired { seat });
        }
        if !running.warned && now >= running.deadline.saturating_sub(WARNING_MS) {
            running.warned = true;
            return Some(Alarm::Warn {
                seat: running.seat,
                remaining_ms: running.deadline - now,
            });
        }
        None
    }

    /// Counts an expiry for `seat`; `true` when its time has just been cut to [`SHORT_LIMIT_MS`].
    pub fn count_expiry(&mut self, seat: Seat) -> bool {
        match self.expiries.get_mut(usize::from(seat)) {
            Some(count) => {
                *count = count.saturating_add(1);
                *count == SHORT_AFTER
            }
            None => false,
        }
    }

    /// Expiries of `seat` so far.
    pub fn expiries(&self, seat: Seat) -> u8 {
        self.expiries.get(usize::from(seat)).copied().unwrap_or(0)
    }

    /// Sets the seconds (before the match); `None` turns the timer off.
    pub fn set_seconds(&mut self, seconds: Option<u16>) {
        self.seconds = seconds;
        self.running = None;
        self.proposal = None;
    }

    /// Records `seat`'s agreement to turn the timer off (opening a proposal if none is open); the
    /// agreeing seats so far.
    pub fn agree_off(&mut self, seat: Seat) -> Vec<Seat> {
        let agreed = self.proposal.get_or_insert_with(BTreeSet::new);
        agreed.insert(seat);
        agreed.iter().copied().collect()
    }

    /// Whether a proposal is open.
    pub fn proposal_open(&self) -> bool {
        self.proposal.is_some()
    }

    /// Whether every one of `people` has agreed.
    pub fn all_agree(&self, people: &[Seat]) -> bool {
        self.proposal
            .as_ref()
            .is_some_and(|agreed| people.iter().all(|p| agreed.contains(p)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warns_once_then_expires_and_cuts_to_ten_seconds_after_three() {
        let mut timer = TurnTimer::new(Some(30));
        timer.run_for(Some((1, 7)), 1_000);
        assert_eq!(timer.next_alarm(), Some(21_000));
        assert_eq!(timer.poll(20_999), None);
        assert_eq!(
            timer.poll(21_000),
            Some(Alarm::Warn {
                seat: 1,
                remaining_ms: 10_000
            })
        );
        assert_eq!(timer.poll(25_000), None);
        // The same turn keeps its deadline.
        timer.run_for(Some((1, 7)), 26_000);
        assert_eq!(timer.poll(31_000), Some(Alarm::Expired { seat: 1 }));
        assert_eq!(timer.poll(31_001), None);
        assert!(!timer.count_expiry(1));
        assert!(!timer.count_expiry(1));
        assert!(timer.count_expiry(1));
        assert_eq!(timer.limit_ms(1), Some(10_000));
        assert_eq!(timer.limit_ms(0), Some(30_000));
        timer.run_for(Some((1, 8)), 40_000);
        assert_eq!(
            timer.poll(40_000),
            Some(Alarm::Warn {
                seat: 1,
                remaining_ms: 10_000
            })
        );
    }

    #[test]
    fn off_runs_nothing_and_unanimity_is_over_the_people_given() {
        let mut timer = TurnTimer::new(None);
        timer.run_for(Some((0, 1)), 0);
        assert_eq!(timer.poll(u64::MAX), None);
        let mut timer = TurnTimer::new(Some(20));
        assert!(!timer.all_agree(&[0, 2]));
        assert_eq!(timer.agree_off(2), vec![2]);
        assert!(!timer.all_agree(&[0, 2]));
        assert_eq!(timer.agree_off(0), vec![0, 2]);
        assert!(timer.all_agree(&[0, 2]));
    }
}
