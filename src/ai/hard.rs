//! [`Hard`]: determinized search (Perfect Information Monte Carlo).
//!
//! Each decision samples worlds consistent with the observation ([`Observation::sample_world`]: the
//! unseen cards dealt to the other hands and the stock, respecting hand sizes, known cards and known
//! voids). Once the stock is empty and the rest of the hand is small, every sampled world is solved
//! exactly by alpha-beta (a single world in two-player games: card counting leaves nothing hidden).
//! Earlier, each legal card is tried in every world and the hand is played out by the Medium heuristics
//! for every seat, finishing with exact search when the world's stock runs out; the same worlds are used
//! for every card (common random numbers), and the stock order of a world is just one draw of chance.
//! Each world counts with its [`Belief`] weight: how likely the other players' recent plays were, had
//! they held that world's cards. The card with the best weighted mean [`Objective::utility`] wins: win
//! probability first, points as the tie-break. The [`Budget`] bounds the worlds (deterministic) and
//! optionally the wall-clock time. Its hint quotes the search: the card's heuristic reason, the deals
//! tried and the (weighted) share of them in which the card did as well as any other.
//!
//! Deliberately absent (measured candidates for later): information-set MCTS, and search in the
//! chiamata auction (it uses the shared heuristic).

#[cfg(test)]
mod v1_golden;

use std::time::{Duration, Instant};

use super::belief::Belief;
use super::policy::{self, Style};
use super::situation::Situation;
use super::solver::{Objective, Solver, leaf_bound, solve_endgame};
use super::tally::{Quote, Tally};
use super::{Agent, Decision, HintReason, hint, special};
use crate::{Action, Card, Game, Observation, Phase, Rank, Rng, Stakes};

/// How much searching Hard may do per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Worlds sampled per decision. With no time limit, decisions depend only on the seed.
    pub worlds: u32,
    /// Stop sampling new worlds after this many milliseconds (at least one world is always searched).
    /// `None` never reads a clock.
    pub time_ms: Option<u64>,
}

impl Budget {
    /// A deterministic budget of `worlds` worlds and no clock.
    pub fn worlds(worlds: u32) -> Budget {
        Budget {
            worlds,
            time_ms: None,
        }
    }
}

impl Default for Budget {
    /// 200 worlds, stopping early after 150 ms.
    fn default() -> Budget {
        Budget {
            worlds: 200,
            time_ms: Some(150),
        }
    }
}

/// Endgames up to this many card orders are solved exactly at the root.
const ROOT_LEAVES: u64 = 50_000;
/// Node budget of one root endgame world.
const ROOT_NODES: u64 = 200_000;
/// Playouts switch to exact search once the stock is empty and at most this many orders remain.
const PLAYOUT_LEAVES: u64 = 400;
/// Node budget of one playout endgame.
const PLAYOUT_NODES: u64 = 5_000;

/// The Hard agent.
pub(crate) struct Hard {
    rng: Rng,
    budget: Budget,
    stakes: Stakes,
}

impl Hard {
    /// A seeded Hard agent, playing for the match's `stakes`.
    pub fn new(seed: u64, budget: Budget, stakes: Stakes) -> Hard {
        Hard {
            rng: Rng::new(seed),
            budget,
            stakes,
        }
    }

    /// The card to play, with what the search says about it (`None` when it did not search: one
    /// legal card).
    fn choose_card(&mut self, obs: &Observation, s: &Situation) -> Option<(Card, Option<Quote>)> {
        if s.legal.len() <= 1 {
            return s.legal.first().map(|card| (card, None));
        }
        let worlds = self.budget.worlds.max(1) as usize;
        let deadline = self
            .budget
            .time_ms
            .map(|ms| Instant::now() + Duration::from_millis(ms));
        let limits = (ROOT_LEAVES, ROOT_NODES);
        if let Some((card, quote)) = solve_endgame(
            obs,
            &mut self.rng,
            worlds.min(32),
            limits,
            deadline,
            self.stakes,
        ) {
            return Some((card, Some(quote)));
        }
        let mut tally = Tally::new(s.legal.iter().collect());
        let belief = Belief::new(obs);
        for i in 0..worlds {
            if i > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let world = obs.sample_world(&mut self.rng);
            let weight = belief.weight(&world);
            let obj = Objective::new(&world, obs.seat, self.stakes);
            tally.add(weight, |card| {
                let mut game = world.clone();
                game.play_unchecked(card);
                Some(playout(&mut game, &obj))
            });
        }
        tally.choice().map(|(card, quote)| (card, Some(quote)))
    }
}

/// Hard as it played before issue 12, frozen: the arena's `hard-v1` contender.
pub(crate) fn v1(seed: u64, budget: Budget) -> Box<dyn Agent + Send> {
    Box::new(Hard::new(seed, budget, Stakes::SINGLE_HAND))
}

impl Agent for Hard {
    fn name(&self) -> &str {
        "hard"
    }

    fn choose(&mut self, obs: &Observation) -> Decision {
        if let Some(decision) = special::special(obs) {
            return decision;
        }
        let s = Situation::from_observation(obs, true);
        match self.choose_card(obs, &s) {
            Some((card, Some(quote))) => Decision {
                action: Action::Play(card),
                hint: HintReason::Searched {
                    why: Box::new(hint::explain(&s, card)),
                    best_percent: quote.best_percent,
                    deals: quote.deals,
                },
            },
            chosen => super::card_decision(obs, &s, chosen.map(|(card, _)| card)),
        }
    }
}

/// Plays a sampled world to the end with the Medium heuristics for every seat (exact search once the
/// stock is empty and the rest is small) and returns its value for `obj`.
fn playout(game: &mut Game, obj: &Objective) -> i32 {
    let mut rng = Rng::new(0);
    loop {
        if game.phase() != Phase::Playing {
            return obj.utility(game);
        }
        take_special(game);
        if game.phase() != Phase::Playing {
            return obj.utility(game);
        }
        if game.stock_len() == 0 {
            let players = game.rules().players;
            let sizes: Vec<u8> = (0..players).map(|p| game.hand(p).len() as u8).collect();
            if leaf_bound(&sizes) <= PLAYOUT_LEAVES
                && let Some(v) = Solver::new(PLAYOUT_NODES).search(game, obj, i32::MIN, i32::MAX)
            {
                return v;
            }
        }
        let s = Situation::from_game(game);
        match policy::choose_card(&s, Style::SOUND, &mut rng) {
            Some(card) => game.play_unchecked(card),
            None => return obj.utility(game),
        }
    }
}

/// Mano negra and the trump exchange, taken whenever legal, as every level does.
fn take_special(game: &mut Game) {
    let rules = *game.rules();
    if rules.mano_negra && game.apply(Action::ManoNegra).is_ok() {
        return;
    }
    if rules.exchange == crate::ExchangeRule::Never || game.face_up().is_none() {
        return;
    }
    let Some(trump) = game.trump() else { return };
    for rank in [Rank::Seven, Rank::Two] {
        let card = Card::new(trump, rank);
        if game.hand(game.to_move()).contains(card) && game.apply(Action::Exchange(card)).is_ok() {
            return;
        }
    }
}
