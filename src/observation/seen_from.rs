//! A seat's knowledge with the seats renumbered, as [`crate::MatchRecord::seen_from`] renumbers a
//! match: `seat` becomes seat 0 and every seat keeps its place around the table (seat `s` becomes
//! `s - seat`, modulo the players). The friends' table hints from a view of any seat while the app's
//! history and review keep the match with the player at seat 0: the hint searches the observation the
//! review will rebuild, number for number, so both draw the same worlds.
//!
//! Deliberately absent: checking the observation (a seat past the table is renumbered modulo the
//! players, never a panic; [`Observation::validate`] is for views from outside).

use super::{Observation, PlayView, SignalView, TrickView};
use crate::MatchStanding;
use crate::game::{AuctionTurn, Exchange, HandEnd, HandResult, Seat};

/// Renumbers seats so that a given seat is seat 0.
#[derive(Clone, Copy)]
struct Turn {
    by: u16,
    players: u16,
}

impl Turn {
    fn new(seat: Seat, players: u8) -> Turn {
        let players = u16::from(players.max(1));
        Turn {
            by: u16::from(seat) % players,
            players,
        }
    }

    fn seat(self, s: Seat) -> Seat {
        let turned = (u16::from(s) % self.players + self.players - self.by) % self.players;
        Seat::try_from(turned).unwrap_or_default()
    }

    /// A list with one entry per seat, in the new seat order.
    fn per_seat<T: Clone>(self, list: &[T]) -> Vec<T> {
        let mut list = list.to_vec();
        if !list.is_empty() {
            let by = usize::from(self.by) % list.len();
            list.rotate_left(by);
        }
        list
    }

    fn play(self, p: &PlayView) -> PlayView {
        PlayView {
            seat: self.seat(p.seat),
            card: p.card,
        }
    }
}

impl Observation {
    /// This observation with `seat` renumbered seat 0 (see the module docs): what the same seat
    /// would see of the match as [`crate::MatchRecord::seen_from`]`(seat)` replays it. Team labels
    /// follow the new order (the first seat's team is team 0); a finished hand's result keeps its
    /// sides in their order, their seats renumbered.
    pub fn seen_from(&self, seat: Seat) -> Observation {
        let t = Turn::new(seat, self.ruleset.players);
        let mut auction = self.auction.clone();
        if let Some(a) = &mut auction {
            for turn in &mut a.log {
                *turn = AuctionTurn {
                    seat: t.seat(turn.seat),
                    bid: turn.bid,
                };
            }
            if let Some((bidder, _)) = &mut a.best {
                *bidder = t.seat(*bidder);
            }
            a.passed = a.passed.iter().map(|&s| t.seat(s)).collect();
            a.passed.sort_unstable();
            a.declarer = a.declarer.map(|s| t.seat(s));
            a.partner = a.partner.map(|s| t.seat(s));
        }
        Observation {
            ruleset: self.ruleset,
            seat: t.seat(self.seat),
            dealer: t.seat(self.dealer),
            phase: self.phase,
            to_move: t.seat(self.to_move),
            hand: self.hand,
            hand_sizes: t.per_seat(&self.hand_sizes),
            open_hands: self.open_hands.as_deref().map(|h| t.per_seat(h)),
            known_in_hands: t.per_seat(&self.known_in_hands),
            known_voids: t.per_seat(&self.known_voids),
            teams: self
                .teams
                .as_deref()
                .map(|teams| relabelled(&t.per_seat(teams))),
            trump: self.trump,
            face_up_trump: self.face_up_trump,
            stock_len: self.stock_len,
            next_stock_card: self.next_stock_card,
            current_trick: self.current_trick.iter().map(|p| t.play(p)).collect(),
            tricks: self
                .tricks
                .iter()
                .map(|trick| TrickView {
                    plays: trick.plays.iter().map(|p| t.play(p)).collect(),
                    winner: t.seat(trick.winner),
                    points: trick.points,
                })
                .collect(),
            pile_points: t.per_seat(&self.pile_points),
            exchanges: self
                .exchanges
                .iter()
                .map(|e| Exchange {
                    seat: t.seat(e.seat),
                    ..*e
                })
                .collect(),
            auction,
            signals: self
                .signals
                .iter()
                .map(|v| SignalView {
                    seat: t.seat(v.seat),
                    ..*v
                })
                .collect(),
            legal_senas: self.legal_senas.clone(),
            legal_actions: self.legal_actions.clone(),
            result: self.result.as_ref().map(|r| result_seen(r, t)),
        }
    }
}

impl MatchStanding {
    /// This standing with `seat` renumbered seat 0 among `players` (see the module docs): each side's
    /// seats in order, the sides ordered by their first seat as a match orders them, each keeping its
    /// score.
    pub fn seen_from(&self, seat: Seat, players: u8) -> MatchStanding {
        let t = Turn::new(seat, players);
        let mut sides: Vec<(Vec<Seat>, i32)> = self
            .sides
            .iter()
            .zip(&self.scores)
            .map(|(side, &score)| {
                let mut side: Vec<Seat> = side.iter().map(|&s| t.seat(s)).collect();
                side.sort_unstable();
                (side, score)
            })
            .collect();
        sides.sort_by_key(|(side, _)| side.first().copied());
        let (sides, scores) = sides.into_iter().unzip();
        MatchStanding {
            sides,
            scores,
            hands_played: self.hands_played,
        }
    }
}

/// Team labels renamed in order of first appearance, so the first seat's team is 0.
fn relabelled(teams: &[u8]) -> Vec<u8> {
    let mut seen: Vec<u8> = Vec::new();
    teams
        .iter()
        .map(|team| {
            let at = seen.iter().position(|s| s == team).unwrap_or_else(|| {
                seen.push(*team);
                seen.len() - 1
            });
            u8::try_from(at).unwrap_or(u8::MAX)
        })
        .collect()
}

fn result_seen(result: &HandResult, t: Turn) -> HandResult {
    let mut result = result.clone();
    result.seat_points = t.per_seat(&result.seat_points);
    for side in &mut result.sides {
        for s in side.iter_mut() {
            *s = t.seat(*s);
        }
    }
    if let Some(c) = &mut result.chiamata {
        c.declarer = t.seat(c.declarer);
        c.partner = t.seat(c.partner);
    }
    if let HandEnd::ManoNegra { seat } = &mut result.end {
        *seat = t.seat(*seat);
    }
    result
}
