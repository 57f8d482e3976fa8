//! [`Mlp`]: a multilayer perceptron with two hidden ReLU layers and one output per card, its forward
//! pass over a sparse [`Input`], and its weights as bytes.
//!
//! Every layer adds the weight rows of its non-zero inputs (the first layer's inputs that are on and
//! its scalars, a hidden layer's units that passed the ReLU) instead of multiplying a mostly-zero
//! vector: the non-zero inputs are listed first without branching on each one, then the sums are
//! kept in registers [`TILE`] outputs at a time while the rows stream past. Each output still adds its
//! rows in input order, so the logits are bit for bit those of the plain loop (a test).
//!
//! The hidden layers are compiled twice: for the x86-64 baseline (SSE2) and for the widest vectors
//! the processor offers, chosen once at run time ([`pulp::Arch`]; AVX2 on most x86-64 machines, NEON
//! on ARM). Only separate multiplies and adds are used — never a fused multiply-add, which would
//! round differently — so every machine computes the same logits and makes the same decisions. A
//! tile is as wide as four AVX2 registers, so each output's chain of adds (four cycles each) has
//! others to overlap with.
//!
//! The byte format is little-endian: the magic `BRNET1`, the four layer sizes as `u32`, then each
//! layer's weights (row per input) and biases as `f32`. The tiles are written with `pulp`'s vector
//! types, not left to the compiler's vectorizer: the vectorizer runs in the whole-program pass of a
//! release build at the final crate's optimization level, and the app's crate is optimized for size.
//! Deliberately absent: batching (one position at a time is what a playout needs).

use std::sync::OnceLock;

use super::features::{INPUTS, Input};
use crate::{Card, CardSet, Rng};

/// Outputs: one logit per card index.
pub const OUTPUTS: usize = Card::COUNT;
const MAGIC: &[u8; 6] = b"BRNET1";

/// A policy network: input → hidden → hidden → one logit per card.
#[derive(Clone, Debug, PartialEq)]
pub struct Mlp {
    hidden: [usize; 2],
    /// Per layer: weights, `inputs × outputs`, row per input.
    weights: [Vec<f32>; 3],
    /// Per layer: biases.
    biases: [Vec<f32>; 3],
}

/// Why bytes are not a network.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// The bytes do not start with `BRNET1`.
    #[error("not a Briscola network (no BRNET1 header)")]
    NotANetwork,
    /// The layer sizes are not this build's input and output sizes, or a hidden size is 0 or huge.
    #[error("layer sizes {0:?} do not fit this build ({INPUTS} inputs, {OUTPUTS} outputs)")]
    Sizes([u32; 4]),
    /// The bytes stop early or run on.
    #[error("{found} bytes of weights, {expected} expected")]
    Length {
        /// Bytes given.
        found: usize,
        /// Bytes the sizes call for.
        expected: usize,
    },
}

/// Activations of one forward pass, kept for the backward pass (and reused as room between passes).
#[derive(Clone, Debug, Default)]
pub struct Activations {
    /// The first hidden layer after ReLU.
    pub h1: Vec<f32>,
    /// The second hidden layer after ReLU.
    pub h2: Vec<f32>,
    /// One logit per card index.
    pub logits: Vec<f32>,
    /// Room for a layer's non-zero inputs: (row, value).
    rows: Vec<(u32, f32)>,
}

/// Outputs summed in registers at a time: 32 `f32`, four AVX2 registers (eight SSE ones).
const TILE: usize = 32;
/// Legal cards whose logits are summed side by side (a hand holds at most three in most rulesets).
const LOGITS_AT_ONCE: usize = 4;

impl Mlp {
    /// A network with random weights (He-uniform), for training.
    pub fn new(hidden: [usize; 2], seed: u64) -> Mlp {
        let mut rng = Rng::new(seed);
        let sizes = [INPUTS, hidden[0], hidden[1], OUTPUTS];
        let weights = [0, 1, 2].map(|l| {
            // Sparse binary inputs: scale the first layer as if ~24 of them were on.
            let fan_in = if l == 0 { 24 } else { sizes[l] };
            let bound = (6.0 / fan_in as f64).sqrt();
            (0..sizes[l] * sizes[l + 1])
                .map(|_| ((rng.unit() * 2.0 - 1.0) * bound) as f32)
                .collect()
        });
        let biases = [0, 1, 2].map(|l| vec![0.0; sizes[l + 1]]);
        Mlp {
            hidden,
            weights,
            biases,
        }
    }

    /// Layer sizes: inputs, hidden, hidden, outputs.
    fn sizes(&self) -> [usize; 4] {
        [INPUTS, self.hidden[0], self.hidden[1], OUTPUTS]
    }

    /// The sizes of the two hidden layers.
    pub fn hidden_sizes(&self) -> [usize; 2] {
        self.hidden
    }

    /// Layer `l`'s weights (`inputs × outputs`, row per input) and biases; `l` is 0, 1 or 2.
    pub fn layer(&self, l: usize) -> (&[f32], &[f32]) {
        (&self.weights[l], &self.biases[l])
    }

    /// Every parameter, for a training step: the three layers' weights, then their biases (their
    /// sizes cannot change).
    pub fn params_mut(&mut self) -> [&mut [f32]; 6] {
        let [w0, w1, w2] = &mut self.weights;
        let [b0, b1, b2] = &mut self.biases;
        [w0, w1, w2, b0, b1, b2]
    }

    /// The legal card with the highest logit (`None` when `legal` is empty).
    pub fn best(&self, input: &Input, legal: CardSet) -> Option<Card> {
        self.best_in(input, legal, &mut Activations::default())
    }

    /// [`Mlp::best`] reusing `act`'s room (a playout makes many passes). Only the legal cards'
    /// logits are computed (`act.logits` is left as it was), each exactly as [`Mlp::forward`] would.
    pub fn best_in(&self, input: &Input, legal: CardSet, act: &mut Activations) -> Option<Card> {
        self.hidden(input, act);
        let mut best: Option<(Card, f32)> = None;
        let mut cards = legal.iter();
        loop {
            // The next few legal cards, in index order, without allocating.
            let mut group = [None; LOGITS_AT_ONCE];
            for slot in &mut group {
                *slot = cards.next();
            }
            if group[0].is_none() {
                return best.map(|(card, _)| card);
            }
            let logits = self.logits_of(&group, &act.rows);
            for (&card, &logit) in group.iter().zip(&logits) {
                // Ties go to the lower index, the one seen first.
                if let Some(card) = card
                    && best.is_none_or(|(_, b)| logit.total_cmp(&b).is_gt())
                {
                    best = Some((card, logit));
                }
            }
        }
    }

    /// The forward pass: fills `act` (hidden layers after ReLU, and the logits).
    pub fn forward(&self, input: &Input, act: &mut Activations) {
        self.hidden(input, act);
        affine(
            pulp::Scalar,
            &act.rows,
            &self.weights[2],
            &self.biases[2],
            &mut act.logits,
        );
    }

    /// The hidden layers: fills `act.h1`, `act.h2` and leaves `act.rows` listing `h2`'s non-zero
    /// units — compiled for the processor's widest vectors (see the module docs).
    fn hidden(&self, input: &Input, act: &mut Activations) {
        static ARCH: OnceLock<pulp::Arch> = OnceLock::new();
        let arch = *ARCH.get_or_init(pulp::Arch::new);
        arch.dispatch(Hidden {
            net: self,
            input,
            act,
        });
    }

    /// [`Mlp::hidden`] for whatever instruction set it is inlined into.
    #[inline(always)]
    fn hidden_inline<S: pulp::Simd>(&self, simd: S, input: &Input, act: &mut Activations) {
        act.rows.clear();
        act.rows
            .extend(input.active().iter().map(|&i| (u32::from(i), 1.0)));
        let scalars = input.scalars().iter().enumerate();
        act.rows.extend(
            scalars
                .filter(|&(_, &x)| x != 0.0)
                .map(|(j, &x)| (Input::scalar_index(j) as u32, x)),
        );
        affine(
            simd,
            &act.rows,
            &self.weights[0],
            &self.biases[0],
            &mut act.h1,
        );
        relu(&mut act.h1);
        non_zero(&act.h1, &mut act.rows);
        affine(
            simd,
            &act.rows,
            &self.weights[1],
            &self.biases[1],
            &mut act.h2,
        );
        relu(&mut act.h2);
        non_zero(&act.h2, &mut act.rows);
    }

    /// The logits of up to [`LOGITS_AT_ONCE`] cards from the last hidden layer's non-zero units
    /// `rows`: each sums its rows in order from its bias, as [`affine`] does, in independent chains.
    fn logits_of(
        &self,
        cards: &[Option<Card>; LOGITS_AT_ONCE],
        rows: &[(u32, f32)],
    ) -> [f32; LOGITS_AT_ONCE] {
        // A missing card reads column 0 and its sum is never looked at.
        let column = cards.map(|c| c.map_or(0, Card::index));
        let mut acc = column.map(|j| self.biases[2][j]);
        for &(i, x) in rows {
            let row = &self.weights[2][i as usize * OUTPUTS..(i as usize + 1) * OUTPUTS];
            for (a, &j) in acc.iter_mut().zip(&column) {
                *a += x * row[j];
            }
        }
        acc
    }

    /// The weights as bytes (the format in the module docs).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        for size in self.sizes() {
            bytes.extend_from_slice(&(size as u32).to_le_bytes());
        }
        for l in 0..3 {
            for x in self.weights[l].iter().chain(&self.biases[l]) {
                bytes.extend_from_slice(&x.to_le_bytes());
            }
        }
        bytes
    }

    /// A network from bytes written by [`Mlp::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Mlp, WeightsError> {
        let rest = bytes.strip_prefix(MAGIC).ok_or(WeightsError::NotANetwork)?;
        let mut words = rest.chunks_exact(4).map(|w| [w[0], w[1], w[2], w[3]]);
        let mut sizes = [0u32; 4];
        for size in &mut sizes {
            *size = u32::from_le_bytes(words.next().ok_or(WeightsError::NotANetwork)?);
        }
        let hidden_ok = |h: u32| (1..=4096).contains(&h);
        if sizes[0] as usize != INPUTS
            || sizes[3] as usize != OUTPUTS
            || !hidden_ok(sizes[1])
            || !hidden_ok(sizes[2])
        {
            return Err(WeightsError::Sizes(sizes));
        }
        let s = sizes.map(|x| x as usize);
        let floats = (0..3).map(|l| s[l] * s[l + 1] + s[l + 1]).sum::<usize>();
        let expected = MAGIC.len() + 16 + floats * 4;
        if bytes.len() != expected {
            return Err(WeightsError::Length {
                found: bytes.len(),
                expected,
            });
        }
        let mut take =
            |n: usize| -> Vec<f32> { words.by_ref().take(n).map(f32::from_le_bytes).collect() };
        let mut weights: [Vec<f32>; 3] = Default::default();
        let mut biases: [Vec<f32>; 3] = Default::default();
        for l in 0..3 {
            weights[l] = take(s[l] * s[l + 1]);
            biases[l] = take(s[l + 1]);
        }
        Ok(Mlp {
            hidden: [s[1], s[2]],
            weights,
            biases,
        })
    }
}

/// [`Mlp::hidden`]'s arguments, for [`pulp::Arch::dispatch`].
struct Hidden<'a> {
    net: &'a Mlp,
    input: &'a Input,
    act: &'a mut Activations,
}

impl pulp::WithSimd for Hidden<'_> {
    type Output = ();

    /// Inlined into a function compiled for one instruction set, with everything it calls.
    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, simd: S) {
        self.net.hidden_inline(simd, self.input, self.act);
    }
}

/// Lists the non-zero `xs` with their indices in `rows`, without a branch per value (after a ReLU
/// about half are zero, in no pattern a branch predictor could learn).
#[inline(always)]
fn non_zero(xs: &[f32], rows: &mut Vec<(u32, f32)>) {
    rows.clear();
    rows.resize(xs.len(), (0, 0.0));
    let mut k = 0;
    for (i, &x) in xs.iter().enumerate() {
        rows[k] = (i as u32, x);
        k += usize::from(x != 0.0);
    }
    rows.truncate(k);
}

/// `out = bias + Σ x × row i` over `rows` (weights row per input, `bias.len()` columns), [`TILE`]
/// outputs at a time in `simd`'s vectors (a separate multiply and add per lane, as the plain loop
/// does); each output adds its rows in the order given.
#[inline(always)]
fn affine<S: pulp::Simd>(
    simd: S,
    rows: &[(u32, f32)],
    weights: &[f32],
    bias: &[f32],
    out: &mut Vec<f32>,
) {
    let n = bias.len();
    out.clear();
    out.extend_from_slice(bias);
    let mut tiles = out.chunks_exact_mut(TILE);
    for (t, tile) in tiles.by_ref().enumerate() {
        let mut acc = [0f32; TILE];
        acc.copy_from_slice(tile);
        {
            let (lanes, rest) = S::as_mut_simd_f32s(&mut acc);
            for &(i, x) in rows {
                let start = i as usize * n + t * TILE;
                let (ws, ws_rest) = S::as_simd_f32s(&weights[start..start + TILE]);
                let xs = simd.splat_f32s(x);
                for (a, &w) in lanes.iter_mut().zip(ws) {
                    *a = simd.add_f32s(*a, simd.mul_f32s(xs, w));
                }
                for (a, w) in rest.iter_mut().zip(ws_rest) {
                    *a += x * w;
                }
            }
        }
        tile.copy_from_slice(&acc);
    }
    let rest = tiles.into_remainder();
    let (from, width) = (n - rest.len(), rest.len());
    for &(i, x) in rows {
        let start = i as usize * n + from;
        for (a, w) in rest.iter_mut().zip(&weights[start..start + width]) {
            *a += x * w;
        }
    }
}

#[inline(always)]
fn relu(xs: &mut [f32]) {
    for x in xs {
        *x = x.max(0.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip_and_bad_bytes_are_refused() {
        let net = Mlp::new([8, 6], 1);
        let bytes = net.to_bytes();
        assert_eq!(Mlp::from_bytes(&bytes), Ok(net));
        assert_eq!(Mlp::from_bytes(b"hello"), Err(WeightsError::NotANetwork));
        let short = &bytes[..bytes.len() - 1];
        assert!(matches!(
            Mlp::from_bytes(short),
            Err(WeightsError::Length { .. })
        ));
        let mut wrong = bytes.clone();
        wrong[6] ^= 1; // input size
        assert!(matches!(
            Mlp::from_bytes(&wrong),
            Err(WeightsError::Sizes(_))
        ));
    }

    /// The plain forward pass: every input row added into the outputs in order, zeros skipped.
    fn plain_forward(net: &Mlp, input: &Input) -> Vec<f32> {
        let layer = |x: &[(usize, f32)], l: usize| {
            let n = net.biases[l].len();
            let mut out = net.biases[l].clone();
            for &(i, v) in x {
                for (j, o) in out.iter_mut().enumerate() {
                    *o += v * net.weights[l][i * n + j];
                }
            }
            out
        };
        let on = |h: Vec<f32>| -> Vec<(usize, f32)> {
            h.into_iter()
                .map(|v| v.max(0.0))
                .enumerate()
                .filter(|&(_, v)| v != 0.0)
                .collect()
        };
        let mut first: Vec<(usize, f32)> = input
            .active()
            .iter()
            .map(|&i| (usize::from(i), 1.0))
            .collect();
        for (j, &x) in input.scalars().iter().enumerate() {
            if x != 0.0 {
                first.push((Input::scalar_index(j), x));
            }
        }
        let h1 = on(layer(&first, 0));
        let h2 = on(layer(&h1, 1));
        layer(&h2, 2)
    }

    /// The legal card with the highest logit, the lower index on ties.
    fn legal_argmax(logits: &[f32], legal: CardSet) -> Option<Card> {
        legal.iter().max_by(|a, b| {
            logits[a.index()]
                .total_cmp(&logits[b.index()])
                .then(b.index().cmp(&a.index()))
        })
    }

    #[test]
    fn the_tiled_forward_pass_gives_the_plain_loops_logits_bit_for_bit() {
        let rules = crate::Ruleset::preset(crate::Preset::Briscola, 2).expect("preset");
        let shipped = crate::ai::net::for_rules(&rules).expect("the shipped network");
        // An odd hidden size leaves a remainder after the tiles.
        for net in [shipped, &Mlp::new([37, 21], 3)] {
            let mut act = Activations::default();
            let mut game = crate::Game::new(rules, 0, &crate::Deal::Seed(8)).expect("deal");
            let mut positions = 0;
            while game.phase() == crate::Phase::Playing {
                let view = super::super::features::View::from_game(&game);
                let input = view.input();
                net.forward(&input, &mut act);
                let plain = plain_forward(net, &input);
                let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&act.logits), bits(&plain));
                // The legal logits alone pick the card the full logits pick.
                let legal: CardSet = game.legal_cards().iter().map(|c| view.to_net(c)).collect();
                let card = net.best_in(&input, legal, &mut act);
                assert_eq!(card, legal_argmax(&plain, legal));
                game.play_unchecked(view.from_net(card.expect("a card")));
                positions += 1;
            }
            assert_eq!(positions, 40);
        }
    }

    #[test]
    fn best_is_a_legal_card() {
        let net = Mlp::new([16, 16], 2);
        let rules = crate::Ruleset::preset(crate::Preset::Briscola, 2).expect("preset");
        let game = crate::Game::new(rules, 0, &crate::Deal::Seed(4)).expect("deal");
        let input = super::super::features::View::from_game(&game).input();
        let legal = game.legal_cards();
        let card = net.best(&input, legal).expect("a card");
        assert!(legal.contains(card));
        assert_eq!(net.best(&input, CardSet::EMPTY), None);
    }
}
