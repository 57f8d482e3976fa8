//! Training the playout network by imitating Hard's search (one step of expert iteration).
//!
//! [`label_hand`] plays a hand of one preset (two players, or four in two teams) in self-play and,
//! at every turn where Hard's playouts would use the network (the stock still above the point where
//! they turn exact), asks Hard's search for the value of every legal card (from the seat's
//! observation only: every card in a fixed number of worlds as Hard's `action_values` does, or
//! racing the cards as Hard's root does — the [`Teacher`]) and turns the values into a target
//! distribution (a softmax of the mean utilities, [`TARGET_TEMPERATURE`] utility points). The hand
//! goes on with a card drawn from that distribution, so the positions are the ones good play
//! reaches. [`Trainer`] fits a network to those targets (cross-entropy over the legal cards, Adam).
//! Everything is a pure function of its seed: the `briscola-lab train` command runs it on threads
//! and keeps checkpoints on disk. Deliberately absent: reinforcement learning (policy gradients), a
//! value head, hands without a network view (three players, six, chiamata).

use briscola::ai::net::{Activations, Input, Mlp, OUTPUTS, View, teacher_means};
use briscola::ai::{HardSearch, special_action};
use briscola::{Action, Card, Deal, Game, Phase, Rng, Ruleset};

/// Softmax temperature of the targets, in utility points (120 a step of the outcome, then card
/// points): cards within a few points of the best keep real probability, clear losers almost none.
pub const TARGET_TEMPERATURE: f64 = 5.0;

/// One position and what the teacher made of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The seat's view as network input.
    pub input: Input,
    /// Target probability of each legal card, as the network names cards (summing to 1).
    pub target: Vec<(Card, f32)>,
}

/// The teacher: Hard's search from the seat's observation.
#[derive(Clone, Copy)]
pub struct Teacher<'a> {
    /// Worlds sampled a decision (with `race`, the race's budget: from half of them to eight times).
    pub worlds: u32,
    /// The cards race over the worlds as Hard's do: a card clearly behind stops being
    /// played out and keeps its gap, a close choice gets more worlds. Without it, every card is
    /// played out in exactly `worlds` worlds.
    pub race: bool,
    /// The network that plays the playouts, or the heuristics when `None`.
    pub playout_net: Option<&'a Mlp>,
}

/// Plays one seeded hand of `rules` (two players, or four in teams) in self-play with the
/// `teacher`'s search and returns a sample for every turn at which the network would play in a
/// playout.
pub fn label_hand(rules: &Ruleset, seed: u64, teacher: Teacher) -> Vec<Sample> {
    let mut samples = Vec::new();
    let Ok(mut game) = Game::new(
        *rules,
        (seed % u64::from(rules.players.max(1))) as u8,
        &Deal::Seed(Rng::derive_seed(seed, 1)),
    ) else {
        return samples;
    };
    let mut rng = Rng::new(Rng::derive_seed(seed, 2));
    let exact_stock = usize::from(HardSearch::HARD.exact_stock);
    while game.phase() == Phase::Playing && game.stock_len() > exact_stock {
        let obs = game.observation(game.to_move());
        let action = match special_action(&obs) {
            Some(action) => action,
            None => {
                let cards: Vec<Card> = game.legal_cards().iter().collect();
                let means = teacher_means(
                    &obs,
                    &cards,
                    &mut rng,
                    teacher.worlds,
                    teacher.race,
                    teacher.playout_net,
                );
                let target = soft_target(&cards, &means);
                let Some(card) = draw(&target, rng.unit()) else {
                    break;
                };
                let view = View::from_observation(&obs);
                samples.push(Sample {
                    input: view.input(),
                    target: target.iter().map(|&(c, p)| (view.to_net(c), p)).collect(),
                });
                Action::Play(card)
            }
        };
        if game.apply(action).is_err() {
            break;
        }
    }
    samples
}

/// The softmax of the cards' mean values (`means`, in the order of `cards`).
fn soft_target(cards: &[Card], means: &[f64]) -> Vec<(Card, f32)> {
    let top = means.iter().copied().fold(f64::MIN, f64::max);
    let exps: Vec<f64> = means
        .iter()
        .map(|m| ((m - top) / TARGET_TEMPERATURE).exp())
        .collect();
    let sum: f64 = exps.iter().sum();
    cards
        .iter()
        .zip(exps)
        .map(|(&c, e)| (c, (e / sum) as f32))
        .collect()
}

/// The card at cumulative probability `u` (0 ≤ u < 1); the last card when rounding leaves `u` past
/// the total, `None` only for an empty target.
fn draw(target: &[(Card, f32)], u: f64) -> Option<Card> {
    let mut acc = 0.0;
    for &(card, p) in target {
        acc += f64::from(p);
        if u < acc {
            return Some(card);
        }
    }
    target.last().map(|t| t.0)
}

impl Sample {
    /// Appends the sample's bytes: active count, active indices, 4 scalars (f32 LE), card count, then
    /// (card index, probability f32 LE) pairs.
    pub fn write(&self, out: &mut Vec<u8>) {
        let active = self.input.active();
        out.push(active.len() as u8);
        out.extend_from_slice(active);
        for x in self.input.scalars() {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out.push(self.target.len() as u8);
        for &(card, p) in &self.target {
            out.push(card.index() as u8);
            out.extend_from_slice(&p.to_le_bytes());
        }
    }

    /// Reads one sample written by [`Sample::write`] from the front of `bytes`, returning it and the
    /// bytes after it; `None` when the bytes are not a sample.
    pub fn read(bytes: &[u8]) -> Option<(Sample, &[u8])> {
        let (&n, rest) = bytes.split_first()?;
        let (active, rest) = rest.split_at_checked(usize::from(n))?;
        let (scalar_bytes, rest) = rest.split_at_checked(16)?;
        let mut scalars = [0.0f32; 4];
        for (x, b) in scalars.iter_mut().zip(scalar_bytes.chunks_exact(4)) {
            *x = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        }
        let input = Input::from_parts(active, scalars)?;
        let (&k, mut rest) = rest.split_first()?;
        let mut target = Vec::with_capacity(usize::from(k));
        for _ in 0..k {
            let (pair, after) = rest.split_at_checked(5)?;
            let card = Card::from_index(usize::from(pair[0]))?;
            let p = f32::from_le_bytes([pair[1], pair[2], pair[3], pair[4]]);
            if !p.is_finite() {
                return None;
            }
            target.push((card, p));
            rest = after;
        }
        Some((Sample { input, target }, rest))
    }
}

/// A network being trained, with Adam's moment estimates.
#[derive(Clone, Debug, PartialEq)]
pub struct Trainer {
    /// The network.
    pub net: Mlp,
    /// First and second moments, per layer: weights then biases.
    moments: [[Vec<f32>; 6]; 2],
    steps: u64,
}

/// Gradients of one batch, shaped like the network.
struct Gradients {
    weights: [Vec<f32>; 3],
    biases: [Vec<f32>; 3],
}

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;
/// Weight decay (decoupled, AdamW-style), per step relative to the learning rate.
const DECAY: f32 = 1e-5;

impl Trainer {
    /// Starts training `net`.
    pub fn new(net: Mlp) -> Trainer {
        let shapes = shapes(&net);
        let zeros = || shapes.map(|n| vec![0.0f32; n]);
        Trainer {
            net,
            moments: [zeros(), zeros()],
            steps: 0,
        }
    }

    /// One Adam step on a batch; returns the batch's mean cross-entropy.
    pub fn step(&mut self, batch: &[&Sample], rate: f32) -> f32 {
        let mut grads = Gradients {
            weights: [0, 1, 2].map(|l| vec![0.0; self.net.layer(l).0.len()]),
            biases: [0, 1, 2].map(|l| vec![0.0; self.net.layer(l).1.len()]),
        };
        let mut act = Activations::default();
        let mut loss = 0.0;
        for sample in batch {
            loss += self.backward(sample, &mut act, &mut grads);
        }
        let scale = 1.0 / batch.len().max(1) as f32;
        self.steps += 1;
        let t = self.steps as i32;
        let correct1 = 1.0 - BETA1.powi(t);
        let correct2 = 1.0 - BETA2.powi(t);
        let [m, v] = &mut self.moments;
        let params = self.net.params_mut();
        let gradients = grads.weights.iter().chain(grads.biases.iter());
        for (((p, g), m), v) in params
            .into_iter()
            .zip(gradients)
            .zip(m.iter_mut())
            .zip(v.iter_mut())
        {
            for i in 0..p.len() {
                let g = g[i] * scale;
                m[i] = BETA1 * m[i] + (1.0 - BETA1) * g;
                v[i] = BETA2 * v[i] + (1.0 - BETA2) * g * g;
                let update = (m[i] / correct1) / ((v[i] / correct2).sqrt() + EPSILON);
                p[i] -= rate * (update + DECAY * p[i]);
            }
        }
        loss * scale
    }

    /// Adds one sample's gradients; returns its cross-entropy.
    fn backward(&self, sample: &Sample, act: &mut Activations, grads: &mut Gradients) -> f32 {
        let net = &self.net;
        net.forward(&sample.input, act);
        let (probs, loss) = softmax_loss(&act.logits, &sample.target);
        let [h1n, h2n] = net.hidden_sizes();
        let (w1, w2) = (net.layer(1).0, net.layer(2).0);
        // Output layer: only the legal cards' logits have a gradient.
        let mut d2 = vec![0.0f32; h2n];
        for (&(card, _), &d) in sample.target.iter().zip(&probs) {
            let c = card.index();
            grads.biases[2][c] += d;
            for (j, (d2j, h)) in d2.iter_mut().zip(&act.h2).enumerate() {
                grads.weights[2][j * OUTPUTS + c] += h * d;
                *d2j += w2[j * OUTPUTS + c] * d;
            }
        }
        for (d2j, &h) in d2.iter_mut().zip(&act.h2) {
            if h <= 0.0 {
                *d2j = 0.0;
            }
        }
        // Second hidden layer.
        let mut d1 = vec![0.0f32; h1n];
        for (b, d) in grads.biases[1].iter_mut().zip(&d2) {
            *b += d;
        }
        for (i, (d1i, &x)) in d1.iter_mut().zip(&act.h1).enumerate() {
            let row = i * h2n..(i + 1) * h2n;
            if x > 0.0 {
                for (g, d) in grads.weights[1][row.clone()].iter_mut().zip(&d2) {
                    *g += x * d;
                }
                *d1i = w1[row].iter().zip(&d2).map(|(w, d)| w * d).sum();
            }
        }
        // First layer: the rows of the inputs that were on.
        for (b, d) in grads.biases[0].iter_mut().zip(&d1) {
            *b += d;
        }
        let mut add = |i: usize, x: f32| {
            for (g, d) in grads.weights[0][i * h1n..(i + 1) * h1n].iter_mut().zip(&d1) {
                *g += x * d;
            }
        };
        for &i in sample.input.active() {
            add(usize::from(i), 1.0);
        }
        for (j, &x) in sample.input.scalars().iter().enumerate() {
            if x != 0.0 {
                add(Input::scalar_index(j), x);
            }
        }
        loss
    }

    /// The trainer's state as bytes (network, moments, steps), for a checkpoint.
    pub fn to_bytes(&self) -> Vec<u8> {
        let net = self.net.to_bytes();
        let mut bytes = (net.len() as u64).to_le_bytes().to_vec();
        bytes.extend_from_slice(&net);
        bytes.extend_from_slice(&self.steps.to_le_bytes());
        for x in self.moments.iter().flatten().flatten() {
            bytes.extend_from_slice(&x.to_le_bytes());
        }
        bytes
    }

    /// A trainer from [`Trainer::to_bytes`]; `None` when the bytes are not one.
    pub fn from_bytes(bytes: &[u8]) -> Option<Trainer> {
        let (len, rest) = bytes.split_at_checked(8)?;
        let len = usize::try_from(u64::from_le_bytes(len.try_into().ok()?)).ok()?;
        let (net, rest) = rest.split_at_checked(len)?;
        let net = Mlp::from_bytes(net).ok()?;
        let (steps, rest) = rest.split_at_checked(8)?;
        let steps = u64::from_le_bytes(steps.try_into().ok()?);
        let shapes = shapes(&net);
        let total: usize = shapes.iter().sum::<usize>() * 2;
        if rest.len() != total * 4 {
            return None;
        }
        let mut floats = rest
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        let mut take = || shapes.map(|n| floats.by_ref().take(n).collect::<Vec<f32>>());
        let moments = [take(), take()];
        Some(Trainer {
            net,
            moments,
            steps,
        })
    }
}

/// Parameter counts per layer: weights then biases.
fn shapes(net: &Mlp) -> [usize; 6] {
    let w = |l: usize| net.layer(l).0.len();
    let b = |l: usize| net.layer(l).1.len();
    [w(0), w(1), w(2), b(0), b(1), b(2)]
}

/// The softmax over the target's cards and `p − target` for each, with the cross-entropy.
fn softmax_loss(logits: &[f32], target: &[(Card, f32)]) -> (Vec<f32>, f32) {
    let top = target
        .iter()
        .map(|(c, _)| logits[c.index()])
        .fold(f32::MIN, f32::max);
    let exps: Vec<f32> = target
        .iter()
        .map(|(c, _)| (logits[c.index()] - top).exp())
        .collect();
    let sum: f32 = exps.iter().sum();
    let mut loss = 0.0;
    let deltas = target
        .iter()
        .zip(&exps)
        .map(|(&(_, t), &e)| {
            let p = e / sum;
            loss -= t * p.max(1e-12).ln();
            p - t
        })
        .collect();
    (deltas, loss)
}

/// How well a network agrees with held-out samples.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// Mean cross-entropy.
    pub loss: f32,
    /// Share of samples whose top card is the network's top card.
    pub agreement: f32,
}

/// The network's fit to `samples`.
pub fn fit(net: &Mlp, samples: &[Sample]) -> Fit {
    let mut act = Activations::default();
    let (mut loss, mut agree) = (0.0, 0usize);
    for s in samples {
        net.forward(&s.input, &mut act);
        loss += softmax_loss(&act.logits, &s.target).1;
        let legal = s.target.iter().map(|t| t.0).collect();
        let best = s
            .target
            .iter()
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|t| t.0);
        if net.best_in(&s.input, legal, &mut act) == best {
            agree += 1;
        }
    }
    let n = samples.len().max(1) as f32;
    Fit {
        loss: loss / n,
        agreement: agree as f32 / n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use briscola::Preset;

    fn rules(preset: Preset) -> Ruleset {
        Ruleset::preset(preset, 2).expect("two-player preset")
    }

    /// Card choices labelled in a hand of `players`: every seat's in each trick before the stock is
    /// down to two cards (two players: 16 tricks; four: 7, from a stock of 28 down to 4).
    fn labelled(players: u8) -> usize {
        match players {
            2 => 32,
            4 => 28,
            _ => 0,
        }
    }

    /// The heuristics' search over four worlds: a cheap teacher for tests.
    const FIXED: Teacher = Teacher {
        worlds: 4,
        race: false,
        playout_net: None,
    };

    /// Every preset with a network labels whole hands: every seat's card choices in each trick
    /// before the stock is down to two cards ([`labelled`]; Brisca's trump exchange, taken by the
    /// shared rule, is not a sample and does not cut a hand short; each of these Brisca hands has one).
    #[test]
    fn every_trained_preset_labels_whole_hands() {
        for ((preset, players), seed) in
            briscola::ai::net::trained_presets().flat_map(|p| (0..3).map(move |s| (p, s)))
        {
            let rules = Ruleset::preset(preset, players).expect("preset");
            let samples = label_hand(&rules, seed, FIXED);
            assert_eq!(
                samples.len(),
                labelled(players),
                "{preset:?} {players}, seed {seed}"
            );
            for s in &samples {
                let total: f32 = s.target.iter().map(|t| t.1).sum();
                assert!((total - 1.0).abs() < 1e-4);
            }
        }
    }

    /// The racing teacher labels whole hands too, and its targets differ from the fixed teacher's
    /// (another search, not the same one under another name).
    #[test]
    fn the_racing_teacher_labels_whole_hands_with_its_own_targets() {
        let net = briscola::ai::net::for_rules(&rules(Preset::Briscola));
        let racing = Teacher {
            worlds: 8,
            race: true,
            playout_net: net,
        };
        let fixed = Teacher {
            race: false,
            ..racing
        };
        let raced = label_hand(&rules(Preset::Briscola), 5, racing);
        assert_eq!(raced.len(), 32);
        for s in &raced {
            let total: f32 = s.target.iter().map(|t| t.1).sum();
            assert!((total - 1.0).abs() < 1e-4);
        }
        assert_ne!(raced, label_hand(&rules(Preset::Briscola), 5, fixed));
    }

    #[test]
    fn samples_round_trip_through_bytes_and_garbage_is_refused() {
        let samples = label_hand(&rules(Preset::Briscola), 3, FIXED);
        assert!(samples.len() >= 20, "{} samples", samples.len());
        let mut bytes = Vec::new();
        for s in &samples {
            s.write(&mut bytes);
        }
        let mut rest = &bytes[..];
        let mut back = Vec::new();
        while let Some((s, after)) = Sample::read(rest) {
            back.push(s);
            rest = after;
        }
        assert!(rest.is_empty());
        assert_eq!(back, samples);
        assert_eq!(Sample::read(&[3, 250, 0, 0]), None);
        for s in &samples {
            let total: f32 = s.target.iter().map(|t| t.1).sum();
            assert!((total - 1.0).abs() < 1e-4);
        }
    }

    /// The trainer learns: on a small set its loss falls well below where it started, and its state
    /// survives a checkpoint.
    #[test]
    fn training_lowers_the_loss_and_checkpoints_round_trip() {
        let samples: Vec<Sample> = (0..6)
            .flat_map(|h| label_hand(&rules(Preset::Briscola), h, FIXED))
            .collect();
        let mut trainer = Trainer::new(Mlp::new([32, 32], 1));
        let before = fit(&trainer.net, &samples).loss;
        let batch: Vec<&Sample> = samples.iter().collect();
        for _ in 0..300 {
            trainer.step(&batch, 0.003);
        }
        let after = fit(&trainer.net, &samples);
        assert!(after.loss < before * 0.6, "loss {before} → {}", after.loss);
        assert!(after.agreement > 0.8, "agreement {}", after.agreement);
        let restored = Trainer::from_bytes(&trainer.to_bytes());
        assert_eq!(restored.as_ref(), Some(&trainer));
        assert_eq!(Trainer::from_bytes(&[1, 2, 3]), None);
    }
}
