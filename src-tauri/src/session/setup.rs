//! [`MatchSetup`]: what the player chose on the New game screen, checked before a match starts.

use briscola::ai::Level;
use briscola::{MatchFormat, Ruleset, Seat};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::SessionError;

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
}

impl MatchSetup {
    /// Checks the setup as a whole; the match format is checked when the match starts.
    pub fn validate(&self) -> Result<(), SessionError> {
        self.ruleset
            .validate()
            .map_err(|e| SessionError::BadRules {
                reason: e.to_string(),
            })?;
        let players = self.ruleset.players;
        if self.opponents.len() + 1 != usize::from(players) {
            return Err(SessionError::Opponents {
                players,
                opponents: u8::try_from(self.opponents.len()).unwrap_or(u8::MAX),
            });
        }
        if self.first_dealer >= players {
            return Err(SessionError::FirstDealer { players });
        }
        Ok(())
    }

    /// The AI level at a seat (`None` for you).
    pub fn level_at(&self, seat: Seat) -> Option<Level> {
        usize::from(seat)
            .checked_sub(1)
            .and_then(|i| self.opponents.get(i).copied())
    }
}
