//! `briscola serve` and `briscola join` as people run them: a server on a free loopback port, two
//! players in their own processes, each answering its prompts through standard input with a move it
//! was offered, a chat line between them, and the same replayable record for both at the end; and a
//! server killed and started again from its `--state` file, where a player takes her seat back with
//! her token typed on standard input. The host's token comes in a file readable by its owner only,
//! never printed.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use briscola::MatchRecord;

const PATIENCE: Duration = Duration::from_secs(60);

fn briscola() -> Command {
    Command::new(env!("CARGO_BIN_EXE_briscola"))
}

/// Waits for a child within [`PATIENCE`], killing it if it does not end.
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

/// A player: answers every prompt with the first move it offers (after `first` lines, sent at the
/// first prompt); returns everything it printed.
fn player(child: Child, first: &'static [&'static str]) -> (Child, JoinHandle<Vec<String>>) {
    let mut first = first.iter();
    player_with(child, Vec::new(), move |line| {
        let Some((_, moves)) = line.split_once("you can: ") else {
            return Vec::new();
        };
        let mut typed: Vec<String> = first.by_ref().map(ToString::to_string).collect();
        typed.push(moves.split(' ').next().expect("a move").to_string());
        typed
    })
}

/// A player that types `opening` at once, then what `respond` answers to each line it prints;
/// returns everything it printed.
fn player_with(
    mut child: Child,
    opening: Vec<String>,
    mut respond: impl FnMut(&str) -> Vec<String> + Send + 'static,
) -> (Child, JoinHandle<Vec<String>>) {
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout: ChildStdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut lines = Vec::new();
        for typed in opening {
            writeln!(stdin, "{typed}").expect("the player reads");
        }
        for line in BufReader::new(stdout).lines() {
            let line = line.expect("UTF-8 output");
            for typed in respond(&line) {
                // The client may have left already (after `/close`).
                let _ = writeln!(stdin, "{typed}");
            }
            lines.push(line);
        }
        lines
    });
    (child, reader)
}

#[test]
fn two_players_join_a_served_table_and_play_a_match_to_its_record() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut server = briscola()
        .args(["serve", "--listen", "127.0.0.1:0", "--host", "Ann"])
        .args(["--ruleset", "briscola", "--players", "2", "--linger", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("serve starts");
    let mut announced = BufReader::new(server.stdout.take().expect("stdout")).lines();
    let mut field = |name: &str| {
        let line = announced
            .next()
            .expect("serve announces the table")
            .expect("UTF-8");
        line.strip_prefix(name)
            .unwrap_or_else(|| panic!("`{name}` expected, got `{line}`"))
            .trim()
            .to_string()
    };
    let address = field("address");
    let code = field("code");
    let token_file = field("host-token-file");
    assert_private(&token_file);
    let record = |who: &str| dir.path().join(format!("{who}.json"));
    let join = |extra: &[&str], who: &str| {
        briscola()
            .args(["join", &address])
            .args(extra)
            .arg("--record")
            .arg(record(who))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("join starts")
    };
    let (mut ann, ann_lines) = player(
        join(&[&code, "--token-file", &token_file, "--start"], "ann"),
        &[],
    );
    // Bea types the code as read aloud, and says hello at her first turn.
    let spoken = code.to_lowercase().replace('-', " ");
    let (mut bea, bea_lines) = player(
        join(&[&spoken, "--name", "Bea", "--ready"], "bea"),
        &["/say ciao", "/dance"],
    );
    assert!(wait(&mut ann, "Ann's client").success());
    assert!(wait(&mut bea, "Bea's client").success());
    let (ann_lines, bea_lines) = (
        ann_lines.join().expect("Ann's output"),
        bea_lines.join().expect("Bea's output"),
    );
    let read = |who: &str| -> MatchRecord {
        let text = std::fs::read_to_string(record(who)).expect("a record");
        serde_json::from_str(&text).expect("a match record")
    };
    let (ann_record, bea_record) = (read("ann"), read("bea"));
    assert_eq!(ann_record, bea_record);
    assert!(ann_record.replay().expect("it replays").outcome().is_some());
    for lines in [&ann_lines, &bea_lines] {
        assert!(
            lines.iter().any(|l| l.starts_with("match over: ")),
            "{lines:?}"
        );
        // The client stays until the table closes (at once here: `--linger 0`).
        assert_eq!(
            lines.last().map(String::as_str),
            Some("the table closed"),
            "{lines:?}"
        );
    }
    assert!(
        ann_lines.contains(&"chat Bea (seat 2): ciao".to_string()),
        "{ann_lines:?}"
    );
    assert!(
        bea_lines.iter().any(|l| l.starts_with("`/dance`")),
        "{bea_lines:?}"
    );
    // The table closes once the match is over; the server logs each event on a line and exits.
    assert!(wait(&mut server, "the server").success());
    let mut log = String::new();
    std::io::Read::read_to_string(&mut server.stderr.take().expect("stderr"), &mut log)
        .expect("the log");
    let events: Vec<&str> = log.lines().collect();
    assert!(
        events
            .iter()
            .all(|l| l.starts_with(&format!("briscola serve: table {code}: "))),
        "{events:?}"
    );
    let at = |event: &str| {
        events
            .iter()
            .position(|l| l.contains(event))
            .unwrap_or_else(|| panic!("no `{event}`: {events:?}"))
    };
    let started = at("match started");
    assert_eq!(at("created"), 0);
    assert!(at("Ann is back") < started && at("Bea joined at seat 1") < started);
    assert!(started < at("match over, "));
    assert_eq!(at("closed"), events.len() - 1);
}

/// Starts `briscola serve` with `args`; its announced address, code and host token, and the rest of
/// its output (kept read, so that the server never writes to a closed pipe).
fn serve(args: &[&str]) -> (Child, [String; 3], std::sync::mpsc::Receiver<String>) {
    let mut server = briscola()
        .args(["serve", "--listen", "127.0.0.1:0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("serve starts");
    let said = output(&mut server);
    let [address, code, token_file] = ["address", "code", "host-token-file"].map(|name| {
        let line = said.recv_timeout(PATIENCE).expect("an announcement");
        line.strip_prefix(name)
            .unwrap_or_else(|| panic!("`{name}` expected, got `{line}`"))
            .trim()
            .to_string()
    });
    assert_private(&token_file);
    let token = std::fs::read_to_string(&token_file).expect("the host's token");
    // The token is in the file only, never printed.
    let rest = said.recv_timeout(PATIENCE).expect("how to sit");
    assert!(!rest.contains(token.trim()), "{rest}");
    (server, [address, code, token.trim().to_string()], said)
}

/// A file readable by its owner only.
fn assert_private(path: &str) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path)
            .expect("the file")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "{path}");
    }
    let _ = path;
}

/// A child's output, a line at a time, read on a thread of its own (so the child never blocks on a
/// full pipe nor meets a closed one).
fn output(child: &mut Child) -> std::sync::mpsc::Receiver<String> {
    let stdout = child.stdout.take().expect("stdout");
    let (lines, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { return };
            if lines.send(line).is_err() {
                return;
            }
        }
    });
    receiver
}

/// The next line of `output` that `pick` accepts.
fn line_of(output: &std::sync::mpsc::Receiver<String>, pick: impl Fn(&str) -> bool) -> String {
    let mut seen = Vec::new();
    while let Ok(line) = output.recv_timeout(PATIENCE) {
        if pick(&line) {
            return line;
        }
        seen.push(line);
    }
    panic!("no such line in {seen:?}");
}

#[test]
fn a_served_table_comes_back_from_its_state_file_and_takes_its_people_back() {
    let dir = tempfile::tempdir().expect("a folder");
    let state = dir.path().join("table.json");
    let state_arg = state.to_str().expect("a UTF-8 path");
    let (mut first, [address, code, host_token], _said) = serve(&["--state", state_arg]);
    let mut bea = briscola()
        .args(["join", &address, &code, "--name", "Bea"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("join starts");
    let bea_says = output(&mut bea);
    let token = line_of(&bea_says, |l| l.starts_with("your token"))
        .rsplit(' ')
        .next()
        .expect("a token")
        .to_string();
    // Bea is seated: the server is killed outright, and her client sees the connection close.
    saved_with_bea(&state);
    first.kill().expect("the server is killed");
    wait(&mut first, "the killed server");
    assert!(!wait(&mut bea, "Bea's client").success());
    let (mut second, [address, again, host_again], _said_again) = serve(&["--state", state_arg]);
    assert_eq!((&again, &host_again), (&code, &host_token));
    // The token typed on standard input, not on the command line.
    let mut back = briscola()
        .args(["join", &address, &code, "--token", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("join starts");
    {
        let stdin = back.stdin.as_mut().expect("stdin");
        writeln!(stdin, "{token}").expect("the token typed");
    }
    let welcome = line_of(&output(&mut back), |l| l.starts_with("joined table"));
    assert_eq!(welcome, format!("joined table {code} at seat 2"));
    let _ = back.kill();
    wait(&mut back, "Bea's second client");
    let _ = second.kill();
    wait(&mut second, "the second server");
}

/// Waits until the state file has Bea at the table (saved after every change, atomically).
fn saved_with_bea(state: &std::path::Path) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let saved = std::fs::read_to_string(state).unwrap_or_default();
        if saved.contains("\"name\":\"Bea\"") {
            return;
        }
        assert!(Instant::now() < deadline, "Bea never saved");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The first move offered in a prompt line, if the line is one.
fn first_move(line: &str) -> Option<String> {
    let (_, moves) = line.split_once("you can: ")?;
    moves.split(' ').next().map(ToString::to_string)
}

#[test]
fn terminal_players_stay_for_the_hosts_next_match_until_the_table_closes() {
    let dir = tempfile::tempdir().expect("a folder");
    let (mut server, [address, code, host_token], _said) = serve(&[
        "--host",
        "Ann",
        "--players",
        "2",
        "--format",
        "single-hand",
        "--linger",
        "60",
    ]);
    let record = |name: &str| dir.path().join(name);
    let join = |extra: &[&str], who: &str| {
        briscola()
            .args(["join", &address, &code])
            .args(extra)
            .arg("--record")
            .arg(record(&format!("{who}.json")))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("join starts")
    };
    // Ann, the host, asks for another match after the first and closes the table after the second.
    let mut over = 0;
    let (mut ann, ann_lines) = player_with(
        join(&["--token", "-", "--start"], "ann"),
        vec![host_token],
        move |line| {
            if line.starts_with("match over: ") {
                over += 1;
                return vec![if over == 1 { "/again" } else { "/close" }.to_string()];
            }
            first_move(line).into_iter().collect()
        },
    );
    let (mut bea, bea_lines) = player_with(
        join(&["--name", "Bea", "--ready"], "bea"),
        Vec::new(),
        |line| first_move(line).into_iter().collect(),
    );
    assert!(wait(&mut ann, "Ann's client").success());
    assert!(wait(&mut bea, "Bea's client").success());
    assert!(wait(&mut server, "the server").success());
    let ann_lines = ann_lines.join().expect("Ann's output");
    let bea_lines = bea_lines.join().expect("Bea's output");
    for lines in [&ann_lines, &bea_lines] {
        let overs = lines
            .iter()
            .filter(|l| l.starts_with("match over: "))
            .count();
        assert_eq!(overs, 2, "{lines:?}");
        assert_eq!(
            lines.last().map(String::as_str),
            Some("the host closed the table"),
            "{lines:?}"
        );
    }
    assert!(
        bea_lines
            .iter()
            .any(|l| l.starts_with("waiting for the host: another match at this table")),
        "{bea_lines:?}"
    );
    assert!(
        bea_lines
            .iter()
            .any(|l| l.starts_with("another match at this table")),
        "{bea_lines:?}"
    );
    let read = |name: &str| -> MatchRecord {
        let text = std::fs::read_to_string(record(name)).expect("a record");
        serde_json::from_str(&text).expect("a match record")
    };
    assert_eq!(read("ann.json"), read("bea.json"));
    assert_eq!(read("ann-2.json"), read("bea-2.json"));
    assert_ne!(read("bea.json"), read("bea-2.json"), "two matches");
}
