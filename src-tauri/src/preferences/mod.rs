//! The user's preferences: one typed document (`preferences.json`, version 2) holding everything
//! the app remembers between runs — the deck, the language, the table's settings, who deals first,
//! whether undo is allowed, and the New game form's last choice ([`NewGame`]) with one ruleset per
//! preset the player edited. The UI holds this type as it is (generated TypeScript), with no second
//! store and no mapping layer.
//!
//! Older files are upgraded through [`migrate`]: version 0 (early builds) and version 1 (strings
//! and JSON placeholders for the rules). Missing fields take their defaults, so adding a field
//! does not need a new version. Values the types cannot bound (card size, the remembered rules
//! and format) are checked by [`Preferences::validate`] and put right by [`Preferences::repaired`].
//!
//! Deliberately absent: file access (see [`crate::store`]) and the wording of any setting (the UI's).

mod migrate;

use briscola::ai::Level;
use briscola::{Match, MatchFormat, Rng, Seat};
use briscola_relay::link::RelayAddress;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use crate::session::NewGame;
pub use briscola::DeckStyle;

use crate::store::document::DocumentSpec;
use briscola_store::PreferencesDocument;

/// The preferences document: version 2, readable from versions 0 and 1.
pub const PREFERENCES: DocumentSpec = DocumentSpec {
    file_name: "preferences.json",
    version: 2,
    migrations: &[migrate::v0_to_v1, migrate::v1_to_v2],
};

impl PreferencesDocument for Preferences {
    const DOCUMENT: DocumentSpec = PREFERENCES;

    fn repaired(self) -> (Self, Vec<&'static str>) {
        Preferences::repaired(self)
    }
}

/// Interface language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// Follow the operating system.
    #[default]
    System,
    /// Italiano.
    It,
    /// Español.
    Es,
    /// English.
    En,
    /// Português.
    Pt,
}

/// How fast cards move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum AnimationSpeed {
    /// Slow.
    Slow,
    /// Normal.
    #[default]
    Normal,
    /// Fast.
    Fast,
    /// No movement: cards jump to their place.
    Instant,
}

/// When a finished trick leaves the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum TrickCollect {
    /// After a pause that follows the animation speed (1.5 s at Normal).
    #[default]
    Auto,
    /// When you tap "Collect".
    Tap,
}

/// Which card points are visible during a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ScoreDisplay {
    /// Every side's points.
    #[default]
    All,
    /// Only your side's points.
    Mine,
    /// Nobody's points until the hand ends.
    None,
}

/// Who deals the first hand of a match. The shell turns it into a seat when the match starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum FirstDealer {
    /// Any seat, drawn from the match seed.
    #[default]
    Random,
    /// You (seat 0): a computer player leads the first trick.
    Human,
    /// One of the computer players, drawn from the match seed.
    Computer,
}

impl FirstDealer {
    /// The dealing seat at a table of `players` (2 or more), drawn from `seed` when there is a choice.
    pub fn seat(self, players: u8, seed: u64) -> Seat {
        let mut rng = Rng::new(Rng::derive_seed(
            seed,
            u64::from(u32::from_be_bytes(*b"deal")),
        ));
        let players = players.max(2);
        match self {
            FirstDealer::Human => 0,
            FirstDealer::Random => draw(&mut rng, players),
            FirstDealer::Computer => 1 + draw(&mut rng, players - 1),
        }
    }
}

fn draw(rng: &mut Rng, below: u8) -> u8 {
    u8::try_from(rng.below(usize::from(below))).unwrap_or(0)
}

/// Which way play turns round the table on screen. The engine's seat order is the same either way:
/// this only places the seats. The source texts disagree: the Spanish Wikipedia article, the
/// Spanish rules page and the Italian guide (seeds 000, 002, 004; 003 too) start "to the dealer's
/// right", counter-clockwise, the last adding that clockwise is also played; cardgames.io's page
/// (seed 001) starts "to the dealer's left".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum TableTurn {
    /// Counter-clockwise: the player after you sits on your right.
    #[default]
    CounterClockwise,
    /// Clockwise: the player after you sits on your left.
    Clockwise,
}

/// The card sizes offered, in percent of the default.
pub const CARD_SIZE_PERCENT: std::ops::RangeInclusive<u16> = 50..=200;

/// Everything the app remembers for the user.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct Preferences {
    /// Card artwork; the New game form shows and changes this same value.
    pub deck_style: DeckStyle,
    /// Interface language.
    pub language: Language,
    /// Card animation speed.
    pub animation_speed: AnimationSpeed,
    /// Sound effects on.
    pub sound: bool,
    /// When a finished trick leaves the table (a file without it: automatically).
    pub collect_trick: TrickCollect,
    /// Which points are visible during a hand.
    pub score_display: ScoreDisplay,
    /// Card size in percent of the default, 50 to 200.
    pub card_size_percent: u16,
    /// Whether you may take back your last move (applies to matches started afterwards).
    pub allow_undo: bool,
    /// Who deals the first hand of a match.
    pub first_dealer: FirstDealer,
    /// Which way play turns round the table (a file without it: counter-clockwise).
    pub table_turn: TableTurn,
    /// The New game form's last choice.
    pub new_game: NewGame,
    /// Names of the computer players, seat 1 first (at most 5, each at most
    /// [`OPPONENT_NAME_CHARS`] characters); a missing or blank one takes the language's default.
    pub opponent_names: Vec<String>,
    /// Your name at tables: the one friends see (blank: the host and join forms ask, and a match
    /// against the computer takes the language's default). Trimmed, at most
    /// [`briscola_table::text::MAX_NAME_CHARS`] characters, a name a table takes.
    pub your_name: String,
    /// The relay that tables you host register with, so friends on other networks reach them when
    /// nothing else does (`HOST:PORT`, `ws://…` or `wss://…`; blank: none, the default — the project
    /// runs no relay). Trimmed; one that is not a relay address is refused, and a stored one
    /// repaired to blank.
    pub relay: String,
    /// Whether a table you host asks your router to forward a port to it (UPnP IGD, PCP, NAT-PMP),
    /// so friends on other networks reach it directly; the mapping goes when the table closes.
    pub port_mapping: bool,
}

/// The longest opponent name kept, in characters.
pub const OPPONENT_NAME_CHARS: usize = 24;

impl Default for Preferences {
    fn default() -> Self {
        Self {
            deck_style: DeckStyle::Italian,
            language: Language::default(),
            animation_speed: AnimationSpeed::default(),
            sound: true,
            collect_trick: TrickCollect::default(),
            score_display: ScoreDisplay::default(),
            card_size_percent: 100,
            allow_undo: true,
            first_dealer: FirstDealer::default(),
            table_turn: TableTurn::default(),
            new_game: NewGame::default(),
            opponent_names: Vec::new(),
            your_name: String::new(),
            relay: String::new(),
            port_mapping: true,
        }
    }
}

impl Preferences {
    /// The relay tables you host register with, if one is set.
    pub fn relay_address(&self) -> Option<RelayAddress> {
        RelayAddress::parse(self.relay.trim()).ok()
    }

    /// Checks what the types cannot express; the error names every field out of range.
    pub fn validate(&self) -> Result<(), String> {
        let (_, repaired) = self.clone().repaired();
        if repaired.is_empty() {
            Ok(())
        } else {
            Err(format!("out of range: {}", repaired.join(", ")))
        }
    }

    /// The preferences with every out-of-range value put right, and the fields that were: a card
    /// size clamped to 50–200 %, remembered rules that do not validate (or repeat a preset)
    /// dropped, 1 to 5 opponent levels, a format the chosen rules cannot play replaced by
    /// their usual one, opponent names trimmed, cut to [`OPPONENT_NAME_CHARS`] and to 5, and your
    /// name trimmed and cut, or blank when a table would refuse it, and the relay trimmed, or blank
    /// when it is not a relay address.
    pub fn repaired(mut self) -> (Preferences, Vec<&'static str>) {
        let mut fixed = Vec::new();
        let names: Vec<String> = self
            .opponent_names
            .iter()
            .take(briscola::MAX_PLAYERS - 1)
            .map(|n| n.trim().chars().take(OPPONENT_NAME_CHARS).collect())
            .collect();
        if names != self.opponent_names {
            self.opponent_names = names;
            fixed.push("opponent_names");
        }
        let name: String = self
            .your_name
            .trim()
            .chars()
            .take(briscola_table::text::MAX_NAME_CHARS)
            .collect();
        let name = if name.is_empty() {
            name
        } else {
            briscola_table::text::name(&name).unwrap_or_default()
        };
        if name != self.your_name {
            self.your_name = name;
            fixed.push("your_name");
        }
        let relay = self.relay.trim();
        let relay = if relay.is_empty() || RelayAddress::parse(relay).is_ok() {
            relay.to_string()
        } else {
            String::new()
        };
        if relay != self.relay {
            self.relay = relay;
            fixed.push("relay");
        }
        let size = self
            .card_size_percent
            .clamp(*CARD_SIZE_PERCENT.start(), *CARD_SIZE_PERCENT.end());
        if size != self.card_size_percent {
            self.card_size_percent = size;
            fixed.push("card_size_percent");
        }
        let game = &mut self.new_game;
        let before = game.rulesets.len();
        let mut seen = Vec::new();
        game.rulesets.retain(|rules| {
            let keep = rules.validate().is_ok() && !seen.contains(&rules.preset);
            seen.push(rules.preset);
            keep
        });
        if game.rulesets.len() != before {
            fixed.push("new_game.rulesets");
        }
        let most = briscola::MAX_PLAYERS - 1;
        if game.opponents.is_empty() || game.opponents.len() > most {
            game.opponents
                .resize(game.opponents.len().clamp(1, most), Level::Medium);
            fixed.push("new_game.opponents");
        }
        let rules = game.ruleset();
        if Match::new(rules, game.format, 0, 0).is_err() {
            game.format = MatchFormat::usual(&rules);
            fixed.push("new_game.format");
        }
        (self, fixed)
    }
}

#[cfg(test)]
mod tests;
