//! What a match starts from: [`NewGame`], the New game form's choice (remembered in the preferences
//! and sent by the UI to start a match), and [`MatchSetup`], the complete setup the session plays —
//! the choice plus the first dealer and the undo setting, which the shell takes from the preferences.

use briscola::ai::Level;
use briscola::{MatchFormat, Preset, Ruleset, Seat};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::SessionError;
use crate::history::SeatPlayer;
use crate::preferences::OPPONENT_NAME_CHARS;

/// The New game form's choice: a preset, the rules of each preset the player edited (so switching
/// presets back and forth keeps each one's options), the match format and the opponents' levels.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct NewGame {
    /// The chosen preset.
    pub preset: Preset,
    /// At most one ruleset per preset: the rules last chosen for it. A preset without one uses its
    /// defaults for its first player count.
    pub rulesets: Vec<Ruleset>,
    /// How the match is decided.
    pub format: MatchFormat,
    /// The AI level of each opponent, seats 1, 2, … (a match uses as many as its rules seat).
    pub opponents: Vec<Level>,
}

impl Default for NewGame {
    fn default() -> Self {
        let preset = Preset::Briscola;
        Self {
            preset,
            rulesets: Vec::new(),
            format: MatchFormat::usual(&default_rules(preset)),
            opponents: vec![Level::Medium],
        }
    }
}

impl NewGame {
    /// The rules of `preset`: the remembered ones, or the preset's defaults.
    pub fn ruleset_of(&self, preset: Preset) -> Ruleset {
        self.rulesets
            .iter()
            .find(|rules| rules.preset == preset)
            .copied()
            .unwrap_or_else(|| default_rules(preset))
    }

    /// The rules of the chosen preset.
    pub fn ruleset(&self) -> Ruleset {
        self.ruleset_of(self.preset)
    }

    /// The match to play: this choice with one level per opponent seat, the first dealer and the
    /// undo setting. Refused when the levels do not match the seats.
    pub fn setup(&self, first_dealer: Seat, allow_undo: bool) -> Result<MatchSetup, SessionError> {
        let setup = MatchSetup {
            ruleset: self.ruleset(),
            format: self.format,
            opponents: self.opponents.clone(),
            first_dealer,
            allow_undo,
            opponent_names: Vec::new(),
        };
        setup.validate()?;
        Ok(setup)
    }
}

/// A preset's rules for its first (default) player count.
fn default_rules(preset: Preset) -> Ruleset {
    let players = preset.player_counts().first().copied().unwrap_or(2);
    // Every preset's own player counts are valid for it (a test in `presets` proves it).
    Ruleset::preset(preset, players).expect("every preset has rules for its first player count")
}

/// A new match: rules, format, one AI level per opponent, the first dealer, and whether undo is allowed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct MatchSetup {
    /// The complete rules (a preset with the player's options).
    pub ruleset: Ruleset,
    /// How the match is decided.
    pub format: MatchFormat,
    /// The AI level of each opponent, for seats 1, 2, … in playing order (you are seat 0).
    pub opponents: Vec<Level>,
    /// The dealer of the first hand (seat 0 is you).
    pub first_dealer: Seat,
    /// Whether you may take back your last move.
    pub allow_undo: bool,
    /// The computer players' names as the table showed them when the match started, seats 1, 2, …
    /// — kept for the whole match and stored with it, so a change of language or of the names in
    /// Settings renames nobody. Empty in matches saved before names were kept (the UI then shows
    /// the names of today).
    #[serde(default)]
    pub opponent_names: Vec<String>,
}

impl MatchSetup {
    /// Checks the setup as a whole; the match format is checked when the match starts.
    pub fn validate(&self) -> Result<(), SessionError> {
        self.ruleset
            .validate()
            .map_err(|reason| SessionError::BadRules { reason })?;
        let players = self.ruleset.players;
        if self.opponents.len() + 1 != usize::from(players) {
            return Err(SessionError::OpponentLevels {
                players,
                opponents: u8::try_from(self.opponents.len()).unwrap_or(u8::MAX),
            });
        }
        if self.first_dealer >= players {
            return Err(SessionError::DealerSeat { players });
        }
        self.format
            .validate()
            .map_err(|reason| SessionError::BadMatch { reason })?;
        Ok(())
    }

    /// This setup with the opponents' names: trimmed, each cut to [`OPPONENT_NAME_CHARS`]
    /// characters, at most one per opponent; refused when one is blank.
    pub fn named(mut self, names: Vec<String>) -> Result<Self, String> {
        if names.len() > self.opponents.len() {
            return Err(format!(
                "{} names for {} opponents",
                names.len(),
                self.opponents.len()
            ));
        }
        let names: Vec<String> = names
            .iter()
            .map(|name| name.trim().chars().take(OPPONENT_NAME_CHARS).collect())
            .collect();
        if names.iter().any(String::is_empty) {
            return Err("an opponent's name is blank".into());
        }
        self.opponent_names = names;
        Ok(self)
    }

    /// Who plays each seat, as the history keeps it: you (a person; the app knows no name of yours,
    /// so the UI words it "You"), then each AI opponent with its level and its name.
    pub fn seats(&self) -> Vec<SeatPlayer> {
        let you = SeatPlayer::Person {
            name: String::new(),
        };
        let opponents = self
            .opponents
            .iter()
            .enumerate()
            .map(|(i, &level)| SeatPlayer::Ai {
                level,
                name: self.opponent_names.get(i).cloned().unwrap_or_default(),
            });
        std::iter::once(you).chain(opponents).collect()
    }

    /// The AI level at a seat (`None` for you).
    pub fn level_at(&self, seat: Seat) -> Option<Level> {
        usize::from(seat)
            .checked_sub(1)
            .and_then(|i| self.opponents.get(i).copied())
    }
}
