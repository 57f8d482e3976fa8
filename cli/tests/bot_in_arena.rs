//! The `briscola bot` binary as an arena player: the lab's external-program contender (`cmd:...`)
//! runs it like any other program speaking docs/bot-protocol.md, over every game of the duplicate
//! deals.

use briscola::ai::{Budget, Level};
use briscola_lab::arena::{self, ArenaConfig, Contender, ruleset_from_id};

/// `cmd:` running our own bot binary.
fn our_bot(level: &str) -> String {
    format!(
        "cmd:{} bot --level {level} --worlds 3",
        env!("CARGO_BIN_EXE_briscola")
    )
}

#[test]
fn an_external_bot_plays_every_game_of_the_duplicate_deals() {
    for (id, players, threads) in [("briscola-2p", 2, 2), ("briscola-3p", 3, 1)] {
        let b = our_bot("medium");
        let rules = ruleset_from_id(id).expect("ruleset");
        let mut config = ArenaConfig::new(Level::Medium, Contender::Command(b.clone()), rules);
        config.pairs = 3;
        config.seed = 3;
        config.threads = threads;
        config.budget = Budget::worlds(3);
        let report = arena::run(&config).expect("arena");
        assert_eq!(report.games, 3 * players, "{id}");
        assert_eq!(report.wins + report.losses + report.draws, report.games);
        assert_eq!(report.illegal, 0);
        assert_eq!(report.b.id(), b);
        // Every card of every game was chosen by someone: 40 cards (39 with three players).
        let decisions: usize = report.timings.iter().map(|t| t.decisions).sum();
        assert_eq!(decisions, report.games * if players == 2 { 40 } else { 39 });
        assert!(report.timings[1].decisions > report.games * 10, "{id}");
    }
}
