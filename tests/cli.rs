//! The `briscola` binary's AI commands, as a user runs them: `bot` answers an observation with a
//! legal action (and an error line for a bad or non-UTF-8 line), `arena` prints its table, `bench-ai` its rate, and bad flags are refused.

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
        stdin.write_all(b"\xff\n").expect("write");
    }
    let out = child.wait_with_output().expect("bot ends at end of input");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 3);
    let action: briscola::Action =
        serde_json::from_value(lines[0]["action"].clone()).expect("an action");
    assert!(obs.legal_actions.contains(&action));
    assert!(
        lines[1]["error"].is_string(),
        "a bad line gets an error line and the loop goes on"
    );
    assert_eq!(
        lines[2]["error"], "line is not UTF-8",
        "a non-UTF-8 line too, and the bot exits 0"
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

#[test]
fn history_lists_and_replays_the_apps_matches_from_its_data_folder() {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let mut m =
        briscola::Match::new(rules, briscola::MatchFormat::SingleHand, 0, 4).expect("match");
    while m.game().phase() != briscola::Phase::Finished {
        let card = m.game().legal_cards().first().expect("cards");
        m.apply(briscola::Action::Play(card)).expect("legal");
    }
    let dir = std::env::temp_dir().join(format!("briscola-cli-history-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("history")).expect("dir");
    let line = serde_json::json!({ "v": 1, "summary": { "id": "m1", "ruleset": "briscola-2p" }, "record": m.record() });
    std::fs::write(
        dir.join("history/records.jsonl"),
        format!("{line}\n{{\"v\":1,\"summ"),
    )
    .expect("write");
    let list = briscola()
        .args(["history", "--data-dir"])
        .arg(&dir)
        .output()
        .expect("runs");
    assert!(list.status.success());
    let listed: serde_json::Value = serde_json::from_slice(&list.stdout).expect("JSON");
    assert_eq!(listed["matches"][0]["id"], "m1");
    assert!(
        String::from_utf8_lossy(&list.stderr).contains("1 unreadable line"),
        "the torn line is reported"
    );
    let replay = briscola()
        .args(["history", "--replay", "m1", "--data-dir"])
        .arg(&dir)
        .output()
        .expect("runs");
    assert!(replay.status.success());
    let summary: serde_json::Value = serde_json::from_slice(&replay.stdout).expect("JSON");
    assert_eq!(
        summary["summary"]["hands"][0]["tricks"]
            .as_array()
            .map(Vec::len),
        Some(20)
    );
    let missing = briscola()
        .args(["history", "--replay", "nope", "--data-dir"])
        .arg(&dir)
        .output()
        .expect("runs");
    assert!(!missing.status.success());
    std::fs::remove_dir_all(&dir).ok();
}
