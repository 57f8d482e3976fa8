//! The bot protocol: a long-lived loop speaking JSON Lines, so other programs can play against the
//! agents (`briscola bot --level hard`). Specified in `docs/bot-protocol.md`.
//!
//! Each input line is one [`Observation`] (the JSON that `Game::observation` serializes to) for the seat
//! to move; each output line is `{"action":"Ad","hint":"..."}`. A line that is too long (over
//! [`MAX_LINE_BYTES`]), not UTF-8, not an observation, or an observation that
//! [`Observation::validate`] refuses (not a position the rules can produce with this seat to move) gets
//! `{"error":"..."}` and the loop goes on. Blank lines are ignored; the loop ends at end of input. One
//! agent serves the whole session, so its random stream continues from one request to the next (a
//! session replays exactly from its seed with a deterministic budget).

mod lines;

use std::io::{self, BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};

use serde::Serialize;

pub use lines::{Line, next_line};

use super::{Agent, AgentConfig, Budget, Level, agent_with};
use crate::{Action, Observation};

/// How the bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotConfig {
    /// The level.
    pub level: Level,
    /// The agent's seed.
    pub seed: u64,
    /// The search budget (Hard).
    pub budget: Budget,
}

/// One output line.
#[derive(Serialize)]
#[serde(untagged)]
enum Reply {
    Move {
        #[serde(with = "crate::action_text::one")]
        action: Action,
        hint: String,
    },
    Error {
        error: String,
    },
}

/// The longest input line read, in bytes (1 MiB; an observation takes a few KiB). A longer line gets an
/// error reply without being kept whole.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Serves requests from `reader` until end of input, writing one reply line per request.
pub fn serve<R: BufRead, W: Write>(
    mut reader: R,
    mut writer: W,
    config: BotConfig,
) -> io::Result<()> {
    let mut agent = agent_with(AgentConfig {
        budget: config.budget,
        ..AgentConfig::new(config.level, config.seed)
    });
    while let Some(line) = next_line(&mut reader, MAX_LINE_BYTES)? {
        let reply = match line {
            Line::TooLong => Reply::error(format!("line longer than {MAX_LINE_BYTES} bytes")),
            Line::NotUtf8 => Reply::error("line is not UTF-8".to_string()),
            Line::Text(text) if text.trim().is_empty() => continue,
            Line::Text(text) => answer(agent.as_mut(), &text),
        };
        let text = serde_json::to_string(&reply).map_err(io::Error::other)?;
        writeln!(writer, "{text}")?;
        writer.flush()?;
    }
    Ok(())
}

impl Reply {
    fn error(error: String) -> Reply {
        Reply::Error { error }
    }
}

/// The reply to one line of text.
fn answer(agent: &mut (dyn Agent + Send), text: &str) -> Reply {
    let obs = match serde_json::from_str::<Observation>(text) {
        Ok(obs) => obs,
        Err(e) => return Reply::error(format!("not an observation: {e}")),
    };
    if let Err(e) = obs.validate() {
        return Reply::error(format!("observation refused: {e}"));
    }
    // Last-resort net: a validated observation is a real position, so a panic here is an engine bug
    // (the fuzz test fails on this reply).
    match catch_unwind(AssertUnwindSafe(|| agent.choose(&obs))) {
        Ok(d) if obs.allows(&d.action) => Reply::Move {
            action: d.action,
            hint: d.hint.to_string(),
        },
        Ok(d) => Reply::error(format!(
            "internal error: chose {} which is not legal",
            d.action
        )),
        Err(_) => Reply::error("internal error while deciding".to_string()),
    }
}
