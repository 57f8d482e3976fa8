//! Hard's chiamata auction and call, searched: each candidate bid (rank and points) with each card
//! it could call, and passing, valued over worlds sampled from the seat's observation, each world's
//! hand played out by Hard's playouts after the call.
//!
//! The lines of a decision ([`lines`]): passing (the other seats then bid and call by the shared
//! heuristic, as that world deals their hands, and the hand is played out — or, all passing, is
//! void); for the cheapest bid of each of the [`RANKS`] cheapest ranks still open to the seat (the
//! strongest: a weaker rank bids higher), one line per card of that rank it could call — the value
//! of the hand as declarer at that bid, the other seats passing; in the calling phase, one line per
//! card it could call. The cards it could call are those of the rank it does not hold (its own only
//! when it holds the rank in every suit: it then plays alone). Every line is played out in the same
//! worlds (common random numbers). A bid is worth its best call's mean
//! ([`per_action`]: the call is chosen over all the worlds, never per world, which would read the
//! hidden hands), and the seat takes the action of the best mean.
//!
//! Deliberately absent: weighing the worlds by the bids heard (every world consistent with the
//! observation counts the same), jump bids and raises above the cheapest points for a rank (as
//! declarer they only raise the bar), and the chance that another seat outbids a bid (a bid is
//! valued as if it won the auction).

use std::time::Instant;

use super::super::auction as heuristic;
use super::super::solver::{Objective, WIN_WEIGHT};
use super::{Playout, WorldValues, playout};
use crate::ai::HintReason;
use crate::{Action, Bid, Card, Game, Observation, Phase, Rng, Stakes};

/// A bid is searched for at most this many ranks: the cheapest ranks still open to the seat.
const RANKS: usize = 3;

/// One line of play out of the auction: the action now and, for a bid, the card called if it wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    /// The action taken now: a pass, a bid or a call.
    pub action: Action,
    /// For a bid, the card the seat then calls.
    pub call: Option<Card>,
}

/// The lines of an auction or calling decision of `obs` (see the module docs); empty outside them.
fn lines(obs: &Observation) -> Vec<Line> {
    let legal = &obs.legal_actions;
    match obs.phase {
        Phase::Calling => match obs.auction.as_ref().and_then(|a| a.best) {
            Some((_, bid)) => calls(obs, bid)
                .into_iter()
                .map(Action::Call)
                .filter(|call| legal.contains(call))
                .map(|action| Line { action, call: None })
                .collect(),
            None => Vec::new(),
        },
        Phase::Bidding => {
            let mut lines = Vec::new();
            if legal.contains(&Action::Pass) {
                lines.push(Line {
                    action: Action::Pass,
                    call: None,
                });
            }
            for bid in cheapest_bids(legal) {
                for call in calls(obs, bid) {
                    lines.push(Line {
                        action: Action::Bid(bid),
                        call: Some(call),
                    });
                }
            }
            lines
        }
        Phase::Playing | Phase::Finished => Vec::new(),
    }
}

/// The [`lines`] of `obs` and, when `taken` is a legal action none of them takes (a jump bid, more
/// points than the cheapest, the call of one's own card), its lines too: what the review compares
/// a decision by.
fn lines_with(obs: &Observation, taken: Option<Action>) -> Vec<Line> {
    let mut lines = lines(obs);
    let Some(taken) = taken else { return lines };
    if !obs.legal_actions.contains(&taken) || lines.iter().any(|line| line.action == taken) {
        return lines;
    }
    match taken {
        Action::Bid(bid) => lines.extend(calls(obs, bid).into_iter().map(|call| Line {
            action: taken,
            call: Some(call),
        })),
        Action::Call(_) => lines.push(Line {
            action: taken,
            call: None,
        }),
        _ => {}
    }
    lines
}

/// Each line's action once, in the lines' order.
fn actions(lines: &[Line]) -> Vec<Action> {
    let mut actions: Vec<Action> = Vec::new();
    for line in lines {
        if !actions.contains(&line.action) {
            actions.push(line.action);
        }
    }
    actions
}

/// The cheapest legal bid of each rank, for the [`RANKS`] cheapest ranks (the legal actions list
/// the ranks strongest first, and each rank's points upwards).
fn cheapest_bids(legal: &[Action]) -> Vec<Bid> {
    let mut bids: Vec<Bid> = Vec::new();
    for action in legal {
        if let Action::Bid(bid) = action
            && bids.iter().all(|b| b.rank != bid.rank)
            && bids.len() < RANKS
        {
            bids.push(*bid);
        }
    }
    bids
}

/// The cards a winning `bid` could call: those of its rank the seat does not hold, or, when it holds
/// them all, its own (it then plays alone).
fn calls(obs: &Observation, bid: Bid) -> Vec<Card> {
    let deck = obs.ruleset.deck_cards();
    let of_rank: Vec<Card> = crate::Suit::ALL
        .into_iter()
        .map(|suit| Card::new(suit, bid.rank))
        .filter(|&card| deck.contains(card))
        .collect();
    let others: Vec<Card> = of_rank
        .iter()
        .copied()
        .filter(|&card| !obs.hand.contains(card))
        .collect();
    if others.is_empty() { of_rank } else { others }
}

/// The world after `line`: the auction and the call done, the first card to be played (or the hand
/// void, everyone having passed). `None` when the line is not legal in the world, which cannot
/// happen for a line of the observation the world was sampled from.
fn after(world: &Game, line: Line) -> Option<Game> {
    let mut game = world.clone();
    let me = game.to_move();
    game.apply(line.action).ok()?;
    while game.phase() == Phase::Bidding {
        let seat = game.to_move();
        let action = if line.action == Action::Pass {
            heuristic::bid(&game.observation(seat)).0
        } else {
            Action::Pass
        };
        game.apply(action).ok()?;
    }
    if game.phase() == Phase::Calling {
        let call = match line.call {
            Some(card) if game.to_move() == me => Action::Call(card),
            _ => heuristic::call(&game.observation(game.to_move())).0,
        };
        game.apply(call).ok()?;
    }
    Some(game)
}

/// How the worlds of [`line_values`] are drawn and valued.
#[derive(Clone, Copy)]
pub(super) struct Search<'a> {
    /// Worlds at most.
    pub worlds: usize,
    /// No new world after this (at least one is always sampled).
    pub deadline: Option<Instant>,
    /// How each world is played out after the call.
    pub how: Playout<'a>,
    /// What the hand is worth in its match.
    pub stakes: Stakes,
    /// What each step of the hand's outcome is worth ([`Objective::weighing_wins`]).
    pub win_weight: i32,
}

/// One sampled world's value of each of `lines`.
struct LineValues {
    /// The value of each line ([`Objective::utility`]), in the order given.
    scores: Vec<i32>,
}

/// Every one of `lines` played out in the same worlds, sampled from `obs` (each counting the same).
fn line_values(
    obs: &Observation,
    lines: &[Line],
    rng: &mut Rng,
    search: Search,
) -> Vec<LineValues> {
    let mut worlds = Vec::new();
    for i in 0..search.worlds.max(1) {
        if i > 0 && search.deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let world = obs.sample_world(rng);
        let scores = lines
            .iter()
            .map(|&line| match after(&world, line) {
                Some(mut game) => {
                    let obj = Objective::new(&game, obs.seat, search.stakes)
                        .weighing_wins(search.win_weight);
                    playout(&mut game, &obj, search.how).value
                }
                // Valued as a lost hand with no points: never chosen.
                None => 0,
            })
            .collect();
        worlds.push(LineValues { scores });
    }
    worlds
}

/// The mean of each line over `worlds`.
fn means(lines: usize, worlds: &[LineValues]) -> Vec<f64> {
    let n = worlds.len().max(1) as f64;
    (0..lines)
        .map(|i| worlds.iter().map(|w| f64::from(w.scores[i])).sum::<f64>() / n)
        .collect()
}

/// Each of `actions` with its best line (the line of that action with the highest mean over the
/// worlds) and that line's value in each world.
fn per_action(
    actions: &[Action],
    lines: &[Line],
    worlds: &[LineValues],
) -> (Vec<Line>, Vec<WorldValues>) {
    let means = means(lines.len(), worlds);
    let best: Vec<usize> = actions
        .iter()
        .filter_map(|&action| {
            (0..lines.len())
                .filter(|&i| lines[i].action == action)
                .max_by(|&a, &b| means[a].total_cmp(&means[b]).then(b.cmp(&a)))
        })
        .collect();
    let values = worlds
        .iter()
        .map(|w| WorldValues {
            weight: 1.0,
            values: best.iter().map(|&i| w.scores[i]).collect(),
        })
        .collect();
    (best.iter().map(|&i| lines[i]).collect(), values)
}

/// The auction or calling decision of `obs` as the match review rates it: the actions Hard's search
/// compares ([`lines`]; with `taken` too when none of them takes it), each with its
/// best line and that line's value in each of `worlds` worlds drawn from `rng` (no clock; `how` and
/// `stakes` as given, the outcome weighted [`WIN_WEIGHT`]). Empty outside the auction and the call.
pub(super) fn review_values(
    obs: &Observation,
    taken: Option<Action>,
    rng: &mut Rng,
    worlds: u32,
    how: Playout,
    stakes: Stakes,
) -> (Vec<Line>, Vec<WorldValues>) {
    let lines = lines_with(obs, taken);
    if lines.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let search = Search {
        worlds: worlds.max(1) as usize,
        deadline: None,
        how,
        stakes,
        win_weight: WIN_WEIGHT,
    };
    let values = line_values(obs, &lines, rng, search);
    per_action(&actions(&lines), &lines, &values)
}

/// Hard's auction or calling decision: the line of the best mean over the worlds. `None` with
/// fewer than two lines.
pub(super) fn choose(obs: &Observation, rng: &mut Rng, search: Search) -> Option<Line> {
    let lines = lines(obs);
    if lines.len() < 2 {
        return None;
    }
    let worlds = line_values(obs, &lines, rng, search);
    let means = means(lines.len(), &worlds);
    let best = (0..lines.len()).max_by(|&a, &b| means[a].total_cmp(&means[b]).then(b.cmp(&a)))?;
    Some(lines[best])
}

/// Why `line`, in the shared heuristic's words: the suit its call makes trump and what the hand
/// holds of it (never the call of a card the seat holds, unless it holds the rank in every suit and
/// says so), or, passing, the hand's best suit.
pub(crate) fn reason(obs: &Observation, line: Line) -> HintReason {
    let held = |suit| heuristic::held(obs, suit);
    match (line.action, line.call) {
        (Action::Bid(bid), Some(card)) if obs.hand.contains(card) => {
            HintReason::HoldsEveryCall { rank: bid.rank }
        }
        (Action::Bid(bid), Some(card)) if bid.points > Bid::MIN_POINTS => HintReason::Raise {
            points: bid.points,
            suit: card.suit(),
            held: held(card.suit()),
        },
        (Action::Bid(bid), Some(card)) => HintReason::Bid {
            rank: bid.rank,
            suit: card.suit(),
            held: held(card.suit()),
        },
        (Action::Call(card), _) if obs.hand.contains(card) => HintReason::CallOwn { card },
        (Action::Call(card), _) => HintReason::CallPartner {
            card,
            held: held(card.suit()),
        },
        (Action::Pass, _) => {
            let suit = heuristic::best_suit(obs).0;
            HintReason::PassWeak {
                suit,
                held: held(suit),
            }
        }
        (action, _) => HintReason::OnlyChoice { action },
    }
}

#[cfg(test)]
mod tests {
    use super::super::HardSearch;
    use crate::ai::test_deal::chiamata_decisions;
    use crate::ai::{Budget, special};
    use crate::{Action, Card, Observation, Suit};

    fn positions() -> Vec<Observation> {
        chiamata_decisions(30, 5)
    }

    #[test]
    fn hard_searches_the_auction_and_calls_its_own_card_only_holding_the_rank_in_every_suit() {
        let (mut calls, mut differ) = (0, 0);
        for (i, obs) in positions().iter().enumerate() {
            let searched = HardSearch::HARD
                .agent(i as u64, Budget::worlds(3))
                .choose(obs);
            assert!(obs.legal_actions.contains(&searched.action), "{obs:?}");
            if let Action::Call(card) = searched.action {
                calls += 1;
                let every = Suit::ALL
                    .into_iter()
                    .all(|suit| obs.hand.contains(Card::new(suit, card.rank())));
                assert!(!obs.hand.contains(card) || every, "{obs:?}");
            }
            // Without the search, the shared heuristic decides, as it did before.
            let heuristic = HardSearch {
                auction: false,
                ..HardSearch::HARD
            };
            let shared = special::special(obs).expect("an auction decision");
            assert_eq!(
                heuristic.agent(i as u64, Budget::worlds(3)).choose(obs),
                shared
            );
            differ += usize::from(searched.action != shared.action);
        }
        assert!(calls >= 10 && differ >= 10, "{calls} {differ}");
    }
}
