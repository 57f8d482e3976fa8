//! [`Game`]: one hand of any variant, from the deal to the result.
//!
//! A `Game` is only made from a setup ([`Game::new`]: a validated [`Ruleset`], a dealer and a [`Deal`]),
//! so every value of the type is a reachable position. Play goes through [`Game::legal_actions`] and the
//! checked [`Game::apply`], which dispatch on the explicit [`Phase`] and leave the game unchanged when
//! they refuse an action. The state is plain fixed-size data (no heap) apart from the chiamata auction's
//! log, which is shared between clones (reference-counted), so cloning it for search stays cheap.
//!
//! Deliberately absent: matches (see [`crate::Match`]), files, clocks and global randomness — chance is
//! the `Deal`, nothing else.

mod action;
mod illegal;
mod invariants;
mod key;
mod play;
mod result;
mod sample;
mod setup_error;
mod signal;

pub use action::{Action, ActionList, Bid, MAX_ACTIONS, ParseActionError, action_text};
pub use illegal::IllegalAction;
pub use invariants::InvariantViolation;
pub(crate) use key::PositionKey;
pub use play::{beats, mano_negra_cards, trick_winner_index};
pub use result::{ChiamataResult, HandEnd, HandOutcome, HandResult};
pub use setup_error::SetupError;
pub use signal::{Sena, Signal};

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::ruleset::MAX_PLAYERS;
use crate::{Card, CardSet, Rng, Ruleset, Suit, TrumpRule};

/// A seat at the table, `0..players`, numbered in playing order (counter-clockwise in the texts).
pub type Seat = u8;

/// Most cards any deck has.
const MAX_CARDS: usize = Card::COUNT;
/// Most tricks a hand can have (48 cards, 2 players).
const MAX_TRICKS: usize = MAX_CARDS / 2;

/// How the cards are dealt: a seed for a shuffle, or an explicit deck order.
///
/// An explicit order lists the whole deck from the top: the first `players × hand_size` cards are dealt one
/// at a time to the seats in playing order starting after the dealer; with a turned-up trump the next card
/// is turned face up (and is drawn last); the rest is the stock, drawn from the front.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Deal {
    /// Shuffle the ruleset's deck with [`Rng::new`]`(seed)`.
    Seed(u64),
    /// Use exactly this deck order.
    Order(Vec<Card>),
}

/// What kind of move the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Phase {
    /// Chiamata: bids and passes.
    Bidding,
    /// Chiamata: the auction winner calls a card.
    Calling,
    /// Cards are played (and, where allowed, exchanges and mano negra declared).
    Playing,
    /// The hand is over; see [`Game::result`].
    Finished,
}

/// A card exchanged for the face-up trump (public).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Exchange {
    /// Who exchanged.
    pub seat: Seat,
    /// The card put face up under the stock.
    pub gave: Card,
    /// The face-up trump taken into the hand.
    pub took: Card,
    /// How many tricks had been completed.
    pub trick: u8,
}

/// One turn of the chiamata auction (public): a bid, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AuctionTurn {
    /// Who bid or passed.
    pub seat: Seat,
    /// The bid; `None` for a pass.
    pub bid: Option<Bid>,
}

/// Most exchanges a hand records (each needs a different face-up card; far fewer happen).
const MAX_EXCHANGES: usize = 8;

/// Chiamata auction state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Auction {
    /// Every bid and pass in order; `None` until the first (so other variants never allocate). Shared
    /// between clones: it only grows during the auction, copied on write.
    log: Option<Arc<Vec<AuctionTurn>>>,
    /// Bit per seat that has passed.
    passed: u8,
    /// The highest bid so far and its bidder.
    best: Option<(Seat, Bid)>,
    /// The called card, once called.
    called: Option<Card>,
    /// The holder of the called card at the call (the declarer himself when he called his own card).
    partner: Option<Seat>,
}

/// One hand in progress. See the module docs.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Ruleset,
    dealer: Seat,
    phase: Phase,
    to_move: Seat,
    hands: [CardSet; MAX_PLAYERS],
    /// Stock, bottom first: with a turned-up trump, `stock[0]` is the face-up card; the top is drawn next.
    stock: [Card; MAX_CARDS],
    stock_len: u8,
    face_up: Option<Card>,
    trump: Option<Suit>,
    /// Every card played, in order, and who played it. Trick `t` is `plays[t * trick_size..]`.
    plays: [Card; MAX_CARDS],
    play_seats: [Seat; MAX_CARDS],
    n_plays: u8,
    winners: [Seat; MAX_TRICKS],
    n_tricks: u8,
    /// Cached from the rules: rank strengths and points, players, and cards in a trick.
    strengths: &'static [u8; 12],
    rank_points: &'static [u8; 12],
    players: u8,
    trick_len: u8,
    /// Index in `plays` of the trick in progress, and the position in it of the card winning it so far.
    trick_start: u8,
    best_pos: u8,
    piles: [CardSet; MAX_PLAYERS],
    /// Card points of each pile, kept as tricks are won.
    points: [u16; MAX_PLAYERS],
    /// Cards publicly known to be in each hand (taken in an exchange, the face-up trump drawn last).
    known: [CardSet; MAX_PLAYERS],
    /// Suits each seat is publicly known to lack (bit per suit), from a duty to follow suit.
    voids: [u8; MAX_PLAYERS],
    exchanges: [Exchange; MAX_EXCHANGES],
    n_exchanges: u8,
    auction: Auction,
    /// Señas made, oldest first; `None` until the first (so hands without señas never allocate).
    /// Shared between clones, copied on write.
    signals: Option<Arc<Vec<Signal>>>,
    /// The deal's chance number for catching señas (`signal.rs`); 0 without señas.
    chance: u64,
    /// How the hand ended; the [`HandResult`] is computed from it on request.
    end: Option<HandEnd>,
}

impl Game {
    /// Deals a new hand.
    ///
    /// ```
    /// use briscola::{Deal, Game, Phase, Preset, Ruleset};
    /// let rules = Ruleset::preset(Preset::Briscola, 2)?;
    /// let game = Game::new(rules, 0, &Deal::Seed(42))?;
    /// assert_eq!(game.phase(), Phase::Playing);
    /// assert_eq!(game.to_move(), 1); // the player after the dealer leads
    /// assert_eq!(game.hand(1).len(), 3);
    /// assert_eq!(game.stock_len(), 34);
    /// # Ok::<(), briscola::SetupError>(())
    /// ```
    pub fn new(rules: Ruleset, dealer: Seat, deal: &Deal) -> Result<Game, SetupError> {
        rules.validate()?;
        if dealer >= rules.players {
            return Err(SetupError::Dealer {
                dealer,
                players: rules.players,
            });
        }
        let deck = rules.deck_cards();
        match deal {
            Deal::Seed(seed) => {
                let mut order = [Card::new(Suit::Coins, crate::Rank::Ace); MAX_CARDS];
                let mut n = 0;
                for card in deck {
                    order[n] = card;
                    n += 1;
                }
                Rng::new(*seed).shuffle(&mut order[..n]);
                Ok(Game::from_order(rules, dealer, &order[..n]))
            }
            Deal::Order(order) => {
                let given: CardSet = order.iter().copied().collect();
                // Decks hold at most 48 cards.
                let expected = deck.len() as u8;
                let mut seen = CardSet::EMPTY;
                let duplicate = order.iter().copied().find(|&c| {
                    let twice = seen.contains(c);
                    seen.insert(c);
                    twice
                });
                let problem = if let Some(card) = duplicate {
                    Some(SetupError::DeckDuplicate { expected, card })
                } else if given != deck {
                    Some(SetupError::DeckMismatch {
                        expected,
                        missing: (deck - given).iter().collect(),
                        extra: (given - deck).iter().collect(),
                    })
                } else {
                    None
                };
                match problem {
                    Some(problem) => Err(problem),
                    None => Ok(Game::from_order(rules, dealer, order)),
                }
            }
        }
    }

    /// The deck order a seed deals, for records that store explicit orders.
    pub fn seed_order(rules: &Ruleset, seed: u64) -> Vec<Card> {
        let mut order: Vec<Card> = rules.deck_cards().iter().collect();
        Rng::new(seed).shuffle(&mut order);
        order
    }

    /// A hand with no cards anywhere yet: the starting point of a deal and of a sampled world.
    pub(super) fn blank(rules: Ruleset, dealer: Seat) -> Game {
        let filler = Card::new(Suit::Coins, crate::Rank::Ace);
        Game {
            rules,
            dealer,
            phase: Phase::Playing,
            to_move: 0,
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            stock: [filler; MAX_CARDS],
            stock_len: 0,
            face_up: None,
            trump: None,
            plays: [filler; MAX_CARDS],
            play_seats: [0; MAX_CARDS],
            n_plays: 0,
            winners: [0; MAX_TRICKS],
            n_tricks: 0,
            strengths: rules.order.strengths(),
            rank_points: rules.order.points(),
            players: rules.players,
            trick_len: rules.players * rules.plays_per_trick,
            trick_start: 0,
            best_pos: 0,
            piles: [CardSet::EMPTY; MAX_PLAYERS],
            points: [0; MAX_PLAYERS],
            known: [CardSet::EMPTY; MAX_PLAYERS],
            voids: [0; MAX_PLAYERS],
            exchanges: [Exchange {
                seat: 0,
                gave: filler,
                took: filler,
                trick: 0,
            }; MAX_EXCHANGES],
            n_exchanges: 0,
            auction: Auction::default(),
            signals: None,
            chance: 0,
            end: None,
        }
    }

    /// Builds the hand from a checked deck order.
    fn from_order(rules: Ruleset, dealer: Seat, order: &[Card]) -> Game {
        let players = usize::from(rules.players);
        let leader = (dealer + 1) % rules.players;
        let mut game = Game::blank(rules, dealer);
        game.to_move = leader;
        if rules.senas {
            game.chance = signal::chance_of_order(order);
        }
        let dealt = players * usize::from(rules.hand_size);
        let mut seat = leader;
        for &card in &order[..dealt] {
            game.hands[usize::from(seat)].insert(card);
            seat = game.next_seat(seat);
        }
        let rest = &order[dealt..];
        // The deck order lists the stock from the top; it is stored bottom first. With a turned-up
        // trump, the first card after the deal is turned face up and put at the bottom.
        let (turned, draws) = match rules.trump {
            TrumpRule::TurnedUp => (Some(rest[0]), &rest[1..]),
            _ => (None, rest),
        };
        let mut len = 0;
        if let Some(card) = turned {
            game.stock[0] = card;
            game.face_up = Some(card);
            game.trump = Some(card.suit());
            len = 1;
        }
        for &card in draws.iter().rev() {
            game.stock[len] = card;
            len += 1;
        }
        game.stock_len = len as u8;
        if rules.trump == TrumpRule::Called {
            game.phase = Phase::Bidding;
        }
        game
    }

    /// The rules of this hand.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat to act (meaningless once [`Phase::Finished`]).
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The cards in a seat's hand. This is hidden information: build views from [`Game::observation`].
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[usize::from(seat)]
    }

    /// The trump suit, once known.
    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    /// The face-up trump card while it is still under the stock.
    pub fn face_up(&self) -> Option<Card> {
        self.face_up
    }

    /// Cards left in the stock, the face-up trump included.
    pub fn stock_len(&self) -> usize {
        usize::from(self.stock_len)
    }

    /// The stock from the top (next card drawn) down. Hidden information.
    pub fn stock_from_top(&self) -> impl Iterator<Item = Card> + '_ {
        self.stock[..self.stock_len()].iter().rev().copied()
    }

    /// The won cards of a seat.
    pub fn pile(&self, seat: Seat) -> CardSet {
        self.piles[usize::from(seat)]
    }

    /// Card points a seat has won so far.
    pub fn pile_points(&self, seat: Seat) -> u16 {
        self.points[usize::from(seat)]
    }

    /// Card points of a set of cards under this ruleset.
    pub fn points_of(&self, cards: CardSet) -> u16 {
        cards
            .iter()
            .map(|c| u16::from(self.rules.order.card_points(c)))
            .sum()
    }

    /// Completed tricks.
    pub fn tricks_played(&self) -> usize {
        usize::from(self.n_tricks)
    }

    /// Cards in one trick (players × plays per trick).
    pub fn trick_size(&self) -> usize {
        usize::from(self.trick_len)
    }

    /// Every play of the hand in order, with its seat.
    pub fn plays(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        let n = usize::from(self.n_plays);
        self.play_seats[..n]
            .iter()
            .copied()
            .zip(self.plays[..n].iter().copied())
    }

    /// The plays of the trick in progress.
    pub fn current_trick(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        self.plays().skip(usize::from(self.trick_start))
    }

    /// The winner of each completed trick.
    pub fn trick_winners(&self) -> &[Seat] {
        &self.winners[..self.tricks_played()]
    }

    /// The exchanges made so far.
    pub fn exchanges(&self) -> &[Exchange] {
        &self.exchanges[..usize::from(self.n_exchanges)]
    }

    /// Cards publicly known to be in a seat's hand.
    pub fn known_in_hand(&self, seat: Seat) -> CardSet {
        self.known[usize::from(seat)]
    }

    /// Suits a seat is publicly known to lack (bit `i` for [`Suit::from_index`]`(i)`).
    pub fn known_voids(&self, seat: Seat) -> u8 {
        self.voids[usize::from(seat)]
    }

    /// The result, once the hand is over (computed on request: the play path never allocates).
    pub fn result(&self) -> Option<HandResult> {
        self.end.map(|end| self.hand_result(end))
    }

    /// The seat after `seat` in playing order.
    #[inline]
    fn next_seat(&self, seat: Seat) -> Seat {
        if seat + 1 == self.players {
            0
        } else {
            seat + 1
        }
    }

    /// Every seña made in the hand, with who caught it. Hidden information: build views from
    /// [`Game::observation`].
    pub fn signals(&self) -> &[Signal] {
        self.signals.as_deref().map_or(&[], Vec::as_slice)
    }

    /// The señas the seat to move may make now: every one when the rules have señas, cards are being
    /// played and it has not signalled in this trick; none otherwise. A seña does not pass the turn,
    /// so [`Game::legal_actions`] (the moves that do) never lists it.
    pub fn legal_senas(&self) -> &'static [Sena] {
        if self.signal_refusal().is_none() {
            &Sena::ALL
        } else {
            &[]
        }
    }

    /// Chiamata: the highest bid and its bidder.
    pub fn best_bid(&self) -> Option<(Seat, Bid)> {
        self.auction.best
    }

    /// Chiamata: every bid and pass so far, in order.
    pub fn auction_log(&self) -> &[AuctionTurn] {
        self.auction.log.as_deref().map_or(&[], Vec::as_slice)
    }

    /// Chiamata: whether a seat has passed.
    pub fn has_passed(&self, seat: Seat) -> bool {
        self.auction.passed & (1 << seat) != 0
    }

    /// Chiamata: the called card.
    pub fn called_card(&self) -> Option<Card> {
        self.auction.called
    }

    /// Chiamata: the declarer (the auction winner), once the auction is over.
    pub fn declarer(&self) -> Option<Seat> {
        match self.phase {
            Phase::Bidding => None,
            _ => self.auction.best.map(|(seat, _)| seat),
        }
    }

    /// Chiamata: the declarer's partner. Hidden until the called card is played; use
    /// [`Game::revealed_partner`] for what the table knows.
    pub fn partner(&self) -> Option<Seat> {
        self.auction.partner
    }

    /// Chiamata: the partner once the called card has been played (or the declarer when alone and the
    /// card has been played).
    pub fn revealed_partner(&self) -> Option<Seat> {
        let called = self.auction.called?;
        self.plays()
            .find(|&(_, c)| c == called)
            .map(|(seat, _)| seat)
    }

    /// The sides of the hand as seat bit masks: each player alone, fixed partnerships, or (chiamata)
    /// declarer with partner against the rest once the partner is fixed.
    pub fn sides(&self) -> Vec<u8> {
        let players = self.rules.players;
        if let (Some(declarer), Some(partner)) = (self.declarer(), self.auction.partner) {
            let team = (1u8 << declarer) | (1u8 << partner);
            let all = ((1u16 << players) - 1) as u8;
            return vec![team, all & !team];
        }
        if self.rules.fixed_team(0).is_some() {
            let mut sides = vec![0u8; 2];
            for seat in 0..players {
                sides[usize::from(seat % 2)] |= 1 << seat;
            }
            return sides;
        }
        (0..players).map(|s| 1u8 << s).collect()
    }
}

/// Iterates the seats of a bit mask.
pub fn seats_of(mask: u8) -> impl Iterator<Item = Seat> {
    (0..8u8).filter(move |s| mask & (1 << s) != 0)
}
