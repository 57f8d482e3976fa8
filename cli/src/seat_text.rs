//! `briscola join`'s typed lines as messages (seats typed from 1, as they are shown), the prompt, and
//! [`shown`]: the server is a remote peer, so whatever text of its reaches the terminal passes
//! [`shown`] first and cannot write escape sequences or turn text around. The table's messages are
//! worded in [`crate::table_words`].

use briscola::{Action, Seat, Sena};
use briscola_table::protocol::{ChatBody, ClientMessage};

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
/ready, /unready, /sit SEAT (seats count from 1), /start (host: start the match), /again (host: \
another match once this one is over), /close (host: close the table), /quit (leave the table)";

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
        "/again" => send(ClientMessage::PlayAgain),
        "/close" => send(ClientMessage::CloseTable),
        "/sit" => match seat(rest) {
            Some(seat) => send(ClientMessage::Sit { seat }),
            None => Command::Unknown(format!(
                "`{line}`: /sit takes a seat number, counted from 1"
            )),
        },
        _ if word.starts_with('/') => Command::Unknown(format!("`{word}`: {HELP}")),
        _ => match line.parse::<Action>() {
            Ok(action) => send(ClientMessage::Act { action }),
            Err(e) => Command::Unknown(e.to_string()),
        },
    }
}

/// A seat as typed, counted from 1 (the protocol's seat: counted from 0).
fn seat(text: &str) -> Option<Seat> {
    text.parse::<Seat>().ok()?.checked_sub(1)
}

/// The prompt for a seat to move: its options and the time left.
pub fn your_turn(legal: &[Action], senas: &[Sena], clock_ms: Option<u64>) -> String {
    let clock = clock_ms.map_or(String::new(), |ms| {
        format!(" ({} s left)", ms.div_ceil(1000))
    });
    let senas: Vec<Action> = senas.iter().map(|&s| Action::Signal(s)).collect();
    let senas = if senas.is_empty() {
        String::new()
    } else {
        format!("; first, a seña if you like: {}", play::list(&senas))
    };
    format!("your turn{clock}; you can: {}{senas}", play::list(legal))
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
        assert!(matches!(command("/sit x"), Command::Unknown(_)));
        assert!(matches!(command("/dance"), Command::Unknown(_)));
        assert!(matches!(command("Zz"), Command::Unknown(_)));
        assert_eq!(command(""), Command::Nothing);
        assert_eq!(command("/quit"), Command::Quit);
        assert_eq!(command("/close"), Command::Send(ClientMessage::CloseTable));
        assert_eq!(command("/again"), Command::Send(ClientMessage::PlayAgain));
    }

    #[test]
    fn seats_are_typed_from_1() {
        let sit = |seat| Command::Send(ClientMessage::Sit { seat });
        assert_eq!(command("/sit 1"), sit(0));
        assert_eq!(command("/sit 2"), sit(1));
        assert_eq!(command("/sit 6"), sit(5));
        for refused in ["/sit 0", "/sit -1", "/sit", "/sit 999"] {
            assert!(
                matches!(command(refused), Command::Unknown(ref why) if why.contains("from 1")),
                "{refused}"
            );
        }
    }
}
