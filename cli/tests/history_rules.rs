//! `briscola history` lists exactly what the app's store lists: both run over the same damaged
//! data folders of an earlier version (garbage and half-valid lines, a future format, torn and
//! unterminated tails, a symbolic link or a FIFO in place of the log, an over-long line) and their
//! match ids are compared. The CLI runs first (it upgrades the folder as the app would), then the
//! store opens the folder as the app does.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use briscola_store::{HistoryQuery, NoPreferences, Store};

/// Runs `briscola history` with `dir` as `BRISCOLA_DATA_DIR`, killed after 20 s (a FIFO must
/// not block it).
fn cli(env: &[(&str, &Path)], cwd: &Path) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_briscola"))
        .arg("history")
        .env_remove("XDG_DATA_HOME")
        .envs(env.iter().map(|(k, v)| (k, v)))
        .current_dir(cwd)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("briscola starts");
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            child.kill().ok();
            panic!("briscola history hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

fn cli_ids(out: &Output) -> Vec<String> {
    if !out.status.success() {
        return Vec::new();
    }
    let listed: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    listed["matches"]
        .as_array()
        .expect("matches")
        .iter()
        .map(|m| m["id"].as_str().expect("id").to_owned())
        .collect()
}

fn store_ids(dir: &Path) -> Vec<String> {
    let mut store = Store::<NoPreferences>::open(dir);
    store
        .history_page(&HistoryQuery::default())
        .expect("a page")
        .items
        .into_iter()
        .map(|s| s.id)
        .collect()
}

fn line(id: &str, v: u32) -> String {
    let rules = briscola::Ruleset::preset(briscola::Preset::Briscola, 2).expect("preset");
    let summary = serde_json::json!({
        "id": id, "started_at_ms": 1000, "finished_at_ms": 2000, "duration_ms": 1000,
        "opponents": [{ "name": "Seat 1", "level": "easy" }],
        "hand_scores": [[61, 59]], "outcome": "won", "resigned": false
    });
    let record = serde_json::json!({ "ruleset": rules, "format": { "kind": "single-hand" } });
    format!(
        "{}\n",
        serde_json::json!({ "v": v, "summary": summary, "record": record })
    )
}

type Damage = fn(&Path, &Path);

fn log(dir: &Path) -> PathBuf {
    dir.join("history/records.jsonl")
}

fn cases() -> Vec<(&'static str, Damage, Vec<&'static str>)> {
    vec![
        (
            "garbage, half-valid and future lines",
            |dir, _| {
                let text = [
                    line("a", 1),
                    "not json\n".into(),
                    "{\"v\":2,\"summary\":{\"id\":\"x\"}}\n".into(),
                    line("b", 1),
                    "\u{0}\u{0}\n".into(),
                    line("future", 9),
                    line("c", 1),
                ]
                .concat();
                std::fs::write(log(dir), text).expect("log");
            },
            vec!["a", "b", "c"],
        ),
        (
            "a torn last line",
            |dir, _| {
                let text = format!("{}{{\"v\":1,\"summ", line("a", 1));
                std::fs::write(log(dir), text).expect("log");
            },
            vec!["a"],
        ),
        (
            "a whole last line without its newline",
            |dir, _| {
                let text = format!("{}{}", line("a", 1), line("b", 1).trim_end());
                std::fs::write(log(dir), text).expect("log");
            },
            vec!["a", "b"],
        ),
        (
            "an over-long line",
            |dir, _| {
                let long = format!("{{\"v\":1,\"pad\":\"{}\"}}\n", "x".repeat(2 * 1024 * 1024));
                std::fs::write(log(dir), format!("{long}{}", line("a", 1))).expect("log");
            },
            vec!["a"],
        ),
        (
            "a symbolic link in place of the log",
            |dir, outside| {
                std::fs::write(outside.join("elsewhere.jsonl"), line("linked", 1)).expect("target");
                std::os::unix::fs::symlink(outside.join("elsewhere.jsonl"), log(dir))
                    .expect("link");
            },
            vec![],
        ),
        (
            "a FIFO in place of the log",
            |dir, _| {
                let made = Command::new("mkfifo")
                    .arg(log(dir))
                    .status()
                    .expect("mkfifo");
                assert!(made.success());
            },
            vec![],
        ),
    ]
}

#[test]
fn the_cli_lists_what_the_apps_store_lists() {
    for (name, damage, expected) in cases() {
        let root = tempfile::tempdir().expect("temp");
        let dir = root.path().join("data");
        std::fs::create_dir_all(dir.join("history")).expect("dir");
        damage(&dir, root.path());
        let out = cli(&[("BRISCOLA_DATA_DIR", &dir)], root.path());
        let listed = cli_ids(&out);
        assert_eq!(listed, store_ids(&dir), "{name}: {out:?}");
        assert_eq!(listed, expected, "{name}: {out:?}");
    }
}

#[test]
fn an_empty_data_dir_variable_is_ignored_as_the_app_ignores_it() {
    let home = tempfile::tempdir().expect("temp");
    let platform = home.path().join(".local/share/briscola");
    std::fs::create_dir_all(platform.join("history")).expect("dir");
    std::fs::write(log(&platform), line("home", 1)).expect("log");
    // A history in the working folder that must not be read.
    let cwd = home.path().join("work");
    std::fs::create_dir_all(cwd.join("history")).expect("dir");
    std::fs::write(log(&cwd), line("cwd", 1)).expect("log");
    let empty = Path::new("");
    let out = cli(&[("BRISCOLA_DATA_DIR", empty), ("HOME", home.path())], &cwd);
    assert_eq!(cli_ids(&out), ["home"], "{out:?}");
    assert_eq!(store_ids(&platform), ["home"]);
}
