//! `briscola join`'s state machine, apart from the network and the terminal: each message from the
//! table goes in ([`Client::receive`]), the lines to show and the messages to send come out
//! ([`Reaction`]). It stays at the table from one match to the next, as the app does: when a match
//! is over it shows the summary and waits for the host's `play-again` (the lobby comes back, nobody
//! ready) or for the table to close; `--ready` says ready again in each new lobby and `--start`
//! starts each match as soon as it can start. It ends only when the table sends the person away,
//! gives the seat to another connection or closes.

use briscola::{Action, Seat};
use briscola_table::protocol::{ClientMessage, LobbyView, SeatView, ServerMessage, Stage};

use crate::seat_text;
use crate::table_words::{self, Names};

/// What the person asked for on the command line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Say ready once seated, in every lobby (`--ready`).
    pub ready: bool,
    /// As the host, start each match as soon as it can start (`--start`).
    pub start: bool,
    /// The seat was taken back with a token (its token is not shown again).
    pub rejoined: bool,
}

/// What to do after a message: lines to show, messages to send, and whether the client ends.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Reaction {
    /// Lines for the terminal (from the table: to pass [`seat_text::shown`]).
    pub lines: Vec<String>,
    /// Messages for the table.
    pub send: Vec<ClientMessage>,
    /// The table let this connection go: the client ends.
    pub end: bool,
}

/// What the client knows of its place at the table.
#[derive(Debug, Default)]
pub struct Client {
    options: Options,
    seat: Option<Seat>,
    host: bool,
    /// The table as last heard.
    lobby: Option<LobbyView>,
    /// The moves offered in the last view, so a prompt is not repeated for the same one.
    legal: Vec<Action>,
    /// The hand shown last (a new hand is shown even when it is not your turn).
    hand: u32,
    /// Señas of that hand already shown.
    senas_shown: usize,
    /// The lobby for which `start` was sent.
    started_for: Option<LobbyView>,
    /// Whether `--ready` was acted on in this lobby.
    readied: bool,
    /// Whether a welcome came (another comes when each match starts, or when you take a seat
    /// during a match).
    welcomed: bool,
    /// The last lobby started a match (the welcome that follows says where the match puts you).
    starting: bool,
    /// The match is over; the table waits for the host (another match) or closes.
    over: bool,
    /// Matches seen to their end.
    finished: u32,
}

impl Client {
    /// A client that has not heard from the table yet.
    pub fn new(options: Options) -> Self {
        Self {
            options,
            ..Self::default()
        }
    }

    /// The moves open now (for `?`).
    pub fn legal(&self) -> &[Action] {
        &self.legal
    }

    /// Whether the last match is over and no other has begun (a closed connection is then the
    /// table closing, not a loss of the seat).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Matches seen to their end, this one included.
    pub fn finished(&self) -> u32 {
        self.finished
    }

    fn names(&self) -> Names<'_> {
        Names {
            you: self.seat,
            lobby: self.lobby.as_ref(),
        }
    }

    /// Takes in one message from the table.
    pub fn receive(&mut self, message: &ServerMessage) -> Reaction {
        let mut reaction = Reaction::default();
        match message {
            ServerMessage::Welcome {
                token, seat, host, ..
            } => self.welcome(message, token, *seat, *host, &mut reaction),
            ServerMessage::Lobby { lobby } => self.lobby(lobby, &mut reaction),
            ServerMessage::Game { view } => self.game(view, &mut reaction),
            ServerMessage::MatchOver { .. } => self.match_over(message, &mut reaction),
            ServerMessage::Removed | ServerMessage::Replaced | ServerMessage::Closed { .. } => {
                self.say(message, &mut reaction);
                reaction.end = true;
            }
            _ => self.say(message, &mut reaction),
        }
        reaction
    }

    /// The message's own line, if it has one.
    fn say(&self, message: &ServerMessage, reaction: &mut Reaction) {
        if let Some(line) = table_words::message(message, &self.names()) {
            reaction.lines.push(line);
        }
    }

    fn welcome(
        &mut self,
        message: &ServerMessage,
        token: &str,
        seat: Option<Seat>,
        host: bool,
        reaction: &mut Reaction,
    ) {
        if self.welcomed && self.starting {
            reaction.lines.push(format!(
                "the match starts: you are {}",
                table_words::at(seat)
            ));
        } else if self.welcomed {
            reaction
                .lines
                .push(format!("from this hand you play {}", table_words::at(seat)));
        } else {
            self.say(message, reaction);
            if !self.options.rejoined {
                reaction
                    .lines
                    .push(format!("your token (to come back with --token): {token}"));
            }
        }
        self.welcomed = true;
        self.seat = seat;
        self.host = host;
        self.ready_if_asked(reaction);
    }

    /// `--ready`: says ready once seated (the host starts instead), once per lobby.
    fn ready_if_asked(&mut self, reaction: &mut Reaction) {
        if self.options.ready && !self.readied && self.seat.is_some() && !self.host {
            self.readied = true;
            reaction.send.push(ClientMessage::Ready { ready: true });
        }
    }

    fn lobby(&mut self, lobby: &LobbyView, reaction: &mut Reaction) {
        let again = self.over && lobby.stage == Stage::Lobby;
        let before = self.lobby.as_ref().map(|l| l.stage);
        self.starting = before == Some(Stage::Lobby) && lobby.stage == Stage::Playing;
        self.lobby = Some(lobby.clone());
        if again {
            self.another_match(reaction);
        }
        reaction.lines.push(table_words::lobby(lobby, self.seat));
        if again {
            self.ready_if_asked(reaction);
        }
        if self.options.start
            && self.host
            && can_start(lobby)
            && self.started_for.as_ref() != Some(lobby)
        {
            self.started_for = Some(lobby.clone());
            reaction.send.push(ClientMessage::Start);
        }
    }

    /// The host asked for another match: back in the lobby, nothing of the last match on show.
    fn another_match(&mut self, reaction: &mut Reaction) {
        self.over = false;
        self.hand = 0;
        self.legal.clear();
        self.readied = false;
        self.started_for = None;
        reaction.lines.push(if self.host {
            "another match at this table: /start once everyone is ready".to_string()
        } else {
            "another match at this table: nobody is ready yet (/ready when you are)".to_string()
        });
    }

    fn game(&mut self, view: &briscola_table::protocol::GameView, reaction: &mut Reaction) {
        let obs = &view.observation;
        let offered = !obs.legal_actions.is_empty() && obs.legal_actions != self.legal;
        if view.hand != self.hand || offered {
            reaction.lines.push(table_words::view(obs, &self.names()));
        }
        if view.hand != self.hand {
            self.senas_shown = 0;
        }
        self.hand = view.hand;
        for seen in obs.signals.iter().skip(self.senas_shown) {
            reaction
                .lines
                .push(table_words::sena(seen, obs.teams.as_deref(), &self.names()));
        }
        self.senas_shown = obs.signals.len();
        if offered {
            let clock = view
                .clock
                .filter(|c| Some(c.seat) == self.seat)
                .map(|c| c.remaining_ms);
            reaction.lines.push(seat_text::your_turn(
                &obs.legal_actions,
                &obs.legal_senas,
                clock,
            ));
        }
        self.legal.clone_from(&obs.legal_actions);
    }

    /// The match is over: the summary, then what comes next. The client stays at the table.
    fn match_over(&mut self, message: &ServerMessage, reaction: &mut Reaction) {
        self.say(message, reaction);
        self.over = true;
        self.finished += 1;
        self.legal.clear();
        reaction.lines.push(if self.host {
            "/again starts another match at this table, /close closes it, /quit leaves".to_string()
        } else {
            "waiting for the host: another match at this table, or the table closes \
             (/quit leaves now)"
                .to_string()
        });
    }
}

/// Whether the table would start now: in the lobby, every seat taken, every person but the host ready.
fn can_start(lobby: &LobbyView) -> bool {
    lobby.stage == Stage::Lobby
        && lobby.seats.iter().all(|seat| match seat {
            SeatView::Empty => false,
            SeatView::Ai { .. } => true,
            SeatView::Person { ready, host, .. } => *ready || *host,
        })
}

#[cfg(test)]
#[path = "join_client_tests.rs"]
mod tests;
