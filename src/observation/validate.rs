//! [`Observation::validate`]: whether an observation is a position the rules can produce, seen by its
//! seat with that seat to move — what the bot protocol accepts as a request.
//!
//! Cheap structural checks come first, each with a precise [`ObservationError`]: seats in range, one
//! entry per seat, every card in the deck and seen once, trick sizes, the stock and hand sizes the deal
//! and the draws give. Then the proof: [`history`](super::history) rebuilds a deal and an action sequence
//! that reach this position, replays them through [`Game::apply`], and the replayed game's observation
//! for the seat must equal the given one field by field (legal actions and known voids as sets). So
//! nothing is accepted that the rules cannot produce; a refusal of a reachable position would be a gap in
//! the rebuilding, documented in `history`.
//!
//! [`Observation::validate_view`] runs the same checks for any seat, whoever is to move and after the
//! hand's last trick: what the app asks of every view a friends' table's host sends before it is shown,
//! hinted or kept (a host is a remote party, not trusted).
//!
//! Deliberately absent from [`Observation::validate`]: finished hands (nothing to decide) and
//! observations of a seat not to move.

use super::{Observation, PlayView, history};
use crate::game::{Action, IllegalAction, Phase, Seat, trick_winner_index};
use crate::{Card, CardSet, RulesetError, TrumpRule};

/// Why an observation is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ObservationError {
    /// The ruleset does not validate.
    #[error("bad ruleset: {0}")]
    Ruleset(#[from] RulesetError),
    /// The hand is over.
    #[error("nothing to do: the hand is over")]
    Finished,
    /// The observing seat is not the seat to move.
    #[error("nothing to do: it is seat {to_move}'s turn, not seat {seat}'s")]
    NotToMove {
        /// The observing seat.
        seat: Seat,
        /// The seat to move.
        to_move: Seat,
    },
    /// A seat number is not at the table.
    #[error("{field}: seat {seat} is not at a {players}-player table")]
    Seat {
        /// Where the seat appears.
        field: &'static str,
        /// The seat.
        seat: usize,
        /// Players at the table.
        players: u8,
    },
    /// A per-seat list does not have one entry per seat.
    #[error("{field} has {len} entries for {players} seats")]
    PerSeat {
        /// The list.
        field: &'static str,
        /// Its length.
        len: usize,
        /// Players at the table.
        players: u8,
    },
    /// A card is not in this ruleset's deck.
    #[error("{card} is not in this ruleset's deck")]
    NotInDeck {
        /// The card.
        card: Card,
    },
    /// A card is seen in two places.
    #[error("{card} is seen in two places")]
    SeenTwice {
        /// The card.
        card: Card,
    },
    /// A count differs from what the deal and the draws give.
    #[error("{field}: {found} where the rules give {expected}")]
    Count {
        /// What was counted.
        field: &'static str,
        /// The observation's count.
        found: usize,
        /// The count the rules give.
        expected: usize,
    },
    /// No deal of the cards fits the hands, the draws and the duties to follow suit shown in play.
    #[error("no deal of the cards fits the hands, the draws and the plays")]
    NoDeal,
    /// A past action breaks the rules.
    #[error("action {index} of the hand (`{action}`) breaks the rules: {refusal}")]
    History {
        /// Its index in the hand's actions (bids, call, exchanges and plays, in order).
        index: usize,
        /// The action.
        action: Action,
        /// Why the rules refuse it.
        refusal: IllegalAction,
    },
    /// A field differs from what the rules give for this position.
    #[error("{field} is not what the rules give for this position")]
    Mismatch {
        /// The field.
        field: &'static str,
    },
}

impl Observation {
    /// Checks that this is a position the rules can produce for `seat`, with `seat` to move. See the
    /// module docs; the bot refuses any observation that fails.
    ///
    /// ```
    /// use briscola::{Action, Deal, Game, ObservationError, Preset, Ruleset};
    /// let game = Game::new(Ruleset::preset(Preset::Briscola, 2)?, 0, &Deal::Seed(42))?;
    /// let mut obs = game.observation(1);
    /// assert_eq!(obs.validate(), Ok(()));
    /// obs.legal_actions = vec!["Kd".parse()?]; // not in seat 1's hand
    /// assert_eq!(obs.validate(), Err(ObservationError::Mismatch { field: "legal_actions" }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate(&self) -> Result<(), ObservationError> {
        let deck = self.ruleset.checked_deck()?;
        self.check_seats()?;
        if self.phase == Phase::Finished {
            return Err(ObservationError::Finished);
        }
        if self.to_move != self.seat {
            return Err(ObservationError::NotToMove {
                seat: self.seat,
                to_move: self.to_move,
            });
        }
        self.check_position(deck)
    }

    /// Checks that this is a position the rules can produce, as its seat sees it, whoever is to move
    /// and with the hand possibly over: the same proof as [`Observation::validate`] without asking that
    /// the seat be the one to decide.
    ///
    /// ```
    /// use briscola::{Deal, Game, ObservationError, Preset, Ruleset};
    /// let game = Game::new(Ruleset::preset(Preset::Briscola, 2)?, 0, &Deal::Seed(42))?;
    /// let mut obs = game.observation(0); // seat 1 is to move
    /// assert_eq!(obs.validate_view(), Ok(()));
    /// obs.hand_sizes[1] = 2;
    /// assert!(obs.validate_view().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate_view(&self) -> Result<(), ObservationError> {
        let deck = self.ruleset.checked_deck()?;
        self.check_seats()?;
        self.check_position(deck)
    }

    /// The checks after the seats: cards, counts, tricks, then the replay.
    fn check_position(&self, deck: CardSet) -> Result<(), ObservationError> {
        self.check_cards(deck)?;
        self.check_counts(deck)?;
        self.check_tricks()?;
        let game = history::replay(self)?;
        compare(&game.observation(self.seat), self)
    }

    /// Every seat number in range, every per-seat list one entry per seat.
    fn check_seats(&self) -> Result<(), ObservationError> {
        let players = self.ruleset.players;
        let seat = |field: &'static str, seat: usize| {
            if seat < usize::from(players) {
                Ok(())
            } else {
                Err(ObservationError::Seat {
                    field,
                    seat,
                    players,
                })
            }
        };
        seat("seat", self.seat.into())?;
        seat("dealer", self.dealer.into())?;
        seat("to_move", self.to_move.into())?;
        let plays = self.tricks.iter().flat_map(|t| &t.plays);
        for play in plays.chain(&self.current_trick) {
            seat("plays", play.seat.into())?;
        }
        for trick in &self.tricks {
            seat("tricks", trick.winner.into())?;
        }
        for exchange in &self.exchanges {
            seat("exchanges", exchange.seat.into())?;
        }
        if let Some(auction) = &self.auction {
            let seats = auction.best.map(|(s, _)| s).into_iter();
            let seats = seats
                .chain(auction.log.iter().map(|turn| turn.seat))
                .chain(auction.passed.iter().copied())
                .chain(auction.declarer)
                .chain(auction.partner);
            for s in seats {
                seat("auction", s.into())?;
            }
        }
        let per_seat = |field: &'static str, len: usize| {
            if len == usize::from(players) {
                Ok(())
            } else {
                Err(ObservationError::PerSeat {
                    field,
                    len,
                    players,
                })
            }
        };
        per_seat("hand_sizes", self.hand_sizes.len())?;
        per_seat("known_in_hands", self.known_in_hands.len())?;
        per_seat("known_voids", self.known_voids.len())?;
        per_seat("pile_points", self.pile_points.len())?;
        if let Some(hands) = &self.open_hands {
            per_seat("open_hands", hands.len())?;
        }
        if let Some(teams) = &self.teams {
            per_seat("teams", teams.len())?;
        }
        Ok(())
    }

    /// Every card in the deck, and each seen in one place only: hands (and cards known in them),
    /// plays, the face-up trump, the visible next stock card.
    fn check_cards(&self, deck: CardSet) -> Result<(), ObservationError> {
        let mut seen = CardSet::EMPTY;
        let mut place = |cards: &mut dyn Iterator<Item = Card>| {
            for card in cards {
                if !deck.contains(card) {
                    return Err(ObservationError::NotInDeck { card });
                }
                if seen.contains(card) {
                    return Err(ObservationError::SeenTwice { card });
                }
                seen.insert(card);
            }
            Ok(())
        };
        let mismatch = |field| Err(ObservationError::Mismatch { field });
        place(&mut self.hand.iter())?;
        for (s, &known) in self.known_in_hands.iter().enumerate() {
            let hand = match &self.open_hands {
                Some(hands) => hands[s],
                None if s == usize::from(self.seat) => self.hand,
                None => {
                    place(&mut known.iter())?;
                    continue;
                }
            };
            if s == usize::from(self.seat) && hand != self.hand {
                return mismatch("open_hands");
            }
            if !hand.is_superset(known) {
                return mismatch("known_in_hands");
            }
            if s != usize::from(self.seat) {
                place(&mut hand.iter())?;
            }
        }
        let plays = self.tricks.iter().flat_map(|t| &t.plays);
        place(&mut plays.chain(&self.current_trick).map(|p| p.card))?;
        place(&mut self.face_up_trump.into_iter())?;
        place(
            &mut self
                .next_stock_card
                .filter(|&c| Some(c) != self.face_up_trump)
                .into_iter(),
        )?;
        let mentioned = self.exchanges.iter().flat_map(|e| [e.gave, e.took]);
        let called = self.auction.as_ref().and_then(|a| a.called);
        for card in mentioned.chain(called) {
            if !deck.contains(card) {
                return Err(ObservationError::NotInDeck { card });
            }
        }
        Ok(())
    }

    /// Trick sizes, the stock, hand sizes and the unseen cards, against what the deal and the draws give.
    fn check_counts(&self, deck: CardSet) -> Result<(), ObservationError> {
        let count = |field, found: usize, expected: usize| {
            if found == expected {
                Ok(())
            } else {
                Err(ObservationError::Count {
                    field,
                    found,
                    expected,
                })
            }
        };
        let rules = &self.ruleset;
        let players = usize::from(rules.players);
        let trick_size = players * usize::from(rules.plays_per_trick);
        for trick in &self.tricks {
            count("cards in a completed trick", trick.plays.len(), trick_size)?;
        }
        if self.current_trick.len() >= trick_size {
            return count(
                "cards in the trick in progress",
                self.current_trick.len(),
                trick_size - 1,
            );
        }
        let timeline = history::StockTimeline::new(rules, deck);
        count(
            "stock_len",
            usize::from(self.stock_len),
            timeline.after(self.tricks.len()),
        )?;
        let draws = usize::from(rules.plays_per_trick) * timeline.drawing_tricks(self.tricks.len());
        let mut played = vec![0usize; players];
        let plays = self.tricks.iter().flat_map(|t| &t.plays);
        for play in plays.chain(&self.current_trick) {
            played[usize::from(play.seat)] += 1;
        }
        for (s, &size) in self.hand_sizes.iter().enumerate() {
            let expected = (usize::from(rules.hand_size) + draws).checked_sub(played[s]);
            let Some(expected) = expected else {
                return count("cards played by one seat", played[s], 0);
            };
            count("hand_sizes", usize::from(size), expected)?;
            let shown = match &self.open_hands {
                Some(hands) => hands[s].len(),
                None if s == usize::from(self.seat) => self.hand.len(),
                None if self.known_in_hands[s].len() > expected => {
                    return count(
                        "cards known in a hand",
                        self.known_in_hands[s].len(),
                        expected,
                    );
                }
                None => continue,
            };
            count("cards shown in a hand", shown, expected)?;
        }
        let mut hidden = 0;
        for (s, (&size, known)) in self.hand_sizes.iter().zip(&self.known_in_hands).enumerate() {
            if s != usize::from(self.seat) && self.open_hands.is_none() {
                hidden += usize::from(size) - known.len();
            }
        }
        let stock_shown = usize::from(self.face_up_trump.is_some())
            + usize::from(
                self.next_stock_card.is_some() && self.next_stock_card != self.face_up_trump,
            );
        let Some(stock_hidden) = usize::from(self.stock_len).checked_sub(stock_shown) else {
            return count(
                "cards shown in the stock",
                stock_shown,
                usize::from(self.stock_len),
            );
        };
        count(
            "unseen cards",
            self.unseen_cards().len(),
            hidden + stock_hidden,
        )?;
        let turned_up = rules.trump == TrumpRule::TurnedUp && self.stock_len > 0;
        count(
            "face_up_trump",
            usize::from(self.face_up_trump.is_some()),
            usize::from(turned_up),
        )?;
        let open_stock = rules.open_hands && self.stock_len > 0;
        count(
            "next_stock_card",
            usize::from(self.next_stock_card.is_some()),
            usize::from(open_stock),
        )?;
        if let (Some(next), Some(face_up)) = (self.next_stock_card, self.face_up_trump)
            && next == face_up
        {
            count("stock_len", usize::from(self.stock_len), 1)?;
        }
        count(
            "auction",
            usize::from(self.auction.is_some()),
            usize::from(rules.trump == TrumpRule::Called),
        )
    }
}

impl Observation {
    /// Each completed trick: played in turn from its leader (the seat after the dealer, then each
    /// winner), won by the card the rules make win, worth its cards' points.
    fn check_tricks(&self) -> Result<(), ObservationError> {
        let players = self.ruleset.players;
        let plays: Vec<PlayView> = self
            .tricks
            .iter()
            .flat_map(|t| t.plays.iter().copied())
            .collect();
        let trump = history::trump_in_play(self, &plays);
        let order = self.ruleset.order;
        let mut leader = (self.dealer + 1) % players;
        let tricks = self.tricks.iter().map(|t| (t.plays.as_slice(), Some(t)));
        for (plays, trick) in tricks.chain([(self.current_trick.as_slice(), None)]) {
            let in_turn = plays.iter().enumerate().all(|(i, p)| {
                usize::from(p.seat) == (usize::from(leader) + i) % usize::from(players)
            });
            if !in_turn {
                let field = if trick.is_some() {
                    "tricks"
                } else {
                    "current_trick"
                };
                return Err(ObservationError::Mismatch { field });
            }
            let Some(trick) = trick else { break };
            let cards: Vec<Card> = plays.iter().map(|p| p.card).collect();
            let winner = plays[trick_winner_index(&cards, trump, order.strengths())].seat;
            let points: u16 = cards.iter().map(|&c| u16::from(order.card_points(c))).sum();
            if trick.winner != winner || trick.points != points {
                return Err(ObservationError::Mismatch { field: "tricks" });
            }
            leader = winner;
        }
        Ok(())
    }
}

/// The replayed observation against the given one, field by field.
fn compare(rules_give: &Observation, given: &Observation) -> Result<(), ObservationError> {
    fn same<T: PartialEq>(field: &'static str, a: T, b: T) -> Result<(), ObservationError> {
        if a == b {
            Ok(())
        } else {
            Err(ObservationError::Mismatch { field })
        }
    }
    let (a, b) = (rules_give, given);
    same("phase", a.phase, b.phase)?;
    same("to_move", a.to_move, b.to_move)?;
    same("tricks", &a.tricks, &b.tricks)?;
    same("current_trick", &a.current_trick, &b.current_trick)?;
    same("pile_points", &a.pile_points, &b.pile_points)?;
    same("exchanges", &a.exchanges, &b.exchanges)?;
    same("auction", &a.auction, &b.auction)?;
    same("trump", a.trump, b.trump)?;
    same("face_up_trump", a.face_up_trump, b.face_up_trump)?;
    same("stock_len", a.stock_len, b.stock_len)?;
    same("next_stock_card", a.next_stock_card, b.next_stock_card)?;
    same("hand", a.hand, b.hand)?;
    same("hand_sizes", &a.hand_sizes, &b.hand_sizes)?;
    same("open_hands", &a.open_hands, &b.open_hands)?;
    same("known_in_hands", &a.known_in_hands, &b.known_in_hands)?;
    same("known_voids", voids(a), voids(b))?;
    same("teams", &a.teams, &b.teams)?;
    same("legal_actions", actions(a), actions(b))?;
    same("signals", &a.signals, &b.signals)?;
    same("legal_senas", &a.legal_senas, &b.legal_senas)?;
    same("result", &a.result, &b.result)?;
    // Taken from the given observation by the replay; compared for completeness.
    same("ruleset", a.ruleset, b.ruleset)?;
    same("seat", a.seat, b.seat)?;
    same("dealer", a.dealer, b.dealer)
}

/// Known voids as sorted lists (their order carries no meaning).
fn voids(obs: &Observation) -> Vec<Vec<crate::Suit>> {
    obs.known_voids
        .iter()
        .map(|suits| {
            let mut suits = suits.clone();
            suits.sort();
            suits
        })
        .collect()
}

/// Legal actions sorted by their text (their order carries no meaning; a repeat is still a difference).
fn actions(obs: &Observation) -> Vec<String> {
    let mut texts: Vec<String> = obs.legal_actions.iter().map(Action::to_string).collect();
    texts.sort();
    texts
}
