//! `briscola join`'s words for what the table sends: every line names seats as the app does — "you"
//! at your own seat, the person's name at theirs, "computer N" at the computer's, "seat N" at an
//! empty one — and counts seats from 1 (the protocol counts from 0 inside). Verbs agree with their
//! subject ("you are back", "Bea is back"), and quick phrases read as the app's English words them.
//! Everything comes from what the table sent this connection; the client passes each line through
//! [`crate::seat_text::shown`] before it reaches the terminal.

use briscola::{MatchStanding, Observation, Seat, SignalView};
use briscola_table::protocol::{
    Absence, ChatBody, ClosedReason, ErrorCode, LobbyView, PublicEvent, QuickPhrase, SeatView,
    ServerMessage, Stage, StartProblem,
};

/// A seat as a person reads it: counted from 1.
pub fn number(seat: Seat) -> u16 {
    u16::from(seat) + 1
}

/// A quick phrase in English, as the app words it (`ui/src/lib/i18n/en.ts`).
pub fn phrase(phrase: QuickPhrase) -> &'static str {
    match phrase {
        QuickPhrase::Hello => "Hello!",
        QuickPhrase::GoodLuck => "Good luck!",
        QuickPhrase::WellPlayed => "Well played!",
        QuickPhrase::GoodGame => "Good game!",
        QuickPhrase::Thanks => "Thanks!",
        QuickPhrase::Sorry => "Sorry!",
        QuickPhrase::Oops => "Oops!",
        QuickPhrase::OneMoment => "One moment, please.",
        QuickPhrase::TimerOffPlease => "Can we turn the timer off?",
        QuickPhrase::Bye => "Bye!",
    }
}

/// Who sits where, from your seat and the last lobby the table sent.
#[derive(Clone, Copy, Debug, Default)]
pub struct Names<'a> {
    /// Your seat, if you have one.
    pub you: Option<Seat>,
    /// The table as last heard.
    pub lobby: Option<&'a LobbyView>,
}

impl Names<'_> {
    /// Whether `seat` is yours.
    pub fn is_you(&self, seat: Seat) -> bool {
        self.you == Some(seat)
    }

    /// The seat's name: "you", the person's, "computer N" or "seat N".
    pub fn of(&self, seat: Seat) -> String {
        if self.is_you(seat) {
            return "you".to_string();
        }
        match self.lobby.and_then(|l| l.seats.get(usize::from(seat))) {
            Some(SeatView::Person { name, .. }) => name.clone(),
            Some(SeatView::Ai { .. }) => format!("computer {}", number(seat)),
            _ => format!("seat {}", number(seat)),
        }
    }

    /// `you_form` when the seat is yours, else `other_form` ("are" / "is").
    pub fn verb<'w>(&self, seat: Seat, you_form: &'w str, other_form: &'w str) -> &'w str {
        if self.is_you(seat) {
            you_form
        } else {
            other_form
        }
    }

    /// The seat's name and verb: "you are", "Bea is".
    fn says(&self, seat: Seat, you_form: &str, other_form: &str) -> String {
        format!(
            "{} {}",
            self.of(seat),
            self.verb(seat, you_form, other_form)
        )
    }

    /// Whose: "your", "Bea's".
    pub fn whose(&self, seat: Seat) -> String {
        if self.is_you(seat) {
            "your".to_string()
        } else {
            format!("{}'s", self.of(seat))
        }
    }

    /// Seats as one subject: "you & Bea".
    pub fn all(&self, seats: &[Seat]) -> String {
        let names: Vec<String> = seats.iter().map(|&s| self.of(s)).collect();
        names.join(" & ")
    }

    /// Whether a group of seats takes the plural verb ("you", or more than one).
    fn plural(&self, seats: &[Seat]) -> bool {
        seats.len() != 1 || seats.iter().any(|&s| self.is_you(s))
    }
}

/// The lobby on one line: where the table is, every seat from 1, then who watches.
pub fn lobby(view: &LobbyView, you: Option<Seat>) -> String {
    let seats: Vec<String> = (0..)
        .zip(&view.seats)
        .map(|(seat, s)| lobby_seat(seat, s, you))
        .collect();
    let watching = if view.watchers.is_empty() {
        String::new()
    } else {
        format!("; watching: {}", view.watchers.join(", "))
    };
    let waiting: String = view
        .waiting
        .iter()
        .map(|w| {
            let names = Names {
                you: None,
                lobby: Some(view),
            };
            format!(
                "; {} takes {} seat from the next hand",
                w.name,
                names.whose(w.seat)
            )
        })
        .collect();
    let stage = match view.stage {
        Stage::Lobby => "in the lobby",
        Stage::Playing => "playing",
        Stage::Over => "the match is over",
    };
    format!(
        "table {} ({stage}): {}{watching}{waiting}",
        view.code,
        seats.join(" | ")
    )
}

/// One seat of the lobby line: "seat 2: Bea (ready)".
fn lobby_seat(seat: Seat, view: &SeatView, you: Option<Seat>) -> String {
    let n = number(seat);
    match view {
        SeatView::Empty => format!("seat {n}: empty"),
        SeatView::Ai { level } => format!("seat {n}: computer ({level})"),
        SeatView::Person {
            name,
            ready,
            connected,
            host,
        } => {
            let marks: Vec<&str> = [
                (you == Some(seat), "you"),
                (*host, "host"),
                (*ready, "ready"),
                (!connected, "away"),
            ]
            .into_iter()
            .filter_map(|(on, mark)| on.then_some(mark))
            .collect();
            if marks.is_empty() {
                format!("seat {n}: {name}")
            } else {
                format!("seat {n}: {name} ({})", marks.join(", "))
            }
        }
    }
}

/// Where a welcome puts you: "at seat 2", or "watching".
pub fn at(seat: Option<Seat>) -> String {
    seat.map_or("watching".to_string(), |s| format!("at seat {}", number(s)))
}

/// A message as a line (the game view, the welcome and the match's end are worded by the client).
pub fn message(message: &ServerMessage, names: &Names) -> Option<String> {
    let text = match message {
        ServerMessage::Welcome {
            code, seat, host, ..
        } => {
            let host = if *host { " as the host" } else { "" };
            format!("joined table {code} {}{host}", at(*seat))
        }
        ServerMessage::Lobby { lobby: view } => lobby(view, names.you),
        ServerMessage::Game { .. } => return None,
        ServerMessage::Event { event } => event_line(event, names),
        ServerMessage::Chat { from, chat } => {
            let text = match chat {
                ChatBody::Text { text } => text.as_str(),
                ChatBody::Phrase { phrase: p } => phrase(*p),
            };
            format!("chat {} (seat {}): {text}", from.name, number(from.seat))
        }
        ServerMessage::Muted { seat, muted: true } => format!("you muted {}", names.of(*seat)),
        ServerMessage::Muted { seat, muted: false } => {
            format!("you hear {} again", names.of(*seat))
        }
        ServerMessage::TimerWarning { seat, remaining_ms } => format!(
            "timer: {} {} s left",
            names.says(*seat, "have", "has"),
            remaining_ms.div_ceil(1000)
        ),
        ServerMessage::AutoPlayed { seat, action, .. } if names.is_you(*seat) => {
            format!("your time ran out: {action} was played for you")
        }
        ServerMessage::AutoPlayed { seat, action, .. } => format!(
            "time ran out for {}: {action} was played for them",
            names.of(*seat)
        ),
        ServerMessage::MatchOver {
            outcome,
            standing,
            resigned,
            ..
        } => match_over(outcome.as_ref(), standing, *resigned, names),
        ServerMessage::Error { error } => format!("refused: {}", refusal(error, names)),
        ServerMessage::Removed => "the host sent you away from the table".to_string(),
        ServerMessage::Replaced => "your seat was taken from another connection".to_string(),
        ServerMessage::Closed {
            reason: ClosedReason::HostClosed,
        } => "the host closed the table".to_string(),
    };
    Some(text)
}

/// A public event as a line.
fn event_line(event: &PublicEvent, names: &Names) -> String {
    match event {
        PublicEvent::Acted { seat, action } => format!("{}: {action}", names.of(*seat)),
        PublicEvent::HandOver { result, standing } => {
            let winner = match result.outcome {
                briscola::HandOutcome::Won { side } => {
                    result.sides.get(usize::from(side)).map(Vec::as_slice)
                }
                _ => None,
            };
            let said = winner.map_or("this hand is a draw".to_string(), |seats| {
                let verb = if names.plural(seats) { "win" } else { "wins" };
                format!("{} {verb} this hand", names.all(seats))
            });
            let points = per_seat(&result.seat_points, names);
            format!(
                "hand over: {said} (points: {points}); match score: {}",
                score(standing, names)
            )
        }
        PublicEvent::Disconnected { seat } => format!("{} dropped out", names.of(*seat)),
        PublicEvent::Reconnected { seat } => format!("{} back", names.says(*seat, "are", "is")),
        PublicEvent::TimerOffProposed { by, agreed } => {
            let agreed = if agreed.is_empty() {
                String::new()
            } else {
                format!("; agreed so far: {}", names.all(agreed))
            };
            format!(
                "{} turning the timer off{agreed}",
                names.says(*by, "propose", "proposes")
            )
        }
        PublicEvent::TimerChanged { seconds: Some(s) } => {
            format!("the turn timer is on: {s} s per move")
        }
        PublicEvent::TimerChanged { seconds: None } => "the turn timer is off".to_string(),
        PublicEvent::ShortTimer { seat } => format!(
            "{} time ran out too often: less time per move from now on (10 s)",
            names.whose(*seat)
        ),
        PublicEvent::AbsenceChanged { absence, absent } => {
            let whom = if absent.is_empty() {
                "anyone who drops out".to_string()
            } else {
                names.all(absent)
            };
            match absence {
                Absence::Ai { level } => {
                    format!(
                        "the host lets the computer ({level}) play for {whom} until they are back"
                    )
                }
                Absence::Wait => format!("the host has the table wait for {whom}"),
            }
        }
        PublicEvent::TookBack { seat } => format!("{} took back a move", names.of(*seat)),
        PublicEvent::Resigned { seat } => format!("{} resigned the match", names.of(*seat)),
    }
}

/// Points by seat: "you 70, Bea 50".
fn per_seat(points: &[u16], names: &Names) -> String {
    let seats: Vec<String> = (0..)
        .zip(points)
        .map(|(seat, p)| format!("{} {p}", names.of(seat)))
        .collect();
    seats.join(", ")
}

/// The match score by side: "you 2, Bea 1".
pub fn score(standing: &MatchStanding, names: &Names) -> String {
    let sides: Vec<String> = standing
        .sides
        .iter()
        .zip(&standing.scores)
        .map(|(side, score)| format!("{} {score}", names.all(side)))
        .collect();
    sides.join(", ")
}

/// The end of the match: who won (or who resigned) and the final score.
fn match_over(
    outcome: Option<&briscola::MatchOutcome>,
    standing: &MatchStanding,
    resigned: Option<Seat>,
    names: &Names,
) -> String {
    let winners: Vec<Seat> = outcome.map_or(Vec::new(), |o| {
        o.winners
            .iter()
            .filter_map(|&side| standing.sides.get(usize::from(side)))
            .flatten()
            .copied()
            .collect()
    });
    let said = if let Some(seat) = resigned {
        format!("{} resigned the match", names.of(seat))
    } else if winners.iter().any(|&s| names.is_you(s)) {
        "you win the match!".to_string()
    } else if winners.is_empty() {
        "the match is a draw".to_string()
    } else {
        let verb = if names.plural(&winners) {
            "win"
        } else {
            "wins"
        };
        format!("{} {verb} the match", names.all(&winners))
    };
    format!("match over: {said}; score: {}", score(standing, names))
}

/// Why the table refused a message, seats named and counted from 1.
pub fn refusal(error: &ErrorCode, names: &Names) -> String {
    match error {
        ErrorCode::NoSuchSeat { seat } => format!("there is no seat {}", number(*seat)),
        ErrorCode::SeatTaken { seat } => format!("seat {} is taken", number(*seat)),
        ErrorCode::NoPerson { seat } => format!("nobody sits at seat {}", number(*seat)),
        ErrorCode::TeamFull { team } => {
            format!("no empty seat in team {}", u16::from(*team) + 1)
        }
        ErrorCode::CannotStart {
            problem: StartProblem::EmptySeat { seat },
        } => format!(
            "the match cannot start yet: seat {} is empty",
            number(*seat)
        ),
        ErrorCode::CannotStart {
            problem: StartProblem::NotReady { seat },
        } => format!(
            "the match cannot start yet: {} not ready",
            names.says(*seat, "are", "is")
        ),
        ErrorCode::Illegal {
            reason: briscola::IllegalAction::CardNotHeld { card, .. },
        } => format!("you do not hold {card}"),
        other => other.to_string(),
    }
}

/// A seña your seat saw: your own, a partner's, or one you caught from an opponent.
pub fn sena(seen: &SignalView, teams: Option<&[u8]>, names: &Names) -> String {
    let sena = seen.sena.word();
    if names.is_you(seen.seat) {
        return format!("your seña: {sena}");
    }
    let team = |s: Seat| teams.and_then(|t| t.get(usize::from(s)).copied());
    let partner = names.you.is_some_and(|you| team(you) == team(seen.seat));
    if partner {
        format!("{}'s seña: {sena}", names.of(seen.seat))
    } else {
        format!("you caught {}'s seña: {sena}", names.of(seen.seat))
    }
}

/// What your seat sees: trump, stock, points, the trick, your hand.
pub fn view(obs: &Observation, names: &Names) -> String {
    let trump = obs
        .trump
        .map_or("none yet".to_string(), |s| s.name().to_string());
    let face_up = obs
        .face_up_trump
        .map_or(String::new(), |c| format!(" (face up: {c})"));
    let trick: Vec<String> = obs
        .current_trick
        .iter()
        .map(|p| format!("{} {}", names.of(p.seat), p.card))
        .collect();
    let trick = if trick.is_empty() {
        "no card played yet".to_string()
    } else {
        trick.join(", ")
    };
    format!(
        "\ntrump {trump}{face_up}, stock {}, points: {}\ntable: {trick}; your hand: {}",
        obs.stock_len,
        per_seat(&obs.pile_points, names),
        obs.hand
    )
}

#[cfg(test)]
#[path = "table_words_tests.rs"]
mod tests;
