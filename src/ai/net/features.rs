//! What the policy network reads: one seat's view of a two-player hand, or of a hand of two fixed
//! teams (four-player Briscola), as a sparse input vector.
//!
//! [`View`] holds only what that seat's [`Observation`] holds — its hand, the cards gone in finished
//! tricks, the opponents' cards on the table, the face-up trump while it lies under the stock, the
//! fifth plane (two players: the cards publicly known to be in the other hand; fixed teams: the
//! partner's card on the table), the trump suit, both sides' points, the stock's size and whether
//! the seat leads. It is built either from the observation (the agent at the root) or from a sampled
//! [`Game`] for the seat to move (a playout, where building an observation per card would be too
//! slow); a test proves the two agree at every turn of many hands, so a playout's network never sees
//! another seat's cards or the stock order. Deliberately absent: the order in which cards were
//! played, which seat won which trick, and in team games the cards publicly known in a hand (in
//! four-player Briscola only the last face-up trump drawn, once the stock is empty, where playouts are
//! exact and the network no longer plays).
//!
//! Suits are renamed so that the trump suit is always the first (the others keep their order after
//! it): what matters is "trump" or "not trump", and the network need not learn each suit four times.
//! Cards given to and read from the network go through [`View::to_net`] and [`View::from_net`].

use super::mlp::{Activations, Mlp};
use crate::{Card, CardSet, Game, Observation, Ruleset, Seat, Suit};

/// Card slots per plane (every card index of the 48-card deck; 40-card decks leave eight empty).
const CARDS: usize = Card::COUNT;
/// Card planes: hand, gone, the opponents' cards on the table, face-up trump, the fifth plane (known
/// in the other hand, or the partner's card on the table).
const PLANES: usize = 5;
/// Index of the first trump-suit input (four of them).
const TRUMP_AT: usize = PLANES * CARDS;
/// Index of the first scalar input.
const SCALARS_AT: usize = TRUMP_AT + 4;
/// Scalar inputs: own points, other points, stock size, leading.
const SCALARS: usize = 4;
/// Size of the input vector.
pub const INPUTS: usize = SCALARS_AT + SCALARS;
/// Most binary inputs one view can set (every card in one plane, plus the trump suit).
const MAX_ACTIVE: usize = 48;

/// One seat's view of a two-player hand or of a hand between two fixed teams, at its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    hand: CardSet,
    gone: CardSet,
    /// The opponents' cards in the trick in progress.
    table: CardSet,
    face_up: CardSet,
    /// Two players: the cards publicly known to be in the other hand. Fixed teams: the partner's
    /// card in the trick in progress.
    fifth: CardSet,
    trump: Option<Suit>,
    /// The seat's side's card points (its team's, in team games).
    own_points: u16,
    /// The opponents' card points.
    other_points: u16,
    stock_len: u8,
    leading: bool,
}

/// A view as network input: the binary inputs that are on, and the scalars.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Input {
    active: [u8; MAX_ACTIVE],
    len: u8,
    scalars: [f32; SCALARS],
}

impl View {
    /// The view of the seat to move in a (sampled) two-player or team game.
    pub fn from_game(game: &Game) -> View {
        let seat = game.to_move();
        let rules = game.rules();
        let teams = rules.fixed_team(seat).is_some();
        let (mut table, mut fifth) = (CardSet::EMPTY, CardSet::EMPTY);
        for (s, card) in game.current_trick() {
            if same_side(rules, seat, s) {
                fifth.insert(card);
            } else {
                table.insert(card);
            }
        }
        let (mut gone, mut own_points, mut other_points) = (CardSet::EMPTY, 0, 0);
        for s in 0..rules.players {
            gone |= game.pile(s);
            if same_side(rules, seat, s) {
                own_points += game.pile_points(s);
            } else {
                other_points += game.pile_points(s);
                if !teams {
                    fifth |= game.known_in_hand(s);
                }
            }
        }
        View {
            hand: game.hand(seat),
            gone,
            table,
            face_up: game.face_up().into_iter().collect(),
            fifth,
            trump: game.trump(),
            own_points,
            other_points,
            stock_len: game.stock_len() as u8,
            leading: game.current_trick().next().is_none(),
        }
    }

    /// The view of the observing seat (two-player and team observations).
    pub fn from_observation(obs: &Observation) -> View {
        let seat = obs.seat;
        let rules = &obs.ruleset;
        let teams = rules.fixed_team(seat).is_some();
        let gone = obs
            .tricks
            .iter()
            .flat_map(|t| t.plays.iter().map(|p| p.card))
            .collect();
        let (mut table, mut fifth) = (CardSet::EMPTY, CardSet::EMPTY);
        for play in &obs.current_trick {
            if same_side(rules, seat, play.seat) {
                fifth.insert(play.card);
            } else {
                table.insert(play.card);
            }
        }
        let (mut own_points, mut other_points) = (0, 0);
        for s in 0..rules.players {
            let points = obs.pile_points.get(usize::from(s)).copied().unwrap_or(0);
            if same_side(rules, seat, s) {
                own_points += points;
            } else {
                other_points += points;
                if !teams {
                    fifth |= obs
                        .known_in_hands
                        .get(usize::from(s))
                        .copied()
                        .unwrap_or_default();
                }
            }
        }
        View {
            hand: obs.hand,
            gone,
            table,
            face_up: obs.face_up_trump.into_iter().collect(),
            fifth,
            trump: obs.trump,
            own_points,
            other_points,
            stock_len: obs.stock_len,
            leading: obs.current_trick.is_empty(),
        }
    }

    /// The network input of this view.
    pub fn input(&self) -> Input {
        let mut input = Input {
            active: [0; MAX_ACTIVE],
            len: 0,
            scalars: [
                f32::from(self.own_points) / 120.0,
                f32::from(self.other_points) / 120.0,
                f32::from(self.stock_len) / 40.0,
                if self.leading { 1.0 } else { 0.0 },
            ],
        };
        let planes = [self.hand, self.gone, self.table, self.face_up, self.fifth];
        for (plane, cards) in planes.into_iter().enumerate() {
            for card in cards {
                input.push(plane * CARDS + self.to_net(card).index());
            }
        }
        if self.trump.is_some() {
            input.push(TRUMP_AT);
        }
        input
    }

    /// How many suits the trump is from the first: the rotation [`View::to_net`] undoes.
    fn shift(&self) -> usize {
        self.trump.map_or(0, Suit::index)
    }

    /// A card as the network knows it (the trump suit first).
    pub fn to_net(&self, card: Card) -> Card {
        rotate(card, 4 - self.shift())
    }

    /// A card the network named, as the game knows it.
    pub fn from_net(&self, card: Card) -> Card {
        rotate(card, self.shift())
    }

    /// The legal card `net` plays in this view (`None` when `legal` is empty).
    pub(crate) fn choose(&self, net: &Mlp, legal: CardSet, act: &mut Activations) -> Option<Card> {
        let legal = legal.iter().map(|c| self.to_net(c)).collect();
        net.best_in(&self.input(), legal, act)
            .map(|c| self.from_net(c))
    }
}

/// Whether seats `a` and `b` play for the same side: the same seat, or partners in a fixed team.
fn same_side(rules: &Ruleset, a: Seat, b: Seat) -> bool {
    a == b
        || rules
            .fixed_team(a)
            .is_some_and(|team| rules.fixed_team(b) == Some(team))
}

/// `card` with its suit moved `by` places on (mod 4).
fn rotate(card: Card, by: usize) -> Card {
    let suit = Suit::ALL[(card.suit().index() + by) % 4];
    Card::new(suit, card.rank())
}

impl Input {
    /// Sets binary input `index` (ignored past the room for one view, which no view reaches).
    fn push(&mut self, index: usize) {
        if usize::from(self.len) < MAX_ACTIVE
            && let Ok(index) = u8::try_from(index)
        {
            self.active[usize::from(self.len)] = index;
            self.len += 1;
        }
    }

    /// The binary inputs that are on.
    pub fn active(&self) -> &[u8] {
        &self.active[..usize::from(self.len)]
    }

    /// The scalar inputs, at indices `scalar_index(0..)`.
    pub fn scalars(&self) -> &[f32; SCALARS] {
        &self.scalars
    }

    /// The input index of scalar `i`.
    pub fn scalar_index(i: usize) -> usize {
        SCALARS_AT + i
    }

    /// Rebuilds an input from its parts (a stored training sample); `None` when an index is out of
    /// range or there are too many.
    pub fn from_parts(active: &[u8], scalars: [f32; SCALARS]) -> Option<Input> {
        if active.len() > MAX_ACTIVE || active.iter().any(|&i| usize::from(i) >= SCALARS_AT) {
            return None;
        }
        let mut input = Input {
            active: [0; MAX_ACTIVE],
            len: 0,
            scalars,
        };
        for &i in active {
            input.push(usize::from(i));
        }
        Some(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Deal, Phase, Preset, Rng, Ruleset};

    /// At every turn of random two-player hands (Briscola and Brisca, with its exchanges, and Bisca)
    /// and four-player team hands (Briscola, and Brisca with its exchanges), the view built from the
    /// game for the seat to move is exactly the view built from that seat's observation: a playout's
    /// network sees what the seat would see, nothing more.
    #[test]
    fn game_view_equals_observation_view_at_every_turn() {
        let mut rng = Rng::new(5);
        let mut turns = 0;
        for (preset, players) in [
            (Preset::Briscola, 2),
            (Preset::Brisca, 2),
            (Preset::Bisca, 2),
            (Preset::Briscola, 4),
            (Preset::Brisca, 4),
        ] {
            let rules = Ruleset::preset(preset, players).expect("preset");
            for hand in 0..60u64 {
                let first = (hand % u64::from(players)) as u8;
                let mut game = Game::new(rules, first, &Deal::Seed(hand)).expect("deal");
                while game.phase() == Phase::Playing {
                    let obs = game.observation(game.to_move());
                    assert_eq!(View::from_game(&game), View::from_observation(&obs));
                    turns += 1;
                    let legal = game.legal_actions();
                    let action = legal[rng.below(legal.len())];
                    game.apply(action).expect("legal action");
                }
            }
        }
        assert!(turns > 300 * 30, "{turns} turns checked");
    }

    /// In a team game the partner's card on the table is in the fifth plane and the opponents' in
    /// the table's, and each side's points are its team's.
    #[test]
    fn a_team_view_tells_the_partners_card_from_the_opponents() {
        let rules = Ruleset::preset(Preset::Briscola, 4).expect("preset");
        let mut rng = Rng::new(9);
        let mut seen = 0;
        for hand in 0..20u64 {
            let mut game = Game::new(rules, 0, &Deal::Seed(hand)).expect("deal");
            while game.phase() == Phase::Playing {
                let seat = game.to_move();
                let view = View::from_game(&game);
                let trick: Vec<(u8, Card)> = game.current_trick().collect();
                for (s, card) in trick {
                    let partner = (s + 4 - seat) % 4 == 2;
                    assert_eq!(view.fifth.contains(card), partner);
                    assert_eq!(view.table.contains(card), !partner);
                    seen += usize::from(partner);
                }
                let side = |team: u8| -> u16 {
                    (0..4)
                        .filter(|s| s % 2 == team)
                        .map(|s| game.pile_points(s))
                        .sum()
                };
                assert_eq!(view.own_points, side(seat % 2));
                assert_eq!(view.other_points, side(1 - seat % 2));
                let legal = game.legal_actions();
                game.apply(legal[rng.below(legal.len())])
                    .expect("legal action");
            }
        }
        assert!(seen > 100, "{seen} partner cards seen");
    }

    #[test]
    fn the_trump_suit_comes_first_for_the_network() {
        let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        for seed in 0..20 {
            let game = Game::new(rules, 0, &Deal::Seed(seed)).expect("deal");
            let view = View::from_game(&game);
            let trump = game.trump().expect("a trump");
            for card in crate::Card::all() {
                assert_eq!(view.from_net(view.to_net(card)), card);
                assert_eq!(
                    view.to_net(card).suit() == Suit::Coins,
                    card.suit() == trump
                );
                assert_eq!(view.to_net(card).rank(), card.rank());
            }
        }
    }

    #[test]
    fn input_sets_one_bit_per_card_and_the_trump() {
        let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        let game = Game::new(rules, 0, &Deal::Seed(3)).expect("deal");
        let input = View::from_game(&game).input();
        // Three cards in hand, the face-up trump, the trump suit.
        assert_eq!(input.active().len(), 5);
        assert_eq!(input.scalars()[3], 1.0, "the first seat to move leads");
        let stored = Input::from_parts(input.active(), *input.scalars());
        assert_eq!(stored, Some(input));
        assert_eq!(Input::from_parts(&[250], [0.0; 4]), None);
    }
}
