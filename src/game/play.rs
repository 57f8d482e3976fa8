//! Legal actions and the checked `apply`, dispatched on the [`Phase`].
//!
//! `apply` validates completely before it changes anything, so a refused action leaves the game exactly
//! as it was. The play path (legal cards, trick winner, drawing) avoids allocation: it is what random
//! playouts and AI search run millions of times.

use std::sync::Arc;

use super::{
    Action, ActionList, AuctionTurn, Bid, Exchange, Game, HandEnd, IllegalAction, MAX_EXCHANGES,
    Phase, Seat,
};
use crate::{Card, CardSet, ExchangeRule, FollowRule, Rank, Suit, TrumpRule};

/// How a trick resolves: the index (in the trick) of the winning card. `strengths` is
/// [`CardOrder::strengths`](crate::CardOrder::strengths) of the ruleset.
pub fn trick_winner_index(cards: &[Card], trump: Option<Suit>, strengths: &[u8; 12]) -> usize {
    let mut best = 0;
    for i in 1..cards.len() {
        if beats(cards[i], cards[best], trump, strengths) {
            best = i;
        }
    }
    best
}

/// Whether `challenger`, played after `best`, takes the trick from it.
#[inline]
pub fn beats(challenger: Card, best: Card, trump: Option<Suit>, strengths: &[u8; 12]) -> bool {
    // Branch-free on purpose: which card wins a trick is as unpredictable as the cards, and a
    // mispredicted branch costs more than computing both answers.
    let same_suit = challenger.suit() == best.suit();
    let stronger = strengths[challenger.rank().index()] > strengths[best.rank().index()];
    let trumps = Some(challenger.suit()) == trump;
    (same_suit & stronger) | (!same_suit & trumps)
}

/// The cards mano negra shows: the ace, three and king of trumps.
pub fn mano_negra_cards(trump: Suit) -> [Card; 3] {
    [Rank::Ace, Rank::Three, Rank::King].map(|rank| Card::new(trump, rank))
}

impl Game {
    /// Every legal action of the seat to move (empty when the hand is over).
    pub fn legal_actions(&self) -> ActionList {
        let mut list = ActionList::new();
        match self.phase {
            Phase::Finished => {}
            Phase::Bidding => self.legal_bids(&mut list),
            Phase::Calling => {
                if let Some((_, bid)) = self.auction.best {
                    for suit in Suit::ALL {
                        let card = Card::new(suit, bid.rank);
                        if self.rules.deck_cards().contains(card) {
                            list.push(Action::Call(card));
                        }
                    }
                }
            }
            Phase::Playing => {
                for card in self.legal_cards() {
                    list.push(Action::Play(card));
                }
                for card in self.hand(self.to_move) {
                    if self.exchange_refusal(card).is_none() {
                        list.push(Action::Exchange(card));
                    }
                }
                if self.mano_negra_refusal().is_none() {
                    list.push(Action::ManoNegra);
                }
            }
        }
        list
    }

    /// The cards the seat to move may play now (empty outside the playing phase).
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != Phase::Playing {
            return CardSet::EMPTY;
        }
        let hand = self.hand(self.to_move);
        let Some(led) = self.led_card() else {
            return hand;
        };
        match self.follow_duty() {
            Duty::None => hand,
            Duty::Follow => {
                let same = hand & CardSet::suit(led.suit());
                if same.is_empty() { hand } else { same }
            }
            Duty::FollowAndBeat => {
                let same = hand & CardSet::suit(led.suit());
                if same.is_empty() {
                    return hand;
                }
                let best = self.current_best();
                let strengths = self.rules.order.strengths();
                let winning: CardSet = same
                    .iter()
                    .filter(|&c| beats(c, best, self.trump, strengths))
                    .collect();
                if winning.is_empty() { same } else { winning }
            }
        }
    }

    /// Whether `action` is legal now.
    pub fn is_legal(&self, action: Action) -> bool {
        self.refusal(action).is_none()
    }

    /// Applies a legal action. An illegal one is refused with the reason, and the game is unchanged.
    ///
    /// ```
    /// use briscola::{Action, Deal, Game, IllegalAction, Preset, Ruleset};
    /// let rules = Ruleset::preset(Preset::Briscola, 2)?;
    /// let mut game = Game::new(rules, 0, &Deal::Seed(7))?;
    /// let not_mine = game.hand(0).first().expect("seat 0 has cards");
    /// let before = game.clone();
    /// assert!(matches!(game.apply(Action::Play(not_mine)), Err(IllegalAction::CardNotHeld { .. })));
    /// assert_eq!(game.to_move(), before.to_move());
    /// let mine = game.legal_cards().first().expect("seat 1 has cards");
    /// game.apply(Action::Play(mine))?;
    /// assert_eq!(game.to_move(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        if let Some(refusal) = self.refusal(action) {
            return Err(refusal);
        }
        match action {
            Action::Play(card) => self.play_card(card),
            Action::Exchange(card) => self.exchange(card),
            Action::ManoNegra => self.finish(HandEnd::ManoNegra { seat: self.to_move }),
            Action::Bid(bid) => self.bid(Some(bid)),
            Action::Pass => self.bid(None),
            Action::Call(card) => self.call(card),
            Action::Signal(sena) => self.signal(sena),
        }
        Ok(())
    }

    /// Plays a card already known to be legal, skipping validation: for search and playouts that take
    /// their cards from [`Game::legal_cards`]. Debug builds still check legality.
    pub fn play_unchecked(&mut self, card: Card) {
        debug_assert!(self.legal_cards().contains(card), "{card} is not legal");
        self.play_card(card);
    }

    /// Why `action` would be refused, or `None` if it is legal.
    fn refusal(&self, action: Action) -> Option<IllegalAction> {
        let wrong_phase = || {
            Some(IllegalAction::WrongPhase {
                action,
                phase: self.phase,
            })
        };
        match (self.phase, action) {
            (Phase::Finished, _) => Some(IllegalAction::HandOver),
            (Phase::Playing, Action::Play(card)) => self.play_refusal(card),
            (Phase::Playing, Action::Exchange(card)) => self.exchange_refusal(card),
            (Phase::Playing, Action::ManoNegra) => self.mano_negra_refusal(),
            (Phase::Bidding, Action::Bid(bid)) => self.bid_refusal(bid),
            (Phase::Bidding, Action::Pass) => None,
            (Phase::Calling, Action::Call(card)) => self.call_refusal(card),
            (_, Action::Signal(_)) if !self.rules.senas => Some(IllegalAction::NoSenas),
            (Phase::Playing, Action::Signal(_)) => self.signal_refusal(),
            _ => wrong_phase(),
        }
    }

    fn play_refusal(&self, card: Card) -> Option<IllegalAction> {
        let seat = self.to_move;
        if !self.hand(seat).contains(card) {
            return Some(IllegalAction::CardNotHeld { seat, card });
        }
        if self.legal_cards().contains(card) {
            return None;
        }
        Some(match self.follow_duty() {
            Duty::FollowAndBeat => IllegalAction::MustFollowAndBeat { card },
            _ => IllegalAction::MustFollow { card },
        })
    }

    /// The first card of the trick in progress.
    fn led_card(&self) -> Option<Card> {
        (self.n_plays > self.trick_start).then(|| self.plays[usize::from(self.trick_start)])
    }

    /// The card currently winning the trick in progress (the trick must have begun).
    fn current_best(&self) -> Card {
        self.plays[usize::from(self.trick_start) + usize::from(self.best_pos)]
    }

    fn follow_duty(&self) -> Duty {
        let stock_empty = self.stock_len == 0;
        match self.rules.follow {
            FollowRule::Free => Duty::None,
            FollowRule::FollowAlways => Duty::Follow,
            FollowRule::FollowWhenStockEmpty if stock_empty => Duty::Follow,
            FollowRule::FollowAndBeatWhenStockEmpty if stock_empty => Duty::FollowAndBeat,
            _ => Duty::None,
        }
    }

    fn exchange_refusal(&self, card: Card) -> Option<IllegalAction> {
        use IllegalAction as I;
        let seat = self.to_move;
        if self.rules.exchange == ExchangeRule::Never {
            return Some(I::NoExchange { card });
        }
        let Some(face_up) = self.face_up else {
            return Some(I::FaceUpDrawn { card });
        };
        if !self.hand(seat).contains(card) {
            return Some(IllegalAction::CardNotHeld { seat, card });
        }
        if Some(card.suit()) != self.trump {
            return Some(I::ExchangeNotTrump { card });
        }
        let leading = self.led_card().is_none();
        let strengths = self.rules.order.strengths();
        match self.rules.exchange {
            ExchangeRule::Never => Some(I::NoExchange { card }),
            ExchangeRule::TwoBeforeFirstTrick => {
                if card.rank() != Rank::Two {
                    Some(I::ExchangeOnlyTwo { card })
                } else if self.n_tricks > 0 {
                    Some(I::ExchangeFirstTrick { card })
                } else {
                    None
                }
            }
            rule @ (ExchangeRule::SevenAndTwo | ExchangeRule::SevenAndTwoAfterWinning) => {
                if rule == ExchangeRule::SevenAndTwoAfterWinning
                    && !(leading && self.n_tricks > 0 && self.last_winner() == Some(seat))
                {
                    return Some(I::ExchangeAfterWinning { card });
                }
                match card.rank() {
                    Rank::Seven
                        if strengths[face_up.rank().index()] > strengths[Rank::Seven.index()] =>
                    {
                        None
                    }
                    Rank::Seven => Some(I::SevenTakesHigher { card, face_up }),
                    Rank::Two
                        if matches!(
                            face_up.rank(),
                            Rank::Four | Rank::Five | Rank::Six | Rank::Seven
                        ) =>
                    {
                        None
                    }
                    Rank::Two => Some(I::TwoTakesLow { card, face_up }),
                    _ => Some(I::ExchangeSevenOrTwo { card }),
                }
            }
        }
    }

    fn mano_negra_refusal(&self) -> Option<IllegalAction> {
        if !self.rules.mano_negra {
            return Some(IllegalAction::NoManoNegra);
        }
        let Some(trump) = self.trump else {
            return Some(IllegalAction::ManoNegraNoTrump);
        };
        let needed: CardSet = mano_negra_cards(trump).into_iter().collect();
        if self.hand(self.to_move).is_superset(needed) {
            None
        } else {
            Some(IllegalAction::ManoNegraNotHeld { trump })
        }
    }

    fn last_winner(&self) -> Option<Seat> {
        self.trick_winners().last().copied()
    }

    fn play_card(&mut self, card: Card) {
        let seat = self.to_move;
        let s = usize::from(seat);
        let start = usize::from(self.trick_start);
        let n = usize::from(self.n_plays);
        let position = n - start;
        if position > 0 {
            let led = self.plays[start];
            if self.rules.follow != FollowRule::Free
                && card.suit() != led.suit()
                && self.follow_duty() != Duty::None
            {
                self.voids[s] |= 1 << led.suit().index();
            }
            let wins = beats(card, self.current_best(), self.trump, self.strengths);
            self.best_pos = if wins { position as u8 } else { self.best_pos };
        } else {
            self.best_pos = 0;
        }
        self.hands[s].remove(card);
        self.known[s].remove(card);
        self.plays[n] = card;
        self.play_seats[n] = seat;
        self.n_plays += 1;
        if self.trump.is_none() && self.rules.trump == TrumpRule::FirstCardPlayed {
            self.trump = Some(card.suit());
        }
        if position + 1 < usize::from(self.trick_len) {
            self.to_move = self.next_seat(seat);
        } else {
            self.close_trick();
        }
    }

    fn close_trick(&mut self) {
        let start = usize::from(self.trick_start);
        let end = start + usize::from(self.trick_len);
        let winner = self.play_seats[start + usize::from(self.best_pos)];
        let w = usize::from(winner);
        let points = self.rank_points;
        for &card in &self.plays[start..end] {
            self.piles[w].insert(card);
            self.points[w] += u16::from(points[card.rank().index()]);
        }
        self.winners[usize::from(self.n_tricks)] = winner;
        self.n_tricks += 1;
        self.trick_start = end as u8;
        self.to_move = winner;
        if self.stock_len > 0 {
            for _ in 0..self.rules.plays_per_trick {
                let mut seat = winner;
                for _ in 0..self.players {
                    let s = usize::from(seat);
                    self.stock_len -= 1;
                    let card = self.stock[usize::from(self.stock_len)];
                    self.hands[s].insert(card);
                    // A drawn card may fill a void.
                    self.voids[s] = 0;
                    if self.stock_len == 0 && self.face_up == Some(card) {
                        self.face_up = None;
                        self.known[s].insert(card);
                    }
                    seat = self.next_seat(seat);
                }
            }
        }
        if self.hands[w].is_empty() {
            self.finish(HandEnd::AllCardsPlayed);
        }
    }

    fn exchange(&mut self, card: Card) {
        let s = usize::from(self.to_move);
        let Some(face_up) = self.face_up else { return };
        self.hands[s].remove(card);
        self.known[s].remove(card);
        self.hands[s].insert(face_up);
        self.known[s].insert(face_up);
        self.stock[0] = card;
        self.face_up = Some(card);
        let n = usize::from(self.n_exchanges);
        if n < MAX_EXCHANGES {
            self.exchanges[n] = Exchange {
                seat: self.to_move,
                gave: card,
                took: face_up,
                trick: self.n_tricks,
            };
            self.n_exchanges += 1;
        }
    }
}

/// The duty to follow suit in force for the next card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Duty {
    None,
    Follow,
    FollowAndBeat,
}

// ---- Chiamata auction -------------------------------------------------------------------------------

impl Game {
    /// The weakest rank of the deck: bids by points are made "with the two" unless forcing is allowed.
    fn weakest_rank(&self) -> Rank {
        let deck = self.rules.deck_cards();
        self.rules
            .order
            .ranks_by_strength()
            .into_iter()
            .rev()
            .find(|&r| !(deck & CardSet::rank(r)).is_empty())
            .unwrap_or(Rank::Two)
    }

    /// Whether `bid` is higher than `than`: a weaker rank, or the same rank with more points.
    fn bid_higher(&self, bid: Bid, than: Bid) -> bool {
        let strengths = self.rules.order.strengths();
        let (b, t) = (strengths[bid.rank.index()], strengths[than.rank.index()]);
        b < t || (b == t && bid.points > than.points)
    }

    /// Points above 61 may be bid with the weakest rank ("two with 65 points"), or, when forcing is
    /// allowed, to raise the current bid keeping its card.
    fn may_bid_points(&self, rank: Rank) -> bool {
        rank == self.weakest_rank()
            || (self.rules.forcing && self.auction.best.is_some_and(|(_, best)| best.rank == rank))
    }

    fn legal_bids(&self, list: &mut ActionList) {
        list.push(Action::Pass);
        for rank in self.rules.order.ranks_by_strength() {
            for points in Bid::MIN_POINTS..=Bid::MAX_POINTS {
                let bid = Bid { rank, points };
                if self.bid_refusal(bid).is_none() {
                    list.push(Action::Bid(bid));
                }
            }
        }
    }

    fn bid_refusal(&self, bid: Bid) -> Option<IllegalAction> {
        if (self.rules.deck_cards() & CardSet::rank(bid.rank)).is_empty() {
            return Some(IllegalAction::BidRank { bid });
        }
        if !(Bid::MIN_POINTS..=Bid::MAX_POINTS).contains(&bid.points) {
            return Some(IllegalAction::BidPoints {
                bid,
                min: Bid::MIN_POINTS,
                max: Bid::MAX_POINTS,
            });
        }
        if bid.points > Bid::MIN_POINTS && !self.may_bid_points(bid.rank) {
            return Some(IllegalAction::BidRaise { bid });
        }
        if let Some((_, best)) = self.auction.best
            && !self.bid_higher(bid, best)
        {
            return Some(IllegalAction::BidTooLow { bid, best });
        }
        None
    }

    fn bid(&mut self, bid: Option<Bid>) {
        let seat = self.to_move;
        let log = self.auction.log.get_or_insert_with(Arc::default);
        Arc::make_mut(log).push(AuctionTurn { seat, bid });
        match bid {
            Some(bid) => self.auction.best = Some((seat, bid)),
            None => self.auction.passed |= 1 << seat,
        }
        let players = self.rules.players;
        let passed = self.auction.passed.count_ones() as u8;
        if passed == players {
            self.finish(HandEnd::AllPassed);
            return;
        }
        if let Some((declarer, _)) = self.auction.best
            && passed == players - 1
        {
            self.phase = Phase::Calling;
            self.to_move = declarer;
            return;
        }
        let mut next = (seat + 1) % players;
        while self.has_passed(next) {
            next = (next + 1) % players;
        }
        self.to_move = next;
    }

    fn call_refusal(&self, card: Card) -> Option<IllegalAction> {
        let Some((_, bid)) = self.auction.best else {
            return Some(IllegalAction::CallNoBid { card });
        };
        if card.rank() != bid.rank {
            return Some(IllegalAction::CallRank {
                card,
                rank: bid.rank,
            });
        }
        if !self.rules.deck_cards().contains(card) {
            return Some(IllegalAction::CallNotInDeck { card });
        }
        None
    }

    fn call(&mut self, card: Card) {
        self.auction.called = Some(card);
        self.auction.partner = (0..self.rules.players).find(|&s| self.hand(s).contains(card));
        self.trump = Some(card.suit());
        self.phase = Phase::Playing;
        self.to_move = (self.dealer + 1) % self.rules.players;
    }
}
