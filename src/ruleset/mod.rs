//! [`Ruleset`]: one value type for every variant, with named presets and validation.
//!
//! A ruleset is plain data (`Copy`, serde): records carry it whole, so a record replays under exactly the
//! rules it was played with. [`Ruleset::preset`] gives the documented defaults of each preset; the
//! options a player may change are described once in `options/` ([`Ruleset::options`], the checked
//! [`Ruleset::with_option`]); [`Ruleset::validate`] says, as data ([`RulesetError`]), what does not fit
//! together — a player count the preset refuses included. Where the source texts disagree, the
//! disagreement is an option here, and the field's doc names the text (see `docs/rules.md`). Rank order
//! and points are in `card_order.rs`, with the [`RankValue`] table user interfaces show.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{Card, CardSet, Rank, Suit};

mod card_order;
mod error;
mod options;

pub use card_order::{CardOrder, RankValue};
pub use error::RulesetError;
pub use options::{OptionError, OptionId, OptionKind, OptionSpec, OptionValue, Requirement};

/// The largest table: six players.
pub const MAX_PLAYERS: usize = 6;

/// The named variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Preset {
    /// Italian Briscola: 2, 3, 4 (pairs) or 6 (two teams of three) players.
    Briscola,
    /// Spanish Brisca: Briscola plus the trump exchange with the 7 and the 2 of trumps.
    Brisca,
    /// Portuguese Bisca: the 7 ranks second (A 7 K J Q 6 5 4 3 2); French deck by default.
    Bisca,
    /// Briscola scoperta / Brisca descubierta: every hand face up, and the next stock card visible.
    Scoperta,
    /// Briscolone: two players, no trump, played to 121 or 151 card points over several hands.
    Briscolone,
    /// Briscola chiamata: five players, an auction, a called card that names trump and a secret partner.
    Chiamata,
    /// Dupla briškula (Dalmatian): two players, four cards each, two cards each per trick.
    Dupla,
}

impl Preset {
    /// Every preset, in menu order.
    pub const ALL: [Preset; 7] = [
        Preset::Briscola,
        Preset::Brisca,
        Preset::Bisca,
        Preset::Scoperta,
        Preset::Briscolone,
        Preset::Chiamata,
        Preset::Dupla,
    ];

    /// The id used on the command line and in files (`briscola`, `brisca`, …).
    pub fn id(self) -> &'static str {
        match self {
            Preset::Briscola => "briscola",
            Preset::Brisca => "brisca",
            Preset::Bisca => "bisca",
            Preset::Scoperta => "scoperta",
            Preset::Briscolone => "briscolone",
            Preset::Chiamata => "chiamata",
            Preset::Dupla => "dupla",
        }
    }

    /// Player counts the preset supports; the first is the default.
    pub fn player_counts(self) -> &'static [u8] {
        match self {
            Preset::Briscola | Preset::Brisca => &[2, 3, 4, 6],
            Preset::Bisca => &[2, 3, 4],
            Preset::Scoperta => &[2, 3, 4],
            Preset::Briscolone | Preset::Dupla => &[2],
            Preset::Chiamata => &[5],
        }
    }

    /// The deck style players of this variant usually expect.
    pub fn usual_deck_style(self) -> DeckStyle {
        match self {
            Preset::Brisca => DeckStyle::Spanish,
            Preset::Bisca => DeckStyle::French,
            _ => DeckStyle::Italian,
        }
    }

    /// One-line English description.
    pub fn summary(self) -> &'static str {
        match self {
            Preset::Briscola => {
                "Italian Briscola: three cards each, a turned-up trump, no duty to follow suit"
            }
            Preset::Brisca => {
                "Spanish Brisca: Briscola plus swapping the turned-up trump with the 7 or the 2 of trumps"
            }
            Preset::Bisca => "Portuguese Bisca: the seven ranks second (A 7 K J Q), French cards",
            Preset::Scoperta => {
                "Briscola scoperta: all hands face up and the next stock card visible"
            }
            Preset::Briscolone => "Briscolone: two players, no trumps, played to 121 or 151 points",
            Preset::Chiamata => "Briscola chiamata: five players, an auction and a secret partner",
            Preset::Dupla => "Dupla briškula: four cards each, two cards each per trick",
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Preset {
    type Err = RulesetError;
    fn from_str(s: &str) -> Result<Preset, RulesetError> {
        Preset::ALL
            .into_iter()
            .find(|p| p.id() == s)
            .ok_or_else(|| RulesetError::UnknownPreset {
                preset: s.to_string(),
            })
    }
}

/// How card faces are drawn. Belongs to the player's preferences, not to the rules. The wire names are
/// the folder names of the artwork (`assets/cards/<style>/`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum DeckStyle {
    /// Napoletane-inspired Italian cards, indices 1–7 and 8/9/10.
    Italian,
    /// The same Italian cards with the court indices F, C, R (fante, cavallo, re).
    ItalianFcr,
    /// Spanish cards (baraja española), indices 1–7 and 10/11/12, with la pinta.
    Spanish,
    /// French cards (A, 2–7, J, Q, K), two colours.
    French,
    /// French cards with four suit colours.
    #[serde(rename = "french-4color")]
    French4Color,
}

impl DeckStyle {
    /// Every style, in the order a settings screen lists them.
    pub const ALL: [DeckStyle; 5] = [
        DeckStyle::Italian,
        DeckStyle::ItalianFcr,
        DeckStyle::Spanish,
        DeckStyle::French,
        DeckStyle::French4Color,
    ];
}

/// Which cards make the deck before any 2s are removed for the number of players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum DeckKind {
    /// The 40-card deck: A, 2–7 and three court cards in four suits.
    Standard,
    /// The Catalan 48-card deck: adds the 8 and 9 of each suit, worth 0, between the 7 and the jack
    /// ("Brisca Catalana", Italian Brisca text).
    Catalan,
    /// "Brisca rápida": 20 cards, only aces, threes and court cards (Italian Brisca text).
    Rapida,
}

impl DeckKind {
    /// The cards of this deck.
    pub const fn cards(self) -> CardSet {
        const STANDARD: CardSet = CardSet::ranks(&[
            Rank::Ace,
            Rank::Two,
            Rank::Three,
            Rank::Four,
            Rank::Five,
            Rank::Six,
            Rank::Seven,
            Rank::Jack,
            Rank::Knight,
            Rank::King,
        ]);
        const RAPIDA: CardSet =
            CardSet::ranks(&[Rank::Ace, Rank::Three, Rank::Jack, Rank::Knight, Rank::King]);
        match self {
            DeckKind::Standard => STANDARD,
            DeckKind::Catalan => CardSet::ALL,
            DeckKind::Rapida => RAPIDA,
        }
    }
}

/// Where the trump suit comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TrumpRule {
    /// The card after the deal is turned face up under the stock; it is drawn last.
    TurnedUp,
    /// No trumps (Briscolone).
    NoTrump,
    /// The suit of the first card played in the hand is trump (a Briscolone variant in the Briscola text).
    FirstCardPlayed,
    /// Named by the called card after the auction (Briscola chiamata).
    Called,
}

/// When players must follow the suit led. Without a duty, any card may be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum FollowRule {
    /// Never any duty (all Briscola texts: "no están obligados a seguir el palo").
    Free,
    /// Follow suit once the stock is empty ("Brisca Valenciana", Italian Brisca text).
    FollowWhenStockEmpty,
    /// Follow suit and win the trick if possible once the stock is empty (Briscolone, Briscola text:
    /// "deben seguir el palo y, si pueden, hacer la baza").
    FollowAndBeatWhenStockEmpty,
    /// Always follow suit (the five-card Briscolone "often" adds it; Brisca subastada).
    FollowAlways,
}

/// Swapping a card of the hand for the face-up trump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ExchangeRule {
    /// No exchange.
    Never,
    /// The holder of the 2 of trumps may take the face-up trump, only during the first trick
    /// (Briscola text: "solo al comienzo del juego o en la primera mano").
    TwoBeforeFirstTrick,
    /// Brisca: the 7 of trumps takes a face-up trump ranked above the 7; the 2 of trumps takes a face-up
    /// 4, 5, 6 or 7. On any own turn before playing, while the face-up trump is on the table.
    SevenAndTwo,
    /// As [`ExchangeRule::SevenAndTwo`], but only when leading a trick after winning the previous one.
    SevenAndTwoAfterWinning,
}

/// What a 60–60 (or a tie for first place) means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TieRule {
    /// The hand is drawn (the Brisca and cardgames.io texts: "la partida queda en tablas").
    Draw,
    /// The hand is void and dealt again (Briscola text: "se juega otra partida").
    Replay,
}

/// A complete set of rules. See [`Ruleset::preset`] for the documented defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Ruleset {
    /// The variant this ruleset starts from.
    pub preset: Preset,
    /// Number of players, 2–6.
    pub players: u8,
    /// Partnerships with 4 players (seats opposite) or 6 (two teams of three, alternating). Without
    /// them everyone plays alone (Bisca text: four players "individualmente o en parejas").
    pub partnerships: bool,
    /// Which cards make the deck.
    pub deck: DeckKind,
    /// The first 2 removed when the deck does not divide by the players (three players remove one 2,
    /// six remove all four); default the 2 of coins (cardgames.io text: "el dos de oros").
    pub removed_two: Suit,
    /// Rank order and points.
    pub order: CardOrder,
    /// Cards in each hand.
    pub hand_size: u8,
    /// Cards each player plays into one trick: 1, or 2 in dupla briškula.
    pub plays_per_trick: u8,
    /// Where trumps come from.
    pub trump: TrumpRule,
    /// Duty to follow suit.
    pub follow: FollowRule,
    /// Swapping for the face-up trump.
    pub exchange: ExchangeRule,
    /// "Mano negra" / "la conquista": holding the ace, three and king of trumps wins the hand at once.
    pub mano_negra: bool,
    /// Every hand face up and the next stock card visible (scoperta / descubierta).
    pub open_hands: bool,
    /// What a tie means.
    pub tie: TieRule,
    /// Chiamata auction: any player may "force", keeping the bid card and raising the points. Without
    /// it, points are only bid once the bid has come down to the two (Briscola text, chiamata).
    pub forcing: bool,
    /// Señas: partners may signal an ace, a three, trumps or nothing, once a trick before playing
    /// (Italian Brisca text, "Brisca con Segnali": "alzare le sopracciglia (ho un Asso), stringere le
    /// labbra (ho un Tre) o inclinare la testa (ho briscola)"). Off by default: the same text's team
    /// rules forbid signals in formal play ("I partner non possono … fare segnali"). See
    /// [`crate::Sena`]. Written only when on, so rulesets without señas read and write as before.
    #[serde(default, skip_serializing_if = "is_off")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub senas: bool,
    /// With señas: the chance, in percent, that each opponent catches a seña ("la vera abilità sta nel
    /// segnalare in modo abbastanza sottile da non far intercettare il messaggio"); default 25,
    /// written only when it is another.
    #[serde(
        default = "default_interception",
        skip_serializing_if = "is_default_interception"
    )]
    #[cfg_attr(feature = "ts", ts(as = "Option<u8>", optional))]
    pub interception: u8,
}

/// The interception chance of a ruleset that does not name one.
const fn default_interception() -> u8 {
    Ruleset::DEFAULT_INTERCEPTION
}

fn is_default_interception(percent: &u8) -> bool {
    *percent == Ruleset::DEFAULT_INTERCEPTION
}

fn is_off(on: &bool) -> bool {
    !*on
}

impl Ruleset {
    /// Each opponent's chance, in percent, of catching a seña unless the rules say otherwise: one in
    /// four, so a seña usually reaches only the partner but is a real risk.
    pub const DEFAULT_INTERCEPTION: u8 = 25;

    /// The documented defaults of a preset for a number of players.
    ///
    /// ```
    /// use briscola::{Preset, Ruleset, CardOrder};
    /// let bisca = Ruleset::preset(Preset::Bisca, 2)?;
    /// assert_eq!(bisca.order, CardOrder::Bisca);
    /// assert!(Ruleset::preset(Preset::Chiamata, 4).is_err());
    /// # Ok::<(), briscola::RulesetError>(())
    /// ```
    pub fn preset(preset: Preset, players: u8) -> Result<Ruleset, RulesetError> {
        let base = Ruleset {
            preset,
            players,
            partnerships: players == 4 || players == 6,
            deck: DeckKind::Standard,
            removed_two: Suit::Coins,
            order: CardOrder::Classic,
            hand_size: 3,
            plays_per_trick: 1,
            trump: TrumpRule::TurnedUp,
            follow: FollowRule::Free,
            exchange: ExchangeRule::Never,
            mano_negra: false,
            open_hands: false,
            tie: TieRule::Draw,
            forcing: false,
            senas: false,
            interception: Ruleset::DEFAULT_INTERCEPTION,
        };
        let rules = match preset {
            Preset::Briscola => base,
            Preset::Brisca => Ruleset {
                exchange: ExchangeRule::SevenAndTwo,
                ..base
            },
            Preset::Bisca => Ruleset {
                order: CardOrder::Bisca,
                ..base
            },
            Preset::Scoperta => Ruleset {
                open_hands: true,
                ..base
            },
            Preset::Briscolone => Ruleset {
                trump: TrumpRule::NoTrump,
                ..base
            },
            Preset::Chiamata => Ruleset {
                hand_size: 8,
                trump: TrumpRule::Called,
                partnerships: false,
                ..base
            },
            Preset::Dupla => Ruleset {
                hand_size: 4,
                plays_per_trick: 2,
                ..base
            },
        };
        rules.validate()?;
        Ok(rules)
    }

    /// The cards in play: the deck kind, less the 2s removed so that the deck divides by the players.
    pub fn deck_cards(&self) -> CardSet {
        let mut cards = self.deck.cards();
        let mut excess = cards.len() % usize::from(self.players.max(1));
        if excess == 0 {
            return cards;
        }
        let twos = Suit::ALL
            .into_iter()
            .cycle()
            .skip(self.removed_two.index())
            .take(4);
        for suit in twos {
            if excess == 0 {
                break;
            }
            if cards.remove(Card::new(suit, Rank::Two)) {
                excess -= 1;
            }
        }
        cards
    }

    /// The ranks of this ruleset's deck with their strength and points, strongest first: the card-value
    /// table a user interface shows (it never restates points).
    pub fn rank_values(&self) -> Vec<RankValue> {
        let deck = self.deck.cards();
        self.order
            .rank_values()
            .into_iter()
            .filter(|v| !(deck & CardSet::rank(v.rank)).is_empty())
            .collect()
    }

    /// Total card points in the deck (120 for every standard deck).
    pub fn total_points(&self) -> u16 {
        self.deck_cards()
            .iter()
            .map(|c| u16::from(self.order.card_points(c)))
            .sum()
    }

    /// The team (side) of a seat when teams are fixed: partnerships alternate seats. `None` when every
    /// player is alone or teams are formed by the chiamata call.
    pub fn fixed_team(&self, seat: u8) -> Option<u8> {
        if self.partnerships && self.trump != TrumpRule::Called {
            Some(seat % 2)
        } else {
            None
        }
    }

    /// Checks that the options fit together and the deck deals out evenly.
    pub fn validate(&self) -> Result<(), RulesetError> {
        self.checked_deck().map(|_| ())
    }

    /// [`Ruleset::validate`], giving the deck in play when the rules are valid.
    pub(crate) fn checked_deck(&self) -> Result<CardSet, RulesetError> {
        use RulesetError as E;
        let allowed = self.preset.player_counts();
        if !allowed.contains(&self.players) {
            return Err(E::Players {
                preset: self.preset,
                players: self.players,
                allowed: allowed.to_vec(),
            });
        }
        if self.partnerships && self.players != 4 && self.players != 6 {
            return Err(E::Partnerships {
                players: self.players,
            });
        }
        if self.plays_per_trick == 0 || self.plays_per_trick > 2 {
            return Err(E::PlaysPerTrick {
                plays: self.plays_per_trick,
            });
        }
        if self.plays_per_trick == 2 && (self.players != 2 || self.follow != FollowRule::Free) {
            return Err(E::DuplaTable);
        }
        if self.hand_size == 0 || self.hand_size % self.plays_per_trick != 0 {
            return Err(E::HandSize {
                hand_size: self.hand_size,
                plays: self.plays_per_trick,
            });
        }
        let deck_cards = self.deck_cards();
        // Decks hold at most 48 cards and tables at most six hands of a few cards: all fit in u8.
        let cards = deck_cards.len() as u8;
        if cards % self.players != 0 {
            return Err(E::UnevenDeal {
                deck: self.deck.cards().len() as u8,
                players: self.players,
            });
        }
        let dealt = u16::from(self.players) * u16::from(self.hand_size);
        if dealt > u16::from(cards) {
            return Err(E::NotEnoughCards {
                cards,
                players: self.players,
                hand_size: self.hand_size,
            });
        }
        let stock = cards - dealt as u8;
        let per_round = self.players * self.plays_per_trick;
        if stock % per_round != 0 {
            return Err(E::UnevenStock { stock, per_round });
        }
        match self.trump {
            TrumpRule::Called if self.preset != Preset::Chiamata || stock != 0 => {
                return Err(E::CalledTrump);
            }
            TrumpRule::TurnedUp if stock == 0 => return Err(E::TurnedUpTrump),
            _ => {}
        }
        if self.preset == Preset::Chiamata && self.trump != TrumpRule::Called {
            return Err(E::ChiamataTrump);
        }
        if self.exchange != ExchangeRule::Never && self.trump != TrumpRule::TurnedUp {
            return Err(E::ExchangeTrump);
        }
        if self.mano_negra && self.trump != TrumpRule::TurnedUp {
            return Err(E::ManoNegraTrump);
        }
        if self.mano_negra && self.hand_size < 3 {
            return Err(E::ManoNegraHand {
                hand_size: self.hand_size,
            });
        }
        if self.interception > 100 {
            return Err(E::Interception {
                percent: self.interception,
            });
        }
        if self.senas && self.fixed_team(0).is_none() {
            return Err(E::SenasTeams);
        }
        if self.senas && self.open_hands {
            return Err(E::SenasOpenHands);
        }
        Ok(deck_cards)
    }
}
