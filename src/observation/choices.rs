//! [`Choices`]: a seat's legal actions grouped the way a table shows them — the cards it may play,
//! the optional moves on offer (the trump exchange, mano negra with the cards it shows), the
//! auction's ranks, point range and pass, the cards it may call, the señas it may make. Each choice is an [`Action`] a user
//! interface sends back as it is, so an interface neither parses the action notation nor restates a
//! rule (the minimum bid, which cards mano negra shows).
//!
//! Built from the observation alone; deliberately absent: anything about other seats' options.

use serde::{Deserialize, Serialize};

use super::Observation;
use crate::game::{Action, Bid, Phase, Sena, mano_negra_cards};
use crate::{Card, Rank};

/// What the seat to move may do now (every list empty when it is not this seat's turn).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Choices {
    /// The cards it may play, in hand order.
    pub cards: Vec<Card>,
    /// A trump exchange on offer: the card given and the face-up trump taken.
    pub exchange: Option<ExchangeOffer>,
    /// Mano negra on offer: the cards shown (the ace, three and king of trumps).
    pub mano_negra: Option<Vec<Card>>,
    /// The auction, when it is this seat's turn to bid.
    pub bid: Option<BidChoices>,
    /// The cards it may call, when it won the auction.
    pub call: Vec<Card>,
    /// The señas it may make before playing.
    pub senas: Vec<Sena>,
}

/// The trump exchange on offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ExchangeOffer {
    /// The card given (the 7 or 2 of trumps).
    pub give: Card,
    /// The face-up trump taken.
    pub take: Card,
}

/// A chiamata auction turn's choices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BidChoices {
    /// The ranks it may bid at the minimum points, strongest first.
    pub ranks: Vec<Rank>,
    /// The points promised by a bid of a rank alone.
    pub min_points: u8,
    /// Bids promising more points, per rank that may make them: the weakest rank's ("the two with
    /// 65") first, then, where forcing is allowed, the current bid's rank raised.
    pub points: Vec<PointBids>,
    /// Whether it may pass.
    pub pass: bool,
}

/// The bids of one rank promising more than the minimum points: every value from `min` to `max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PointBids {
    /// The rank bid.
    pub rank: Rank,
    /// The fewest points it may promise.
    pub min: u8,
    /// The most (every card point of the hand).
    pub max: u8,
}

impl Observation {
    /// This seat's legal actions, grouped as a table shows them.
    pub fn choices(&self) -> Choices {
        let mut choices = Choices::default();
        let mut bids: Vec<Bid> = Vec::new();
        let mut pass = false;
        for &action in &self.legal_actions {
            match action {
                Action::Play(card) => choices.cards.push(card),
                Action::Exchange(give) => {
                    choices.exchange = self.face_up_trump.map(|take| ExchangeOffer { give, take });
                }
                Action::ManoNegra => {
                    choices.mano_negra = self.trump.map(|t| mano_negra_cards(t).to_vec());
                }
                Action::Bid(bid) => bids.push(bid),
                Action::Pass => pass = true,
                Action::Call(card) => choices.call.push(card),
                // Señas are free moves, listed apart (`legal_senas`), never among the moves.
                Action::Signal(_) => {}
            }
        }
        choices.senas = self.legal_senas.clone();
        if self.phase == Phase::Bidding && (pass || !bids.is_empty()) {
            choices.bid = Some(bid_choices(&bids, pass));
        }
        choices
    }
}

/// Groups the legal bids: ranks at the minimum, then point ranges per rank.
fn bid_choices(bids: &[Bid], pass: bool) -> BidChoices {
    let ranks = bids
        .iter()
        .filter(|b| b.points == Bid::MIN_POINTS)
        .map(|b| b.rank)
        .collect();
    let mut points: Vec<PointBids> = Vec::new();
    for bid in bids.iter().filter(|b| b.points > Bid::MIN_POINTS) {
        match points.iter_mut().find(|p| p.rank == bid.rank) {
            Some(range) => {
                range.min = range.min.min(bid.points);
                range.max = range.max.max(bid.points);
            }
            None => points.push(PointBids {
                rank: bid.rank,
                min: bid.points,
                max: bid.points,
            }),
        }
    }
    // Legal bids list ranks strongest first; the weakest rank's points come first here.
    points.reverse();
    BidChoices {
        ranks,
        min_points: Bid::MIN_POINTS,
        points,
        pass,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Deal, ExchangeRule, Game, Preset, Rng, Ruleset};

    /// Every action the choices stand for.
    fn actions(choices: &Choices) -> Vec<Action> {
        let mut out: Vec<Action> = choices.cards.iter().map(|&c| Action::Play(c)).collect();
        out.extend(choices.exchange.map(|e| Action::Exchange(e.give)));
        out.extend(choices.mano_negra.as_ref().map(|_| Action::ManoNegra));
        if let Some(bid) = &choices.bid {
            out.extend(bid.ranks.iter().map(|&rank| {
                Action::Bid(Bid {
                    rank,
                    points: bid.min_points,
                })
            }));
            for range in &bid.points {
                out.extend((range.min..=range.max).map(|points| {
                    Action::Bid(Bid {
                        rank: range.rank,
                        points,
                    })
                }));
            }
            out.extend(bid.pass.then_some(Action::Pass));
        }
        out.extend(choices.call.iter().map(|&c| Action::Call(c)));
        out
    }

    fn rulesets() -> Vec<Ruleset> {
        let mut all = Vec::new();
        for preset in Preset::ALL {
            for &players in preset.player_counts() {
                let Ok(rules) = Ruleset::preset(preset, players) else {
                    continue;
                };
                all.push(rules);
                let mut variant = rules;
                variant.mano_negra = true;
                variant.exchange = ExchangeRule::SevenAndTwo;
                if variant.validate().is_ok() {
                    all.push(variant);
                }
            }
        }
        all
    }

    #[test]
    fn choices_stand_for_exactly_the_legal_actions() {
        let mut rng = Rng::new(5);
        let mut seen = [false; 4]; // exchange, mano negra, bid by points, call
        for rules in rulesets() {
            for deal in 0..12 {
                let mut game = Game::new(rules, 0, &Deal::Seed(deal)).expect("deal");
                while game.phase() != Phase::Finished {
                    let obs = game.observation(game.to_move());
                    let choices = obs.choices();
                    let mut got = actions(&choices);
                    let mut legal = obs.legal_actions.clone();
                    let key = |a: &Action| a.to_string();
                    got.sort_by_key(key);
                    legal.sort_by_key(key);
                    assert_eq!(got, legal, "{rules:?}");
                    seen[0] |= choices.exchange.is_some();
                    seen[1] |= choices.mano_negra.is_some();
                    seen[2] |= choices.bid.as_ref().is_some_and(|b| !b.points.is_empty());
                    seen[3] |= !choices.call.is_empty();
                    let pick = obs.legal_actions[rng.below(obs.legal_actions.len())];
                    game.apply(pick).expect("legal");
                }
            }
        }
        assert_eq!(seen, [true; 4], "every kind of choice was met");
    }

    #[test]
    fn mano_negra_shows_the_ace_three_and_king_of_trumps() {
        let cards = mano_negra_cards(crate::Suit::Cups).map(|c| c.to_string());
        assert_eq!(cards, ["Ac", "3c", "Kc"]);
    }
}
