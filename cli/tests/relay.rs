//! `briscola relay` as a user runs it: it prints where it listens, a host registers with it and a
//! guest pairs through it; a bad flag is refused.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use briscola_relay::{HostLink, Nameplate, RelayAddress, RelayStatus, guest_connect};

fn briscola() -> Command {
    Command::new(env!("CARGO_BIN_EXE_briscola"))
}

#[test]
fn the_relay_listens_and_pairs_a_guest_with_its_host() {
    let mut child = briscola()
        .args(["relay", "--listen", "127.0.0.1:0", "--quiet"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("the relay starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("a line");
    let address = line
        .trim()
        .strip_prefix("listening on ")
        .expect("its address");
    let relay = RelayAddress::parse(address).expect("an address");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let paired = runtime.block_on(async {
        let nameplate = Nameplate::parse("7KQ").expect("a nameplate");
        let (link, mut sockets) = HostLink::spawn(relay.clone(), nameplate.clone());
        let mut status = link.status();
        let registered = tokio::time::timeout(
            Duration::from_secs(10),
            status.wait_for(|s| matches!(s, RelayStatus::Registered { index: 0 })),
        )
        .await;
        assert!(registered.is_ok(), "the host registered");
        let (_guest, hosts) = guest_connect(&relay, &nameplate, 0).await.expect("paired");
        assert!(sockets.recv().await.is_some(), "the host got its guest");
        hosts
    });
    assert_eq!(paired, 1);
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn a_bad_relay_flag_is_refused() {
    let out = briscola()
        .args(["relay", "--pairing-timeout", "0"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--pairing-timeout"));
}
