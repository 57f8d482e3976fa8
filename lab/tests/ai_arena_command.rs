//! The arena's external-program contender (`cmd:...`): programs that fail — exit, hang, answer an
//! error, an illegal action or garbage, or cannot be started — stop the run with an error naming the
//! game instead of hanging or being replaced silently. (A program that plays well, the `briscola bot`
//! binary, is run through it by the `briscola-cli` crate's `bot_in_arena` test.)

use std::path::PathBuf;
use std::time::{Duration, Instant};

use briscola::ai::{Budget, Level};
use briscola_lab::arena::{self, ArenaConfig, ArenaError, Contender, ruleset_from_id};
use briscola_lab::named::NamedHard;

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

/// Whether process `pid` still runs (a zombie waiting for its parent counts as ended).
#[cfg(target_os = "linux")]
fn running(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|stat| {
            let state = stat.rsplit(')').next().unwrap_or("").trim_start();
            !state.starts_with('Z') && !state.starts_with('X')
        })
        .unwrap_or(false)
}

#[test]
#[cfg(target_os = "linux")]
fn a_bots_own_children_are_killed_with_it() {
    let dir = std::env::temp_dir().join(format!("briscola-arena-group-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let pid_file = dir.join("child.pid");
    let _ = std::fs::remove_file(&pid_file);
    let bot = script(
        "spawns",
        &format!(
            "sleep 300 >/dev/null 2>&1 &\necho $! > {}\nread line\nexec sleep 30\n",
            pid_file.display()
        ),
    );
    let e = failure(&bot, Duration::from_millis(500));
    assert!(e.message.contains("did not answer"), "{e}");
    let pid = std::fs::read_to_string(&pid_file).expect("the bot wrote its child's pid");
    let pid = pid.trim();
    let deadline = Instant::now() + Duration::from_secs(10);
    while running(pid) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(!running(pid), "the bot's child {pid} outlived the run");
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
    assert_eq!(
        "hard-heuristic-late".parse::<Contender>(),
        Ok(Contender::Named(NamedHard::HeuristicLate))
    );
}
