//! One client connection: the WebSocket handshake with the frame cap, a writer draining the
//! connection's queue, and the reader forwarding frames to the hub.

use std::net::IpAddr;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::ServerConfig;
use super::hub::Input;
use crate::ConnId;

/// Serves one connection until it closes.
pub(super) async fn serve(
    stream: TcpStream,
    address: IpAddr,
    conn: ConnId,
    inputs: mpsc::Sender<Input>,
    config: ServerConfig,
) {
    let limits = WebSocketConfig::default()
        .max_message_size(Some(config.max_frame_bytes))
        .max_frame_size(Some(config.max_frame_bytes));
    let Ok(socket) = tokio_tungstenite::accept_async_with_config(stream, Some(limits)).await else {
        return;
    };
    let (mut sink, mut frames) = socket.split();
    let (queue, mut outgoing) = mpsc::channel::<String>(config.queue.max(1));
    if inputs
        .send(Input::Open {
            conn,
            address,
            queue,
        })
        .await
        .is_err()
    {
        return;
    }
    let mut writer = tokio::spawn(async move {
        while let Some(text) = outgoing.recv().await {
            if sink.send(Message::text(text)).await.is_err() {
                return;
            }
        }
        // The hub dropped this connection (too slow) or the table is gone.
        let _ = sink.close().await;
    });
    loop {
        let frame = tokio::select! {
            frame = frames.next() => frame,
            // The writer ended: the socket failed, or the hub dropped this connection.
            _ = &mut writer => break,
        };
        let bytes = match frame {
            Some(Ok(Message::Text(text))) => text.as_bytes().to_vec(),
            Some(Ok(Message::Binary(bytes))) => bytes.to_vec(),
            Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            // Pings are answered by tungstenite; pongs and raw frames carry nothing.
            Some(Ok(_)) => continue,
        };
        if inputs.send(Input::Frame { conn, bytes }).await.is_err() {
            break;
        }
    }
    let _ = inputs.send(Input::Closed { conn }).await;
    writer.abort();
}
