//! Rebuilding a hand's history for [`Observation::validate`]: a deck order and an action sequence that
//! a real game follows to reach the observed position. Replaying them through [`Game::apply`] is the
//! proof that the position is one the rules can produce.
//!
//! The public part comes from the observation: every play and exchange in order, the trick winners (so
//! who draws when), the auction's bids and passes, and the señas the seat saw (put back with the catches
//! it knows of: its own of an opponent's seña). The hidden part is found, not guessed: each seat
//! fills a sequence of slots (its share of the deal, then one card per draw), and every card it ever
//! held needs a slot no later than it played or gave it away — and, when a duty to follow suit (or to beat) showed at some
//! play that the seat lacked the card, a slot after that play. Unseen cards may fill any slot of a seat
//! whose hand is hidden. A bipartite matching (augmenting paths) fills the slots exactly when such a
//! deal exists; the unmatched unseen cards are the hidden stock.
//!
//! Deliberately heuristic where it need not search, so a reachable position could in principle be
//! refused (never the other way round: the replay decides): an exchange is placed just before the
//! exchanging seat's first play of its trick (the only time it can be to move there). No random position of any variant has been refused (`docs/engine.md`).

use super::validate::ObservationError;
use super::{Observation, PlayView};
use crate::game::{Action, Deal, Game, Seat, beats, trick_winner_index};
use crate::{Card, CardSet, FollowRule, Ruleset, Suit, TrumpRule};

/// How many cards the stock holds as tricks are completed (every trick draws one round while it lasts).
pub(super) struct StockTimeline {
    initial: usize,
    per_trick: usize,
}

impl StockTimeline {
    /// The stock of a validated ruleset whose deck is `deck`.
    pub(super) fn new(rules: &Ruleset, deck: CardSet) -> StockTimeline {
        let players = usize::from(rules.players);
        StockTimeline {
            initial: deck
                .len()
                .saturating_sub(players * usize::from(rules.hand_size)),
            per_trick: (players * usize::from(rules.plays_per_trick)).max(1),
        }
    }

    /// How many of the first `tricks` tricks were followed by drawing.
    pub(super) fn drawing_tricks(&self, tricks: usize) -> usize {
        tricks.min(self.initial / self.per_trick)
    }

    /// Cards in the stock once `tricks` tricks are complete.
    pub(super) fn after(&self, tricks: usize) -> usize {
        self.initial - self.per_trick * self.drawing_tricks(tricks)
    }
}

/// Rebuilds and replays the hand; the caller compares the result's observation with the given one.
/// Expects an observation that passed the structural checks of `validate`.
pub(super) fn replay(obs: &Observation) -> Result<Game, ObservationError> {
    let history = History::new(obs)?;
    let mut refusal = ObservationError::NoDeal;
    for last_drawn in history.last_drawn_candidates() {
        if let Some(order) = history.deal(last_drawn) {
            match history.play(order) {
                Ok(game) => return Ok(game),
                Err(e) => refusal = e,
            }
        }
    }
    Err(refusal)
}

/// A card some seat must have received from the deck: by the deal or a draw.
#[derive(Clone, Copy)]
struct Item {
    card: Card,
    /// The seat that held it; `None` for an unseen card, which may go to any hidden hand or the stock.
    owner: Option<Seat>,
    /// The time it left that hand (played or given in an exchange); `usize::MAX` if still there.
    leaves: usize,
}

/// The public history, indexed by time: time `p` is just before the `p`-th card of the hand is played.
struct History<'a> {
    obs: &'a Observation,
    plays: Vec<PlayView>,
    /// Hand slots in deck order: the deal (one card at a time from the leader), then the draws; each
    /// with its seat and the time it is filled.
    slots: Vec<(Seat, usize)>,
    dealt: usize,
    /// The slot that takes the face-up trump as the stock's last card, when it has been drawn.
    last_draw: Option<usize>,
    exchange_times: Vec<usize>,
    /// Plays that show a seat lacked some cards then: (time, seat, cards).
    lacks: Vec<(usize, Seat, CardSet)>,
}

impl<'a> History<'a> {
    fn new(obs: &'a Observation) -> Result<History<'a>, ObservationError> {
        let rules = &obs.ruleset;
        let players = usize::from(rules.players);
        let trick_size = players * usize::from(rules.plays_per_trick);
        let plays: Vec<PlayView> = obs
            .tricks
            .iter()
            .flat_map(|t| t.plays.iter().copied())
            .chain(obs.current_trick.iter().copied())
            .collect();
        let timeline = StockTimeline::new(rules, rules.deck_cards());
        let dealt = players * usize::from(rules.hand_size);
        let leader = (usize::from(obs.dealer) + 1) % players;
        let mut slots: Vec<(Seat, usize)> = (0..dealt)
            .map(|j| (((leader + j) % players) as Seat, 0))
            .collect();
        for (k, trick) in obs
            .tricks
            .iter()
            .enumerate()
            .take(timeline.drawing_tricks(obs.tricks.len()))
        {
            for i in 0..trick_size {
                let seat = (usize::from(trick.winner) + i) % players;
                slots.push((seat as Seat, (k + 1) * trick_size));
            }
        }
        let last_draw = (rules.trump == TrumpRule::TurnedUp && obs.stock_len == 0)
            .then(|| slots.len().checked_sub(1))
            .flatten()
            .filter(|&last| last >= dealt);
        let mut exchange_times = Vec::with_capacity(obs.exchanges.len());
        for exchange in &obs.exchanges {
            let start = usize::from(exchange.trick) * trick_size;
            if usize::from(exchange.trick) > obs.tricks.len() {
                return Err(ObservationError::Mismatch { field: "exchanges" });
            }
            let time = (start..plays.len().min(start + trick_size))
                .find(|&p| plays[p].seat == exchange.seat)
                .unwrap_or(plays.len());
            if exchange_times.last().is_some_and(|&before| before > time) {
                return Err(ObservationError::Mismatch { field: "exchanges" });
            }
            exchange_times.push(time);
        }
        let lacks = lacks(obs, &plays, &timeline, trick_size);
        Ok(History {
            obs,
            plays,
            slots,
            dealt,
            last_draw,
            exchange_times,
            lacks,
        })
    }

    /// The face-up trump drawn as the stock's last card, when it has been drawn and the observation no
    /// longer names it: the last card given in an exchange; else the card known in the drawer's hand;
    /// else one of the trumps the drawer played since.
    fn last_drawn_candidates(&self) -> Vec<Option<Card>> {
        let Some(slot) = self.last_draw else {
            return vec![None];
        };
        if let Some(exchange) = self.obs.exchanges.last() {
            return vec![Some(exchange.gave)];
        }
        let (drawer, time) = self.slots[slot];
        let known = self.obs.known_in_hands[usize::from(drawer)];
        if !known.is_empty() {
            return known.iter().map(Some).collect();
        }
        self.plays
            .iter()
            .enumerate()
            .filter(|&(p, play)| {
                p >= time && play.seat == drawer && Some(play.card.suit()) == self.obs.trump
            })
            .map(|(_, play)| Some(play.card))
            .collect()
    }

    /// A deck order dealing every seat the cards it played, gave and holds in time, or `None`.
    fn deal(&self, last_drawn: Option<Card>) -> Option<Vec<Card>> {
        let obs = self.obs;
        let turned_up = obs.ruleset.trump == TrumpRule::TurnedUp;
        let original = match obs.exchanges.first() {
            Some(exchange) => Some(exchange.took),
            None => obs.face_up_trump.or(last_drawn),
        };
        if turned_up && original.is_none() {
            return None;
        }
        let items = self.items(original.filter(|_| turned_up));
        let (slot_of_item, item_of_slot) = self.matching(&items);
        let owned_unmatched = items
            .iter()
            .zip(&slot_of_item)
            .any(|(item, slot)| item.owner.is_some() && slot.is_none());
        let slot_empty = |slot: usize| Some(slot) != self.last_draw && item_of_slot[slot].is_none();
        if owned_unmatched || (0..self.slots.len()).any(slot_empty) {
            return None;
        }
        let card_in = |slot: usize| item_of_slot[slot].map(|item| items[item].card);
        let mut order: Vec<Card> = (0..self.dealt).filter_map(card_in).collect();
        order.extend(original.filter(|_| turned_up));
        order.extend((self.dealt..self.slots.len()).filter_map(card_in));
        order.extend(
            obs.next_stock_card
                .filter(|&next| Some(next) != obs.face_up_trump),
        );
        let stock = items.iter().zip(&slot_of_item);
        order.extend(
            stock
                .filter(|(_, slot)| slot.is_none())
                .map(|(item, _)| item.card),
        );
        Some(order)
    }

    /// The cards seats received from the deck: the played, given and held ones with their seat (the
    /// face-up trump taken in the first exchange or drawn last excepted), then the unseen ones.
    fn items(&self, original: Option<Card>) -> Vec<Item> {
        let obs = self.obs;
        let mut events: Vec<(usize, Seat, Card)> = obs
            .exchanges
            .iter()
            .zip(&self.exchange_times)
            .map(|(e, &time)| (time, e.seat, e.gave))
            .collect();
        let plays = self.plays.iter().enumerate();
        events.extend(plays.map(|(p, play)| (p, play.seat, play.card)));
        // Stable: an exchange comes before the play at the same time.
        events.sort_by_key(|&(time, _, _)| time);
        let mut placed = CardSet::EMPTY;
        let mut items = Vec::new();
        for (leaves, seat, card) in events {
            if !placed.contains(card) && Some(card) != original {
                items.push(Item {
                    card,
                    owner: Some(seat),
                    leaves,
                });
            }
            placed.insert(card);
        }
        for seat in 0..obs.ruleset.players {
            let held = match &obs.open_hands {
                _ if seat == obs.seat => obs.hand,
                Some(hands) => hands[usize::from(seat)],
                None => obs.known_in_hands[usize::from(seat)],
            };
            for card in held - placed {
                if Some(card) != original {
                    items.push(Item {
                        card,
                        owner: Some(seat),
                        leaves: usize::MAX,
                    });
                }
            }
        }
        items.extend(obs.unseen_cards().iter().map(|card| Item {
            card,
            owner: None,
            leaves: usize::MAX,
        }));
        items
    }

    /// Whether `item` may fill `slot`.
    fn fits(&self, item: &Item, slot: usize) -> bool {
        let (seat, time) = self.slots[slot];
        let seat_ok = match item.owner {
            Some(owner) => owner == seat,
            None => seat != self.obs.seat && self.obs.open_hands.is_none(),
        };
        seat_ok
            && time <= item.leaves
            && self.lacks.iter().all(|&(when, who, cards)| {
                who != seat || when >= item.leaves || !cards.contains(item.card) || time > when
            })
    }

    /// A maximum matching of items to slots (owned items first, so each stays matched once it is):
    /// the slot of each item and the item of each slot.
    fn matching(&self, items: &[Item]) -> (Vec<Option<usize>>, Vec<Option<usize>>) {
        let mut slot_of_item = vec![None; items.len()];
        let mut item_of_slot = vec![None; self.slots.len()];
        let fitting: Vec<Vec<usize>> = items
            .iter()
            .map(|item| {
                (0..self.slots.len())
                    .filter(|&slot| Some(slot) != self.last_draw && self.fits(item, slot))
                    .collect()
            })
            .collect();
        for item in 0..items.len() {
            let mut visited = vec![false; self.slots.len()];
            augment(item, &fitting, &mut item_of_slot, &mut visited);
        }
        for (slot, item) in item_of_slot.iter().enumerate() {
            if let Some(item) = *item {
                slot_of_item[item] = Some(slot);
            }
        }
        (slot_of_item, item_of_slot)
    }

    /// Deals `order` and replays the auction, the exchanges and the plays.
    fn play(&self, order: Vec<Card>) -> Result<Game, ObservationError> {
        let obs = self.obs;
        let mut game = Game::new(obs.ruleset, obs.dealer, &Deal::Order(order))
            .map_err(|_| ObservationError::NoDeal)?;
        let mut index = 0;
        let mut apply = |game: &mut Game, action: Action| {
            let applied = game
                .apply(action)
                .map_err(|refusal| ObservationError::History {
                    index,
                    action,
                    refusal,
                });
            index += 1;
            applied
        };
        if let Some(auction) = &obs.auction {
            // The log names each turn's seat; the rules decide whose turn it is, and the comparison of
            // the replayed observation catches a log that names another seat.
            for turn in &auction.log {
                apply(&mut game, turn.bid.map_or(Action::Pass, Action::Bid))?;
            }
            if let Some(card) = auction.called {
                apply(&mut game, Action::Call(card))?;
            }
        }
        let mut exchanges = obs.exchanges.iter().zip(&self.exchange_times).peekable();
        let mut signals = obs.signals.iter().peekable();
        let mut signal = |game: &mut Game, p: usize| {
            while let Some(v) = signals.next_if(|v| usize::from(v.plays_before) == p) {
                if !game.replay_signal(v.seat, v.sena, obs.seat) {
                    return Err(ObservationError::Mismatch { field: "signals" });
                }
            }
            Ok(())
        };
        for (p, play) in self.plays.iter().enumerate() {
            signal(&mut game, p)?;
            while let Some((exchange, _)) = exchanges.next_if(|&(_, &time)| time == p) {
                apply(&mut game, Action::Exchange(exchange.gave))?;
            }
            apply(&mut game, Action::Play(play.card))?;
        }
        signal(&mut game, self.plays.len())?;
        for (exchange, _) in exchanges {
            apply(&mut game, Action::Exchange(exchange.gave))?;
        }
        Ok(game)
    }
}

/// Kuhn's augmenting path from `item`: whether it could be matched (re-routing others).
fn augment(
    item: usize,
    fitting: &[Vec<usize>],
    item_of_slot: &mut [Option<usize>],
    visited: &mut [bool],
) -> bool {
    for &slot in &fitting[item] {
        if visited[slot] {
            continue;
        }
        visited[slot] = true;
        let free = match item_of_slot[slot] {
            None => true,
            Some(other) => augment(other, fitting, item_of_slot, visited),
        };
        if free {
            item_of_slot[slot] = Some(item);
            return true;
        }
    }
    false
}

/// Plays that show what a seat lacked: under a duty to follow suit, a card off the suit led means none
/// of that suit; under the duty to beat, a card of the suit that does not win means none that would.
fn lacks(
    obs: &Observation,
    plays: &[PlayView],
    timeline: &StockTimeline,
    trick_size: usize,
) -> Vec<(usize, Seat, CardSet)> {
    let rules = &obs.ruleset;
    let trump = trump_in_play(obs, plays);
    let strengths = rules.order.strengths();
    let mut lacks = Vec::new();
    for (k, trick) in plays.chunks(trick_size).enumerate() {
        let stock_empty = timeline.after(k) == 0;
        let (follow, beat) = match rules.follow {
            FollowRule::Free => (false, false),
            FollowRule::FollowAlways => (true, false),
            FollowRule::FollowWhenStockEmpty => (stock_empty, false),
            FollowRule::FollowAndBeatWhenStockEmpty => (stock_empty, stock_empty),
        };
        if !follow {
            continue;
        }
        let cards: Vec<Card> = trick.iter().map(|p| p.card).collect();
        let led = CardSet::suit(cards[0].suit());
        for (position, play) in trick.iter().enumerate().skip(1) {
            let best = cards[trick_winner_index(&cards[..position], trump, strengths)];
            let lacked = if !led.contains(play.card) {
                led
            } else if beat && !beats(play.card, best, trump, strengths) {
                led.iter()
                    .filter(|&c| beats(c, best, trump, strengths))
                    .collect()
            } else {
                continue;
            };
            lacks.push((k * trick_size + position, play.seat, lacked));
        }
    }
    lacks
}

/// The trump that decides the tricks of `plays` (the hand's plays so far), as far as the observation
/// tells: the observed trump, or the suit of the first card where the first card names it.
pub(super) fn trump_in_play(obs: &Observation, plays: &[PlayView]) -> Option<Suit> {
    match obs.ruleset.trump {
        TrumpRule::FirstCardPlayed => plays.first().map(|p| p.card.suit()),
        TrumpRule::NoTrump => None,
        TrumpRule::TurnedUp | TrumpRule::Called => obs.trump,
    }
}
