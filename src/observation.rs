//! [`Observation`]: everything one seat may know about a hand, and nothing more.
//!
//! Every AI level and every UI view is built from an observation, never from a [`Game`]. What a seat
//! sees: its own hand (and every hand in open variants), hand sizes, cards publicly known to be in a
//! hand (taken in an exchange, the face-up trump drawn last), publicly known voids, the trump, the
//! face-up card, the stock size (and its top card in open variants), every trick with who played what,
//! pile points (all cards are played face up, so they are public), the auction (every bid and pass), the
//! señas it saw (its own, its partners', the opponents' it caught), the
//! result, and its own legal actions ([`Observation::choices`] groups them as a table shows them). [`Observation::sample_world`] deals the unseen cards at random
//! into a full [`Game`] consistent with all of that, for search. [`Observation::validate`] checks that
//! an observation from outside (the bot protocol) is a position the rules can produce.

mod choices;
mod history;
mod seen_from;
mod validate;

pub use choices::{BidChoices, Choices, ExchangeOffer, PointBids};
pub use validate::ObservationError;

use serde::{Deserialize, Serialize};

use crate::game::{Action, AuctionTurn, Bid, Exchange, Game, HandResult, Phase, Seat, Sena};
use crate::{Card, CardSet, Rng, Ruleset, Suit};

/// One card played, and by whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayView {
    /// The seat that played.
    pub seat: Seat,
    /// The card.
    pub card: Card,
}

/// A completed trick.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TrickView {
    /// The plays in order; the first is the lead.
    pub plays: Vec<PlayView>,
    /// Who won it.
    pub winner: Seat,
    /// Card points in it.
    pub points: u16,
}

/// The chiamata auction as one seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AuctionView {
    /// Every bid and pass so far, in order (the whole auction once it is over).
    pub log: Vec<AuctionTurn>,
    /// The highest bid so far and its bidder.
    pub best: Option<(Seat, Bid)>,
    /// Seats that have passed.
    pub passed: Vec<Seat>,
    /// The auction winner, once the auction is over.
    pub declarer: Option<Seat>,
    /// The called card, once called.
    pub called: Option<Card>,
    /// The partner, if this seat knows it: once the called card is played, or when this seat holds it.
    pub partner: Option<Seat>,
}

/// A seña this seat saw: its own, a partner's, or an opponent's it caught.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SignalView {
    /// The signaller.
    pub seat: Seat,
    /// The seña.
    pub sena: Sena,
    /// Cards played in the hand before it.
    pub plays_before: u8,
}

/// What one seat knows. See the module docs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Observation {
    /// The rules.
    pub ruleset: Ruleset,
    /// The observing seat.
    pub seat: Seat,
    /// The dealer.
    pub dealer: Seat,
    /// The phase.
    pub phase: Phase,
    /// The seat to act.
    pub to_move: Seat,
    /// This seat's hand.
    pub hand: CardSet,
    /// Cards in every seat's hand.
    pub hand_sizes: Vec<u8>,
    /// Every hand, in open variants (scoperta); `None` otherwise.
    pub open_hands: Option<Vec<CardSet>>,
    /// Cards publicly known to be in each seat's hand.
    pub known_in_hands: Vec<CardSet>,
    /// Suits each seat is publicly known to lack (from a duty to follow suit).
    pub known_voids: Vec<Vec<Suit>>,
    /// The fixed team of each seat (partnerships), `None` when everyone plays alone or in chiamata.
    pub teams: Option<Vec<u8>>,
    /// The trump suit, once known.
    pub trump: Option<Suit>,
    /// The face-up trump card while it lies under the stock.
    pub face_up_trump: Option<Card>,
    /// Cards in the stock, the face-up trump included.
    pub stock_len: u8,
    /// The next card to be drawn, in open variants.
    pub next_stock_card: Option<Card>,
    /// The trick in progress.
    pub current_trick: Vec<PlayView>,
    /// Completed tricks, oldest first.
    pub tricks: Vec<TrickView>,
    /// Card points each seat has won.
    pub pile_points: Vec<u16>,
    /// Exchanges made with the face-up trump.
    pub exchanges: Vec<Exchange>,
    /// The chiamata auction, in chiamata.
    pub auction: Option<AuctionView>,
    /// Señas this seat has seen in the hand, oldest first: its own, its partners' and the opponents'
    /// it caught — never whether its own or its partners' were caught (see [`crate::Sena`]).
    #[serde(default)]
    pub signals: Vec<SignalView>,
    /// The señas this seat may make now (empty when it may not): free moves, apart from
    /// `legal_actions`, which lists the moves that pass the turn.
    #[serde(default)]
    pub legal_senas: Vec<Sena>,
    /// This seat's legal actions (empty when it is not its turn), in their text form: an observation
    /// is the bot protocol's request. The app sends the typed choices beside it.
    #[serde(with = "crate::action_text")]
    #[cfg_attr(feature = "ts", ts(as = "Vec<crate::action_text::ActionText>"))]
    pub legal_actions: Vec<Action>,
    /// The result, once the hand is over.
    pub result: Option<HandResult>,
}

impl Game {
    /// What `seat` knows about this hand.
    pub fn observation(&self, seat: Seat) -> Observation {
        let rules = *self.rules();
        let players = rules.players;
        let trick_size = self.trick_size();
        let plays: Vec<PlayView> = self
            .plays()
            .map(|(seat, card)| PlayView { seat, card })
            .collect();
        let tricks = plays
            .chunks(trick_size)
            .zip(self.trick_winners())
            .map(|(chunk, &winner)| TrickView {
                plays: chunk.to_vec(),
                winner,
                points: self.points_of(chunk.iter().map(|p| p.card).collect()),
            })
            .collect();
        let current_trick = plays[self.tricks_played() * trick_size..].to_vec();
        let auction = (rules.trump == crate::TrumpRule::Called).then(|| {
            let holds_called = self
                .called_card()
                .is_some_and(|c| self.hand(seat).contains(c));
            AuctionView {
                log: self.auction_log().to_vec(),
                best: self.best_bid(),
                passed: (0..players).filter(|&s| self.has_passed(s)).collect(),
                declarer: self.declarer(),
                called: self.called_card(),
                partner: self.revealed_partner().or(holds_called.then_some(seat)),
            }
        });
        let my_turn = self.phase() != Phase::Finished && self.to_move() == seat;
        Observation {
            ruleset: rules,
            seat,
            dealer: self.dealer(),
            phase: self.phase(),
            to_move: self.to_move(),
            hand: self.hand(seat),
            hand_sizes: (0..players).map(|s| self.hand(s).len() as u8).collect(),
            open_hands: rules
                .open_hands
                .then(|| (0..players).map(|s| self.hand(s)).collect()),
            known_in_hands: (0..players).map(|s| self.known_in_hand(s)).collect(),
            known_voids: (0..players)
                .map(|s| {
                    Suit::ALL
                        .into_iter()
                        .filter(|x| self.known_voids(s) & (1 << x.index()) != 0)
                        .collect()
                })
                .collect(),
            teams: rules
                .fixed_team(0)
                .map(|_| (0..players).map(|s| s % 2).collect()),
            trump: self.trump(),
            face_up_trump: self.face_up(),
            stock_len: self.stock_len() as u8,
            next_stock_card: if rules.open_hands {
                self.stock_from_top().next()
            } else {
                None
            },
            current_trick,
            tricks,
            pile_points: (0..players).map(|s| self.pile_points(s)).collect(),
            exchanges: self.exchanges().to_vec(),
            auction,
            signals: self.signals_seen_by(seat),
            legal_senas: if my_turn {
                self.legal_senas().to_vec()
            } else {
                Vec::new()
            },
            legal_actions: if my_turn {
                self.legal_actions().iter().copied().collect()
            } else {
                Vec::new()
            },
            result: self.result(),
        }
    }
}

impl Game {
    /// The señas `seat` saw: its own, its partners' and the ones it caught.
    fn signals_seen_by(&self, seat: Seat) -> Vec<SignalView> {
        let team = self.rules().fixed_team(seat);
        self.signals()
            .iter()
            .filter(|s| self.rules().fixed_team(s.seat) == team || s.caught_by & (1 << seat) != 0)
            .map(|s| SignalView {
                seat: s.seat,
                sena: s.sena,
                plays_before: s.plays_before,
            })
            .collect()
    }
}

impl Observation {
    /// Moves taken so far in the hand, counted from what every seat sees of them (every bid and
    /// pass, the call, each exchange, each card played, mano negra shown; señas, which not every seat
    /// sees, are not moves): the number [`crate::Match::hand_actions`] gives.
    pub fn hand_actions(&self) -> u32 {
        let auction = self
            .auction
            .as_ref()
            .map_or(0, |a| a.log.len() + usize::from(a.called.is_some()));
        let plays = self.tricks.iter().map(|t| t.plays.len()).sum::<usize>();
        let mano_negra = self
            .result
            .as_ref()
            .is_some_and(|r| matches!(r.end, crate::HandEnd::ManoNegra { .. }));
        let count = auction
            + self.exchanges.len()
            + plays
            + self.current_trick.len()
            + usize::from(mano_negra);
        u32::try_from(count).unwrap_or(u32::MAX)
    }

    /// Whether this seat may take `action` now: one of its legal actions, or a seña it may make.
    pub fn allows(&self, action: &Action) -> bool {
        match action {
            Action::Signal(sena) => self.legal_senas.contains(sena),
            _ => self.legal_actions.contains(action),
        }
    }

    /// Every card played so far, the trick in progress included.
    pub fn played_cards(&self) -> CardSet {
        self.tricks
            .iter()
            .flat_map(|t| t.plays.iter())
            .chain(self.current_trick.iter())
            .map(|p| p.card)
            .collect()
    }

    /// Cards this seat cannot place: not in its hand, not played, not face up, not publicly known to be
    /// in another hand, not visible in an open variant.
    pub fn unseen_cards(&self) -> CardSet {
        let mut seen = self.hand | self.played_cards();
        for &known in &self.known_in_hands {
            seen |= known;
        }
        if let Some(hands) = &self.open_hands {
            for &hand in hands {
                seen |= hand;
            }
        }
        seen |= self
            .face_up_trump
            .into_iter()
            .chain(self.next_stock_card)
            .collect();
        self.ruleset.deck_cards() - seen
    }

    /// The fixed partner seats of this seat (empty without partnerships).
    pub fn partners(&self) -> Vec<Seat> {
        match &self.teams {
            Some(teams) => (0..self.ruleset.players)
                .filter(|&s| {
                    s != self.seat && teams[usize::from(s)] == teams[usize::from(self.seat)]
                })
                .collect(),
            None => Vec::new(),
        }
    }

    /// The seats this seat knows to be on its side: the fixed partners, or in chiamata what the
    /// auction has told it — the declarer's revealed partner (none when the declarer called a card
    /// of its own), the partner's declarer, and for a defender the other defenders once the partner
    /// is known. Empty while this seat does not know.
    pub fn known_partners(&self) -> Vec<Seat> {
        let Some(AuctionView {
            declarer: Some(declarer),
            partner: Some(partner),
            ..
        }) = self.auction
        else {
            return self.partners();
        };
        let (declarer, partner, seat) = (declarer, partner, self.seat);
        (0..self.ruleset.players)
            .filter(|&s| s != seat)
            .filter(|&s| match (seat == declarer, seat == partner) {
                (true, _) => s == partner,
                (false, true) => s == declarer,
                (false, false) => s != declarer && s != partner,
            })
            .collect()
    }

    /// A full game consistent with this observation: the unseen cards dealt at random to the other
    /// hands and the stock, respecting hand sizes, publicly known cards and known voids.
    ///
    /// The observation must be one the rules can produce (from [`Game::observation`], or one that
    /// passed [`Observation::validate`]); an inconsistent one gives a meaningless world or a panic.
    ///
    /// ```
    /// use briscola::{Deal, Game, Preset, Rng, Ruleset};
    /// let game = Game::new(Ruleset::preset(Preset::Briscola, 2)?, 0, &Deal::Seed(5))?;
    /// let obs = game.observation(1);
    /// let world = obs.sample_world(&mut Rng::new(1));
    /// assert_eq!(world.hand(1), game.hand(1));          // my hand is what I see
    /// assert_eq!(world.observation(1), obs);             // and the world looks the same to me
    /// # Ok::<(), briscola::SetupError>(())
    /// ```
    pub fn sample_world(&self, rng: &mut Rng) -> Game {
        Game::sample(self, rng)
    }
}
