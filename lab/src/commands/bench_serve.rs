//! `briscola-lab bench-serve`: a table server holding N 4-player tables, in a child process of its own
//! (this binary again, with the hidden `--host-tables`), and 4N simulated people playing on them over
//! loopback (see `briscola_lab::serve_load`). Prints the latency from a move to each player's update and
//! to all four players' (median, 99th percentile, maximum), the server's resident memory before the
//! tables, with them idle, and at its peak (`VmHWM`), the memory per table, and the server's CPU time.

use std::io::{BufRead, BufReader, Write};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::Duration;

use briscola::{Preset, Ruleset};
use briscola_lab::serve_load::{self, TableSeat};
use briscola_table::TableSettings;
use briscola_table::server::{self, ServerConfig};
use clap::Args;

use briscola_cli::outln;

/// Options of `briscola-lab bench-serve`.
#[derive(Debug, Args)]
pub struct BenchServeArgs {
    /// Tables, each with four simulated people.
    #[arg(long, default_value_t = 500)]
    tables: usize,
    /// Milliseconds each person waits before a move.
    #[arg(long, default_value_t = 100)]
    think_ms: u64,
    /// Seed of the people's random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Run as the server process: hold this many tables and answer on standard input.
    #[arg(long, hide = true)]
    host_tables: Option<usize>,
}

/// Runs the bench (or, with `--host-tables`, its server).
pub fn run(args: &BenchServeArgs) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start: {e}"))?;
    match args.host_tables {
        Some(tables) => runtime.block_on(host(tables)),
        None => measure(args, &runtime),
    }
}

/// The server process: prints its address, its memory, then one `table CODE TOKEN` line per table,
/// its memory again and `ready`; prints its memory at each line read, and ends with its input.
async fn host(tables: usize) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(|e| e.to_string())?;
    let config = ServerConfig {
        max_tables: tables,
        max_connections: tables * 4 + 64,
        ..ServerConfig::default()
    };
    let server = server::start(listener, config).await;
    let memory = || {
        let (peak, now) = serve_load::memory_kib();
        format!("memory {peak} {now} {:.2}", serve_load::cpu_seconds())
    };
    outln!("address {}", server.local_addr);
    outln!("{}", memory());
    let rules = Ruleset::preset(Preset::Briscola, 4).map_err(|e| e.to_string())?;
    for _ in 0..tables {
        let table = server
            .create(TableSettings::new(rules), "p0")
            .map_err(|e| e.to_string())?;
        outln!("table {} {}", table.code, table.host_token);
    }
    outln!("{}", memory());
    outln!("ready");
    let lines = tokio::task::spawn_blocking(move || {
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            if line.is_err() {
                return;
            }
            outln!("{}", memory());
        }
    });
    let _ = lines.await;
    server.stop();
    Ok(())
}

/// `memory PEAK NOW CPU` read back: KiB, KiB, seconds.
fn parse_memory(line: &str) -> Result<(u64, u64, f64), String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let ["memory", peak, now, cpu] = words[..] else {
        return Err(format!("the server said `{line}`"));
    };
    let number = |n: &str| n.parse::<u64>().map_err(|e| e.to_string());
    let cpu = cpu.parse::<f64>().map_err(|e| e.to_string())?;
    Ok((number(peak)?, number(now)?, cpu))
}

fn measure(args: &BenchServeArgs, runtime: &tokio::runtime::Runtime) -> Result<(), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut child = Command::new(exe)
        .args(["bench-serve", "--host-tables", &args.tables.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    let (Some(mut input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
        return Err("the server has no pipes".into());
    };
    let mut lines = BufReader::new(output).lines();
    let mut next = || -> Result<String, String> {
        lines
            .next()
            .ok_or("the server ended")?
            .map_err(|e| e.to_string())
    };
    let address: SocketAddr = next()?
        .strip_prefix("address ")
        .ok_or("no address")?
        .parse()
        .map_err(|e| format!("{e}"))?;
    let (_, before, _) = parse_memory(&next()?)?;
    let mut tables = Vec::new();
    loop {
        let line = next()?;
        let mut words = line.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (Some("table"), Some(code), Some(token)) => tables.push(TableSeat {
                code: code.into(),
                host_token: token.into(),
            }),
            _ => {
                let (_, idle, cpu_before) = parse_memory(&line)?;
                if next()? != "ready" {
                    return Err("the server is not ready".into());
                }
                let think = Duration::from_millis(args.think_ms);
                let clients_cpu = serve_load::cpu_seconds();
                let report = runtime.block_on(serve_load::run(address, &tables, think, args.seed));
                let clients_cpu = serve_load::cpu_seconds() - clients_cpu;
                writeln!(input, "report").map_err(|e| e.to_string())?;
                let (peak, after, cpu_after) = parse_memory(&next()?)?;
                let server_cpu = cpu_after - cpu_before;
                drop(input);
                let _ = child.wait();
                let per_table =
                    |kib: u64| kib.saturating_sub(before) as f64 / tables.len().max(1) as f64;
                if args.json {
                    let json = serde_json::json!({
                        "report": report,
                        "server_kib": {"before_tables": before, "idle_tables": idle, "peak": peak, "after": after},
                        "kib_per_table": {"idle": per_table(idle), "peak": per_table(peak)},
                        "think_ms": args.think_ms,
                        "server_cpu_seconds": server_cpu,
                        "clients_cpu_seconds": clients_cpu,
                    });
                    outln!("{json}");
                } else {
                    outln!(
                        "{} tables of 4 players, {} clients (connected in {:.1} s), think {} ms: {} matches over, {} moves, {} refused, {:.1} s of play",
                        report.tables,
                        report.clients,
                        report.connect_seconds,
                        args.think_ms,
                        report.matches_over,
                        report.moves,
                        report.refused,
                        report.seconds
                    );
                    outln!(
                        "move to one player's update: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                        report.each_ms[0],
                        report.each_ms[1],
                        report.each_ms[2]
                    );
                    outln!(
                        "move to all four players' updates: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                        report.all_ms[0],
                        report.all_ms[1],
                        report.all_ms[2]
                    );
                    outln!(
                        "server memory: {before} KiB before the tables, {idle} KiB with them idle, peak {peak} KiB (VmHWM); per table {:.0} KiB idle, {:.0} KiB at peak",
                        per_table(idle),
                        per_table(peak)
                    );
                    let wall = report.connect_seconds + report.seconds;
                    outln!(
                        "CPU over the {wall:.1} s of connecting and play: server {server_cpu:.1} s ({:.0}% of one core), clients {clients_cpu:.1} s ({:.0}%)",
                        100.0 * server_cpu / wall.max(1e-9),
                        100.0 * clients_cpu / wall.max(1e-9)
                    );
                }
                return Ok(());
            }
        }
    }
}
