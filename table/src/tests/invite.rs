//! Friends joining a match in progress: refused while the host keeps the match closed; at an open
//! table a newcomer waits for the lowest AI seat, takes it when the next hand is dealt, and gives it
//! back to its AI by leaving; claims lapse with the match; all of it survives a snapshot, and no
//! newcomer sees a seat's cards but their own seat's once they sit.

use briscola::ai::Level;
use briscola::{MatchFormat, Preset, Ruleset, Seat};

use super::harness::{HOST, Sim};
use crate::protocol::{
    ClientMessage, ErrorCode, LobbyView, SeatChoice, SeatView, ServerMessage, Stage, WaitingView,
};
use crate::{ConnId, Table, TableSettings, TableSnapshot};

const BEA: ConnId = 201;
const CARLO: ConnId = 202;
const DORA: ConnId = 203;

/// A started match of the host against Medium AI seats, first to 2 hands, dealt when asked, with the
/// secrecy auditor on.
fn ai_table(players: u8, undo: bool) -> Sim {
    ai_table_to(players, undo, 2)
}

/// [`ai_table`] first to `hands` hands.
fn ai_table_to(players: u8, undo: bool, hands: u8) -> Sim {
    let ruleset = Ruleset::preset(Preset::Briscola, players).expect("preset");
    let settings = TableSettings {
        undo,
        deal_when_asked: true,
        format: MatchFormat::FirstTo { hands },
        ..TableSettings::new(ruleset)
    };
    // Every frame to everyone, newcomers included, is checked for secrets.
    Sim::against_the_computer(settings, 21, None, true)
}

/// [`ai_table`], opened to friends, with the AI moved to the host's turn.
fn open_ai_table(players: u8, undo: bool) -> Sim {
    open_ai_table_to(players, undo, 2)
}

/// [`open_ai_table`] first to `hands` hands.
fn open_ai_table_to(players: u8, undo: bool, hands: u8) -> Sim {
    let mut sim = ai_table_to(players, undo, hands);
    sim.send(HOST, &ClientMessage::OpenSeats { open: true });
    sim.drive_ai();
    sim
}

fn lobby(sim: &Sim) -> LobbyView {
    sim.table.lobby_view()
}

fn awaiting_next_hand(sim: &Sim) -> bool {
    sim.table
        .game()
        .is_some_and(briscola::Match::awaiting_next_hand)
}

/// Every game view a connection received.
fn views(sim: &Sim, conn: ConnId) -> Vec<Seat> {
    sim.client(conn)
        .messages
        .iter()
        .filter_map(|m| match m {
            ServerMessage::Game { view } => Some(view.observation.seat),
            _ => None,
        })
        .collect()
}

/// Plays first legal moves for the people and the AI's moves until `stop` holds, the hand is
/// over or the match is.
fn play_until(sim: &mut Sim, stop: impl Fn(&Sim) -> bool) {
    for _ in 0..500 {
        if stop(sim) || sim.table.stage() != Stage::Playing || awaiting_next_hand(sim) {
            return;
        }
        sim.drive_ai();
        if stop(sim) || sim.table.stage() != Stage::Playing || awaiting_next_hand(sim) {
            return;
        }
        let (conn, legal) = sim.person_to_move().expect("a person to move");
        sim.send(conn, &ClientMessage::Act { action: legal[0] });
    }
    panic!("the hand does not end");
}

/// Every seated person asks for the next hand, until it is dealt.
fn next_hand(sim: &mut Sim) {
    let seated: Vec<ConnId> = sim
        .clients
        .iter()
        .filter(|(_, c)| c.seat.is_some())
        .map(|(&conn, _)| conn)
        .collect();
    for conn in seated {
        if awaiting_next_hand(sim) {
            sim.send(conn, &ClientMessage::NextHand);
        }
    }
    assert!(!awaiting_next_hand(sim), "dealt once everyone asked");
}

/// The first welcome after the `skip`-th message to `conn`.
fn welcome_seat(sim: &Sim, conn: ConnId, skip: usize) -> Option<Option<Seat>> {
    sim.client(conn)
        .messages
        .iter()
        .skip(skip)
        .find_map(|m| match m {
            ServerMessage::Welcome { seat, .. } => Some(*seat),
            _ => None,
        })
}

#[test]
fn a_match_is_closed_to_newcomers_until_the_host_opens_it() {
    let mut sim = ai_table(3, false);
    assert!(!lobby(&sim).settings.open_seats, "closed by default");
    assert_eq!(sim.join(BEA, "Bea"), None);
    assert_eq!(sim.client(BEA).last_error(), Some(ErrorCode::NotInLobby));
    assert_eq!(lobby(&sim).watchers, Vec::<String>::new());
    sim.send(HOST, &ClientMessage::OpenSeats { open: true });
    assert!(lobby(&sim).settings.open_seats);
    sim.send(
        BEA,
        &ClientMessage::Join {
            code: sim.table.code(),
            name: "Bea".into(),
        },
    );
    assert_eq!(welcome_seat(&sim, BEA, 0), Some(None), "welcomed, waiting");
    // Only the host opens and closes; closing refuses newcomers again, Bea's claim stands.
    sim.send(BEA, &ClientMessage::OpenSeats { open: false });
    assert_eq!(sim.client(BEA).last_error(), Some(ErrorCode::NotHost));
    sim.send(HOST, &ClientMessage::OpenSeats { open: false });
    assert_eq!(sim.join(CARLO, "Carlo"), None);
    assert_eq!(sim.client(CARLO).last_error(), Some(ErrorCode::NotInLobby));
    assert_eq!(
        lobby(&sim).waiting,
        vec![WaitingView {
            name: "Bea".into(),
            seat: 1
        }]
    );
}

#[test]
fn a_newcomer_waits_for_the_lowest_ai_seat_and_takes_it_at_the_next_deal() {
    let mut sim = open_ai_table(3, true);
    let (_, legal) = sim.person_to_move().expect("the host to move");
    sim.send(HOST, &ClientMessage::Act { action: legal[0] });
    sim.drive_ai();
    let before = lobby(&sim).seats;
    assert_eq!(sim.join(BEA, "Bea"), None);
    assert_eq!(sim.join(CARLO, "Carlo"), None);
    // No AI seat left to take: refused, and nothing changed.
    assert_eq!(sim.join(DORA, "Dora"), None);
    assert_eq!(sim.client(DORA).last_error(), Some(ErrorCode::NoFreeSeat));
    sim.send(
        DORA,
        &ClientMessage::Join {
            code: sim.table.code(),
            name: "bea".into(),
        },
    );
    assert_eq!(sim.client(DORA).last_error(), Some(ErrorCode::NameTaken));
    let waiting = lobby(&sim);
    assert_eq!(waiting.seats, before, "the AI keeps the seats until then");
    assert_eq!(
        waiting.waiting,
        vec![
            WaitingView {
                name: "Bea".into(),
                seat: 1
            },
            WaitingView {
                name: "Carlo".into(),
                seat: 2
            },
        ]
    );
    assert_eq!(waiting.watchers, vec!["Bea".to_string(), "Carlo".into()]);
    assert!(
        sim.client(BEA)
            .messages
            .iter()
            .any(|m| matches!(m, ServerMessage::Lobby { lobby } if lobby.waiting.len() == 2))
    );
    // Waiting: public events, no view; no move, no chat, no next hand of theirs.
    play_until(&mut sim, |_| false);
    assert!(awaiting_next_hand(&sim));
    assert!(views(&sim, BEA).is_empty() && views(&sim, CARLO).is_empty());
    assert!(sim.client(BEA).messages.iter().any(|m| matches!(
        m,
        ServerMessage::Event {
            event: crate::protocol::PublicEvent::HandOver { .. }
        }
    )));
    sim.send(BEA, &ClientMessage::NextHand);
    assert_eq!(sim.client(BEA).last_error(), Some(ErrorCode::NotSeated));
    let seen = sim.client(BEA).messages.len();
    sim.send(HOST, &ClientMessage::NextHand);
    // Dealt: both sit, told their seats, each sees their own seat and nothing else.
    assert_eq!(welcome_seat(&sim, BEA, seen), Some(Some(1)));
    assert_eq!(sim.client(CARLO).seat, Some(2));
    assert_eq!(views(&sim, BEA), vec![1]);
    assert_eq!(views(&sim, CARLO), vec![2]);
    let seated = lobby(&sim);
    assert!(seated.waiting.is_empty() && seated.watchers.is_empty());
    assert!(matches!(&seated.seats[1], SeatView::Person { name, .. } if name == "Bea"));
    assert!(matches!(&seated.seats[2], SeatView::Person { name, .. } if name == "Carlo"));
    // The host is no longer alone: no undo, no resign.
    play_until(&mut sim, |sim| {
        sim.table.seat_to_move_for_tests() == Some(0)
            && sim.client(HOST).view.as_ref().is_some_and(|v| v.hand == 2)
    });
    let (_, legal) = sim.person_to_move().expect("the host to move");
    sim.send(HOST, &ClientMessage::Act { action: legal[0] });
    assert!(!sim.client(HOST).view.as_ref().expect("a view").can_undo);
    sim.send(HOST, &ClientMessage::Undo);
    assert_eq!(sim.client(HOST).last_error(), Some(ErrorCode::NotAlone));
    sim.send(HOST, &ClientMessage::Resign);
    assert_eq!(sim.client(HOST).last_error(), Some(ErrorCode::NotAlone));
    assert_eq!(sim.table.stage(), Stage::Playing);
}

#[test]
fn leaving_gives_the_seat_back_to_its_ai_at_once() {
    let mut sim = open_ai_table(3, false);
    sim.join(BEA, "Bea");
    let token = sim.client(BEA).token.clone().expect("a token");
    play_until(&mut sim, |_| false);
    next_hand(&mut sim);
    assert_eq!(sim.client(BEA).seat, Some(1));
    // At seat 2's turn (the AI's), an answer is asked for; Bea leaves before it comes back.
    play_until(&mut sim, |sim| {
        sim.table.seat_to_move_for_tests() == Some(2) && sim.table.ai_request().is_some()
    });
    let request = sim.table.ai_request().expect("the AI at seat 2 to move");
    sim.send(BEA, &ClientMessage::Leave);
    if let Some(client) = sim.clients.get_mut(&BEA) {
        client.seat = None;
    }
    assert_eq!(
        lobby(&sim).seats[1],
        SeatView::Ai {
            level: Level::Medium
        }
    );
    assert!(lobby(&sim).watchers.is_empty(), "Bea left the table");
    let action = crate::decide(&request);
    assert_eq!(
        sim.table.apply_ai(&request, action, sim.now),
        Err(ErrorCode::Stale),
        "who plays the seats changed: the answer is asked for again"
    );
    sim.drive_ai();
    // The AI plays seat 1 from now on; Bea's token no longer works.
    play_until(&mut sim, |sim| {
        sim.table.seat_to_move_for_tests() == Some(1)
    });
    assert_eq!(sim.table.seat_to_move_for_tests(), Some(1));
    let request = sim.table.ai_request().expect("the AI plays seat 1 again");
    assert_eq!(request.config.level, Level::Medium);
    sim.connect(BEA);
    sim.send(
        BEA,
        &ClientMessage::Rejoin {
            code: sim.table.code(),
            token,
        },
    );
    assert_eq!(sim.client(BEA).last_error(), Some(ErrorCode::BadToken));
}

#[test]
fn a_friend_who_took_an_ai_seat_and_dropped_keeps_it_as_anyone_would() {
    let mut sim = open_ai_table(2, false);
    sim.join(BEA, "Bea");
    let token = sim.client(BEA).token.clone().expect("a token");
    play_until(&mut sim, |_| false);
    next_hand(&mut sim);
    sim.disconnect(BEA);
    assert!(matches!(
        &lobby(&sim).seats[1],
        SeatView::Person { name, connected: false, .. } if name == "Bea"
    ));
    // The table waits for her (its absence policy): nobody plays her seat.
    play_until(&mut sim, |sim| {
        sim.table.seat_to_move_for_tests() == Some(1)
    });
    assert_eq!(sim.table.seat_to_move_for_tests(), Some(1));
    assert!(sim.table.ai_request().is_none());
    sim.connect(301);
    sim.send(
        301,
        &ClientMessage::Rejoin {
            code: sim.table.code(),
            token,
        },
    );
    assert_eq!(sim.client(301).seat, Some(1));
    assert_eq!(views(&sim, 301), vec![1]);
}

#[test]
fn a_newcomer_away_at_the_deal_loses_the_claim_and_claims_again_when_back() {
    // First to 3 hands: a third hand is dealt whoever wins the first two.
    let mut sim = open_ai_table_to(2, false, 3);
    sim.join(BEA, "Bea");
    let token = sim.client(BEA).token.clone().expect("a token");
    sim.disconnect(BEA);
    play_until(&mut sim, |_| false);
    next_hand(&mut sim);
    assert_eq!(
        lobby(&sim).seats[1],
        SeatView::Ai {
            level: Level::Medium
        }
    );
    assert!(
        lobby(&sim).waiting.is_empty(),
        "nobody away holds a computer's seat"
    );
    sim.connect(301);
    sim.send(
        301,
        &ClientMessage::Rejoin {
            code: sim.table.code(),
            token,
        },
    );
    assert_eq!(sim.client(301).seat, None);
    assert_eq!(lobby(&sim).waiting.len(), 1, "back, she waits again");
    assert!(views(&sim, 301).is_empty(), "still waiting: no view");
    play_until(&mut sim, |_| false);
    next_hand(&mut sim);
    assert_eq!(sim.client(301).seat, Some(1));
    assert_eq!(views(&sim, 301), vec![1]);
}

#[test]
fn a_claim_lapses_with_the_match_and_play_again_is_the_lobby_as_ever() {
    let mut sim = open_ai_table(2, false);
    sim.join(BEA, "Bea");
    sim.send(HOST, &ClientMessage::Resign);
    assert_eq!(sim.table.stage(), Stage::Over);
    assert!(lobby(&sim).waiting.is_empty());
    assert_eq!(lobby(&sim).watchers, vec!["Bea".to_string()]);
    assert!(matches!(
        sim.client(BEA).messages.last(),
        Some(ServerMessage::MatchOver { .. })
    ));
    assert_eq!(sim.join(CARLO, "Carlo"), None);
    assert_eq!(sim.client(CARLO).last_error(), Some(ErrorCode::NotInLobby));
    sim.send(HOST, &ClientMessage::PlayAgain);
    assert_eq!(sim.table.stage(), Stage::Lobby);
    assert_eq!(
        lobby(&sim).seats[1],
        SeatView::Ai {
            level: Level::Medium
        }
    );
    sim.send(
        HOST,
        &ClientMessage::SetSeat {
            seat: 1,
            occupant: SeatChoice::Open,
        },
    );
    sim.send(BEA, &ClientMessage::Sit { seat: 1 });
    assert_eq!(sim.client(BEA).last_error(), None);
    assert!(matches!(&lobby(&sim).seats[1], SeatView::Person { name, .. } if name == "Bea"));
}

#[test]
fn after_play_again_a_friends_seat_is_theirs_and_its_ai_forgotten() {
    let mut sim = open_ai_table(2, false);
    sim.join(BEA, "Bea");
    play_until(&mut sim, |_| false);
    next_hand(&mut sim);
    while sim.table.stage() == Stage::Playing {
        play_until(&mut sim, |_| false);
        if sim.table.stage() == Stage::Playing {
            next_hand(&mut sim);
        }
    }
    sim.send(HOST, &ClientMessage::PlayAgain);
    assert!(matches!(&lobby(&sim).seats[1], SeatView::Person { name, .. } if name == "Bea"));
    // Nor may a snapshot of the lobby hold one.
    let mut snapshot = through_json(&sim.table.snapshot(sim.now));
    assert_eq!(snapshot["members"][1]["seat_ai"], serde_json::Value::Null);
    snapshot["members"][1]["seat_ai"] = "medium".into();
    assert_eq!(
        restore(snapshot).err(),
        Some(crate::RestoreError::Invalid("seat_ai"))
    );
    sim.send(BEA, &ClientMessage::Leave);
    assert_eq!(
        lobby(&sim).seats[1],
        SeatView::Empty,
        "freed, as in any lobby"
    );
}

fn through_json(snapshot: &TableSnapshot) -> serde_json::Value {
    serde_json::to_value(snapshot).expect("a snapshot serializes")
}

fn restore(snapshot: serde_json::Value) -> Result<Table, crate::RestoreError> {
    let snapshot: TableSnapshot = serde_json::from_value(snapshot).expect("still a snapshot");
    Table::restore(snapshot, 0)
}

#[test]
fn open_seats_claims_and_the_ai_behind_a_seat_survive_a_snapshot() {
    let mut sim = open_ai_table(3, false);
    sim.join(BEA, "Bea");
    play_until(&mut sim, |_| false);
    next_hand(&mut sim);
    sim.join(CARLO, "Carlo");
    let good = through_json(&sim.table.snapshot(sim.now));
    let table = restore(good.clone()).expect("it restores");
    assert_eq!(through_json(&table.snapshot(sim.now)), good);
    assert!(table.lobby_view().settings.open_seats);
    assert_eq!(table.lobby_view().waiting, lobby(&sim).waiting);
    assert_eq!(good["members"][1]["seat_ai"], "medium");
    assert_eq!(good["members"][2]["claim"], 2);
    // Bea's leaving after the restart gives seat 1 back to its AI.
    let mut restored = Sim {
        table,
        now: 0,
        clients: Default::default(),
        auditor: None,
        frames: 0,
    };
    let token = sim.client(BEA).token.clone().expect("a token");
    restored.connect(BEA);
    restored.send(
        BEA,
        &ClientMessage::Rejoin {
            code: restored.table.code(),
            token,
        },
    );
    assert_eq!(restored.client(BEA).seat, Some(1));
    restored.send(BEA, &ClientMessage::Leave);
    assert_eq!(
        restored.table.lobby_view().seats[1],
        SeatView::Ai {
            level: Level::Medium
        }
    );
    // A snapshot written before these fields existed reads as a closed table with none.
    let mut old = good.clone();
    old.as_object_mut().expect("an object").remove("open_seats");
    for member in old["members"].as_array_mut().expect("a list") {
        let member = member.as_object_mut().expect("an object");
        member.remove("claim");
        member.remove("seat_ai");
    }
    let table = restore(old).expect("an older snapshot restores");
    assert!(!table.lobby_view().settings.open_seats);
    assert!(table.lobby_view().waiting.is_empty());
}

#[test]
fn a_snapshot_whose_claims_or_ai_levels_do_not_hold_together_is_refused() {
    let mut sim = open_ai_table(4, false);
    sim.join(BEA, "Bea");
    play_until(&mut sim, |_| false);
    next_hand(&mut sim);
    sim.join(CARLO, "Carlo");
    let good = through_json(&sim.table.snapshot(sim.now));
    let with = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut snapshot = good.clone();
        edit(&mut snapshot);
        restore(snapshot).err()
    };
    let invalid = |what| Some(crate::RestoreError::Invalid(what));
    assert_eq!(with(&|_| {}), None);
    // A claim on a person's seat, past the table, by a seated person, twice on one seat, or
    // outside the match.
    assert_eq!(
        with(&|s| s["members"][2]["claim"] = 1.into()),
        invalid("claim")
    );
    assert_eq!(
        with(&|s| s["members"][2]["claim"] = 9.into()),
        invalid("claim")
    );
    assert_eq!(
        with(&|s| s["members"][1]["claim"] = 3.into()),
        invalid("claim")
    );
    assert_eq!(
        with(&|s| {
            let mut dora = s["members"][2].clone();
            dora["id"] = 7.into();
            dora["name"] = "Dora".into();
            dora["token"] = format!("{:032x}", 7).into();
            s["members"].as_array_mut().expect("a list").push(dora);
            s["next_member"] = 8.into();
        }),
        invalid("claim")
    );
    assert_eq!(
        with(&|s| {
            let mut dora = s["members"][2].clone();
            dora["id"] = 7.into();
            dora["name"] = "Dora".into();
            dora["token"] = format!("{:032x}", 7).into();
            dora["claim"] = 3.into();
            s["members"].as_array_mut().expect("a list").push(dora);
            s["next_member"] = 8.into();
        }),
        None,
        "two claims on two AI seats"
    );
    // An AI level behind the host's seat, or a watcher's.
    assert_eq!(
        with(&|s| s["members"][0]["seat_ai"] = "easy".into()),
        invalid("seat_ai")
    );
    assert_eq!(
        with(&|s| s["members"][2]["seat_ai"] = "easy".into()),
        invalid("seat_ai")
    );
    let mut lobby_table = ai_table(2, false);
    lobby_table.send(HOST, &ClientMessage::Resign);
    lobby_table.send(HOST, &ClientMessage::PlayAgain);
    let mut in_lobby = through_json(&lobby_table.table.snapshot(0));
    assert!(restore(in_lobby.clone()).is_ok());
    in_lobby["members"][0]["claim"] = 1.into();
    assert_eq!(restore(in_lobby).err(), invalid("claim"));
}

/// The moves `seat` made in the current hand, by the public events `conn` received.
fn moves_seen(sim: &Sim, conn: ConnId, since: usize, seat: Seat) -> usize {
    sim.client(conn).messages[since..]
        .iter()
        .filter(|m| {
            matches!(m, ServerMessage::Event {
                event: crate::protocol::PublicEvent::Acted { seat: s, .. }
            } if *s == seat)
        })
        .count()
}

#[test]
fn a_friend_who_joins_waits_sits_plays_and_leaves_sees_no_seat_but_their_own() {
    let mut sim = open_ai_table(3, false);
    let moves = |sim: &Sim| {
        sim.table.game().map_or(0, |g| {
            g.record().hands.last().map_or(0, |h| h.actions.len())
        })
    };
    play_until(&mut sim, |sim| moves(sim) >= 4);
    assert!((4..20).contains(&moves(&sim)), "mid-hand");
    assert_eq!(sim.join(BEA, "Bea"), None);
    play_until(&mut sim, |_| false);
    assert!(views(&sim, BEA).is_empty(), "waiting: no seat's view");
    let waited = sim.client(BEA).messages.len();
    assert!(waited > 10, "public events while waiting: {waited}");
    next_hand(&mut sim);
    assert_eq!(sim.client(BEA).seat, Some(1));
    assert_eq!(welcome_seat(&sim, BEA, waited), Some(Some(1)));
    play_until(&mut sim, |sim| moves_seen(sim, BEA, waited, 1) >= 3);
    assert_eq!(
        moves_seen(&sim, BEA, waited, 1),
        3,
        "Bea played three cards"
    );
    sim.send(BEA, &ClientMessage::Leave);
    if let Some(client) = sim.clients.get_mut(&BEA) {
        client.seat = None;
    }
    let left = sim.client(BEA).messages.len();
    // The AI plays seat 1 again, to the end of the match.
    while sim.table.stage() == Stage::Playing {
        play_until(&mut sim, |_| false);
        if sim.table.stage() == Stage::Playing {
            next_hand(&mut sim);
        }
    }
    assert_eq!(sim.client(BEA).messages.len(), left, "gone: nothing more");
    // Bea saw her own seat only, from the deal after she joined until she left.
    assert!(views(&sim, BEA).iter().all(|&seat| seat == 1));
    assert!(views(&sim, BEA).len() >= 3);
    let auditor = sim.auditor.as_ref().expect("audited");
    assert!(
        auditor.frames > 200 && auditor.cards > 0,
        "{}",
        auditor.frames
    );
    let Some(ServerMessage::MatchOver { record, .. }) = sim.client(HOST).messages.last() else {
        panic!("the host got no record");
    };
    let replayed = record.replay().expect("the record replays");
    assert!(replayed.outcome().is_some());
    // Seat 1's moves were the AI's, Bea's, then the AI's again: none made *for* a person.
    assert!(record.hands.iter().all(|h| h.played_for.is_empty()));
    assert!(record.hands[1].actions.len() > 3 * 4);
}
