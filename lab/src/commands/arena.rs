//! `briscola-lab arena`: two players over duplicate deals (see `briscola_lab::arena`), printing the
//! table of results and decision times; and `briscola-lab pool`, which joins runs saved with
//! `--sets`.

use std::path::PathBuf;
use std::time::Duration;

use briscola_cli::{BudgetArgs, outln};
use clap::Args;

use briscola_lab::arena::{self, ArenaConfig, Contender, SetsRecord};

/// Options of `briscola-lab arena`.
#[derive(Debug, Args)]
pub struct ArenaArgs {
    /// Player A, whose results the table reports: a level (easy, medium, hard); a named
    /// configuration of Hard's search: hard-heuristic-late (heuristic playouts, exact search once
    /// the stock is empty), hard-heuristic (heuristic playouts, exact from two stock cards),
    /// hard-net-fixed (network playouts, a fixed number of worlds), hard-net-race (network
    /// playouts, cards raced over the worlds, the hand's outcome worth 120 card points),
    /// hard-recent-plays (as hard-net-race with the outcome worth 30, worlds weighed by the other
    /// seat's recent plays), hard-heuristic-auction (today's Hard with the shared heuristic's
    /// chiamata auction and call); a public AI (deep-briscola, greedy, brimarl-heuristic, ismcts); or
    /// `cmd:COMMAND`, a program speaking the bot protocol (docs/bot-protocol.md), one process per
    /// thread and seat.
    #[arg(long)]
    a: Contender,
    /// Player B, as A.
    #[arg(long)]
    b: Contender,
    /// Ruleset id: a preset with a player count, e.g. `briscola-2p`, `brisca-4p`, `chiamata-5p`, and
    /// options changed from its defaults after `+`: `brisca-4p+senas`, `brisca-4p+senas+interception=50`.
    #[arg(long, default_value = "briscola-2p")]
    ruleset: String,
    /// Deal sets; each is played once per seat rotation (twice with two players).
    #[arg(long, default_value_t = 1000)]
    pairs: usize,
    /// Seed of the deals and the agents.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads, 1 to 256.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Seconds an external (`cmd:`) player may take to answer one request, start-up included.
    #[arg(long, default_value_t = 30.0)]
    timeout: f64,
    /// Write each deal set's point difference to this new file (an existing file is not replaced),
    /// for a later `--paired-with`.
    #[arg(long, value_name = "FILE")]
    sets: Option<PathBuf>,
    /// Compare with a run saved by `--sets` on the same deals (same ruleset, seed and pairs), set
    /// by set: this run's difference minus the saved one's, with its 95% interval.
    #[arg(long, value_name = "FILE")]
    paired_with: Option<PathBuf>,
    #[command(flatten)]
    budget: BudgetArgs,
}

/// The most worker threads `arena` starts.
pub const MAX_THREADS: usize = 256;

/// Runs the arena and prints its report.
pub fn run(args: &ArenaArgs) -> Result<(), String> {
    let rules = arena::ruleset_from_id(&args.ruleset)?;
    if args.pairs == 0 || args.threads == 0 {
        return Err("--pairs and --threads must be at least 1".to_string());
    }
    if args.threads > MAX_THREADS {
        return Err(format!(
            "--threads {}: at most {MAX_THREADS} worker threads",
            args.threads
        ));
    }
    let timeout = Duration::try_from_secs_f64(args.timeout)
        .ok()
        .filter(|t| !t.is_zero())
        .ok_or_else(|| {
            format!(
                "--timeout {}: give a positive number of seconds",
                args.timeout
            )
        })?;
    // Both files are checked before a long run, not after it.
    if let Some(path) = &args.sets {
        check_new_file(path).map_err(|e| format!("--sets {}: {e}", path.display()))?;
    }
    let base = match &args.paired_with {
        Some(path) => {
            let text = read_text(path).map_err(|e| format!("--paired-with {e}"))?;
            let record = SetsRecord::parse(&text)
                .and_then(|r| {
                    r.check_deals(&arena::ruleset_id(&rules), args.seed, args.pairs)?;
                    Ok(r)
                })
                .map_err(|e| format!("--paired-with {}: {e}", path.display()))?;
            Some(record)
        }
        None => None,
    };
    let mut config = ArenaConfig::new(args.a.clone(), args.b.clone(), rules);
    config.pairs = args.pairs;
    config.seed = args.seed;
    config.threads = args.threads;
    config.budget = args.budget.budget();
    config.timeout = timeout;
    let report = arena::run(&config).map_err(|e| format!("arena stopped: {e}"))?;
    outln!("{report}");
    let record = SetsRecord::from_report(&report);
    if let Some(base) = base {
        let paired = base.compare(&record).map_err(|e| e.to_string())?;
        outln!("{paired}");
    }
    if let Some(path) = &args.sets {
        // `create_new`: a file that appeared during the run is not replaced either.
        let written = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .and_then(|mut f| std::io::Write::write_all(&mut f, record.to_text().as_bytes()));
        written.map_err(|e| format!("--sets {}: {e}", path.display()))?;
    }
    Ok(())
}

/// Reads the runs' `--sets` files and prints their pooled result, and its set-by-set comparison with
/// the saved runs `paired_with` when there are any.
pub fn pool(files: &[PathBuf], paired_with: &[PathBuf]) -> Result<(), String> {
    let read = |paths: &[PathBuf]| -> Result<Vec<SetsRecord>, String> {
        paths
            .iter()
            .map(|path: &PathBuf| {
                let text = read_text(path)?;
                SetsRecord::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
            })
            .collect()
    };
    let (records, base) = (read(files)?, read(paired_with)?);
    let pooled = arena::pool(&records).map_err(|e| e.to_string())?;
    let paired = if base.is_empty() {
        None
    } else {
        Some(arena::pool_paired(&records, &base).map_err(|e| e.to_string())?)
    };
    outln!("{pooled}");
    if let Some(paired) = paired {
        outln!("{paired}");
    }
    Ok(())
}

/// A `--sets` or `--paired-with` file's text: a regular file, size-capped (see `input`).
fn read_text(path: &std::path::Path) -> Result<String, String> {
    let bytes = briscola_store::input::read_bytes(path).map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text", path.display()))
}

/// Refuses an output file that exists, or whose folder does not.
fn check_new_file(path: &std::path::Path) -> Result<(), String> {
    if path.symlink_metadata().is_ok() {
        return Err("the file exists; give a new file name".into());
    }
    let folder = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => std::path::Path::new("."),
    };
    if !folder.is_dir() {
        return Err(format!("no folder {}", folder.display()));
    }
    Ok(())
}
