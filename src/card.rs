//! Cards: suits, ranks and the two-character notation (`Ad`, `3c`, `Ks`, `7b`).
//!
//! A [`Card`] is one byte: `suit * 12 + rank`. The 48 possible cards cover the Catalan deck (with 8s and
//! 9s); every other deck is a subset. Ranks carry no strength or points here: both belong to the ruleset's
//! [`CardOrder`](crate::CardOrder). Labels (Fante, Sota, Jack…) belong to the deck style and live in the UI.
//! The notation is documented in `docs/card-notation.md`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One of the four Latin suits (the French deck maps them to ♦ ♥ ♠ ♣).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Suit {
    /// Denari / oros / coins; diamonds in the French deck. Notation `d`.
    Coins = 0,
    /// Coppe / copas / cups; hearts in the French deck. Notation `c`.
    Cups = 1,
    /// Spade / espadas / swords; spades in the French deck. Notation `s`.
    Swords = 2,
    /// Bastoni / bastos / clubs; clubs in the French deck. Notation `b`.
    Clubs = 3,
}

impl Suit {
    /// All suits in notation order.
    pub const ALL: [Suit; 4] = [Suit::Coins, Suit::Cups, Suit::Swords, Suit::Clubs];

    /// Index 0..4.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit with this index, if any.
    pub const fn from_index(index: usize) -> Option<Suit> {
        match index {
            0 => Some(Suit::Coins),
            1 => Some(Suit::Cups),
            2 => Some(Suit::Swords),
            3 => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// The notation character: `d`, `c`, `s` or `b`.
    pub const fn char(self) -> char {
        ['d', 'c', 's', 'b'][self as usize]
    }

    /// Reads a notation character in either case, or a French suit symbol (`♦ ♥ ♠ ♣`).
    pub fn from_char(c: char) -> Option<Suit> {
        match c.to_ascii_lowercase() {
            'd' | '♦' => Some(Suit::Coins),
            'c' | '♥' => Some(Suit::Cups),
            's' | '♠' => Some(Suit::Swords),
            'b' | '♣' => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// English name of the Latin suit, for messages and hints.
    pub const fn name(self) -> &'static str {
        ["coins", "cups", "swords", "clubs"][self as usize]
    }
}

/// A rank, from the ace to the king. Strength and points come from the ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Rank {
    /// The ace (1). Notation `A`.
    Ace = 0,
    /// Notation `2`.
    Two = 1,
    /// Notation `3`.
    Three = 2,
    /// Notation `4`.
    Four = 3,
    /// Notation `5`.
    Five = 4,
    /// Notation `6`.
    Six = 5,
    /// Notation `7`.
    Seven = 6,
    /// Only in the Catalan 48-card deck. Notation `8`.
    Eight = 7,
    /// Only in the Catalan 48-card deck. Notation `9`.
    Nine = 8,
    /// The page: Fante (8), Sota (10), Jack. Notation `J`.
    Jack = 9,
    /// The knight: Cavallo (9), Caballo (11), the French Queen. Notation `Q`.
    Knight = 10,
    /// The king: Re (10), Rey (12), King. Notation `K`.
    King = 11,
}

impl Rank {
    /// All ranks in notation order.
    pub const ALL: [Rank; 12] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Jack,
        Rank::Knight,
        Rank::King,
    ];

    /// Index 0..12.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank with this index, if any.
    pub const fn from_index(index: usize) -> Option<Rank> {
        if index < 12 {
            Some(Rank::ALL[index])
        } else {
            None
        }
    }

    /// The notation character.
    pub const fn char(self) -> char {
        ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'J', 'Q', 'K'][self as usize]
    }

    /// Reads a notation character (case-insensitive for letters).
    pub fn from_char(c: char) -> Option<Rank> {
        Rank::ALL
            .into_iter()
            .find(|r| r.char() == c.to_ascii_uppercase())
    }

    /// English name, for messages and hints ("ace", "three", "knight"…).
    pub const fn name(self) -> &'static str {
        [
            "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "jack",
            "knight", "king",
        ][self as usize]
    }
}

/// A card: `suit * 12 + rank`, so 0..48. Serialized as its notation (`"Ad"`); in TypeScript, the
/// union of the 48 codes (see the `TS` impl below).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

/// In TypeScript a card is the union of its codes, `"Ad" | "2d" | … | "Kb"`: every card of every deck
/// (the Catalan deck holds all 48), written from [`Card::all`] and the notation, never by hand.
#[cfg(feature = "ts")]
impl ts_rs::TS for Card {
    type WithoutGenerics = Card;
    type OptionInnerType = Self;

    fn docs() -> Option<String> {
        Some(ts_rs::format_docs(&[
            " A card in the notation of docs/card-notation.md: rank (`A 2-9 J Q K`) then suit (`d c s b`).",
        ]))
    }

    fn name(_: &ts_rs::Config) -> String {
        "Card".to_string()
    }

    fn decl(cfg: &ts_rs::Config) -> String {
        format!("type Card = {};", Self::inline(cfg))
    }

    fn decl_concrete(cfg: &ts_rs::Config) -> String {
        Self::decl(cfg)
    }

    fn inline(_: &ts_rs::Config) -> String {
        let codes: Vec<String> = Card::all().map(|card| format!("\"{card}\"")).collect();
        codes.join(" | ")
    }

    fn output_path() -> Option<std::path::PathBuf> {
        Some(std::path::PathBuf::from("Card.ts"))
    }
}

impl Card {
    /// Number of distinct cards (the Catalan 48-card deck).
    pub const COUNT: usize = 48;

    /// The card of this suit and rank.
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 12 + rank as u8)
    }

    /// The card with this index (0..48), if any.
    pub const fn from_index(index: usize) -> Option<Card> {
        if index < Card::COUNT {
            Some(Card(index as u8))
        } else {
            None
        }
    }

    /// Index 0..48.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The suit.
    #[inline]
    pub const fn suit(self) -> Suit {
        SUIT_OF[self.0 as usize]
    }

    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        RANK_OF[self.0 as usize]
    }

    /// Every card, in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..Card::COUNT as u8).map(Card)
    }

    /// English description ("ace of coins"), for messages and hints.
    pub fn name(self) -> String {
        format!("{} of {}", self.rank().name(), self.suit().name())
    }
}

/// Suit of each card index (a table: cheaper than a division on the play path).
const SUIT_OF: [Suit; Card::COUNT] = {
    let mut table = [Suit::Coins; Card::COUNT];
    let mut i = 0;
    while i < Card::COUNT {
        table[i] = Suit::ALL[i / 12];
        i += 1;
    }
    table
};

/// Rank of each card index.
const RANK_OF: [Rank; Card::COUNT] = {
    let mut table = [Rank::Ace; Card::COUNT];
    let mut i = 0;
    while i < Card::COUNT {
        table[i] = Rank::ALL[i % 12];
        i += 1;
    }
    table
};

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().char(), self.suit().char())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a card name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{text}` is not a card: write a rank (A 2-9 J Q K) then a suit (d c s b), in any case, e.g. `Ad` or `7s`"
)]
pub struct ParseCardError {
    /// The text that was read.
    pub text: String,
}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let err = || ParseCardError {
            text: s.to_string(),
        };
        let mut chars = s.trim().chars();
        let rank = chars.next().and_then(Rank::from_char).ok_or_else(err)?;
        let suit = chars.next().and_then(Suit::from_char).ok_or_else(err)?;
        if chars.next().is_some() {
            return Err(err());
        }
        Ok(Card::new(suit, rank))
    }
}

/// Reads a list of cards separated by spaces and/or commas.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, ParseCardError> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(str::parse)
        .collect()
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_for_every_card() {
        for card in Card::all() {
            let text = card.to_string();
            assert_eq!(text.parse::<Card>(), Ok(card));
        }
    }

    #[test]
    fn french_suit_symbols_are_read() {
        assert_eq!(
            "5♠".parse::<Card>(),
            Ok(Card::new(Suit::Swords, Rank::Five))
        );
        assert_eq!("A♥".parse::<Card>(), Ok(Card::new(Suit::Cups, Rank::Ace)));
        assert_eq!(
            "Q♣".parse::<Card>(),
            Ok(Card::new(Suit::Clubs, Rank::Knight))
        );
        assert_eq!("K♦".parse::<Card>(), Ok(Card::new(Suit::Coins, Rank::King)));
    }

    #[test]
    fn rank_and_suit_are_read_in_either_case() {
        let ace = Card::new(Suit::Coins, Rank::Ace);
        for text in ["Ad", "ad", "AD", "aD"] {
            assert_eq!(text.parse::<Card>(), Ok(ace), "{text}");
        }
        assert_eq!("2S".parse::<Card>(), Ok(Card::new(Suit::Swords, Rank::Two)));
        assert_eq!(
            "qB".parse::<Card>(),
            Ok(Card::new(Suit::Clubs, Rank::Knight))
        );
        assert_eq!(
            ace.to_string(),
            "Ad",
            "written with an upper-case rank, lower-case suit"
        );
    }

    #[test]
    fn bad_card_names_are_rejected() {
        for bad in ["", "A", "Ax", "1d", "10d", "Add", "xd"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }

    #[test]
    fn card_lists_accept_spaces_and_commas() {
        let cards = parse_cards("Ad, 3c Ks,7b").expect("valid list");
        assert_eq!(cards.len(), 4);
        assert_eq!(cards[3], Card::new(Suit::Clubs, Rank::Seven));
    }
}
