//! Named configurations of Hard's search ([`HardSearch`]): the Hard level with some of its choices
//! undone, kept so that the arena can measure what each choice is worth. Each is the same code as
//! the Hard level (the engine's search), configured otherwise; each plays single hands and explains
//! nothing (the arena keeps only its actions). Their decisions on a fixed walk of positions are
//! recorded (`named/golden.rs`), so a change to the engine's search that changes one shows.
//! Deliberately absent: a configuration the arena has no use for.

#[cfg(test)]
mod golden;

use std::fmt;
use std::str::FromStr;

use briscola::ai::{Budget, HardSearch};

use crate::Player;

/// What a hand's outcome (loss, draw, win) is worth, a step, in card points when the search
/// decides in [`NamedHard::NetRace`] and before: as much as all the cards of a hand, so the outcome
/// decides and points only break ties.
const OUTCOME_AS_A_HAND: i32 = 120;

/// How many card orders may remain, once the stock is empty, for the playouts of
/// [`NamedHard::RecentPlays`] and before to finish exactly: three hands of three cards, so four
/// players played the first of their last three tricks by the heuristics.
const EXACT_LEAVES_BEFORE_TEAMS: u64 = 400;

/// A named configuration of Hard's search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NamedHard {
    /// `hard-heuristic-auction`: the Hard level with the shared heuristic's chiamata auction and call
    /// instead of searching them.
    HeuristicAuction,
    /// `hard-heuristic-late`: heuristic playouts, exact search only once the stock is empty.
    HeuristicLate,
    /// `hard-heuristic`: heuristic playouts, exact search from two stock cards.
    Heuristic,
    /// `hard-net-fixed`: network playouts (two players; the heuristics in teams, as in every frozen
    /// version), a fixed number of worlds.
    NetFixed,
    /// `hard-net-race`: network playouts, cards raced over the worlds, the hand's outcome worth 120
    /// card points.
    NetRace,
    /// `hard-recent-plays`: as `hard-net-race` with the outcome worth what the Hard level gives it
    /// (30), worlds weighed by the other seat's recent plays.
    RecentPlays,
    /// `hard-team-outcome`: the Hard level with the hand's outcome worth 120 card points where
    /// partners play in fixed teams (measured, not adopted: docs/ai.md).
    TeamOutcome,
    /// `hard-team-heuristic`: the Hard level with heuristic playouts where partners play in fixed
    /// teams instead of four-player Briscola's network, to measure that network.
    TeamHeuristic,
}

impl NamedHard {
    /// Every named configuration, fewest of the Hard level's choices first.
    pub const ALL: [NamedHard; 8] = [
        NamedHard::HeuristicLate,
        NamedHard::Heuristic,
        NamedHard::NetFixed,
        NamedHard::NetRace,
        NamedHard::RecentPlays,
        NamedHard::HeuristicAuction,
        NamedHard::TeamOutcome,
        NamedHard::TeamHeuristic,
    ];

    /// The id on the command line.
    pub fn id(self) -> &'static str {
        match self {
            NamedHard::HeuristicAuction => "hard-heuristic-auction",
            NamedHard::TeamOutcome => "hard-team-outcome",
            NamedHard::TeamHeuristic => "hard-team-heuristic",
            NamedHard::HeuristicLate => "hard-heuristic-late",
            NamedHard::Heuristic => "hard-heuristic",
            NamedHard::NetFixed => "hard-net-fixed",
            NamedHard::NetRace => "hard-net-race",
            NamedHard::RecentPlays => "hard-recent-plays",
        }
    }

    /// The search this configuration makes.
    pub fn search(self) -> HardSearch {
        let heuristic_auction = HardSearch {
            auction: false,
            ..HardSearch::HARD
        };
        let recent_plays = HardSearch {
            filter: false,
            team_net: false,
            exact_leaves: EXACT_LEAVES_BEFORE_TEAMS,
            team_win_weight: HardSearch::HARD.win_weight,
            ..heuristic_auction
        };
        let net_race = HardSearch {
            win_weight: OUTCOME_AS_A_HAND,
            team_win_weight: OUTCOME_AS_A_HAND,
            ..recent_plays
        };
        let net_fixed = HardSearch {
            race: false,
            ..net_race
        };
        let heuristic = HardSearch {
            net: false,
            ..net_fixed
        };
        match self {
            NamedHard::HeuristicLate => HardSearch {
                exact_stock: 0,
                ..heuristic
            },
            NamedHard::Heuristic => heuristic,
            NamedHard::NetFixed => net_fixed,
            NamedHard::NetRace => net_race,
            NamedHard::RecentPlays => recent_plays,
            NamedHard::HeuristicAuction => heuristic_auction,
            NamedHard::TeamOutcome => HardSearch {
                team_win_weight: OUTCOME_AS_A_HAND,
                ..HardSearch::HARD
            },
            NamedHard::TeamHeuristic => HardSearch {
                team_net: false,
                ..HardSearch::HARD
            },
        }
    }

    /// A seeded player of this configuration searching with `budget`.
    pub fn player(self, seed: u64, budget: Budget) -> Box<dyn Player> {
        Box::new(self.search().agent(seed, budget))
    }
}

impl fmt::Display for NamedHard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for NamedHard {
    type Err = String;
    fn from_str(s: &str) -> Result<NamedHard, String> {
        NamedHard::ALL
            .into_iter()
            .find(|n| n.id() == s)
            .ok_or_else(|| format!("unknown configuration of Hard `{s}`"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each configuration is the one its name and docs describe, and they are all different.
    #[test]
    fn each_configuration_is_what_its_name_says() {
        let all = NamedHard::ALL.map(NamedHard::search);
        let [
            late,
            heuristic,
            fixed,
            race,
            recent,
            auction,
            team,
            team_heuristic,
        ] = all;
        assert_eq!((late.exact_stock, late.net), (0, false));
        assert_eq!(
            (heuristic.exact_stock, heuristic.net, heuristic.race),
            (2, false, false)
        );
        assert_eq!((fixed.net, fixed.race), (true, false));
        assert_eq!(
            (race.race, race.win_weight, race.filter),
            (true, 120, false)
        );
        assert_eq!((recent.win_weight, recent.filter), (30, false));
        assert!(all[..6].iter().all(|search| !search.auction));
        assert_eq!(
            HardSearch {
                team_win_weight: HardSearch::HARD.win_weight,
                ..team
            },
            HardSearch::HARD
        );
        assert_eq!(team.team_win_weight, 120);
        assert_eq!(
            HardSearch {
                team_net: true,
                ..team_heuristic
            },
            HardSearch::HARD
        );
        for frozen in [late, heuristic, fixed, race, recent] {
            assert_eq!(frozen.exact_leaves, EXACT_LEAVES_BEFORE_TEAMS);
            // Four-player playouts by the heuristics, as before the team network.
            assert!(!frozen.team_net);
            // One outcome weight whether or not partners play in teams.
            assert_eq!(frozen.team_win_weight, frozen.win_weight);
        }
        assert_eq!(
            HardSearch {
                filter: true,
                team_net: true,
                exact_leaves: HardSearch::HARD.exact_leaves,
                team_win_weight: HardSearch::HARD.team_win_weight,
                ..recent
            },
            auction
        );
        assert_eq!(
            HardSearch {
                auction: true,
                ..auction
            },
            HardSearch::HARD
        );
        for (i, a) in all.iter().enumerate() {
            assert!(all[i + 1..].iter().all(|b| b != a), "{a:?}");
            assert_ne!(*a, HardSearch::HARD);
        }
        for named in NamedHard::ALL {
            assert_eq!(named.id().parse(), Ok(named));
        }
    }
}
