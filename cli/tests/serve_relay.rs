//! A table through a relay, as people run it: `briscola relay` on a loopback port, `briscola serve
//! --relay` registering its table there (its `reach: relay:` line says so, its invitation names
//! the relay), the host joining with that invitation and `--via relay`, and a friend with an
//! invitation that names only the relay: both say the relay carried them, and they play the match
//! to the same record.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use briscola::MatchRecord;

const PATIENCE: Duration = Duration::from_secs(60);

fn briscola() -> Command {
    Command::new(env!("CARGO_BIN_EXE_briscola"))
}

/// Kills a child when the test ends, however it ends.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits for a child within [`PATIENCE`].
fn wait(child: &mut Child, what: &str) -> std::process::ExitStatus {
    let deadline = Instant::now() + PATIENCE;
    loop {
        if let Some(status) = child.try_wait().expect("a status") {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("{what} did not end");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Each line a child prints, as it prints it.
fn lines(child: &mut Child) -> mpsc::Receiver<String> {
    let (send, lines) = mpsc::channel();
    let stdout = child.stdout.take().expect("stdout");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { return };
            if send.send(line).is_err() {
                return;
            }
        }
    });
    lines
}

/// The first line `pick` accepts, within [`PATIENCE`].
fn line_of(lines: &mpsc::Receiver<String>, pick: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = lines.recv_timeout(left).expect("the line in time");
        if pick(&line) {
            return line;
        }
    }
}

/// A player answering every prompt with the first move offered; returns what it printed.
fn player(mut child: Child) -> (Child, JoinHandle<Vec<String>>) {
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut printed = Vec::new();
        for line in BufReader::new(stdout).lines() {
            let line = line.expect("UTF-8 output");
            if let Some((_, moves)) = line.split_once("you can: ") {
                let _ = writeln!(stdin, "{}", moves.split(' ').next().expect("a move"));
            }
            printed.push(line);
        }
        printed
    });
    (child, reader)
}

#[test]
fn friends_reach_a_served_table_through_its_relay_only() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut relay = Killed(
        briscola()
            .args(["relay", "--listen", "127.0.0.1:0", "--quiet"])
            .stdout(Stdio::piped())
            .spawn()
            .expect("the relay starts"),
    );
    let relay_lines = lines(&mut relay.0);
    let listening = line_of(&relay_lines, |l| l.starts_with("listening on "));
    let relay_address = format!("ws://{}", listening.trim_start_matches("listening on "));

    let mut server = Killed(
        briscola()
            .args(["serve", "--listen", "127.0.0.1:0", "--host", "Ann"])
            // The table stays 2 s after its match: the process then exits, and what its relay
            // link still holds for the relay goes with it.
            .args(["--ruleset", "briscola", "--players", "2", "--linger", "2"])
            .args(["--relay", &relay_address])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("serve starts"),
    );
    let served = lines(&mut server.0);
    // What serve announces, in order, with its relay lines wherever the registration lands.
    let (mut code, mut token_file, mut invitation, mut registered) = (None, None, None, false);
    while code.is_none() || token_file.is_none() || invitation.is_none() || !registered {
        let line = line_of(&served, |_| true);
        if let Some(rest) = line.strip_prefix("code ") {
            code = Some(rest.to_string());
        } else if let Some(rest) = line.strip_prefix("host-token-file ") {
            token_file = Some(rest.to_string());
        } else if let Some(rest) = line.strip_prefix("invitation ") {
            invitation = Some(rest.to_string());
        } else if line == format!("reach: relay: registered with {relay_address}") {
            registered = true;
        }
    }
    let (Some(code), Some(token_file), Some(invitation)) = (code, token_file, invitation) else {
        unreachable!("read until all are known");
    };
    assert!(
        invitation.ends_with(&format!("&relay={relay_address}")),
        "{invitation}"
    );

    let record = |who: &str| dir.path().join(format!("{who}.json"));
    let join = |words: &[&str], who: &str| {
        briscola()
            .arg("join")
            .args(words)
            .arg("--record")
            .arg(record(who))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("join starts")
    };
    let (mut ann, ann_lines) = player(join(
        &[
            &invitation,
            "--via",
            "relay",
            "--token-file",
            &token_file,
            "--start",
        ],
        "ann",
    ));
    let relay_only = format!("briscola://join?code={code}&relay={relay_address}");
    let (mut bea, bea_lines) = player(join(&[&relay_only, "--name", "Bea", "--ready"], "bea"));
    let ended = [
        wait(&mut ann, "Ann's client"),
        wait(&mut bea, "Bea's client"),
    ];
    let through = format!("connected through the relay {relay_address}");
    for (lines, ended) in [
        ann_lines.join().expect("Ann's output"),
        bea_lines.join().expect("Bea's output"),
    ]
    .iter()
    .zip(ended)
    {
        assert!(ended.success(), "{lines:?}");
        assert_eq!(lines.first(), Some(&through), "{lines:?}");
        assert!(
            lines.iter().any(|l| l.starts_with("match over: ")),
            "{lines:?}"
        );
    }
    let read = |who: &str| -> MatchRecord {
        let text = std::fs::read_to_string(record(who)).expect("a record");
        serde_json::from_str(&text).expect("a match record")
    };
    assert_eq!(read("ann"), read("bea"));
    assert!(wait(&mut server.0, "the server").success());
}

#[test]
fn a_relay_that_is_not_one_is_refused_before_anything_starts() {
    let out = briscola()
        .args(["serve", "--listen", "127.0.0.1:0", "--relay", "ftp://relay"])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--relay"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty(), "nothing served");
}
