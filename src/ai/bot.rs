//! The bot protocol: a long-lived loop speaking JSON Lines, so other programs can play against the
//! agents (`briscola bot --level hard`). Specified in `docs/bot-protocol.md`.
//!
//! Each input line is one [`Observation`] (the JSON that `Game::observation` serializes to) for the seat
//! to move; each output line is `{"action":"Ad","hint":"..."}`. A line that cannot be read, or an
//! observation with nothing to do or that contradicts itself, gets `{"error":"..."}` and the loop goes
//! on. Blank lines are ignored; the loop ends at end of input. One agent serves the whole session, so
//! its random stream continues from one request to the next (a session replays exactly from its seed
//! with a deterministic budget).

use std::io::{self, BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};

use serde::Serialize;

use super::{AgentConfig, Budget, Level, agent_with};
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
    Move { action: Action, hint: String },
    Error { error: String },
}

/// Serves requests from `reader` until end of input, writing one reply line per request.
pub fn serve<R: BufRead, W: Write>(reader: R, mut writer: W, config: BotConfig) -> io::Result<()> {
    let mut agent = agent_with(AgentConfig {
        budget: config.budget,
        ..AgentConfig::new(config.level, config.seed)
    });
    for line in reader.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let reply = match serde_json::from_str::<Observation>(&line) {
            Err(e) => Reply::Error {
                error: format!("not an observation: {e}"),
            },
            Ok(obs) => match check(&obs) {
                Err(error) => Reply::Error { error },
                Ok(()) => match catch_unwind(AssertUnwindSafe(|| agent.choose(&obs))) {
                    Ok(d) if obs.legal_actions.contains(&d.action) => Reply::Move {
                        action: d.action,
                        hint: d.hint.to_string(),
                    },
                    Ok(d) => Reply::Error {
                        error: format!("internal error: chose {} which is not legal", d.action),
                    },
                    Err(_) => Reply::Error {
                        error: "internal error while deciding; the observation may be inconsistent"
                            .to_string(),
                    },
                },
            },
        };
        let text = serde_json::to_string(&reply).map_err(io::Error::other)?;
        writeln!(writer, "{text}")?;
        writer.flush()?;
    }
    Ok(())
}

/// Checks that an observation is one a seat to move could have received.
fn check(obs: &Observation) -> Result<(), String> {
    let players = usize::from(obs.ruleset.players);
    obs.ruleset
        .validate()
        .map_err(|e| format!("bad ruleset: {e}"))?;
    if usize::from(obs.seat) >= players {
        return Err(format!(
            "seat {} is not at a {players}-player table",
            obs.seat
        ));
    }
    let lens = [
        obs.hand_sizes.len(),
        obs.known_in_hands.len(),
        obs.known_voids.len(),
        obs.pile_points.len(),
    ];
    if lens.iter().any(|&l| l != players) {
        return Err(format!(
            "hand_sizes, known_in_hands, known_voids and pile_points need one entry per seat ({players})"
        ));
    }
    if obs.legal_actions.is_empty() || obs.to_move != obs.seat {
        return Err(
            "nothing to do: legal_actions is empty or it is not this seat's turn".to_string(),
        );
    }
    if obs.hand.len() != usize::from(obs.hand_sizes[usize::from(obs.seat)]) {
        return Err("hand and hand_sizes disagree".to_string());
    }
    if !obs
        .ruleset
        .deck_cards()
        .is_superset(obs.hand | obs.played_cards())
    {
        return Err("a card is not in this ruleset's deck".to_string());
    }
    if !(obs.hand & obs.played_cards()).is_empty() {
        return Err("a card in hand has already been played".to_string());
    }
    let mut hidden = 0usize;
    for s in 0..players {
        if s == usize::from(obs.seat) || obs.open_hands.is_some() {
            continue;
        }
        let size = usize::from(obs.hand_sizes[s]);
        hidden += size.saturating_sub(obs.known_in_hands[s].len());
    }
    let stock_visible = usize::from(obs.face_up_trump.is_some())
        + usize::from(obs.next_stock_card.is_some() && obs.next_stock_card != obs.face_up_trump);
    hidden += usize::from(obs.stock_len).saturating_sub(stock_visible);
    if hidden != obs.unseen_cards().len() {
        return Err(format!(
            "the observation does not add up: {} unseen cards for {hidden} hidden places",
            obs.unseen_cards().len()
        ));
    }
    Ok(())
}
