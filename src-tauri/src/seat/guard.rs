//! [`HostGuard`]: what a table's host sends, checked before anything of the app sees it. A host is a
//! remote party — possibly not a Briscola table at all — so every message is held to what a real
//! table could send this player, as the table holds what its clients send:
//!
//! - seats in range of the table's players, and a seat view only of this player's seat, the same
//!   one for the whole match;
//! - names and chat lines by the table's own rules (`briscola_table::text`), the code and the token
//!   in their shapes, the timer within its range;
//! - every game view proved a position the rules can produce ([`Observation::validate_view`]) under
//!   the table's announced rules, its standing naming each seat once;
//! - the record of a match that ends replayed by the engine, and its standing and outcome the ones
//!   the replay gives.
//!
//! What is refused is dropped whole: it is not completed, hinted, shown or kept ([`Refused`] says
//! why, for logs and tests). Deliberately absent: judging what cannot be checked from one seat (who
//! holds which hidden card, whether a seat really dropped), and any answer to the host.

use briscola::{MatchRecord, MatchStanding, Observation, Phase, Seat};
use briscola_table::protocol::{
    ChatBody, GameView, LobbyView, PublicEvent, SeatView, ServerMessage, Stage,
};
use briscola_table::secret::TableCode;
use briscola_table::{MAX_MEMBERS, text, timer};

/// The longest seat token a table gives (128 bits in hex).
const TOKEN_CHARS: usize = 64;

/// Hands' ends kept to check a match's record against (the latest; far more than a match plays).
const MAX_HANDS_CHECKED: usize = 256;

/// The longest turn (ms) a table's clock runs.
const MAX_TURN_MS: u64 = timer::MAX_SECONDS as u64 * 1_000;

/// Why a message from the host was dropped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// A seat number past the table (or before any lobby said how many seats there are).
    #[error("{field}: seat {seat} is not at the table")]
    Seat {
        /// Where.
        field: &'static str,
        /// The seat.
        seat: Seat,
    },
    /// A name, a chat line, the code or the token out of shape.
    #[error("{field} is not as a table sends it")]
    Text {
        /// Which.
        field: &'static str,
    },
    /// The rules, the format, the timer or the seats of the lobby do not hold together.
    #[error("the lobby does not hold together: {field}")]
    Lobby {
        /// What.
        field: &'static str,
    },
    /// A game view the rules cannot produce for this seat at this table.
    #[error("an impossible game view: {reason}")]
    View {
        /// Why (English, for logs).
        reason: String,
    },
    /// A match record that does not replay, or disagrees with its standing or outcome.
    #[error("a match record that does not hold together: {reason}")]
    Record {
        /// Why (English, for logs).
        reason: String,
    },
    /// Game news before any lobby, or outside a match.
    #[error("{what} outside a match")]
    OutOfTurn {
        /// What came.
        what: &'static str,
    },
}

/// What the guard knows of the table so far. See the module docs.
#[derive(Debug, Default)]
pub struct HostGuard {
    /// The code the table welcomed this player with.
    code: Option<String>,
    /// The rules, format and stage of the last lobby accepted.
    lobby: Option<LobbyView>,
    /// This player's seat in the match under way, from its first view.
    match_seat: Option<Seat>,
    /// The view of each hand's end this player saw in the match under way: the record that ends the
    /// match must have played those very hands.
    hand_ends: Vec<(u32, Observation)>,
    /// The hand of the latest view.
    hand: u32,
    /// How many messages were dropped.
    refused: u64,
}

impl HostGuard {
    /// Messages dropped so far.
    pub fn refused(&self) -> u64 {
        self.refused
    }

    /// Checks one message; only an accepted message may go further.
    pub fn check(&mut self, message: &ServerMessage) -> Result<(), Refused> {
        let checked = self.checked(message);
        if checked.is_err() {
            self.refused = self.refused.saturating_add(1);
        }
        checked
    }

    fn players(&self) -> Option<u8> {
        self.lobby
            .as_ref()
            .map(|lobby| lobby.settings.ruleset.players)
    }

    fn seat(&self, field: &'static str, seat: Seat) -> Result<(), Refused> {
        match self.players() {
            Some(players) if seat < players => Ok(()),
            _ => Err(Refused::Seat { field, seat }),
        }
    }

    fn playing(&self, what: &'static str) -> Result<&LobbyView, Refused> {
        self.lobby
            .as_ref()
            .filter(|lobby| lobby.stage != Stage::Lobby)
            .ok_or(Refused::OutOfTurn { what })
    }

    fn checked(&mut self, message: &ServerMessage) -> Result<(), Refused> {
        match message {
            ServerMessage::Welcome {
                code, token, seat, ..
            } => {
                let code_ok = TableCode::parse(code).is_some();
                let token_ok = !token.is_empty()
                    && token.len() <= TOKEN_CHARS
                    && token.chars().all(|c| c.is_ascii_hexdigit());
                if !code_ok || !token_ok {
                    return Err(Refused::Text {
                        field: if code_ok { "token" } else { "code" },
                    });
                }
                if let Some(seat) = *seat
                    && usize::from(seat) >= briscola::MAX_PLAYERS
                {
                    return Err(Refused::Seat {
                        field: "welcome",
                        seat,
                    });
                }
                self.code = Some(code.clone());
            }
            ServerMessage::Lobby { lobby } => {
                self.check_lobby(lobby)?;
                if lobby.stage == Stage::Lobby {
                    self.match_seat = None;
                    self.hand_ends.clear();
                }
                self.lobby = Some(lobby.clone());
            }
            ServerMessage::Game { view } => self.check_view(view)?,
            ServerMessage::Event { event } => {
                self.check_event(event)?;
                if let PublicEvent::TookBack { .. } = event {
                    // The current hand's end, if it had ended, is no longer how it ends.
                    let hand = self.hand;
                    self.hand_ends.retain(|(h, _)| *h != hand);
                }
            }
            ServerMessage::Chat { from, chat } => {
                self.seat("chat", from.seat)?;
                checked_name(&from.name, "chat sender")?;
                if let ChatBody::Text { text } = chat
                    && text::chat_line(text).as_deref() != Ok(text.as_str())
                {
                    return Err(Refused::Text { field: "chat" });
                }
            }
            ServerMessage::Muted { seat, .. } => self.seat("muted", *seat)?,
            ServerMessage::TimerWarning { seat, remaining_ms } => {
                self.playing("a timer warning")?;
                self.seat("timer", *seat)?;
                if *remaining_ms > MAX_TURN_MS {
                    return Err(Refused::Lobby { field: "timer" });
                }
            }
            ServerMessage::AutoPlayed { seat, .. } => {
                self.playing("a move played by the timer")?;
                self.seat("auto-played", *seat)?;
            }
            ServerMessage::MatchOver {
                record,
                standing,
                outcome,
                resigned,
            } => {
                if let Some(seat) = resigned {
                    self.seat("resigned", *seat)?;
                }
                let lobby = self.playing("a match record")?;
                let settings = &lobby.settings;
                if record.ruleset != settings.ruleset || record.format != settings.format {
                    return Err(Refused::Record {
                        reason: "not the table's rules or format".into(),
                    });
                }
                let replayed = record.replay().map_err(|error| Refused::Record {
                    reason: error.to_string(),
                })?;
                // A match given up has no outcome; any other ends decided.
                if replayed.standing() != standing
                    || replayed.outcome() != outcome.as_ref()
                    || outcome.is_none() != resigned.is_some()
                {
                    return Err(Refused::Record {
                        reason: "its standing or outcome is not the replay's".into(),
                    });
                }
                self.check_hands_seen(record)?;
                self.hand_ends.clear();
            }
            ServerMessage::Error { .. }
            | ServerMessage::Removed
            | ServerMessage::Replaced
            | ServerMessage::Closed { .. } => {}
        }
        Ok(())
    }

    fn check_lobby(&self, lobby: &LobbyView) -> Result<(), Refused> {
        let bad = |field| Err(Refused::Lobby { field });
        if let Some(code) = &self.code
            && *code != lobby.code
        {
            return Err(Refused::Text { field: "code" });
        }
        let settings = &lobby.settings;
        if settings.ruleset.validate().is_err() {
            return bad("rules");
        }
        if settings.format.validate().is_err() {
            return bad("format");
        }
        if settings
            .turn_seconds
            .is_some_and(|s| !(timer::MIN_SECONDS..=timer::MAX_SECONDS).contains(&s))
        {
            return bad("timer");
        }
        if !settings.name.is_empty() {
            checked_name(&settings.name, "table name")?;
        }
        let players = usize::from(settings.ruleset.players);
        if lobby.seats.len() != players {
            return bad("seats");
        }
        for seat in &lobby.seats {
            if let SeatView::Person { name, .. } = seat {
                checked_name(name, "seat name")?;
            }
        }
        if lobby.watchers.len() > MAX_MEMBERS {
            return bad("watchers");
        }
        for name in &lobby.watchers {
            checked_name(name, "watcher name")?;
        }
        // People waiting for an AI's seat: as many as a table holds, each for an AI seat of its own.
        if lobby.waiting.len() > MAX_MEMBERS {
            return bad("waiting");
        }
        let mut claimed = Vec::new();
        for waiting in &lobby.waiting {
            checked_name(&waiting.name, "waiting name")?;
            let is_ai = matches!(
                lobby.seats.get(usize::from(waiting.seat)),
                Some(SeatView::Ai { .. })
            );
            if !is_ai || claimed.contains(&waiting.seat) {
                return bad("waiting");
            }
            claimed.push(waiting.seat);
        }
        if let Some(teams) = &lobby.teams
            && (teams.len() != players || teams.iter().any(|&t| usize::from(t) >= players))
        {
            return bad("teams");
        }
        Ok(())
    }

    fn check_view(&mut self, view: &GameView) -> Result<(), Refused> {
        let lobby = self.playing("a game view")?;
        let observation: &Observation = &view.observation;
        let refused = |reason: &str| Refused::View {
            reason: reason.into(),
        };
        if observation.ruleset != lobby.settings.ruleset {
            return Err(refused("not the table's rules"));
        }
        self.seat("view", observation.seat)?;
        if self.match_seat.is_some_and(|seat| seat != observation.seat) {
            return Err(refused("another seat's view"));
        }
        if view.hand == 0 {
            return Err(refused("hand 0"));
        }
        check_standing(&view.standing, observation.ruleset.players)
            .map_err(|()| refused("a standing that does not name each seat once"))?;
        if let Some(clock) = &view.clock {
            self.seat("clock", clock.seat)?;
            if clock.remaining_ms > clock.limit_ms || clock.limit_ms > MAX_TURN_MS {
                return Err(refused("a clock past its limit"));
            }
        }
        observation
            .validate_view()
            .map_err(|error| refused(&error.to_string()))?;
        self.match_seat = Some(observation.seat);
        self.hand = view.hand;
        if observation.phase == Phase::Finished {
            self.hand_ends.retain(|(hand, _)| *hand != view.hand);
            if self.hand_ends.len() >= MAX_HANDS_CHECKED {
                self.hand_ends.remove(0);
            }
            self.hand_ends.push((view.hand, observation.clone()));
        }
        Ok(())
    }

    /// Each hand's end seen in this match is the end of that hand in `record`, as this seat sees it.
    fn check_hands_seen(&self, record: &MatchRecord) -> Result<(), Refused> {
        let Some(seat) = self.match_seat else {
            return Ok(());
        };
        for (hand, seen) in &self.hand_ends {
            let upto = usize::try_from(*hand).unwrap_or(usize::MAX);
            let Some(hands) = record.hands.get(..upto) else {
                return Err(Refused::Record {
                    reason: format!("hand {hand} was played but is not in the record"),
                });
            };
            let partial = MatchRecord {
                hands: hands.to_vec(),
                ..record.clone()
            };
            let replayed = partial.replay().map_err(|error| Refused::Record {
                reason: error.to_string(),
            })?;
            if replayed.game().observation(seat) != *seen {
                return Err(Refused::Record {
                    reason: format!("hand {hand} is not the one played"),
                });
            }
        }
        Ok(())
    }

    fn check_event(&self, event: &PublicEvent) -> Result<(), Refused> {
        match event {
            PublicEvent::Acted { seat, .. }
            | PublicEvent::Disconnected { seat }
            | PublicEvent::Reconnected { seat }
            | PublicEvent::ShortTimer { seat }
            | PublicEvent::TookBack { seat }
            | PublicEvent::Resigned { seat } => self.seat("event", *seat),
            PublicEvent::TimerOffProposed { by, agreed } => {
                self.seat("proposal", *by)?;
                let players = usize::from(self.players().unwrap_or(0));
                if agreed.len() > players {
                    return Err(Refused::Lobby { field: "proposal" });
                }
                agreed.iter().try_for_each(|&s| self.seat("proposal", s))
            }
            PublicEvent::AbsenceChanged { absent, .. } => {
                let players = self
                    .playing("the absence setting")?
                    .settings
                    .ruleset
                    .players;
                check_sides(std::slice::from_ref(absent), players)
                    .map_err(|()| Refused::Lobby { field: "absent" })
            }
            PublicEvent::TimerChanged { seconds } => match seconds {
                Some(s) if !(timer::MIN_SECONDS..=timer::MAX_SECONDS).contains(s) => {
                    Err(Refused::Lobby { field: "timer" })
                }
                _ => Ok(()),
            },
            PublicEvent::HandOver { result, standing } => {
                let lobby = self.playing("a hand's result")?;
                let players = lobby.settings.ruleset.players;
                let sides_ok = check_sides(&result.sides, players).is_ok()
                    && result.seat_points.len() == usize::from(players)
                    && result.side_points.len() == result.sides.len()
                    && result
                        .chiamata
                        .is_none_or(|c| c.declarer < players && c.partner < players);
                let outcome_ok = match result.outcome {
                    briscola::HandOutcome::Won { side } => usize::from(side) < result.sides.len(),
                    _ => true,
                };
                if !sides_ok || !outcome_ok || check_standing(standing, players).is_err() {
                    return Err(Refused::Lobby {
                        field: "hand result",
                    });
                }
                Ok(())
            }
        }
    }
}

/// A name by the table's rules: as `text::name` gives it back.
fn checked_name(name: &str, field: &'static str) -> Result<(), Refused> {
    if text::name(name).as_deref() == Ok(name) {
        Ok(())
    } else {
        Err(Refused::Text { field })
    }
}

/// Sides that name each seat of the table at most once.
fn check_sides(sides: &[Vec<Seat>], players: u8) -> Result<(), ()> {
    let mut seen = [false; 256];
    for &seat in sides.iter().flatten() {
        if seat >= players || std::mem::replace(&mut seen[usize::from(seat)], true) {
            return Err(());
        }
    }
    Ok(())
}

/// A standing whose sides name each seat at most once, one score a side.
fn check_standing(standing: &MatchStanding, players: u8) -> Result<(), ()> {
    check_sides(&standing.sides, players)?;
    if standing.scores.len() != standing.sides.len() || standing.sides.is_empty() {
        return Err(());
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use briscola::{Match, MatchFormat, Preset, Rng, Ruleset};
    use briscola_table::protocol::{Absence, LobbyView, SettingsView};

    use super::*;

    const CODE: &str = "1RGK4-T8SA9";

    /// The table as one seat hears it: welcome, lobby, a view after every move, hand results,
    /// the record at the end.
    pub(crate) struct Stream {
        pub messages: Vec<ServerMessage>,
        pub record: MatchRecord,
        pub seat: Seat,
    }

    pub(crate) fn lobby(rules: Ruleset, format: MatchFormat, stage: Stage) -> ServerMessage {
        let seats = (0..rules.players)
            .map(|s| SeatView::Person {
                name: format!("P{s}"),
                ready: true,
                connected: true,
                host: s == 0,
            })
            .collect();
        ServerMessage::Lobby {
            lobby: LobbyView {
                code: CODE.into(),
                stage,
                settings: SettingsView {
                    ruleset: rules,
                    format,
                    turn_seconds: Some(30),
                    absence: Absence::Wait,
                    random_seats: false,
                    name: "Friday".into(),
                    hints: true,
                    undo: false,
                    deal_when_asked: false,
                    open_seats: false,
                },
                seats,
                watchers: vec!["Zoe".into()],
                teams: None,
                waiting: Vec::new(),
            },
        }
    }

    /// A whole match of `preset` for `players`, as `seat` hears it.
    pub(crate) fn stream(preset: Preset, players: u8, seed: u64, seat: Seat) -> Stream {
        let rules = Ruleset::preset(preset, players).expect("preset");
        let format = MatchFormat::usual(&rules);
        let mut game = Match::new(rules, format, 0, seed).expect("a match");
        let mut rng = Rng::new(seed);
        let mut messages = vec![
            ServerMessage::Welcome {
                code: CODE.into(),
                token: "ab".repeat(16),
                seat: Some(seat),
                host: seat == 0,
            },
            lobby(rules, format, Stage::Lobby),
            lobby(rules, format, Stage::Playing),
        ];
        let view = |game: &Match| ServerMessage::Game {
            view: Box::new(GameView {
                observation: game.game().observation(seat),
                standing: game.standing().clone(),
                hand: game.hand_number(),
                clock: None,
                awaiting_next_hand: game.awaiting_next_hand(),
                can_undo: false,
                can_resign: false,
                undos: 0,
            }),
        };
        messages.push(view(&game));
        while game.outcome().is_none() {
            if game.awaiting_next_hand() {
                game.next_hand().expect("next hand");
                messages.push(view(&game));
                continue;
            }
            let legal = game.game().legal_actions();
            let action = legal[rng.below(legal.len())];
            let mover = game.game().to_move();
            game.apply(action).expect("legal");
            messages.push(ServerMessage::Event {
                event: PublicEvent::Acted {
                    seat: mover,
                    action,
                },
            });
            messages.push(view(&game));
            if game.game().phase() == Phase::Finished
                && let Some(result) = game.game().result()
            {
                messages.push(ServerMessage::Event {
                    event: PublicEvent::HandOver {
                        result,
                        standing: game.standing().clone(),
                    },
                });
            }
        }
        messages.push(ServerMessage::MatchOver {
            record: game.record(),
            standing: game.standing().clone(),
            outcome: game.outcome().cloned(),
            resigned: None,
        });
        messages.push(lobby(rules, format, Stage::Over));
        Stream {
            messages,
            record: game.record(),
            seat,
        }
    }

    #[test]
    fn everything_a_table_sends_any_seat_of_any_preset_is_accepted() {
        for preset in Preset::ALL {
            for &players in preset.player_counts() {
                for seat in 0..players {
                    let stream = stream(preset, players, u64::from(seat) + 3, seat);
                    let mut guard = HostGuard::default();
                    for message in &stream.messages {
                        assert_eq!(
                            guard.check(message),
                            Ok(()),
                            "{preset} {players} seat {seat}: {message:?}"
                        );
                    }
                }
            }
        }
    }

    /// The guard after the start of a 4-player match heard from seat 1.
    fn started() -> (HostGuard, Stream) {
        let stream = stream(Preset::Briscola, 4, 11, 1);
        let mut guard = HostGuard::default();
        for message in &stream.messages[..4] {
            guard.check(message).expect("a real table's start");
        }
        (guard, stream)
    }

    #[test]
    fn what_a_hostile_host_was_seen_to_send_is_refused() {
        let (mut guard, stream) = started();
        let ServerMessage::Game { view } = &stream.messages[3] else {
            panic!("a view");
        };
        // A match record whose dealer is past the last seat.
        let mut record = stream.record.clone();
        record.hands[0].dealer = 200;
        let over = ServerMessage::MatchOver {
            record,
            standing: MatchStanding {
                sides: vec![vec![0, 2], vec![1, 3]],
                scores: vec![1, 0],
                hands_played: 1,
            },
            outcome: None,
            resigned: None,
        };
        assert!(matches!(guard.check(&over), Err(Refused::Record { .. })));
        // A lobby naming seat 255's welcome, and chat from seat 255.
        let welcome = ServerMessage::Welcome {
            code: CODE.into(),
            token: "ab".repeat(16),
            seat: Some(255),
            host: false,
        };
        assert!(matches!(guard.check(&welcome), Err(Refused::Seat { .. })));
        let chat = ServerMessage::Chat {
            from: briscola_table::protocol::ChatSender {
                seat: 255,
                name: "Eve".into(),
            },
            chat: ChatBody::Text { text: "hi".into() },
        };
        assert!(matches!(guard.check(&chat), Err(Refused::Seat { .. })));
        // An impossible 4-player view: a card of the hand said legal out of turn, a hand of five,
        // another seat's view.
        let mut impossible = view.clone();
        impossible.observation.legal_actions = vec![briscola::Action::Play(
            view.observation.hand.iter().next().expect("a card"),
        )];
        if view.observation.to_move == 1 {
            impossible.observation.legal_actions.clear();
        }
        let game = |view: Box<GameView>| ServerMessage::Game { view };
        assert!(matches!(
            guard.check(&game(impossible)),
            Err(Refused::View { .. })
        ));
        let mut other = view.clone();
        other.observation.seat = 2;
        assert!(guard.check(&game(other)).is_err());
        let mut sizes = view.clone();
        sizes.observation.hand_sizes[0] = 5;
        assert!(guard.check(&game(sizes)).is_err());
        // Names with direction overrides, a table name with a control character.
        let ServerMessage::Lobby { lobby } = &stream.messages[2] else {
            panic!("a lobby");
        };
        let mut evil = lobby.clone();
        evil.seats[2] = SeatView::Person {
            name: "\u{202E}evil\u{202C}.exe".into(),
            ready: true,
            connected: true,
            host: false,
        };
        let evil = ServerMessage::Lobby { lobby: evil };
        assert!(matches!(guard.check(&evil), Err(Refused::Text { .. })));
        let mut seats = lobby.clone();
        seats.seats.push(SeatView::Empty);
        let seats = ServerMessage::Lobby { lobby: seats };
        assert!(matches!(guard.check(&seats), Err(Refused::Lobby { .. })));
        // Someone said to wait for a seat that no AI holds, or two for one seat.
        let mut with_ai = lobby.clone();
        with_ai.seats[1] = SeatView::Ai {
            level: briscola::ai::Level::Easy,
        };
        let (ai_seat, person_seat) = (1, 0);
        let waiting = |seats: &[u8]| {
            let mut waiting = with_ai.clone();
            waiting.waiting = seats
                .iter()
                .map(|&seat| briscola_table::protocol::WaitingView {
                    name: format!("Guest{seat}"),
                    seat,
                })
                .collect();
            ServerMessage::Lobby { lobby: waiting }
        };
        assert_eq!(
            guard.check(&waiting(&[ai_seat])),
            Ok(()),
            "a friend waiting"
        );
        for bad in [vec![person_seat], vec![ai_seat, ai_seat], vec![200]] {
            assert!(matches!(
                guard.check(&waiting(&bad)),
                Err(Refused::Lobby { field: "waiting" })
            ));
        }
        // The absence setting changed for seats past the table, or the same seat twice.
        let absence = |absent: Vec<u8>| ServerMessage::Event {
            event: PublicEvent::AbsenceChanged {
                absence: Absence::Ai {
                    level: briscola::ai::Level::Medium,
                },
                absent,
            },
        };
        for good in [vec![], vec![2], vec![0, 3]] {
            assert_eq!(guard.check(&absence(good)), Ok(()), "a real table's");
        }
        for bad in [vec![4], vec![2, 2], vec![200]] {
            assert!(matches!(
                guard.check(&absence(bad)),
                Err(Refused::Lobby { field: "absent" })
            ));
        }
        // The real view still passes after all that.
        assert_eq!(guard.check(&stream.messages[3]), Ok(()));
        assert_eq!(guard.refused(), 14);
    }

    #[test]
    fn game_news_before_a_lobby_is_refused() {
        let stream = stream(Preset::Briscola, 2, 1, 0);
        let mut guard = HostGuard::default();
        assert!(matches!(
            guard.check(&stream.messages[3]),
            Err(Refused::OutOfTurn { .. })
        ));
        let over = stream.messages.iter().rev().nth(1).expect("match over");
        assert!(matches!(guard.check(over), Err(Refused::OutOfTurn { .. })));
        guard
            .check(&stream.messages[1])
            .expect("the lobby before the match");
        let absence = ServerMessage::Event {
            event: PublicEvent::AbsenceChanged {
                absence: Absence::Wait,
                absent: vec![1],
            },
        };
        assert!(
            matches!(guard.check(&absence), Err(Refused::OutOfTurn { .. })),
            "the absence setting is news only during a match"
        );
    }
}
