//! `briscola join`'s words: the table's messages as lines of text, and typed lines as messages.
//! Everything shown comes from what the table sent this connection (its own seat's view and public
//! events); nothing is worked out from anything else. The server is a remote peer: whatever text
//! of its reaches the terminal passes [`shown`] first, so it cannot write escape sequences or turn
//! text around.

use briscola::Action;
use briscola_table::protocol::{
    ChatBody, ClientMessage, ClosedReason, LobbyView, PublicEvent, SeatView, ServerMessage,
};

use crate::play;

/// What a typed line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// Send this message.
    Send(ClientMessage),
    /// Show the commands and the moves open now.
    Help,
    /// Close the connection and stop (the seat is kept).
    Quit,
    /// Nothing to do (an empty line).
    Nothing,
    /// The line means nothing: say why.
    Unknown(String),
}

/// The commands, for `?`.
pub const HELP: &str = "type a move (Ad, `exchange 7s`, `bid K`, pass, `call Ac`), or: /say TEXT, \
/ready, /unready, /sit SEAT, /start (host), /close (host: close the table), /quit";

/// Text from the server as it may reach a terminal: control characters (escape sequences start with
/// one), line separators and the format characters that change how text reads become U+FFFD.
pub fn shown(text: &str) -> String {
    text.chars()
        .map(|c| {
            if briscola_table::text::is_forbidden(c) {
                '\u{FFFD}'
            } else {
                c
            }
        })
        .collect()
}

/// Reads one typed line.
pub fn command(line: &str) -> Command {
    let line = line.trim();
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let rest = rest.trim();
    let send = Command::Send;
    match word {
        "" => Command::Nothing,
        "?" | "help" | "/help" => Command::Help,
        "/quit" => Command::Quit,
        "/say" => send(ClientMessage::Chat {
            chat: ChatBody::Text {
                text: rest.to_string(),
            },
        }),
        "/ready" => send(ClientMessage::Ready { ready: true }),
        "/unready" => send(ClientMessage::Ready { ready: false }),
        "/start" => send(ClientMessage::Start),
        "/close" => send(ClientMessage::CloseTable),
        "/sit" => match rest.parse() {
            Ok(seat) => send(ClientMessage::Sit { seat }),
            Err(_) => Command::Unknown(format!("`{line}`: /sit takes a seat number")),
        },
        _ if word.starts_with('/') => Command::Unknown(format!("`{word}`: {HELP}")),
        _ => match line.parse::<Action>() {
            Ok(action) => send(ClientMessage::Act { action }),
            Err(e) => Command::Unknown(e.to_string()),
        },
    }
}

/// The lobby on one line: every seat, then who watches.
pub fn lobby(view: &LobbyView) -> String {
    let seats: Vec<String> = view
        .seats
        .iter()
        .enumerate()
        .map(|(seat, s)| match s {
            SeatView::Empty => format!("{seat}: empty"),
            SeatView::Ai { level } => format!("{seat}: AI {level}"),
            SeatView::Person {
                name,
                ready,
                connected,
                host,
            } => {
                let mut marks = Vec::new();
                if *host {
                    marks.push("host");
                }
                if *ready {
                    marks.push("ready");
                }
                if !connected {
                    marks.push("away");
                }
                if marks.is_empty() {
                    format!("{seat}: {name}")
                } else {
                    format!("{seat}: {name} ({})", marks.join(", "))
                }
            }
        })
        .collect();
    let watching = if view.watchers.is_empty() {
        String::new()
    } else {
        format!("; watching: {}", view.watchers.join(", "))
    };
    format!(
        "table {} [{:?}] seats {}{watching}",
        view.code,
        view.stage,
        seats.join(" | ")
    )
}

/// A message as lines, for `me` at `seat` (the game view is printed apart, by the client).
pub fn message(message: &ServerMessage, seat: Option<u8>) -> Option<String> {
    let you = |s: u8| {
        if Some(s) == seat {
            "you".to_string()
        } else {
            format!("seat {s}")
        }
    };
    let text = match message {
        ServerMessage::Welcome {
            code, seat, host, ..
        } => {
            let at = seat.map_or("watching".to_string(), |s| format!("at seat {s}"));
            let host = if *host { " as the host" } else { "" };
            format!("joined table {code} {at}{host}")
        }
        ServerMessage::Lobby { lobby: view } => lobby(view),
        ServerMessage::Game { .. } => return None,
        ServerMessage::Event { event } => match event {
            PublicEvent::Acted { seat, action } => format!("{}: {action}", you(*seat)),
            PublicEvent::HandOver { result, standing } => format!(
                "hand over: points per seat {:?}, per side {:?}; match {:?}",
                result.seat_points, result.side_points, standing.scores
            ),
            PublicEvent::Disconnected { seat } => format!("{} dropped", you(*seat)),
            PublicEvent::Reconnected { seat } => format!("{} is back", you(*seat)),
            PublicEvent::TimerOffProposed { by, agreed } => {
                format!(
                    "{} proposes turning the timer off (agreed: {agreed:?})",
                    you(*by)
                )
            }
            PublicEvent::TimerChanged { seconds: Some(s) } => format!("timer: {s} s per move"),
            PublicEvent::TimerChanged { seconds: None } => "timer: off".to_string(),
            PublicEvent::ShortTimer { seat } => {
                format!("timer: {} now has 10 s per move", you(*seat))
            }
            PublicEvent::TookBack { seat } => format!("{} took a move back", you(*seat)),
            PublicEvent::Resigned { seat } => format!("{} gave the match up", you(*seat)),
        },
        ServerMessage::Chat { from, chat } => match chat {
            ChatBody::Text { text } => format!("chat {} (seat {}): {text}", from.name, from.seat),
            ChatBody::Phrase { phrase } => {
                let id = serde_json::to_string(phrase).unwrap_or_default();
                format!(
                    "chat {} (seat {}): [{}]",
                    from.name,
                    from.seat,
                    id.trim_matches('"')
                )
            }
        },
        ServerMessage::Muted { seat, muted } => format!("seat {seat} muted: {muted}"),
        ServerMessage::TimerWarning {
            seat: s,
            remaining_ms,
        } => {
            let left = remaining_ms.div_ceil(1000);
            if Some(*s) == seat {
                format!("timer: you have {left} s left")
            } else {
                format!("timer: seat {s} has {left} s left")
            }
        }
        ServerMessage::AutoPlayed { seat, action, .. } => {
            format!("time ran out: the table played {action} for {}", you(*seat))
        }
        ServerMessage::MatchOver {
            outcome, standing, ..
        } => {
            let winners: Vec<u8> = outcome.as_ref().map_or(Vec::new(), |o| {
                o.winners
                    .iter()
                    .filter_map(|&side| standing.sides.get(usize::from(side)))
                    .flatten()
                    .copied()
                    .collect()
            });
            if winners.is_empty() {
                format!("match over: drawn, scores {:?}", standing.scores)
            } else {
                format!(
                    "match over: won by seats {winners:?}, scores {:?}",
                    standing.scores
                )
            }
        }
        ServerMessage::Error { error } => format!(
            "refused: {}",
            serde_json::to_string(error).unwrap_or_default()
        ),
        ServerMessage::Removed => "the host sent you away".to_string(),
        ServerMessage::Replaced => "your seat was taken back from another connection".to_string(),
        ServerMessage::Closed { reason } => match reason {
            ClosedReason::HostClosed => "the host closed the table".to_string(),
        },
    };
    Some(text)
}

/// The prompt for a seat to move: its options and the time left.
pub fn your_turn(legal: &[Action], clock_ms: Option<u64>) -> String {
    let clock = clock_ms.map_or(String::new(), |ms| {
        format!(" ({} s left)", ms.div_ceil(1000))
    });
    format!("your turn{clock}; you can: {}", play::list(legal))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_as_moves_chat_and_commands() {
        assert_eq!(
            command("  /say ciao a tutti "),
            Command::Send(ClientMessage::Chat {
                chat: ChatBody::Text {
                    text: "ciao a tutti".into()
                }
            })
        );
        assert_eq!(
            command("Ad"),
            Command::Send(ClientMessage::Act {
                action: "Ad".parse().expect("a card")
            })
        );
        assert_eq!(
            command("/sit 2"),
            Command::Send(ClientMessage::Sit { seat: 2 })
        );
        assert!(matches!(command("/sit x"), Command::Unknown(_)));
        assert!(matches!(command("/dance"), Command::Unknown(_)));
        assert!(matches!(command("Zz"), Command::Unknown(_)));
        assert_eq!(command(""), Command::Nothing);
        assert_eq!(command("/quit"), Command::Quit);
        assert_eq!(command("/close"), Command::Send(ClientMessage::CloseTable));
    }
}
