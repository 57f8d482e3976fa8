//! Exact search of one fully known world: alpha-beta over the remaining card plays.
//!
//! Used once the hidden part of a hand is small: Medium and Hard solve the end of the hand in each
//! world consistent with their observation, Hard's playouts finish with it. The value of a finished
//! hand is [`Objective::utility`]: the outcome for the searching seat's side (win, draw, loss
//! weighted by [`WIN_WEIGHT`], or by the lighter weight Hard decides with) plus its card points.
//! Each value comes as a [`Score`] that also says whether that side wins the hand on the line of
//! play giving it, so Hard can quote the share of deals its card wins. Other seats are assumed to
//! play against that side (the "paranoid" assumption when everyone plays alone). A transposition table
//! ([`Table`]) keeps what is known of each position already searched in the world; the moves are
//! always tried in the same order, so the values and the reported lines are exactly those of plain
//! alpha-beta (the test against `solver/oracle.rs` checks it). Deliberately absent: card merging and move
//! reordering by the table, which would change which of equally good lines is reported.

use std::time::Instant;

use super::tally::{Quote, Tally};
use super::transposition::Table;
use crate::{
    Card, CardSet, Game, HandOutcome, HandResult, MatchFormat, Phase, Seat, Stakes, TrumpRule,
};

/// How much each step of a hand's outcome (loss, draw, win) is worth against card points: the outcome
/// decides, points break ties (Hard decides with a lighter weight, [`Objective::weighing_wins`]).
pub(crate) const WIN_WEIGHT: i32 = 120;
/// How much deciding the match is worth against everything else a hand brings.
pub(crate) const MATCH_WEIGHT: i32 = 120 * WIN_WEIGHT;

/// A position's value, and whether the searching side wins the hand on the line of play that gives it
/// (the line both sides' best play leads to, in exact search; the line played out, in a playout).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Score {
    /// [`Objective::utility`] at the end of that line.
    pub value: i32,
    /// The searching seat's side wins the hand there.
    pub won: bool,
}

/// Every legal card of the seat to move in `world` (a fully known game) with its exact value for
/// `seat`'s side of a single hand ([`Objective::utility`]), searched with no node budget, and the
/// nodes the search took.
pub fn exact_card_values(world: &Game, seat: Seat) -> (Vec<(Card, i32)>, u64) {
    let obj = Objective::new(world, seat, Stakes::SINGLE_HAND);
    let mut solver = Solver::new(u64::MAX);
    // No node budget: the search always completes.
    let values = solver.card_values(world, &obj).unwrap_or_default();
    let values = values.into_iter().map(|(card, score)| (card, score.value));
    (values.collect(), solver.nodes())
}

/// What the searching seat's side wants from the hand.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Objective {
    /// Seats on the searching side.
    side: u8,
    /// Every seat at the table.
    all: u8,
    /// The searching seat.
    seat: Seat,
    /// What the hand is worth in its match.
    stakes: Stakes,
    /// What winning the hand is worth against its card points, where hands won decide the match
    /// ([`WIN_WEIGHT`] unless [`Objective::weighing_wins`] says otherwise).
    win_weight: i32,
}

impl Objective {
    /// The objective of `seat` in a (sampled) game: its fixed team, its chiamata side as that world
    /// deals it, or itself alone; the hand valued at the match's `stakes`.
    pub fn new(game: &Game, seat: Seat, stakes: Stakes) -> Objective {
        let rules = game.rules();
        let all = ((1u16 << rules.players) - 1) as u8;
        let side = if rules.fixed_team(0).is_some() {
            (0..rules.players)
                .filter(|&s| rules.fixed_team(s) == rules.fixed_team(seat))
                .fold(0u8, |acc, s| acc | 1 << s)
        } else if let (TrumpRule::Called, Some(d), Some(p)) =
            (rules.trump, game.declarer(), game.partner())
        {
            let team = 1u8 << d | 1u8 << p;
            if team & 1 << seat != 0 {
                team
            } else {
                all & !team
            }
        } else {
            1 << seat
        };
        Objective {
            side,
            all,
            seat,
            stakes,
            win_weight: WIN_WEIGHT,
        }
    }

    /// The same objective with a hand's outcome (loss, draw, win) weighted `win_weight` card points a
    /// step instead of [`WIN_WEIGHT`], where hands won decide the match: Hard decides with a lighter
    /// weight than the review reads back (docs/ai.md, "Hard").
    pub fn weighing_wins(self, win_weight: i32) -> Objective {
        Objective { win_weight, ..self }
    }

    /// Whether `seat` plays for this side.
    pub fn is_ours(&self, seat: Seat) -> bool {
        self.side & 1 << seat != 0
    }

    /// Card points of this side so far.
    pub fn points(&self, game: &Game) -> i32 {
        (0..8u8)
            .filter(|&s| self.side & self.all & 1 << s != 0)
            .map(|s| i32::from(game.pile_points(s)))
            .sum()
    }

    /// The utility of `game` and whether this side has won the hand in it.
    pub fn score(&self, game: &Game) -> Score {
        let won = game.result().is_some_and(|result| match result.outcome {
            HandOutcome::Won { side } => result.side_of(self.seat) == Some(usize::from(side)),
            _ => false,
        });
        Score {
            value: self.utility(game),
            won,
        }
    }

    /// Whether the share of won hands means something at these stakes: not in a card-points match,
    /// where a hand is not won or lost, only its points count.
    pub fn quotes_wins(stakes: Stakes) -> bool {
        !matches!(stakes.format(), MatchFormat::CardPoints { .. })
    }

    /// The value of a finished hand (of any position: the outcome term is only counted once the hand
    /// is over).
    pub fn utility(&self, game: &Game) -> i32 {
        let points = self.points(game);
        let Some(result) = game.result() else {
            return points;
        };
        match self.stakes.format() {
            MatchFormat::GamePoints { .. } | MatchFormat::CardPoints { .. } => {
                self.match_utility(game, &result, points)
            }
            _ => self.hand_utility(&result, points),
        }
    }

    /// Hands won count (single hand, best of, first to): the outcome, then the points.
    fn hand_utility(&self, result: &HandResult, points: i32) -> i32 {
        let class = match (result.outcome, result.side_of(self.seat)) {
            (HandOutcome::Won { side }, Some(mine)) if usize::from(side) == mine => 2,
            (HandOutcome::Won { .. }, _) => 0,
            _ => 1,
        };
        class * self.win_weight + points
    }

    /// Game or card points count: deciding the match first, then the lead over the best other side
    /// after this hand (game points, the hand's card points breaking ties; or card points).
    fn match_utility(&self, game: &Game, result: &HandResult, points: i32) -> i32 {
        let Some(mine) = self.stakes.side_of(self.seat) else {
            return self.hand_utility(result, points);
        };
        let (scores, winner) = self.stakes.after(game.rules(), result);
        let best_other = scores
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != mine)
            .map(|(_, &s)| s)
            .max()
            .unwrap_or(0);
        let lead = scores.get(mine).copied().unwrap_or(0) - best_other;
        let decided = match winner {
            Some(w) if w == mine => MATCH_WEIGHT,
            Some(_) => -MATCH_WEIGHT,
            None => 0,
        };
        match self.stakes.format() {
            MatchFormat::CardPoints { .. } => decided + lead,
            _ => decided + lead * WIN_WEIGHT + points,
        }
    }
}

/// Alpha-beta with a node budget and a transposition table, over one world.
pub(crate) struct Solver {
    nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    table: Table,
}

impl Solver {
    /// A solver that gives up after `limit` nodes.
    pub fn new(limit: u64) -> Solver {
        Solver {
            nodes: 0,
            limit,
            deadline: None,
            table: Table::default(),
        }
    }

    /// The same solver, also giving up (every 1,024 nodes it looks) once `deadline` has passed.
    pub fn until(self, deadline: Option<Instant>) -> Solver {
        Solver { deadline, ..self }
    }

    /// Nodes searched so far (positions with cards still to play, table hits included).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact value of each legal card of the seat to move, or `None` when the budget ran out.
    pub fn card_values(&mut self, game: &Game, obj: &Objective) -> Option<Vec<(Card, Score)>> {
        let mut values = Vec::new();
        for card in game.legal_cards() {
            let mut child = game.clone();
            child.play_unchecked(card);
            let v = self.search(&child, obj, i32::MIN, i32::MAX)?;
            values.push((card, v));
        }
        Some(values)
    }

    /// The value of a position under best play by both sides. When it lies strictly between `alpha`
    /// and `beta` it is exact and so is its `won` (taken from the first card, in [`ordered`] order,
    /// reaching the best value, down the line of best play); outside, both are only a bound. Every
    /// search of a world must be made with the same `obj` (the table assumes it).
    pub fn search(&mut self, game: &Game, obj: &Objective, alpha: i32, beta: i32) -> Option<Score> {
        if game.phase() != Phase::Playing {
            return Some(self.table.finished(game, obj));
        }
        self.nodes += 1;
        if self.nodes > self.limit
            || (self.nodes % 1024 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            return None;
        }
        // Positions in mid-trick rarely come back by another order: only trick starts are kept, and
        // not the last trick's, which is forced.
        if !game.at_trick_start() || game.hand(game.to_move()).len() <= 1 {
            return self.children(game, obj, alpha, beta);
        }
        let key = game.position_key();
        if let Some(score) = self.table.probe(&key, alpha, beta) {
            return Some(score);
        }
        let score = self.children(game, obj, alpha, beta)?;
        self.table.store(key, score, alpha, beta);
        Some(score)
    }

    /// Alpha-beta over the cards of the seat to move (fail-soft: a value outside the window is a
    /// bound on its side).
    fn children(
        &mut self,
        game: &Game,
        obj: &Objective,
        mut alpha: i32,
        mut beta: i32,
    ) -> Option<Score> {
        let maximizing = obj.is_ours(game.to_move());
        let mut best: Option<Score> = None;
        for card in ordered(game) {
            let mut child = game.clone();
            child.play_unchecked(card);
            let score = self.search(&child, obj, alpha, beta)?;
            let v = score.value;
            let better = best.is_none_or(|b| if maximizing { v > b.value } else { v < b.value });
            if better {
                best = Some(score);
            }
            if maximizing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best.or_else(|| Some(obj.score(game)))
    }
}

/// Legal cards, high-point cards first (better cut-offs), then by index.
fn ordered(game: &Game) -> impl Iterator<Item = Card> {
    let legal = game.legal_cards();
    let order = game.rules().order;
    let high: CardSet = legal
        .iter()
        .filter(|&c| order.card_points(c) >= 10)
        .collect();
    high.iter().chain((legal - high).iter())
}

/// An upper bound on the leaves of the remaining hand: the product of the hand sizes' factorials.
pub(crate) fn leaf_bound(hand_sizes: &[u8]) -> u64 {
    hand_sizes
        .iter()
        .map(|&n| (1..=u64::from(n)).product::<u64>())
        .fold(1u64, |acc, f| acc.saturating_mul(f))
}

/// Exact play of the end of the hand: once the stock is empty and at most `max_leaves` card orders
/// remain, solves up to `worlds` worlds sampled from the observation (one when card counting leaves
/// a single world) and
/// returns the card with the best total value (a hand's outcome weighted `win_weight`, see
/// [`Objective::weighing_wins`]), with what the search says about it. After the first world, no new
/// world is started past `deadline`. `None` when not applicable or over budget.
pub(crate) fn solve_endgame(
    obs: &crate::Observation,
    rng: &mut crate::Rng,
    worlds: usize,
    limits: (u64, u64),
    deadline: Option<Instant>,
    stakes: Stakes,
    win_weight: i32,
) -> Option<(Card, Quote)> {
    let (max_leaves, node_limit) = limits;
    let worlds = endgame_worlds(obs, worlds, max_leaves)?;
    let mut tally: Option<Tally> = None;
    for i in 0..worlds {
        if i > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let world = obs.sample_world(rng);
        let obj = Objective::new(&world, obs.seat, stakes).weighing_wins(win_weight);
        let values = Solver::new(node_limit)
            .until(deadline)
            .card_values(&world, &obj)?;
        let tally =
            tally.get_or_insert_with(|| Tally::new(values.iter().map(|&(c, _)| c).collect()));
        tally.add(1.0, |card| {
            values.iter().find(|&&(c, _)| c == card).map(|&(_, v)| v)
        });
    }
    tally?.choice()
}

/// How many worlds an exact endgame at the root needs: `None` unless the stock is empty and at most
/// `max_leaves` card orders remain; one when card counting leaves a single world, else `worlds`.
pub(crate) fn endgame_worlds(
    obs: &crate::Observation,
    worlds: usize,
    max_leaves: u64,
) -> Option<usize> {
    if obs.phase != Phase::Playing || obs.stock_len != 0 || leaf_bound(&obs.hand_sizes) > max_leaves
    {
        return None;
    }
    // With the stock gone, the unseen cards can only be in the other hands: when at most one other
    // hand holds any of them (two-player games), card counting leaves a single world.
    let hidden_hands = obs
        .hand_sizes
        .iter()
        .zip(&obs.known_in_hands)
        .enumerate()
        .filter(|&(s, (&size, known))| {
            s != usize::from(obs.seat) && usize::from(size) > known.len()
        })
        .count();
    Some(if hidden_hands <= 1 || obs.unseen_cards().is_empty() {
        1
    } else {
        worlds
    })
}

#[cfg(test)]
mod oracle;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Deal, Match, Preset, Rng, Ruleset};

    /// A hand of `preset` for `players` played at random until at most `stock` cards are left in
    /// the stock (and, for an empty stock, until at most `cards` cards are left in all hands).
    fn random_position(preset: Preset, players: u8, seed: u64, stock: usize, cards: usize) -> Game {
        let rules = Ruleset::preset(preset, players).expect("preset");
        let mut game = Game::new(rules, 0, &Deal::Seed(seed)).expect("deal");
        let mut rng = Rng::new(seed ^ 0x5eed);
        let hand_cards = |game: &Game| (0..players).map(|s| game.hand(s).len()).sum::<usize>();
        while game.phase() == Phase::Playing
            && (game.stock_len() > stock || (stock == 0 && hand_cards(&game) > cards))
        {
            let legal = game.legal_cards();
            game.play_unchecked(legal.nth(rng.below(legal.len())).expect("a card"));
        }
        game
    }

    #[test]
    fn the_table_changes_no_value_and_no_line() {
        // Endgames and positions with 2–4 stock cards in several games and stakes: every card's value
        // and `won` must be the plain alpha-beta oracle's, and the table must save nodes overall.
        let formats = [
            MatchFormat::SingleHand,
            MatchFormat::GamePoints { target: 2 },
            MatchFormat::CardPoints { target: 200 },
        ];
        let (mut compared, mut with_table, mut plain) = (0, 0u64, 0u64);
        for (preset, players, stocks) in [
            (Preset::Briscola, 2, &[0, 2, 4][..]),
            (Preset::Briscola, 4, &[0][..]),
            (Preset::Brisca, 2, &[0, 2, 4][..]),
            (Preset::Bisca, 2, &[0, 2][..]),
        ] {
            for &stock in stocks {
                for seed in 0..40 {
                    let game = random_position(preset, players, seed, stock, 12);
                    if game.phase() != Phase::Playing {
                        continue;
                    }
                    let format = formats[seed as usize % formats.len()];
                    let stakes = Match::new(*game.rules(), format, 0, 1)
                        .expect("match")
                        .stakes();
                    let obj = Objective::new(&game, game.to_move(), stakes);
                    let mut solver = Solver::new(u64::MAX);
                    let values = solver.card_values(&game, &obj).expect("no limit");
                    let (expected, nodes) = oracle::card_values(&game, &obj);
                    assert_eq!(
                        values, expected,
                        "{preset:?} {players} stock {stock} seed {seed}"
                    );
                    with_table += solver.nodes;
                    plain += nodes;
                    compared += 1;
                }
            }
        }
        assert!(compared > 300, "{compared}");
        assert!(with_table < plain, "{with_table} {plain}");
    }

    /// A two-player Briscola hand played to the end with random cards.
    fn finished(seed: u64) -> Game {
        let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        let mut game = Game::new(rules, 0, &Deal::Seed(seed)).expect("deal");
        let mut rng = Rng::new(seed);
        while game.phase() != Phase::Finished {
            let cards = game.legal_cards();
            let card = cards.nth(rng.below(cards.len())).expect("a card");
            game.play_unchecked(card);
        }
        game
    }

    fn stakes(format: MatchFormat) -> Stakes {
        let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        Match::new(rules, format, 0, 1).expect("match").stakes()
    }

    #[test]
    fn weighing_wins_changes_the_outcome_term_only_where_hands_won_decide() {
        for seed in 0..20 {
            let game = finished(seed);
            let mine = i32::from(game.result().expect("over").side_points[0]);
            let class = match mine {
                61.. => 2,
                60 => 1,
                _ => 0,
            };
            let value = |format, weight| {
                Objective::new(&game, 0, stakes(format))
                    .weighing_wins(weight)
                    .utility(&game)
            };
            let single = MatchFormat::SingleHand;
            assert_eq!(
                value(single, WIN_WEIGHT),
                class * WIN_WEIGHT + mine,
                "{mine}"
            );
            assert_eq!(value(single, 30), class * 30 + mine, "{mine}");
            // Where game points count, the match's own scale stays.
            let far = MatchFormat::GamePoints { target: 100 };
            assert_eq!(value(far, 30), value(far, WIN_WEIGHT), "{mine}");
        }
    }

    #[test]
    fn utility_follows_the_match_stakes() {
        for seed in 0..20 {
            let game = finished(seed);
            let mine = i32::from(game.result().expect("over").side_points[0]);
            let value = |format| Objective::new(&game, 0, stakes(format)).utility(&game);
            // Card points far from the target: the point lead, nothing else.
            assert_eq!(
                value(MatchFormat::CardPoints { target: 1000 }),
                2 * mine - 120
            );
            // Game points to 1: any won hand decides the match.
            let decisive = value(MatchFormat::GamePoints { target: 1 });
            match mine {
                61.. => assert!(decisive > MATCH_WEIGHT, "{mine}: {decisive}"),
                60 => assert!(decisive.abs() < MATCH_WEIGHT, "{mine}: {decisive}"),
                _ => assert!(decisive < -MATCH_WEIGHT / 2, "{mine}: {decisive}"),
            }
            // Game points far away: 91 is worth a game point more than 61.
            let far = value(MatchFormat::GamePoints { target: 100 });
            let game_points = match mine {
                120 => 3,
                91.. => 2,
                61.. => 1,
                60 => 0,
                30.. => -1,
                1.. => -2,
                _ => -3,
            };
            assert_eq!(far, game_points * WIN_WEIGHT + mine, "{mine}");
        }
    }

    #[test]
    fn exact_search_says_whether_its_line_wins_the_hand() {
        // Two-player endgames (stock empty, up to 3 cards each) from random play: in a single hand a
        // utility of two wins or more (the won class) is exactly a won hand, so each card's `won`
        // must agree with its exact value — after pruning too.
        let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        let (mut won, mut lost) = (0, 0);
        for seed in 0..60 {
            let mut game = Game::new(rules, 0, &Deal::Seed(seed)).expect("deal");
            let mut rng = Rng::new(seed);
            while game.stock_len() > 0 {
                let cards = game.legal_cards();
                game.play_unchecked(cards.nth(rng.below(cards.len())).expect("a card"));
            }
            let obj = Objective::new(&game, game.to_move(), Stakes::SINGLE_HAND);
            let values = Solver::new(u64::MAX)
                .card_values(&game, &obj)
                .expect("no limit");
            for (card, score) in values {
                assert_eq!(
                    score.won,
                    score.value >= 2 * WIN_WEIGHT,
                    "seed {seed} {card}: {score:?}"
                );
                if score.won {
                    won += 1;
                } else {
                    lost += 1;
                }
            }
        }
        assert!(won > 10 && lost > 10, "{won} {lost}");
    }
}
