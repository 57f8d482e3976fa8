//! The `briscola` binary as a user runs it: `bot` answers an observation with a legal action (and an
//! error line for a bad or non-UTF-8 line), `review` and `history --review` print the match review,
//! `history` lists and replays the app's matches, `replay`, `rules` and `play` read and check their
//! input, a closed pipe ends a command quietly, and bad flags are refused.

use std::io::Write;
use std::process::{Command, Stdio};

use briscola::{Action, Deal, Game, Phase, Preset, Record, Ruleset};

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
    let line = serde_json::json!({ "v": 1, "summary": v1_summary("m1"), "record": m.record() });
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
        String::from_utf8_lossy(&list.stderr).contains("cut short"),
        "the torn line is reported"
    );
    let export = briscola()
        .args(["history", "--export", "--data-dir"])
        .arg(&dir)
        .output()
        .expect("runs");
    assert!(export.status.success());
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&export.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 1, "one line per match");
    assert_eq!(lines[0]["v"], 3);
    assert_eq!(lines[0]["summary"]["id"], "m1");
    assert_eq!(
        lines[0]["summary"]["seats"][1],
        serde_json::json!({ "kind": "ai", "level": "easy", "name": "Seat 1" }),
        "the version-1 opponent upgraded to a seat"
    );
    assert_eq!(
        lines[0]["record"],
        serde_json::to_value(m.record()).expect("record"),
        "the record as it was stored"
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
    let review = briscola()
        .args([
            "history",
            "--review",
            "m1",
            "--worlds",
            "4",
            "--json",
            "--data-dir",
        ])
        .arg(&dir)
        .output()
        .expect("runs");
    assert!(review.status.success());
    let reviewed: serde_json::Value = serde_json::from_slice(&review.stdout).expect("JSON");
    assert_eq!(reviewed["review"]["seat"], 0);
    assert_eq!(
        reviewed["review"]["seed"],
        briscola::ai::review::SEED,
        "by default the review's one seed, as the app reviews and hints"
    );
    assert_eq!(
        reviewed["review"]["hands"][0]["decisions"]
            .as_array()
            .map(Vec::len),
        Some(20)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn review_prints_a_table_or_json_and_refuses_a_seat_not_at_the_table() {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/fixtures/briscola-2p-seed5.json"
    );
    let table = briscola()
        .args(["review", fixture, "--seat", "1", "--worlds", "8"])
        .output()
        .expect("runs");
    assert!(table.status.success());
    let text = String::from_utf8_lossy(&table.stdout);
    let heading = format!(
        "Review of seat 1 (8 worlds per decision, seed {})",
        briscola::ai::review::SEED
    );
    assert!(text.contains(&heading), "{text}");
    assert!(text.contains("Match accuracy"), "{text}");
    let json = briscola()
        .args(["review", fixture, "--worlds", "8", "--json"])
        .output()
        .expect("runs");
    let reviewed: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let decisions = reviewed["review"]["hands"][0]["decisions"]
        .as_array()
        .map(Vec::len);
    assert_eq!(decisions, Some(20));
    assert!(reviewed["habits"].is_array());
    let refused = briscola()
        .args(["review", fixture, "--seat", "2"])
        .output()
        .expect("runs");
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("seat 2 is not at this table"));
}

/// Runs `briscola replay -` on `record`, giving the exit status and the printed JSON.
fn replay(record: &serde_json::Value) -> (bool, serde_json::Value) {
    let mut child = briscola()
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("replay starts");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        write!(stdin, "{record}").expect("write");
    }
    let out = child.wait_with_output().expect("replay ends");
    let printed = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    (out.status.success(), printed)
}

fn fixture() -> serde_json::Value {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/fixtures/briscola-2p-seed5.json"
    ))
    .expect("fixture");
    serde_json::from_str(&text).expect("JSON")
}

#[test]
fn replay_refuses_a_player_count_its_preset_refuses_with_the_presets_message() {
    let (ok, printed) = replay(&fixture());
    assert!(ok, "{printed}");
    let mut five = fixture();
    five["ruleset"]["players"] = 5.into();
    let (ok, printed) = replay(&five);
    assert!(!ok);
    assert_eq!(printed["error"]["id"], "ruleset");
    assert_eq!(printed["error"]["error"]["id"], "players");
    assert_eq!(
        printed["error"]["error"]["allowed"],
        serde_json::json!([2, 3, 4, 6])
    );
    assert_eq!(
        printed["message"],
        "the record's ruleset is not playable: briscola is played by [2, 3, 4, 6] players, not 5"
    );
}

#[test]
fn replay_names_the_field_and_index_of_an_unreadable_card_or_action() {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let mut m =
        briscola::Match::new(rules, briscola::MatchFormat::SingleHand, 0, 4).expect("match");
    for _ in 0..4 {
        let card = m.game().legal_cards().first().expect("cards");
        m.apply(briscola::Action::Play(card)).expect("legal");
    }
    let record = serde_json::to_value(m.record()).expect("JSON");
    let mut bad_card = record.clone();
    bad_card["hands"][0]["deal"][3] = "Zz".into();
    let (ok, printed) = replay(&bad_card);
    assert!(!ok);
    assert_eq!(
        printed["error"],
        serde_json::json!({ "id": "card", "hand": 0, "field": "deal", "index": 3, "text": "Zz" })
    );
    assert_eq!(printed["message"], "hand 0, deal[3]: `Zz` is not a card");
    let mut bad_action = record;
    bad_action["hands"][0]["actions"][2] = "exchange".into();
    let (ok, printed) = replay(&bad_action);
    assert!(!ok);
    assert_eq!(
        printed["error"],
        serde_json::json!({ "id": "action", "hand": 0, "index": 2, "text": "exchange" })
    );
}

#[test]
fn replay_reads_cards_in_any_case() {
    let mut record = fixture();
    let actions = record["actions"].as_array_mut().expect("actions");
    for action in actions.iter_mut() {
        let text = action.as_str().expect("text").to_string();
        *action = text.to_uppercase().into();
    }
    let (ok, upper) = replay(&record);
    assert!(ok, "{upper}");
    let (_, original) = replay(&fixture());
    assert_eq!(upper, original);
}

#[test]
fn a_closed_pipe_ends_a_command_cleanly() {
    // `briscola rules --json | head -c0`: the reader is gone before the output (larger than a pipe's
    // buffer) is written.
    let mut child = briscola()
        .args(["rules", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rules starts");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("rules ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn a_closed_pipe_ends_history_cleanly() {
    // `briscola history | head -c0` on a history whose listing is larger than a pipe's buffer.
    let dir = std::env::temp_dir().join(format!("briscola-cli-pipe-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("history")).expect("dir");
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let log: String = (0..3_000)
        .map(|n| {
            let record = serde_json::json!({ "ruleset": rules, "format": { "kind": "single-hand" } });
            let line = serde_json::json!({ "v": 1, "summary": v1_summary(&format!("match-{n:08}")), "record": record });
            format!("{line}\n")
        })
        .collect();
    std::fs::write(dir.join("history/records.jsonl"), log).expect("log");
    let mut child = briscola()
        .args(["history", "--data-dir"])
        .arg(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("history starts");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("history ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    std::fs::remove_dir_all(&dir).expect("clean up");
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn rules_lists_every_option_from_the_specification() {
    let out = briscola().args(["rules", "--json"]).output().expect("runs");
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let bisca = &json["presets"][2];
    assert_eq!(bisca["id"], "bisca");
    let two = &bisca["rulesets"][0];
    let ids: Vec<&str> = two["options"]
        .as_array()
        .expect("options")
        .iter()
        .filter_map(|o| o["id"].as_str())
        .collect();
    assert_eq!(ids, ["simplified-order", "hand-size", "tie"]);
    assert_eq!(
        two["rank_values"][1],
        serde_json::json!({ "rank": "seven", "strength": 11, "points": 10 })
    );
    let text = briscola().arg("rules").output().expect("runs");
    let text = String::from_utf8_lossy(&text.stdout);
    for id in briscola::OptionId::ALL {
        assert!(
            text.contains(&id.id()),
            "{id} missing from `briscola rules`"
        );
    }
}

#[test]
fn play_takes_options_through_the_checked_specification() {
    let run = |args: &[&str]| {
        let mut child = briscola()
            .arg("play")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("play starts");
        // A refused option ends `play` before it reads anything: then the pipe is already closed.
        let _ = writeln!(child.stdin.take().expect("stdin"), "quit");
        child.wait_with_output().expect("play ends")
    };
    let seven = run(&["--ruleset", "bisca", "--option", "hand-size=7"]);
    let text = String::from_utf8_lossy(&seven.stdout);
    let hand = text
        .lines()
        .find_map(|l| l.split_once("your hand: ").map(|(_, cards)| cards))
        .expect("the hand is shown");
    assert_eq!(hand.split_whitespace().count(), 7, "{text}");
    let refused = run(&[
        "--ruleset",
        "brisca",
        "--players",
        "3",
        "--option",
        "deck=rapida",
    ]);
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr)
            .contains("a 20-card deck cannot be dealt evenly to 3 players")
    );
}

#[test]
fn replay_prints_a_summary_or_the_first_illegal_action() {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let mut game = Game::new(rules, 0, &Deal::Seed(4)).expect("valid");
    let mut actions = Vec::new();
    while game.phase() != Phase::Finished {
        let card = game.legal_cards().first().expect("cards");
        game.apply(Action::Play(card)).expect("legal");
        actions.push(Action::Play(card));
    }
    let record = Record {
        version: 1,
        ruleset: rules,
        dealer: 0,
        deal: Deal::Seed(4),
        actions,
    };
    let dir = std::env::temp_dir().join(format!("briscola-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let good = dir.join("good.json");
    std::fs::write(&good, serde_json::to_string(&record).expect("json")).expect("write");
    let out = briscola().arg("replay").arg(&good).output().expect("runs");
    assert!(out.status.success());
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON summary");
    assert_eq!(
        summary["summary"]["tricks"].as_array().map(Vec::len),
        Some(20)
    );
    let total: u64 = summary["summary"]["seat_points"]
        .as_array()
        .expect("points")
        .iter()
        .filter_map(|p| p.as_u64())
        .sum();
    assert_eq!(total, 120);
    let mut bad_record = record.clone();
    bad_record.actions.swap(0, 1);
    let bad = dir.join("bad.json");
    std::fs::write(&bad, serde_json::to_string(&bad_record).expect("json")).expect("write");
    let out = briscola().arg("replay").arg(&bad).output().expect("runs");
    assert!(!out.status.success());
    let error: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON error");
    assert_eq!(error["error"]["id"], "illegal-action");
    assert_eq!(error["error"]["index"], 0);
    assert_eq!(error["error"]["error"]["id"], "card-not-held");
    std::fs::remove_dir_all(&dir).ok();
}

/// A history summary as the app's first history format wrote it.
fn v1_summary(id: &str) -> serde_json::Value {
    serde_json::json!({
        "id": id, "started_at_ms": 1000, "finished_at_ms": 2000, "duration_ms": 1000,
        "opponents": [{ "name": "Seat 1", "level": "easy" }],
        "hand_scores": [[61, 59]], "outcome": "won", "resigned": false
    })
}

/// What `briscola play ARGS` prints when `input` is typed.
fn play(args: &[&str], input: &str) -> String {
    let mut child = briscola()
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("play starts");
    writeln!(child.stdin.take().expect("stdin"), "{input}").expect("write");
    let output = child.wait_with_output().expect("play ends");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn play_hints_the_reviews_evaluation_of_your_decision() {
    // `hint` at the first decision names the card and the reason the review of the hand would give
    // it (`HintRequest` from the seat's view), not a decision of Hard's own search.
    let seed = 4;
    let text = play(&["--seed", &seed.to_string()], "hint\nquit");
    let said = text
        .lines()
        .find_map(|l| l.split_once("hint: ").map(|(_, hint)| hint.to_string()))
        .expect("a hint is printed");
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let game = Game::new(rules, 1, &Deal::Seed(seed)).expect("deal");
    let worlds = briscola::ai::Budget::default().worlds;
    let expected = briscola::ai::HintRequest::of_view(
        game.observation(0),
        0,
        briscola::Stakes::SINGLE_HAND,
        worlds,
    )
    .decide();
    assert_eq!(
        said,
        format!("{} — {}", expected.action, expected.hint),
        "{text}"
    );
}

#[test]
fn play_shows_only_the_senas_your_seat_saw() {
    // Four-player Brisca with señas, the AI seats signalling as they play: every seña printed is one
    // seat 0's observation holds, and none of the others is named.
    let seed = 3;
    let seed_arg = seed.to_string();
    let text = play(
        &[
            "--ruleset",
            "brisca",
            "--players",
            "4",
            "--option",
            "senas=on",
            "--seed",
            &seed_arg,
        ],
        "?\n4b\nquit",
    );
    assert!(text.contains("a seña if you like: sena ace"), "{text}");
    let as_move = |l: &&str| l.starts_with("seat ") && l.contains(": sena ");
    assert!(
        !text.lines().any(|l| as_move(&l)),
        "a seña printed as a move: {text}"
    );
    let shown = text.lines().filter(|l| l.contains("seña: ")).count();
    // Replaying the same hand: the señas seat 0 saw by its second turn.
    let rules = briscola::Ruleset {
        senas: true,
        ..Ruleset::preset(Preset::Brisca, 4).expect("preset")
    };
    let mut game = Game::new(rules, 3, &Deal::Seed(seed)).expect("deal");
    let mut agents: Vec<_> = (0..4u8)
        .map(|s| {
            briscola::ai::agent(
                briscola::ai::Level::Medium,
                briscola::Rng::derive_seed(seed, u64::from(s)),
            )
        })
        .collect();
    let mut played = false;
    while !(played && game.to_move() == 0) {
        let seat = game.to_move();
        let action = if seat == 0 {
            played = true;
            "4b".parse().expect("card")
        } else {
            agents[usize::from(seat)]
                .choose(&game.observation(seat))
                .action
        };
        game.apply(action).expect("legal");
    }
    let seen = game.observation(0).signals.len();
    assert!(seen > 0, "no seña seen on this deal");
    assert_eq!(shown, seen, "{text}");
}
