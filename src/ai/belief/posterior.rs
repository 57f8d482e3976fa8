//! [`Posterior`]: the exact chance of each hand the other player holds, in two-player games of
//! three-card hands while the stock lasts, from every play it has made.
//!
//! A forward filter over its hand: before its first play every hand is alike (the deal); each play
//! multiplies every hand holding the card by the play model's chance of that play ([`play_chance`])
//! and keeps the two other cards; each draw adds one card, alike for every card it could be. The
//! cards it could ever have held are the cards not ours (held or played, now or ever: a card we drew
//! later lay in the stock), not face up, and not played before an exchange it made (the filter starts
//! at its last exchange, with the card it took). After a draw the chance of a hand is the sum over
//! the pairs it could have kept, so only pairs are stored.
//!
//! Deliberately absent: more than two players, hands of other sizes, a duty to follow suit while the
//! stock lasts, and the empty stock (nothing is hidden then); [`super::Belief`] keeps its recent-plays
//! evidence there.

use super::{play_chance, plays_by_trick};
use crate::{Card, CardSet, FollowRule, Observation, Seat, TrumpRule};

/// Pair index of two distinct cards, the lower index first.
fn pair(a: Card, b: Card) -> usize {
    let (lo, hi) = (a.index().min(b.index()), a.index().max(b.index()));
    lo * Card::COUNT + hi
}

/// What the filter knows about the other seat's hand.
#[derive(Clone, Debug)]
enum State {
    /// No play since the filter started: every hand alike.
    Uniform,
    /// The chance of each pair ([`pair`]) the seat kept at its last play, and whether it has drawn a
    /// card since.
    Pairs { chance: Vec<f64>, drew: bool },
}

/// The other seat's hand as the filter sees it. See the module docs.
#[derive(Clone, Debug)]
pub(crate) struct Posterior {
    seat: Seat,
    state: State,
    /// The cards the seat may hold now.
    avail: CardSet,
}

impl Posterior {
    /// The filter over `obs`'s history, or `None` when the rules or the moment are outside it.
    pub fn new(obs: &Observation) -> Option<Posterior> {
        let rules = obs.ruleset;
        let outside = rules.players != 2
            || rules.hand_size != 3
            || rules.plays_per_trick != 1
            || rules.open_hands
            || matches!(rules.trump, TrumpRule::Called | TrumpRule::FirstCardPlayed)
            || rules.follow == FollowRule::FollowAlways
            || obs.stock_len == 0;
        if outside {
            return None;
        }
        let seat: Seat = u8::from(obs.seat == 0);
        let tricks = plays_by_trick(obs);
        let exchange = obs.exchanges.iter().rev().find(|e| e.seat == seat);
        let first = exchange.map_or(0, |e| usize::from(e.trick));
        let took = exchange.map(|e| e.took);
        let theirs: CardSet = tricks[first..]
            .iter()
            .flatten()
            .filter(|&&(s, _)| s == seat)
            .map(|&(_, c)| c)
            .collect();
        let known = obs.known_in_hands.get(usize::from(seat)).copied();
        let possible = obs.unseen_cards() | theirs | known.unwrap_or_default();
        let face_up: CardSet = obs.face_up_trump.into_iter().collect();
        let mut used = CardSet::EMPTY;
        let mut state = State::Uniform;
        let last = tricks.len() - 1;
        for (i, plays) in tricks.iter().enumerate().skip(first) {
            if let Some(pos) = plays.iter().position(|&(s, _)| s == seat) {
                let card = plays[pos].1;
                let trick = &plays[..pos];
                let mut gone: CardSet = tricks[..i].iter().flatten().map(|&(_, c)| c).collect();
                gone |= trick.iter().map(|&(_, c)| c).collect::<CardSet>() | face_up;
                let avail: Vec<Card> = (possible - used - CardSet::from(card)).iter().collect();
                let mut next = vec![0.0; Card::COUNT * Card::COUNT];
                let mut total = 0.0;
                for (k, &a) in avail.iter().enumerate() {
                    for &b in &avail[k + 1..] {
                        let prior = match &state {
                            State::Uniform => {
                                let holds = |t: Card| [a, b, card].contains(&t);
                                if took.is_none_or(holds) { 1.0 } else { 0.0 }
                            }
                            State::Pairs { chance, drew: true } => {
                                chance[pair(a, b)] + chance[pair(a, card)] + chance[pair(b, card)]
                            }
                            State::Pairs { drew: false, .. } => return None,
                        };
                        if prior > 0.0 {
                            let hand = CardSet::from(a) | CardSet::from(b) | CardSet::from(card);
                            let chance =
                                play_chance(rules, obs.trump, seat, card, trick, gone, hand);
                            let p = prior * f64::from(chance);
                            next[pair(a, b)] = p;
                            total += p;
                        }
                    }
                }
                if total <= 0.0 {
                    return None;
                }
                next.iter_mut().for_each(|p| *p /= total);
                used.insert(card);
                state = State::Pairs {
                    chance: next,
                    drew: false,
                };
            }
            // Every completed trick is followed by a draw while the stock lasts (it lasts now).
            if i < last
                && let State::Pairs { drew, .. } = &mut state
            {
                *drew = true;
            }
        }
        let avail = possible - used;
        Some(Posterior { seat, state, avail })
    }

    /// The seat whose hand this is.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Every hand the seat may hold now with a chance above zero, and the running total of the
    /// chances (for drawing one); `None` before any play (all alike).
    pub fn hands(&self) -> Option<Vec<(CardSet, f64)>> {
        let State::Pairs { drew, .. } = self.state else {
            return None;
        };
        let avail: Vec<Card> = self.avail.iter().collect();
        let mut hands = Vec::new();
        let mut total = 0.0;
        let mut add = |hand: CardSet| {
            let p = self.chance(hand);
            if p > 0.0 {
                total += p;
                hands.push((hand, total));
            }
        };
        for (i, &a) in avail.iter().enumerate() {
            for (j, &b) in avail.iter().enumerate().skip(i + 1) {
                let two = CardSet::from(a) | CardSet::from(b);
                if drew {
                    avail[j + 1..]
                        .iter()
                        .for_each(|&c| add(two | CardSet::from(c)));
                } else {
                    add(two);
                }
            }
        }
        Some(hands)
    }

    /// The relative chance that the other seat holds `hand` (1 before any play: all alike).
    fn chance(&self, hand: CardSet) -> f64 {
        let hand: Vec<Card> = hand.iter().collect();
        match (&self.state, hand.as_slice()) {
            (
                State::Pairs {
                    chance,
                    drew: false,
                },
                &[a, b],
            ) => chance[pair(a, b)],
            (State::Pairs { chance, drew: true }, &[a, b, c]) => {
                chance[pair(a, b)] + chance[pair(a, c)] + chance[pair(b, c)]
            }
            _ => 1.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::belief::Belief;
    use crate::{Action, Deal, ExchangeRule, Game, Phase, Preset, Rng, Ruleset};

    /// Plays the lowest legal card until `done` says stop.
    fn play_until(game: &mut Game, done: impl Fn(&Game) -> bool) {
        while !done(game) {
            let card = game.legal_cards().first().expect("a legal card");
            game.apply(Action::Play(card)).expect("legal");
        }
    }

    /// Checks the filter against every history of the other seat's hand, enumerated from the deal:
    /// its three cards dealt, then the card it drew after the first trick, each history weighed by
    /// the play model's chance of its plays. `second_play`: the other seat has led the second trick.
    fn matches_enumeration(seed: u64, second_play: bool) {
        let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        let mut game = Game::new(rules, 0, &Deal::Seed(seed)).expect("deal");
        let face_up = game.face_up().expect("face-up trump");
        let start: Vec<CardSet> = (0..2).map(|s| game.hand(s)).collect();
        play_until(&mut game, |g| g.observation(0).tricks.len() == 1);
        let obs = game.observation(0);
        let first = obs.tricks[0].clone();
        let other = first.winner; // it leads the second trick
        let me = 1 - other;
        let my_play = first
            .plays
            .iter()
            .find(|p| p.seat == me)
            .expect("my play")
            .card;
        let my_draw = game.hand(me) - (start[usize::from(me)] - CardSet::from(my_play));
        assert_eq!(my_draw.len(), 1);
        if second_play {
            play_until(&mut game, |g| !g.observation(0).current_trick.is_empty());
        }
        let obs = game.observation(me);
        let posterior = Posterior::new(&obs).expect("inside the filter");

        let pos = first
            .plays
            .iter()
            .position(|p| p.seat == other)
            .expect("its play");
        let c1 = first.plays[pos].card;
        let trick1: Vec<(Seat, Card)> = first.plays[..pos]
            .iter()
            .map(|p| (p.seat, p.card))
            .collect();
        let gone1 = trick1.iter().map(|&(_, c)| c).collect::<CardSet>() | CardSet::from(face_up);
        let gone2 =
            first.plays.iter().map(|p| p.card).collect::<CardSet>() | CardSet::from(face_up);
        let c2 = obs.current_trick.first().map(|p| p.card);
        let pool = rules.deck_cards() - start[usize::from(me)] - CardSet::from(face_up);
        let pool: Vec<Card> = pool.iter().collect();
        let mut truth = std::collections::HashMap::<CardSet, f64>::new();
        for (i, &a) in pool.iter().enumerate() {
            for (j, &b) in pool.iter().enumerate().skip(i + 1) {
                for &c in &pool[j + 1..] {
                    let dealt = CardSet::from(a) | CardSet::from(b) | CardSet::from(c);
                    // The card I drew lay in the stock.
                    if !dealt.contains(c1) || dealt.contains(my_draw.iter().next().expect("a draw"))
                    {
                        continue;
                    }
                    let l1 = play_chance(rules, obs.trump, other, c1, &trick1, gone1, dealt);
                    for &d in &pool {
                        if dealt.contains(d) || my_draw.contains(d) {
                            continue;
                        }
                        let held = (dealt - CardSet::from(c1)) | CardSet::from(d);
                        let (now, l2) = match c2 {
                            None => (held, 1.0),
                            Some(c2) if held.contains(c2) => (
                                held - CardSet::from(c2),
                                play_chance(rules, obs.trump, other, c2, &[], gone2, held),
                            ),
                            Some(_) => continue,
                        };
                        *truth.entry(now).or_default() += f64::from(l1) * f64::from(l2);
                    }
                }
            }
        }
        let total: f64 = truth.values().sum();
        let filtered: f64 = truth.keys().map(|&h| posterior.chance(h)).sum();
        assert!(truth.len() > 100, "{} hands", truth.len());
        for (&hand, &weight) in &truth {
            let expected = weight / total;
            let got = posterior.chance(hand) / filtered;
            assert!(
                (expected - got).abs() <= 1e-9 + 1e-6 * expected,
                "hand {hand:?}: {expected} by enumeration, {got} filtered"
            );
        }
    }

    #[test]
    fn after_a_draw_the_filter_is_the_enumeration_of_every_dealt_hand_and_draw() {
        for seed in 1..4 {
            matches_enumeration(seed, false);
        }
    }

    #[test]
    fn after_a_second_play_the_filter_is_the_enumeration_of_every_dealt_hand_and_draw() {
        for seed in 1..4 {
            matches_enumeration(seed, true);
        }
    }

    #[test]
    fn after_its_exchange_every_hand_the_filter_allows_holds_the_card_it_took() {
        // Brisca: seat 1 holds the seven of cups, the ace of cups lies face up; it takes the ace and
        // leads the four of coins.
        let rules = Ruleset::preset(Preset::Brisca, 2).expect("preset");
        let mut game = crate::ai::test_deal::dealt(rules, "7c 2d 4d 4s 5s Kd Ac");
        let (seven, ace) = ("7c".parse().expect("card"), "Ac".parse().expect("card"));
        game.apply(Action::Exchange(seven))
            .expect("the seven takes the ace");
        game.apply(Action::Play("4d".parse().expect("card")))
            .expect("legal");
        let posterior = Posterior::new(&game.observation(0)).expect("inside the filter");
        let hands = posterior.hands().expect("seat 1 has played");
        assert!(hands.len() > 20, "{} hands", hands.len());
        for (hand, _) in hands {
            assert!(hand.contains(ace), "{hand:?} without the ace it took");
            assert!(!hand.contains(seven), "{hand:?} with the seven it gave");
        }
    }

    #[test]
    fn in_random_hands_with_exchanges_at_any_trick_the_filter_never_rules_out_the_true_hand() {
        // Random legal play that takes an exchange it may at even odds, under each exchange rule;
        // at every turn both seats' filters must allow the other seat's real hand (the play model
        // gives every legal card a chance, so no real history has none).
        let (mut checks, mut after_later_exchange) = (0, 0);
        let exchanges = [
            ExchangeRule::Never,
            ExchangeRule::TwoBeforeFirstTrick,
            ExchangeRule::SevenAndTwo,
            ExchangeRule::SevenAndTwoAfterWinning,
        ];
        for preset in [Preset::Briscola, Preset::Brisca, Preset::Bisca] {
            for exchange in exchanges {
                let mut rules = Ruleset::preset(preset, 2).expect("preset");
                rules.exchange = exchange;
                for seed in 0..6 {
                    let mut game = Game::new(rules, 0, &Deal::Seed(seed)).expect("deal");
                    let mut rng = Rng::new(seed);
                    while game.phase() != Phase::Finished {
                        for viewer in 0..2 {
                            let obs = game.observation(viewer);
                            let Some(posterior) = Posterior::new(&obs) else {
                                assert_eq!(obs.stock_len, 0, "outside the filter with a stock");
                                continue;
                            };
                            let truth = game.hand(posterior.seat());
                            assert!(posterior.avail.is_superset(truth), "{truth:?} not allowed");
                            if let Some(hands) = posterior.hands() {
                                assert!(
                                    hands.iter().any(|&(hand, _)| hand == truth),
                                    "{preset:?} {exchange:?} seed {seed}: {truth:?} ruled out"
                                );
                            }
                            checks += 1;
                            let seat = posterior.seat();
                            if obs.exchanges.iter().any(|e| e.seat == seat && e.trick > 0) {
                                after_later_exchange += 1;
                            }
                        }
                        let actions = game.legal_actions();
                        let actions = actions.as_slice();
                        let exchange = actions.iter().find(|a| matches!(a, Action::Exchange(_)));
                        let action = match exchange {
                            Some(&action) if rng.below(2) == 0 => action,
                            _ => actions[rng.below(actions.len())],
                        };
                        game.apply(action).expect("legal");
                    }
                }
            }
        }
        assert!(checks > 1_000, "{checks} checks");
        assert!(
            after_later_exchange > 20,
            "{after_later_exchange} after a later exchange"
        );
    }

    #[test]
    fn worlds_drawn_from_the_filter_hold_each_hand_as_often_as_its_chance() {
        let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        let mut game = Game::new(rules, 0, &Deal::Seed(11)).expect("deal");
        play_until(&mut game, |g| g.observation(0).tricks.len() == 6);
        let obs = game.observation(game.to_move());
        let posterior = Posterior::new(&obs).expect("inside the filter");
        let hands = posterior.hands().expect("the other seat has played");
        let total = hands.last().expect("a hand").1;
        let belief = Belief::filtered(&obs);
        let mut rng = Rng::new(5);
        let draws = 20_000;
        let mut seen = std::collections::HashMap::<CardSet, u32>::new();
        for _ in 0..draws {
            let (world, weight) = belief.sample_world(&obs, &mut rng);
            assert_eq!(weight, 1.0);
            assert_eq!(world.observation(obs.seat), obs);
            *seen.entry(world.hand(posterior.seat())).or_default() += 1;
        }
        for hand in seen.keys() {
            assert!(posterior.chance(*hand) > 0.0, "{hand:?} drawn, chance 0");
        }
        // Pearson's chi-square over the hands expected at least 5 times, the rest pooled in one cell.
        let (mut chi_square, mut cells) = (0.0, 0.0);
        let (mut rest_expected, mut rest_got) = (0.0, 0.0);
        for &(hand, _) in &hands {
            let expected = posterior.chance(hand) / total * f64::from(draws);
            let got = f64::from(seen.get(&hand).copied().unwrap_or(0));
            if expected >= 5.0 {
                chi_square += (got - expected).powi(2) / expected;
                cells += 1.0;
            } else {
                rest_expected += expected;
                rest_got += got;
            }
        }
        chi_square += (rest_got - rest_expected).powi(2) / rest_expected;
        let freedom: f64 = cells;
        assert!(cells >= 100.0, "{cells} cells");
        assert!(
            chi_square < freedom + 6.0 * (2.0 * freedom).sqrt(),
            "chi-square {chi_square:.0} on {freedom} degrees of freedom"
        );
    }
}
