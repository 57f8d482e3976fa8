//! The tracked tree describes the project as it is: no development history in docs, code, comments,
//! `--help` strings, scripts or the UI. This test reads every tracked text file (`git ls-files`, or a
//! walk of the folders when git is not there) and reports, as `path:line`, every:
//!
//! - session number: the word "session" or "sessions" followed by a space and a digit;
//! - issue number: "issue" or "issues", a space, an optional `#`, a digit;
//! - issue reference: `#` and one to four digits ending a word (a CSS colour of three or four digits
//!   is not one: in a style file, or right after a quote);
//! - commit hash: a word of 7 to 40 lower-case hex digits holding both a digit and a letter a–f
//!   (a 64-digit sha256 checksum is longer and never matches; `0b` binary literals are not hex);
//! - branch name: "branch" followed by a quoted name, "merged" or "merging" right before the main
//!   branch's name, a remote's or a ref's path (`origin`, `refs/heads`, then a slash).
//!
//! Files that are not text written by us are skipped: binary files, images (`.svg` included: card
//! art is drawn data), lock files (generated), and `target/`, `node_modules/`, `ui/dist/`. Hex words
//! that are not this repository's history are allowed one by one in [`ALLOWED_HEX`], each with why.
//! This file spells its own examples in pieces, so that it passes its own check.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Hex words that are not commits of this repository: where they come from.
const ALLOWED_HEX: &[(&str, &str)] = &[
    // FNV-1a checksums of the shipped playout networks (src/ai/net.rs tests, docs/ai.md).
    ("2f0a99013164b441", "checksum of src/ai/net/policy.bin"),
    (
        "2820f8fc999a3766",
        "checksum of src/ai/net/policy-brisca.bin",
    ),
    (
        "152d965107921143",
        "checksum of src/ai/net/policy-bisca.bin",
    ),
    (
        "7829856d5537cba1",
        "checksum of src/ai/net/policy-briscola-4p.bin",
    ),
    // The upstream sources the public AIs re-implement, pinned to the commit that was read.
    (
        "0ad0e23",
        "alsora/deep-briscola, source of the deep-briscola player",
    ),
    (
        "3ec5e8f",
        "Inc-G/Q_learning_briscola, source of the greedy player",
    ),
    (
        "0262c90",
        "herm23/Briscola-Agent, source of the brimarl-heuristic player",
    ),
    (
        "e1e9e27",
        "marcomag416/alfa_briscola_v1, source of the ismcts player",
    ),
    // The W3C WebDriver element key (ui/e2e/webdriver.mjs), a constant of the standard.
    ("4f735466cecf", "W3C WebDriver element identifier"),
];

/// Folders never read (build output, dependencies, the UI's build).
const SKIPPED_DIRS: &[&str] = &["target", "node_modules", "ui/dist", ".git"];

/// Extensions of files that are data, not text we write.
const SKIPPED_EXTENSIONS: &[&str] = &[
    "png", "jpg", "jpeg", "gif", "ico", "icns", "webp", "svg", "woff", "woff2", "ttf", "otf",
    "bin", "onnx", "lock",
];

/// Files whose `#` and three or four digits may be a colour.
const STYLE_EXTENSIONS: &[&str] = &["css", "svelte", "html", "svg", "scss"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The tracked files, relative to the root.
fn tracked_files(root: &Path) -> Vec<String> {
    let listed = Command::new("git")
        .arg("ls-files")
        .arg("-z")
        .current_dir(root)
        .output()
        .ok()
        .filter(|out| out.status.success());
    match listed {
        Some(out) => String::from_utf8_lossy(&out.stdout)
            .split('\0')
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .collect(),
        None => {
            let mut files = Vec::new();
            walk(root, root, &mut files);
            files
        }
    }
}

fn walk(root: &Path, dir: &Path, files: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(rel) = path.strip_prefix(root) else {
            continue;
        };
        let rel = rel.to_string_lossy().replace('\\', "/");
        if path.is_dir() {
            if !SKIPPED_DIRS
                .iter()
                .any(|d| rel == *d || rel.ends_with(&format!("/{d}")))
            {
                walk(root, &path, files);
            }
        } else {
            files.push(rel);
        }
    }
}

fn skipped(path: &str) -> bool {
    let ext = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    SKIPPED_DIRS
        .iter()
        .any(|d| path.starts_with(&format!("{d}/")) || path.contains(&format!("/{d}/")))
        || ext.is_some_and(|e| SKIPPED_EXTENSIONS.contains(&e.as_str()))
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// `word` (lower case) starts at `i` of `lower`, at the start of a word, then an optional `s`, a
/// space, optionally `#` when `hash` is allowed, and a digit.
fn numbered_word(lower: &[u8], word: &[u8], hash: bool) -> Vec<usize> {
    let mut hits = Vec::new();
    let mut i = 0;
    while i + word.len() <= lower.len() {
        if &lower[i..i + word.len()] == word && (i == 0 || !is_word_byte(lower[i - 1])) {
            let mut j = i + word.len();
            if lower.get(j) == Some(&b's') {
                j += 1;
            }
            if lower.get(j) == Some(&b' ') {
                j += 1;
                if hash && lower.get(j) == Some(&b'#') {
                    j += 1;
                }
                if lower.get(j).is_some_and(u8::is_ascii_digit) {
                    hits.push(i);
                }
            }
        }
        i += 1;
    }
    hits
}

/// `#` and one to four digits ending a word, not an HTML entity, not a colour.
fn issue_references(line: &[u8], style: bool) -> Vec<String> {
    let mut hits = Vec::new();
    for (i, &b) in line.iter().enumerate() {
        if b != b'#' {
            continue;
        }
        let before = i.checked_sub(1).map(|k| line[k]);
        if before.is_some_and(|c| is_word_byte(c) || matches!(c, b'&' | b'$' | b'#')) {
            continue;
        }
        let digits = line[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        let end = i + 1 + digits;
        if digits == 0 || digits > 4 || line.get(end).is_some_and(|&c| is_word_byte(c)) {
            continue;
        }
        let colour = (digits == 3 || digits == 4)
            && (style || before.is_some_and(|c| matches!(c, b'"' | b'\'' | b'`')));
        if !colour {
            hits.push(String::from_utf8_lossy(&line[i..end]).into_owned());
        }
    }
    hits
}

/// Words of 7 to 40 lower-case hex digits with a digit and a letter, not allowed, not binary literals.
fn hex_words(line: &[u8]) -> Vec<String> {
    let mut hits = Vec::new();
    let mut i = 0;
    while i < line.len() {
        if !is_word_byte(line[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < line.len() && is_word_byte(line[i]) {
            i += 1;
        }
        let word = &line[start..i];
        let hex = word
            .iter()
            .all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(c));
        let binary = word.starts_with(b"0b") && word[2..].iter().all(|c| matches!(c, b'0' | b'1'));
        if (7..=40).contains(&word.len())
            && hex
            && !binary
            && word.iter().any(u8::is_ascii_digit)
            && word.iter().any(u8::is_ascii_lowercase)
        {
            let word = String::from_utf8_lossy(word).into_owned();
            if !ALLOWED_HEX.iter().any(|(allowed, _)| *allowed == word) {
                hits.push(word);
            }
        }
    }
    hits
}

/// Mentions of a git branch.
fn branch_names(lower: &str) -> Vec<String> {
    let mut phrases = Vec::new();
    for word in ["branch", "branches"] {
        for quote in ['`', '\'', '"'] {
            phrases.push(format!("{word} {quote}"));
        }
    }
    for verb in ["merge", "merged", "merging", "rebased on"] {
        phrases.push(format!("{verb} {}", "main"));
    }
    for path in ["origin", "refs/heads"] {
        phrases.push(format!("{path}/"));
    }
    phrases
        .into_iter()
        .filter(|phrase| lower.contains(phrase.as_str()))
        .collect()
}

/// Every finding of one line, as "kind `text`".
fn findings(line: &str, style: bool) -> Vec<String> {
    let lower = line.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let excerpt = |at: usize| -> String { lower[at..].chars().take(12).collect() };
    let mut found = Vec::new();
    for at in numbered_word(bytes, b"session", false) {
        found.push(format!("session number `{}`", excerpt(at)));
    }
    for at in numbered_word(bytes, b"issue", true) {
        found.push(format!("issue number `{}`", excerpt(at)));
    }
    for r in issue_references(line.as_bytes(), style) {
        found.push(format!("issue reference `{r}`"));
    }
    for h in hex_words(line.as_bytes()) {
        found.push(format!("commit hash? `{h}`"));
    }
    for b in branch_names(&lower) {
        found.push(format!("branch name `{b}`"));
    }
    found
}

#[test]
fn the_tracked_tree_names_no_session_issue_branch_or_commit() {
    let root = root();
    let files = tracked_files(&root);
    assert!(
        files.iter().any(|f| f == "Cargo.toml"),
        "no files found under {}",
        root.display()
    );
    let mut report = Vec::new();
    let mut read = 0;
    for path in files.iter().filter(|p| !skipped(p)) {
        let Ok(bytes) = std::fs::read(root.join(path)) else {
            continue; // listed by git but deleted in the work tree
        };
        if bytes.contains(&0) {
            continue;
        }
        let Ok(text) = String::from_utf8(bytes) else {
            continue;
        };
        read += 1;
        let ext = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
        let style = ext.is_some_and(|e| STYLE_EXTENSIONS.contains(&e.as_str()));
        for (n, line) in text.lines().enumerate() {
            for finding in findings(line, style) {
                report.push(format!("{path}:{}: {finding}", n + 1));
            }
        }
    }
    assert!(read > 100, "only {read} text files read");
    assert!(
        report.is_empty(),
        "{} mention(s) of the project's history (say what the thing is, not when it was made):\n{}",
        report.len(),
        report.join("\n")
    );
}

#[test]
fn each_pattern_finds_what_it_is_for_and_not_its_look_alikes() {
    // Each example is joined from two pieces, so this file holds none of them whole.
    let line = |a: &str, b: &str| format!("{a}{b}");
    let hits = |a: &str, b: &str| findings(&line(a, b), false).len();
    assert_eq!(hits("measured in sess", "ion 3"), 1);
    assert_eq!(hits("Sess", "ions 10–13 left it"), 1);
    assert_eq!(hits("as iss", "ue 12 asks"), 1);
    assert_eq!(hits("see iss", "ues 4"), 1);
    assert_eq!(hits("fixed in (#", "123)"), 1);
    assert_eq!(hits("recorded at c5697", "29"), 1);
    assert_eq!(hits("on bra", "nch `feature-x`"), 1);
    assert_eq!(hits("after merging ", "main"), 1);
    assert_eq!(
        hits("the session's view; issue a warning; ", "12 sessions"),
        0
    );
    assert_eq!(hits("deadbeef 1234567 0b010101 ", "0x9e3779b97f4a7c15"), 0);
    assert_eq!(hits("a branch per unit; ", "mainly"), 0);
    assert_eq!(hits("fill: ", "\"#000\"; &#8212;"), 0);
    assert_eq!(findings(&line("color: ", "#333;"), true).len(), 0);
    assert_eq!(findings(&line("color: ", "#333;"), false).len(), 1);
    assert_eq!(hits("checksum ", "2f0a99013164b441"), 0);
}
