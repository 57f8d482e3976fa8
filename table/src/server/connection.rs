//! One client connection: the WebSocket handshake with the frame cap, a writer draining the
//! connection's queue, and the reader. Until a table takes the connection, the reader hands its frames
//! to the registry ([`super::registry`]), which picks the table or refuses; from then on it forwards
//! them to that table's hub.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::Shared;
use super::hub::Input;
use crate::ConnId;
use crate::protocol::{self, ServerMessage};

/// How long a closing connection's queued messages may take to go out.
const DRAIN: Duration = Duration::from_secs(5);

/// The read buffer each connection starts with.
const READ_BUFFER_BYTES: usize = 4 * 1024;

/// Serves one connection until it closes.
pub(super) async fn serve(stream: TcpStream, address: IpAddr, conn: ConnId, shared: Arc<Shared>) {
    let config = shared.config;
    // Moves are small messages that should leave at once, not wait for more (Nagle's algorithm).
    let _ = stream.set_nodelay(true);
    // The read buffer starts small (tungstenite's default fills 128 KiB per connection up front) and
    // grows for a larger frame, up to the cap.
    let limits = WebSocketConfig::default()
        .read_buffer_size(READ_BUFFER_BYTES)
        .max_message_size(Some(config.max_frame_bytes))
        .max_frame_size(Some(config.max_frame_bytes));
    let Ok(socket) = tokio_tungstenite::accept_async_with_config(stream, Some(limits)).await else {
        return;
    };
    let (mut sink, mut frames) = socket.split();
    let (queue, mut outgoing) = mpsc::channel::<String>(config.queue.max(1));
    let mut writer = tokio::spawn(async move {
        while let Some(text) = outgoing.recv().await {
            // Whatever else is queued by now (a move's event and view) goes out in the same write.
            let mut batch = Some(text);
            while let Some(text) = batch.take().or_else(|| outgoing.try_recv().ok()) {
                if sink.feed(Message::text(text)).await.is_err() {
                    return;
                }
            }
            if sink.flush().await.is_err() {
                return;
            }
        }
        // The hub dropped this connection (too slow), or the table is gone.
        let _ = sink.close().await;
    });
    // Held until a table takes the connection: the table's hub then owns the only sender, so the
    // writer ends when the hub lets the connection go.
    let mut queue = Some(queue);
    let mut table: Option<mpsc::Sender<Input>> = None;
    let mut written = false;
    loop {
        let frame = tokio::select! {
            frame = frames.next() => frame,
            // The writer ended: the socket failed, or the hub dropped this connection.
            _ = &mut writer => {
                written = true;
                break;
            }
        };
        let bytes = match frame {
            Some(Ok(Message::Text(text))) => text.as_bytes().to_vec(),
            Some(Ok(Message::Binary(bytes))) => bytes.to_vec(),
            Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            // Pings are answered by tungstenite; pongs and raw frames carry nothing.
            Some(Ok(_)) => continue,
        };
        if let Some(inputs) = &table {
            if inputs.send(Input::Frame { conn, bytes }).await.is_err() {
                break;
            }
            continue;
        }
        let Some(sender) = queue.take() else { break };
        let routed = match shared.registry.lock() {
            Ok(mut registry) => registry.route(&bytes, address),
            Err(_) => break,
        };
        match routed {
            Ok(inputs) => {
                let open = Input::Open {
                    conn,
                    address,
                    queue: sender,
                };
                // A table that closed meanwhile: the connection ends.
                if inputs.send(open).await.is_err()
                    || inputs.send(Input::Frame { conn, bytes }).await.is_err()
                {
                    break;
                }
                table = Some(inputs);
            }
            Err(error) => {
                let refused = protocol::encode(&ServerMessage::Error { error });
                if sender.try_send(refused).is_err() {
                    break;
                }
                queue = Some(sender);
            }
        }
    }
    if let Some(inputs) = table {
        let _ = inputs.send(Input::Closed { conn }).await;
    }
    // What is queued still goes out — the record, when the table closed as this client spoke — and
    // the writer ends with its queue (the hub lets it go); a peer that does not read is cut off.
    drop(queue);
    if !written {
        let _ = tokio::time::timeout(DRAIN, &mut writer).await;
    }
    writer.abort();
}
