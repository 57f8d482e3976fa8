//! Hosting and joining over real loopback connections: the host's table and seat, a friend joining
//! it, a friend's connection cut and taken back with its token, the host closing the table for
//! everyone; and what is refused before anything is opened.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::history::SeatPlayer;
use briscola::ai::Level;
use briscola::{MatchFormat, Preset, Ruleset};
use briscola_table::protocol::{
    Absence, ClientMessage, ClosedReason, ErrorCode, SeatView, ServerMessage,
};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

use super::*;

const PATIENCE: Duration = Duration::from_secs(30);

/// What a listener heard, to wait on.
#[derive(Clone, Default)]
pub(super) struct Heard(Arc<Mutex<Vec<LinkEvent>>>);

impl Heard {
    pub(super) fn listener(&self) -> impl Fn(LinkEvent) + Send + Sync + 'static {
        let heard = self.0.clone();
        move |event| heard.lock().expect("not poisoned").push(event)
    }

    /// Waits until an event `pick` accepts is heard; it, and everything heard.
    pub(super) async fn until(&self, pick: impl Fn(&LinkEvent) -> bool) -> LinkEvent {
        let waited = tokio::time::timeout(PATIENCE, async {
            loop {
                if let Some(event) = self
                    .0
                    .lock()
                    .expect("not poisoned")
                    .iter()
                    .find(|e| pick(e))
                {
                    return event.clone();
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await;
        match waited {
            Ok(event) => event,
            Err(_) => panic!(
                "not heard in time: {:?}",
                self.0.lock().expect("not poisoned")
            ),
        }
    }

    pub(super) fn clear(&self) {
        self.0.lock().expect("not poisoned").clear();
    }

    /// Everything heard so far.
    pub(super) fn all(&self) -> Vec<LinkEvent> {
        self.0.lock().expect("not poisoned").clone()
    }
}

/// Nowhere to keep a seat (tests of something else).
pub(super) fn unkept() -> Keep {
    Arc::new(|_| {})
}

/// The tests' clock for the time a seat was kept.
pub(super) fn clock() -> i64 {
    1_700_000_000_000
}

pub(super) fn message(pick: impl Fn(&ServerMessage) -> bool) -> impl Fn(&LinkEvent) -> bool {
    move |event| matches!(event, LinkEvent::Message { message } if pick(message))
}

pub(super) fn status(wanted: LinkStatus) -> impl Fn(&LinkEvent) -> bool {
    move |event| matches!(event, LinkEvent::Status { status } if *status == wanted)
}

pub(super) fn request(players: u8, ai_seats: Vec<Option<Level>>) -> HostRequest {
    let ruleset = Ruleset::preset(Preset::Briscola, players).expect("preset");
    HostRequest {
        ruleset,
        format: MatchFormat::usual(&ruleset),
        ai_seats,
        turn_seconds: None,
        absence: Absence::Wait,
        random_seats: false,
        hints: true,
        table_name: "Friday cards".into(),
        your_name: "Ada".into(),
        port: 0,
    }
}

/// A loopback proxy to `target` whose connections can be cut, sent elsewhere or refused.
struct Proxy {
    address: String,
    target: Arc<Mutex<String>>,
    cut: Arc<Mutex<Vec<JoinHandle<()>>>>,
    accepting: JoinHandle<()>,
}

impl Proxy {
    async fn to(target: String) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let address = listener.local_addr().expect("an address").to_string();
        let cut: Arc<Mutex<Vec<JoinHandle<()>>>> = Arc::default();
        let target = Arc::new(Mutex::new(target));
        let pipes = cut.clone();
        let to = target.clone();
        let accepting = tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let target = to.lock().expect("not poisoned").clone();
                let pipe = tokio::spawn(async move {
                    if let Ok(mut outbound) = TcpStream::connect(&target).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
                pipes.lock().expect("not poisoned").push(pipe);
            }
        });
        Proxy {
            address,
            target,
            cut,
            accepting,
        }
    }

    /// Cuts every connection through the proxy (both ends see it drop).
    fn cut(&self) {
        for pipe in self.cut.lock().expect("not poisoned").drain(..) {
            pipe.abort();
        }
    }

    /// New connections go to `target` from now on.
    fn send_to(&self, target: String) {
        *self.target.lock().expect("not poisoned") = target;
    }

    /// Cuts every connection and stops listening: connecting to the proxy is refused from now on.
    async fn close(self) {
        self.cut();
        self.accepting.abort();
        let _ = self.accepting.await;
    }
}

#[test]
fn addresses_are_host_and_port() {
    assert_eq!(
        check_address(" ws://192.168.1.20:7878/ "),
        Ok("192.168.1.20:7878".into())
    );
    assert_eq!(
        check_address("anna-pc.local:7878"),
        Ok("anna-pc.local:7878".into())
    );
    assert_eq!(check_address("[::1]:7878"), Ok("[::1]:7878".into()));
    for bad in [
        "",
        "192.168.1.20",
        "192.168.1.20:",
        ":7878",
        "192.168.1.20:0",
        "192.168.1.20:99999",
        "host name:7878",
        "http://x/y:7878",
    ] {
        assert_eq!(check_address(bad), Err(SeatError::BadAddress), "{bad:?}");
    }
    assert_eq!(
        check_address(&format!("{}:7878", "a".repeat(300))),
        Err(SeatError::BadAddress)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_sits_at_seat_0_a_friend_joins_and_the_host_closing_tells_them() {
    let mut host = Seating::unannounced();
    let host_heard = Heard::default();
    let info = host
        .host(
            &request(3, vec![None, Some(Level::Easy)]),
            host_heard.listener(),
            unkept(),
            clock,
        )
        .await
        .expect("hosted");
    assert_ne!(info.port, 0);
    assert!(info.addresses.iter().all(|a| a != "127.0.0.1"));
    host_heard
        .until(message(|m| {
            matches!(
                m,
                ServerMessage::Welcome {
                    seat: Some(0),
                    host: true,
                    ..
                }
            )
        }))
        .await;
    assert_eq!(
        host.host(
            &request(2, vec![None]),
            Heard::default().listener(),
            unkept(),
            clock
        )
        .await
        .err(),
        Some(SeatError::AlreadyAtTable)
    );

    let mut friend = Seating::unannounced();
    let friend_heard = Heard::default();
    friend
        .join(
            &format!("127.0.0.1:{}", info.port),
            info.code.to_lowercase(),
            "Bea".into(),
            friend_heard.listener(),
            unkept(),
            clock,
        )
        .expect("joining");
    friend_heard
        .until(message(|m| {
            matches!(
                m,
                ServerMessage::Welcome {
                    seat: Some(1),
                    host: false,
                    ..
                }
            )
        }))
        .await;
    host_heard
        .until(message(|m| {
            matches!(m, ServerMessage::Lobby { lobby } if lobby.settings.name == "Friday cards"
                && matches!(&lobby.seats[1], SeatView::Person { name, .. } if name == "Bea")
                && matches!(lobby.seats[2], SeatView::Ai { level: Level::Easy }))
        }))
        .await;
    friend
        .send(ClientMessage::Ready { ready: true })
        .expect("sent");
    host_heard
        .until(message(|m| {
            matches!(m, ServerMessage::Lobby { lobby }
                if matches!(lobby.seats[1], SeatView::Person { ready: true, .. }))
        }))
        .await;

    host.leave().expect("closing");
    assert!(!host.at_table());
    friend_heard
        .until(message(|m| {
            *m == ServerMessage::Closed {
                reason: ClosedReason::HostClosed,
            }
        }))
        .await;
    friend_heard.until(status(LinkStatus::Ended)).await;
    assert_eq!(
        friend.send(ClientMessage::Stand),
        Err(SeatError::NotConnected)
    );
    // A friend whose table closed may sit at another.
    let again = friend.join(
        "127.0.0.1:9",
        "X".into(),
        "Bea".into(),
        Heard::default().listener(),
        unkept(),
        clock,
    );
    assert!(again.is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_friend_takes_the_same_seat_back_with_its_token() {
    let mut host = Seating::unannounced();
    let (proxy, mut friend, heard, welcome) = bea_through_a_proxy(&mut host).await;
    heard.clear();
    proxy.cut();
    heard
        .until(|e| {
            matches!(
                e,
                LinkEvent::Status {
                    status: LinkStatus::Reconnecting { attempt: 1, .. }
                }
            )
        })
        .await;
    let back = heard
        .until(message(|m| matches!(m, ServerMessage::Welcome { .. })))
        .await;
    assert_eq!(back, welcome, "the same seat and token");
    heard.until(status(LinkStatus::Connected)).await;
    friend
        .send(ClientMessage::Ready { ready: true })
        .expect("connected again");
    friend.leave().expect("leaving");
    heard.until(status(LinkStatus::Ended)).await;
    host.leave().expect("closing");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_cannot_be_hosted_or_joined_is_refused_before_anything_opens() {
    let mut friends = Seating::unannounced();
    assert_eq!(
        friends
            .host(
                &request(3, vec![None]),
                Heard::default().listener(),
                unkept(),
                clock
            )
            .await
            .err(),
        Some(SeatError::HostSeats {
            players: 3,
            seats: 1
        })
    );
    let taken = TcpListener::bind("0.0.0.0:0").await.expect("a port");
    let port = taken.local_addr().expect("an address").port();
    let mut busy = request(2, vec![None]);
    busy.port = port;
    assert_eq!(
        friends
            .host(&busy, Heard::default().listener(), unkept(), clock)
            .await
            .err(),
        Some(SeatError::PortInUse { port })
    );
    let mut nameless = request(2, vec![None]);
    nameless.your_name = "  ".into();
    assert!(matches!(
        friends
            .host(&nameless, Heard::default().listener(), unkept(), clock)
            .await
            .err(),
        Some(SeatError::TableRefused {
            reason: ErrorCode::BadName { .. }
        })
    ));
    assert!(!friends.at_table());
    assert_eq!(
        friends.join(
            "nowhere",
            "X".into(),
            "Bea".into(),
            Heard::default().listener(),
            unkept(),
            clock,
        ),
        Err(SeatError::BadAddress)
    );
    assert_eq!(
        friends.send(ClientMessage::Stand),
        Err(SeatError::NotAtTable)
    );
    assert_eq!(friends.leave(), Err(SeatError::NotAtTable));
    // Nothing listens there: the link says so and ends.
    let heard = Heard::default();
    let free = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let address = free.local_addr().expect("an address").to_string();
    drop(free);
    friends
        .join(
            &address,
            "7KQ2M-XR4TD".into(),
            "Bea".into(),
            heard.listener(),
            unkept(),
            clock,
        )
        .expect("the address is well formed");
    heard
        .until(|e| {
            matches!(
                e,
                LinkEvent::Status {
                    status: LinkStatus::Unreachable { .. }
                }
            )
        })
        .await;
}

/// Plays at the table from the events `tell` sends: a random legal move for every view that offers
/// one (the host also starts the match once everyone is ready), until the match is kept.
async fn play(
    friends: Arc<tokio::sync::Mutex<Seating>>,
    mut heard: tokio::sync::mpsc::UnboundedReceiver<SeatEvent>,
    seed: u64,
) -> Option<String> {
    let mut rng = briscola::Rng::new(seed);
    while let Some(event) = heard.recv().await {
        let message = match event.heard {
            super::Heard::Kept { history_id } => return history_id,
            super::Heard::Game { view } if !view.observation.legal_actions.is_empty() => {
                let legal = &view.observation.legal_actions;
                ClientMessage::Act {
                    action: legal[rng.below(legal.len())],
                }
            }
            super::Heard::Message {
                message: ServerMessage::Lobby { lobby },
            } if lobby.stage == briscola_table::protocol::Stage::Lobby
                && lobby.seats.iter().all(|s| match s {
                    SeatView::Person { ready, host, .. } => *ready || *host,
                    SeatView::Ai { .. } => true,
                    SeatView::Empty => false,
                }) =>
            {
                ClientMessage::Start
            }
            _ => continue,
        };
        // Not the host's to start, or not its turn any more: the table refuses, nothing changes.
        let _ = friends.lock().await.send(message);
    }
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_with_a_friend_and_an_ai_goes_into_both_histories() {
    let kept: Arc<Mutex<Vec<crate::session::FinishedMatch>>> = Arc::default();
    let player = |kept: Arc<Mutex<Vec<crate::session::FinishedMatch>>>,
                  mirror: Arc<Mutex<Mirror>>| {
        let (tell, heard) = tokio::sync::mpsc::unbounded_channel();
        let listen = listener(
            move |finished| {
                kept.lock().expect("not poisoned").push(finished.clone());
                Some(format!("{}", finished.started_ms))
            },
            move |event| {
                let _ = tell.send(event);
            },
            || 1_000,
            mirror,
        );
        (listen, heard)
    };
    let host = Arc::new(tokio::sync::Mutex::new(Seating::unannounced()));
    let mirror = host.lock().await.new_mirror("Ada").expect("not at a table");
    let (listen, host_heard) = player(kept.clone(), mirror);
    let info = host
        .lock()
        .await
        .host(
            &request(3, vec![Some(Level::Easy), None]),
            listen,
            unkept(),
            clock,
        )
        .await
        .expect("hosted");
    let friend = Arc::new(tokio::sync::Mutex::new(Seating::unannounced()));
    let mirror = friend
        .lock()
        .await
        .new_mirror("Bea")
        .expect("not at a table");
    let (listen, friend_heard) = player(kept.clone(), mirror);
    friend
        .lock()
        .await
        .join(
            &format!("127.0.0.1:{}", info.port),
            info.code,
            "Bea".into(),
            listen,
            unkept(),
            clock,
        )
        .expect("joining");
    friend
        .lock()
        .await
        .send(ClientMessage::Ready { ready: true })
        .ok();
    let host_game = tokio::spawn(play(host.clone(), host_heard, 1));
    let friend_game = tokio::spawn(play(friend.clone(), friend_heard, 2));
    // The friend's ready may have gone before its link connected: say it again until it lands.
    let ready = {
        let friend = friend.clone();
        tokio::spawn(async move {
            for _ in 0..50 {
                tokio::time::sleep(Duration::from_millis(100)).await;
                let _ = friend
                    .lock()
                    .await
                    .send(ClientMessage::Ready { ready: true });
            }
        })
    };
    let ids = (
        tokio::time::timeout(PATIENCE, host_game).await,
        tokio::time::timeout(PATIENCE, friend_game).await,
    );
    ready.abort();
    let (Ok(Ok(Some(_))), Ok(Ok(Some(_)))) = ids else {
        panic!("both matches kept in time: {ids:?}");
    };
    let kept = kept.lock().expect("not poisoned").clone();
    assert_eq!(kept.len(), 2);
    let (hosts, friends) = (&kept[0], &kept[1]);
    let bea = || SeatPlayer::Person { name: "Bea".into() };
    let (hosts, friends) = if hosts.seats.get(2) == Some(&bea()) {
        (hosts, friends)
    } else {
        (friends, hosts)
    };
    // The host sat at 0: Easy AI at 1, Bea at 2. Bea sat at 2: herself, the host at 1 (from her
    // seat), the AI at 2.
    let ai = || SeatPlayer::Ai {
        level: Level::Easy,
        name: String::new(),
    };
    let ada = || SeatPlayer::Person { name: "Ada".into() };
    assert_eq!(hosts.seats, [ada(), ai(), bea()]);
    assert_eq!(friends.seats, [bea(), ada(), ai()]);
    assert_eq!(friends.record, hosts.record.seen_from(2));
    host.lock().await.leave().expect("closing");
}

/// Joins a two-seat table hosted by `host` through a proxy as Bea; the proxy, Bea, what she hears
/// from now on, and her welcome.
async fn bea_through_a_proxy(host: &mut Seating) -> (Proxy, Seating, Heard, LinkEvent) {
    let info = host
        .host(
            &request(2, vec![None]),
            Heard::default().listener(),
            unkept(),
            clock,
        )
        .await
        .expect("hosted");
    let proxy = Proxy::to(format!("127.0.0.1:{}", info.port)).await;
    let mut friend = Seating::unannounced();
    let heard = Heard::default();
    friend
        .join(
            &proxy.address,
            info.code,
            "Bea".into(),
            heard.listener(),
            unkept(),
            clock,
        )
        .expect("joining");
    let welcome = heard
        .until(message(|m| matches!(m, ServerMessage::Welcome { .. })))
        .await;
    heard.clear();
    (proxy, friend, heard, welcome)
}

/// Whether the link tried again after its first try.
fn tried_twice(heard: &Heard) -> bool {
    heard.0.lock().expect("not poisoned").iter().any(|e| {
        matches!(
            e,
            LinkEvent::Status {
                status: LinkStatus::Reconnecting { attempt: 2.., .. }
            }
        )
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_no_longer_knows_the_table_ends_the_link_at_once() {
    let mut host = Seating::unannounced();
    let (proxy, _friend, heard, _) = bea_through_a_proxy(&mut host).await;
    // The table is gone from where it was: another table's server answers there now.
    let mut other = Seating::unannounced();
    let elsewhere = other
        .host(
            &request(2, vec![None]),
            Heard::default().listener(),
            unkept(),
            clock,
        )
        .await
        .expect("hosted");
    proxy.send_to(format!("127.0.0.1:{}", elsewhere.port));
    proxy.cut();
    heard
        .until(message(|m| {
            matches!(
                m,
                ServerMessage::Error {
                    error: ErrorCode::WrongCode
                }
            )
        }))
        .await;
    heard.until(status(LinkStatus::Gone)).await;
    assert!(!tried_twice(&heard), "no second try: {:?}", heard.0);
    host.leave().expect("closing");
    other.leave().expect("closing");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_listening_where_the_table_was_ends_the_link_at_once() {
    let mut host = Seating::unannounced();
    let (proxy, _friend, heard, _) = bea_through_a_proxy(&mut host).await;
    proxy.close().await;
    heard.until(status(LinkStatus::Gone)).await;
    assert!(!tried_twice(&heard), "no second try: {:?}", heard.0);
    host.leave().expect("closing");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_link_still_takes_its_seat_back_while_the_table_is_there() {
    let mut host = Seating::unannounced();
    let (proxy, _friend, heard, _) = bea_through_a_proxy(&mut host).await;
    proxy.cut();
    heard
        .until(message(|m| matches!(m, ServerMessage::Welcome { .. })))
        .await;
    heard.until(status(LinkStatus::Connected)).await;
    assert!(
        !heard
            .0
            .lock()
            .expect("not poisoned")
            .iter()
            .any(|e| matches!(
                e,
                LinkEvent::Status {
                    status: LinkStatus::Gone
                }
            )),
        "not gone"
    );
    host.leave().expect("closing");
}
