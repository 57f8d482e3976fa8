//! Secrecy: every frame each client receives is checked, as bytes, against the full game state.
//!
//! For a frame to connection `c` (seat `s`, or none for a watcher), every card named in it must be
//! (1) not hidden from `s` in the true game — not in another seat's closed hand (unless publicly known
//! there), not in the stock (unless face up, or the top card in open variants) — and (2) among the cards
//! `c` has been shown by its own seat's observations in this hand. A chiamata call names a card without
//! placing it and is public by the rules, so calls are not counted as revealing their card. The deal
//! seed and the deck order never appear. Señas: a view carries exactly the señas its seat saw (its
//! own, its partners', the ones it caught), no other frame names one, and a seña's answer goes only
//! to the seats that see it (the others receive nothing, so nothing tells them a seña was made).
//! Only the end-of-match record is exempt: then all is public.

use std::collections::BTreeMap;

use briscola::{Action, Card, CardSet, Game, Observation, Preset, Rng, Ruleset, Seat};
use serde_json::Value;

use super::harness::Client;
use super::matches::{all_tables, seat_ruled_table, seat_table, seat_timed_table};
use crate::protocol::ServerMessage;
use crate::{ConnId, Table};

/// Checks every frame; counts what it checked, so a test can show it did.
#[derive(Default)]
pub struct Auditor {
    /// Per connection: the hand number of its last view and the cards its views showed in it.
    seen: BTreeMap<ConnId, (u32, CardSet)>,
    /// Frames checked.
    pub frames: usize,
    /// Card names found in checked frames.
    pub cards: usize,
    /// Frames holding a card that was hidden from some *other* seat at the time (so the check had
    /// something to find).
    pub secret_elsewhere: usize,
    /// The hand and the number of señas made in it at the last check.
    signals_at: (u32, usize),
    /// Señas made, and señas some connection's seat did not see (so the silence had something to
    /// keep).
    pub senas: usize,
    /// Views that showed a seña caught from an opponent.
    pub caught_shown: usize,
}

/// The cards a game hides from `seat` (from everyone for `None`).
pub fn hidden_from(game: &Game, seat: Option<Seat>) -> CardSet {
    let rules = game.rules();
    let mut hidden = CardSet::EMPTY;
    if !rules.open_hands {
        for s in (0..rules.players).filter(|&s| Some(s) != seat) {
            hidden |= game.hand(s) - game.known_in_hand(s);
        }
    }
    for (i, card) in game.stock_from_top().enumerate() {
        if Some(card) != game.face_up() && !(rules.open_hands && i == 0) {
            hidden.insert(card);
        }
    }
    hidden
}

/// The cards an observation shows its seat.
fn visible(observation: &Observation) -> CardSet {
    observation.ruleset.deck_cards() - observation.unseen_cards()
}

/// Every card a frame names (in its written form `Ad`, or inside an action), calls excepted.
pub fn cards_in(text: &str) -> CardSet {
    let value: Value = serde_json::from_str(text).expect("frames are JSON");
    let mut cards = CardSet::EMPTY;
    walk(&value, None, &mut cards);
    cards
}

fn walk(value: &Value, key: Option<&str>, cards: &mut CardSet) {
    match value {
        Value::String(s) if key != Some("called") => {
            if let Ok(action) = s.parse::<Action>() {
                match action {
                    Action::Play(card) if card_text(card, s) => cards.insert(card),
                    Action::Exchange(card) => cards.insert(card),
                    _ => {}
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| walk(v, key, cards)),
        Value::Object(map) => {
            if map.get("kind").and_then(Value::as_str) == Some("call") {
                return;
            }
            map.iter().for_each(|(k, v)| walk(v, Some(k), cards));
        }
        _ => {}
    }
}

/// Señas a frame names: actions in text (`sena ace`) or tagged (`{"kind": "sena"}`), and seen señas
/// (objects with `plays_before`).
fn senas_in(text: &str) -> usize {
    fn count(value: &Value) -> usize {
        match value {
            Value::String(s) => usize::from(matches!(s.parse(), Ok(Action::Signal(_)))),
            Value::Array(items) => items.iter().map(count).sum(),
            Value::Object(map) => {
                let here = map.get("kind").and_then(Value::as_str) == Some("sena")
                    || map.contains_key("plays_before");
                usize::from(here) + map.values().map(count).sum::<usize>()
            }
            _ => 0,
        }
    }
    count(&serde_json::from_str(text).expect("frames are JSON"))
}

/// Whether `text` is the written form of `card` (so `as`, a word, is not the ace of swords).
fn card_text(card: Card, text: &str) -> bool {
    card.to_string() == text
}

impl Auditor {
    /// Checks one input's answer against the table after that input.
    pub fn check(
        &mut self,
        table: &Table,
        clients: &BTreeMap<ConnId, Client>,
        batch: &[(ConnId, String, ServerMessage)],
    ) {
        let game = table.game();
        self.check_senas(table, clients, batch);
        for (to, _, message) in batch {
            if let ServerMessage::Game { view } = message {
                let entry = self.seen.entry(*to).or_insert((view.hand, CardSet::EMPTY));
                if entry.0 != view.hand {
                    *entry = (view.hand, CardSet::EMPTY);
                }
                entry.1 |= visible(&view.observation);
            }
        }
        for (to, text, message) in batch {
            if matches!(message, ServerMessage::MatchOver { .. }) {
                continue;
            }
            self.frames += 1;
            let named = cards_in(text);
            self.cards += named.len();
            let Some(m) = game else {
                assert!(named.is_empty(), "a card before the match: {text}");
                continue;
            };
            assert!(!text.contains("\"deal\""), "a deal sent: {text}");
            assert!(
                !text.contains(&m.record().seed.to_string()),
                "the deal seed sent: {text}"
            );
            let seat = clients.get(to).and_then(|c| c.seat);
            let leaked = named & hidden_from(m.game(), seat);
            assert!(
                leaked.is_empty(),
                "{leaked} hidden from seat {seat:?} sent to it: {text}"
            );
            // A watcher has no observation of its own: what every seat has been shown is public.
            let shown = match seat {
                Some(_) => self.seen.get(to).map_or(CardSet::EMPTY, |s| s.1),
                None => (0..m.rules().players)
                    .map(|s| visible(&m.game().observation(s)))
                    .fold(m.rules().deck_cards(), |all, v| all & v),
            };
            let unexplained = named - shown;
            assert!(
                unexplained.is_empty(),
                "{unexplained} sent to seat {seat:?} before its own observations showed it: {text}"
            );
            let players = m.rules().players;
            if (0..players).any(|s| !(named & hidden_from(m.game(), Some(s))).is_empty()) {
                self.secret_elsewhere += 1;
            }
        }
    }
}

impl Auditor {
    /// The señas of one input's answer (see the module docs).
    fn check_senas(
        &mut self,
        table: &Table,
        clients: &BTreeMap<ConnId, Client>,
        batch: &[(ConnId, String, ServerMessage)],
    ) {
        let Some(m) = table.game() else {
            return;
        };
        let game = m.game();
        let rules = *game.rules();
        let sees = |seat: Seat, signal: &briscola::Signal| {
            rules.fixed_team(seat) == rules.fixed_team(signal.seat)
                || signal.caught_by & (1 << seat) != 0
        };
        for (to, text, message) in batch {
            let seat = clients.get(to).and_then(|c| c.seat);
            match message {
                ServerMessage::MatchOver { .. } => {}
                ServerMessage::Game { view } => {
                    let seat = seat.expect("views go to seats");
                    let saw: Vec<_> = game
                        .signals()
                        .iter()
                        .filter(|s| sees(seat, s))
                        .map(|s| (s.seat, s.sena, s.plays_before))
                        .collect();
                    let shown: Vec<_> = view
                        .observation
                        .signals
                        .iter()
                        .map(|v| (v.seat, v.sena, v.plays_before))
                        .collect();
                    // A view of a finished hand (the pause before the next deal) may be of it.
                    if view.hand == m.hand_number() {
                        assert_eq!(shown, saw, "seat {seat} was shown other señas: {text}");
                    }
                    let team = rules.fixed_team(seat);
                    self.caught_shown += view
                        .observation
                        .signals
                        .iter()
                        .filter(|v| rules.fixed_team(v.seat) != team)
                        .count();
                }
                _ => assert_eq!(senas_in(text), 0, "a seña outside a view: {text}"),
            }
        }
        let now = (m.hand_number(), game.signals().len());
        if now.0 == self.signals_at.0 && now.1 == self.signals_at.1 + 1 {
            let signal = game.signals()[now.1 - 1];
            self.senas += 1;
            for (to, text, _) in batch {
                let seat = clients.get(to).and_then(|c| c.seat);
                assert!(
                    seat.is_some_and(|s| sees(s, &signal)),
                    "seat {seat:?} did not see {signal:?} but heard of it: {text}"
                );
            }
        }
        self.signals_at = now;
    }
}

#[test]
fn a_sena_reaches_only_the_seats_that_see_it_at_every_team_table() {
    let mut rng = Rng::new(43);
    let mut total = Auditor::default();
    for (preset, players, interception) in [
        (Preset::Briscola, 4, 25),
        (Preset::Brisca, 4, 50),
        (Preset::Brisca, 6, 25),
        (Preset::Bisca, 4, 10),
    ] {
        let rules = Ruleset {
            senas: true,
            interception,
            ..Ruleset::preset(preset, players).expect("preset")
        };
        let mut sim = seat_ruled_table(rules, 3 + u64::from(players), true, None);
        sim.play_out(&mut rng);
        let auditor = sim.auditor.take().expect("audited");
        assert!(
            auditor.senas > 5,
            "{preset} {players}: {} señas",
            auditor.senas
        );
        total.senas += auditor.senas;
        total.caught_shown += auditor.caught_shown;
    }
    // Some señas were caught, so the views that showed them were checked too.
    assert!(
        total.caught_shown > 0,
        "no seña was caught in {}",
        total.senas
    );
}

#[test]
fn no_client_receives_a_card_before_it_is_public_to_its_seat_in_any_preset() {
    let mut rng = Rng::new(34);
    let mut total = Auditor::default();
    for (preset, players) in all_tables() {
        let mut sim = seat_table(preset, players, 7 + u64::from(players), true);
        sim.play_out(&mut rng);
        let auditor = sim.auditor.take().expect("audited");
        assert!(
            auditor.frames > 100,
            "{preset} {players}: {}",
            auditor.frames
        );
        assert!(auditor.cards > 0, "{preset} {players}: no card was checked");
        total.frames += auditor.frames;
        total.cards += auditor.cards;
        total.secret_elsewhere += auditor.secret_elsewhere;
        // At the end everyone holds the whole record.
        for (conn, client) in &sim.clients {
            let Some(ServerMessage::MatchOver { record, .. }) = client.messages.last() else {
                panic!("{preset} {players}: connection {conn} got no record");
            };
            assert!(record.replay().is_ok());
        }
    }
    // The check had something to catch: most frames name cards that are secret from another seat.
    assert!(total.secret_elsewhere > 1_000, "{}", total.secret_elsewhere);
}

#[test]
fn the_auditor_catches_a_leaked_hand_and_a_leaked_stock() {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let mut sim = seat_table(Preset::Briscola, 2, 1, true);
    sim.drive_ai();
    let game = sim.table.game().expect("started").game().clone();
    assert_eq!(*game.rules(), rules);
    let host_seat = sim.client(super::harness::HOST).seat.expect("seated");
    let other = 1 - host_seat;
    // Another seat's observation sent to the host: its hand is hidden from the host.
    let leaked = game.observation(other);
    let standing = sim.table.game().expect("started").standing().clone();
    let text = crate::protocol::encode(&view_of(leaked, standing));
    let named = cards_in(&text);
    assert!(!(named & hidden_from(&game, Some(host_seat))).is_empty());
    // The stock's next card is hidden from both seats.
    let next = game.stock_from_top().next().expect("a stock");
    assert!(hidden_from(&game, Some(host_seat)).contains(next));
    assert!(cards_in(&format!(r#"{{"x":["{next}"]}}"#)).contains(next));
    assert!(cards_in(r#"{"kind":"call","card":"Ad"}"#).is_empty());
    assert!(cards_in(r#"{"word":"as"}"#).is_empty());
}

/// A first hand's view of `seat`'s true observation, as a frame.
fn view_message(m: &briscola::Match, seat: Seat) -> ServerMessage {
    view_of(m.game().observation(seat), m.standing().clone())
}

/// A first hand's view carrying `observation`, as a frame.
fn view_of(observation: Observation, standing: briscola::MatchStanding) -> ServerMessage {
    ServerMessage::Game {
        view: Box::new(crate::protocol::GameView {
            observation,
            standing,
            hand: 1,
            clock: None,
            awaiting_next_hand: false,
            can_undo: false,
            can_resign: false,
            undos: 0,
        }),
    }
}

#[test]
fn the_auditor_fails_a_frame_that_shows_another_seats_hand() {
    let mut sim = seat_table(Preset::Brisca, 2, 3, true);
    sim.drive_ai();
    let host_seat = sim.client(super::harness::HOST).seat.expect("seated");
    let m = sim.table.game().expect("started");
    let message = view_message(m, 1 - host_seat);
    let batch = vec![(
        super::harness::HOST,
        crate::protocol::encode(&message),
        message,
    )];
    let mut auditor = Auditor::default();
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        auditor.check(&sim.table, &sim.clients, &batch);
    }));
    assert!(caught.is_err(), "the leak went unnoticed");
}

#[test]
fn the_auditor_fails_a_sena_told_to_an_opponent_that_did_not_catch_it() {
    use crate::protocol::{ClientMessage, PublicEvent};
    let rules = Ruleset {
        senas: true,
        interception: 0,
        ..Ruleset::preset(Preset::Briscola, 4).expect("preset")
    };
    let mut sim = seat_ruled_table(rules, 5, true, None);
    sim.drive_ai();
    let (conn, _) = sim.person_to_move().expect("a person to move");
    let seat = sim.client(conn).seat.expect("seated");
    let sena = Action::Signal(briscola::Sena::Ace);
    sim.send(conn, &ClientMessage::Act { action: sena });
    let m = sim.table.game().expect("started");
    assert_eq!(m.game().signals().len(), 1, "the seña was made");
    let (opponent_conn, opponent) = sim
        .clients
        .iter()
        .find_map(|(&c, client)| client.seat.filter(|s| s % 2 != seat % 2).map(|s| (c, s)))
        .expect("a person opposite");
    let told = ServerMessage::Event {
        event: PublicEvent::Acted { seat, action: sena },
    };
    // Its own true view, sent in the seña's answer, tells it that something happened.
    let nudged = view_message(m, opponent);
    for message in [told, nudged] {
        let batch = vec![(opponent_conn, crate::protocol::encode(&message), message)];
        let mut auditor = Auditor {
            signals_at: (1, 0),
            ..Auditor::default()
        };
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            auditor.check(&sim.table, &sim.clients, &batch);
        }));
        assert!(
            caught.is_err(),
            "the seña's leak went unnoticed: {:?}",
            batch[0].1
        );
    }
}

#[test]
fn secrecy_holds_through_timer_expiries_drops_and_rejoins() {
    use crate::protocol::{Absence, ClientMessage, Stage};
    let mut rng = Rng::new(99);
    let mut frames = 0;
    for (i, (preset, players)) in [
        (Preset::Chiamata, 5),
        (Preset::Brisca, 4),
        (Preset::Scoperta, 3),
    ]
    .into_iter()
    .enumerate()
    {
        let mut sim = seat_timed_table(preset, players, 40 + i as u64, true, Some(10));
        if i % 2 == 0 {
            sim.send(
                super::harness::HOST,
                &ClientMessage::SetAbsence {
                    absence: Absence::Ai {
                        level: briscola::ai::Level::Easy,
                    },
                },
            );
        }
        // People move two times in three; otherwise time runs to the table's next deadline (a
        // warning, an expiry played for them, or the next deal).
        let mut next_conn: ConnId = 500;
        let mut expired = 0;
        let mut rejoined = 0;
        let mut steps = 0;
        while sim.table.stage() == Stage::Playing {
            steps += 1;
            assert!(steps < 50_000, "{preset} does not end");
            sim.drive_ai();
            if sim.table.stage() != Stage::Playing {
                break;
            }
            // Now and then a guest drops and comes back on a new connection with its token.
            if steps == 10 || rng.below(25) == 0 {
                let guests: Vec<ConnId> = sim
                    .clients
                    .iter()
                    .filter(|(c, client)| **c != super::harness::HOST && client.seat.is_some())
                    .map(|(&c, _)| c)
                    .collect();
                if let Some(&conn) = guests.get(rng.below(guests.len().max(1))) {
                    let token = sim.client(conn).token.clone().expect("a token");
                    sim.disconnect(conn);
                    sim.drive_ai();
                    sim.connect(next_conn);
                    let code = sim.table.code();
                    sim.send(next_conn, &ClientMessage::Rejoin { code, token });
                    next_conn += 1;
                    rejoined += 1;
                    continue;
                }
            }
            match sim.person_to_move() {
                Some((conn, legal)) if rng.below(3) > 0 => {
                    let action = legal[rng.below(legal.len())];
                    sim.send(conn, &ClientMessage::Act { action });
                }
                _ => match sim.table.next_tick() {
                    Some(due) => {
                        sim.tick_at(due.max(sim.now));
                        expired += 1;
                    }
                    None => {
                        let (conn, legal) = sim.person_to_move().expect("someone to move");
                        sim.send(conn, &ClientMessage::Act { action: legal[0] });
                    }
                },
            }
        }
        let auto_played = sim
            .clients
            .values()
            .flat_map(|c| &c.messages)
            .filter(|m| matches!(m, ServerMessage::AutoPlayed { .. }))
            .count();
        assert!(rejoined > 0, "{preset}: nobody rejoined");
        assert!(expired > 0 && auto_played > 0, "{preset}: no expiry");
        frames += sim.auditor.as_ref().expect("audited").frames;
    }
    assert!(frames > 1_000);
}
