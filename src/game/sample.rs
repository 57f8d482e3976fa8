//! Sampling full games consistent with an [`Observation`] (determinization, OpenSpiel's `resample`).
//!
//! The unseen cards are shuffled and dealt to the other hands and the face-down stock. Publicly known
//! cards stay where they are known to be; a seat known to lack a suit gets none of it (the deal is retried
//! with fresh shuffles; if the voids cannot be met after many tries, which needs contradictory input, they
//! are ignored rather than failing). Deliberately not modelled: the inference that a player who had to
//! win the trick "if possible" and did not held no winning card of the suit led.

use super::{Game, MAX_EXCHANGES};
use crate::observation::Observation;
use crate::{Card, CardSet, Rng};

const VOID_TRIES: usize = 64;

impl Game {
    /// See [`Observation::sample_world`].
    pub(crate) fn sample(obs: &Observation, rng: &mut Rng) -> Game {
        let rules = obs.ruleset;
        let players = usize::from(rules.players);
        let mut unseen: Vec<Card> = obs.unseen_cards().iter().collect();
        let known_hand = |s: usize| -> CardSet {
            if s == usize::from(obs.seat) {
                obs.hand
            } else if let Some(hands) = &obs.open_hands {
                hands[s]
            } else {
                obs.known_in_hands[s]
            }
        };
        let voids: Vec<CardSet> = obs
            .known_voids
            .iter()
            .map(|suits| {
                suits
                    .iter()
                    .fold(CardSet::EMPTY, |acc, &s| acc | CardSet::suit(s))
            })
            .collect();
        let mut hands = [CardSet::EMPTY; crate::MAX_PLAYERS];
        let mut hidden_stock: Vec<Card> = Vec::new();
        for attempt in 0..=VOID_TRIES {
            rng.shuffle(&mut unseen);
            let respect_voids = attempt < VOID_TRIES;
            if let Some((dealt, rest)) =
                deal_unseen(obs, &unseen, &voids, respect_voids, known_hand)
            {
                hands = dealt;
                hidden_stock = rest;
                break;
            }
        }
        let mut game = Game::from_observation_skeleton(obs);
        game.hands[..players].copy_from_slice(&hands[..players]);
        // Stock bottom first: face-up trump, the hidden cards, the visible next card on top.
        let mut len = 0;
        if let Some(card) = obs.face_up_trump {
            game.stock[len] = card;
            len += 1;
        }
        for card in hidden_stock {
            game.stock[len] = card;
            len += 1;
        }
        if let Some(card) = obs.next_stock_card
            && obs.face_up_trump != Some(card)
        {
            game.stock[len] = card;
            len += 1;
        }
        game.stock_len = len as u8;
        if let Some(called) = game.auction.called {
            game.auction.partner = game
                .revealed_partner()
                .or_else(|| (0..rules.players).find(|&s| game.hand(s).contains(called)));
        }
        game
    }

    /// Gives `seat` the cards of `hand` by swapping them with its cards not in `hand` in the face-down
    /// stock (each card taken leaves its place to one given back): a sampled world with that seat's
    /// hand chosen, its stock order as random as before. Cards of `hand` neither held by the seat nor
    /// in the stock are left out (a caller's error).
    pub(crate) fn give_hand(&mut self, seat: crate::Seat, hand: CardSet) {
        let s = usize::from(seat);
        let held = self.hands[s];
        let mut back = (held - hand).iter();
        for place in &mut self.stock[..usize::from(self.stock_len)] {
            if hand.contains(*place)
                && !held.contains(*place)
                && let Some(card) = back.next()
            {
                self.hands[s].insert(*place);
                self.hands[s].remove(card);
                *place = card;
            }
        }
    }

    /// Everything but the hidden cards, copied from the observation.
    fn from_observation_skeleton(obs: &Observation) -> Game {
        let rules = obs.ruleset;
        let mut game = Game::blank(rules, obs.dealer);
        game.phase = obs.phase;
        game.to_move = obs.to_move;
        game.face_up = obs.face_up_trump;
        game.trump = obs.trump;
        game.end = obs.result.as_ref().map(|r| r.end);
        for trick in &obs.tricks {
            for play in &trick.plays {
                game.push_play(play.seat, play.card);
            }
            let won: CardSet = trick.plays.iter().map(|p| p.card).collect();
            game.piles[usize::from(trick.winner)] |= won;
            game.points[usize::from(trick.winner)] += trick.points;
            game.winners[usize::from(game.n_tricks)] = trick.winner;
            game.n_tricks += 1;
        }
        game.trick_start = game.n_plays;
        let current: Vec<Card> = obs.current_trick.iter().map(|p| p.card).collect();
        if !current.is_empty() {
            game.best_pos =
                super::trick_winner_index(&current, obs.trump, rules.order.strengths()) as u8;
        }
        for play in &obs.current_trick {
            game.push_play(play.seat, play.card);
        }
        for (s, &known) in obs.known_in_hands.iter().enumerate() {
            game.known[s] = known;
        }
        for (s, suits) in obs.known_voids.iter().enumerate() {
            game.voids[s] = suits.iter().fold(0, |acc, suit| acc | 1 << suit.index());
        }
        game.restore_signals(&obs.signals, obs.seat);
        for (i, &exchange) in obs.exchanges.iter().take(MAX_EXCHANGES).enumerate() {
            game.exchanges[i] = exchange;
            game.n_exchanges += 1;
        }
        if let Some(auction) = &obs.auction {
            game.auction.log = Some(std::sync::Arc::new(auction.log.clone()));
            game.auction.best = auction.best;
            game.auction.passed = auction.passed.iter().fold(0, |acc, &s| acc | 1 << s);
            game.auction.called = auction.called;
        }
        game
    }

    fn push_play(&mut self, seat: u8, card: Card) {
        let n = usize::from(self.n_plays);
        self.plays[n] = card;
        self.play_seats[n] = seat;
        self.n_plays += 1;
    }
}

type Dealt = ([CardSet; crate::MAX_PLAYERS], Vec<Card>);

/// Deals the shuffled unseen cards: seats with known voids first, then the others, the rest to the stock.
fn deal_unseen(
    obs: &Observation,
    unseen: &[Card],
    voids: &[CardSet],
    respect_voids: bool,
    known_hand: impl Fn(usize) -> CardSet,
) -> Option<Dealt> {
    let players = usize::from(obs.ruleset.players);
    let mut hands = [CardSet::EMPTY; crate::MAX_PLAYERS];
    let mut taken = CardSet::EMPTY;
    let mut order: Vec<usize> = (0..players).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(if respect_voids { voids[s].len() } else { 0 }));
    for s in order {
        hands[s] = known_hand(s);
        let need = usize::from(obs.hand_sizes[s]).saturating_sub(hands[s].len());
        let forbidden = if respect_voids {
            voids[s]
        } else {
            CardSet::EMPTY
        };
        let mut got = 0;
        for &card in unseen {
            if got == need {
                break;
            }
            if !taken.contains(card) && !forbidden.contains(card) {
                hands[s].insert(card);
                taken.insert(card);
                got += 1;
            }
        }
        if got < need {
            return None;
        }
    }
    let rest = unseen
        .iter()
        .copied()
        .filter(|&c| !taken.contains(c))
        .collect();
    Some((hands, rest))
}
