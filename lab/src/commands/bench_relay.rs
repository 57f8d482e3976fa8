//! `briscola-lab bench-relay`: synthetic tables of four (a host and four guests) paired through a
//! relay — the `briscola-relay` binary, started as a child process so that its memory is its own —
//! then the same tables paired directly (the hosts listening themselves, in a child process of
//! their own — this same binary with `--direct-hosts` — so that neither process holds more than
//! its open-file limit), both playing synthetic moves at the same rate (see
//! `briscola_lab::relay_load`). Prints the delivery time of the hosts' frames and of the guests'
//! answers (median, 99th percentile, maximum) each way, what the relay adds, and the relay's
//! resident memory before the tables, with them paired, and at its peak (`VmHWM`), per paired
//! connection (a guest's; its host's control connection, shared by four, is counted in), and its
//! CPU time.
//!
//! Deliberately absent: TLS (a proxy in front of a relay terminates it) and the table's protocol.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

use briscola_lab::relay_load::{self, Load, PhaseReport};
use briscola_relay::RelayAddress;
use clap::Args;

use briscola_cli::outln;

/// Options of `briscola-lab bench-relay`.
#[derive(Debug, Args)]
pub struct BenchRelayArgs {
    /// Tables, each a host and four guests.
    #[arg(long, default_value_t = 2_500)]
    tables: usize,
    /// Moves per second over all tables (a move: the host's frame to its four guests, one answer).
    #[arg(long, default_value_t = 4_000.0)]
    moves_per_second: f64,
    /// Seconds of play in each phase.
    #[arg(long, default_value_t = 30.0)]
    seconds: f64,
    /// The relay binary (default: `briscola-relay` beside this one).
    #[arg(long, value_name = "PATH")]
    relay_bin: Option<PathBuf>,
    /// Run as the direct phase's hosts (the bench starts itself so).
    #[arg(long, hide = true)]
    direct_hosts: bool,
}

/// Open files this bench asks for (as many as allowed: each process holds over 12,000 sockets).
const FILES: u64 = 65_536;

/// Raises the open-file limits (the hard one too, where allowed) for this process and its child.
fn raise_files() -> Option<u64> {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let wanted = Rlimit {
        current: Some(FILES),
        maximum: Some(FILES),
    };
    if setrlimit(Resource::Nofile, wanted).is_err() {
        let limit = getrlimit(Resource::Nofile);
        let raised = Rlimit {
            current: limit.maximum,
            maximum: limit.maximum,
        };
        let _ = setrlimit(Resource::Nofile, raised);
    }
    getrlimit(Resource::Nofile).current
}

/// A process's resident memory now and at its peak, in KiB, and its CPU seconds.
fn usage(pid: u32) -> (u64, u64, f64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(Vec::new(), |(_, rest)| rest.split_whitespace().collect());
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|t| t.parse::<u64>().ok())
            .unwrap_or(0)
    };
    let cpu = (ticks(11) + ticks(12)) as f64 / 100.0;
    (field("VmRSS:"), field("VmHWM:"), cpu)
}

/// Starts the relay: the child and its address.
fn spawn_relay(args: &BenchRelayArgs) -> Result<(Child, RelayAddress), String> {
    let binary = match &args.relay_bin {
        Some(path) => path.clone(),
        None => std::env::current_exe()
            .map_err(|e| e.to_string())?
            .with_file_name("briscola-relay"),
    };
    let connections = (args.tables * 5 + 1_024).to_string();
    let mut child = Command::new(&binary)
        .args([
            "--listen",
            "127.0.0.1:0",
            "--quiet",
            "--max-connections",
            &connections,
        ])
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| {
            format!(
                "cannot start {}: {e} (cargo build --release -p briscola-relay)",
                binary.display()
            )
        })?;
    let output = child.stdout.take().ok_or("the relay has no output")?;
    let mut line = String::new();
    BufReader::new(output)
        .read_line(&mut line)
        .map_err(|e| e.to_string())?;
    let address = line
        .trim()
        .strip_prefix("listening on ")
        .ok_or_else(|| format!("the relay said {line:?}"))?;
    let address = RelayAddress::parse(address).map_err(|e| e.to_string())?;
    Ok((child, address))
}

fn print_phase(name: &str, phase: &PhaseReport) {
    let ms = |m: [f64; 3]| format!("p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms", m[0], m[1], m[2]);
    outln!(
        "{name}: {} tables connected in {:.1} s; {} moves, {} frames to guests ({}), {} answers ({})",
        phase.tables,
        phase.connect_seconds,
        phase.moves,
        phase.deliveries,
        ms(phase.delivery_ms),
        phase.answers,
        ms(phase.answer_ms)
    );
}

/// Reads a child's `listening on <address>` line.
fn listening(child: &mut Child) -> Result<(String, BufReader<std::process::ChildStdout>), String> {
    let output = child.stdout.take().ok_or("the child has no output")?;
    let mut output = BufReader::new(output);
    let mut line = String::new();
    output.read_line(&mut line).map_err(|e| e.to_string())?;
    let address = line
        .trim()
        .strip_prefix("listening on ")
        .ok_or_else(|| format!("the child said {line:?}"))?
        .to_owned();
    Ok((address, output))
}

/// The direct phase's hosts (`--direct-hosts`): listens, says where, plays once told when.
fn direct_hosts(load: Load) -> Result<(), String> {
    raise_files();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start: {e}"))?;
    let hosted = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .map_err(|e| e.to_string())?;
        let at = listener.local_addr().map_err(|e| e.to_string())?;
        outln!("listening on {at}");
        let start = async {
            let line = tokio::task::spawn_blocking(|| {
                let mut line = String::new();
                std::io::stdin().lock().read_line(&mut line).ok()?;
                Some(line)
            })
            .await
            .ok()??;
            line.trim().strip_prefix("start ")?.parse().ok()
        };
        Ok::<_, String>(relay_load::serve_direct(listener, load, start).await)
    })?;
    outln!("{}", relay_load::hosted_line(&hosted));
    Ok(())
}

/// The direct phase: the hosts in a child process, the guests here.
fn direct_phase(
    runtime: &tokio::runtime::Runtime,
    args: &BenchRelayArgs,
    load: Load,
) -> Result<PhaseReport, String> {
    let binary = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut child = Command::new(binary)
        .args([
            "bench-relay",
            "--direct-hosts",
            "--tables",
            &args.tables.to_string(),
            "--moves-per-second",
            &args.moves_per_second.to_string(),
            "--seconds",
            &args.seconds.to_string(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the direct hosts: {e}"))?;
    let (address, mut output) = listening(&mut child)?;
    let address: std::net::SocketAddr = address.parse().map_err(|_| "a bad address")?;
    let mut input = child.stdin.take().ok_or("the direct hosts take no input")?;
    let report = runtime.block_on(relay_load::run_direct_guests(
        address,
        load,
        |begin| {
            let _ = writeln!(input, "start {begin}");
        },
        || {
            let mut line = String::new();
            let _ = output.read_line(&mut line);
            relay_load::read_hosted(&line).unwrap_or_default()
        },
    ));
    let _ = child.wait();
    Ok(report)
}

/// Runs the bench.
pub fn run(args: &BenchRelayArgs) -> Result<(), String> {
    let positive = |x: f64| x.is_finite() && x > 0.0;
    if args.tables == 0 || !positive(args.moves_per_second) || !positive(args.seconds) {
        return Err("--tables, --moves-per-second and --seconds must be positive".into());
    }
    let load = Load {
        tables: args.tables,
        moves_per_second: args.moves_per_second,
        seconds: args.seconds,
        move_bytes: 400,
        answer_bytes: 100,
    };
    if args.direct_hosts {
        return direct_hosts(load);
    }
    let files = raise_files();
    // Each table holds five sockets in this process (the host's control connection, four
    // guests) and five in the relay; directly, four in each process.
    let needed = (args.tables as u64).saturating_mul(5).saturating_add(128);
    if let Some(limit) = files.filter(|limit| needed > *limit) {
        return Err(format!(
            "{} tables need {} open files in this process and in the relay; the limit is {limit} \
             (the hard limit cannot be raised here): run fewer --tables",
            args.tables, needed
        ));
    }
    let (mut child, address) = spawn_relay(args)?;
    let pid = child.id();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start: {e}"))?;
    let (before, _, _) = usage(pid);
    let mut paired = (0, 0.0);
    let relayed = runtime.block_on(relay_load::run_relayed(address, load, |_| {
        let (rss, _, cpu) = usage(pid);
        paired = (rss, cpu);
    }));
    let (_, peak, cpu) = usage(pid);
    let _ = child.kill();
    let _ = child.wait();
    let direct = direct_phase(&runtime, args, load)?;

    outln!(
        "{} tables of four at {} moves/s for {} s (open-file limit {})",
        args.tables,
        args.moves_per_second,
        args.seconds,
        files.map_or("none".into(), |f| f.to_string())
    );
    print_phase("relayed", &relayed);
    print_phase("direct", &direct);
    outln!(
        "the relay adds: p50 {:+.2} ms, p99 {:+.2} ms (host to guest); p50 {:+.2} ms, p99 {:+.2} ms (guest to host)",
        relayed.delivery_ms[0] - direct.delivery_ms[0],
        relayed.delivery_ms[1] - direct.delivery_ms[1],
        relayed.answer_ms[0] - direct.answer_ms[0],
        relayed.answer_ms[1] - direct.answer_ms[1],
    );
    let connections = relayed.tables * 4;
    let per = (paired.0.saturating_sub(before)) as f64 / connections.max(1) as f64;
    outln!(
        "relay memory: {before} KiB before, {} KiB with {connections} paired connections and {} host controls ({per:.1} KiB per paired connection), peak {peak} KiB; CPU {:.1} s pairing, {:.1} s in all",
        paired.0,
        relayed.tables,
        paired.1,
        cpu
    );
    Ok(())
}
