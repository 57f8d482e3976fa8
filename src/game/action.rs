//! [`Action`]s a seat can take, the chiamata [`Bid`], and [`ActionList`], a fixed-capacity list that
//! `legal_actions` fills without allocating.
//!
//! Actions have two forms. The text form — `Ad` (play the ace of coins), `exchange 7s`, `mano-negra`,
//! `bid K`, `bid 2:70`, `pass`, `call Ac`, `sena ace` — is what people type and what records and the bot protocol
//! write: fields holding it say so with `#[serde(with = "action_text")]` ([`action_text`]). Serde's own
//! form of an [`Action`] is a tagged object (`{"kind": "play", "card": "Ad"}`, `{"kind": "bid",
//! "rank": "king", "points": 61}`), so a user interface reads a move without parsing the notation.
//! Both forms are read wherever an action is read.

use std::fmt;
use std::str::FromStr;

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Sena;
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

/// One move: playing a card, or one of the moves some variants add. Serialized as a tagged object
/// (see the module docs); read from that object or from the text form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "Tagged"))]
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
    /// Make this seña to the partners (a free move: the turn does not pass).
    Signal(Sena),
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
            Action::Signal(sena) => write!(f, "sena {}", sena.word()),
        }
    }
}

/// Why an action's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{text}` is not an action: write a card (`Ad`), `exchange 7s`, `mano-negra`, `bid K`, `bid 2:70`, `pass`, `call Ac` or `sena ace`"
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
            "sena" => second
                .and_then(Sena::from_word)
                .map(Action::Signal)
                .ok_or_else(err),
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

/// Serde's form of an [`Action`]: the variant as `kind`, its card or bid as named fields.
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
enum Tagged {
    /// Play this card into the trick.
    Play {
        /// The card.
        card: Card,
    },
    /// Give this card (the 7 or 2 of trumps) and take the face-up trump.
    Exchange {
        /// The card given.
        card: Card,
    },
    /// Show the ace, three and king of trumps and win the hand at once.
    ManoNegra,
    /// Chiamata: bid this rank and these card points.
    Bid {
        /// The rank of the card that will be called.
        rank: Rank,
        /// The card points promised.
        points: u8,
    },
    /// Chiamata: pass.
    Pass,
    /// Chiamata: call this card.
    Call {
        /// The card.
        card: Card,
    },
    /// Make this seña.
    Sena {
        /// The seña.
        sena: Sena,
    },
}

impl From<Action> for Tagged {
    fn from(action: Action) -> Tagged {
        match action {
            Action::Play(card) => Tagged::Play { card },
            Action::Exchange(card) => Tagged::Exchange { card },
            Action::ManoNegra => Tagged::ManoNegra,
            Action::Bid(Bid { rank, points }) => Tagged::Bid { rank, points },
            Action::Pass => Tagged::Pass,
            Action::Call(card) => Tagged::Call { card },
            Action::Signal(sena) => Tagged::Sena { sena },
        }
    }
}

impl Tagged {
    /// The action, or why these fields are not one (points outside 61–120).
    fn action(self) -> Result<Action, String> {
        Ok(match self {
            Tagged::Play { card } => Action::Play(card),
            Tagged::Exchange { card } => Action::Exchange(card),
            Tagged::ManoNegra => Action::ManoNegra,
            Tagged::Bid { rank, points } => {
                if !(Bid::MIN_POINTS..=Bid::MAX_POINTS).contains(&points) {
                    return Err(format!(
                        "a bid promises {} to {} points, not {points}",
                        Bid::MIN_POINTS,
                        Bid::MAX_POINTS
                    ));
                }
                Action::Bid(Bid { rank, points })
            }
            Tagged::Pass => Action::Pass,
            Tagged::Call { card } => Action::Call(card),
            Tagged::Sena { sena } => Action::Signal(sena),
        })
    }
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Tagged::from(*self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        d.deserialize_any(EitherForm)
    }
}

/// Reads an action from its tagged object or its text.
struct EitherForm;

impl<'de> Visitor<'de> for EitherForm {
    type Value = Action;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an action: `{\"kind\": \"play\", \"card\": \"Ad\"}` or its text, `Ad`")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Action, E> {
        text.parse().map_err(E::custom)
    }

    fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<Action, M::Error> {
        Tagged::deserialize(de::value::MapAccessDeserializer::new(map))?
            .action()
            .map_err(de::Error::custom)
    }
}

/// The text form for serde's `with`: `#[serde(with = "action_text")]` on a `Vec<Action>` (records)
/// or [`action_text::one`] on a single action (the bot's reply). Reading accepts both forms.
pub mod action_text {
    use serde::{Deserialize, Deserializer, Serializer};

    use super::Action;

    /// Writes the actions as their text.
    pub fn serialize<S: Serializer>(actions: &[Action], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(actions.iter().map(ToString::to_string))
    }

    /// Reads actions written as text (or as tagged objects).
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Action>, D::Error> {
        Vec::<Action>::deserialize(d)
    }

    /// One action as its text.
    pub mod one {
        use serde::{Deserialize, Deserializer, Serializer};

        use super::Action;

        /// Writes the action as its text.
        pub fn serialize<S: Serializer>(action: &Action, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(action)
        }

        /// Reads an action written as text (or as a tagged object).
        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
            Action::deserialize(d)
        }
    }

    /// The TypeScript type of a field holding actions as text: a string in the notation, which a
    /// user interface shows or stores but never parses.
    #[cfg(feature = "ts")]
    #[derive(ts_rs::TS)]
    #[ts(type = "string")]
    pub struct ActionText;
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
    fn serde_writes_the_tagged_form_and_reads_both() {
        let cases = [
            ("Ad", r#"{"kind":"play","card":"Ad"}"#),
            ("exchange 7s", r#"{"kind":"exchange","card":"7s"}"#),
            ("mano-negra", r#"{"kind":"mano-negra"}"#),
            ("bid K", r#"{"kind":"bid","rank":"king","points":61}"#),
            ("bid 2:70", r#"{"kind":"bid","rank":"two","points":70}"#),
            ("pass", r#"{"kind":"pass"}"#),
            ("call Ac", r#"{"kind":"call","card":"Ac"}"#),
        ];
        for (text, json) in cases {
            let action: Action = text.parse().expect("valid action");
            assert_eq!(serde_json::to_string(&action).expect("json"), json);
            assert_eq!(
                serde_json::from_str::<Action>(json).expect("tagged"),
                action
            );
            let quoted = format!("\"{text}\"");
            assert_eq!(
                serde_json::from_str::<Action>(&quoted).expect("text"),
                action
            );
        }
    }

    #[test]
    fn the_text_form_is_kept_where_asked() {
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        struct Line {
            #[serde(with = "action_text")]
            actions: Vec<Action>,
        }
        let line = Line {
            actions: vec![Action::Pass, "bid 2:70".parse().expect("bid")],
        };
        let json = serde_json::to_string(&line).expect("json");
        assert_eq!(json, r#"{"actions":["pass","bid 2:70"]}"#);
        assert_eq!(serde_json::from_str::<Line>(&json).expect("read"), line);
    }

    #[test]
    fn bad_tagged_actions_are_refused() {
        for bad in [
            r#"{"kind":"bid","rank":"king","points":60}"#,
            r#"{"kind":"bid","rank":"king","points":121}"#,
            r#"{"kind":"play","card":"Xd"}"#,
            r#"{"kind":"play"}"#,
            r#"{"kind":"shout"}"#,
            "7",
            "null",
        ] {
            assert!(serde_json::from_str::<Action>(bad).is_err(), "{bad}");
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
