//! Opening one connection to a relay: TCP (from a chosen source address if asked), TLS with rustls
//! (the `ring` provider and the webpki roots) for `wss://`, and the WebSocket handshake with the
//! request in the query string, all within the connect deadline.
//!
//! Deliberately absent: proxies on the client's side and client certificates.

use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, OnceLock};

use rustls::{ClientConfig, RootCertStore};
use tokio::net::{TcpSocket, TcpStream, lookup_host};
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::Error as WsError;
use tokio_tungstenite::{Connector, client_async_tls_with_config};

use super::{LinkOptions, RelayAddress, RelayError, RelaySocket};
use crate::limits::Limits;
use crate::wire::Request;

/// The TLS client configuration, made once.
fn tls() -> Result<Arc<ClientConfig>, RelayError> {
    static CONFIG: OnceLock<Option<Arc<ClientConfig>>> = OnceLock::new();
    CONFIG
        .get_or_init(|| {
            // `ring` (deprecated in rustls for lacking post-quantum key exchange) because the
            // provider that has it, aws-lc-rs, needs cmake and clang to build.
            #[allow(deprecated)]
            let provider = Arc::new(rustls::crypto::ring::default_provider());
            let roots = RootCertStore {
                roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
            };
            let config = ClientConfig::builder_with_provider(provider)
                .with_safe_default_protocol_versions()
                .ok()?
                .with_root_certificates(roots)
                .with_no_client_auth();
            Some(Arc::new(config))
        })
        .clone()
        .ok_or(RelayError::Tls)
}

async fn tcp(relay: &RelayAddress, source: Option<IpAddr>) -> Result<TcpStream, RelayError> {
    let connect_error = |e: io::Error| RelayError::Connect(e.kind());
    let mut last = RelayError::Connect(io::ErrorKind::NotFound);
    for address in lookup_host((relay.host(), relay.port()))
        .await
        .map_err(connect_error)?
    {
        let socket = match address {
            SocketAddr::V4(_) => TcpSocket::new_v4(),
            SocketAddr::V6(_) => TcpSocket::new_v6(),
        }
        .map_err(connect_error)?;
        if let Some(source) = source.filter(|s| s.is_ipv4() == address.is_ipv4()) {
            socket
                .bind(SocketAddr::new(source, 0))
                .map_err(connect_error)?;
        }
        match socket.connect(address).await {
            Ok(stream) => return Ok(stream),
            Err(error) => last = connect_error(error),
        }
    }
    Err(last)
}

fn handshake_error(error: WsError) -> RelayError {
    match error {
        WsError::Io(e) => RelayError::Connect(e.kind()),
        WsError::Tls(_) => RelayError::Tls,
        WsError::Http(response) => RelayError::Http(response.status().as_u16()),
        _ => RelayError::Handshake,
    }
}

/// Connects to `relay` asking `request`.
pub(super) async fn dial(
    relay: &RelayAddress,
    request: &Request,
    options: &LinkOptions,
) -> Result<RelaySocket, RelayError> {
    let connecting = async {
        let stream = tcp(relay, options.source).await?;
        let _ = stream.set_nodelay(true);
        let connector = if relay.tls() {
            Connector::Rustls(tls()?)
        } else {
            Connector::Plain
        };
        let config = Limits::default().websocket();
        let (socket, _) = client_async_tls_with_config(
            relay.url(&request.query()),
            stream,
            Some(config),
            Some(connector),
        )
        .await
        .map_err(handshake_error)?;
        Ok(socket)
    };
    timeout(options.connect_deadline, connecting)
        .await
        .map_err(|_| RelayError::Timeout)?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tls_configuration_builds_with_ring() {
        assert!(tls().is_ok());
    }
}
