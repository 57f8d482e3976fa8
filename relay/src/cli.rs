//! The relay's command line, shared by the `briscola-relay` binary and `briscola relay`: where to
//! listen, the proxies to trust and every limit as a flag; it prints where it listens, logs one
//! line per pairing and refusal on standard error, and runs until interrupted (SIGINT or SIGTERM).
//!
//! Deliberately absent: a configuration file and any state on disk.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use clap::Args;

use crate::limits::Limits;
use crate::server::{self, RelayConfig};

/// Options of the relay.
#[derive(Debug, Clone, Args)]
pub struct RelayArgs {
    /// Where to listen (port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:4700")]
    pub listen: SocketAddr,
    /// Proxies whose `X-Forwarded-For` is read as the client's address (comma-separated).
    #[arg(long, value_delimiter = ',', value_name = "IP")]
    pub trusted_proxy: Vec<IpAddr>,
    /// Connections held at once (the open-file limit may lower it).
    #[arg(long, default_value_t = Limits::default().max_connections)]
    pub max_connections: usize,
    /// Connections held at once from one address.
    #[arg(long, default_value_t = Limits::default().connections_per_address)]
    pub connections_per_address: usize,
    /// Pairing attempts one address may make in a burst.
    #[arg(long, default_value_t = Limits::default().attempts_burst)]
    pub attempts_burst: u32,
    /// Pairing attempts per second per address after the burst.
    #[arg(long, default_value_t = Limits::default().attempts_per_second)]
    pub attempts_per_second: f64,
    /// Bytes per second one connection may send through its pair.
    #[arg(long, default_value_t = Limits::default().bytes_per_second)]
    pub bytes_per_second: u32,
    /// Bytes per second one address may send through all its pairs.
    #[arg(long, default_value_t = Limits::default().bytes_per_second_per_address)]
    pub bytes_per_second_per_address: u32,
    /// Seconds a guest waits to be accepted.
    #[arg(long, default_value_t = Limits::default().pairing_timeout.as_secs())]
    pub pairing_timeout: u64,
    /// Seconds a pair may carry no frame.
    #[arg(long, default_value_t = Limits::default().idle_timeout.as_secs())]
    pub idle_timeout: u64,
    /// Seconds between pings of a host's control connection.
    #[arg(long, default_value_t = Limits::default().ping_interval.as_secs())]
    pub ping_interval: u64,
    /// Seconds a host's control connection may go without a pong.
    #[arg(long, default_value_t = Limits::default().host_timeout.as_secs())]
    pub host_timeout: u64,
    /// Guests one host's control connection carries at once.
    #[arg(long, default_value_t = Limits::default().guests_per_host)]
    pub guests_per_host: usize,
    /// The largest WebSocket message, in bytes.
    #[arg(long, default_value_t = Limits::default().max_message)]
    pub max_message: usize,
    /// Log nothing but the address.
    #[arg(long)]
    pub quiet: bool,
}

impl RelayArgs {
    /// The configuration these flags give.
    pub fn config(&self) -> Result<RelayConfig, String> {
        if !(self.attempts_per_second.is_finite() && self.attempts_per_second >= 0.0) {
            return Err("--attempts-per-second must be a number, 0 or more".into());
        }
        if self.guests_per_host == 0 {
            return Err("--guests-per-host must be at least 1".into());
        }
        let seconds = |s: u64, flag: &str| {
            if s == 0 {
                Err(format!("--{flag} must be at least 1"))
            } else {
                Ok(Duration::from_secs(s))
            }
        };
        let limits = Limits {
            max_connections: self.max_connections,
            connections_per_address: self.connections_per_address,
            attempts_burst: self.attempts_burst,
            attempts_per_second: self.attempts_per_second,
            bytes_per_second: self.bytes_per_second,
            bytes_per_second_per_address: self.bytes_per_second_per_address,
            pairing_timeout: seconds(self.pairing_timeout, "pairing-timeout")?,
            idle_timeout: seconds(self.idle_timeout, "idle-timeout")?,
            ping_interval: seconds(self.ping_interval, "ping-interval")?,
            host_timeout: seconds(self.host_timeout, "host-timeout")?,
            guests_per_host: self.guests_per_host,
            max_message: self.max_message.max(1024),
            ..Limits::default()
        };
        Ok(RelayConfig {
            limits,
            trusted_proxies: self.trusted_proxy.clone(),
            log: !self.quiet,
        })
    }
}

/// Runs a relay until SIGINT or SIGTERM.
pub fn run(args: &RelayArgs) -> Result<(), String> {
    let config = args.config()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start: {e}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.listen)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
        let relay = server::start(listener, config).map_err(|e| e.to_string())?;
        println!("listening on {}", relay.local_addr);
        interrupted().await;
        relay.stop();
        Ok(())
    })
}

#[cfg(unix)]
async fn interrupted() {
    use tokio::signal::unix::{SignalKind, signal};
    match signal(SignalKind::terminate()) {
        Ok(mut terminate) => {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = terminate.recv() => {}
            }
        }
        Err(_) => {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

#[cfg(not(unix))]
async fn interrupted() {
    let _ = tokio::signal::ctrl_c().await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Command {
        #[command(flatten)]
        relay: RelayArgs,
    }

    #[test]
    fn flags_make_the_configuration_and_bad_ones_are_refused() {
        let parsed = Command::try_parse_from([
            "relay",
            "--trusted-proxy",
            "127.0.0.1,::1",
            "--pairing-timeout",
            "5",
            "--guests-per-host",
            "4",
        ])
        .expect("parsed");
        let config = parsed.relay.config().expect("a configuration");
        assert_eq!(config.trusted_proxies.len(), 2);
        assert_eq!(config.limits.pairing_timeout, Duration::from_secs(5));
        assert_eq!(config.limits.idle_timeout, Limits::default().idle_timeout);
        assert_eq!(config.limits.guests_per_host, 4);
        let none = Command::try_parse_from(["relay", "--guests-per-host", "0"]).expect("parsed");
        assert!(none.relay.config().is_err());
        let zero = Command::try_parse_from(["relay", "--idle-timeout", "0"]).expect("parsed");
        assert!(zero.relay.config().is_err());
        let nan =
            Command::try_parse_from(["relay", "--attempts-per-second", "NaN"]).expect("parsed");
        assert!(nan.relay.config().is_err());
    }
}
