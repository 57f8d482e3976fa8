//! The table's messages in words: quick phrases as the app says them, seats from 1 and by name,
//! verbs that agree with "you".

use std::net::{IpAddr, Ipv4Addr};

use briscola::ai::Level;
use briscola::{Preset, Ruleset};
use briscola_table::protocol::{
    ChatBody, ChatSender, ClientMessage, ErrorCode, LobbyView, PublicEvent, QuickPhrase,
    SeatChoice, ServerMessage, StartProblem,
};
use briscola_table::{Table, TableSettings};

use super::*;

/// A 3-seat lobby: Ann (host) at seat 0, Bea at seat 1, the computer (Hard) at seat 2.
fn lobby() -> LobbyView {
    let home = IpAddr::V4(Ipv4Addr::LOCALHOST);
    let rules = Ruleset::preset(Preset::Briscola, 3).expect("a preset");
    let (mut table, _) = Table::new(TableSettings::new(rules), 1, home, "Ann").expect("a table");
    table.connect(2, home);
    let join = ClientMessage::Join {
        code: table.code(),
        name: "Bea".into(),
    };
    table.handle(2, join, 0);
    let ai = ClientMessage::SetSeat {
        seat: 2,
        occupant: SeatChoice::Ai { level: Level::Hard },
    };
    table.handle(1, ai, 0);
    table.lobby_view()
}

fn event(event: PublicEvent) -> ServerMessage {
    ServerMessage::Event { event }
}

#[test]
fn every_quick_phrase_reads_as_the_app_words_it() {
    let words: Vec<&str> = QuickPhrase::ALL.into_iter().map(phrase).collect();
    assert_eq!(
        words,
        [
            "Hello!",
            "Good luck!",
            "Well played!",
            "Good game!",
            "Thanks!",
            "Sorry!",
            "Oops!",
            "One moment, please.",
            "Can we turn the timer off?",
            "Bye!",
        ]
    );
    let chat = ServerMessage::Chat {
        from: ChatSender {
            seat: 1,
            name: "Bea".into(),
        },
        chat: ChatBody::Phrase {
            phrase: QuickPhrase::GoodLuck,
        },
    };
    assert_eq!(
        message(&chat, &Names::default()).as_deref(),
        Some("chat Bea (seat 2): Good luck!")
    );
}

#[test]
fn the_lobby_counts_seats_from_1_and_marks_yours() {
    let view = lobby();
    let line = super::lobby(&view, Some(1));
    assert!(
        line.ends_with(
            "(in the lobby): seat 1: Ann (host) | seat 2: Bea (you) | seat 3: computer (hard)"
        ),
        "{line}"
    );
}

#[test]
fn the_lobby_names_who_takes_a_computers_seat() {
    let mut view = lobby();
    view.waiting.push(briscola_table::protocol::WaitingView {
        name: "Cleo".into(),
        seat: 2,
    });
    let line = super::lobby(&view, None);
    assert!(
        line.ends_with("; Cleo takes computer 3's seat from the next hand"),
        "{line}"
    );
}

#[test]
fn seats_are_named_as_the_app_names_them() {
    let view = lobby();
    let names = Names {
        you: Some(1),
        lobby: Some(&view),
    };
    let named: Vec<String> = (0..4).map(|s| names.of(s)).collect();
    assert_eq!(named, ["Ann", "you", "computer 3", "seat 4"]);
    let acted = event(PublicEvent::Acted {
        seat: 2,
        action: "Ad".parse().expect("a card"),
    });
    assert_eq!(message(&acted, &names).as_deref(), Some("computer 3: Ad"));
}

#[test]
fn you_take_the_verbs_of_you() {
    let view = lobby();
    let you = Names {
        you: Some(1),
        lobby: Some(&view),
    };
    let line = |m: ServerMessage| message(&m, &you).unwrap_or_default();
    assert_eq!(
        line(event(PublicEvent::Reconnected { seat: 1 })),
        "you are back"
    );
    assert_eq!(
        line(event(PublicEvent::Reconnected { seat: 0 })),
        "Ann is back"
    );
    assert_eq!(
        line(event(PublicEvent::TimerOffProposed {
            by: 1,
            agreed: vec![1, 0]
        })),
        "you propose turning the timer off; agreed so far: you & Ann"
    );
    assert_eq!(
        line(event(PublicEvent::TimerOffProposed {
            by: 0,
            agreed: vec![]
        })),
        "Ann proposes turning the timer off"
    );
    assert!(line(event(PublicEvent::ShortTimer { seat: 1 })).starts_with("your time ran out"));
    assert!(line(event(PublicEvent::ShortTimer { seat: 0 })).starts_with("Ann's time ran out"));
    let warning = |seat| ServerMessage::TimerWarning {
        seat,
        remaining_ms: 9_500,
    };
    assert_eq!(line(warning(1)), "timer: you have 10 s left");
    assert_eq!(line(warning(0)), "timer: Ann has 10 s left");
    let auto = |seat| ServerMessage::AutoPlayed {
        seat,
        action: "Ad".parse().expect("a card"),
        expiries: 1,
    };
    assert_eq!(line(auto(1)), "your time ran out: Ad was played for you");
    assert_eq!(
        line(auto(0)),
        "time ran out for Ann: Ad was played for them"
    );
    let refused = ServerMessage::Error {
        error: ErrorCode::CannotStart {
            problem: StartProblem::NotReady { seat: 1 },
        },
    };
    assert_eq!(
        line(refused),
        "refused: the match cannot start yet: you are not ready"
    );
}

#[test]
fn refusals_count_seats_from_1() {
    let names = Names::default();
    let refused = |error| refusal(&error, &names);
    assert_eq!(refused(ErrorCode::SeatTaken { seat: 0 }), "seat 1 is taken");
    assert_eq!(
        refused(ErrorCode::NoSuchSeat { seat: 5 }),
        "there is no seat 6"
    );
    assert_eq!(
        refused(ErrorCode::CannotStart {
            problem: StartProblem::EmptySeat { seat: 2 }
        }),
        "the match cannot start yet: seat 3 is empty"
    );
    assert_eq!(refused(ErrorCode::NotHost), "only the host may do this");
}

#[test]
fn a_side_of_several_wins_in_the_plural() {
    let view = lobby();
    let names = Names {
        you: Some(1),
        lobby: Some(&view),
    };
    assert!(names.plural(&[0, 2]));
    assert!(names.plural(&[1]));
    assert!(!names.plural(&[0]));
    assert_eq!(names.all(&[0, 2]), "Ann & computer 3");
}

#[test]
fn senas_read_as_yours_a_partners_or_caught() {
    let lobby = lobby();
    let names = Names {
        you: Some(0),
        lobby: Some(&lobby),
    };
    let teams = [0, 1, 0, 1];
    let seen = |seat, sena| briscola::SignalView {
        seat,
        sena,
        plays_before: 0,
    };
    let line = |seat, said| sena(&seen(seat, said), Some(&teams), &names);
    assert_eq!(line(0, briscola::Sena::Ace), "your seña: ace");
    assert_eq!(line(2, briscola::Sena::Trumps), "computer 3's seña: trumps");
    assert_eq!(
        line(1, briscola::Sena::Nothing),
        "you caught Bea's seña: nothing"
    );
    let turn = crate::seat_text::your_turn(
        &[briscola::Action::Play("Ad".parse().expect("card"))],
        &briscola::Sena::ALL,
        None,
    );
    assert!(
        turn.contains("a seña if you like")
            && turn.contains("sena ace")
            && turn.contains("sena nothing"),
        "{turn}"
    );
    let plain = crate::seat_text::your_turn(
        &[briscola::Action::Play("Ad".parse().expect("card"))],
        &[],
        None,
    );
    assert!(!plain.contains("seña"), "{plain}");
}
