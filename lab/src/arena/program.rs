//! An external program as an arena player: any process speaking the bot protocol
//! (`docs/bot-protocol.md`) — one observation per line on its stdin, one `{"action": ...}` per line on
//! its stdout.
//!
//! The arena keeps one process per game stream (a worker thread's seat, the games in order) so a
//! program may remember things between lines. Everything that can go wrong with someone else's
//! program becomes an error message, never a hang or a silent substitute: it cannot be started, it
//! exits or closes its output, it takes longer than the timeout to answer (its reply is read on a
//! helper thread and waited for with a deadline), it answers an over-long line, something that is not
//! a reply, an `{"error": ...}`, or an action that is not legal. The program runs in a process group
//! of its own, killed whole when its player is dropped (a script's own children included; on Unix,
//! through `kill(1)`, as the engine has no unsafe code). Its stderr is passed through to ours.
//!
//! Deliberately absent: a shell. The command is split on whitespace (`python3 bot.py --sample`); a
//! program that needs quoting or environment variables is started through a script of its own.

use std::io::{self, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use serde::Deserialize;

use briscola::ai::bot::{Line, MAX_LINE_BYTES, next_line};
use briscola::{Action, Observation};

/// One reply line of the protocol: an action (the hint is optional here), or an error.
#[derive(Deserialize)]
#[serde(untagged)]
enum Reply {
    Move { action: String },
    Error { error: String },
}

/// A running external player.
pub(super) struct Program {
    child: Child,
    stdin: ChildStdin,
    replies: Receiver<io::Result<Line>>,
    timeout: Duration,
}

impl Program {
    /// Starts `command` (whitespace-separated: the program, then its arguments).
    pub fn spawn(command: &str, timeout: Duration) -> Result<Program, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("the command is empty")?;
        let mut command_line = Command::new(program);
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command_line, 0);
        let mut child = command_line
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start `{command}`: {e}"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(format!("cannot connect to `{command}`"));
        };
        let (send, replies) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(line) = next_line(&mut reader, MAX_LINE_BYTES).transpose() {
                let failed = line.is_err();
                if send.send(line).is_err() || failed {
                    break;
                }
            }
        });
        Ok(Program {
            child,
            stdin,
            replies,
            timeout,
        })
    }

    /// Sends `obs` and returns the program's action, checked against the observation's legal actions.
    pub fn choose(&mut self, obs: &Observation) -> Result<Action, String> {
        let request = serde_json::to_string(obs).map_err(|e| format!("cannot encode: {e}"))?;
        writeln!(self.stdin, "{request}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| self.gone(&format!("could not be sent a request ({e})")))?;
        let text = loop {
            match self.replies.recv_timeout(self.timeout) {
                Ok(Ok(Line::Text(text))) if text.trim().is_empty() => continue,
                Ok(Ok(Line::Text(text))) => break text,
                Ok(Ok(Line::NotUtf8)) => return Err("answered a line that is not UTF-8".into()),
                Ok(Ok(Line::TooLong)) => {
                    return Err(format!(
                        "answered a line longer than {MAX_LINE_BYTES} bytes"
                    ));
                }
                Ok(Err(e)) => return Err(self.gone(&format!("could not be read ({e})"))),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "did not answer within {} ms",
                        self.timeout.as_millis()
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.gone("closed its output without answering"));
                }
            }
        };
        let action = match serde_json::from_str::<Reply>(&text) {
            Ok(Reply::Move { action }) => action,
            Ok(Reply::Error { error }) => return Err(format!("answered an error: {error}")),
            Err(_) => return Err(format!("answered something that is not a reply: {text}")),
        };
        match action.parse::<Action>() {
            Ok(action) if obs.allows(&action) => Ok(action),
            _ => Err(format!(
                "answered `{action}`, which is not a legal action here (legal: {})",
                obs.legal_actions
                    .iter()
                    .map(|a| a.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )),
        }
    }

    /// Why the program stopped talking: `what`, with its exit status once it has one.
    fn gone(&mut self, what: &str) -> String {
        std::thread::sleep(Duration::from_millis(50));
        match self.child.try_wait() {
            Ok(Some(status)) => format!("{what}: it exited ({status})"),
            _ => what.to_string(),
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        // The group's id is the program's pid (`process_group(0)`); a group already gone is fine.
        #[cfg(unix)]
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
