//! The solver as it was before its transposition table: plain alpha-beta, kept only as the test
//! oracle that the faster [`Solver`](super::Solver) returns exactly the same values and lines.

use super::{Objective, Score, ordered};
use crate::{Card, Game, Phase};

/// Each legal card's exact value, by plain alpha-beta without a budget, and the nodes it searched
/// (counted as the solver counts them).
pub(super) fn card_values(game: &Game, obj: &Objective) -> (Vec<(Card, Score)>, u64) {
    let mut nodes = 0;
    let values = game
        .legal_cards()
        .iter()
        .map(|card| {
            let mut child = game.clone();
            child.play_unchecked(card);
            (card, search(&child, obj, i32::MIN, i32::MAX, &mut nodes))
        })
        .collect();
    (values, nodes)
}

/// Plain fail-soft alpha-beta, as the solver searched before.
fn search(game: &Game, obj: &Objective, mut alpha: i32, mut beta: i32, nodes: &mut u64) -> Score {
    if game.phase() != Phase::Playing {
        return obj.score(game);
    }
    *nodes += 1;
    let maximizing = obj.is_ours(game.to_move());
    let mut best: Option<Score> = None;
    for card in ordered(game) {
        let mut child = game.clone();
        child.play_unchecked(card);
        let score = search(&child, obj, alpha, beta, nodes);
        let v = score.value;
        if best.is_none_or(|b| if maximizing { v > b.value } else { v < b.value }) {
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
    best.unwrap_or_else(|| obj.score(game))
}
