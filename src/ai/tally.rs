//! [`Tally`]: what a search over sampled deals measured, card by card — the (weighted) total value that
//! picks the card, in how many of the deals each card did as well as any other, and in how many the
//! searching side won the hand after it — so Hard's hint can quote its search ("wins in 64% of the
//! deals played out", or where winning a hand means nothing, "did best in 64%").
//!
//! The values summed are the search's utilities (at the match's stakes); the wins come with them as a
//! [`Score`] (the outcome at the end of the playout, or of the line of best play in exact search).
//!
//! It also runs the [`Race`]: the same deals serve every card, so the difference between
//! two cards' values in each deal measures which is better with far less noise than either value
//! alone. A card the leader beats by `z` standard errors of those differences is clearly worse and
//! leaves the race (it is not played out in later deals); once every card still running is either the
//! leader or provably within `close` of it, more deals would not change the choice by more than that.
//! Deliberately absent: a clock and a world count — when to ask is the caller's (Hard's) business.

use super::solver::Score;
use crate::Card;

/// What the search says about its choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Quote {
    /// Share of the deals (weighted) in which the chosen card did as well as any other card still in
    /// the race, in percent.
    pub best_percent: u8,
    /// Share of the deals (weighted) in which the searching side won the hand after the chosen card,
    /// in percent.
    pub win_percent: u8,
}

/// When a card leaves the race, and when the race is over.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Race {
    /// A card leaves once the leader's mean advantage over it exceeds this many standard errors.
    pub z: f64,
    /// The race is over once every other running card is within this many utility units of the
    /// leader at the upper end of `z` standard errors.
    pub close: f64,
}

/// Per-card totals over the deals tried.
pub(crate) struct Tally {
    cards: Vec<Card>,
    /// Whether each card is still played out (every card at first; see [`Tally::race`]).
    running: Vec<bool>,
    totals: Vec<f64>,
    best: Vec<f64>,
    wins: Vec<f64>,
    /// Per ordered pair `(i, j)` of cards (`i * n + j`): the weighted sums of `vᵢ − vⱼ` and of its
    /// square over the deals in which both were played out.
    diffs: Vec<(f64, f64)>,
    /// Per card: the total weight of the deals in which it was played out.
    played: Vec<f64>,
    weight: f64,
    weight_sq: f64,
}

impl Tally {
    /// An empty tally of these cards.
    pub fn new(cards: Vec<Card>) -> Tally {
        let n = cards.len();
        Tally {
            cards,
            running: vec![true; n],
            totals: vec![0.0; n],
            best: vec![0.0; n],
            wins: vec![0.0; n],
            diffs: vec![(0.0, 0.0); n * n],
            played: vec![0.0; n],
            weight: 0.0,
            weight_sq: 0.0,
        }
    }

    /// One deal of weight `weight`: `score(card)` is each running card's score in it (`None`: not
    /// tried); cards out of the race are not asked.
    pub fn add(&mut self, weight: f64, mut score: impl FnMut(Card) -> Option<Score>) {
        let scores: Vec<Option<Score>> = (self.cards.iter().zip(&self.running))
            .map(|(&c, &running)| if running { score(c) } else { None })
            .collect();
        let n = self.cards.len();
        for (i, a) in scores.iter().enumerate() {
            for (j, b) in scores.iter().enumerate() {
                if let (Some(a), Some(b)) = (a, b) {
                    let d = f64::from(a.value) - f64::from(b.value);
                    let sums = &mut self.diffs[i * n + j];
                    sums.0 += weight * d;
                    sums.1 += weight * d * d;
                }
            }
        }
        let top = scores.iter().flatten().map(|s| s.value).max();
        for (i, score) in scores.iter().enumerate() {
            if let Some(score) = *score {
                self.played[i] += weight;
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
        self.weight_sq += weight * weight;
    }

    /// The running card with the best total (the first one on ties).
    fn leader(&self) -> Option<usize> {
        let mut chosen: Option<(usize, f64)> = None;
        for (i, &total) in self.totals.iter().enumerate() {
            if self.running[i] && chosen.is_none_or(|(_, b)| total > b) {
                chosen = Some((i, total));
            }
        }
        chosen.map(|(i, _)| i)
    }

    /// Drops every running card the leader clearly beats (see the module docs) and says whether the
    /// race is over: one card left, or every other one provably close to the leader. Needs deals
    /// whose weights are not all zero; before that nothing is dropped and the race goes on.
    pub fn race(&mut self, rule: Race) -> bool {
        let Some(lead) = self.leader() else {
            return true;
        };
        if self.weight <= 0.0 {
            return false;
        }
        // Kish's effective number of deals: unequal weights count as fewer deals.
        let effective = self.weight * self.weight / self.weight_sq;
        let n = self.cards.len();
        let mut over = true;
        for c in 0..n {
            if c == lead || !self.running[c] {
                continue;
            }
            let (sum, sum_sq) = self.diffs[lead * n + c];
            let mean = sum / self.weight;
            let variance = (sum_sq / self.weight - mean * mean).max(0.0);
            let margin = rule.z * (variance / effective).sqrt();
            if mean > margin {
                self.running[c] = false;
            } else if mean + margin >= rule.close {
                over = false;
            }
        }
        over
    }

    /// Each card's estimated mean value, in the order given: the leader's mean, less the mean of its
    /// same-deal differences with the card over the deals in which both were played out — a card that
    /// left the race keeps the gap it had when it left, measured on common deals rather than on its
    /// own fewer deals (the teacher's targets when the lab trains the playout network). Empty before any deal of weight.
    pub fn means(&self) -> Vec<f64> {
        let Some(lead) = self.leader() else {
            return Vec::new();
        };
        if self.weight <= 0.0 {
            return Vec::new();
        }
        let n = self.cards.len();
        let top = self.totals[lead] / self.weight;
        // Every card is played out in every deal until it leaves, and it can leave only once the
        // deals weigh something, so each card's `played` is positive here.
        (0..n)
            .map(|c| top - self.diffs[lead * n + c].0 / self.played[c])
            .collect()
    }

    /// The running card with the best total (the first one on ties), with what the search says about
    /// it.
    pub fn choice(&self) -> Option<(Card, Quote)> {
        let i = self.leader()?;
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
            }
        );
    }

    const RULE: Race = Race { z: 2.0, close: 1.0 };

    #[test]
    fn a_card_clearly_behind_leaves_the_race_and_is_not_asked_again() {
        let (a, b, c) = (card("Ad"), card("4c"), card("5s"));
        let mut tally = Tally::new(vec![a, b, c]);
        // a beats b by 10 ± 1 in every deal; c is as good as a, give or take 6 (it wins some deals).
        for k in 0..20 {
            let noise = if k % 2 == 0 { 1 } else { -1 };
            tally.add(1.0, |x| {
                score(match x {
                    _ if x == a => 50,
                    _ if x == b => 40 + noise,
                    _ => 50 + 6 * noise,
                })
            });
        }
        assert!(!tally.race(RULE)); // b is out; c may still be better than a
        let mut asked = Vec::new();
        tally.add(1.0, |x| {
            asked.push(x);
            score(10)
        });
        assert_eq!(asked, vec![a, c]);
        // The choice is among the running cards only, even once the dropped card's frozen total
        // is the highest (a deal with negative values, as match stakes can give).
        tally.add(1.0, |_| score(-1000));
        assert_eq!(tally.choice().map(|(x, _)| x), Some(a)); // a and c tie: the first
    }

    #[test]
    fn the_race_is_over_when_one_card_is_left_or_the_rest_are_provably_close() {
        let (a, b) = (card("Ad"), card("4c"));
        // b is 30 behind in every deal: out at once, one card left.
        let mut tally = Tally::new(vec![a, b]);
        tally.add(1.0, |x| score(if x == a { 40 } else { 10 }));
        tally.add(1.0, |x| score(if x == a { 50 } else { 20 }));
        assert!(tally.race(RULE));
        assert_eq!(tally.choice().map(|(x, _)| x), Some(a));
        // Cards worth the same in every deal: nothing is dropped, and more deals cannot separate them.
        let mut same = Tally::new(vec![a, b]);
        same.add(1.0, |_| score(30));
        same.add(2.0, |_| score(70));
        assert!(same.race(RULE));
        assert_eq!(same.choice().map(|(x, _)| x), Some(a));
        // Far apart in single deals, level on average: the race goes on.
        let mut open = Tally::new(vec![a, b]);
        open.add(1.0, |x| score(if x == a { 60 } else { 0 }));
        open.add(1.0, |x| score(if x == a { 0 } else { 60 }));
        assert!(!open.race(RULE));
        // No deals yet: nothing to go on.
        assert!(!Tally::new(vec![a, b]).race(RULE));
    }

    #[test]
    fn means_are_the_leaders_less_same_deal_gaps_frozen_when_a_card_leaves() {
        let (a, b) = (card("Ad"), card("4c"));
        assert!(Tally::new(vec![a, b]).means().is_empty());
        let mut tally = Tally::new(vec![a, b]);
        // b trails a by exactly 30 in both deals: gap 30 whatever the deals are worth.
        tally.add(1.0, |x| score(if x == a { 40 } else { 10 }));
        tally.add(3.0, |x| score(if x == a { 80 } else { 50 }));
        assert_eq!(tally.means(), vec![70.0, 40.0]);
        assert!(tally.race(RULE)); // b is out
        // Later deals move a's mean only; b keeps its gap of 30 on the deals they shared.
        tally.add(4.0, |x| {
            assert_eq!(x, a);
            score(0)
        });
        assert_eq!(tally.means(), vec![35.0, 5.0]);
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
            })
        );
    }
}
