//! [`HandResult`]: how a hand ended and who won it, computed once when it ends.
//!
//! Match-level scoring (game points, hands won, card-point totals) is the match's business; a hand only
//! says which side won, by how much, and for chiamata who declared, who partnered and what was bid.

use serde::{Deserialize, Serialize};

use super::{Bid, Game, Phase, Seat, seats_of};
use crate::TieRule;

/// Why the hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum HandEnd {
    /// Every card was played.
    AllCardsPlayed,
    /// A player showed the ace, three and king of trumps.
    ManoNegra {
        /// Who showed them.
        seat: Seat,
    },
    /// Chiamata: everybody passed; the hand is void.
    AllPassed,
}

/// Who won the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum HandOutcome {
    /// One side won.
    Won {
        /// Index into [`HandResult::sides`].
        side: u8,
    },
    /// A tie for first place, counted as a draw.
    Drawn,
    /// The hand does not count and is dealt again (a tie under [`TieRule::Replay`], or all passed).
    Void,
}

/// The result of a finished hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HandResult {
    /// Why it ended.
    pub end: HandEnd,
    /// Card points won by each seat.
    pub seat_points: Vec<u16>,
    /// The sides as seat lists (each player alone, partnerships, or chiamata's declarer side first).
    pub sides: Vec<Vec<Seat>>,
    /// Card points of each side.
    pub side_points: Vec<u16>,
    /// Who won.
    pub outcome: HandOutcome,
    /// Chiamata: the declarer, the partner (the declarer himself when alone) and the winning bid.
    pub chiamata: Option<ChiamataResult>,
}

/// The chiamata facts of a finished hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChiamataResult {
    /// The auction winner.
    pub declarer: Seat,
    /// The holder of the called card (the declarer when he called his own card).
    pub partner: Seat,
    /// The winning bid.
    pub bid: Bid,
    /// Whether the declarer's side made its points.
    pub made: bool,
    /// Whether the winning side took every card point ("cappotto").
    pub cappotto: bool,
}

impl HandResult {
    /// The seats of the winning side, if one side won.
    pub fn winners(&self) -> Option<&[Seat]> {
        match self.outcome {
            HandOutcome::Won { side } => self.sides.get(usize::from(side)).map(Vec::as_slice),
            _ => None,
        }
    }

    /// The side a seat belongs to.
    pub fn side_of(&self, seat: Seat) -> Option<usize> {
        self.sides.iter().position(|side| side.contains(&seat))
    }
}

impl Game {
    /// Ends the hand.
    pub(super) fn finish(&mut self, end: HandEnd) {
        self.phase = Phase::Finished;
        self.end = Some(end);
    }

    /// The result of a hand that ended with `end`.
    pub(super) fn hand_result(&self, end: HandEnd) -> HandResult {
        let players = self.rules.players;
        let seat_points: Vec<u16> = (0..players).map(|s| self.pile_points(s)).collect();
        let sides: Vec<Vec<Seat>> = self
            .sides()
            .into_iter()
            .map(|m| seats_of(m).collect())
            .collect();
        let side_points: Vec<u16> = sides
            .iter()
            .map(|side| side.iter().map(|&s| seat_points[usize::from(s)]).sum())
            .collect();
        let side_of = |seat: Seat| {
            sides
                .iter()
                .position(|side| side.contains(&seat))
                .unwrap_or(0) as u8
        };
        let total = self.rules.total_points();
        let mut chiamata = None;
        let outcome = match end {
            HandEnd::AllPassed => HandOutcome::Void,
            HandEnd::ManoNegra { seat } => HandOutcome::Won {
                side: side_of(seat),
            },
            HandEnd::AllCardsPlayed => match (self.auction.best, self.auction.partner) {
                (Some((declarer, bid)), Some(partner)) => {
                    let made = side_points[0] >= u16::from(bid.points);
                    let winner = if made { 0 } else { 1 };
                    let cappotto = side_points[winner] == total;
                    chiamata = Some(ChiamataResult {
                        declarer,
                        partner,
                        bid,
                        made,
                        cappotto,
                    });
                    HandOutcome::Won { side: winner as u8 }
                }
                _ => {
                    let top = side_points.iter().copied().max().unwrap_or(0);
                    let leaders: Vec<usize> = (0..side_points.len())
                        .filter(|&i| side_points[i] == top)
                        .collect();
                    match (leaders.as_slice(), self.rules.tie) {
                        ([one], _) => HandOutcome::Won { side: *one as u8 },
                        (_, TieRule::Draw) => HandOutcome::Drawn,
                        (_, TieRule::Replay) => HandOutcome::Void,
                    }
                }
            },
        };
        HandResult {
            end,
            seat_points,
            sides,
            side_points,
            outcome,
            chiamata,
        }
    }
}
