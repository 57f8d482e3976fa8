//! The chiamata auction of a rebuilt history: which seats bid and passed in which order to reach the
//! observed state, and the bids they made. Only who bid last, who passed and whose turn it is are
//! public, so the sequence is searched breadth-first over exactly those, and the bid values are chosen
//! as low as the rules allow (the observed best bid last).

use std::collections::{HashMap, VecDeque};

use super::super::validate::ObservationError;
use super::super::{AuctionView, Observation};
use crate::game::{Action, Bid, Game, Phase, Seat};

/// The rebuilt auction: `true` for a bid, `false` for a pass — the shortest sequence from the deal that
/// reaches the observed bidder, passes and turn (or the close of the auction). A raised best bid (above
/// 61 points) is preceded by another bid where any sequence allows it, so that it can be a forced raise.
pub(super) fn steps(
    obs: &Observation,
    auction: &AuctionView,
) -> Result<Vec<bool>, ObservationError> {
    let raised = auction
        .best
        .is_some_and(|(_, bid)| bid.points > Bid::MIN_POINTS);
    let shortest = |min_bids| shortest_auction(obs, auction, min_bids);
    let steps = if raised {
        shortest(2).or_else(|| shortest(1))
    } else {
        shortest(0)
    };
    steps.ok_or(ObservationError::Auction)
}

/// The shortest auction (breadth-first over who bid last, who passed and whose turn it is) that reaches
/// the observed state with at least `min_bids` bids.
fn shortest_auction(obs: &Observation, auction: &AuctionView, min_bids: u8) -> Option<Vec<bool>> {
    #[derive(Clone, Copy, PartialEq, Eq, Hash)]
    struct State {
        best: Option<Seat>,
        passed: u8,
        to_move: Seat,
        closed: bool,
        /// Bids made, counted up to `min_bids`.
        bids: u8,
    }
    let players = obs.ruleset.players;
    let passed = auction.passed.iter().fold(0u8, |acc, &s| acc | 1 << s);
    let best = auction.best.map(|(seat, _)| seat);
    let target = match (obs.phase, best) {
        (Phase::Bidding, _) => State {
            best,
            passed,
            to_move: obs.to_move,
            closed: false,
            bids: min_bids,
        },
        (_, Some(declarer)) => State {
            best,
            passed,
            to_move: declarer,
            closed: true,
            bids: min_bids,
        },
        (_, None) => return None,
    };
    let step = |state: State, bid: bool| -> Option<State> {
        if state.closed {
            return None;
        }
        let seat = state.to_move;
        let (best, passed) = if bid {
            (Some(seat), state.passed)
        } else {
            (state.best, state.passed | 1 << seat)
        };
        let bids = (state.bids + u8::from(bid)).min(min_bids);
        let out = passed.count_ones() as u8;
        if out == players {
            return None;
        }
        if let Some(declarer) = best
            && out + 1 == players
        {
            return Some(State {
                best,
                passed,
                to_move: declarer,
                closed: true,
                bids,
            });
        }
        let next = (1..players)
            .map(|i| (seat + i) % players)
            .find(|&s| passed & 1 << s == 0)?;
        Some(State {
            best,
            passed,
            to_move: next,
            closed: false,
            bids,
        })
    };
    let start = State {
        best: None,
        passed: 0,
        to_move: (obs.dealer + 1) % players,
        closed: false,
        bids: 0,
    };
    let mut came_from: HashMap<State, (State, bool)> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        if state == target {
            let mut steps = Vec::new();
            let mut at = state;
            while let Some(&(before, bid)) = came_from.get(&at) {
                steps.push(bid);
                at = before;
            }
            steps.reverse();
            return Some(steps);
        }
        for bid in [false, true] {
            if let Some(next) = step(state, bid)
                && next != start
                && !came_from.contains_key(&next)
            {
                came_from.insert(next, (state, bid));
                queue.push_back(next);
            }
        }
    }
    None
}

/// The `made`-th of `bids` rebuilt bids: the observed best bid last; just before a raised best bid, its
/// rank at 61 points where legal (so that the raise can be a forced one); else the lowest legal bid.
pub(super) fn bid_to_make(
    game: &Game,
    auction: &AuctionView,
    made: usize,
    bids: usize,
) -> Result<Action, ObservationError> {
    let best = auction.best.map(|(_, bid)| bid);
    if made == bids
        && let Some(bid) = best
    {
        return Ok(Action::Bid(bid));
    }
    let legal = game.legal_actions();
    if made + 1 == bids
        && let Some(bid) = best.filter(|b| b.points > Bid::MIN_POINTS)
    {
        let at_min = Action::Bid(Bid {
            rank: bid.rank,
            points: Bid::MIN_POINTS,
        });
        if legal.iter().any(|&a| a == at_min) {
            return Ok(at_min);
        }
    }
    legal
        .iter()
        .copied()
        .find(|a| matches!(a, Action::Bid(_)))
        .ok_or(ObservationError::Auction)
}
