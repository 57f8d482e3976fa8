//! [`Action`]s a seat can take, the chiamata [`Bid`], and [`ActionList`], a fixed-capacity list that
//! `legal_actions` fills without allocating.
//!
//! Actions have a short text form used by records, the CLI and the bot protocol: `Ad` (play the ace of
//! coins), `exchange 7s`, `mano-negra`, `bid K`, `bid 2:70`, `pass`, `call Ac`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Card, Rank};

/// A chiamata bid: a card rank (lower ranks bid higher) and the card points the declarer's side
/// promises (61 unless raised).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Bid {
    /// The rank of the card that will be called.
    pub rank: Rank,
    /// The card points promised, 61–120.
    pub points: u8,
}

impl Bid {
    /// The lowest number of points a bid can promise.
    pub const MIN_POINTS: u8 = 61;
    /// The most: every point in the deck.
    pub const MAX_POINTS: u8 = 120;
}

/// One move: playing a card, or one of the moves some variants add. Serialized as its text form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub enum Action {
    /// Play this card into the trick.
    Play(Card),
    /// Give this card (the 7 or 2 of trumps) and take the face-up trump.
    Exchange(Card),
    /// Show the ace, three and king of trumps and win the hand at once.
    ManoNegra,
    /// Chiamata: bid.
    Bid(Bid),
    /// Chiamata: pass (a player who passed bids no more this hand).
    Pass,
    /// Chiamata: the auction winner calls this card; its suit is trump and its holder the partner.
    Call(Card),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(c) => write!(f, "{c}"),
            Action::Exchange(c) => write!(f, "exchange {c}"),
            Action::ManoNegra => f.write_str("mano-negra"),
            Action::Bid(b) if b.points == Bid::MIN_POINTS => write!(f, "bid {}", b.rank.char()),
            Action::Bid(b) => write!(f, "bid {}:{}", b.rank.char(), b.points),
            Action::Pass => f.write_str("pass"),
            Action::Call(c) => write!(f, "call {c}"),
        }
    }
}

/// Why an action's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{text}` is not an action: write a card (`Ad`), `exchange 7s`, `mano-negra`, `bid K`, `bid 2:70`, `pass` or `call Ac`"
)]
pub struct ParseActionError {
    /// The text that was read.
    pub text: String,
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let err = || ParseActionError {
            text: s.to_string(),
        };
        let mut words = s.split_whitespace();
        let first = words.next().ok_or_else(err)?;
        let second = words.next();
        if words.next().is_some() {
            return Err(err());
        }
        let card = |t: Option<&str>| t.and_then(|t| t.parse::<Card>().ok()).ok_or_else(err);
        match first {
            "exchange" => Ok(Action::Exchange(card(second)?)),
            "call" => Ok(Action::Call(card(second)?)),
            "mano-negra" if second.is_none() => Ok(Action::ManoNegra),
            "pass" if second.is_none() => Ok(Action::Pass),
            "bid" => {
                let text = second.ok_or_else(err)?;
                let (rank, points) = match text.split_once(':') {
                    Some((r, p)) => (r, p.parse::<u8>().map_err(|_| err())?),
                    None => (text, Bid::MIN_POINTS),
                };
                let mut chars = rank.chars();
                let rank = chars.next().and_then(Rank::from_char).ok_or_else(err)?;
                if chars.next().is_some() || !(Bid::MIN_POINTS..=Bid::MAX_POINTS).contains(&points)
                {
                    return Err(err());
                }
                Ok(Action::Bid(Bid { rank, points }))
            }
            _ if second.is_none() => Ok(Action::Play(first.parse().map_err(|_| err())?)),
            _ => Err(err()),
        }
    }
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The most actions one position can have (a chiamata auction turn: ranks plus point raises).
pub const MAX_ACTIONS: usize = 160;

/// A fixed-capacity list of actions, filled without allocating.
#[derive(Clone)]
pub struct ActionList {
    len: usize,
    items: [Action; MAX_ACTIONS],
}

impl ActionList {
    /// An empty list.
    pub fn new() -> ActionList {
        ActionList {
            len: 0,
            items: [Action::Pass; MAX_ACTIONS],
        }
    }

    /// Appends an action (ignored past capacity, which no position reaches).
    pub fn push(&mut self, action: Action) {
        debug_assert!(self.len < MAX_ACTIONS);
        if self.len < MAX_ACTIONS {
            self.items[self.len] = action;
            self.len += 1;
        }
    }

    /// The actions as a slice.
    pub fn as_slice(&self) -> &[Action] {
        &self.items[..self.len]
    }

    /// Number of actions.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `action` is in the list.
    pub fn contains(&self, action: &Action) -> bool {
        self.as_slice().contains(action)
    }

    /// Iterates the actions.
    pub fn iter(&self) -> std::slice::Iter<'_, Action> {
        self.as_slice().iter()
    }
}

impl Default for ActionList {
    fn default() -> ActionList {
        ActionList::new()
    }
}

impl fmt::Debug for ActionList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl std::ops::Index<usize> for ActionList {
    type Output = Action;
    fn index(&self, i: usize) -> &Action {
        &self.as_slice()[i]
    }
}

impl<'a> IntoIterator for &'a ActionList {
    type Item = &'a Action;
    type IntoIter = std::slice::Iter<'a, Action>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_text_round_trips() {
        for text in [
            "Ad",
            "exchange 7s",
            "mano-negra",
            "bid K",
            "bid 2:70",
            "pass",
            "call Ac",
        ] {
            let action: Action = text.parse().expect("valid action");
            assert_eq!(action.to_string(), text);
        }
    }

    #[test]
    fn bad_action_text_is_rejected() {
        for bad in [
            "",
            "play",
            "exchange",
            "bid",
            "bid 2:200",
            "bid 2:60",
            "bid X",
            "pass now",
            "Ad Ks",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }
}
