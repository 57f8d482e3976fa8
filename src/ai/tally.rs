//! [`Tally`]: what a search over sampled deals measured, card by card — the (weighted) total value that
//! picks the card, in how many of the deals each card did as well as any other, and in how many the
//! searching side won the hand after it — so Hard's hint can quote its search ("wins in 64% of the 200
//! deals I tried", or where winning a hand means nothing, "did best in 64%").
//!
//! The values summed are the search's utilities (at the match's stakes); the wins come with them as a
//! [`Score`] (the outcome at the end of the playout, or of the line of best play in exact search).

use super::solver::Score;
use crate::Card;

/// What the search says about its choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Quote {
    /// Share of the deals (weighted) in which the chosen card did as well as any other, in percent.
    pub best_percent: u8,
    /// Share of the deals (weighted) in which the searching side won the hand after the chosen card,
    /// in percent.
    pub win_percent: u8,
    /// Deals tried.
    pub deals: u32,
}

/// Per-card totals over the deals tried.
pub(crate) struct Tally {
    cards: Vec<Card>,
    totals: Vec<f64>,
    best: Vec<f64>,
    wins: Vec<f64>,
    weight: f64,
    deals: u32,
}

impl Tally {
    /// An empty tally of these cards.
    pub fn new(cards: Vec<Card>) -> Tally {
        let n = cards.len();
        Tally {
            cards,
            totals: vec![0.0; n],
            best: vec![0.0; n],
            wins: vec![0.0; n],
            weight: 0.0,
            deals: 0,
        }
    }

    /// One deal of weight `weight`: `score(card)` is each card's score in it (`None`: not tried).
    pub fn add(&mut self, weight: f64, mut score: impl FnMut(Card) -> Option<Score>) {
        let scores: Vec<Option<Score>> = self.cards.iter().map(|&c| score(c)).collect();
        let top = scores.iter().flatten().map(|s| s.value).max();
        for (i, score) in scores.iter().enumerate() {
            if let Some(score) = *score {
                self.totals[i] += weight * f64::from(score.value);
                if Some(score.value) == top {
                    self.best[i] += weight;
                }
                if score.won {
                    self.wins[i] += weight;
                }
            }
        }
        self.weight += weight;
        self.deals += 1;
    }

    /// The card with the best total (the first one on ties), with what the search says about it.
    pub fn choice(&self) -> Option<(Card, Quote)> {
        let mut chosen: Option<(usize, f64)> = None;
        for (i, &total) in self.totals.iter().enumerate() {
            if chosen.is_none_or(|(_, b)| total > b) {
                chosen = Some((i, total));
            }
        }
        let (i, _) = chosen?;
        let percent = |part: f64| {
            let share = if self.weight > 0.0 {
                part / self.weight
            } else {
                0.0
            };
            (share * 100.0).round().clamp(0.0, 100.0) as u8
        };
        let quote = Quote {
            best_percent: percent(self.best[i]),
            win_percent: percent(self.wins[i]),
            deals: self.deals,
        };
        Some((self.cards[i], quote))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_deal::card;

    /// A score that wins the hand from 10 up.
    fn score(value: i32) -> Option<Score> {
        Some(Score {
            value,
            won: value >= 10,
        })
    }

    #[test]
    fn the_choice_is_the_best_total_and_quotes_where_it_did_best_and_won() {
        let (a, b) = (card("Ad"), card("4c"));
        let mut tally = Tally::new(vec![a, b]);
        // a: 10, 0, 10 (best in deals 1 and 3); b: 5, 5, 10 (best in deals 2 and 3, tied in 3).
        tally.add(1.0, |c| score(if c == a { 10 } else { 5 }));
        tally.add(1.0, |c| score(if c == a { 0 } else { 5 }));
        tally.add(2.0, |_| score(10));
        let (chosen, quote) = tally.choice().expect("a card");
        assert_eq!(chosen, a); // 10 + 0 + 20 = 30 against 5 + 5 + 20 = 30: the first on ties
        assert_eq!(
            quote,
            Quote {
                best_percent: 75,
                win_percent: 75,
                deals: 3
            }
        );
        tally.add(1.0, |c| score(if c == b { 20 } else { 0 }));
        let (chosen, quote) = tally.choice().expect("a card");
        assert_eq!(chosen, b);
        assert_eq!(
            quote,
            Quote {
                best_percent: 80,
                win_percent: 60,
                deals: 4
            }
        );
    }

    #[test]
    fn nothing_tallied_is_no_choice_only_without_cards() {
        assert_eq!(Tally::new(Vec::new()).choice(), None);
        let quote = Tally::new(vec![card("Ad")]).choice().map(|(_, q)| q);
        assert_eq!(
            quote,
            Some(Quote {
                best_percent: 0,
                win_percent: 0,
                deals: 0
            })
        );
    }
}
