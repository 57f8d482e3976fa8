//! Replays of finished matches for the history screen: every position of every hand, with every seat's
//! cards (the match is over, so nothing is hidden any more), and the card values of the match's rules.

use briscola::{
    Action, Card, Deal, Game, HandResult, MatchRecord, PlayView, RankValue, Seat, Suit,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::SessionError;

/// One position: after `action` (or the deal, for the first frame of a hand).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ReplayFrame {
    /// The move that led here, and who made it.
    pub action: Option<(Seat, Action)>,
    /// Whether the table made that move for the person at its seat (their turn timer ran out, or
    /// an AI stood in while they were away: the record's `played_for`), not the person.
    pub played_for: bool,
    /// Every seat's hand.
    pub hands: Vec<Vec<Card>>,
    /// The trick on the table (the last completed one right after it closes).
    pub trick: Vec<PlayView>,
    /// The winner of `trick`, once it is complete.
    pub trick_winner: Option<Seat>,
    /// Cards left in the stock.
    pub stock_len: u8,
    /// The face-up trump under the stock.
    pub face_up: Option<Card>,
    /// The trump suit.
    pub trump: Option<Suit>,
    /// Card points won by each seat.
    pub pile_points: Vec<u16>,
}

/// A hand of a replay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ReplayHand {
    /// The dealer.
    pub dealer: Seat,
    /// The positions, from the deal to the end.
    pub frames: Vec<ReplayFrame>,
    /// How the hand ended, if it did.
    pub result: Option<HandResult>,
}

/// A finished match, hand by hand, with what its cards are worth.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Replay {
    /// Every hand, position by position.
    pub hands: Vec<ReplayHand>,
    /// Every rank's strength and card points under the match's rules, strongest first.
    pub card_values: Vec<RankValue>,
    /// Every card point of a hand under these rules.
    pub hand_points: u16,
}

/// The replay of a match record.
pub fn replay(record: &MatchRecord) -> Result<Replay, SessionError> {
    Ok(Replay {
        hands: replay_hands(record)?,
        card_values: record.ruleset.rank_values(),
        hand_points: record.ruleset.total_points(),
    })
}

/// Every hand of a match record, position by position.
pub fn replay_hands(record: &MatchRecord) -> Result<Vec<ReplayHand>, SessionError> {
    let bad = |reason: String| SessionError::BadSave { reason };
    record.replay().map_err(|e| bad(e.to_string()))?;
    record
        .hands
        .iter()
        .map(|hand| {
            let mut game = Game::new(record.ruleset, hand.dealer, &Deal::Order(hand.deal.clone()))
                .map_err(|e| bad(e.to_string()))?;
            let mut frames = vec![frame(&game, None, false)];
            for (index, &action) in hand.actions.iter().enumerate() {
                let seat = game.to_move();
                game.apply(action).map_err(|e| bad(e.to_string()))?;
                frames.push(frame(
                    &game,
                    Some((seat, action)),
                    hand.is_played_for(index),
                ));
            }
            Ok(ReplayHand {
                dealer: hand.dealer,
                frames,
                result: game.result(),
            })
        })
        .collect()
}

fn frame(game: &Game, action: Option<(Seat, Action)>, played_for: bool) -> ReplayFrame {
    let players = game.rules().players;
    let current: Vec<PlayView> = game
        .current_trick()
        .map(|(seat, card)| PlayView { seat, card })
        .collect();
    // Right after a trick closes, show it with its winner rather than an empty table.
    let just_closed = current.is_empty()
        && matches!(action, Some((_, Action::Play(_))))
        && game.tricks_played() > 0;
    let (trick, trick_winner) = if just_closed {
        let size = game.trick_size();
        let start = (game.tricks_played() - 1) * size;
        let plays = game
            .plays()
            .skip(start)
            .take(size)
            .map(|(seat, card)| PlayView { seat, card })
            .collect();
        (plays, game.trick_winners().last().copied())
    } else {
        (current, None)
    };
    ReplayFrame {
        action,
        played_for,
        hands: (0..players)
            .map(|s| game.hand(s).iter().collect())
            .collect(),
        trick,
        trick_winner,
        stock_len: game.stock_len() as u8,
        face_up: game.face_up(),
        trump: game.trump(),
        pile_points: (0..players).map(|s| game.pile_points(s)).collect(),
    }
}
