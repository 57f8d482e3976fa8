//! `briscola-lab relay-tables`: N tables in one table server, their people through a relay (or,
//! with `--direct`, straight to the server's port), every match played to the end by deterministic
//! bots (see `briscola_lab::relay_tables`). Prints one line per table (its final record's hash,
//! moves, reconnections, whether its relay registration moved) and a summary; with `--kill-pid`,
//! SIGKILLs that process (a relay of the cluster) once `--kill-after-moves` moves were played.
//! Fails if any table did not finish.
//!
//! Deliberately absent: starting the relays or the proxy (`scripts/relay-tables.sh` does).

use std::time::{Duration, Instant};

use briscola_cli::outln;
use briscola_lab::relay_tables::{self, Kill, Plan, Route};
use briscola_relay::link::RelayAddress;
use briscola_table::server::{self, ServerConfig};
use clap::Args;

/// Options of `briscola-lab relay-tables`.
#[derive(Debug, Args)]
pub struct RelayTablesArgs {
    /// Tables, four people each.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u16).range(1..=1000))]
    tables: u16,
    /// The relay (`HOST:PORT`, `ws://…`, `wss://…`; a cluster's proxy) every person goes through.
    #[arg(long, required_unless_present = "direct", conflicts_with = "direct")]
    relay: Option<String>,
    /// The people connect straight to the server's port instead.
    #[arg(long)]
    direct: bool,
    /// Seed of the deals.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// SIGKILL this process once `--kill-after-moves` moves have been played over all tables
    /// (a process id: 2 or more, never a group).
    #[arg(long, requires = "kill_after_moves", value_parser = clap::value_parser!(i32).range(2..))]
    kill_pid: Option<i32>,
    /// See `--kill-pid`.
    #[arg(long, requires = "kill_pid")]
    kill_after_moves: Option<usize>,
    /// Seconds the whole run may take.
    #[arg(long, default_value_t = 600)]
    patience: u64,
}

/// Runs the tables; an error if any did not finish.
pub fn run(args: &RelayTablesArgs) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start: {e}"))?;
    runtime.block_on(play(args))
}

async fn play(args: &RelayTablesArgs) -> Result<(), String> {
    let tables = usize::from(args.tables);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(|e| e.to_string())?;
    let connections = tables * relay_tables::SEATS * 2 + 64;
    let config = ServerConfig {
        max_tables: tables,
        max_connections: connections,
        reserve: connections / 2,
        ..ServerConfig::default()
    };
    let server = server::start(listener, config).await;
    let route = match &args.relay {
        Some(relay) => {
            Route::Relay(RelayAddress::parse(relay).map_err(|e| format!("`{relay}`: {e}"))?)
        }
        None => Route::Direct(server.local_addr),
    };
    let plan = Plan {
        tables,
        seed: args.seed,
        route,
        kill: args
            .kill_pid
            .zip(args.kill_after_moves)
            .map(|(pid, after_moves)| Kill { pid, after_moves }),
        patience: Duration::from_secs(args.patience),
    };
    let started = Instant::now();
    let runs = relay_tables::run(&server, &plan).await;
    server.stop();
    let runs = runs?;
    let seconds = started.elapsed().as_secs_f64();
    let yes = |b: bool| if b { "yes" } else { "no" };
    for run in &runs {
        outln!(
            "table {} record {} moves {} reconnections {} moved {} finished {}",
            run.table,
            run.record_hash.as_deref().unwrap_or("none"),
            run.moves,
            run.reconnections,
            yes(run.moved),
            yes(run.finished)
        );
    }
    let finished = runs.iter().filter(|r| r.finished).count();
    let moved: Vec<_> = runs.iter().filter(|r| r.moved).collect();
    outln!(
        "{} tables via {}: {finished} finished, {} moves, {} reconnections; {} tables moved relay ({} reconnections there); {seconds:.1} s",
        runs.len(),
        match &plan.route {
            Route::Direct(_) => "direct".to_string(),
            Route::Relay(relay) => format!("relay {relay}"),
        },
        runs.iter().map(|r| r.moves).sum::<usize>(),
        runs.iter().map(|r| r.reconnections).sum::<usize>(),
        moved.len(),
        moved.iter().map(|r| r.reconnections).sum::<usize>(),
    );
    if finished < runs.len() {
        return Err(format!("{} tables did not finish", runs.len() - finished));
    }
    Ok(())
}
