//! A guest's link: connect to the relay asking for the host at an index under a nameplate, and
//! wait (within a deadline) for the relay's `paired` notice or its refusal.
//!
//! Deliberately absent: trying the next index (the caller does, when its end-to-end handshake
//! fails: the notice says how many indices there are).

use futures_util::StreamExt;
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::Message;

use super::dial::dial;
use super::{LinkOptions, RelayAddress, RelayError, RelaySocket, closed};
use crate::nameplate::Nameplate;
use crate::wire::{Notice, Request};

/// Asks `relay` for the host at `index` under `nameplate`, with the default options: the paired
/// socket and how many indices the nameplate spans.
pub async fn guest_connect(
    relay: &RelayAddress,
    nameplate: &Nameplate,
    index: usize,
) -> Result<(RelaySocket, usize), RelayError> {
    guest_connect_with(relay, nameplate, index, &LinkOptions::default()).await
}

/// [`guest_connect`] with `options`.
pub async fn guest_connect_with(
    relay: &RelayAddress,
    nameplate: &Nameplate,
    index: usize,
    options: &LinkOptions,
) -> Result<(RelaySocket, usize), RelayError> {
    let mut socket = dial(relay, &Request::Guest(nameplate.clone(), index), options).await?;
    let paired = async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Text(text))) => {
                    return match Notice::decode(&text) {
                        Some(Notice::Paired { hosts }) => Ok(hosts),
                        _ => Err(RelayError::Protocol),
                    };
                }
                Some(Ok(Message::Close(frame))) => return Err(closed(frame)),
                Some(Ok(Message::Binary(_))) => return Err(RelayError::Protocol),
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return Err(RelayError::Closed),
            }
        }
    };
    let hosts = timeout(options.pairing_deadline, paired)
        .await
        .map_err(|_| RelayError::Timeout)??;
    Ok((socket, hosts))
}
