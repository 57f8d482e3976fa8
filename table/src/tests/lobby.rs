//! The lobby: joining, seats, teams, the host's powers, the start.

use briscola::ai::Level;
use briscola::{Preset, Ruleset};

use super::harness::{HOST, Sim, address};
use crate::protocol::{
    ClientMessage, ErrorCode, SeatChoice, SeatView, ServerMessage, Stage, StartProblem,
};
use crate::{MAX_MEMBERS, TableSettings};

pub fn sim(preset: Preset, players: u8) -> Sim {
    let rules = Ruleset::preset(preset, players).expect("preset");
    Sim::new(TableSettings::new(rules), 5)
}

fn seats(sim: &Sim) -> Vec<SeatView> {
    sim.table.lobby_view().seats
}

#[test]
fn the_host_gets_a_code_and_a_token_and_sits_first() {
    let sim = sim(Preset::Briscola, 2);
    let host = sim.client(HOST);
    let Some(ServerMessage::Welcome {
        code,
        token,
        seat,
        host: is_host,
    }) = host.messages.first()
    else {
        panic!("no welcome: {:?}", host.messages);
    };
    assert_eq!(*code, sim.table.code());
    assert_eq!(code.len(), 11);
    assert_eq!(token.len(), 32);
    assert_eq!(*seat, Some(0));
    assert!(is_host);
    assert!(matches!(
        host.messages.get(1),
        Some(ServerMessage::Lobby { .. })
    ));
}

#[test]
fn the_match_starts_only_with_every_seat_taken_and_every_person_ready() {
    let mut sim = sim(Preset::Briscola, 3);
    sim.send(HOST, &ClientMessage::Start);
    assert_eq!(
        sim.client(HOST).last_error(),
        Some(ErrorCode::CannotStart {
            problem: StartProblem::EmptySeat { seat: 1 }
        })
    );
    assert_eq!(sim.join(101, "Bea"), Some(1));
    sim.send(
        HOST,
        &ClientMessage::SetSeat {
            seat: 2,
            occupant: SeatChoice::Ai { level: Level::Hard },
        },
    );
    sim.send(HOST, &ClientMessage::Start);
    assert_eq!(
        sim.client(HOST).last_error(),
        Some(ErrorCode::CannotStart {
            problem: StartProblem::NotReady { seat: 1 }
        })
    );
    // Only the host starts.
    sim.send(101, &ClientMessage::Ready { ready: true });
    sim.send(101, &ClientMessage::Start);
    assert_eq!(sim.client(101).last_error(), Some(ErrorCode::NotHost));
    // The host cannot put an AI on a person's seat.
    sim.send(
        HOST,
        &ClientMessage::SetSeat {
            seat: 1,
            occupant: SeatChoice::Open,
        },
    );
    assert_eq!(
        sim.client(HOST).last_error(),
        Some(ErrorCode::SeatTaken { seat: 1 })
    );
    sim.send(HOST, &ClientMessage::Start);
    assert_eq!(sim.table.stage(), Stage::Playing);
    assert_eq!(seats(&sim)[2], SeatView::Ai { level: Level::Hard });
    // Nobody joins a match in play, and lobby moves are refused.
    sim.connect(102);
    let code = sim.table.code();
    sim.send(
        102,
        &ClientMessage::Join {
            code,
            name: "Cy".into(),
        },
    );
    assert_eq!(sim.client(102).last_error(), Some(ErrorCode::NotInLobby));
    sim.send(101, &ClientMessage::Stand);
    assert_eq!(sim.client(101).last_error(), Some(ErrorCode::NotInLobby));
}

#[test]
fn people_choose_seats_and_teams_and_the_host_removes_a_player() {
    let mut sim = sim(Preset::Briscola, 4);
    assert_eq!(sim.join(101, "Bea"), Some(1));
    assert_eq!(sim.join(102, "Cy"), Some(2));
    // Bea wants the host's team (seats 0 and 2): seat 2 is taken, so team 0 is full.
    sim.send(101, &ClientMessage::Team { team: 0 });
    assert_eq!(
        sim.client(101).last_error(),
        Some(ErrorCode::TeamFull { team: 0 })
    );
    sim.send(102, &ClientMessage::Sit { seat: 3 });
    sim.send(101, &ClientMessage::Team { team: 0 });
    assert!(matches!(&seats(&sim)[2], SeatView::Person { name, .. } if name == "Bea"));
    sim.send(101, &ClientMessage::Sit { seat: 9 });
    assert_eq!(
        sim.client(101).last_error(),
        Some(ErrorCode::NoSuchSeat { seat: 9 })
    );
    sim.send(101, &ClientMessage::Sit { seat: 0 });
    assert_eq!(
        sim.client(101).last_error(),
        Some(ErrorCode::SeatTaken { seat: 0 })
    );
    // The host sends Cy away: Cy's token stops working and the seat is free.
    let token = sim.client(102).token.clone().expect("a token");
    sim.send(101, &ClientMessage::Remove { seat: 3 });
    assert_eq!(sim.client(101).last_error(), Some(ErrorCode::NotHost));
    sim.send(HOST, &ClientMessage::Remove { seat: 3 });
    assert_eq!(
        sim.client(102).messages.last(),
        Some(&ServerMessage::Removed)
    );
    assert_eq!(seats(&sim)[3], SeatView::Empty);
    let code = sim.table.code();
    sim.send(102, &ClientMessage::Rejoin { code, token });
    assert_eq!(sim.client(102).last_error(), Some(ErrorCode::BadToken));
    sim.send(HOST, &ClientMessage::Remove { seat: 0 });
    assert_eq!(sim.client(HOST).last_error(), Some(ErrorCode::HostStays));
    // No teams in a two-player game.
    let mut two = super::lobby::sim(Preset::Briscola, 2);
    two.join(101, "Bea");
    two.send(101, &ClientMessage::Team { team: 0 });
    assert_eq!(two.client(101).last_error(), Some(ErrorCode::NoTeams));
}

#[test]
fn random_seating_moves_people_and_tells_each_their_new_seat() {
    let mut moved = false;
    for seed in 0..8 {
        let rules = Ruleset::preset(Preset::Briscola, 4).expect("preset");
        let mut sim = Sim::new(TableSettings::new(rules), seed);
        sim.send(HOST, &ClientMessage::SetSeating { random: true });
        for (conn, name) in [(101, "Bea"), (102, "Cy"), (103, "Di")] {
            sim.join(conn, name);
            sim.send(conn, &ClientMessage::Ready { ready: true });
        }
        let before: Vec<_> = [HOST, 101, 102, 103]
            .iter()
            .map(|&c| sim.client(c).seat)
            .collect();
        sim.send(HOST, &ClientMessage::Start);
        let after: Vec<_> = [HOST, 101, 102, 103]
            .iter()
            .map(|&c| sim.client(c).seat)
            .collect();
        moved |= before != after;
        let lobby = sim.table.lobby_view();
        for (conn, name) in [(HOST, "host"), (101, "Bea"), (102, "Cy"), (103, "Di")] {
            let seat = usize::from(sim.client(conn).seat.expect("seated"));
            assert!(
                matches!(&lobby.seats[seat], SeatView::Person { name: n, .. } if n == name),
                "{name} told seat {seat}: {:?}",
                lobby.seats
            );
            let view = sim.client(conn).view.as_ref().expect("a view");
            assert_eq!(usize::from(view.observation.seat), seat);
        }
    }
    assert!(moved, "eight shuffles never moved anyone");
}

#[test]
fn joining_checks_the_code_the_name_and_the_rate_per_address() {
    let mut sim = sim(Preset::Briscola, 2);
    let code = sim.table.code();
    sim.connect(101);
    let join = |code: &str, name: &str| ClientMessage::Join {
        code: code.into(),
        name: name.into(),
    };
    sim.send(101, &join("00000-00000", "Bea"));
    assert_eq!(sim.client(101).last_error(), Some(ErrorCode::WrongCode));
    sim.send(101, &join(&code, "host"));
    assert_eq!(sim.client(101).last_error(), Some(ErrorCode::NameTaken));
    sim.send(101, &join(&code, " \u{7} "));
    assert!(matches!(
        sim.client(101).last_error(),
        Some(ErrorCode::BadName { .. })
    ));
    // The fourth attempt joins (the code typed in lower case), the fifth is one too many joins.
    sim.send(101, &join(&code.to_lowercase(), "Bea"));
    sim.send(101, &join(&code, "Bea"));
    assert_eq!(sim.client(101).last_error(), Some(ErrorCode::AlreadyJoined));
    // A sixth attempt from the same address, on another connection, waits, right code or not.
    sim.table.connect(102, address(101));
    sim.send(102, &join(&code, "Cy"));
    assert!(matches!(
        sim.client(102).last_error(),
        Some(ErrorCode::RateLimited { retry_ms }) if retry_ms <= 2_000
    ));
    assert_eq!(sim.client(101).seat, Some(1));
    // Another address is not slowed; after two seconds this one may try again.
    sim.join(103, "Di");
    assert!(sim.client(103).token.is_some());
    sim.now += 2_000;
    sim.send(102, &join(&code, "Cy"));
    assert!(sim.client(102).token.is_some());
}

#[test]
fn the_table_holds_at_most_its_member_cap() {
    let mut sim = sim(Preset::Briscola, 2);
    for i in 1..MAX_MEMBERS as u64 {
        sim.join(100 + i, &format!("p{i}"));
        assert!(sim.client(100 + i).token.is_some(), "{i}");
    }
    sim.join(200, "one too many");
    assert_eq!(sim.client(200).last_error(), Some(ErrorCode::TableFull));
    // The watchers are listed without seats.
    assert_eq!(sim.table.lobby_view().watchers.len(), MAX_MEMBERS - 2);
}

#[test]
fn names_that_read_the_same_are_taken() {
    let mut sim = sim(Preset::Briscola, 4);
    sim.join(101, "Ada");
    let code = sim.table.code();
    for (i, name) in [
        "ada",
        "ADA",
        "\u{0410}d\u{0430}",
        "A\u{200D}da",
        "Ad\u{FE0F}a",
    ]
    .into_iter()
    .enumerate()
    {
        let conn = 200 + i as u64;
        sim.connect(conn);
        sim.send(
            conn,
            &ClientMessage::Join {
                code: code.clone(),
                name: name.into(),
            },
        );
        assert_eq!(
            sim.client(conn).last_error(),
            Some(ErrorCode::NameTaken),
            "{name:?}"
        );
    }
    sim.join(300, "Bea");
    assert!(sim.client(300).token.is_some());
}

#[test]
fn a_watcher_who_leaves_mid_match_is_forgotten() {
    let mut sim = sim(Preset::Briscola, 2);
    sim.join(101, "Bea");
    sim.join(102, "Cy");
    assert_eq!(sim.client(102).seat, None, "a watcher");
    sim.send(101, &ClientMessage::Ready { ready: true });
    sim.send(HOST, &ClientMessage::Start);
    assert_eq!(sim.table.stage(), Stage::Playing);
    assert_eq!(sim.table.lobby_view().watchers, vec!["Cy".to_string()]);
    sim.send(102, &ClientMessage::Leave);
    assert!(sim.table.lobby_view().watchers.is_empty());
    // The seated keep their seat when they leave mid-match.
    sim.send(101, &ClientMessage::Leave);
    assert!(matches!(
        sim.table.lobby_view().seats[1],
        crate::protocol::SeatView::Person { .. }
    ));
}
