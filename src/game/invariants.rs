//! [`Game::check_invariants`]: a full consistency check (señas included), run at every step of the random playouts in
//! `tests/` (cozy-chess style). Never called on the play path.

use super::{Game, Phase};
use crate::{CardSet, TrumpRule};

/// A broken invariant: a bug in the engine.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invariant broken: {0}")]
pub struct InvariantViolation(pub String);

impl Game {
    /// Checks card conservation, hand sizes, turn order, points and the face-up trump.
    pub fn check_invariants(&self) -> Result<(), InvariantViolation> {
        let fail = |msg: String| Err(InvariantViolation(msg));
        let players = usize::from(self.rules.players);
        let trick_size = self.trick_size();
        let trick_start = self.tricks_played() * trick_size;
        let in_trick = usize::from(self.n_plays) - trick_start;
        if usize::from(self.n_plays) < trick_start
            || in_trick >= trick_size.max(1) && self.phase != Phase::Finished
        {
            return fail(format!(
                "{} plays for {} completed tricks",
                self.n_plays, self.n_tricks
            ));
        }
        // Card conservation: every card of the deck is in exactly one place.
        let mut seen = CardSet::EMPTY;
        let mut count = 0;
        let trick: CardSet = self.current_trick().map(|(_, c)| c).collect();
        let stock: CardSet = self.stock_from_top().collect();
        let places = self.hands[..players]
            .iter()
            .chain(self.piles[..players].iter())
            .chain([&trick, &stock]);
        for &place in places {
            if !(seen & place).is_empty() {
                return fail(format!("cards in two places: {}", seen & place));
            }
            seen |= place;
            count += place.len();
        }
        if seen != self.rules.deck_cards() || count != self.rules.deck_cards().len() {
            return fail(format!(
                "cards not conserved: {count} cards, difference {}",
                seen ^ self.rules.deck_cards()
            ));
        }
        // Points: piles never exceed the deck's total, and reach it when all cards are played.
        let pile_points: u16 = (0..self.rules.players)
            .map(|s| self.points_of(self.pile(s)))
            .sum();
        if pile_points > self.rules.total_points() {
            return fail(format!("{pile_points} points in the piles"));
        }
        if let Some(result) = self.result() {
            let sum: u16 = result.seat_points.iter().sum();
            if result.end == super::HandEnd::AllCardsPlayed && sum != self.rules.total_points() {
                return fail(format!("a finished hand counts {sum} points"));
            }
        }
        // Hand sizes: equal at the start of a trick, one (or two) less for those who already played.
        if self.phase == Phase::Playing {
            let leader = if in_trick > 0 {
                usize::from(self.play_seats[trick_start])
            } else {
                usize::from(self.to_move)
            };
            let base = self.hands[leader].len()
                + self
                    .current_trick()
                    .filter(|&(s, _)| usize::from(s) == leader)
                    .count();
            for seat in 0..players {
                let played = self
                    .current_trick()
                    .filter(|&(s, _)| usize::from(s) == seat)
                    .count();
                if self.hands[seat].len() + played != base {
                    return fail(format!(
                        "seat {seat} holds {} cards, expected {}",
                        self.hands[seat].len(),
                        base - played
                    ));
                }
            }
            let expected = (leader + in_trick) % players;
            if usize::from(self.to_move) != expected {
                return fail(format!(
                    "seat {} to move, expected {expected}",
                    self.to_move
                ));
            }
        }
        // Cached values agree with what they cache.
        for seat in 0..self.rules.players {
            if self.pile_points(seat) != self.points_of(self.pile(seat)) {
                return fail(format!("seat {seat}: cached pile points are stale"));
            }
        }
        if usize::from(self.trick_start) != trick_start {
            return fail(format!(
                "trick starts at {}, expected {trick_start}",
                self.trick_start
            ));
        }
        let current: Vec<crate::Card> = self.current_trick().map(|(_, c)| c).collect();
        if !current.is_empty()
            && super::trick_winner_index(&current, self.trump, self.rules.order.strengths())
                != usize::from(self.best_pos)
        {
            return fail("the cached best card of the trick is wrong".to_string());
        }
        // Public knowledge is true.
        for seat in 0..players {
            if !self.hands[seat].is_superset(self.known[seat]) {
                return fail(format!(
                    "seat {seat} is said to hold cards it does not: {}",
                    self.known[seat] - self.hands[seat]
                ));
            }
        }
        // The face-up trump is the bottom card of the stock and gives the trump suit.
        match self.face_up {
            Some(card)
                if self.stock_len == 0
                    || self.stock[0] != card
                    || self.trump != Some(card.suit()) =>
            {
                return fail(format!(
                    "face-up trump {card} is not at the bottom of the stock"
                ));
            }
            Some(_) => {}
            None if self.rules.trump == TrumpRule::TurnedUp && self.stock_len > 0 => {
                return fail("the stock has lost its face-up trump".to_string());
            }
            None => {}
        }
        self.check_signals()
    }

    /// Señas: only with the option, in order, each made by the seat whose card followed it (or the
    /// seat to move), one a trick per seat, caught only by opponents.
    fn check_signals(&self) -> Result<(), InvariantViolation> {
        let fail = |msg: String| Err(InvariantViolation(msg));
        let signals = self.signals();
        if !self.rules.senas && !signals.is_empty() {
            return fail("señas in a hand without them".to_string());
        }
        let trick = |plays: u8| usize::from(plays) / self.trick_size().max(1);
        for (i, s) in signals.iter().enumerate() {
            let at = usize::from(s.plays_before);
            let by = match self.play_seats[..usize::from(self.n_plays)].get(at) {
                Some(&seat) => seat,
                None if at == usize::from(self.n_plays) => self.to_move,
                None => return fail(format!("seña {i} after card {at} of {}", self.n_plays)),
            };
            if by != s.seat {
                return fail(format!("seña {i} by seat {} out of turn", s.seat));
            }
            let earlier = &signals[..i];
            if earlier.iter().any(|e| e.plays_before > s.plays_before) {
                return fail(format!("seña {i} out of order"));
            }
            if earlier
                .iter()
                .any(|e| e.seat == s.seat && trick(e.plays_before) == trick(s.plays_before))
            {
                return fail(format!("seat {} made two señas in one trick", s.seat));
            }
            let team = self.rules.fixed_team(s.seat);
            if (0..self.players)
                .any(|o| s.caught_by & (1 << o) != 0 && self.rules.fixed_team(o) == team)
                || s.caught_by >> self.players != 0
            {
                return fail(format!("seña {i} caught by a partner or an empty seat"));
            }
        }
        Ok(())
    }
}
