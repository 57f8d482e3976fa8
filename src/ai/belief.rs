//! [`Belief`]: how likely a sampled world is, given what the other players chose to play.
//!
//! Sampling ([`Observation::sample_world`]) already rules out worlds that contradict the observation
//! (known cards, known voids) and treats the rest as equally likely. A belief weighs them: each other
//! seat's recent plays are scored under a model of a sensible player — the sound heuristics' card
//! values ([`policy::card_values`]) turned into probabilities by a softmax, mixed with a little uniform
//! noise so that no play is ever impossible — using the hand that seat held, in that world, when it
//! played. A world's weight is the product of those probabilities: a world in which the opponent threw
//! away a three while holding a worthless card weighs little.
//!
//! A past hand is rebuilt from the world's current hand, the cards the seat played since, and at most
//! one unknown draw since the play (averaged over which card it was), so the evidence is the trick in
//! progress and the last trick or two ([`Belief::new`]). In two-player games of three-card hands
//! while the stock lasts, [`Belief::filtered`] uses every play instead: the exact chance of each hand
//! the other seat may hold ([`posterior`], the same play model), and worlds are drawn from it rather
//! than weighed (every world then counts alike, so none is wasted on a hand the plays make unlikely).
//! Deliberately absent: older plays in the recent-plays evidence (their hands are too uncertain to
//! rebuild one world at a time), plays made under a duty to follow suit, plays before a trump
//! exchange by that seat, open hands (nothing is hidden), the chiamata auction and the first-card
//! trump rule (bids and an unknown trump suit are not modelled), and dupla (two cards per trick).

mod posterior;

use posterior::Posterior;

use super::policy;
use super::senas::{self, SenaEvidence};
use super::situation::Situation;
use crate::{Card, CardSet, FollowRule, Game, Observation, Rng, Ruleset, Seat, Suit, TrumpRule};

/// Softmax temperature of the play model, in card points. With the noise below, chosen by arena runs
/// (docs/ai.md): sharper models gained as much against Medium but lost a little against Hard.
const TEMPERATURE: f32 = 6.0;
/// Share of the play model that is uniform noise.
const NOISE: f32 = 0.2;
/// Plays used per other seat, most recent first.
const PLAYS_PER_SEAT: usize = 2;

/// One play by another seat, with what that seat could see when it made it.
#[derive(Clone, Debug)]
struct Evidence {
    seat: Seat,
    card: Card,
    /// Cards the seat played after this one: they were in its hand then.
    later: CardSet,
    /// Whether the seat drew one card (unknown) between this play and now.
    drew: bool,
    /// The table before the play.
    trick: Vec<(Seat, Card)>,
    /// Cards the seat had seen leave play before it played (earlier tricks, the table, the face-up
    /// trump while it lay under the stock).
    gone: CardSet,
}

/// The other seat's possible hands, to draw a world's from ([`Belief::filtered`]).
#[derive(Clone, Debug)]
struct Drawn {
    seat: Seat,
    /// Each hand with the running total of the chances up to it.
    hands: Vec<(CardSet, f64)>,
}

/// What a decision knows about the hidden hands beyond the observation: the evidence it weighs its
/// sampled worlds with, or the chances of the other hand it draws them from.
#[derive(Clone, Debug)]
pub(crate) struct Belief {
    rules: Ruleset,
    trump: Option<Suit>,
    evidence: Vec<Evidence>,
    /// Señas seen from other seats ([`senas`]), weighed in every world.
    senas: Vec<SenaEvidence>,
    /// Set by [`Belief::filtered`] where the filter applies (the evidence is left empty then).
    drawn: Option<Drawn>,
}

impl Belief {
    /// The chances of every hand the other seat may hold, from all its plays ([`Posterior`]), where
    /// the filter applies and the seat has played; elsewhere the recent plays' evidence
    /// ([`Belief::new`]).
    pub fn filtered(obs: &Observation) -> Belief {
        let Some(posterior) = Posterior::new(obs) else {
            return Belief::new(obs);
        };
        let Some(hands) = posterior.hands() else {
            return Belief::new(obs);
        };
        Belief {
            rules: obs.ruleset,
            trump: obs.trump,
            evidence: Vec::new(),
            senas: Vec::new(),
            drawn: Some(Drawn {
                seat: posterior.seat(),
                hands,
            }),
        }
    }

    /// The recent plays' evidence in an observation (none when the rules are outside the model).
    pub fn new(obs: &Observation) -> Belief {
        let rules = obs.ruleset;
        let mut belief = Belief {
            rules,
            trump: obs.trump,
            evidence: Vec::new(),
            senas: senas::evidence(obs),
            drawn: None,
        };
        let modelled = !rules.open_hands
            && rules.plays_per_trick == 1
            && !matches!(rules.trump, TrumpRule::Called | TrumpRule::FirstCardPlayed);
        if !modelled {
            return belief;
        }
        let tricks = plays_by_trick(obs);
        let players = usize::from(rules.players);
        let dealt = players * usize::from(rules.hand_size);
        let first_stock = rules.deck_cards().len().saturating_sub(dealt);
        // Cards in the stock when trick `i` began; each completed trick draws one card per player.
        let stock_at = |i: usize| first_stock.saturating_sub(i * players);
        let face_up: CardSet = obs.face_up_trump.into_iter().collect();
        for seat in (0..rules.players).filter(|&s| s != obs.seat) {
            let exchanged_at = obs
                .exchanges
                .iter()
                .filter(|e| e.seat == seat)
                .map(|e| usize::from(e.trick))
                .max();
            let mut later = CardSet::EMPTY;
            let mut draws = 0;
            let mut found = 0;
            for i in (0..tricks.len()).rev() {
                if i + 1 < tricks.len() && stock_at(i) > 0 {
                    draws += 1;
                }
                let duty = rules.follow != FollowRule::Free && stock_at(i) == 0;
                if draws > 1
                    || found == PLAYS_PER_SEAT
                    || duty
                    || exchanged_at.is_some_and(|t| t >= i)
                {
                    break;
                }
                let Some(pos) = tricks[i].iter().position(|&(s, _)| s == seat) else {
                    continue;
                };
                let card = tricks[i][pos].1;
                let trick = tricks[i][..pos].to_vec();
                let mut gone: CardSet = tricks[..i].iter().flatten().map(|&(_, c)| c).collect();
                gone |= trick.iter().map(|&(_, c)| c).collect();
                if stock_at(i) > 0 {
                    gone |= face_up;
                }
                belief.evidence.push(Evidence {
                    seat,
                    card,
                    later,
                    drew: draws == 1,
                    trick,
                    gone,
                });
                later.insert(card);
                found += 1;
            }
        }
        belief
    }

    /// Whether there is any evidence to weigh worlds with (without it every world weighs 1).
    #[cfg(test)]
    pub fn is_informative(&self) -> bool {
        !self.evidence.is_empty() || self.drawn.is_some()
    }

    /// A world consistent with `obs` (the observation this belief was made from) and its weight:
    /// [`Observation::sample_world`], with the other hand then drawn from its chances (weight 1) where
    /// they are known, or weighed by [`Belief::weight`].
    pub fn sample_world(&self, obs: &Observation, rng: &mut Rng) -> (Game, f64) {
        let mut world = obs.sample_world(rng);
        if let Some(Drawn { seat, hands }) = &self.drawn
            && let Some(&(_, total)) = hands.last()
        {
            let x = rng.unit() * total;
            let i = hands.partition_point(|&(_, t)| t <= x).min(hands.len() - 1);
            world.give_hand(*seat, hands[i].0);
            return (world, 1.0);
        }
        let weight = self.weight(&world);
        (world, weight)
    }

    /// The relative likelihood of a sampled world: the product over the evidence of the chance that a
    /// sensible player holding that world's cards made the play it made, and over the señas seen of
    /// whether that world's hands agree with them.
    pub fn weight(&self, world: &Game) -> f64 {
        let mut weight = senas::weight(&self.senas, self.trump, |s| world.hand(s));
        for e in &self.evidence {
            let pool = world.hand(e.seat) | e.later;
            let p = if e.drew {
                let n = pool.len().max(1) as f32;
                pool.iter()
                    .map(|drawn| {
                        self.play_chance(e, (pool - CardSet::from(drawn)) | CardSet::from(e.card))
                    })
                    .sum::<f32>()
                    / n
            } else {
                self.play_chance(e, pool | CardSet::from(e.card))
            };
            weight *= f64::from(p);
        }
        weight
    }

    /// The model's chance that the seat of `e`, holding `hand`, plays `e.card`.
    fn play_chance(&self, e: &Evidence, hand: CardSet) -> f32 {
        play_chance(
            self.rules, self.trump, e.seat, e.card, &e.trick, e.gone, hand,
        )
    }
}

/// Every trick of `obs` as its list of plays, the trick in progress last.
fn plays_by_trick(obs: &Observation) -> Vec<Vec<(Seat, Card)>> {
    let mut tricks: Vec<Vec<(Seat, Card)>> = obs
        .tricks
        .iter()
        .map(|t| t.plays.iter().map(|p| (p.seat, p.card)).collect())
        .collect();
    tricks.push(obs.current_trick.iter().map(|p| (p.seat, p.card)).collect());
    tricks
}

/// The play model's chance that `seat`, holding `hand` (with `card` in it), facing `trick` and having
/// seen `gone` leave play, plays `card`.
pub(super) fn play_chance(
    rules: Ruleset,
    trump: Option<Suit>,
    seat: Seat,
    card: Card,
    trick: &[(Seat, Card)],
    gone: CardSet,
    hand: CardSet,
) -> f32 {
    let s = Situation::hypothetical(rules, seat, hand, trump, trick, gone);
    let mut values = [0f32; 8];
    let mut n = 0;
    let mut played = None;
    policy::card_values(&s, |c, v| {
        if n < values.len() {
            if c == card {
                played = Some(n);
            }
            values[n] = v;
            n += 1;
        }
    });
    let Some(played) = played else { return NOISE };
    let top = values[..n].iter().copied().fold(f32::MIN, f32::max);
    let total: f32 = values[..n]
        .iter()
        .map(|v| ((v - top) / TEMPERATURE).exp())
        .sum();
    let chance = ((values[played] - top) / TEMPERATURE).exp() / total;
    (1.0 - NOISE) * chance + NOISE / n as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_deal::two_player;
    use crate::{Action, Deal, Preset, parse_cards};

    /// A two-player Briscola hand dealt from `top` (seat 1 gets the 1st, 3rd and 5th cards, seat 0
    /// the others, the 7th is turned up), after seat 1 has led its first card.
    fn after_lead(top: &str) -> Game {
        let mut game = two_player(top);
        let lead = parse_cards(top).expect("cards")[0];
        game.apply(Action::Play(lead)).expect("legal lead");
        game
    }

    #[test]
    fn leading_a_three_while_holding_worthless_cards_is_unlikely() {
        // Same view for seat 0: the three of cups led, its own hand, the seven of coins turned up.
        let careless = after_lead("3c 2d 4s Kd 5b 5s 7d");
        let forced = after_lead("3c 2d As Kd Ab 5s 7d");
        let obs = careless.observation(0);
        assert_eq!(obs, forced.observation(0));
        let belief = Belief::new(&obs);
        assert!(belief.is_informative());
        let (unlikely, likely) = (belief.weight(&careless), belief.weight(&forced));
        assert!(unlikely * 2.0 < likely, "{unlikely} vs {likely}");
    }

    #[test]
    fn open_hands_and_the_first_trick_lead_carry_no_evidence() {
        let rules = Ruleset::preset(Preset::Scoperta, 2).expect("preset");
        let mut game = Game::new(rules, 0, &Deal::Seed(3)).expect("deal");
        let card = game.legal_cards().first().expect("a card");
        game.apply(Action::Play(card)).expect("legal");
        assert!(!Belief::new(&game.observation(0)).is_informative());
        let fresh = after_lead("3c 2d 4s Kd 5b 5s 7d");
        assert!(!Belief::new(&fresh.observation(1)).is_informative());
    }
}
