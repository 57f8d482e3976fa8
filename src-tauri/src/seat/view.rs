//! What the webview hears from a table: [`SeatEvent`]s, the link's events with each game view
//! completed by the engine from the seat's own observation — its choices as the table offers them,
//! the card values, the last trick, the partners the seat knows — as the app's own [`GameView`]
//! is for a match against the AI. The UI only draws them.
//!
//! [`GameView`]: crate::session::GameView

use briscola::{Choices, MatchStanding, Observation, RankValue, TrickView};
use briscola_table::protocol::{GameView, ServerMessage, TurnClock};
use serde::Serialize;
use ts_rs::TS;

use super::{HostInfo, LinkEvent, LinkStatus, SeatState};

/// One thing heard from the table, in order, with the table as your seat sees it after it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SeatEvent {
    /// The table as your seat sees it now (the one fold of everything heard so far).
    pub state: Box<SeatState>,
    /// What was just heard.
    pub heard: Heard,
}

impl SeatEvent {
    /// `heard`, with the state after it.
    pub fn new(state: &SeatState, heard: Heard) -> SeatEvent {
        SeatEvent {
            state: Box::new(state.clone()),
            heard,
        }
    }
}

/// What was heard from the table or the link.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Heard {
    /// The hand as your seat sees it, after every change (the screen paces these).
    Game {
        /// Your seat's view.
        view: Box<SeatGame>,
    },
    /// Any other message from the table.
    Message {
        /// The message.
        message: ServerMessage,
    },
    /// The connection changed.
    Status {
        /// How it is now.
        status: LinkStatus,
    },
    /// Where friends reach the table you host changed.
    Hosting {
        /// Where it is now.
        info: HostInfo,
    },
    /// The match that just ended went into your history (its id, for the replay and the review),
    /// or could not be saved (`null`: the data folder refused it).
    Kept {
        /// The history entry's id.
        history_id: Option<String>,
    },
}

/// Your seat's view of the hand at a friends' table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct SeatGame {
    /// What your seat knows (built by the host's engine for your seat only).
    pub observation: Observation,
    /// Your legal actions as the table shows them (none while another seat moves).
    pub choices: Choices,
    /// The match standing.
    pub standing: MatchStanding,
    /// Your side's index in `standing.sides`.
    pub your_side: u8,
    /// The hand number, from 1.
    pub hand_number: u32,
    /// The turn clock of the seat to move, if the timer runs for it.
    pub clock: Option<TurnClock>,
    /// The last completed trick.
    pub last_trick: Option<TrickView>,
    /// Every rank's strength and card points under these rules, strongest first.
    pub card_values: Vec<RankValue>,
    /// Every card point of a hand under these rules.
    pub hand_points: u16,
    /// The seats your seat knows to be on your side.
    pub partners: Vec<u8>,
    /// The hand is over and the match goes on: the next hand comes when you ask (`next-hand`) or
    /// after the table's pause.
    pub awaiting_next_hand: bool,
    /// Whether you may take back a move now (`undo`).
    pub can_undo: bool,
    /// Whether you may give the match up now (`resign`: you are the one person seated).
    pub can_resign: bool,
    /// Moves you took back in this match.
    pub undos: u32,
}

impl SeatGame {
    /// The table's view of your seat, completed.
    pub fn from_table(view: GameView) -> SeatGame {
        let observation = view.observation;
        let seat = observation.seat;
        let your_side = view
            .standing
            .sides
            .iter()
            .position(|side| side.contains(&seat))
            .unwrap_or(0);
        SeatGame {
            choices: observation.choices(),
            your_side: u8::try_from(your_side).unwrap_or(0),
            hand_number: view.hand,
            clock: view.clock,
            last_trick: observation.tricks.last().cloned(),
            card_values: observation.ruleset.rank_values(),
            hand_points: observation.ruleset.total_points(),
            partners: observation.known_partners(),
            awaiting_next_hand: view.awaiting_next_hand,
            can_undo: view.can_undo,
            can_resign: view.can_resign,
            undos: view.undos,
            standing: view.standing,
            observation,
        }
    }
}

impl From<LinkEvent> for Heard {
    fn from(event: LinkEvent) -> Self {
        match event {
            LinkEvent::Message {
                message: ServerMessage::Game { view },
            } => Heard::Game {
                view: Box::new(SeatGame::from_table(*view)),
            },
            LinkEvent::Message { message } => Heard::Message { message },
            LinkEvent::Status { status } => Heard::Status { status },
            LinkEvent::Hosting { info } => Heard::Hosting { info },
        }
    }
}

#[cfg(test)]
mod tests {
    use briscola::{Match, MatchFormat, Preset, Ruleset};

    use super::*;

    #[test]
    fn a_seat_view_is_completed_from_its_own_observation() {
        let rules = Ruleset::preset(Preset::Briscola, 4).expect("preset");
        let game = Match::new(rules, MatchFormat::SingleHand, 0, 5).expect("a match");
        let seat = game.game().to_move();
        let table_view = GameView {
            observation: game.game().observation(seat),
            standing: game.standing().clone(),
            hand: 1,
            clock: None,
            awaiting_next_hand: false,
            can_undo: false,
            can_resign: false,
            undos: 0,
        };
        let view = SeatGame::from_table(table_view.clone());
        assert_eq!(view.observation, table_view.observation);
        assert_eq!(view.choices, table_view.observation.choices());
        assert!(
            !view.choices.cards.is_empty(),
            "the seat to move has cards to play"
        );
        let side = &view.standing.sides[usize::from(view.your_side)];
        assert!(side.contains(&seat), "your side holds your seat");
        assert_eq!(view.hand_points, 120);
        assert_eq!(view.partners, table_view.observation.known_partners());
        let heard = Heard::from(LinkEvent::Message {
            message: ServerMessage::Game {
                view: Box::new(table_view),
            },
        });
        assert_eq!(
            heard,
            Heard::Game {
                view: Box::new(view)
            }
        );
    }
}
