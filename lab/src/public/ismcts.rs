//! The information-set Monte Carlo tree search of marcomag416/alfa_briscola_v1 (`agents/ISMCTS.py`,
//! itself the University of York reference code of Cowling, Powley and Whitehouse,
//! 2012, adapted to Briscola): the one public Briscola search player that does not look at hidden
//! cards.
//!
//! One tree for the deciding seat, every seat's moves in it. Each of its 100 iterations (the default)
//! deals the unseen cards at random to the other hands and the stock (a determinization), then walks
//! the tree: while every legal card of the world already has a child, it picks among the children
//! legal here the one maximizing `wins / visits + 0.7 × √(ln(avails) / visits)` and adds one to the
//! `avails` of every legal child; then it adds one untried legal card at random, plays uniformly random
//! cards to the end of the hand, and credits every node on the path with a visit and, for the seat that
//! made its move, 1 if that seat's side won the hand (0 for a loss or a 60–60 draw). The card of the
//! root's most visited child is played (the first of equals).
//!
//! Ambiguity: the original re-shuffles the stock at every draw; here each iteration's world has one
//! random stock order, which gives the same distribution of draws to a random playout.

use super::play;
use briscola::{Action, Card, Game, HandOutcome, Observation, Phase, Rng, Seat};

use crate::Player;

/// Iterations per decision (the source's default).
const ITERATIONS: usize = 100;
/// The exploration constant of its selection rule.
const EXPLORATION: f64 = 0.7;

struct Node {
    card: Option<Card>,
    parent: usize,
    children: Vec<usize>,
    wins: f64,
    visits: u32,
    avails: u32,
    mover: Option<Seat>,
}

/// The ISMCTS player; its seed drives the determinizations and playouts.
pub(super) struct Ismcts {
    rng: Rng,
}

impl Ismcts {
    pub(super) fn new(seed: u64) -> Ismcts {
        Ismcts {
            rng: Rng::new(seed),
        }
    }

    fn search(&mut self, obs: &Observation) -> Option<Card> {
        let mut tree = vec![Node {
            card: None,
            parent: 0,
            children: Vec::new(),
            wins: 0.0,
            visits: 0,
            avails: 1,
            mover: None,
        }];
        for _ in 0..ITERATIONS {
            let mut world = obs.sample_world(&mut self.rng);
            let mut node = 0;
            // Selection and expansion.
            while world.phase() == Phase::Playing {
                let legal = world.legal_cards();
                let untried: Vec<Card> = legal
                    .iter()
                    .filter(|&c| !tree[node].children.iter().any(|&k| tree[k].card == Some(c)))
                    .collect();
                let mover = world.to_move();
                if !untried.is_empty() {
                    let card = untried[self.rng.below(untried.len())];
                    world.play_unchecked(card);
                    tree.push(Node {
                        card: Some(card),
                        parent: node,
                        children: Vec::new(),
                        wins: 0.0,
                        visits: 0,
                        avails: 1,
                        mover: Some(mover),
                    });
                    let child = tree.len() - 1;
                    tree[node].children.push(child);
                    node = child;
                    break;
                }
                let here: Vec<usize> = tree[node]
                    .children
                    .iter()
                    .copied()
                    .filter(|&k| tree[k].card.is_some_and(|c| legal.contains(c)))
                    .collect();
                let ucb = |k: usize| {
                    let n = &tree[k];
                    let visits = f64::from(n.visits.max(1));
                    n.wins / visits + EXPLORATION * (f64::from(n.avails).ln() / visits).sqrt()
                };
                let Some(&chosen) = here.iter().fold(None::<&usize>, |best, k| match best {
                    Some(b) if ucb(*b) >= ucb(*k) => Some(b),
                    _ => Some(k),
                }) else {
                    break;
                };
                for &k in &here {
                    tree[k].avails += 1;
                }
                let Some(card) = tree[chosen].card else { break };
                world.play_unchecked(card);
                node = chosen;
            }
            // Random playout.
            while world.phase() == Phase::Playing {
                let legal = world.legal_cards();
                let Some(card) = legal.nth(self.rng.below(legal.len())) else {
                    break;
                };
                world.play_unchecked(card);
            }
            // Backpropagation.
            loop {
                let won = tree[node].mover.map(|m| won_by(&world, m));
                let n = &mut tree[node];
                n.visits += 1;
                if let Some(won) = won {
                    n.wins += f64::from(u8::from(won));
                }
                if node == 0 {
                    break;
                }
                node = n.parent;
            }
        }
        let root = &tree[0];
        let mut best: Option<(u32, Card)> = None;
        for &k in &root.children {
            if let Some(card) = tree[k].card
                && best.is_none_or(|(v, _)| tree[k].visits > v)
            {
                best = Some((tree[k].visits, card));
            }
        }
        best.map(|(_, card)| card)
    }
}

/// Whether `seat`'s side won the finished hand of `world`.
fn won_by(world: &Game, seat: Seat) -> bool {
    world.result().is_some_and(|r| match r.outcome {
        HandOutcome::Won { side } => r.side_of(seat) == Some(usize::from(side)),
        _ => false,
    })
}

impl Player for Ismcts {
    fn choose(&mut self, obs: &Observation) -> Action {
        let playing = obs.phase == Phase::Playing && obs.to_move == obs.seat;
        let card = if playing { self.search(obs) } else { None };
        play(obs, card)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use briscola::{Deal, Preset, Ruleset};

    #[test]
    fn plays_a_legal_card_and_repeats_itself_with_a_seed() {
        let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        let mut game = Game::new(rules, 0, &Deal::Seed(4)).expect("deal");
        while game.phase() == Phase::Playing {
            let obs = game.observation(game.to_move());
            let a = Ismcts::new(9).choose(&obs);
            assert_eq!(Ismcts::new(9).choose(&obs), a);
            assert!(obs.legal_actions.contains(&a));
            game.apply(a).expect("legal");
        }
    }

    /// Whether `seat` wins the hand under best play by both sides (a known world).
    fn forced_win(game: &Game, seat: Seat) -> bool {
        if game.phase() != Phase::Playing {
            return won_by(game, seat);
        }
        let mut outcomes = game.legal_cards().iter().map(|c| {
            let mut child = game.clone();
            child.play_unchecked(c);
            forced_win(&child, seat)
        });
        if game.to_move() == seat {
            outcomes.any(|w| w)
        } else {
            outcomes.all(|w| w)
        }
    }

    #[test]
    fn finds_the_only_winning_card_of_an_endgame() {
        // The stock just emptied, three cards each: a card counter knows every card. Where exactly one
        // card still wins the hand, the search should find it.
        let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        let (mut found, mut right) = (0, 0);
        for seed in 0..1500 {
            let mut game = Game::new(rules, 0, &Deal::Seed(seed)).expect("deal");
            let mut rng = Rng::new(seed);
            while game.phase() == Phase::Playing
                && (game.stock_len() > 0 || game.hand(game.to_move()).len() > 3)
            {
                let cards = game.legal_cards();
                game.play_unchecked(cards.nth(rng.below(cards.len())).expect("a card"));
            }
            let seat = game.to_move();
            let winners: Vec<Card> = game
                .legal_cards()
                .iter()
                .filter(|&c| {
                    let mut child = game.clone();
                    child.play_unchecked(c);
                    forced_win(&child, seat)
                })
                .collect();
            if winners.len() == 1 {
                let obs = game.observation(seat);
                found += 1;
                right += usize::from(Ismcts::new(seed).choose(&obs) == Action::Play(winners[0]));
            }
        }
        // 100 iterations of random playouts miss some: most, not all.
        assert!(found >= 10 && right * 4 >= found * 3, "{right} of {found}");
    }
}
