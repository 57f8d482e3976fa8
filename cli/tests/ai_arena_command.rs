//! The arena's external-program contender (`cmd:...`): our own `briscola bot` binary plays through it
//! like any other program speaking docs/bot-protocol.md, and programs that fail — exit, hang, answer an
//! error, an illegal action or garbage, or cannot be started — stop the run with an error naming the
//! game instead of hanging or being replaced silently.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use briscola::ai::arena::{self, ArenaConfig, ArenaError, Contender, ruleset_from_id};
use briscola::ai::{Budget, Level};

fn config(b: &str, id: &str, pairs: usize, threads: usize) -> ArenaConfig {
    ArenaConfig {
        pairs,
        seed: 3,
        threads,
        budget: Budget::worlds(3),
        timeout: Duration::from_secs(20),
        ..ArenaConfig::new(
            Level::Medium,
            b.parse::<Contender>().expect("contender"),
            ruleset_from_id(id).expect("ruleset"),
        )
    }
}

/// `cmd:` running our own bot binary.
fn our_bot(level: &str) -> String {
    format!(
        "cmd:{} bot --level {level} --worlds 3",
        env!("CARGO_BIN_EXE_briscola")
    )
}

/// A shell script (run with `sh`) as a bot, written to a temporary file.
fn script(name: &str, body: &str) -> String {
    let dir = std::env::temp_dir().join(format!("briscola-arena-cmd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path: PathBuf = dir.join(format!("{name}.sh"));
    std::fs::write(&path, body).expect("script");
    format!("cmd:sh {}", path.display())
}

fn failure(b: &str, timeout: Duration) -> ArenaError {
    let config = ArenaConfig {
        timeout,
        ..config(b, "briscola-2p", 3, 1)
    };
    arena::run(&config).expect_err("the run must fail")
}

#[test]
fn an_external_bot_plays_every_game_of_the_duplicate_deals() {
    for (id, players, threads) in [("briscola-2p", 2, 2), ("briscola-3p", 3, 1)] {
        let b = our_bot("medium");
        let report = arena::run(&config(&b, id, 3, threads)).expect("arena");
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

#[test]
fn a_bot_that_exits_stops_the_run_naming_the_game() {
    let e = failure(&script("exits", "exit 3\n"), Duration::from_secs(20));
    assert_eq!((e.set, e.rotation, e.seed), (0, 0, 3));
    assert!(e.message.contains("exit"), "{e}");
    assert!(
        e.to_string().starts_with("deal set 0 (seed 3), rotation 0"),
        "{e}"
    );
    assert!(e.player.starts_with("cmd:sh "), "{e}");
}

#[test]
fn a_bot_that_hangs_times_out() {
    let start = Instant::now();
    let e = failure(
        &script("hangs", "read line\nexec sleep 30\n"),
        Duration::from_millis(300),
    );
    assert!(e.message.contains("did not answer within 300 ms"), "{e}");
    assert!(start.elapsed() < Duration::from_secs(10), "{e}");
}

#[test]
fn illegal_error_and_garbage_answers_are_refused() {
    let wait = Duration::from_secs(20);
    // `pass` is never legal in two-player Briscola.
    let e = failure(
        &script(
            "illegal",
            "while read line; do echo '{\"action\":\"pass\"}'; done\n",
        ),
        wait,
    );
    assert!(
        e.message.contains("`pass`, which is not a legal action"),
        "{e}"
    );
    let e = failure(
        &script(
            "error",
            "while read line; do echo '{\"error\":\"no idea\"}'; done\n",
        ),
        wait,
    );
    assert!(e.message.contains("answered an error: no idea"), "{e}");
    let e = failure(
        &script("garbage", "while read line; do echo hello; done\n"),
        wait,
    );
    assert!(e.message.contains("not a reply: hello"), "{e}");
    let e = failure("cmd:/nonexistent/briscola-bot", wait);
    assert!(e.message.contains("cannot start"), "{e}");
}

#[test]
fn the_command_contender_is_read_from_its_id() {
    assert_eq!(
        "cmd:python3 bot.py --sample".parse::<Contender>(),
        Ok(Contender::Command(
            "cmd:python3 bot.py --sample".to_string()
        ))
    );
    assert!("cmd:  ".parse::<Contender>().is_err());
    assert_eq!("hard-v1".parse::<Contender>(), Ok(Contender::HardV1));
}
