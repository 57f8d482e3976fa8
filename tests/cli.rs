//! The `briscola` binary's AI commands, as a user runs them: `bot` answers an observation with a
//! legal action (and an error line for a bad or non-UTF-8 line), `arena` prints its table, `bench-ai` and `bench-solver` their rates, `review` and
//! `history --review` the match review, `train` the playout network (resuming), and bad flags are refused.

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
    let out = briscola()
        .args(["bench-solver", "--stock", "2", "--hands", "3"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("(stock 2, 6 solves)") && text.contains("nodes/s"),
        "{text}"
    );
    let bad = briscola()
        .args(["bench-solver", "--ruleset", "poker-2p"])
        .output()
        .expect("runs");
    assert!(!bad.status.success());
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
fn arena_saves_its_deal_sets_and_pairs_a_later_run_on_the_same_deals() {
    let dir = std::env::temp_dir().join(format!("briscola-cli-sets-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let (saved, fresh) = (dir.join("medium.txt"), dir.join("easy.txt"));
    let arena = |a: &str, seed: &str, extra: &[&std::path::Path]| {
        let mut cmd = briscola();
        cmd.args([
            "arena", "--a", a, "--b", "easy", "--pairs", "12", "--seed", seed,
        ]);
        for (flag, path) in ["--sets", "--paired-with"].iter().zip(extra) {
            cmd.arg(flag).arg(path);
        }
        cmd.output().expect("arena runs")
    };
    let out = arena("medium", "5", &[&saved]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&saved).expect("sets written");
    assert!(
        text.starts_with(
            "briscola arena sets 2\nruleset briscola-2p\nseed 5\nsets 12\na medium\nb easy\n"
        ),
        "{text}"
    );
    // The same deals: easy against easy, paired with medium against easy.
    let out = arena("easy", "5", &[&fresh, &saved]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("paired on the same 12 deal sets: easy vs easy minus medium vs easy: -"),
        "{stdout}"
    );
    // An existing file is not replaced, and other deals are not paired — both before any game.
    let before = std::fs::read_to_string(&saved).expect("saved");
    for (seed, files, says) in [
        ("5", [&saved, &fresh], "the file exists"),
        ("6", [&dir.join("new.txt"), &saved], "different deals"),
    ] {
        let out = arena("medium", seed, &[files[0], files[1]]);
        assert!(!out.status.success());
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(says),
            "{out:?}"
        );
        assert!(out.stdout.is_empty(), "no games were played");
    }
    assert_eq!(std::fs::read_to_string(&saved).expect("saved"), before);
    assert!(!dir.join("new.txt").exists());
    // Another seed's run of the same players pools with the first: 24 sets in all.
    let more = dir.join("medium-6.txt");
    assert!(arena("medium", "6", &[&more]).status.success());
    let pool = |files: &[&std::path::Path]| briscola().arg("pool").args(files).output();
    let out = pool(&[&saved, &more]).expect("pool runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert!(
        stdout.contains("medium vs easy on briscola-2p: 24 deal sets from 2 runs (seeds 5, 6)")
            && stdout.contains("score rate 0.")
            && stdout.contains("mean diff +"),
        "{stdout}"
    );
    // Pooled runs compared with saved runs of the same seeds: easy against easy, seed 5, minus
    // medium against easy on those deals (as `--paired-with` printed above).
    let out = briscola()
        .arg("pool")
        .arg(&fresh)
        .arg("--paired-with")
        .args([&saved, &more])
        .output()
        .expect("pool runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("paired on the same 12 deal sets: easy vs easy minus medium vs easy: -"),
        "{stdout}"
    );
    // The same deals twice, or other players, are refused.
    for files in [[&saved, &saved], [&saved, &fresh]].map(|f| f.map(|p| p.as_path())) {
        let out = pool(&files).expect("pool runs");
        assert!(!out.status.success());
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("cannot be pooled"),
            "{out:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
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
        reviewed["review"]["seed"], 4,
        "by default the match's own seed, as the app reviews it"
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
        "/tests/fixtures/briscola-2p-seed5.json"
    );
    let table = briscola()
        .args(["review", fixture, "--seat", "1", "--worlds", "8"])
        .output()
        .expect("runs");
    assert!(table.status.success());
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(
        text.contains("Review of seat 1 (8 worlds per decision, seed 5)"),
        "{text}"
    );
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
        "/tests/fixtures/briscola-2p-seed5.json"
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
    let log: String = (0..3_000)
        .map(|n| format!("{{\"v\":2,\"summary\":{{\"id\":\"match-{n:08}\"}},\"record\":{{}}}}\n"))
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

/// `briscola train` as a user runs it: a tiny run writes loadable weights and prints their checksum;
/// run again it resumes from its checkpoints and writes the same bytes, as does a fresh run on one
/// thread; a directory made with other options (or another preset, or another teacher) is refused and
/// nothing is written; `--from` goes on from trained weights and refuses anything else; a preset
/// without a network is refused.
#[test]
fn train_writes_weights_resumes_and_refuses_a_foreign_directory() {
    let dir = std::env::temp_dir().join(format!("briscola-cli-train-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.join("net.bin");
    // A tiny run: `worlds` per decision, on `threads` threads, checkpoints in `run`, weights to `out`.
    let train = |worlds: &str, threads: &str, run: &str, out: &std::path::Path| {
        let mut cmd = briscola();
        cmd.args(["train", "--hands", "3", "--epochs", "2", "--hidden", "8"])
            .args(["--threads", threads, "--worlds", worlds, "--dir"])
            .arg(dir.join(run))
            .arg("--out")
            .arg(out);
        cmd
    };
    let args = |worlds: &str| train(worlds, "2", "run", &out);
    let first = args("2").output().expect("train runs");
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let text = String::from_utf8(first.stdout).expect("UTF-8");
    assert!(text.contains("epoch 2"), "{text}");
    assert!(text.contains("checksum"), "{text}");
    let weights = std::fs::read(&out).expect("weights written");
    assert!(briscola::ai::net::Mlp::from_bytes(&weights).is_ok());

    let again = args("2").output().expect("train runs");
    assert!(again.status.success());
    let text = String::from_utf8(again.stdout).expect("UTF-8");
    assert!(text.contains("0 chunks labelled now"), "{text}");
    assert!(
        !text.contains("epoch 1:"),
        "resumed after the last epoch: {text}"
    );
    assert_eq!(std::fs::read(&out).expect("weights"), weights);

    // A fresh directory on one thread: the same weights (the result does not depend on threads).
    let single = train("2", "1", "single", &dir.join("single.bin"))
        .output()
        .expect("train runs");
    assert!(single.status.success());
    assert_eq!(
        std::fs::read(dir.join("single.bin")).expect("weights"),
        weights
    );

    std::fs::remove_file(&out).expect("remove");
    let foreign = args("3").output().expect("train runs");
    assert!(!foreign.status.success());
    assert!(String::from_utf8_lossy(&foreign.stderr).contains("other options"));
    assert!(!out.exists());
    // Another preset's hands are not mixed into a Briscola directory either.
    let brisca = args("2")
        .args(["--ruleset", "brisca-2p"])
        .output()
        .expect("train runs");
    assert!(!brisca.status.success());
    assert!(String::from_utf8_lossy(&brisca.stderr).contains("other options"));
    assert!(!out.exists());
    // Nor a racing teacher's labels into a fixed teacher's directory.
    let racing = args("2").arg("--race").output().expect("train runs");
    assert!(!racing.status.success());
    assert!(String::from_utf8_lossy(&racing.stderr).contains("other options"));
    assert!(!out.exists());

    // Going on from trained weights with a racing teacher: a run of its own, other weights.
    let from = train("2", "2", "from", &dir.join("from.bin"))
        .args(["--race", "--from"])
        .arg(dir.join("single.bin"))
        .output()
        .expect("train runs");
    assert!(
        from.status.success(),
        "{}",
        String::from_utf8_lossy(&from.stderr)
    );
    let went_on = std::fs::read(dir.join("from.bin")).expect("weights");
    assert!(briscola::ai::net::Mlp::from_bytes(&went_on).is_ok());
    assert_ne!(went_on, weights);
    // `--from` must name weights: anything else is refused before a directory is made.
    let garbage = dir.join("garbage.bin");
    std::fs::write(&garbage, b"not a network").expect("write");
    for from in [garbage, dir.join("missing.bin")] {
        let fresh = dir.join("bad-from");
        let refused = train("2", "2", "bad-from", &dir.join("bad-from.bin"))
            .arg("--from")
            .arg(&from)
            .output()
            .expect("train runs");
        assert!(!refused.status.success());
        assert!(String::from_utf8_lossy(&refused.stderr).contains("--from"));
        assert!(!fresh.exists());
    }

    // Bad options are refused before anything is written.
    for bad in [
        ["--rate", "0"],
        ["--rounds", "0"],
        ["--hidden", "5000"],
        ["--ruleset", "briscola-4p"],
        ["--ruleset", "scoperta-2p"],
        ["--ruleset", "tressette"],
    ] {
        let fresh = dir.join("bad");
        let refused = briscola()
            .args(["train", bad[0], bad[1], "--dir"])
            .arg(&fresh)
            .output()
            .expect("train runs");
        assert!(!refused.status.success(), "{bad:?}");
        assert!(!fresh.exists(), "{bad:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
