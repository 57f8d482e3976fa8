//! Señas for the AI: which seña a level makes, and what a seña it saw says about a hand.
//!
//! **Making one.** Medium and Hard tell the truth, and only news: the seña their hand calls for (an
//! ace first, then a three, then trumps, else nothing), when it differs from the last one they made
//! in the hand. Hard is aware that the opponents may catch it: it signals only where its partners
//! outnumber the opponents expected to catch the seña ([`worth_the_catch`]). Easy is sloppy: it
//! signals at random turns, repeats itself, and one time in four makes a seña its hand does not call
//! for.
//!
//! **Reading one.** A seña says what the hand held when it was made. Cards played since were in that
//! hand, and every draw since may have added one card, so a sampled world is *consistent* with a
//! seña when the seat's world hand with its plays since holds the ace, three or trump the seña
//! claims — or, for "nothing", at most as many aces, threes and trumps as it has drawn cards since.
//! Hard weighs an inconsistent world at [`INCONSISTENT`] (a seña may be a bluff or Easy's slip),
//! partners' señas and the opponents' it caught alike.
//!
//! **Playing on one.** A seat whose partner signalled trumps and plays last in the trick
//! ([`backed`]) loads a trick it cannot take with a plain card (see `policy`); Medium checks that a
//! trump is still unaccounted for, Easy takes the seña at its word.
//!
//! Deliberately absent: simulated players reading señas inside Hard's playouts (Hard reads them in
//! its belief, and its own search plays the loads it finds worth it), and any guess at which of its
//! own señas the opponents caught beyond the chance the rules give.

use super::{Decision, HintReason, Level};
use crate::{Action, Card, CardSet, Observation, Rank, Rng, Seat, Sena, Suit};

/// The weight of a world that contradicts a seña the seat saw.
const INCONSISTENT: f64 = 0.15;

/// The seña `level` makes now, if any (only while señas may be made).
pub(crate) fn decide(level: Level, obs: &Observation, rng: &mut Rng) -> Option<Decision> {
    if obs.legal_senas.is_empty() {
        return None;
    }
    let truth = truthful(obs.hand, obs.trump);
    let sena = match level {
        Level::Easy => {
            if rng.below(2) == 0 {
                return None;
            }
            if rng.below(4) == 0 {
                obs.legal_senas[rng.below(obs.legal_senas.len())]
            } else {
                truth
            }
        }
        Level::Hard if !worth_the_catch(obs) => return None,
        Level::Medium | Level::Hard => {
            let last = obs
                .signals
                .iter()
                .rev()
                .find(|v| v.seat == obs.seat)
                .map(|v| v.sena);
            if last == Some(truth) {
                return None;
            }
            truth
        }
    };
    obs.legal_senas.contains(&sena).then_some(Decision {
        action: Action::Signal(sena),
        hint: HintReason::Sena { sena },
    })
}

/// Whether a seña tells more partners than opponents, in expectation: every partner sees it, each
/// opponent catches it with the ruleset's interception chance (whether one did, the signaller never
/// learns). Hard stays silent where it does not: in four players at an interception chance of 50%
/// or more (one partner against two opponents catching it one time in two each); six players
/// need two chances in three.
fn worth_the_catch(obs: &Observation) -> bool {
    let rules = obs.ruleset;
    let Some(team) = rules.fixed_team(obs.seat) else {
        return false;
    };
    let partners = (0..rules.players)
        .filter(|&s| s != obs.seat && rules.fixed_team(s) == Some(team))
        .count();
    let opponents = usize::from(rules.players) - partners - 1;
    partners * 100 > opponents * usize::from(rules.interception)
}

/// The seña a hand calls for: an ace, else a three, else a trump, else nothing.
pub(crate) fn truthful(hand: CardSet, trump: Option<Suit>) -> Sena {
    let has = |rank: Rank| !(hand & CardSet::rank(rank)).is_empty();
    if has(Rank::Ace) {
        Sena::Ace
    } else if has(Rank::Three) {
        Sena::Three
    } else if trump.is_some_and(|t| !(hand & CardSet::suit(t)).is_empty()) {
        Sena::Trumps
    } else {
        Sena::Nothing
    }
}

/// Whether the seat to move in `obs` is *backed*: the last seat to play in this trick is a partner
/// whose latest seña this seat saw is "trumps", and nothing on the table is a trump yet — a trick
/// the partner may take at the end. With `memory` (Medium) it also checks that a trump is still
/// unaccounted for (the partner cannot hold one once all of them have been seen); without it
/// (Easy) the seña is taken at its word.
pub(crate) fn backed(obs: &Observation, memory: bool) -> bool {
    let rules = obs.ruleset;
    let (Some(trump), Some(first)) = (obs.trump, obs.current_trick.first()) else {
        return false;
    };
    let players = rules.players;
    let size = players.saturating_mul(rules.plays_per_trick);
    if players == 0 || obs.current_trick.len() + 1 >= usize::from(size) {
        return false;
    }
    let last = (first.seat + size - 1) % players;
    let partner = last != obs.seat
        && rules
            .fixed_team(last)
            .is_some_and(|team| rules.fixed_team(obs.seat) == Some(team));
    let claims_trumps = obs
        .signals
        .iter()
        .rev()
        .find(|v| v.seat == last)
        .is_some_and(|v| v.sena == Sena::Trumps);
    let table_trumped = obs.current_trick.iter().any(|p| p.card.suit() == trump);
    let trump_out = !memory || !(obs.unseen_cards() & CardSet::suit(trump)).is_empty();
    partner && claims_trumps && !table_trumped && trump_out
}

/// What one seen seña of another seat claims, with what happened to that seat's hand since.
#[derive(Clone, Debug)]
pub(crate) struct SenaEvidence {
    seat: Seat,
    sena: Sena,
    /// Cards the seat played after the seña.
    played_since: CardSet,
    /// Cards it drew after the seña.
    draws_since: usize,
}

/// The señas of other seats `obs` saw, each seat's latest only.
pub(crate) fn evidence(obs: &Observation) -> Vec<SenaEvidence> {
    let rules = obs.ruleset;
    let trick_size = usize::from(rules.players) * usize::from(rules.plays_per_trick);
    let plays: Vec<(Seat, Card)> = obs
        .tricks
        .iter()
        .flat_map(|t| t.plays.iter())
        .chain(&obs.current_trick)
        .map(|p| (p.seat, p.card))
        .collect();
    let dealt = usize::from(rules.players) * usize::from(rules.hand_size);
    let rounds = rules.deck_cards().len().saturating_sub(dealt) / trick_size.max(1);
    let draws_by = |tricks: usize| tricks.min(rounds);
    let mut out: Vec<SenaEvidence> = Vec::new();
    for v in obs.signals.iter().rev() {
        if v.seat == obs.seat || out.iter().any(|e| e.seat == v.seat) {
            continue;
        }
        let at = usize::from(v.plays_before);
        out.push(SenaEvidence {
            seat: v.seat,
            sena: v.sena,
            played_since: plays
                .iter()
                .skip(at)
                .filter(|&&(s, _)| s == v.seat)
                .map(|&(_, c)| c)
                .collect(),
            draws_since: draws_by(obs.tricks.len()) - draws_by(at / trick_size.max(1)),
        });
    }
    out
}

/// The weight of a world whose hands are `hand_of`: 1, or [`INCONSISTENT`] for each seña it
/// contradicts.
pub(crate) fn weight(
    evidence: &[SenaEvidence],
    trump: Option<Suit>,
    hand_of: impl Fn(Seat) -> CardSet,
) -> f64 {
    evidence
        .iter()
        .filter(|e| !consistent(e, hand_of(e.seat) | e.played_since, trump))
        .fold(1.0, |w, _| w * INCONSISTENT)
}

/// Whether a hand (with the plays since) agrees with a seña.
fn consistent(e: &SenaEvidence, pool: CardSet, trump: Option<Suit>) -> bool {
    let aces = pool & CardSet::rank(Rank::Ace);
    let threes = pool & CardSet::rank(Rank::Three);
    let trumps = trump.map_or(CardSet::EMPTY, |t| pool & CardSet::suit(t));
    match e.sena {
        Sena::Ace => !aces.is_empty(),
        Sena::Three => !threes.is_empty(),
        Sena::Trumps => trump.is_none() || !trumps.is_empty(),
        Sena::Nothing => (aces | threes | trumps).len() <= e.draws_since,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Deal, Game, Preset, Ruleset};

    fn table() -> Ruleset {
        Ruleset {
            senas: true,
            ..Ruleset::preset(Preset::Brisca, 4).expect("preset")
        }
    }

    #[test]
    fn medium_and_hard_say_the_truth_once_and_easy_sometimes_lies() {
        let mut lies = 0;
        let mut made = 0;
        for seed in 0..200 {
            let game = Game::new(table(), 0, &Deal::Seed(seed)).expect("deal");
            let obs = game.observation(game.to_move());
            let truth = truthful(obs.hand, obs.trump);
            for level in [Level::Medium, Level::Hard] {
                let d = decide(level, &obs, &mut Rng::new(seed)).expect("news to tell");
                assert_eq!(d.action, Action::Signal(truth));
            }
            if let Some(d) = decide(Level::Easy, &obs, &mut Rng::new(seed)) {
                made += 1;
                lies += usize::from(d.action != Action::Signal(truth));
            }
            // Once told, the same seña is not news.
            let mut after = game.clone();
            after.apply(Action::Signal(truth)).expect("seña");
            let card = after.legal_cards().first().expect("card");
            after.apply(Action::Play(card)).expect("play");
            for _ in 1..4 {
                let c = after.legal_cards().first().expect("card");
                after.apply(Action::Play(c)).expect("play");
            }
            let again = after.observation(after.to_move());
            if again.seat == obs.seat && truthful(again.hand, again.trump) == truth {
                assert!(decide(Level::Medium, &again, &mut Rng::new(1)).is_none());
            }
        }
        assert!(
            (60..140).contains(&made),
            "Easy signalled {made} times in 200"
        );
        assert!(
            lies > 0 && lies < made / 2,
            "Easy lied {lies} times in {made}"
        );
    }

    /// Positions (the stock not empty) where the last to play is a partner whose seña seen was
    /// "trumps": Medium and Easy leave the trick to them, loading it with their best plain card.
    #[test]
    fn medium_and_easy_load_a_trick_for_a_partner_who_signalled_trumps() {
        let positions = crate::ai::test_deal::random_positions(&[table()], 120, 3);
        let mut checked = 0;
        for (game, obs) in &positions {
            let specials = obs
                .legal_actions
                .iter()
                .any(|a| !matches!(a, Action::Play(_)));
            if obs.phase != crate::Phase::Playing
                || obs.stock_len == 0
                || specials
                || !backed(obs, true)
            {
                continue;
            }
            let trump = obs.trump.expect("trump");
            let plain: Vec<Card> = obs
                .hand
                .iter()
                .filter(|c| c.suit() != trump && obs.allows(&Action::Play(*c)))
                .collect();
            let best_on_table =
                obs.current_trick
                    .iter()
                    .map(|p| p.card)
                    .fold(None, |b: Option<Card>, c| match b {
                        Some(b)
                            if !(c.suit() == b.suit()
                                && obs.ruleset.order.card_strength(c)
                                    > obs.ruleset.order.card_strength(b)) =>
                        {
                            Some(b)
                        }
                        _ => Some(c),
                    });
            let Some(best) = best_on_table else { continue };
            let plain_takes = plain.iter().any(|c| {
                c.suit() == best.suit()
                    && obs.ruleset.order.card_strength(*c) > obs.ruleset.order.card_strength(best)
            });
            if plain.is_empty() || plain_takes {
                continue;
            }
            let most = plain
                .iter()
                .map(|&c| obs.ruleset.order.card_points(c))
                .max()
                .expect("plain card");
            for level in [Level::Medium, Level::Easy] {
                let mut agent = crate::ai::agent(level, 5);
                let mut g = game.clone();
                let mut decision = agent.choose(obs);
                if let Action::Signal(_) = decision.action {
                    g.apply(decision.action).expect("seña");
                    decision = agent.choose(&g.observation(obs.seat));
                }
                let Action::Play(card) = decision.action else {
                    panic!("{level:?} chose {}", decision.action);
                };
                assert!(
                    card.suit() != trump && obs.ruleset.order.card_points(card) == most,
                    "{level:?} played {card} in {obs:?}"
                );
                assert!(matches!(
                    decision.hint,
                    HintReason::LoadForPartner { card: c, .. } if c == card
                ));
            }
            checked += 1;
        }
        assert!(checked >= 20, "only {checked} positions checked");
    }

    #[test]
    fn hard_keeps_quiet_where_the_opponents_would_catch_more_than_its_partners_see() {
        let at = |players: u8, interception: u8| Ruleset {
            senas: true,
            interception,
            ..Ruleset::preset(Preset::Brisca, players).expect("preset")
        };
        for (rules, speaks) in [
            (at(4, 25), true),
            (at(4, 50), false),
            (at(6, 50), true),
            (at(6, 100), false),
        ] {
            let game = Game::new(rules, 0, &Deal::Seed(9)).expect("deal");
            let obs = game.observation(game.to_move());
            let hard = decide(Level::Hard, &obs, &mut Rng::new(1));
            assert_eq!(
                hard.is_some(),
                speaks,
                "{} players at {}%",
                rules.players,
                rules.interception
            );
            // Medium does not weigh the catch.
            assert!(decide(Level::Medium, &obs, &mut Rng::new(1)).is_some());
        }
    }

    #[test]
    fn a_world_that_contradicts_a_partners_sena_weighs_less() {
        let rules = table();
        let mut contradicted = 0;
        for seed in 0..40 {
            let mut game = Game::new(rules, 0, &Deal::Seed(seed)).expect("deal");
            let signaller = game.to_move();
            let truth = truthful(game.hand(signaller), game.trump());
            game.apply(Action::Signal(truth)).expect("seña");
            for _ in 0..2 {
                let card = game.legal_cards().first().expect("card");
                game.apply(Action::Play(card)).expect("play");
            }
            let partner = game.to_move();
            assert_eq!(rules.fixed_team(partner), rules.fixed_team(signaller));
            let obs = game.observation(partner);
            let evidence = evidence(&obs);
            assert_eq!(evidence.len(), 1);
            // The true hands agree with a true seña.
            assert_eq!(weight(&evidence, obs.trump, |s| game.hand(s)), 1.0);
            // A hand without the cards claimed (none of them played since) does not.
            let claimed = match truth {
                Sena::Ace => CardSet::rank(Rank::Ace),
                Sena::Three => CardSet::rank(Rank::Three),
                Sena::Trumps => CardSet::suit(obs.trump.expect("trump")),
                Sena::Nothing => continue,
            };
            if !(evidence[0].played_since & claimed).is_empty() {
                continue;
            }
            let stripped = |s: Seat| game.hand(s) - claimed;
            assert_eq!(weight(&evidence, obs.trump, stripped), INCONSISTENT);
            contradicted += 1;
        }
        assert!(contradicted > 10, "only {contradicted} deals checked");
    }
}
