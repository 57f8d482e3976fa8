//! `briscola join` facing a hostile table server: names, chat, the token and unreadable frames laced
//! with terminal escape sequences and direction overrides reach the terminal defused.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::Duration;

use briscola_table::channel::Hello;
use briscola_table::secret::TableCode;
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpListener;
use tokio_tungstenite::tungstenite::Message;

const PATIENCE: Duration = Duration::from_secs(60);

/// What a hostile server sends, each frame with an escape sequence or an override in its text.
fn frames() -> Vec<String> {
    let esc = "\u{1b}";
    let welcome = serde_json::json!({
        "v": 2, "type": "welcome", "code": "7KQ2M-XR4TD",
        "token": format!("{esc}]0;owned{}", '\u{7}'), "seat": 1, "host": false
    });
    let chat = serde_json::json!({
        "v": 2, "type": "chat",
        "from": {"seat": 0, "name": format!("{esc}[2J{esc}[31mMallory\u{202E}exe.")},
        "chat": {"kind": "text", "text": format!("hi{esc}[8m\u{2028}hidden\u{61C}")}
    });
    let garbage = format!(r#"{{"v":2,"type":"nonsense{esc}[5m"}}"#);
    vec![welcome.to_string(), chat.to_string(), garbage]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hostile_server_writes_no_escape_sequence_to_the_terminal() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let address = listener.local_addr().expect("an address");
    let server = tokio::spawn(async move {
        let (stream, _) = listener.accept().await.expect("the client connects");
        let mut socket = tokio_tungstenite::accept_async(stream)
            .await
            .expect("a handshake");
        // The channel's handshake, as a host holding the code, and the client's join; then the
        // hostile frames, sealed.
        let Some(Ok(Message::Binary(hello))) = socket.next().await else {
            panic!("no Hello");
        };
        let code = TableCode::parse("7KQ2M-XR4TD").expect("a code");
        let (reply, pending) = Hello::parse(&hello)
            .and_then(|hello| hello.answer(&code))
            .expect("answered");
        socket.send(Message::binary(reply)).await.expect("sent");
        let Some(Ok(Message::Binary(join))) = socket.next().await else {
            panic!("no join");
        };
        let (mut sealer, _, _) = pending.confirm(&join).expect("the same code");
        for frame in frames() {
            let sealed = sealer.seal(frame.as_bytes()).expect("sealed");
            socket.send(Message::binary(sealed)).await.expect("sent");
        }
        let _ = tokio::time::timeout(PATIENCE, socket.next()).await;
    });
    let mut join = Command::new(env!("CARGO_BIN_EXE_briscola"))
        .args(["join", &address.to_string(), "7KQ2M-XR4TD", "--name", "Bea"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("join starts");
    let output = tokio::task::spawn_blocking(move || {
        let mut out = Vec::new();
        let mut err = Vec::new();
        join.stdout
            .take()
            .expect("stdout")
            .read_to_end(&mut out)
            .expect("read");
        join.stderr
            .take()
            .expect("stderr")
            .read_to_end(&mut err)
            .expect("read");
        let _ = join.wait();
        (out, err)
    });
    let (out, err) = tokio::time::timeout(PATIENCE, output)
        .await
        .expect("join ends")
        .expect("its output");
    server.abort();
    let out = String::from_utf8(out).expect("UTF-8");
    let err = String::from_utf8(err).expect("UTF-8");
    assert!(out.contains("Mallory"), "the chat is shown: {out}");
    for text in [&out, &err] {
        for bad in ['\u{1b}', '\u{7}', '\u{202E}', '\u{2028}', '\u{61C}'] {
            assert!(
                !text.contains(bad),
                "{:04X} reached the terminal: {text:?}",
                u32::from(bad)
            );
        }
    }
}
