//! [`Mirror`]: the table as this player's seat sees it — the one fold of what the table says, in
//! Rust. Every message the [`super::HostGuard`] let through and every change of the link goes in,
//! in order; out comes [`SeatState`], what the screens draw (sent whole to the webview with each
//! thing heard), and from it the hint ([`super::hint::request`]) and the history's entry
//! ([`super::chronicle::finished`]) are derived. The same mirror follows a match against the
//! computer and a table with friends: nothing here knows which.
//!
//! Bounded whatever the table sends: the log keeps the latest [`NOTES_KEPT`] notes, the hands the
//! latest [`HANDS_KEPT`].
//!
//! Deliberately absent: time. The turn clock is kept as the table last told it (time left, and
//! a number that changes with each telling), and the webview counts it down on its own clock.

use briscola::{Action, HandOutcome, HandResult, MatchOutcome, MatchRecord, MatchStanding, Seat};
use briscola_table::protocol::{
    Absence, ChatBody, ChatSender, ErrorCode, LobbyView, PublicEvent, SeatView, ServerMessage,
    Stage,
};
use serde::Serialize;
use ts_rs::TS;

use super::view::SeatGame;
use super::{LinkEvent, LinkStatus, MovesSent};
use crate::history::Outcome;
use crate::session::HandRecap;

/// How many notes the log keeps.
pub const NOTES_KEPT: usize = 100;

/// How many finished hands a match keeps (far more than any match plays; a host sending more
/// cannot grow what the screen holds).
pub const HANDS_KEPT: usize = 200;

/// The table took this player in: its code, their seat then and whether they host.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Welcome {
    /// The table code.
    pub code: String,
    /// The seat, if any.
    pub seat: Option<Seat>,
    /// Whether this player hosts the table.
    pub host: bool,
}

/// The turn clock as the table last told it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
pub struct ClockState {
    /// Changes with each telling: the webview restarts its countdown from `remaining_ms` then.
    #[ts(type = "number")]
    pub id: u64,
    /// The seat it runs for.
    pub seat: Seat,
    /// Milliseconds left when told.
    #[ts(type = "number")]
    pub remaining_ms: u64,
    /// The seat's time per move; `null` when only warned.
    #[ts(type = "number | null")]
    pub limit_ms: Option<u64>,
    /// The table warned that time is short.
    pub warned: bool,
}

/// The open proposal to turn the timer off.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Proposal {
    /// Who proposed it.
    pub by: Seat,
    /// Who agrees so far.
    pub agreed: Vec<Seat>,
}

/// The match is over: everything is public.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Over {
    /// The whole record (kept here for the history; the screens open the match from the history,
    /// so it does not travel to the webview with every event).
    #[serde(skip)]
    #[ts(skip)]
    pub record: MatchRecord,
    /// The final standing.
    pub standing: MatchStanding,
    /// Who won (`null` for a match given up).
    pub outcome: Option<MatchOutcome>,
    /// The seat that gave the match up.
    pub resigned: Option<Seat>,
}

/// The last thing the table refused this player, numbered so that the same refusal twice shows
/// twice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Refusal {
    /// Its number.
    #[ts(type = "number")]
    pub id: u64,
    /// Why.
    pub error: ErrorCode,
}

/// Something that happened at the table, for its log (read out once).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum NoteBody {
    /// A chat line.
    Chat {
        /// Who said it.
        from: ChatSender,
        /// What.
        chat: ChatBody,
    },
    /// Time ran out: the table moved for the seat.
    AutoPlayed {
        /// The seat.
        seat: Seat,
        /// The move.
        action: Action,
        /// How often its time ran out.
        expiries: u8,
    },
    /// Someone came to the table (to a seat, or to wait for one).
    Arrived {
        /// Their name.
        name: String,
    },
    /// Someone left the table (or was sent away).
    Departed {
        /// Their name.
        name: String,
    },
    /// The connection of the person at a seat dropped.
    Disconnected {
        /// The seat.
        seat: Seat,
    },
    /// They are back.
    Reconnected {
        /// The seat.
        seat: Seat,
    },
    /// The host changed, during the match, what happens at a dropped person's seat.
    AbsenceChanged {
        /// What happens now.
        absence: Absence,
        /// The seats of the people whose connection is down.
        absent: Vec<Seat>,
    },
    /// The seat now has 10 s per move.
    ShortTimer {
        /// The seat.
        seat: Seat,
    },
    /// The timer changed (`null`: off).
    TimerChanged {
        /// Seconds per move.
        seconds: Option<u16>,
    },
    /// Someone proposed turning the timer off.
    TimerOffProposed {
        /// Who.
        by: Seat,
        /// Who agrees.
        agreed: Vec<Seat>,
    },
    /// A hand ended.
    HandOver {
        /// How.
        result: HandResult,
    },
    /// This player muted (or heard again) the chat of a seat.
    Muted {
        /// The seat.
        seat: Seat,
        /// Muted or not.
        muted: bool,
    },
    /// The person at a seat took a move back.
    TookBack {
        /// The seat.
        seat: Seat,
    },
    /// The person at a seat gave the match up.
    Resigned {
        /// The seat.
        seat: Seat,
    },
}

/// A note with its number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Note {
    /// Its number (the webview keys its log with it).
    #[ts(type = "number")]
    pub id: u64,
    /// What happened.
    pub body: NoteBody,
}

/// Why this player is no longer at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Ending {
    /// The host closed it.
    Closed,
    /// The host sent this player away.
    Removed,
    /// The seat was taken back from another connection.
    Replaced,
    /// The connection dropped and could not be made again.
    Lost,
    /// The table could not be reached (English reason, for logs).
    Unreachable {
        /// Why.
        reason: String,
    },
    /// The table's host runs an older Briscola: the host should update the app.
    Outdated,
    /// The link ended with nothing said (this player left).
    Left,
    /// The connection dropped and the table is over or no longer there: nothing to reconnect to.
    Gone,
}

/// What became of the finished match in this player's history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Kept {
    /// In the history, under this id (for its replay and review).
    Kept {
        /// The history entry's id.
        history_id: String,
    },
    /// The data folder refused it.
    NotKept,
}

/// The table as this player's seat sees it. See the module docs.
#[derive(Debug, Clone, Default, PartialEq, Serialize, TS)]
pub struct SeatState {
    /// The name this player gave.
    pub name: String,
    /// The link as last told; `null` while it opens.
    pub link: Option<LinkStatus>,
    /// The table took this player in.
    pub welcome: Option<Welcome>,
    /// The table as everyone sees it.
    pub lobby: Option<LobbyView>,
    /// This seat's view of the hand, the latest.
    pub game: Option<SeatGame>,
    /// The turn clock.
    pub clock: Option<ClockState>,
    /// The open proposal to turn the timer off.
    pub proposal: Option<Proposal>,
    /// The seats this player muted.
    pub muted: Vec<Seat>,
    /// Every finished hand of this match that counted (a void hand, dealt again, left out), as
    /// the match summary lists them for this seat: each side's card points, this seat's side first.
    pub hands: Vec<HandRecap>,
    /// The match is over.
    pub over: Option<Over>,
    /// The last refusal.
    pub refusal: Option<Refusal>,
    /// The log: chat and the table's public events, the latest [`NOTES_KEPT`].
    pub notes: Vec<Note>,
    /// Why this player is no longer at the table.
    pub ending: Option<Ending>,
    /// What became of the finished match in the history; `null` until the shell says.
    pub kept: Option<Kept>,
    /// The names this app gave the seats, by seat, kept with the match (a match against the
    /// computer: yours empty, the AI seats' as the table showed them when it started, whatever
    /// Settings say now); empty where the table's own names count.
    pub seat_names: Vec<String>,
    /// The next note, refusal or clock number.
    #[ts(type = "number")]
    pub serial: u64,
}

/// A match under way: when it started, and how many moves this player had sent then.
#[derive(Debug, Clone, Copy)]
pub struct Start {
    /// When, on the history's clock.
    pub at_ms: i64,
    /// This player's moves sent by then.
    pub moves: u64,
}

/// The fold. See the module docs.
#[derive(Debug, Default)]
pub struct Mirror {
    state: SeatState,
    /// Who played each seat (see [`Mirror::seats_played`]).
    seats_played: Vec<SeatView>,
    started: Option<Start>,
    moves: MovesSent,
}

impl Mirror {
    /// A mirror for `name`, counting this player's moves from `moves`.
    pub fn new(name: &str, moves: MovesSent) -> Mirror {
        Mirror {
            state: SeatState {
                name: name.trim().to_string(),
                ..SeatState::default()
            },
            moves,
            ..Mirror::default()
        }
    }

    /// The table as this seat sees it now.
    pub fn state(&self) -> &SeatState {
        &self.state
    }

    /// The match under way started at `at_ms` (a match resumed after the app closed keeps its
    /// start) and its seats are kept in the history with these names, by seat (a match against the
    /// computer: yours empty, the AI seats' as the table showed them).
    pub fn begun(&mut self, at_ms: i64, seat_names: Vec<String>) {
        self.started = Some(Start {
            at_ms,
            moves: self.moves.get(),
        });
        self.state.seat_names = seat_names;
    }

    /// The names this app gave the seats, by seat (empty when the table's own names count).
    pub fn seat_names(&self) -> &[String] {
        &self.state.seat_names
    }

    /// Who played each seat in the match under way: the seats when it started, a person where one
    /// took an AI's seat during it.
    pub fn seats_played(&self) -> &[SeatView] {
        &self.seats_played
    }

    /// When the match under way started, with this player's moves then; taken once, by the history.
    pub fn take_start(&mut self) -> Option<Start> {
        self.started.take()
    }

    /// This player's moves sent so far.
    pub fn moves(&self) -> u64 {
        self.moves.get()
    }

    /// What became of the finished match.
    pub fn set_kept(&mut self, kept: Kept) {
        self.state.kept = Some(kept);
    }

    fn serial(&mut self) -> u64 {
        let id = self.state.serial;
        self.state.serial = id.wrapping_add(1);
        id
    }

    fn note(&mut self, body: NoteBody) {
        let id = self.serial();
        let notes = &mut self.state.notes;
        if notes.len() >= NOTES_KEPT {
            notes.remove(0);
        }
        notes.push(Note { id, body });
    }

    /// A new match, or the lobby again: nothing of the last match stays.
    fn fresh_match(&mut self) {
        let s = &mut self.state;
        s.game = None;
        s.clock = None;
        s.proposal = None;
        s.hands.clear();
        s.over = None;
        s.kept = None;
    }

    /// Takes one thing heard, at `now_ms` on the history's clock.
    pub fn hear(&mut self, event: &LinkEvent, now_ms: i64) {
        match event {
            LinkEvent::Status { status } => self.status(status),
            LinkEvent::Message { message } => self.message(message, now_ms),
            // Where friends reach the table is the host's own business, not the table's.
            LinkEvent::Hosting { .. } => {}
        }
    }

    fn status(&mut self, status: &LinkStatus) {
        let ending = match status {
            LinkStatus::Lost => Some(Ending::Lost),
            LinkStatus::Outdated => Some(Ending::Outdated),
            LinkStatus::Unreachable { reason } => Some(Ending::Unreachable {
                reason: reason.clone(),
            }),
            LinkStatus::Ended => Some(Ending::Left),
            LinkStatus::Gone => Some(Ending::Gone),
            LinkStatus::Connected | LinkStatus::Reconnecting { .. } => None,
        };
        let s = &mut self.state;
        s.link = Some(status.clone());
        if s.ending.is_none() {
            s.ending = ending;
        }
    }

    fn message(&mut self, message: &ServerMessage, now_ms: i64) {
        match message {
            ServerMessage::Welcome {
                code, seat, host, ..
            } => {
                self.state.welcome = Some(Welcome {
                    code: code.clone(),
                    seat: *seat,
                    host: *host,
                });
            }
            ServerMessage::Lobby { lobby } => self.lobby(lobby, now_ms),
            ServerMessage::Game { view } => {
                let mut game = SeatGame::from_table((**view).clone());
                let over = self.state.lobby.as_ref().map(|l| l.stage) == Some(Stage::Over);
                if over || self.state.over.is_some() {
                    // Nothing can be played once the match is over (given up mid-hand, too).
                    game.observation.legal_actions.clear();
                    game.choices = game.observation.choices();
                }
                let id = self.serial();
                self.state.clock = game.clock.map(|c| ClockState {
                    id,
                    seat: c.seat,
                    remaining_ms: c.remaining_ms,
                    limit_ms: Some(c.limit_ms),
                    warned: self.state.clock.is_some_and(|old| {
                        old.warned && old.seat == c.seat && c.remaining_ms <= old.remaining_ms
                    }),
                });
                self.state.game = Some(game);
            }
            ServerMessage::Event { event } => self.event(event),
            ServerMessage::Chat { from, chat } => self.note(NoteBody::Chat {
                from: from.clone(),
                chat: chat.clone(),
            }),
            ServerMessage::Muted { seat, muted } => {
                let list = &mut self.state.muted;
                list.retain(|s| s != seat);
                if *muted {
                    list.push(*seat);
                }
                self.note(NoteBody::Muted {
                    seat: *seat,
                    muted: *muted,
                });
            }
            ServerMessage::TimerWarning { seat, remaining_ms } => {
                let limit_ms = self
                    .state
                    .clock
                    .filter(|c| c.seat == *seat)
                    .and_then(|c| c.limit_ms);
                let id = self.serial();
                self.state.clock = Some(ClockState {
                    id,
                    seat: *seat,
                    remaining_ms: *remaining_ms,
                    limit_ms,
                    warned: true,
                });
            }
            ServerMessage::AutoPlayed {
                seat,
                action,
                expiries,
            } => self.note(NoteBody::AutoPlayed {
                seat: *seat,
                action: *action,
                expiries: *expiries,
            }),
            ServerMessage::MatchOver {
                record,
                standing,
                outcome,
                resigned,
            } => {
                let s = &mut self.state;
                s.over = Some(Over {
                    record: record.clone(),
                    standing: standing.clone(),
                    outcome: outcome.clone(),
                    resigned: *resigned,
                });
                s.clock = None;
                s.proposal = None;
            }
            ServerMessage::Error { error } => {
                let id = self.serial();
                self.state.refusal = Some(Refusal {
                    id,
                    error: error.clone(),
                });
            }
            ServerMessage::Removed => self.state.ending = Some(Ending::Removed),
            ServerMessage::Replaced => self.state.ending = Some(Ending::Replaced),
            ServerMessage::Closed { .. } => self.state.ending = Some(Ending::Closed),
        }
    }

    fn lobby(&mut self, lobby: &LobbyView, now_ms: i64) {
        if let Some(before) = &self.state.lobby {
            let (was, is) = (people(before), people(lobby));
            for name in is.iter().filter(|n| !was.contains(n)) {
                self.note(NoteBody::Arrived { name: name.clone() });
            }
            for name in was.iter().filter(|n| !is.contains(n)) {
                self.note(NoteBody::Departed { name: name.clone() });
            }
        }
        let stage = self.state.lobby.as_ref().map(|l| l.stage);
        if stage != Some(lobby.stage) && lobby.stage != Stage::Over {
            self.fresh_match();
        }
        match lobby.stage {
            // Back in the lobby (another match at the same table): a new start comes.
            Stage::Lobby => self.started = None,
            Stage::Playing => {
                if self.started.is_none() {
                    self.started = Some(Start {
                        at_ms: now_ms,
                        moves: self.moves.get(),
                    });
                }
                if self.seats_played.len() == lobby.seats.len() {
                    // A friend who took an AI's seat during the match played it: a person.
                    for (kept, now) in self.seats_played.iter_mut().zip(&lobby.seats) {
                        if matches!(now, SeatView::Person { .. }) {
                            kept.clone_from(now);
                        }
                    }
                } else {
                    self.seats_played.clone_from(&lobby.seats);
                }
            }
            Stage::Over => {}
        }
        if lobby.settings.turn_seconds.is_none() {
            self.state.proposal = None;
        }
        self.state.lobby = Some(lobby.clone());
    }

    fn event(&mut self, event: &PublicEvent) {
        match event {
            PublicEvent::Acted { .. } => {}
            PublicEvent::HandOver { result, .. } => {
                let seat = self.your_seat();
                if let Some(recap) = seat.and_then(|seat| recap(result, seat)) {
                    let hands = &mut self.state.hands;
                    if hands.len() >= HANDS_KEPT {
                        hands.remove(0);
                    }
                    hands.push(recap);
                }
                self.state.clock = None;
                self.note(NoteBody::HandOver {
                    result: result.clone(),
                });
            }
            PublicEvent::TimerOffProposed { by, agreed } => {
                self.state.proposal = Some(Proposal {
                    by: *by,
                    agreed: agreed.clone(),
                });
                self.note(NoteBody::TimerOffProposed {
                    by: *by,
                    agreed: agreed.clone(),
                });
            }
            PublicEvent::TimerChanged { seconds } => {
                self.state.proposal = None;
                if seconds.is_none() {
                    self.state.clock = None;
                }
                self.note(NoteBody::TimerChanged { seconds: *seconds });
            }
            PublicEvent::Disconnected { seat } => self.note(NoteBody::Disconnected { seat: *seat }),
            PublicEvent::Reconnected { seat } => self.note(NoteBody::Reconnected { seat: *seat }),
            PublicEvent::ShortTimer { seat } => self.note(NoteBody::ShortTimer { seat: *seat }),
            PublicEvent::AbsenceChanged { absence, absent } => {
                self.note(NoteBody::AbsenceChanged {
                    absence: *absence,
                    absent: absent.clone(),
                });
            }
            PublicEvent::TookBack { seat } => {
                // The hand is on again: a result it had is no longer its result.
                if self
                    .state
                    .game
                    .as_ref()
                    .is_some_and(|g| g.observation.result.is_some())
                {
                    self.state.hands.pop();
                }
                self.note(NoteBody::TookBack { seat: *seat });
            }
            PublicEvent::Resigned { seat } => self.note(NoteBody::Resigned { seat: *seat }),
        }
    }

    /// This player's seat in the match: the latest view's, else the table's word.
    pub fn your_seat(&self) -> Option<Seat> {
        self.state
            .game
            .as_ref()
            .map(|g| g.observation.seat)
            .or_else(|| self.state.welcome.as_ref().and_then(|w| w.seat))
    }
}

/// A finished hand as the match summary lists it for `seat`: each side's card points, `seat`'s
/// side first, and how it went for that side; a void hand (dealt again) is not listed.
pub fn recap(result: &HandResult, seat: Seat) -> Option<HandRecap> {
    if result.outcome == HandOutcome::Void {
        return None;
    }
    let mine = result.side_of(seat).unwrap_or(0);
    let mut points = vec![result.side_points.get(mine).copied().unwrap_or(0)];
    points.extend(
        result
            .side_points
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != mine)
            .map(|(_, &p)| p),
    );
    let result = match result.outcome {
        HandOutcome::Won { side } if usize::from(side) == mine => Outcome::Won,
        HandOutcome::Won { .. } => Outcome::Lost,
        HandOutcome::Drawn | HandOutcome::Void => Outcome::Drawn,
    };
    Some(HandRecap { points, result })
}

/// Everyone at a table: the people seated and those without a seat, by name.
fn people(lobby: &LobbyView) -> Vec<String> {
    lobby
        .seats
        .iter()
        .filter_map(|seat| match seat {
            SeatView::Person { name, .. } => Some(name.clone()),
            _ => None,
        })
        .chain(lobby.watchers.iter().cloned())
        .collect()
}

#[cfg(test)]
mod tests {
    use briscola::{Match, MatchFormat, Phase, Preset, Rng, Ruleset};
    use briscola_table::protocol::{ChatBody, ChatSender, QuickPhrase};

    use super::*;

    fn heard(mirror: &mut Mirror, message: ServerMessage) {
        mirror.hear(&LinkEvent::Message { message }, 0);
    }

    /// The table's view of `seat` of `game` in its first hand.
    fn view(game: &Match, seat: briscola::Seat) -> ServerMessage {
        ServerMessage::Game {
            view: Box::new(briscola_table::protocol::GameView {
                observation: game.game().observation(seat),
                standing: game.standing().clone(),
                hand: 1,
                clock: None,
                awaiting_next_hand: false,
                can_undo: false,
                can_resign: false,
                undos: 0,
            }),
        }
    }

    /// A single-hand table of `rules` at `stage`, with `seats` and `watchers`.
    fn lobby_message(
        rules: Ruleset,
        stage: Stage,
        seats: Vec<SeatView>,
        watchers: Vec<String>,
    ) -> ServerMessage {
        ServerMessage::Lobby {
            lobby: LobbyView {
                code: "1RGK4-T8SA9".into(),
                stage,
                settings: briscola_table::protocol::SettingsView {
                    ruleset: rules,
                    format: MatchFormat::SingleHand,
                    turn_seconds: None,
                    absence: briscola_table::protocol::Absence::Wait,
                    random_seats: false,
                    name: String::new(),
                    hints: true,
                    undo: false,
                    deal_when_asked: true,
                    open_seats: false,
                },
                seats,
                watchers,
                teams: None,
                waiting: Vec::new(),
            },
        }
    }

    fn chat(n: u8) -> ServerMessage {
        ServerMessage::Chat {
            from: ChatSender {
                seat: n % 2,
                name: format!("P{n}"),
            },
            chat: ChatBody::Phrase {
                phrase: QuickPhrase::Hello,
            },
        }
    }

    #[test]
    fn the_log_keeps_the_latest_notes_numbered_and_refusals_count_apart() {
        let mut mirror = Mirror::new(" Ada ", MovesSent::default());
        assert_eq!(mirror.state().name, "Ada");
        for n in 0..(NOTES_KEPT as u8 + 20) {
            heard(&mut mirror, chat(n));
        }
        let notes = &mirror.state().notes;
        assert_eq!(notes.len(), NOTES_KEPT);
        assert_eq!(notes[0].id, 20, "the oldest went first");
        heard(
            &mut mirror,
            ServerMessage::Error {
                error: ErrorCode::NotYourTurn,
            },
        );
        heard(
            &mut mirror,
            ServerMessage::Error {
                error: ErrorCode::NotYourTurn,
            },
        );
        let refusal = mirror.state().refusal.clone().expect("refused");
        assert_eq!(
            refusal.id,
            NOTES_KEPT as u64 + 21,
            "the same refusal twice shows twice"
        );
    }

    #[test]
    fn a_table_gone_ends_the_seat_as_gone_not_as_left() {
        let mut mirror = Mirror::new("Bea", MovesSent::default());
        let status = |status| LinkEvent::Status { status };
        mirror.hear(
            &status(LinkStatus::Reconnecting {
                attempt: 1,
                retry_ms: 1_000,
            }),
            0,
        );
        assert_eq!(mirror.state().ending, None);
        mirror.hear(&status(LinkStatus::Gone), 0);
        assert_eq!(mirror.state().ending, Some(Ending::Gone));
        assert_eq!(mirror.state().link, Some(LinkStatus::Gone));
    }

    #[test]
    fn the_host_changing_the_absence_setting_is_a_note() {
        let mut mirror = Mirror::new("Bea", MovesSent::default());
        let absence = Absence::Ai {
            level: briscola::ai::Level::Medium,
        };
        heard(
            &mut mirror,
            ServerMessage::Event {
                event: PublicEvent::AbsenceChanged {
                    absence,
                    absent: vec![2],
                },
            },
        );
        let note = mirror.state().notes.last().expect("a note");
        assert_eq!(
            note.body,
            NoteBody::AbsenceChanged {
                absence,
                absent: vec![2]
            }
        );
    }

    #[test]
    fn hands_are_recapped_from_your_side_and_a_taken_back_end_is_forgotten() {
        let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        let mut game = Match::new(rules, MatchFormat::SingleHand, 0, 3).expect("a match");
        let mut rng = Rng::new(1);
        while game.game().phase() != Phase::Finished {
            let legal = game.game().legal_actions();
            game.apply(legal[rng.below(legal.len())]).expect("legal");
        }
        let result = game.game().result().expect("ended");
        let mut mirror = Mirror::new("Bea", MovesSent::default());
        heard(&mut mirror, view(&game, 1));
        heard(
            &mut mirror,
            ServerMessage::Event {
                event: PublicEvent::HandOver {
                    result: result.clone(),
                    standing: game.standing().clone(),
                },
            },
        );
        let recap = recap(&result, 1).expect("counted");
        assert_eq!(mirror.state().hands, vec![recap.clone()]);
        assert_eq!(
            recap.points[0], result.side_points[1],
            "seat 1's side first"
        );
        heard(
            &mut mirror,
            ServerMessage::Event {
                event: PublicEvent::TookBack { seat: 1 },
            },
        );
        assert!(mirror.state().hands.is_empty(), "the hand is on again");
    }

    #[test]
    fn a_match_given_up_is_over_and_offers_no_move() {
        let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        let game = Match::new(rules, MatchFormat::SingleHand, 1, 3).expect("a match");
        let mut mirror = Mirror::new("Ada", MovesSent::default());
        let lobby = |stage| lobby_message(rules, stage, Vec::new(), Vec::new());
        heard(&mut mirror, lobby(Stage::Playing));
        heard(&mut mirror, view(&game, 0));
        let offered = &mirror.state().game.as_ref().expect("a view").choices.cards;
        assert!(!offered.is_empty(), "your move");
        heard(&mut mirror, lobby(Stage::Over));
        heard(&mut mirror, view(&game, 0));
        heard(
            &mut mirror,
            ServerMessage::MatchOver {
                record: game.record(),
                standing: game.standing().clone(),
                outcome: None,
                resigned: Some(0),
            },
        );
        let state = mirror.state();
        let game = state.game.as_ref().expect("the last view");
        assert!(game.observation.legal_actions.is_empty() && game.choices.cards.is_empty());
        assert_eq!(state.over.as_ref().and_then(|o| o.resigned), Some(0));
    }

    #[test]
    fn who_comes_to_the_table_and_who_leaves_is_in_the_log() {
        let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        let mut mirror = Mirror::new("Ada", MovesSent::default());
        let person = |name: &str| SeatView::Person {
            name: name.into(),
            ready: false,
            connected: true,
            host: name == "Ada",
        };
        let lobby = |seats, watchers| lobby_message(rules, Stage::Lobby, seats, watchers);
        let kinds = |mirror: &Mirror| {
            mirror
                .state()
                .notes
                .iter()
                .map(|n| n.body.clone())
                .collect::<Vec<_>>()
        };
        heard(
            &mut mirror,
            lobby(vec![person("Ada"), SeatView::Empty], vec![]),
        );
        assert!(kinds(&mirror).is_empty(), "the table as found is no news");
        heard(
            &mut mirror,
            lobby(vec![person("Ada"), SeatView::Empty], vec!["Bea".into()]),
        );
        heard(
            &mut mirror,
            lobby(vec![person("Ada"), person("Bea")], vec![]),
        );
        heard(
            &mut mirror,
            lobby(vec![person("Ada"), SeatView::Empty], vec![]),
        );
        assert_eq!(
            kinds(&mirror),
            [
                NoteBody::Arrived { name: "Bea".into() },
                NoteBody::Departed { name: "Bea".into() }
            ],
            "sitting down is no arrival"
        );
    }
}
