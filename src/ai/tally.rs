//! [`Tally`]: what a search over sampled deals measured, card by card — the (weighted) total value that
//! picks the card, and in how many of the deals each card did as well as any other — so Hard's hint can
//! quote its search ("the best card in 64% of the 200 deals I tried").
//!
//! Deliberately absent: win rates. The values summed are the search's utilities (at the match's stakes,
//! partly from exact endgame search without the line of play), from which whether the hand was won
//! cannot be read in every match format; "did best" can.

use crate::Card;

/// What the search says about its choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Quote {
    /// Share of the deals (weighted) in which the chosen card did as well as any other, in percent.
    pub best_percent: u8,
    /// Deals tried.
    pub deals: u32,
}

/// Per-card totals over the deals tried.
pub(crate) struct Tally {
    cards: Vec<Card>,
    totals: Vec<f64>,
    best: Vec<f64>,
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
            weight: 0.0,
            deals: 0,
        }
    }

    /// One deal of weight `weight`: `value(card)` is each card's value in it (`None`: not tried).
    pub fn add(&mut self, weight: f64, mut value: impl FnMut(Card) -> Option<i32>) {
        let values: Vec<Option<i32>> = self.cards.iter().map(|&c| value(c)).collect();
        let top = values.iter().flatten().max().copied();
        for ((total, best), v) in self.totals.iter_mut().zip(&mut self.best).zip(&values) {
            if let Some(v) = *v {
                *total += weight * f64::from(v);
                if Some(v) == top {
                    *best += weight;
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
        let share = if self.weight > 0.0 {
            self.best[i] / self.weight
        } else {
            0.0
        };
        let quote = Quote {
            best_percent: (share * 100.0).round().clamp(0.0, 100.0) as u8,
            deals: self.deals,
        };
        Some((self.cards[i], quote))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_deal::card;

    #[test]
    fn the_choice_is_the_best_total_and_quotes_where_it_did_best() {
        let (a, b) = (card("Ad"), card("4c"));
        let mut tally = Tally::new(vec![a, b]);
        // a: 10, 0, 10 (best in deals 1 and 3); b: 5, 5, 10 (best in deals 2 and 3, tied in 3).
        tally.add(1.0, |c| Some(if c == a { 10 } else { 5 }));
        tally.add(1.0, |c| Some(if c == a { 0 } else { 5 }));
        tally.add(2.0, |_| Some(10));
        let (chosen, quote) = tally.choice().expect("a card");
        assert_eq!(chosen, a); // 10 + 0 + 20 = 30 against 5 + 5 + 20 = 30: the first on ties
        assert_eq!(
            quote,
            Quote {
                best_percent: 75,
                deals: 3
            }
        );
        tally.add(1.0, |c| Some(if c == b { 20 } else { 0 }));
        let (chosen, quote) = tally.choice().expect("a card");
        assert_eq!(chosen, b);
        assert_eq!(
            quote,
            Quote {
                best_percent: 80,
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
                deals: 0
            })
        );
    }
}
