//! Hard's playout network (issue 12): a small policy network that plays both seats in the playouts of
//! Hard's sampled-world search, where the Medium heuristics played before.
//!
//! It reads one seat's view only ([`View`]: built from that seat's observation, or from a sampled
//! game for the seat to move, and tested to be the same), and scores every card; the playout plays the
//! best legal one. It was trained by imitating Hard's own search in self-play ([`learn`], the
//! `briscola train` command, docs/ai.md), and its weights ship inside the binary (`net/policy.bin`,
//! checked by a checksum test). Inference is plain Rust. It plays two-player Briscola hands only
//! ([`for_rules`]); every other ruleset keeps the heuristic playouts. Deliberately absent: a value
//! head and a network that decides at the root (Hard still searches; the network only plays out).

mod features;
pub mod learn;
mod mlp;

use std::sync::OnceLock;

pub use features::{INPUTS, Input, View};
pub(crate) use mlp::Activations;
pub use mlp::{Mlp, OUTPUTS, WeightsError};

use crate::{Preset, Ruleset};

/// The shipped weights (written by `briscola train`; docs/ai.md has the command).
const SHIPPED_BYTES: &[u8] = include_bytes!("net/policy.bin");

/// The shipped network, read once (`None` only if the shipped bytes were broken, which a test rules
/// out).
pub fn shipped() -> Option<&'static Mlp> {
    static SHIPPED: OnceLock<Option<Mlp>> = OnceLock::new();
    SHIPPED
        .get_or_init(|| Mlp::from_bytes(SHIPPED_BYTES).ok())
        .as_ref()
}

/// The network for a ruleset's playouts: the shipped one for two-player Briscola (the hands it was
/// trained on), none elsewhere.
pub fn for_rules(rules: &Ruleset) -> Option<&'static Mlp> {
    let briscola = Ruleset::preset(Preset::Briscola, 2).ok()?;
    if *rules == briscola { shipped() } else { None }
}

/// FNV-1a, 64 bits: the checksum of the shipped weights.
pub fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped weights are the ones docs/ai.md's training command produced (its checksum is
    /// printed by `briscola train`), and they load.
    #[test]
    fn shipped_weights_match_their_checksum_and_load() {
        assert_eq!(
            format!("{:016x}", checksum(SHIPPED_BYTES)),
            SHIPPED_CHECKSUM
        );
        assert!(shipped().is_some());
        assert!(SHIPPED_BYTES.len() <= 5 << 20);
    }

    const SHIPPED_CHECKSUM: &str = "2f0a99013164b441";

    #[test]
    fn only_two_player_briscola_gets_the_network() {
        let briscola = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        assert!(for_rules(&briscola).is_some());
        for (preset, players) in [
            (Preset::Brisca, 2),
            (Preset::Briscola, 4),
            (Preset::Bisca, 2),
        ] {
            let rules = Ruleset::preset(preset, players).expect("preset");
            assert!(for_rules(&rules).is_none());
        }
    }
}
