//! [`CardOrder`]: the rank order and card points of a ruleset, and [`RankValue`], the same as a table a
//! user interface can show without restating it.

use serde::{Deserialize, Serialize};

use crate::{Card, Rank};

/// Rank order and card points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum CardOrder {
    /// A 3 K Q(cavallo) J(fante) 7 6 5 4 2; A 11, 3 10, K 4, Q 3, J 2 (all Briscola and Brisca texts).
    Classic,
    /// A 7 K J Q 6 5 4 3 2; A 11, 7 10, K 4, J 3, Q 2: Portuguese Bisca (Bisca text: "A 7 K J Q").
    Bisca,
    /// A 7 K Q J 6 5 4 3 2; A 11, 7 10, K 4, Q 3, J 2: the "simplified" Bisca of the Bisca text, and the
    /// Piedmont/Sardinia Briscola where the seven replaces the three (Briscola text).
    SevenSecond,
    /// A K Q J 7 6 5 4 3 2 with the three still worth 10: the variant "where the three ranks as a three"
    /// (Briscola text, "el tres se clasifica como un tres").
    LowThree,
}

impl CardOrder {
    /// Strength of each rank (higher beats lower within a suit), indexed by [`Rank::index`].
    pub const fn strengths(self) -> &'static [u8; 12] {
        //                    A  2  3  4  5  6  7  8  9  J  Q  K
        match self {
            CardOrder::Classic => &[12, 1, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10],
            CardOrder::Bisca => &[12, 1, 2, 3, 4, 5, 11, 6, 7, 9, 8, 10],
            CardOrder::SevenSecond => &[12, 1, 2, 3, 4, 5, 11, 6, 7, 8, 9, 10],
            CardOrder::LowThree => &[12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        }
    }

    /// Card points of each rank, indexed by [`Rank::index`].
    pub const fn points(self) -> &'static [u8; 12] {
        //                    A   2  3   4  5  6  7   8  9  J  Q  K
        match self {
            CardOrder::Classic | CardOrder::LowThree => &[11, 0, 10, 0, 0, 0, 0, 0, 0, 2, 3, 4],
            CardOrder::Bisca => &[11, 0, 0, 0, 0, 0, 10, 0, 0, 3, 2, 4],
            CardOrder::SevenSecond => &[11, 0, 0, 0, 0, 0, 10, 0, 0, 2, 3, 4],
        }
    }

    /// The points of one card.
    pub const fn card_points(self, card: Card) -> u8 {
        self.points()[card.rank() as usize]
    }

    /// The strength of one card within its suit.
    pub const fn card_strength(self, card: Card) -> u8 {
        self.strengths()[card.rank() as usize]
    }

    /// Ranks from strongest to weakest.
    pub fn ranks_by_strength(self) -> [Rank; 12] {
        let mut ranks = Rank::ALL;
        ranks.sort_by_key(|r| std::cmp::Reverse(self.strengths()[r.index()]));
        ranks
    }
}

/// One rank's strength and points under a [`CardOrder`]: one row of the card-value table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RankValue {
    /// The rank.
    pub rank: Rank,
    /// Its strength within a suit: higher beats lower (1 is the weakest).
    pub strength: u8,
    /// The card points it is worth.
    pub points: u8,
}

impl CardOrder {
    /// Every rank with its strength and points, strongest first. A deck without some ranks (the
    /// 40-card deck has no 8 or 9) is filtered by [`crate::Ruleset::rank_values`].
    pub fn rank_values(self) -> Vec<RankValue> {
        self.ranks_by_strength()
            .into_iter()
            .map(|rank| RankValue {
                rank,
                strength: self.strengths()[rank.index()],
                points: self.points()[rank.index()],
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_values_follow_strength_and_points() {
        let bisca = CardOrder::Bisca.rank_values();
        let ranks: Vec<char> = bisca.iter().map(|v| v.rank.char()).collect();
        assert_eq!(ranks[..5], ['A', '7', 'K', 'J', 'Q']);
        assert_eq!(bisca[1].points, 10);
        assert_eq!(bisca[3].points, 3);
        assert!(bisca.windows(2).all(|w| w[0].strength > w[1].strength));
        let low_three = CardOrder::LowThree.rank_values();
        let three = low_three.iter().find(|v| v.rank == Rank::Three);
        assert_eq!(three.map(|v| (v.strength, v.points)), Some((2, 10)));
    }
}
