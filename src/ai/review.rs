//! # Match review
//!
//! Every decision one seat made in a [`MatchRecord`], rated from what that seat knew at the time: the
//! review rebuilds the seat's [`Observation`] before each of its actions and evaluates every legal
//! action with Hard's search ([`super::hard::action_values`]: the same sampled worlds for every action,
//! seeded per decision, no clock), so a better card is judged by information the player had, never by
//! the cards that turned up later. Each rated decision gets the value of the action taken and of the
//! best one ([`ActionValue`]: win chance at the match's stakes, expected points), what it cost in
//! those units ([`Cost`]: win chance and card points lost, each with its noise), a [`Mark`] on the
//! review's documented scale (docs/review.md), the [`Habit`]s it shows and, when it was not the
//! best, the better action with one reason as data ([`ReviewReason`]). Accuracy per hand and per
//! match comes from the losses on that scale ([`accuracy`]); [`habit_stats`] adds habits up across
//! reviews.
//!
//! Where the sampling noise would hide a mark, a decision draws more worlds ([`MORE_WORLDS`]), and a
//! reason never contradicts its mark (a fault of the move is named only with an inaccuracy or
//! worse). The app's hint is this same evaluation of the decision at the same seed ([`hint`]), so
//! the hint and the review give one number for a card.
//!
//! Forced decisions (one legal action) are listed but not rated. The chiamata auction's bids and the
//! call are rated as cards are, among the actions Hard's auction search compares ([`auction`]: each
//! bid as declarer with its best call, against passing, played out over the same worlds).
//! Progress is reported to a callback that may stop the review: no threads, no clocks.
//! Deliberately absent: the "all cards known" hindsight line, and storage (the app keeps reviews).

mod advice;
mod auction;
#[cfg(test)]
mod gifts;
mod habit;
mod mark;
mod reason;
mod value;

use serde::{Deserialize, Serialize};

use super::Budget;
use super::hard;
use crate::message::Message;
use crate::{Action, Match, MatchRecord, Observation, Phase, RecordError, Rng, Seat, Stakes};

pub use advice::hint;
pub use habit::{Habit, HabitStat, HabitSum, HabitTotals, habit_stats};
pub use mark::{Cost, Mark, NOISE_MARGIN, POINTS_PER_WIN_POINT, WinOf, accuracy, clear};
pub use reason::{NotReviewed, ReviewReason};
pub use value::ActionValue;

/// What to review and how hard to look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewConfig {
    /// The seat whose decisions are reviewed.
    pub seat: Seat,
    /// Seeds the worlds sampled for every decision (the review is deterministic for a seed); the
    /// app, the CLI and the hints use [`SEED`].
    pub seed: u64,
    /// Worlds sampled per decision (Hard's default budget: [`Budget::default`]`.worlds`).
    pub worlds: u32,
}

impl ReviewConfig {
    /// Reviews `seat` with the one seed every review and hint uses ([`SEED`]) at Hard's default
    /// world budget.
    pub fn new(seat: Seat) -> ReviewConfig {
        ReviewConfig {
            seat,
            seed: SEED,
            worlds: Budget::default().worlds,
        }
    }
}

/// The seed a review draws its worlds from, the same for every match: each decision's worlds come
/// from it, the hand's number and the action's index in the hand ([`decision_seed`]) — all of them
/// known to the seat at that decision. So whoever holds a seat's view can seed a decision as the
/// review of the match will (a hint at a friends' table, whose player never learns the match's
/// seed: it would tell the deal), and two decisions get different worlds.
pub const SEED: u64 = 0x5245_5649_4557_0001;

/// How far a review has come: decisions of the seat looked at, out of all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Progress {
    /// Decisions done.
    pub done: u32,
    /// Decisions in the match.
    pub total: u32,
}

/// What a progress callback wants: go on, or stop the review.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep reviewing.
    Continue,
    /// Stop: the review returns [`ReviewError::Cancelled`].
    Stop,
}

/// The review of one seat's play in a whole match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchReview {
    /// Format version ([`MatchReview::VERSION`]).
    pub version: u32,
    /// The seat reviewed.
    pub seat: Seat,
    /// The seed the worlds were drawn from, for the record only: nothing reads it back (reviews
    /// stored before [`SEED`] hold their match's seed). Typed as a number for TypeScript.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub seed: u64,
    /// Worlds sampled per decision.
    pub worlds: u32,
    /// Every hand of the match, in order.
    pub hands: Vec<HandReview>,
    /// Accuracy over every rated decision of the match (0–100, [`accuracy`]); `None` when none was rated.
    pub accuracy: Option<f32>,
}

impl MatchReview {
    /// The review format version this build writes (it reads every earlier one: [`MatchReview::upgrade`]).
    /// 2 added the costs in the player's units; 3, reasons that agree with their marks.
    pub const VERSION: u32 = 3;

    /// Every rated decision of the match.
    pub fn ratings(&self) -> impl Iterator<Item = &Rating> {
        self.hands.iter().flat_map(HandReview::ratings)
    }

    /// The review on today's scale: a review of the first format (stored before the costs in the
    /// player's units) gets them from its stored values ([`Rating`]'s marks and the accuracies
    /// follow); a review stored before reasons agreed with marks keeps a reason against the move only
    /// with an inaccuracy or worse (else what the search measured, or "within the noise"); a review
    /// of this format is returned as it is.
    pub fn upgrade(mut self) -> MatchReview {
        if self.version >= MatchReview::VERSION {
            return self;
        }
        let first = self.version < 2;
        for hand in &mut self.hands {
            for decision in &mut hand.decisions {
                if let Verdict::Rated(rating) = &mut decision.verdict {
                    if first {
                        *rating = rating.clone().upgraded();
                    }
                    if let Some(old) = rating.reason.take() {
                        let (taken, best) = (&rating.taken, &rating.best);
                        let agreed = reason::agreeing(old, taken, best, &rating.cost, rating.mark);
                        rating.reason = Some(agreed);
                    }
                }
            }
            hand.accuracy = accuracy(hand.ratings().map(Rating::clear_loss));
        }
        self.accuracy = accuracy(self.ratings().map(Rating::clear_loss));
        self.version = MatchReview::VERSION;
        self
    }
}

/// The review of one hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HandReview {
    /// The hand's index in the match.
    pub hand: u32,
    /// The seat's decisions, in order.
    pub decisions: Vec<DecisionReview>,
    /// Accuracy over the hand's rated decisions (0–100); `None` when none was rated.
    pub accuracy: Option<f32>,
}

impl HandReview {
    /// The hand's rated decisions.
    pub fn ratings(&self) -> impl Iterator<Item = &Rating> {
        self.decisions.iter().filter_map(|d| match &d.verdict {
            Verdict::Rated(rating) => Some(rating),
            _ => None,
        })
    }
}

/// One decision of the seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DecisionReview {
    /// The action's index in the hand's record (`HandRecord::actions`), for the replay timeline.
    pub index: u32,
    /// The action taken.
    pub action: Action,
    /// What the review says about it.
    pub verdict: Verdict,
}

/// What the review says about one decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Verdict {
    /// Evaluated and marked.
    Rated(Rating),
    /// The only legal action: nothing to rate.
    Forced,
    /// A decision the review does not rate, and why.
    NotReviewed {
        /// Why not.
        reason: NotReviewed,
    },
}

/// A rated decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Rating {
    /// The mark ([`Mark::from_cost`]).
    pub mark: Mark,
    /// What the decision cost against the best action, in win chance and card points.
    #[serde(default)]
    pub cost: Cost,
    /// The loss on the review's scale as measured ([`Cost::loss`]: card points, a percentage point of
    /// win chance weighing two) — what orders decisions, not a number of card points to show.
    pub loss: f32,
    /// The search's noise on that loss, on the same scale.
    pub noise: f32,
    /// The action taken, valued.
    pub taken: ActionValue,
    /// The best action, valued (the taken one when it was best).
    pub best: ActionValue,
    /// Every legal action, valued, in the observation's order.
    pub actions: Vec<ActionValue>,
    /// Why the best action is better; `None` when the taken action was the best.
    pub reason: Option<ReviewReason>,
    /// Habits this decision shows (whatever its mark), for [`habit_stats`].
    pub habits: Vec<Habit>,
}

impl Rating {
    /// The loss on the review's scale beyond the search's noise ([`Cost::clear_loss`]), which the
    /// mark and the accuracy count.
    pub fn clear_loss(&self) -> f32 {
        self.cost.clear_loss()
    }

    /// A rating stored by the first review format, read on today's scale: the cost is read from the
    /// values it kept (the taken and the best action's win chance and points, exact as stored), with
    /// the one noise it kept — on the search's value, where a percentage point of win chance is 2.4
    /// card points — standing for the noise of each unit (an overestimate: the value's noise holds
    /// both), and the mark follows from them.
    fn upgraded(mut self) -> Rating {
        let shown = self.best.points.is_some();
        self.cost = Cost {
            win: (self.best.win_percent - self.taken.win_percent).max(0.0),
            win_noise: self.noise / 2.4,
            points: match (self.best.points, self.taken.points) {
                (Some(b), Some(t)) => Some((b - t).max(0.0)),
                _ => None,
            },
            points_noise: shown.then_some(self.noise),
            of: if shown { WinOf::Hand } else { WinOf::Match },
            at_stake: value::at_stake(&self.actions),
        };
        (self.loss, self.noise) = self.cost.loss();
        self.mark = Mark::from_cost(&self.cost, self.mark == Mark::Best);
        self
    }
}

/// Why a match cannot be reviewed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "id", rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ReviewError {
    /// The record does not replay.
    #[error("the record does not replay: {error}")]
    Record {
        /// Why.
        error: RecordError,
    },
    /// The seat is not at the table.
    #[error("seat {seat} is not at this table of {players} players")]
    Seat {
        /// The seat asked for.
        seat: Seat,
        /// Players at the table.
        players: u8,
    },
    /// The progress callback stopped the review.
    #[error("the review was cancelled")]
    Cancelled,
}

impl Message for ReviewError {
    const KIND: &'static str = "review-error";

    fn examples() -> Vec<ReviewError> {
        vec![
            ReviewError::Record {
                error: RecordError::Version {
                    found: 9,
                    supported: 1,
                },
            },
            ReviewError::Seat {
                seat: 4,
                players: 2,
            },
            ReviewError::Cancelled,
        ]
    }
}

/// Reviews `config.seat`'s decisions in every hand of `record`. `progress` is called before the first
/// decision and after each one; returning [`Flow::Stop`] ends the review with
/// [`ReviewError::Cancelled`]. A record that does not replay, or a seat not at the table, is an error.
pub fn review_match(
    record: &MatchRecord,
    config: &ReviewConfig,
    mut progress: impl FnMut(Progress) -> Flow,
) -> Result<MatchReview, ReviewError> {
    record
        .replay()
        .map_err(|error| ReviewError::Record { error })?;
    let players = record.ruleset.players;
    if config.seat >= players {
        return Err(ReviewError::Seat {
            seat: config.seat,
            players,
        });
    }
    let turns = turns(record, config.seat)?;
    let total = turns.len() as u32;
    let mut hands: Vec<HandReview> = (0..record.hands.len() as u32)
        .map(|hand| HandReview {
            hand,
            decisions: Vec::new(),
            accuracy: None,
        })
        .collect();
    for (done, turn) in turns.iter().enumerate() {
        if progress(Progress {
            done: done as u32,
            total,
        }) == Flow::Stop
        {
            return Err(ReviewError::Cancelled);
        }
        let verdict = if turn.played_for {
            // The table made this move for the person (time ran out, or an AI stood in): not theirs.
            Verdict::NotReviewed {
                reason: NotReviewed::PlayedFor,
            }
        } else {
            let seed = decision_seed(config.seed, turn.hand, turn.moves);
            review_decision(&turn.obs, turn.action, turn.stakes, seed, config.worlds)
        };
        if let Some(hand) = hands.get_mut(turn.hand as usize) {
            hand.decisions.push(DecisionReview {
                index: turn.index,
                action: turn.action,
                verdict,
            });
        }
    }
    if progress(Progress { done: total, total }) == Flow::Stop {
        return Err(ReviewError::Cancelled);
    }
    for hand in &mut hands {
        hand.accuracy = accuracy(hand.ratings().map(Rating::clear_loss));
    }
    let accuracy = accuracy(
        hands
            .iter()
            .flat_map(HandReview::ratings)
            .map(Rating::clear_loss),
    );
    Ok(MatchReview {
        version: MatchReview::VERSION,
        seat: config.seat,
        seed: config.seed,
        worlds: config.worlds,
        hands,
        accuracy,
    })
}

/// The seed [`review_match`] reviewing with `seed` gives [`review_decision`] for the action at
/// `index` of hand `hand` (both from 0; `index` counts the hand's moves before it, as
/// [`Observation::hand_actions`] does, señas left out), so one
/// decision can be reviewed again alone, or hinted, with the same result.
pub fn decision_seed(seed: u64, hand: u32, index: u32) -> u64 {
    Rng::derive_seed(seed, u64::from(hand) << 32 | u64::from(index))
}

/// One of the seat's turns in a match: where it is, what the seat saw and did, what the hand was worth.
struct Turn {
    hand: u32,
    /// The action's index in the hand's record.
    index: u32,
    /// Moves before it in the hand (the record's actions less the señas): its decision seed's index.
    moves: u32,
    obs: Observation,
    action: Action,
    stakes: Stakes,
    /// The table made the move for the person at the seat (`HandRecord::played_for`).
    played_for: bool,
}

/// Every turn of `seat` in a record that replays.
fn turns(record: &MatchRecord, seat: Seat) -> Result<Vec<Turn>, ReviewError> {
    let replay_error = |hand: usize| {
        move |error| ReviewError::Record {
            error: RecordError::Match { hand, error },
        }
    };
    let mut m = Match::from_record_start(record).map_err(replay_error(0))?;
    let mut turns = Vec::new();
    for (hand, hand_record) in record.hands.iter().enumerate() {
        if hand > 0 {
            m.next_hand_with(hand_record).map_err(replay_error(hand))?;
        }
        let stakes = m.stakes();
        let mut moves = 0;
        for (index, &action) in hand_record.actions.iter().enumerate() {
            let game = m.game();
            // A seña is not a move to rate: the card played after it is.
            let is_move = !matches!(action, Action::Signal(_));
            if is_move && game.phase() != Phase::Finished && game.to_move() == seat {
                turns.push(Turn {
                    hand: hand as u32,
                    index: index as u32,
                    moves,
                    obs: game.observation(seat),
                    action,
                    stakes,
                    played_for: hand_record.is_played_for(index),
                });
            }
            moves += u32::from(is_move);
            m.apply(action).map_err(replay_error(hand))?;
        }
    }
    Ok(turns)
}

/// Values this close (in the search's value) are the same: the rounding of the weighted means.
const SAME_VALUE: f32 = 0.05;

/// Reviews one decision: `taken` by the observing seat of `obs` (which must be to move), in a hand
/// worth `stakes` in its match, with `worlds` worlds drawn from `seed`. Uses nothing but the
/// observation, so two deals that look the same to the seat get the same verdict.
pub fn review_decision(
    obs: &Observation,
    taken: Action,
    stakes: Stakes,
    seed: u64,
    worlds: u32,
) -> Verdict {
    let legal = &obs.legal_actions;
    if !legal.contains(&taken) {
        return Verdict::NotReviewed {
            reason: NotReviewed::NotLegal { action: taken },
        };
    }
    if legal.len() <= 1 {
        return Verdict::Forced;
    }
    let Evaluation {
        per_world,
        actions,
        scores,
        ..
    } = evaluate(obs, Some(taken), stakes, seed, worlds);
    let Some(taken_at) = actions.iter().position(|a| a.action == taken) else {
        return Verdict::NotReviewed {
            reason: NotReviewed::NotLegal { action: taken },
        };
    };
    let best_at = value::best(&scores, taken_at);
    let is_best = scores[best_at] - scores[taken_at] <= SAME_VALUE;
    let cost = value::cost(&per_world, &actions, best_at, taken_at, stakes);
    let mark = Mark::from_cost(&cost, is_best);
    let (loss, noise) = cost.loss();
    let habits = habit::detect(obs, taken);
    let reason = (mark != Mark::Best).then(|| {
        let (taken, best) = (&actions[taken_at], &actions[best_at]);
        reason::explain(obs, taken, best, &cost, mark, &habits)
    });
    Verdict::Rated(Rating {
        mark,
        cost,
        loss,
        noise,
        taken: actions[taken_at].clone(),
        best: actions[best_at].clone(),
        actions,
        reason,
        habits,
    })
}

/// The actions of a decision, valued by Hard's search in the same worlds: what the review rates a
/// decision by and what a hint ([`hint`]) chooses and quotes from. In play, every legal action; in
/// the auction and the call, the actions Hard's auction search compares ([`auction`]).
struct Evaluation {
    /// Each world's value of each action.
    per_world: Vec<hard::WorldValues>,
    /// Each action, valued, in the observation's order.
    actions: Vec<ActionValue>,
    /// In the auction and the call, each action's line (a bid's call with it); empty in play.
    lines: Vec<hard::auction::Line>,
    /// What ranks the actions ([`value::means`], by the outcome alone where mano negra may be shown:
    /// [`value::outcome_only`]).
    scores: Vec<f32>,
}

/// Where the noise hides a mark, the worlds sampled go up to this many times the budget's.
pub const MORE_WORLDS: u32 = 8;

/// Values the actions of `obs` in `worlds` worlds drawn from `seed`, at `stakes`: in the auction
/// and the call, those [`auction::evaluate`] compares (with `taken`); in play, every legal action,
/// and in more worlds, another `worlds` at a time up to [`MORE_WORLDS`] times as many, while the
/// noise hides a mark: while some action's loss, as measured, is an inaccuracy or worse but within
/// the noise it would be marked good. Whether to draw more looks at every action, not at the one
/// taken, so the evaluation is the position's and its seed's alone (a hint and a review of the
/// decision get the same). Exact endgames (fewer worlds than asked: card counting left few) are
/// never extended.
fn evaluate(
    obs: &Observation,
    taken: Option<Action>,
    stakes: Stakes,
    seed: u64,
    worlds: u32,
) -> Evaluation {
    if matches!(obs.phase, Phase::Bidding | Phase::Calling) {
        return auction::evaluate(obs, taken, stakes, seed, worlds);
    }
    let legal = &obs.legal_actions;
    let mut rng = Rng::new(seed);
    let first = hard::action_values(obs, legal, &mut rng, worlds, stakes);
    let mut evaluation = valued(legal, stakes, first, Vec::new());
    let batch = worlds.max(1) as usize;
    let most = batch.saturating_mul(MORE_WORLDS as usize);
    let sampled = evaluation.per_world.len() == batch;
    while sampled && evaluation.per_world.len() < most && evaluation.hides_a_mark(stakes) {
        let mut per_world = evaluation.per_world;
        per_world.extend(hard::action_values(obs, legal, &mut rng, worlds, stakes));
        evaluation = valued(legal, stakes, per_world, Vec::new());
    }
    evaluation
}

/// `actions` valued over `per_world`, with their `lines` (auction decisions only).
fn valued(
    actions: &[Action],
    stakes: Stakes,
    per_world: Vec<hard::WorldValues>,
    lines: Vec<hard::auction::Line>,
) -> Evaluation {
    let summary = value::summarize(actions, &per_world, stakes);
    let outcome_only = value::outcome_only(actions, &per_world, stakes);
    let ranked = outcome_only.as_deref().unwrap_or(&per_world);
    let scores = value::means(actions.len(), ranked);
    Evaluation {
        per_world,
        actions: summary,
        scores,
        lines,
    }
}

impl Evaluation {
    /// Whether some action's loss against the best, as measured, is an inaccuracy or worse while
    /// the noise would mark it good.
    fn hides_a_mark(&self, stakes: Stakes) -> bool {
        let best = value::best(&self.scores, usize::MAX);
        (0..self.actions.len()).filter(|&i| i != best).any(|i| {
            let cost = value::cost(&self.per_world, &self.actions, best, i, stakes);
            cost.loss().0 >= Mark::INACCURACY_FROM && cost.clear_loss() < Mark::INACCURACY_FROM
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_deal::{every_preset, random_positions};
    use crate::message::assert_examples_cover;

    /// Generated decisions with a choice, in play (the auction is not rated), each with a seed.
    fn decisions(games: u64, seed: u64) -> Vec<(Observation, u64)> {
        random_positions(&every_preset(), games, seed)
            .into_iter()
            .map(|(_, obs)| obs)
            .filter(|obs| obs.phase == Phase::Playing && obs.legal_actions.len() > 1)
            .enumerate()
            .map(|(i, obs)| (obs, i as u64))
            .collect()
    }

    #[test]
    fn a_mark_and_its_reason_always_agree() {
        // Every legal action of generated decisions, reviewed: the best has no reason; a loss
        // inside the noise gets only "within the noise"; a reason against the move (anything but
        // what the search measured) comes with an inaccuracy or worse.
        let (mut rated, mut against) = (0, 0);
        for (obs, seed) in decisions(2, 21) {
            for &taken in &obs.legal_actions {
                let Verdict::Rated(r) = review_decision(&obs, taken, Stakes::SINGLE_HAND, seed, 12)
                else {
                    continue;
                };
                rated += 1;
                let why = format!("{taken} in {obs:?}: {r:?}");
                match &r.reason {
                    None => assert_eq!(r.mark, Mark::Best, "{why}"),
                    Some(reason) => {
                        assert_ne!(r.mark, Mark::Best, "{why}");
                        if r.clear_loss() <= 0.0 {
                            assert!(matches!(reason, ReviewReason::Slightly { .. }), "{why}");
                        }
                        if !reason.is_measured() {
                            against += 1;
                            assert!(r.mark >= Mark::Inaccuracy, "{why}");
                        }
                    }
                }
            }
        }
        eprintln!("{rated} rated decisions, {against} reasons against the move");
        assert!(rated >= 1000 && against >= 100, "{rated} {against}");
    }

    #[test]
    fn the_hint_and_the_review_give_one_number_for_the_same_card() {
        // The hint at a decision's review seed names the card the review marks best if played, and
        // quotes the review's own win chance for it, whichever card is then reviewed.
        let mut quoted = 0;
        for (obs, seed) in decisions(1, 22) {
            let hint = hint(&obs, Stakes::SINGLE_HAND, seed, 12);
            let crate::ai::HintReason::SearchedWins { win_percent, .. } = hint.hint else {
                continue;
            };
            quoted += 1;
            for &taken in &obs.legal_actions {
                let Verdict::Rated(r) = review_decision(&obs, taken, Stakes::SINGLE_HAND, seed, 12)
                else {
                    panic!("{taken} not rated in {obs:?}");
                };
                let figure = r.actions.iter().find(|v| v.action == hint.action);
                let figure = figure.map(|v| v.win_percent.round() as u8);
                assert_eq!(figure, Some(win_percent), "{taken} in {obs:?}");
                if taken == hint.action {
                    assert_eq!(r.mark, Mark::Best, "{obs:?}");
                }
            }
        }
        eprintln!("{quoted} hints quoting a figure, each checked against every card's review");
        assert!(quoted >= 300, "{quoted}");
    }

    #[test]
    fn moves_the_table_made_for_the_seat_are_not_rated_nor_counted() {
        // A two-player hand where the timer played seat 0's second and third decisions.
        let rules = crate::Ruleset::preset(crate::Preset::Briscola, 2).expect("preset");
        let mut m = crate::SeatedMatch::new(rules, crate::MatchFormat::SingleHand, 1, 3, 9)
            .expect("a match");
        let mut own = 0;
        while let Some(seat) = m.to_move() {
            let request = m
                .request(seat, super::super::Level::Easy)
                .expect("a request");
            let action = request.decide().action;
            if seat == 0 && (own == 1 || own == 2) {
                m.play_for(seat, action).expect("legal");
            } else {
                m.play(seat, action).expect("legal");
            }
            own += usize::from(seat == 0);
        }
        let marked = m.game().record();
        let config = ReviewConfig {
            worlds: 4,
            ..ReviewConfig::new(0)
        };
        let review = review_match(&marked, &config, |_| Flow::Continue).expect("reviews");
        let decisions = &review.hands[0].decisions;
        let played_for: Vec<u32> = decisions
            .iter()
            .filter(|d| {
                d.verdict
                    == Verdict::NotReviewed {
                        reason: NotReviewed::PlayedFor,
                    }
            })
            .map(|d| d.index)
            .collect();
        assert_eq!(played_for, marked.hands[0].played_for);
        assert_eq!(played_for.len(), 2);
        // The same moves as the seat's own: rated, and the accuracy counts them.
        let mut unmarked = marked.clone();
        unmarked.hands[0].played_for.clear();
        let full = review_match(&unmarked, &config, |_| Flow::Continue).expect("reviews");
        assert_eq!(full.ratings().count(), review.ratings().count() + 2);
        let kept = full.hands[0]
            .decisions
            .iter()
            .filter(|d| !played_for.contains(&d.index))
            .filter_map(|d| match &d.verdict {
                Verdict::Rated(r) => Some(r.clear_loss()),
                _ => None,
            });
        assert_eq!(review.accuracy, accuracy(kept));
    }

    #[test]
    fn examples_cover_every_review_error() {
        assert_examples_cover::<ReviewError>(
            |m| match m {
                ReviewError::Record { .. } => 0,
                ReviewError::Seat { .. } => 1,
                ReviewError::Cancelled => 2,
            },
            3,
        );
    }
}
