//! The seat survives the app, over real loopback connections: a friend's seat kept when the table
//! welcomes them and forgotten when the table is over for them; a friend whose app went away sat
//! again by token; a hosted table kept after every change, its app gone as in a crash, brought back
//! by a new one on the same port with the host at its seat and the match where it was, and the
//! friend's link finding it by itself; a taken port answered with another.

use std::sync::{Arc, Mutex};

use briscola_store::{KeptPlace, KeptTable};
use briscola_table::TableSnapshot;
use briscola_table::protocol::{ClientMessage, ServerMessage, Stage};

use super::tests::{Heard, clock, message, request, status, unkept};
use super::*;

/// An in-memory kept table, as the store would hold it.
#[derive(Clone, Default)]
struct Shelf(Arc<Mutex<(Option<KeptTable>, Vec<&'static str>)>>);

impl Shelf {
    fn keep(&self) -> Keep {
        let shelf = self.0.clone();
        Arc::new(move |change| {
            let mut shelf = shelf.lock().expect("not poisoned");
            match change {
                KeepChange::Keep(kept) => {
                    kept.validate().expect("a record the store takes");
                    shelf.0 = Some(kept);
                    shelf.1.push("keep");
                }
                KeepChange::Forget => {
                    shelf.0 = None;
                    shelf.1.push("forget");
                }
            }
        })
    }

    fn kept(&self) -> Option<KeptTable> {
        self.0.lock().expect("not poisoned").0.clone()
    }

    fn changes(&self) -> Vec<&'static str> {
        self.0.lock().expect("not poisoned").1.clone()
    }

    /// Waits until the kept table is what `done` wants; it.
    async fn until(&self, done: impl Fn(&Option<KeptTable>) -> bool) -> Option<KeptTable> {
        for _ in 0..3_000 {
            let kept = self.kept();
            if done(&kept) {
                return kept;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        panic!("not kept in time: {:?}", self.kept());
    }
}

fn welcome_of(event: &LinkEvent) -> (String, String, Option<u8>) {
    match event {
        LinkEvent::Message {
            message: ServerMessage::Welcome {
                code, token, seat, ..
            },
        } => (code.clone(), token.clone(), *seat),
        other => panic!("not a welcome: {other:?}"),
    }
}

fn snapshot_of(kept: &KeptTable) -> TableSnapshot {
    let KeptPlace::Hosted { snapshot, .. } = &kept.place else {
        panic!("not hosted: {kept:?}");
    };
    serde_json::from_value(snapshot.clone()).expect("a table's snapshot")
}

/// The latest game view `heard` has.
fn last_view(heard: &Heard) -> Option<briscola::Observation> {
    heard.all().iter().rev().find_map(|event| match event {
        LinkEvent::Message {
            message: ServerMessage::Game { view },
        } => Some(view.observation.clone()),
        _ => None,
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_friends_seat_is_kept_on_welcome_and_forgotten_when_the_table_closes() {
    let mut host = Seating::unannounced();
    let info = host
        .host(
            &request(2, vec![None]),
            Heard::default().listener(),
            unkept(),
            clock,
        )
        .await
        .expect("hosted");
    let address = format!("127.0.0.1:{}", info.port);
    let shelf = Shelf::default();
    let mut friend = Seating::unannounced();
    let heard = Heard::default();
    friend
        .join(
            &address,
            info.code.clone(),
            "Bea".into(),
            heard.listener(),
            shelf.keep(),
            clock,
        )
        .expect("joining");
    let (code, token, seat) = welcome_of(
        &heard
            .until(message(|m| matches!(m, ServerMessage::Welcome { .. })))
            .await,
    );
    assert_eq!(seat, Some(1));
    let kept = shelf
        .until(|k| k.as_ref().is_some_and(|k| k.table_name == "Friday cards"))
        .await
        .expect("kept");
    assert_eq!(
        kept,
        KeptTable {
            code,
            token,
            your_name: "Bea".into(),
            table_name: "Friday cards".into(),
            seated_ms: clock(),
            place: KeptPlace::Joined {
                address,
                more: Vec::new(),
                relay: None,
            },
        }
    );
    host.leave().expect("closing");
    heard.until(status(LinkStatus::Ended)).await;
    assert_eq!(shelf.kept(), None, "forgotten once the table closed");
    assert_eq!(shelf.changes().last(), Some(&"forget"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_friend_whose_app_went_away_sits_again_by_token_and_leaving_forgets() {
    let mut host = Seating::unannounced();
    let host_heard = Heard::default();
    let info = host
        .host(
            &request(2, vec![None]),
            host_heard.listener(),
            unkept(),
            clock,
        )
        .await
        .expect("hosted");
    let shelf = Shelf::default();
    let mut friend = Seating::unannounced();
    let heard = Heard::default();
    friend
        .join(
            &format!("127.0.0.1:{}", info.port),
            info.code.clone(),
            "Bea".into(),
            heard.listener(),
            shelf.keep(),
            clock,
        )
        .expect("joining");
    heard.until(status(LinkStatus::Connected)).await;
    heard
        .until(message(|m| matches!(m, ServerMessage::Welcome { .. })))
        .await;
    friend
        .send(ClientMessage::Ready { ready: true })
        .expect("sent");
    host_heard
        .until(message(|m| {
            matches!(m, ServerMessage::Lobby { lobby }
                if matches!(lobby.seats[1], briscola_table::protocol::SeatView::Person { ready: true, .. }))
        }))
        .await;
    host.send(ClientMessage::Start).expect("started");
    heard
        .until(message(|m| matches!(m, ServerMessage::Game { .. })))
        .await;
    let kept = shelf.kept().expect("kept");
    // The app goes away; a new one sits at the same seat with the kept token (joining again by
    // name is refused once the match started).
    drop(friend);
    let mut again = Seating::unannounced();
    let back = Heard::default();
    let returned = again
        .go_back(kept.clone(), back.listener(), shelf.keep(), clock)
        .await
        .expect("going back");
    assert_eq!(returned, Returned::Joined);
    let (code, token, seat) = welcome_of(
        &back
            .until(message(|m| matches!(m, ServerMessage::Welcome { .. })))
            .await,
    );
    assert_eq!((code, token, seat), (kept.code, kept.token, Some(1)));
    back.until(message(|m| matches!(m, ServerMessage::Game { .. })))
        .await;
    again.leave().expect("leaving");
    assert_eq!(shelf.kept(), None, "forgotten when the player leaves");
    host.leave().expect("closing");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hosted_table_comes_back_after_a_crash_on_the_same_port() {
    let shelf = Shelf::default();
    let mut host = Seating::unannounced();
    let host_heard = Heard::default();
    let info = host
        .host(
            &request(2, vec![None]),
            host_heard.listener(),
            shelf.keep(),
            clock,
        )
        .await
        .expect("hosted");
    let mut friend = Seating::unannounced();
    let friend_heard = Heard::default();
    friend
        .join(
            &format!("127.0.0.1:{}", info.port),
            info.code.clone(),
            "Bea".into(),
            friend_heard.listener(),
            unkept(),
            clock,
        )
        .expect("joining");
    friend_heard.until(status(LinkStatus::Connected)).await;
    friend_heard
        .until(message(|m| matches!(m, ServerMessage::Welcome { .. })))
        .await;
    friend
        .send(ClientMessage::Ready { ready: true })
        .expect("sent");
    // The host starts as soon as the table takes it (the friend's ready may still be on its way).
    for _ in 0..100 {
        if host.send(ClientMessage::Start).is_ok()
            && shelf
                .kept()
                .is_some_and(|k| snapshot_of(&k).stage() == Stage::Playing)
        {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    // One move, by whoever is to move.
    let view = host_heard
        .until(message(|m| matches!(m, ServerMessage::Game { .. })))
        .await;
    let LinkEvent::Message {
        message: ServerMessage::Game { view },
    } = view
    else {
        unreachable!()
    };
    let hosts_move = view.observation.to_move == view.observation.seat;
    let mover = if hosts_move { &host } else { &friend };
    let mover_view = if hosts_move {
        last_view(&host_heard)
    } else {
        last_view(&friend_heard)
    };
    let action = mover_view
        .and_then(|v| v.legal_actions.first().copied())
        .expect("a move");
    mover.send(ClientMessage::Act { action }).expect("played");
    let kept = shelf
        .until(|k| {
            k.as_ref().is_some_and(|k| {
                snapshot_of(k)
                    .match_under_way()
                    .is_some_and(|(record, _, _)| {
                        record.hands.first().is_some_and(|h| !h.actions.is_empty())
                    })
            })
        })
        .await
        .expect("kept");
    assert!(kept.hosted());
    assert_eq!(
        (kept.code.as_str(), kept.your_name.as_str()),
        (info.code.as_str(), "Ada")
    );
    // Let the host's link hear the move before the crash.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let before = last_view(&host_heard).expect("a view");

    // The app goes away as in a crash: nothing tells the table or the store.
    drop(host);
    friend_heard
        .until(|e| {
            matches!(
                e,
                LinkEvent::Status {
                    status: LinkStatus::Reconnecting { .. }
                }
            )
        })
        .await;
    assert!(shelf.kept().is_some(), "still kept");
    friend_heard.clear();

    let mut host = Seating::unannounced();
    let back = Heard::default();
    let returned = host
        .go_back(kept, back.listener(), shelf.keep(), clock)
        .await
        .expect("back");
    let Returned::Hosted {
        info: again,
        port_taken,
    } = returned
    else {
        panic!("hosted: {returned:?}");
    };
    assert_eq!(
        (again.port, again.code.as_str(), port_taken),
        (info.port, info.code.as_str(), None)
    );
    let (_, _, seat) = welcome_of(
        &back
            .until(message(|m| matches!(m, ServerMessage::Welcome { .. })))
            .await,
    );
    assert_eq!(seat, Some(0));
    back.until(message(|m| matches!(m, ServerMessage::Game { .. })))
        .await;
    assert_eq!(last_view(&back), Some(before), "the match where it was");
    // The friend's link finds the table again by itself.
    friend_heard
        .until(message(|m| {
            matches!(m, ServerMessage::Welcome { seat: Some(1), .. })
        }))
        .await;
    friend_heard.until(status(LinkStatus::Connected)).await;
    assert!(
        friend
            .send(ClientMessage::Chat {
                chat: briscola_table::protocol::ChatBody::Text {
                    text: "back".into()
                }
            })
            .is_ok()
    );
    host.leave().expect("closing");
    assert_eq!(
        shelf.kept(),
        None,
        "forgotten when the host closes the table"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hosted_table_whose_port_was_taken_comes_back_on_another() {
    let shelf = Shelf::default();
    let mut host = Seating::unannounced();
    let info = host
        .host(
            &request(2, vec![None]),
            Heard::default().listener(),
            shelf.keep(),
            clock,
        )
        .await
        .expect("hosted");
    let kept = shelf.until(Option::is_some).await.expect("kept");
    drop(host);
    // The old listener goes with its task.
    let mut taken = None;
    for _ in 0..500 {
        if let Ok(listener) = tokio::net::TcpListener::bind(("0.0.0.0", info.port)).await {
            taken = Some(listener);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let taken = taken.expect("the crashed table's port is free again");
    let mut host = Seating::unannounced();
    let returned = host
        .go_back(kept, Heard::default().listener(), shelf.keep(), clock)
        .await
        .expect("back");
    let Returned::Hosted {
        info: again,
        port_taken,
    } = returned
    else {
        panic!("hosted: {returned:?}");
    };
    assert_eq!(port_taken, Some(info.port));
    assert_ne!(again.port, info.port);
    let kept = shelf
        .until(|k| {
            k.as_ref().is_some_and(
                |k| matches!(k.place, KeptPlace::Hosted { port, .. } if port == again.port),
            )
        })
        .await;
    assert!(kept.is_some(), "kept with the new port");
    drop(taken);
    host.leave().expect("closing");
    // A table that cannot be brought back is forgotten.
    let mut broken = joined_record();
    broken.place = KeptPlace::Hosted {
        port: 1,
        snapshot: serde_json::json!({"not": "a table"}),
    };
    let refused = Seating::unannounced()
        .go_back(broken, Heard::default().listener(), shelf.keep(), clock)
        .await;
    assert_eq!(refused, Err(SeatError::KeptTableUnusable));
    assert_eq!(shelf.changes().last(), Some(&"forget"));
}

/// A kept record of a joined table.
fn joined_record() -> KeptTable {
    KeptTable {
        code: "1RGK4-T8SA9".into(),
        token: "0123456789ABCDEF0123456789ABCDEF".into(),
        your_name: "Ada".into(),
        table_name: String::new(),
        seated_ms: clock(),
        place: KeptPlace::Joined {
            address: "127.0.0.1:9".into(),
            more: Vec::new(),
            relay: None,
        },
    }
}
