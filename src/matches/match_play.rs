//! [`Match`]: several hands under one [`MatchFormat`], with the dealer rotating every hand.
//!
//! The match owns the current [`Game`], records every hand as it is played (deal order and actions, so
//! the whole match replays), keeps the standing per match side, and decides when the match is over. A
//! finished hand waits for [`Match::next_hand`], so a user interface can show the hand's summary first.
//! Deals come from the match seed: hand `i` is dealt with [`Rng::derive_seed`]`(seed, i)`.

use serde::{Deserialize, Serialize};

use super::match_error::MatchError;
use super::record::{HandRecord, MatchRecord};
use crate::game::{Action, Deal, Game, HandOutcome, HandResult, Phase, Seat};
use crate::{MAX_PLAYERS, Rng, Ruleset, TrumpRule};

/// How a match is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum MatchFormat {
    /// One hand (a void hand is dealt again).
    SingleHand,
    /// The first side to win more than half of `hands` hands ("al mejor de 3 o 5", Briscola text).
    BestOf {
        /// 3, 5, …
        hands: u8,
    },
    /// The first side to win `hands` hands.
    FirstTo {
        /// Hands to win.
        hands: u8,
    },
    /// Game points to a target (Pennycook in the Briscola text: 1 for 61+, 2 for 91+, 3 for all 120, game
    /// to 12; three players: 1 each to the two over 40, 2 to a lone one over 40). In chiamata: declarer
    /// ±2, partner ±1, others ∓1 (alone ±4 / ∓1), doubled for cappotto, game to 10–20.
    GamePoints {
        /// Points to reach.
        target: u8,
    },
    /// Card points added up over hands, to 121 or 151 (Briscola text, four players and Briscolone).
    CardPoints {
        /// Card points to reach.
        target: u16,
    },
}

impl MatchFormat {
    /// The usual format of a ruleset: card points to 121 for Briscolone, game points to 12 for chiamata,
    /// one hand otherwise.
    pub fn usual(rules: &Ruleset) -> MatchFormat {
        match rules.preset {
            crate::Preset::Briscolone => MatchFormat::CardPoints { target: 121 },
            crate::Preset::Chiamata => MatchFormat::GamePoints { target: 12 },
            _ => MatchFormat::SingleHand,
        }
    }

    /// Checks that the format can be played (best of an odd number, positive targets).
    pub fn validate(&self) -> Result<(), MatchError> {
        let ok = match *self {
            MatchFormat::SingleHand => true,
            MatchFormat::BestOf { hands } => hands % 2 == 1,
            MatchFormat::FirstTo { hands } => hands >= 1,
            MatchFormat::GamePoints { target } => target >= 1,
            MatchFormat::CardPoints { target } => target >= 1,
        };
        if ok {
            Ok(())
        } else {
            Err(MatchError::Format { format: *self })
        }
    }
}

/// The score so far, per match side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchStanding {
    /// Match sides as seat lists (fixed partnerships, or one seat each).
    pub sides: Vec<Vec<Seat>>,
    /// Each side's score in the format's unit (hands won, game points or card points).
    pub scores: Vec<i32>,
    /// Hands counted so far (void hands excluded).
    pub hands_played: u32,
}

/// How the match ended.
///
/// Serialized as `{"winners": [..]}`; the older `{"winner": n | null}` (one side or a draw), as saved
/// matches hold it, still reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchOutcome {
    /// Indexes of the winning sides in [`MatchStanding::sides`], in order: one side, or — chiamata,
    /// whose match sides are single seats — every seat of the hand side that won the deciding hand
    /// (the declarer and partner, or the defenders); empty for a drawn single hand.
    pub winners: Vec<u8>,
}

impl MatchOutcome {
    /// The one side that won, if exactly one did.
    pub fn sole_winner(&self) -> Option<u8> {
        match self.winners.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// Whether match side `side` is among the winners.
    pub fn is_won_by(&self, side: usize) -> bool {
        self.winners.iter().any(|&w| usize::from(w) == side)
    }

    /// Whether nobody won (a drawn single hand).
    pub fn is_draw(&self) -> bool {
        self.winners.is_empty()
    }
}

impl<'de> Deserialize<'de> for MatchOutcome {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// Both shapes: `winners` (now) or `winner` (matches saved before chiamata's shared wins).
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Wire {
            winners: Option<Vec<u8>>,
            /// Present (`Some`) even when it is `null`, a draw.
            #[serde(default, deserialize_with = "present")]
            winner: Option<Option<u8>>,
        }
        fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<u8>>, D::Error> {
            Option::<u8>::deserialize(d).map(Some)
        }
        let wire = Wire::deserialize(deserializer)?;
        match (wire.winners, wire.winner) {
            (Some(winners), None) => Ok(MatchOutcome { winners }),
            (None, Some(winner)) => Ok(MatchOutcome {
                winners: winner.into_iter().collect(),
            }),
            _ => Err(serde::de::Error::custom(
                "a match outcome has either `winners` or `winner`",
            )),
        }
    }
}

/// What the hand in play is worth in its match, for an AI: the format, the match sides and their scores
/// before the hand. `Copy`, so it travels in an agent's configuration; the default is a single hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stakes {
    format: MatchFormat,
    /// The seats of each match side, as bit masks.
    sides: [u8; MAX_PLAYERS],
    /// Each side's score before this hand.
    scores: [i32; MAX_PLAYERS],
    n_sides: u8,
}

impl Default for Stakes {
    fn default() -> Stakes {
        Stakes::SINGLE_HAND
    }
}

impl Stakes {
    /// A hand played for itself.
    pub const SINGLE_HAND: Stakes = Stakes {
        format: MatchFormat::SingleHand,
        sides: [0; MAX_PLAYERS],
        scores: [0; MAX_PLAYERS],
        n_sides: 0,
    };

    /// What a hand is worth in a match of `format` standing at `standing` (its sides and scores
    /// before the hand).
    pub fn of(format: MatchFormat, standing: &MatchStanding) -> Stakes {
        let mut stakes = Stakes {
            format,
            ..Stakes::SINGLE_HAND
        };
        let sides = standing.sides.iter().zip(&standing.scores);
        for (i, (side, &score)) in sides.take(MAX_PLAYERS).enumerate() {
            stakes.sides[i] = side.iter().fold(0, |mask, &seat| mask | 1 << seat);
            stakes.scores[i] = score;
            stakes.n_sides += 1;
        }
        stakes
    }

    /// The match format.
    pub fn format(&self) -> MatchFormat {
        self.format
    }

    /// The match side `seat` belongs to.
    pub fn side_of(&self, seat: Seat) -> Option<usize> {
        self.sides[..usize::from(self.n_sides)]
            .iter()
            .position(|&mask| mask & 1 << seat != 0)
    }

    /// Each side's score once a hand ends with `result` (played under `rules`), and the side that has
    /// then won the match, if any.
    pub fn after(&self, rules: &Ruleset, result: &HandResult) -> (Vec<i32>, Option<usize>) {
        let n = usize::from(self.n_sides);
        let mut scores = hand_scores(self.format, rules, n, |seat| self.side_of(seat), result);
        for (score, before) in scores.iter_mut().zip(&self.scores) {
            *score += before;
        }
        let winner = decide(self.format, &scores)
            .and_then(|o| o.sole_winner())
            .map(usize::from);
        (scores, winner)
    }
}

/// A match in progress. See the module docs.
#[derive(Clone, Debug)]
pub struct Match {
    rules: Ruleset,
    format: MatchFormat,
    seed: u64,
    first_dealer: Seat,
    game: Game,
    hands: Vec<HandRecord>,
    standing: MatchStanding,
    outcome: Option<MatchOutcome>,
}

impl Match {
    /// Starts a match and deals its first hand.
    pub fn new(
        rules: Ruleset,
        format: MatchFormat,
        first_dealer: Seat,
        seed: u64,
    ) -> Result<Match, MatchError> {
        format.validate()?;
        let order = Game::seed_order(&rules, Rng::derive_seed(seed, 0));
        let game = Game::new(rules, first_dealer, &Deal::Order(order.clone()))?;
        let sides: Vec<Vec<Seat>> = if rules.fixed_team(0).is_some() {
            (0..2)
                .map(|t| (0..rules.players).filter(|s| s % 2 == t).collect())
                .collect()
        } else {
            (0..rules.players).map(|s| vec![s]).collect()
        };
        let scores = vec![0; sides.len()];
        Ok(Match {
            rules,
            format,
            seed,
            first_dealer,
            game,
            hands: vec![HandRecord {
                dealer: first_dealer,
                deal: order,
                actions: Vec::new(),
                played_for: Vec::new(),
            }],
            standing: MatchStanding {
                sides,
                scores,
                hands_played: 0,
            },
            outcome: None,
        })
    }

    /// The rules.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// The format.
    pub fn format(&self) -> MatchFormat {
        self.format
    }

    /// The hand being played (or just finished).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The standing.
    pub fn standing(&self) -> &MatchStanding {
        &self.standing
    }

    /// The outcome, once the match is over.
    pub fn outcome(&self) -> Option<&MatchOutcome> {
        self.outcome.as_ref()
    }

    /// What the hand in play is worth in this match (for the AI).
    pub fn stakes(&self) -> Stakes {
        Stakes::of(self.format, &self.standing)
    }

    /// The current hand's number, counting from 1 (void hands dealt again included), without
    /// copying the record.
    pub fn hand_number(&self) -> u32 {
        self.hands.len() as u32
    }

    /// The seed the match's hands are dealt from (the record's `seed`).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Moves taken so far in the hand in play: its record's actions less the señas, which not every
    /// seat sees — the number every seat's [`crate::Observation::hand_actions`] gives.
    pub fn hand_actions(&self) -> u32 {
        self.hands.last().map_or(0, |hand| {
            hand.actions
                .iter()
                .filter(|a| !matches!(a, Action::Signal(_)))
                .count() as u32
        })
    }

    /// Whether the current hand is over and the match goes on ([`Match::next_hand`] deals).
    pub fn awaiting_next_hand(&self) -> bool {
        self.game.phase() == Phase::Finished && self.outcome.is_none()
    }

    /// Starts replaying a record: its first hand as recorded.
    pub(crate) fn from_record_start(record: &MatchRecord) -> Result<Match, MatchError> {
        let first = record.hands.first().ok_or(MatchError::NoHands)?;
        if first.dealer != record.first_dealer {
            return Err(MatchError::FirstDealer {
                dealer: first.dealer,
                first_dealer: record.first_dealer,
            });
        }
        let mut m = Match::new(
            record.ruleset,
            record.format,
            record.first_dealer,
            record.seed,
        )?;
        m.game = Game::new(
            record.ruleset,
            first.dealer,
            &Deal::Order(first.deal.clone()),
        )?;
        m.hands = vec![HandRecord {
            dealer: first.dealer,
            deal: first.deal.clone(),
            actions: Vec::new(),
            played_for: Vec::new(),
        }];
        Ok(m)
    }

    /// Replaying: deals the next hand as recorded (the dealer must be the one in turn).
    pub(crate) fn next_hand_with(&mut self, hand: &HandRecord) -> Result<(), MatchError> {
        if !self.awaiting_next_hand() {
            return Err(MatchError::HandAfterEnd);
        }
        let dealer = (self.game.dealer() + 1) % self.rules.players;
        if hand.dealer != dealer {
            return Err(MatchError::DealerOutOfTurn {
                dealer: hand.dealer,
                expected: dealer,
            });
        }
        self.game = Game::new(self.rules, dealer, &Deal::Order(hand.deal.clone()))?;
        self.hands.push(HandRecord {
            dealer,
            deal: hand.deal.clone(),
            actions: Vec::new(),
            played_for: Vec::new(),
        });
        Ok(())
    }

    /// Applies an action to the current hand; when it ends the hand, scores it.
    pub fn apply(&mut self, action: Action) -> Result<(), MatchError> {
        self.apply_marked(action, false)
    }

    /// Applies an action, marked in the record as made by the table for a person
    /// (`HandRecord::played_for`) when `played_for` is set.
    pub(crate) fn apply_marked(
        &mut self,
        action: Action,
        played_for: bool,
    ) -> Result<(), MatchError> {
        self.game.apply(action)?;
        if let Some(hand) = self.hands.last_mut() {
            if played_for {
                hand.played_for.push(hand.actions.len() as u32);
            }
            hand.actions.push(action);
        }
        if let Some(result) = self.game.result() {
            self.score_hand(&result);
        }
        Ok(())
    }

    /// Deals the next hand, the dealer moving one seat on.
    pub fn next_hand(&mut self) -> Result<(), MatchError> {
        if !self.awaiting_next_hand() {
            return Err(MatchError::NextHandNotNow);
        }
        let dealer = (self.game.dealer() + 1) % self.rules.players;
        let index = self.hands.len() as u64;
        let order = Game::seed_order(&self.rules, Rng::derive_seed(self.seed, index));
        self.game = Game::new(self.rules, dealer, &Deal::Order(order.clone()))?;
        self.hands.push(HandRecord {
            dealer,
            deal: order,
            actions: Vec::new(),
            played_for: Vec::new(),
        });
        Ok(())
    }

    /// The replayable record of everything played so far.
    pub fn record(&self) -> MatchRecord {
        MatchRecord {
            version: MatchRecord::VERSION,
            ruleset: self.rules,
            format: self.format,
            seed: self.seed,
            first_dealer: self.first_dealer,
            hands: self.hands.clone(),
        }
    }

    /// What each match side scores for a hand under this format.
    fn hand_scores(&self, result: &HandResult) -> Vec<i32> {
        let sides = &self.standing.sides;
        hand_scores(
            self.format,
            &self.rules,
            sides.len(),
            |seat| sides.iter().position(|s| s.contains(&seat)),
            result,
        )
    }

    fn score_hand(&mut self, result: &HandResult) {
        if result.outcome == HandOutcome::Void {
            // A void hand does not count; the format decides nothing. Deal again.
            return;
        }
        let scores = self.hand_scores(result);
        for (total, add) in self.standing.scores.iter_mut().zip(scores) {
            *total += add;
        }
        self.standing.hands_played += 1;
        self.outcome = self.decide();
    }

    /// The winner, if the match is decided.
    fn decide(&self) -> Option<MatchOutcome> {
        decide(self.format, &self.standing.scores)
    }
}

/// What each of `n_sides` match sides scores for a hand under `format`; `seat_side` maps a seat to its
/// side.
fn hand_scores(
    format: MatchFormat,
    rules: &Ruleset,
    n_sides: usize,
    seat_side: impl Fn(Seat) -> Option<usize>,
    result: &HandResult,
) -> Vec<i32> {
    let mut scores = vec![0i32; n_sides];
    let winners: Vec<Seat> = result.winners().map(<[Seat]>::to_vec).unwrap_or_default();
    match format {
        MatchFormat::SingleHand | MatchFormat::BestOf { .. } | MatchFormat::FirstTo { .. } => {
            for side in winners.iter().filter_map(|&s| seat_side(s)) {
                scores[side] = 1;
            }
        }
        MatchFormat::CardPoints { .. } => {
            for (seat, &points) in result.seat_points.iter().enumerate() {
                if let Some(side) = seat_side(seat as Seat) {
                    scores[side] += i32::from(points);
                }
            }
        }
        MatchFormat::GamePoints { .. } => {
            if let Some(c) = result.chiamata {
                let sign = if c.made { 1 } else { -1 };
                let double = if c.cappotto { 2 } else { 1 };
                let alone = c.partner == c.declarer;
                for seat in 0..rules.players {
                    let points = if seat == c.declarer {
                        if alone { 4 } else { 2 }
                    } else if seat == c.partner {
                        1
                    } else {
                        -1
                    };
                    if let Some(side) = seat_side(seat) {
                        scores[side] = sign * points * double;
                    }
                }
            } else if n_sides == 3 && rules.trump != TrumpRule::Called {
                // Three players: over 40 points scores (Pennycook, Briscola text).
                let over: Vec<usize> = (0..3).filter(|&i| result.side_points[i] > 40).collect();
                for &i in &over {
                    scores[i] = match (result.side_points[i], over.len()) {
                        (120, _) => 3,
                        (_, 1) => 2,
                        _ => 1,
                    };
                }
            } else if let Some(side) = winners.first().and_then(|&s| seat_side(s)) {
                let points = result.side_points[result.side_of(winners[0]).unwrap_or(0)];
                let total = rules.total_points();
                scores[side] = if result.end != crate::HandEnd::AllCardsPlayed {
                    1
                } else if points == total {
                    3
                } else if points >= 91 {
                    2
                } else {
                    1
                };
            }
        }
    }
    scores
}

/// The winner under `format` with these side scores, if the match is decided: a unique leader who has
/// reached the goal. A single hand is always decided: its winners are every side that scored (one, or
/// in chiamata the seats of the hand side that won), nobody for a draw.
fn decide(format: MatchFormat, scores: &[i32]) -> Option<MatchOutcome> {
    let top = *scores.iter().max()?;
    let leaders: Vec<usize> = (0..scores.len()).filter(|&i| scores[i] == top).collect();
    let reached = match format {
        MatchFormat::SingleHand => true,
        MatchFormat::BestOf { hands } => top > i32::from(hands / 2),
        MatchFormat::FirstTo { hands } => top >= i32::from(hands),
        MatchFormat::GamePoints { target } => top >= i32::from(target),
        MatchFormat::CardPoints { target } => top >= i32::from(target),
    };
    let sides = |list: &[usize]| MatchOutcome {
        winners: list.iter().map(|&i| i as u8).collect(),
    };
    match leaders.as_slice() {
        _ if format == MatchFormat::SingleHand => Some(sides(if top > 0 { &leaders } else { &[] })),
        [_] if reached => Some(sides(&leaders)),
        _ => None,
    }
}
