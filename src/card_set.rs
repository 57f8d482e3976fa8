//! [`CardSet`]: a set of cards as a 64-bit mask, with set operators and iteration in index order.
//!
//! Hands, piles, decks and "cards still unseen" are all card sets, so most rules questions are one or two
//! bit operations. Serialized as a list of cards in notation (`["Ad", "3c"]`).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Card, Rank, Suit};

/// A set of cards, serialized as the list of their codes.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "Vec<Card>"))]
pub struct CardSet(u64);

const ALL_BITS: u64 = (1 << Card::COUNT) - 1;
const SUIT_BITS: u64 = (1 << 12) - 1;

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 48 cards (the Catalan deck).
    pub const ALL: CardSet = CardSet(ALL_BITS);

    /// The set holding exactly this card.
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// All cards of one suit.
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(SUIT_BITS << (suit as u32 * 12))
    }

    /// All cards of one rank.
    pub const fn rank(rank: Rank) -> CardSet {
        let r = rank as u32;
        CardSet(1 << r | 1 << (12 + r) | 1 << (24 + r) | 1 << (36 + r))
    }

    /// All cards of the given ranks.
    pub const fn ranks(ranks: &[Rank]) -> CardSet {
        let mut bits = 0;
        let mut i = 0;
        while i < ranks.len() {
            bits |= CardSet::rank(ranks[i]).0;
            i += 1;
        }
        CardSet(bits)
    }

    /// The raw mask (bit `i` is the card with index `i`).
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Number of cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the set.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// Adds a card.
    #[inline]
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.index();
    }

    /// Removes a card; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, card: Card) -> bool {
        let bit = 1 << card.index();
        let had = self.0 & bit != 0;
        self.0 &= !bit;
        had
    }

    /// Whether every card of `other` is in `self`.
    pub const fn is_superset(self, other: CardSet) -> bool {
        other.0 & !self.0 == 0
    }

    /// The card with the lowest index, if any.
    pub fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(self.0.trailing_zeros() as usize)
        }
    }

    /// The `n`-th card in index order (0-based), if any.
    pub fn nth(self, n: usize) -> Option<Card> {
        let mut bits = self.0;
        if n < 4 {
            // Hands are small: pick among the first four without a data-dependent loop.
            let b1 = bits & bits.wrapping_sub(1);
            let b2 = b1 & b1.wrapping_sub(1);
            let b3 = b2 & b2.wrapping_sub(1);
            bits = [bits, b1, b2, b3][n];
        } else {
            for _ in 0..n {
                bits &= bits.wrapping_sub(1);
            }
        }
        if bits == 0 {
            None
        } else {
            Card::from_index(bits.trailing_zeros() as usize)
        }
    }

    /// Iterates the cards in index order.
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

/// Iterator over a [`CardSet`] in index order.
#[derive(Clone, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Card::from_index(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> CardSet {
        CardSet::single(card)
    }
}

macro_rules! set_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for CardSet {
            type Output = CardSet;
            fn $method(self, rhs: CardSet) -> CardSet {
                CardSet(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for CardSet {
            fn $assign_method(&mut self, rhs: CardSet) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);

impl BitXor for CardSet {
    type Output = CardSet;
    fn bitxor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 ^ rhs.0)
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}

impl SubAssign for CardSet {
    fn sub_assign(&mut self, rhs: CardSet) {
        self.0 &= !rhs.0;
    }
}

impl Not for CardSet {
    type Output = CardSet;
    fn not(self) -> CardSet {
        CardSet(!self.0 & ALL_BITS)
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for card in self.iter() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        let set: CardSet = cards.iter().copied().collect();
        if set.len() != cards.len() {
            return Err(serde::de::Error::custom(
                "a card appears twice in a card set",
            ));
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().expect("valid card")
    }

    #[test]
    fn set_operators_behave_like_sets() {
        let a: CardSet = [card("Ad"), card("3d"), card("Ks")].into_iter().collect();
        let b: CardSet = [card("3d"), card("7b")].into_iter().collect();
        assert_eq!((a | b).len(), 4);
        assert_eq!((a & b), CardSet::single(card("3d")));
        assert_eq!((a - b).len(), 2);
        assert_eq!((!a).len(), 45);
        assert!(a.is_superset(a & b));
    }

    #[test]
    fn suits_partition_the_deck() {
        let union = Suit::ALL
            .into_iter()
            .fold(CardSet::EMPTY, |acc, s| acc | CardSet::suit(s));
        assert_eq!(union, CardSet::ALL);
        assert_eq!(CardSet::suit(Suit::Swords).len(), 12);
        assert!(CardSet::suit(Suit::Swords).contains(card("Ks")));
    }

    #[test]
    fn iteration_is_in_index_order_and_nth_agrees() {
        let set: CardSet = [card("Kb"), card("Ad"), card("5c")].into_iter().collect();
        let cards: Vec<Card> = set.iter().collect();
        assert_eq!(cards, vec![card("Ad"), card("5c"), card("Kb")]);
        for (i, c) in cards.iter().enumerate() {
            assert_eq!(set.nth(i), Some(*c));
        }
        assert_eq!(set.nth(3), None);
    }

    #[test]
    fn nth_agrees_with_iteration_on_large_sets() {
        let set = CardSet::suit(Suit::Cups) | CardSet::rank(Rank::Ace);
        for (i, card) in set.iter().enumerate() {
            assert_eq!(set.nth(i), Some(card), "{i}");
        }
        assert_eq!(set.nth(set.len()), None);
        assert_eq!(CardSet::EMPTY.nth(0), None);
    }

    #[test]
    fn serde_rejects_duplicates() {
        let set: Result<CardSet, _> = serde_json::from_str(r#"["Ad","Ad"]"#);
        assert!(set.is_err());
        let set: CardSet = serde_json::from_str(r#"["Ad","7b"]"#).expect("valid set");
        assert_eq!(
            serde_json::to_string(&set).expect("serializes"),
            r#"["Ad","7b"]"#
        );
    }
}
