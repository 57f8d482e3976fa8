//! Hard's playout network: a small policy network that plays every seat in the playouts of
//! Hard's sampled-world search, where the Medium heuristics played before.
//!
//! It reads one seat's view only ([`View`]: built from that seat's observation, or from a sampled
//! game for the seat to move, and tested to be the same), and scores every card; the playout plays the
//! best legal one. It was trained by imitating Hard's own search in self-play (its teacher is
//! [`teacher_means`]; the training is `briscola-lab train`, docs/ai.md), and its weights ship inside
//! the binary (`net/policy.bin` for Briscola, `policy-brisca.bin`, `policy-bisca.bin`,
//! `policy-briscola-4p.bin`, checked by checksum tests). Inference is plain Rust. Two-player
//! Briscola, Brisca and Bisca and four-player Briscola, with their preset options, have a network
//! each ([`for_rules`]); every other ruleset keeps the heuristic playouts. Deliberately absent: a
//! value head and a network that decides at the root (Hard still searches; the network only plays
//! out).
mod features;
mod mlp;

use std::sync::OnceLock;

pub use super::hard::teacher_means;
pub use features::{INPUTS, Input, View};
pub use mlp::{Activations, Mlp, OUTPUTS, WeightsError};

use crate::{Preset, Ruleset};

/// Each preset and player count with a trained network, where its weights live under `src/ai/`
/// (`briscola-lab train` writes them there; docs/ai.md has the commands) and the shipped bytes. Each
/// has its own weights: the input names cards, not their rank order or points, which differ
/// between Briscola and Bisca, and a team game's view differs from a two-player one.
const SHIPPED: [(Preset, u8, &str, &[u8]); 4] = [
    (
        Preset::Briscola,
        2,
        "net/policy.bin",
        include_bytes!("net/policy.bin"),
    ),
    (
        Preset::Brisca,
        2,
        "net/policy-brisca.bin",
        include_bytes!("net/policy-brisca.bin"),
    ),
    (
        Preset::Bisca,
        2,
        "net/policy-bisca.bin",
        include_bytes!("net/policy-bisca.bin"),
    ),
    (
        Preset::Briscola,
        4,
        "net/policy-briscola-4p.bin",
        include_bytes!("net/policy-briscola-4p.bin"),
    ),
];

/// The presets and player counts with a trained network, in [`SHIPPED`]'s order.
pub fn trained_presets() -> impl Iterator<Item = (Preset, u8)> {
    SHIPPED.iter().map(|s| (s.0, s.1))
}

/// The index in [`SHIPPED`] of the network for `rules`: only a preset's own rules for the player
/// count it was trained on, so a changed option falls back to the heuristic playouts — except the
/// señas, which change no rule of the cards (the network does not read them; the search's belief
/// does).
fn trained_index(rules: &Ruleset) -> Option<usize> {
    let index = SHIPPED
        .iter()
        .position(|s| s.0 == rules.preset && s.1 == rules.players)?;
    let preset = Ruleset::preset(rules.preset, rules.players).ok()?;
    let cards = Ruleset {
        senas: preset.senas,
        interception: preset.interception,
        ..*rules
    };
    (cards == preset).then_some(index)
}

/// Where the network for `rules` is kept, relative to `src/ai/` (`briscola-lab train` writes it there).
pub fn shipped_path(rules: &Ruleset) -> Option<&'static str> {
    trained_index(rules).map(|i| SHIPPED[i].2)
}

/// The network for a ruleset's playouts: the shipped one for two-player Briscola, Brisca and Bisca
/// and four-player Briscola with their preset options, none elsewhere. (`None` also if shipped
/// bytes were broken, which a test rules out.)
pub fn for_rules(rules: &Ruleset) -> Option<&'static Mlp> {
    static LOADED: [OnceLock<Option<Mlp>>; SHIPPED.len()] =
        [const { OnceLock::new() }; SHIPPED.len()];
    let i = trained_index(rules)?;
    LOADED[i]
        .get_or_init(|| Mlp::from_bytes(SHIPPED[i].3).ok())
        .as_ref()
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

    /// The shipped weights are the ones docs/ai.md's training commands produced (each checksum is
    /// printed by `briscola-lab train`), and they load.
    #[test]
    fn shipped_weights_match_their_checksums_and_load() {
        let mut total = 0;
        for ((preset, players, path, bytes), expected) in SHIPPED.into_iter().zip(SHIPPED_CHECKSUMS)
        {
            assert_eq!(format!("{:016x}", checksum(bytes)), expected, "{path}");
            let rules = Ruleset::preset(preset, players).expect("preset");
            assert_eq!(shipped_path(&rules), Some(path));
            assert!(for_rules(&rules).is_some(), "{path} loads");
            total += bytes.len();
        }
        assert!(total <= 5 << 20);
    }

    const SHIPPED_CHECKSUMS: [&str; 4] = [
        "2f0a99013164b441",
        "2820f8fc999a3766",
        "152d965107921143",
        "7829856d5537cba1",
    ];

    #[test]
    fn only_the_trained_presets_get_a_network() {
        for (preset, players) in [
            (Preset::Briscola, 3),
            (Preset::Briscola, 6),
            (Preset::Brisca, 4),
            (Preset::Scoperta, 2),
        ] {
            let rules = Ruleset::preset(preset, players).expect("preset");
            assert!(for_rules(&rules).is_none(), "{preset:?} {players}");
        }
        let changed = Ruleset {
            exchange: crate::ExchangeRule::Never,
            ..Ruleset::preset(Preset::Brisca, 2).expect("preset")
        };
        assert!(for_rules(&changed).is_none());
        let four = Ruleset::preset(Preset::Briscola, 4).expect("preset");
        let senas = Ruleset {
            senas: true,
            interception: 60,
            ..four
        };
        assert!(
            std::ptr::eq(
                for_rules(&senas).expect("señas change no rule of the cards"),
                for_rules(&four).expect("the four-player network")
            ),
            "the same network"
        );
        let open = Ruleset {
            open_hands: true,
            ..senas
        };
        assert!(
            for_rules(&open).is_none(),
            "with señas, another option still counts"
        );
    }
}
