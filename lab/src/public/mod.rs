//! Other people's Briscola AIs, re-implemented from their published source so that the arena can
//! measure our levels against them (`briscola-lab arena --a hard --b deep-briscola`).
//!
//! Each file describes one player: where it was published, its decision rules (written from a reading
//! of the source, not copied), and what is ambiguous. They are defined by their authors for
//! two-player Briscola with a turned-up trump; here they play any ruleset by choosing among the legal
//! cards, using the card currently winning the trick where their rules speak of "the card led". None
//! declares mano negra, exchanges the trump or bids: they play cards only, pass in an auction, and take
//! the first legal action otherwise (a call, should everyone else pass too). Public players that look at hidden cards (two "MCTS"/minimax bots seen in the survey)
//! are not here: beating a cheater says nothing.
//!
//! Deliberately absent: BriscolaBot-v3 (LetteraUnica/BriscolaBot, the self-play PPO network reported to
//! win 59% of 170 games against people). Its decisions live in trained weights; it is measured as an
//! external program through the arena's `cmd:` contender instead (see `docs/ai.md`).

mod brimarl;
mod deep_briscola;
mod greedy;
mod ismcts;

use std::fmt;
use std::str::FromStr;

use briscola::{Action, Card, CardSet, Observation};

use crate::Player;

/// A public Briscola AI the arena can play against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PublicAi {
    /// The rule-based `AIAgent` of alsora/deep-briscola (also in massimilianoviola/briscola-rl).
    DeepBriscola,
    /// The greedy `DeterministicPlayer` of Inc-G/Q_learning_briscola: cheapest card, cheapest winner.
    Greedy,
    /// The card-counting `HeuristicAgent` of herm23/Briscola-Agent.
    Brimarl,
    /// The information-set Monte Carlo tree search of marcomag416/alfa_briscola_v1 (100 iterations).
    Ismcts,
}

impl PublicAi {
    /// Every public AI.
    pub const ALL: [PublicAi; 4] = [
        PublicAi::DeepBriscola,
        PublicAi::Greedy,
        PublicAi::Brimarl,
        PublicAi::Ismcts,
    ];

    /// The id used on the command line.
    pub fn id(self) -> &'static str {
        match self {
            PublicAi::DeepBriscola => "deep-briscola",
            PublicAi::Greedy => "greedy",
            PublicAi::Brimarl => "brimarl-heuristic",
            PublicAi::Ismcts => "ismcts",
        }
    }

    /// A seeded player (the rule players without randomness ignore the seed).
    pub fn player(self, seed: u64) -> Box<dyn Player> {
        match self {
            PublicAi::DeepBriscola => Box::new(deep_briscola::DeepBriscola),
            PublicAi::Greedy => Box::new(greedy::Greedy::new(seed)),
            PublicAi::Brimarl => Box::new(brimarl::Brimarl),
            PublicAi::Ismcts => Box::new(ismcts::Ismcts::new(seed)),
        }
    }
}

impl fmt::Display for PublicAi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for PublicAi {
    type Err = String;
    fn from_str(s: &str) -> Result<PublicAi, String> {
        PublicAi::ALL
            .into_iter()
            .find(|p| p.id() == s)
            .ok_or_else(|| {
                format!(
                    "unknown public AI `{s}`: choose deep-briscola, greedy, brimarl-heuristic or ismcts"
                )
            })
    }
}

/// The card facts every public player uses, from one seat's observation.
struct Table<'a> {
    obs: &'a Observation,
}

impl Table<'_> {
    fn points(&self, card: Card) -> u8 {
        self.obs.ruleset.order.card_points(card)
    }

    fn strength(&self, card: Card) -> u8 {
        self.obs.ruleset.order.card_strength(card)
    }

    fn is_trump(&self, card: Card) -> bool {
        Some(card.suit()) == self.obs.trump
    }

    /// Whether `mine`, played after `best`, takes the trick.
    fn beats(&self, mine: Card, best: Card) -> bool {
        match (self.is_trump(mine), self.is_trump(best)) {
            (true, false) => true,
            (false, true) => false,
            _ => mine.suit() == best.suit() && self.strength(mine) > self.strength(best),
        }
    }

    /// The card winning the trick so far, if any.
    fn best(&self) -> Option<Card> {
        let mut best: Option<Card> = None;
        for play in &self.obs.current_trick {
            if best.is_none_or(|b| self.beats(play.card, b)) {
                best = Some(play.card);
            }
        }
        best
    }

    /// Card points on the table.
    fn table_points(&self) -> u16 {
        self.obs
            .current_trick
            .iter()
            .map(|p| u16::from(self.points(p.card)))
            .sum()
    }

    /// The playable cards, in the order the players walk their hand.
    fn hand(&self) -> Vec<Card> {
        let legal: CardSet = self
            .obs
            .legal_actions
            .iter()
            .filter_map(|a| match a {
                Action::Play(card) => Some(*card),
                _ => None,
            })
            .collect();
        legal.iter().collect()
    }
}

/// The action to play `card`. With no card to play (the chiamata auction, which these players do
/// not know), a pass where one is legal, else the first legal action ([`Action::Pass`] when there is
/// none).
fn play(obs: &Observation, card: Option<Card>) -> Action {
    match card {
        Some(card) => Action::Play(card),
        None if obs.legal_actions.contains(&Action::Pass) => Action::Pass,
        None => obs.legal_actions.first().copied().unwrap_or(Action::Pass),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use briscola::{Deal, Game, Phase, Preset, Ruleset};

    #[test]
    fn public_players_pass_in_the_chiamata_auction() {
        let rules = Ruleset::preset(Preset::Chiamata, 5).expect("preset");
        let game = Game::new(rules, 0, &Deal::Seed(2)).expect("deal");
        assert_eq!(game.phase(), Phase::Bidding);
        let obs = game.observation(game.to_move());
        for ai in PublicAi::ALL {
            assert_eq!(ai.player(1).choose(&obs), Action::Pass, "{ai}");
        }
    }
}
