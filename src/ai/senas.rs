//! Señas for the AI: which seña a level makes, and what a seña it saw says about a hand.
//!
//! **Making one.** Medium and Hard tell the truth, and only news: the seña their hand calls for (an
//! ace first, then a three, then trumps, else nothing), when it differs from the last one they made
//! in the hand. Easy is sloppy: it signals at random turns, repeats itself, and one time in four
//! makes a seña its hand does not call for.
//!
//! **Reading one.** A seña says what the hand held when it was made. Cards played since were in that
//! hand, and every draw since may have added one card, so a sampled world is *consistent* with a
//! seña when the seat's world hand with its plays since holds the ace, three or trump the seña
//! claims — or, for "nothing", at most as many aces, threes and trumps as it has drawn cards since.
//! Hard weighs an inconsistent world at [`INCONSISTENT`] (a seña may be a bluff or Easy's slip),
//! partners' señas and the opponents' it caught alike.
//!
//! Deliberately absent: modelling which of its own señas the opponents caught (Hard's playouts do
//! not let the other seats reason about señas at all), and señas in Medium's and Easy's card play.

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
