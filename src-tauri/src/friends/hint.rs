//! [`Hinting`]: hints at a friends' table, only where the host allows them. This player's own app
//! computes a hint from this player's own view — the Hard search the app's hint runs against the AI,
//! for the match's stakes — so a hint knows nothing the player could not see.

use briscola::ai::{AgentConfig, AiRequest, Level};
use briscola::{MatchFormat, MatchStanding, Observation, Rng, Stakes};
use briscola_table::protocol::ServerMessage;

use super::FriendsError;

/// What a hint is computed from: whether the host allows them, the match format, and the latest
/// view of this player's seat.
#[derive(Debug, Default)]
pub struct Hinting {
    allowed: bool,
    format: Option<MatchFormat>,
    view: Option<(Observation, MatchStanding)>,
}

impl Hinting {
    /// Follows the table.
    pub fn hear(&mut self, message: &ServerMessage) {
        match message {
            ServerMessage::Lobby { lobby } => {
                self.allowed = lobby.settings.hints;
                self.format = Some(lobby.settings.format);
            }
            ServerMessage::Game { view } => {
                self.view = Some((view.observation.clone(), view.standing.clone()));
            }
            ServerMessage::MatchOver { .. } | ServerMessage::Closed { .. } => self.view = None,
            _ => {}
        }
    }

    /// The Hard search to run for this player's move.
    pub fn request(&self) -> Result<AiRequest, FriendsError> {
        if !self.allowed {
            return Err(FriendsError::HintsOff);
        }
        let Some((observation, standing)) = &self.view else {
            return Err(FriendsError::NotYourTurn);
        };
        if observation.legal_actions.is_empty() || observation.to_move != observation.seat {
            return Err(FriendsError::NotYourTurn);
        }
        let played = observation.tricks.len() * 10 + observation.current_trick.len();
        let seed = Rng::derive_seed(u64::from(observation.seat), played as u64);
        Ok(AiRequest {
            seat: observation.seat,
            observation: observation.clone(),
            config: AgentConfig {
                stakes: Stakes::of(self.format.unwrap_or(MatchFormat::SingleHand), standing),
                ..AgentConfig::new(Level::Hard, seed)
            },
            version: 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use briscola::{Match, Preset, Ruleset};
    use briscola_table::protocol::{Absence, GameView, LobbyView, SettingsView, Stage};

    use super::*;

    fn lobby(hints: bool, ruleset: Ruleset) -> ServerMessage {
        ServerMessage::Lobby {
            lobby: LobbyView {
                code: "1RGK4-T8SA9".into(),
                stage: Stage::Playing,
                settings: SettingsView {
                    ruleset,
                    format: MatchFormat::BestOf { hands: 3 },
                    turn_seconds: None,
                    absence: Absence::Wait,
                    random_seats: false,
                    name: String::new(),
                    hints,
                },
                seats: Vec::new(),
                watchers: Vec::new(),
                teams: None,
            },
        }
    }

    #[test]
    fn a_hint_only_where_the_host_allows_it_and_only_for_your_move() {
        let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        let game = Match::new(rules, MatchFormat::BestOf { hands: 3 }, 0, 9).expect("a match");
        let to_move = game.game().to_move();
        let view = |seat| ServerMessage::Game {
            view: Box::new(GameView {
                observation: game.game().observation(seat),
                standing: game.standing().clone(),
                hand: 1,
                clock: None,
            }),
        };
        let mut hinting = Hinting::default();
        hinting.hear(&lobby(false, rules));
        hinting.hear(&view(to_move));
        assert_eq!(hinting.request().err(), Some(FriendsError::HintsOff));
        hinting.hear(&lobby(true, rules));
        let request = hinting.request().expect("your move, hints allowed");
        assert_eq!(request.seat, to_move);
        assert_eq!(request.config.level, Level::Hard);
        assert_eq!(request.config.stakes, game.stakes(), "the match's stakes");
        let action = request.decide().action;
        assert!(game.game().is_legal(action));
        hinting.hear(&view(1 - to_move));
        assert_eq!(hinting.request().err(), Some(FriendsError::NotYourTurn));
    }
}
