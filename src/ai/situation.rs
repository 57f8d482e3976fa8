//! [`Situation`]: the facts a card-play heuristic needs about one seat's turn, in a small `Copy` value.
//!
//! It is built either from an [`Observation`] (a real decision) or from a [`Game`] that a search
//! sampled from an observation (a simulated player in a playout), so the same heuristics serve both.
//! Built from a game, it only reads what that seat could see there: its hand, the table, the piles and
//! (in open variants) the other hands. Card memory is a flag: without it, the seat forgets every
//! finished trick.

use super::senas;
use crate::{Card, CardSet, FollowRule, Game, Observation, Ruleset, Seat, Suit, TrumpRule};

/// Most cards in one trick (six players, or two players playing two cards each).
const MAX_TRICK: usize = 6;

/// One seat's turn as the heuristics see it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Situation {
    pub rules: Ruleset,
    pub seat: Seat,
    pub legal: CardSet,
    pub trump: Option<Suit>,
    trick: [(Seat, Card); MAX_TRICK],
    trick_len: usize,
    /// The seats still to play in this trick after this card, in order.
    after: [Seat; MAX_TRICK],
    after_len: usize,
    /// Cards that may be in another player's hand (all of them without memory).
    pub threats: CardSet,
    /// Seats known to be on this seat's side (itself included).
    pub allies: u8,
    /// Whether the stock is empty (some rules add a duty to follow suit then).
    stock_empty: bool,
    /// Whether a partner who signalled trumps plays last in this trick ([`senas::backed`]; only a
    /// real decision reads señas).
    pub backed: bool,
}

impl Situation {
    /// The situation of the observing seat; `memory` says whether finished tricks are remembered.
    pub fn from_observation(obs: &Observation, memory: bool) -> Situation {
        let rules = obs.ruleset;
        let trick: Vec<(Seat, Card)> = obs.current_trick.iter().map(|p| (p.seat, p.card)).collect();
        let on_table: CardSet = trick.iter().map(|&(_, c)| c).collect();
        let mut others_visible = CardSet::EMPTY;
        if let Some(hands) = &obs.open_hands {
            for (s, &h) in hands.iter().enumerate() {
                if s != usize::from(obs.seat) {
                    others_visible |= h;
                }
            }
        }
        let threats = if obs.open_hands.is_some() {
            others_visible
        } else if memory {
            let known_others = obs
                .known_in_hands
                .iter()
                .enumerate()
                .filter(|&(s, _)| s != usize::from(obs.seat))
                .fold(CardSet::EMPTY, |acc, (_, &k)| acc | k);
            obs.unseen_cards() | known_others
        } else {
            let face_up: CardSet = obs.face_up_trump.into_iter().collect();
            rules.deck_cards() - obs.hand - on_table - face_up
        };
        let legal: CardSet = obs
            .legal_actions
            .iter()
            .filter_map(|a| match a {
                crate::Action::Play(c) => Some(*c),
                _ => None,
            })
            .collect();
        let allies = sides_from_observation(obs);
        Situation::build(SituationParts {
            rules,
            seat: obs.seat,
            legal,
            trump: obs.trump,
            trick: &trick,
            threats,
            allies,
            stock_empty: obs.stock_len == 0,
            backed: senas::backed(obs, memory),
        })
    }

    /// The situation of the seat to move in a (sampled) game, with card memory.
    pub fn from_game(game: &Game) -> Situation {
        let rules = *game.rules();
        let seat = game.to_move();
        let mut trick = [(0, Card::new(Suit::Coins, crate::Rank::Ace)); MAX_TRICK];
        let mut len = 0;
        let mut on_table = CardSet::EMPTY;
        for (s, c) in game.current_trick() {
            if len < MAX_TRICK {
                trick[len] = (s, c);
                len += 1;
            }
            on_table.insert(c);
        }
        let players = rules.players;
        let threats = if rules.open_hands {
            (0..players)
                .filter(|&s| s != seat)
                .fold(CardSet::EMPTY, |acc, s| acc | game.hand(s))
        } else {
            let piles = (0..players).fold(CardSet::EMPTY, |acc, s| acc | game.pile(s));
            let face_up: CardSet = game.face_up().into_iter().collect();
            rules.deck_cards() - game.hand(seat) - piles - on_table - face_up
        };
        let allies = sides_from_game(game, seat);
        Situation::build(SituationParts {
            rules,
            seat,
            legal: game.legal_cards(),
            trump: game.trump(),
            trick: &trick[..len],
            threats,
            allies,
            stock_empty: game.stock_len() == 0,
            backed: false,
        })
    }

    /// The situation another seat was in at an earlier turn, as a belief model imagines it: holding
    /// `hand` (every card legal: no duty to follow), with `trick` on the table and `gone` the cards that
    /// seat had seen leave play. Allies come from fixed teams only.
    pub fn hypothetical(
        rules: Ruleset,
        seat: Seat,
        hand: CardSet,
        trump: Option<Suit>,
        trick: &[(Seat, Card)],
        gone: CardSet,
    ) -> Situation {
        Situation::build(SituationParts {
            rules,
            seat,
            legal: hand,
            trump,
            trick,
            threats: rules.deck_cards() - hand - gone,
            allies: sides(&rules, seat, None, None, false),
            stock_empty: false,
            backed: false,
        })
    }

    fn build(parts: SituationParts<'_>) -> Situation {
        let rules = parts.rules;
        let mut trick = [(0, Card::new(Suit::Coins, crate::Rank::Ace)); MAX_TRICK];
        let trick_len = parts.trick.len().min(MAX_TRICK);
        trick[..trick_len].copy_from_slice(&parts.trick[..trick_len]);
        let players = usize::from(rules.players);
        let size = (players * usize::from(rules.plays_per_trick)).min(MAX_TRICK);
        let leader = if trick_len > 0 {
            usize::from(trick[0].0)
        } else {
            usize::from(parts.seat)
        };
        let mut after = [0; MAX_TRICK];
        let mut after_len = 0;
        for position in trick_len + 1..size {
            after[after_len] = ((leader + position) % players) as Seat;
            after_len += 1;
        }
        Situation {
            rules,
            seat: parts.seat,
            legal: parts.legal,
            trump: parts.trump,
            trick,
            trick_len,
            after,
            after_len,
            threats: parts.threats,
            allies: parts.allies | 1 << parts.seat,
            stock_empty: parts.stock_empty,
            backed: parts.backed,
        }
    }

    /// Points of a card.
    pub fn points(&self, card: Card) -> u16 {
        u16::from(self.rules.order.card_points(card))
    }

    /// Strength of a card within its suit (1–12).
    pub fn strength(&self, card: Card) -> u8 {
        self.rules.order.card_strength(card)
    }

    /// Whether the card is a trump.
    pub fn is_trump(&self, card: Card) -> bool {
        Some(card.suit()) == self.trump
    }

    /// Whether `challenger`, played after `best`, takes the trick. Before the trump is known in a
    /// first-card-played game, the first card's suit is trump.
    pub fn beats(&self, challenger: Card, best: Card) -> bool {
        if challenger.suit() == best.suit() {
            self.strength(challenger) > self.strength(best)
        } else {
            self.is_trump(challenger)
        }
    }

    /// The plays of the trick in progress.
    pub fn trick(&self) -> &[(Seat, Card)] {
        &self.trick[..self.trick_len]
    }

    /// The seats to play after this card, in order.
    pub fn after(&self) -> &[Seat] {
        &self.after[..self.after_len]
    }

    /// The play currently winning the trick.
    pub fn best(&self) -> Option<(Seat, Card)> {
        let mut best: Option<(Seat, Card)> = None;
        for &(s, c) in self.trick() {
            best = match best {
                Some((_, b)) if !self.beats(c, b) => best,
                _ => Some((s, c)),
            };
        }
        best
    }

    /// Card points on the table.
    pub fn table_points(&self) -> u16 {
        self.trick().iter().map(|&(_, c)| self.points(c)).sum()
    }

    /// Whether a seat is known to be on this seat's side.
    pub fn is_ally(&self, seat: Seat) -> bool {
        self.allies & (1 << seat) != 0
    }

    /// Whether any seat still to play may be against this seat.
    pub fn rivals_after(&self) -> bool {
        self.after().iter().any(|&s| !self.is_ally(s))
    }

    /// Whether some card another player may hold takes the trick from `card`.
    pub fn can_be_beaten(&self, card: Card) -> bool {
        self.threats.iter().any(|t| self.beats(t, card))
    }

    /// An upper bound on what leading `card` can cost this seat's side: nothing when no card another
    /// player may hold beats it; otherwise its points plus the most the rivals still to play could
    /// add — one card each, at least one of them beating it (the highest-point such card, then the
    /// highest-point other cards). Allies are assumed to add nothing to a trick a rival takes.
    pub fn lead_risk(&self, card: Card) -> u16 {
        let rivals = self.after().iter().filter(|&&s| !self.is_ally(s)).count();
        let beater = self
            .threats
            .iter()
            .filter(|&t| self.beats(t, card))
            .max_by_key(|&t| (self.points(t), t.index()));
        let Some(beater) = beater.filter(|_| rivals > 0) else {
            return 0;
        };
        let mut others: Vec<u16> = (self.threats - CardSet::from_iter([beater]))
            .iter()
            .map(|t| self.points(t))
            .collect();
        others.sort_unstable_by(|a, b| b.cmp(a));
        let added: u16 = others.iter().take(rivals - 1).sum();
        self.points(card) + self.points(beater) + added
    }

    /// An upper bound on the points the plays still to come in this trick could add: the
    /// highest-point cards other players may hold, one per play after this seat's.
    pub fn most_added(&self) -> u16 {
        let mut points: Vec<u16> = self.threats.iter().map(|t| self.points(t)).collect();
        points.sort_unstable_by(|a, b| b.cmp(a));
        points.iter().take(self.after().len()).sum()
    }

    /// Whether the players after this one must follow the suit led, under these rules now.
    pub fn must_follow(&self) -> bool {
        match self.rules.follow {
            FollowRule::Free => false,
            FollowRule::FollowAlways => true,
            FollowRule::FollowWhenStockEmpty | FollowRule::FollowAndBeatWhenStockEmpty => {
                self.stock_empty
            }
        }
    }

    /// Whether the trump suit is decided by the first card (and not yet known).
    pub fn trump_pending(&self) -> bool {
        self.trump.is_none() && self.rules.trump == TrumpRule::FirstCardPlayed
    }
}

struct SituationParts<'a> {
    rules: Ruleset,
    seat: Seat,
    legal: CardSet,
    trump: Option<Suit>,
    trick: &'a [(Seat, Card)],
    threats: CardSet,
    allies: u8,
    stock_empty: bool,
    backed: bool,
}

fn all_seats(players: u8) -> u8 {
    ((1u16 << players) - 1) as u8
}

/// The seats known to be on `seat`'s side, from fixed teams or the chiamata auction.
fn sides(
    rules: &Ruleset,
    seat: Seat,
    declarer: Option<Seat>,
    partner: Option<Seat>,
    holds_called: bool,
) -> u8 {
    let all = all_seats(rules.players);
    let me = 1u8 << seat;
    if rules.fixed_team(0).is_some() {
        let team = (0..rules.players)
            .filter(|&s| rules.fixed_team(s) == rules.fixed_team(seat))
            .fold(0u8, |acc, s| acc | 1 << s);
        return team;
    }
    let Some(declarer) = declarer.filter(|_| rules.trump == TrumpRule::Called) else {
        return me;
    };
    let partner = partner.or((holds_called).then_some(seat));
    match partner {
        Some(p) => {
            let team = 1u8 << declarer | 1u8 << p;
            if team & me != 0 { team } else { all & !team }
        }
        None => me,
    }
}

fn sides_from_observation(obs: &Observation) -> u8 {
    let (declarer, partner, holds) = match &obs.auction {
        Some(a) => (
            a.declarer,
            a.partner,
            a.called.is_some_and(|c| obs.hand.contains(c)),
        ),
        None => (None, None, false),
    };
    sides(&obs.ruleset, obs.seat, declarer, partner, holds)
}

fn sides_from_game(game: &Game, seat: Seat) -> u8 {
    let rules = game.rules();
    if rules.trump != TrumpRule::Called {
        return sides(rules, seat, None, None, false);
    }
    let holds = game
        .called_card()
        .is_some_and(|c| game.hand(seat).contains(c));
    sides(rules, seat, game.declarer(), game.revealed_partner(), holds)
}
