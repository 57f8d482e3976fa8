//! [`GameView`]: everything the table shows, built from your seat's observation and the match standing —
//! never from the full game state.

use briscola::{Choices, MatchOutcome, MatchStanding, Observation, RankValue, TrickView};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::MatchSetup;

/// One finished hand: each side's card points and how it went for you.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct HandRecap {
    /// Card points per side, your side first (in chiamata: the declarers or the defenders).
    pub points: Vec<u16>,
    /// Your side's result in that hand.
    pub result: crate::history::Outcome,
}

/// The table as you see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct GameView {
    /// What your seat knows about the current hand (its legal actions in their text form).
    pub observation: Observation,
    /// Your legal actions as the table shows them, each a typed action to send back (none while
    /// another seat moves or once the match is over).
    pub choices: Choices,
    /// The match's setup.
    pub setup: MatchSetup,
    /// The score of the match so far, per side.
    pub standing: MatchStanding,
    /// Your side's index in `standing.sides`.
    pub your_side: u8,
    /// The current hand, counting from 1.
    pub hand_number: u32,
    /// The hand is over and the match goes on: show the summary, then deal with `next_hand`.
    pub awaiting_next_hand: bool,
    /// The result, once the match is over.
    pub outcome: Option<MatchOutcome>,
    /// Whether you resigned.
    pub resigned: bool,
    /// An AI seat is to move: the UI asks for its move.
    pub ai_to_move: bool,
    /// Whether undo is possible now.
    pub can_undo: bool,
    /// How many moves you have taken back in this match.
    pub undos: u32,
    /// The last completed trick, for review.
    pub last_trick: Option<TrickView>,
    /// Every rank's strength and card points under these rules, strongest first.
    pub card_values: Vec<RankValue>,
    /// Every card point of a hand under these rules (what the sides' points add up to).
    pub hand_points: u16,
    /// The seats your seat knows to be on your side ([`Observation::known_partners`]).
    pub partners: Vec<u8>,
    /// The match's id in the history once it is over and recorded (to review it); `None` before.
    pub history_id: Option<String>,
    /// Every finished hand of the match that counted (a void hand, dealt again, left out), in
    /// order: the match summary lists them.
    pub hands: Vec<HandRecap>,
    /// Changes with every move; an AI move computed for an older version is refused.
    #[ts(type = "number")]
    pub version: u64,
}
