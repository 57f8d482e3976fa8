//! `scripts/strength.sh` and `docs/strength.md` list the same rows: every row the script measures is
//! in the doc's table with the same flags, seeds and deal sets, and every row of the table is one the
//! script measures. The script's rows are its own `rows` function, run by bash (so its loop over the
//! presets is read as bash reads it); no arena is run.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

fn repo_file(path: &str) -> String {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path);
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// Whitespace collapsed to single spaces.
fn normalize(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// One row as both sides state it: id, the arena flags, the seeds and the deal sets per seed.
fn row(id: &str, flags: &str, seeds: &str, pairs: &str) -> String {
    normalize(&format!("{id} | {flags} | {seeds} × {pairs}"))
}

/// The text of the shell function `name() { … }` in `script`.
fn function(script: &str, name: &str) -> String {
    let start = script
        .find(&format!("\n{name}() {{\n"))
        .unwrap_or_else(|| panic!("no function {name} in the script"));
    let body = &script[start + 1..];
    let end = body
        .find("\n}\n")
        .unwrap_or_else(|| panic!("function {name} does not end"));
    body[..end + 3].to_string()
}

/// The number the script assigns to `name=` (`worlds=200`).
fn assigned(script: &str, name: &str) -> String {
    let at = script
        .find(&format!(" {name}="))
        .unwrap_or_else(|| panic!("no {name}= in the script"));
    script[at + name.len() + 2..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect()
}

/// The rows `scripts/strength.sh` measures, stated as the doc's table states them (the sparring bot
/// by its variable, seeds `first–last`, one seed alone).
fn script_rows(script: &str) -> BTreeSet<String> {
    let rows = function(script, "rows");
    let worlds = assigned(script, "worlds");
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!("set -euo pipefail\n{rows}\nrows"))
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "rows failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let n = fields.len();
            assert!(n >= 7, "a row of the script with too few fields: {line}");
            let (id, a) = (fields[0], fields[1]);
            let b = fields[2..n - 4].join(" ");
            let [ruleset, seeds, pairs, threads] = [fields[n - 4], fields[n - 3], fields[n - 2], fields[n - 1]];
            let b = match b.strip_prefix("@bot") {
                Some(args) => format!("\"cmd:$BRISCOLA_SPARRING_BOT{args}\""),
                None => b,
            };
            let (first, last) = seeds
                .split_once('-')
                .unwrap_or_else(|| panic!("seeds not first-last: {line}"));
            let seeds = if first == last {
                first.to_string()
            } else {
                format!("{first}–{last}")
            };
            let flags = format!(
                "--a {a} --b {b} --ruleset {ruleset} --pairs {pairs} --worlds {worlds} --threads {threads}"
            );
            row(id, &flags, &seeds, pairs)
        })
        .collect()
}

/// The rows of the doc's table (`| row | A vs B | flags | seeds × deal sets | … |`).
fn doc_rows(doc: &str) -> BTreeSet<String> {
    let mut lines = doc
        .lines()
        .skip_while(|line| !line.starts_with("| row | A vs B |"));
    assert!(lines.next().is_some(), "no table of rows in the doc");
    lines
        .skip(1)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            assert!(
                cells.len() >= 4,
                "a row of the doc with too few cells: {line}"
            );
            let flags = cells[2].trim_matches('`');
            let (seeds, pairs) = cells[3]
                .split_once('×')
                .unwrap_or_else(|| panic!("not seeds × deal sets: {line}"));
            row(cells[0], flags, seeds, pairs)
        })
        .collect()
}

/// What one list has and the other lacks, for the failure message.
fn differences(script: &BTreeSet<String>, doc: &BTreeSet<String>) -> String {
    let only = |a: &BTreeSet<String>, b: &BTreeSet<String>| {
        a.difference(b).cloned().collect::<Vec<_>>().join("\n  ")
    };
    format!(
        "only in scripts/strength.sh:\n  {}\nonly in docs/strength.md:\n  {}",
        only(script, doc),
        only(doc, script)
    )
}

#[test]
fn the_strength_script_and_the_strength_table_list_the_same_rows() {
    let script = script_rows(&repo_file("scripts/strength.sh"));
    let doc = doc_rows(&repo_file("docs/strength.md"));
    assert!(script.len() > 10, "the script's rows: {script:?}");
    assert!(script == doc, "{}", differences(&script, &doc));
}

#[test]
fn a_row_missing_from_either_side_is_named() {
    let script = BTreeSet::from([
        row("a", "--a hard", "1", "5"),
        row("b", "--a easy", "2", "5"),
    ]);
    let doc = BTreeSet::from([
        row("a", "--a  hard", "1", "5"),
        row("c", "--a easy", "2", "5"),
    ]);
    assert_ne!(script, doc);
    let told = differences(&script, &doc);
    assert!(
        told.contains("only in scripts/strength.sh:\n  b |"),
        "{told}"
    );
    assert!(told.contains("only in docs/strength.md:\n  c |"), "{told}");
}
