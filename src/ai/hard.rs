//! [`Hard`]: determinized search (Perfect Information Monte Carlo).
//!
//! Each decision samples worlds consistent with the observation ([`Observation::sample_world`]: the
//! unseen cards dealt to the other hands and the stock, respecting hand sizes, known cards and
//! known voids). Once the stock is empty and the rest of the hand is small, every sampled world is
//! solved exactly by alpha-beta (a single world in two-player games: card counting leaves nothing
//! hidden). Earlier, each legal card is tried in every world and the hand is played out for every
//! seat — in two-player Briscola, Brisca and Bisca and in four-player Briscola by that preset's
//! playout network ([`net`], trained by imitating this search; it reads each seat's own view only),
//! elsewhere by the Medium heuristics — finishing with exact search (the world's stock order known)
//! once the world's stock is down to two cards, one trick before it runs out in two-player games;
//! the same worlds are used for every card (common random numbers), and the stock order of a world
//! is just one draw of chance. In two-player games of three-card hands the other hand is drawn from
//! its exact chances given every card that player has played ([`Belief::filtered`]: how likely each
//! play was, had it held those cards, under a model of a sensible player); elsewhere each world
//! counts with its [`Belief`] weight: how likely the other players' recent plays were, had they
//! held that world's cards. The card with the best weighted mean [`Objective::utility`] wins: where
//! hands won decide the match, each step of the hand's outcome (loss, draw, win) is worth
//! [`DECIDING_WIN_WEIGHT`] card points on top of the side's card points, so win probability and
//! points both count (the review values cards at [`WIN_WEIGHT`]). The cards race over the worlds
//! ([`Tally::race`]): from half the budget's worlds on, every [`RACE_EVERY`] worlds a card the
//! leader clearly beats leaves (later worlds play out only the cards still running), and sampling
//! stops once one card is left or the rest are provably within a utility unit of the leader — at
//! eight times the budget's worlds at most, so a close choice gets up to eight times the worlds and
//! a clear one half. The [`Budget`] bounds the worlds (deterministic) and optionally the wall-clock
//! time. Its hint quotes the search: the card's heuristic reason and the (weighted) share of the
//! deals tried in which its side won the hand after the card — or, in a card-points match where a
//! hand is not won or lost, in which the card did as well as any other. [`action_values`] gives the
//! same evaluation of every legal action, for the match review.
//!
//! The search's choices are one [`HardSearch`]: [`HardSearch::HARD`] is the level; the lab
//! (`briscola-lab`) names other configurations of the same code and measures them against it.
//! The chiamata auction and call are searched too ([`auction`]: each candidate bid with each card
//! it could call, and passing, played out over sampled worlds after the call).
//! Deliberately absent: information-set MCTS, and two candidates measured and rejected (the next
//! seat's reply chosen as its best in each world; exact search at the root from four stock cards)
//! — see `docs/ai.md`.

pub(crate) mod auction;
#[cfg(test)]
mod golden;
#[cfg(test)]
mod tests;

use std::time::{Duration, Instant};

use super::belief::Belief;
use super::net::{self, Activations, Mlp, View};
use super::policy::{self, Style};
use super::situation::Situation;
use super::solver::{
    Objective, Score, Solver, WIN_WEIGHT, endgame_worlds, leaf_bound, solve_endgame,
};
use super::tally::{Quote, Race, Tally};
use super::{Agent, Decision, HintReason, Level, hint, senas, special};
use crate::{Action, Card, Game, Observation, Phase, Rank, Rng, Stakes};

/// How much searching Hard may do per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Worlds sampled per decision while the stock lasts — the racing search's scale: it samples from
    /// half of them (one card clearly best) to eight times as many (a close choice). With no time
    /// limit, decisions depend only on the seed.
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
    /// 200 worlds (100 to 1,600 as the race goes), stopping early after 140 ms: a decision that runs
    /// into the clock takes at most that long plus the worlds in progress, inside the 150 ms the
    /// issue-12 target allows 95% of decisions.
    fn default() -> Budget {
        Budget {
            worlds: 200,
            time_ms: Some(140),
        }
    }
}

/// Endgames up to this many card orders are solved exactly at the root.
const ROOT_LEAVES: u64 = 50_000;
/// Node budget of one root endgame world.
const ROOT_NODES: u64 = 200_000;
/// Playouts switch to exact search once the stock is empty and at most this many card orders remain
/// ([`HardSearch::exact_leaves`]): today's Hard, from four hands of three cards (four players) on.
pub(crate) const EXACT_LEAVES: u64 = 1_296;
/// Node budget of one playout endgame.
const PLAYOUT_NODES: u64 = 5_000;

/// Node budget of a playout's exact search while the stock still holds cards ([`HardSearch::exact_stock`]);
/// over it, the playout goes on with the heuristics. Two-player searches from two stock cards have at
/// most 324 leaves, far inside it.
const STOCK_NODES: u64 = 20_000;

/// The choices that make up Hard's search. [`HardSearch::HARD`] is the Hard level; other
/// configurations of the same code are measured against it in the lab (`briscola-lab`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HardSearch {
    /// Playouts switch to exact search, the sampled world's stock order included, once at most this
    /// many cards are left in the stock (`0`: only once it is empty).
    pub exact_stock: u8,
    /// Once the stock is empty, playouts switch to exact search where at most this many card orders
    /// remain (two hands of three cards: 36; three: 216; four: 1,296).
    pub exact_leaves: u64,
    /// Two-player playouts are played by the shipped network where it applies ([`net::for_rules`])
    /// instead of the Medium heuristics.
    pub net: bool,
    /// The same for playouts between fixed teams (four-player Briscola's network).
    pub team_net: bool,
    /// The root races its cards over the worlds ([`RACE`]) instead of playing each out in a fixed
    /// number of them.
    pub race: bool,
    /// What each step of the hand's outcome (loss, draw, win) is worth in card points when the
    /// search decides ([`Objective::weighing_wins`]).
    pub win_weight: i32,
    /// The same where partners play in fixed teams (four and six players), in place of
    /// `win_weight` ([`HardSearch::win_weight_for`]); the lab measures other values for teams.
    pub team_win_weight: i32,
    /// In two-player games of three-card hands, worlds are drawn from the exact chances of the other
    /// hand given all its plays ([`Belief::filtered`]) instead of weighed by its recent plays.
    pub filter: bool,
    /// The chiamata auction and call are searched ([`auction`]: each candidate bid and call played
    /// out over sampled worlds) instead of taken by the shared heuristic.
    pub auction: bool,
}

impl HardSearch {
    /// The Hard level's search: exact playouts from [`EXACT_STOCK`] stock cards, network playouts
    /// before that (two players, and teams), racing cards, the outcome worth
    /// [`DECIDING_WIN_WEIGHT`] (in fixed teams too), worlds drawn from the filter over the other
    /// hand, the chiamata auction and call searched.
    pub const HARD: HardSearch = HardSearch {
        exact_stock: EXACT_STOCK,
        exact_leaves: EXACT_LEAVES,
        net: true,
        team_net: true,
        race: true,
        win_weight: DECIDING_WIN_WEIGHT,
        team_win_weight: DECIDING_WIN_WEIGHT,
        filter: true,
        auction: true,
    };

    /// A seeded agent searching this way with `budget`, playing single hands. It plays and explains
    /// its cards as Hard does, under the name `hard`.
    pub fn agent(self, seed: u64, budget: Budget) -> Box<dyn Agent + Send> {
        Box::new(Hard::with(seed, budget, Stakes::SINGLE_HAND, self))
    }

    /// The fewest and the most worlds a decision of `budget` samples (before the clock stops it):
    /// exactly the budget's worlds without racing; with it, from half of them (a clear choice) up to
    /// eight times as many (a close one).
    fn worlds(self, budget: Budget) -> (usize, usize) {
        let worlds = budget.worlds.max(1) as usize;
        if self.race {
            (worlds.div_ceil(2), worlds * RACE_MORE)
        } else {
            (worlds, worlds)
        }
    }

    /// What a step of the hand's outcome is worth when this search decides under `rules`:
    /// [`HardSearch::team_win_weight`] where partners play in fixed teams, else
    /// [`HardSearch::win_weight`].
    pub fn win_weight_for(self, rules: &crate::Ruleset) -> i32 {
        if rules.fixed_team(0).is_some() {
            self.team_win_weight
        } else {
            self.win_weight
        }
    }

    /// How this search plays out a world of `rules`.
    fn playout(self, rules: &crate::Ruleset) -> Playout<'static> {
        let wanted = if rules.fixed_team(0).is_some() {
            self.team_net
        } else {
            self.net
        };
        Playout {
            exact_stock: self.exact_stock,
            exact_leaves: self.exact_leaves,
            net: if wanted { net::for_rules(rules) } else { None },
        }
    }
}

/// Racing at the root: a card leaves once the leader beats it by two standard errors of
/// their same-world differences, and the race is over once the rest are provably within one utility
/// unit of the leader (a card point, or 1/120 of a hand's outcome); measured in `docs/ai.md`.
const RACE: Race = Race { z: 2.0, close: 1.0 };
/// With racing, a decision may sample up to this many times its budget's worlds.
const RACE_MORE: usize = 8;
/// With racing, cards are compared every this many worlds (once half the budget's worlds are in).
const RACE_EVERY: usize = 25;

/// What each step of a hand's outcome (loss, draw, win) is worth in card points when today's Hard
/// decides, where hands won decide the match: a quarter of [`WIN_WEIGHT`], so
/// a won hand is worth 60 card points more than a lost one and points count for more wherever the
/// outcome is uncertain (measured in docs/ai.md). The values Hard gives the review keep
/// [`WIN_WEIGHT`], so they read back as a win chance and points.
pub(crate) const DECIDING_WIN_WEIGHT: i32 = 30;

/// The stock size from which today's playouts are exact (and below which the network never plays).
pub(crate) const EXACT_STOCK: u8 = 2;

/// How a playout plays a world out.
#[derive(Clone, Copy)]
struct Playout<'a> {
    /// Exact search once the stock holds at most this many cards.
    exact_stock: u8,
    /// Exact search once the stock is empty and at most this many card orders remain.
    exact_leaves: u64,
    /// The network that plays the cards before that, or the Medium heuristics when `None`.
    net: Option<&'a Mlp>,
}

/// The Hard agent.
pub(crate) struct Hard {
    rng: Rng,
    budget: Budget,
    stakes: Stakes,
    search: HardSearch,
}

impl Hard {
    /// A seeded Hard agent, playing for the match's `stakes`.
    pub fn new(seed: u64, budget: Budget, stakes: Stakes) -> Hard {
        Hard::with(seed, budget, stakes, HardSearch::HARD)
    }

    /// A seeded Hard agent with a given search.
    fn with(seed: u64, budget: Budget, stakes: Stakes, search: HardSearch) -> Hard {
        Hard {
            rng: Rng::new(seed),
            budget,
            stakes,
            search,
        }
    }

    /// The card to play, with what the search says about it (`None` when it did not search: one
    /// legal card).
    fn choose_card(&mut self, obs: &Observation, s: &Situation) -> Option<(Card, Option<Quote>)> {
        if s.legal.len() <= 1 {
            return s.legal.first().map(|card| (card, None));
        }
        let worlds = self.budget.worlds.max(1) as usize;
        let (fewest, most) = self.search.worlds(self.budget);
        let deadline = self
            .budget
            .time_ms
            .map(|ms| Instant::now() + Duration::from_millis(ms));
        let limits = (ROOT_LEAVES, ROOT_NODES);
        let win_weight = self.search.win_weight_for(&obs.ruleset);
        if let Some((card, quote)) = solve_endgame(
            obs,
            &mut self.rng,
            worlds.min(32),
            limits,
            deadline,
            self.stakes,
            win_weight,
        ) {
            return Some((card, Some(quote)));
        }
        let sampling = Sampling {
            fewest,
            most,
            race: self.search.race,
            deadline,
            filter: self.search.filter,
        };
        let how = self.search.playout(&obs.ruleset);
        let tally = sample_cards(
            obs,
            s.legal.iter().collect(),
            &mut self.rng,
            sampling,
            how,
            self.stakes,
            win_weight,
        );
        tally.choice().map(|(card, quote)| (card, Some(quote)))
    }
}

impl Hard {
    /// The searched bid, pass or call ([`auction::choose`]), with the shared heuristic's kind of
    /// reason for it; `None` outside the auction and the call, or with one line to choose from.
    fn choose_auction(&mut self, obs: &Observation) -> Option<Decision> {
        if !matches!(obs.phase, Phase::Bidding | Phase::Calling) {
            return None;
        }
        let search = auction::Search {
            worlds: self.budget.worlds.max(1) as usize,
            deadline: self
                .budget
                .time_ms
                .map(|ms| Instant::now() + Duration::from_millis(ms)),
            how: self.search.playout(&obs.ruleset),
            stakes: self.stakes,
            win_weight: self.search.win_weight,
        };
        let line = auction::choose(obs, &mut self.rng, search)?;
        Some(Decision {
            action: line.action,
            hint: auction::reason(obs, line),
        })
    }
}

/// How many worlds [`sample_cards`] samples, and how.
#[derive(Clone, Copy)]
struct Sampling {
    /// Worlds before the race may end it.
    fewest: usize,
    /// Worlds at most.
    most: usize,
    /// Whether the cards race ([`RACE`], every [`RACE_EVERY`] worlds); without it, `most` worlds.
    race: bool,
    /// No new world after this (at least one is always sampled).
    deadline: Option<Instant>,
    /// Worlds are drawn from [`Belief::filtered`] (else weighed by [`Belief::new`]).
    filter: bool,
}

/// Samples worlds from `obs` and plays each of `cards` out in them (`how`), weighted by belief and
/// valued with a hand's outcome weighted `win_weight`: the root of Hard's search while the stock lasts.
fn sample_cards(
    obs: &Observation,
    cards: Vec<Card>,
    rng: &mut Rng,
    sampling: Sampling,
    how: Playout,
    stakes: Stakes,
    win_weight: i32,
) -> Tally {
    let mut tally = Tally::new(cards);
    let belief = belief_of(obs, sampling.filter);
    for i in 1..=sampling.most {
        if i > 1 && sampling.deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let (world, weight) = belief.sample_world(obs, rng);
        let obj = Objective::new(&world, obs.seat, stakes).weighing_wins(win_weight);
        tally.add(weight, |card| {
            let mut game = world.clone();
            game.play_unchecked(card);
            Some(playout(&mut game, &obj, how))
        });
        if sampling.race && i >= sampling.fewest && i % RACE_EVERY == 0 && tally.race(RACE) {
            break;
        }
    }
    tally
}

/// The mean value of each of `cards` (legal in `obs`, the stock above [`EXACT_STOCK`]) by Hard's
/// search from the seat's observation, with no clock and the outcome weighted [`WIN_WEIGHT`]: the
/// teacher of the playout network. Playouts are played by `net` (the heuristics when `None`: the
/// network in training is not the shipped one) and worlds are weighed by the recent plays
/// ([`Belief::new`], as when the shipped networks were trained). With `race` the cards race over the
/// worlds as Hard's root does (from half of `worlds` to eight times as many), and a card that left
/// the race keeps the gap to the leader it had then ([`Tally::means`]); without it every card is
/// played out in exactly `worlds` worlds.
pub fn teacher_means(
    obs: &Observation,
    cards: &[Card],
    rng: &mut Rng,
    worlds: u32,
    race: bool,
    net: Option<&Mlp>,
) -> Vec<f64> {
    let stakes = Stakes::SINGLE_HAND;
    if !race {
        let actions: Vec<Action> = cards.iter().map(|&c| Action::Play(c)).collect();
        let belief = Belief::new(obs);
        let values = action_values_with(obs, &actions, rng, worlds, stakes, net, &belief);
        return weighted_means(cards.len(), &values);
    }
    let teacher = HardSearch {
        net: false,
        filter: false,
        win_weight: WIN_WEIGHT,
        ..HardSearch::HARD
    };
    let (fewest, most) = teacher.worlds(Budget::worlds(worlds));
    let sampling = Sampling {
        fewest,
        most,
        race: true,
        deadline: None,
        filter: false,
    };
    let how = Playout {
        exact_stock: EXACT_STOCK,
        exact_leaves: EXACT_LEAVES,
        net,
    };
    sample_cards(obs, cards.to_vec(), rng, sampling, how, stakes, WIN_WEIGHT).means()
}

/// Each of `n` actions' weighted mean value over the worlds.
fn weighted_means(n: usize, worlds: &[WorldValues]) -> Vec<f64> {
    let weight: f64 = worlds
        .iter()
        .map(|w| w.weight)
        .sum::<f64>()
        .max(f64::MIN_POSITIVE);
    (0..n)
        .map(|i| {
            worlds
                .iter()
                .map(|w| w.weight * f64::from(w.values[i]))
                .sum::<f64>()
                / weight
        })
        .collect()
}

impl Agent for Hard {
    fn name(&self) -> &str {
        "hard"
    }

    fn choose(&mut self, obs: &Observation) -> Decision {
        if self.search.auction
            && let Some(decision) = self.choose_auction(obs)
        {
            return decision;
        }
        if let Some(decision) = special::special(obs) {
            return decision;
        }
        if let Some(decision) = senas::decide(Level::Hard, obs, &mut self.rng) {
            return decision;
        }
        let s = Situation::from_observation(obs, true);
        match self.choose_card(obs, &s) {
            Some((card, Some(quote))) => Decision {
                action: Action::Play(card),
                hint: if Objective::quotes_wins(self.stakes) {
                    HintReason::SearchedWins {
                        why: Box::new(hint::explain(&s, card)),
                        win_percent: quote.win_percent,
                    }
                } else {
                    HintReason::Searched {
                        why: Box::new(hint::explain(&s, card)),
                        best_percent: quote.best_percent,
                    }
                },
            },
            chosen => super::card_decision(obs, &s, chosen.map(|(card, _)| card)),
        }
    }
}

/// One sampled world of [`action_values`]: its belief weight and the value of each action in it.
pub(crate) struct WorldValues {
    /// The world's relative likelihood ([`Belief::weight`]; 1 for a world drawn from the filter over
    /// the other hand, and in exact endgames, as Hard counts them).
    pub weight: f64,
    /// The value ([`Objective::utility`]) of each action, in the order given.
    pub values: Vec<i32>,
}

/// Hard's evaluation of every one of `actions` (legal in `obs`, any kind: cards, the exchange, mano
/// negra) in the same worlds, for the match review: worlds are drawn from `rng` as Hard draws them
/// (exact endgame worlds once the stock is empty and the rest is small, else up to `worlds` sampled
/// worlds, drawn and weighed by [`HardSearch::HARD`]'s belief), and each action is applied in each
/// world and valued as Hard values a card (exact search, or a playout of today's
/// [`HardSearch::HARD`]). Reads no clock.
pub(crate) fn action_values(
    obs: &Observation,
    actions: &[Action],
    rng: &mut Rng,
    worlds: u32,
    stakes: Stakes,
) -> Vec<WorldValues> {
    let net = HardSearch::HARD.playout(&obs.ruleset).net;
    let belief = belief_of(obs, HardSearch::HARD.filter);
    action_values_with(obs, actions, rng, worlds, stakes, net, &belief)
}

/// Hard's evaluation of an auction or calling decision for the match review
/// ([`auction::review_values`]): the actions its search compares (and `taken`, a legal action none
/// of them takes), each with the card it would call and its value in each of `worlds` worlds, played out as
/// [`HardSearch::HARD`] plays them. Reads no clock.
pub(crate) fn auction_values(
    obs: &Observation,
    taken: Option<Action>,
    rng: &mut Rng,
    worlds: u32,
    stakes: Stakes,
) -> (Vec<auction::Line>, Vec<WorldValues>) {
    let how = HardSearch::HARD.playout(&obs.ruleset);
    auction::review_values(obs, taken, rng, worlds, how, stakes)
}

/// The worlds' belief: drawn from [`Belief::filtered`] when `filter`, else weighed by
/// [`Belief::new`].
fn belief_of(obs: &Observation, filter: bool) -> Belief {
    if filter {
        Belief::filtered(obs)
    } else {
        Belief::new(obs)
    }
}

/// [`action_values`] with playouts played by `net` (the heuristics when `None`) and worlds drawn
/// from `belief`: also the fixed-worlds teacher of [`teacher_means`].
fn action_values_with(
    obs: &Observation,
    actions: &[Action],
    rng: &mut Rng,
    worlds: u32,
    stakes: Stakes,
    net: Option<&Mlp>,
    belief: &Belief,
) -> Vec<WorldValues> {
    let how = Playout {
        exact_stock: EXACT_STOCK,
        exact_leaves: EXACT_LEAVES,
        net,
    };
    let worlds = worlds.max(1) as usize;
    let endgame = endgame_worlds(obs, worlds.min(32), ROOT_LEAVES);
    (0..endgame.unwrap_or(worlds))
        .map(|_| {
            let (world, weight) = belief.sample_world(obs, rng);
            let obj = Objective::new(&world, obs.seat, stakes);
            let values = actions
                .iter()
                .map(|&action| {
                    let mut game = world.clone();
                    if game.apply(action).is_err() {
                        // Not legal in this world: impossible for an action legal in the
                        // observation the world was sampled from; valued as the position stands.
                        return obj.utility(&game);
                    }
                    let exact = endgame.and_then(|_| {
                        Solver::new(ROOT_NODES).search(&game, &obj, i32::MIN, i32::MAX)
                    });
                    exact.unwrap_or_else(|| playout(&mut game, &obj, how)).value
                })
                .collect();
            let weight = if endgame.is_some() { 1.0 } else { weight };
            WorldValues { weight, values }
        })
        .collect()
}

/// Plays a sampled world to the end with the network or the Medium heuristics for every seat (exact
/// search once the stock is down to [`Playout::exact_stock`] cards, or empty and the rest is small)
/// and returns its score for `obj`.
fn playout(game: &mut Game, obj: &Objective, how: Playout) -> Score {
    let mut rng = Rng::new(0);
    let mut act = Activations::default();
    let mut tried_stock = None;
    loop {
        if game.phase() != Phase::Playing {
            return obj.score(game);
        }
        take_special(game);
        if game.phase() != Phase::Playing {
            return obj.score(game);
        }
        let stock = game.stock_len();
        if stock > 0 && stock <= usize::from(how.exact_stock) && tried_stock != Some(stock) {
            tried_stock = Some(stock);
            if let Some(v) = Solver::new(STOCK_NODES).search(game, obj, i32::MIN, i32::MAX) {
                return v;
            }
        }
        if game.stock_len() == 0 {
            let players = game.rules().players;
            let sizes: Vec<u8> = (0..players).map(|p| game.hand(p).len() as u8).collect();
            if leaf_bound(&sizes) <= how.exact_leaves
                && let Some(v) = Solver::new(PLAYOUT_NODES).search(game, obj, i32::MIN, i32::MAX)
            {
                return v;
            }
        }
        let card = match how.net {
            Some(net) if game.stock_len() > usize::from(how.exact_stock) => {
                View::from_game(game).choose(net, game.legal_cards(), &mut act)
            }
            _ => policy::choose_card(&Situation::from_game(game), Style::SOUND, &mut rng),
        };
        match card {
            Some(card) => game.play_unchecked(card),
            None => return obj.score(game),
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
