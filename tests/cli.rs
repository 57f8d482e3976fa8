//! The `briscola` binary's AI commands, as a user runs them: `bot` answers an observation with a
//! legal action, `arena` prints its table, `bench-ai` its rate, and bad flags are refused.

use std::io::Write;
use std::process::{Command, Stdio};

use briscola::{Deal, Game, Preset, Ruleset};

fn briscola() -> Command {
    Command::new(env!("CARGO_BIN_EXE_briscola"))
}

#[test]
fn bot_answers_each_observation_line_with_a_legal_action() {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let game = Game::new(rules, 0, &Deal::Seed(3)).expect("deal");
    let obs = game.observation(game.to_move());
    let mut child = briscola()
        .args(["bot", "--level", "medium", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("bot starts");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        writeln!(stdin, "{}", serde_json::to_string(&obs).expect("JSON")).expect("write");
        writeln!(stdin, "not json").expect("write");
    }
    let out = child.wait_with_output().expect("bot ends at end of input");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 2);
    let action: briscola::Action =
        serde_json::from_value(lines[0]["action"].clone()).expect("an action");
    assert!(obs.legal_actions.contains(&action));
    assert!(
        lines[1]["error"].is_string(),
        "a bad line gets an error line and the loop goes on"
    );
}

#[test]
fn arena_and_bench_ai_print_their_reports_and_refuse_bad_flags() {
    let out = briscola()
        .args([
            "arena",
            "--a",
            "medium",
            "--b",
            "easy",
            "--pairs",
            "10",
            "--ruleset",
            "brisca-2p",
        ])
        .output()
        .expect("arena runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("score rate"), "{text}");
    let out = briscola()
        .args(["bench-ai", "--level", "easy", "--hands", "2"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("decisions/s"));
    let bad = briscola()
        .args(["arena", "--a", "genius", "--b", "easy"])
        .output()
        .expect("runs");
    assert!(!bad.status.success());
    let bad = briscola()
        .args([
            "arena",
            "--a",
            "easy",
            "--b",
            "easy",
            "--ruleset",
            "poker-2p",
        ])
        .output()
        .expect("runs");
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("poker"));
}
