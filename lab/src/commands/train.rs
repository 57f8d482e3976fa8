//! `briscola-lab train`: trains Hard's playout network (`briscola::ai::net`) and writes its weights.
//!
//! Rounds of imitation: each round labels seeded self-play hands with Hard's search as the teacher
//! (round 1's playouts by the heuristics or by the `--from` network, each later round's by the
//! previous round's network; with `--race` its cards race over the worlds as Hard's do), then
//! fits a fresh network to the labels. Everything is kept under `--dir` as it is made — labelled hands
//! in chunks of [`CHUNK`], the trainer after every epoch — so a run that is stopped resumes where it
//! was; the result depends on the options, never on the thread count or on interruptions. A
//! directory made with other options is refused rather than mixed.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use briscola::ai::net::{self, Mlp};
use briscola::{Preset, Rng, Ruleset};
use briscola_cli::outln;
use briscola_lab::arena;
use briscola_lab::learn::{self, Sample, Teacher, Trainer};
use clap::Args;

/// Hands per checkpoint file.
const CHUNK: u64 = 50;

/// Options of `briscola-lab train`.
#[derive(Debug, Args)]
pub struct TrainArgs {
    /// The preset whose hands are played: `briscola-2p`, `brisca-2p`, `bisca-2p` or `briscola-4p`
    /// (each has its own network: the input has no rank order or card points, and a team game's view
    /// is not a two-player one).
    #[arg(long, default_value = "briscola-2p")]
    ruleset: String,
    /// Folder for checkpoints (labelled hands, trainer states); a rerun with the same options resumes.
    /// Default: `target/train` for two-player Briscola, `target/train-<ruleset>` for the others.
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Where the final weights are written. Default: where the app reads that preset's network
    /// (`src/ai/net/policy.bin`, `policy-brisca.bin`, `policy-bisca.bin`, `policy-briscola-4p.bin`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Seed of everything: deals, the teacher's worlds, initial weights, batch order.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Rounds of imitation (each later round's teacher plays out with the previous network).
    #[arg(long, default_value_t = 1)]
    rounds: u32,
    /// Self-play hands labelled per round.
    #[arg(long, default_value_t = 16_000)]
    hands: u64,
    /// Worlds the teacher samples per decision (with `--race`, the race's budget: from half of them
    /// to eight times as many, as Hard's search).
    #[arg(long, default_value_t = 96)]
    worlds: u32,
    /// The teacher races its cards over the worlds as Hard does (a card clearly behind stops being
    /// played out, a close choice gets more worlds) instead of playing every card out in `--worlds`.
    #[arg(long)]
    race: bool,
    /// Weights of a network (as `briscola-lab train` writes them) that plays the first round's playouts
    /// instead of the heuristics — to go on from a network already trained.
    #[arg(long)]
    from: Option<PathBuf>,
    /// Units in each of the two hidden layers.
    #[arg(long, default_value_t = 128)]
    hidden: usize,
    /// Passes over the labelled hands.
    #[arg(long, default_value_t = 6)]
    epochs: u32,
    /// Samples per Adam step.
    #[arg(long, default_value_t = 128)]
    batch: usize,
    /// Learning rate at the start (it falls linearly to a tenth by the last epoch).
    #[arg(long, default_value_t = 0.002)]
    rate: f32,
    /// Threads labelling hands (the result does not depend on it).
    #[arg(long, default_value_t = 2)]
    threads: usize,
}

impl TrainArgs {
    /// The options the result depends on, as the directory remembers them (two-player Briscola's line
    /// is the one written before other presets could be trained, so its old directories still resume).
    /// `from` is the checksum of `--from`'s weights; the options added later (`--race`, `--from`)
    /// are written only when given, so directories of earlier runs still resume.
    fn fingerprint(&self, rules: &Ruleset, from: Option<u64>) -> String {
        let ruleset = match (rules.preset, rules.players) {
            (Preset::Briscola, 2) => String::new(),
            _ => format!("ruleset={} ", arena::ruleset_id(rules)),
        };
        let race = if self.race { " race" } else { "" };
        let from = from.map(|c| format!(" from={c:016x}")).unwrap_or_default();
        format!(
            "{ruleset}seed={} hands={} worlds={} hidden={} epochs={} batch={} rate={}{race}{from}\n",
            self.seed, self.hands, self.worlds, self.hidden, self.epochs, self.batch, self.rate
        )
    }
}

/// The ruleset `--ruleset` names and where its network is kept under `src/ai/`, if a network can be
/// trained for it.
fn trained_rules(id: &str) -> Result<(Ruleset, &'static str), String> {
    let rules = arena::ruleset_from_id(id)?;
    match net::shipped_path(&rules) {
        Some(path) => Ok((rules, path)),
        None => Err(format!(
            "--ruleset {id}: networks are trained for {} only",
            net::trained_presets()
                .map(|(p, players)| format!("{}-{players}p", p.id()))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Runs every round (resuming), writes the weights and prints their checksum.
pub fn run(args: &TrainArgs) -> Result<(), String> {
    if args.hands == 0
        || args.epochs == 0
        || args.batch == 0
        || args.hidden == 0
        || args.rounds == 0
    {
        return Err("--hands, --epochs, --batch, --hidden and --rounds must be at least 1".into());
    }
    if !(args.rate.is_finite() && args.rate > 0.0) {
        return Err(format!(
            "--rate must be a positive number, not {}",
            args.rate
        ));
    }
    if args.hidden > 4096 {
        return Err(format!("--hidden {} is over 4096 units", args.hidden));
    }
    let (rules, shipped) = trained_rules(&args.ruleset)?;
    let top = match (&args.dir, rules.preset, rules.players) {
        (Some(dir), _, _) => dir.clone(),
        (None, Preset::Briscola, 2) => PathBuf::from("target/train"),
        (None, _, _) => PathBuf::from(format!("target/train-{}", arena::ruleset_id(&rules))),
    };
    let out = match &args.out {
        Some(out) => out.clone(),
        None => Path::new("src/ai").join(shipped),
    };
    let mut teacher: Option<Mlp> = None;
    let mut from = None;
    if let Some(path) = &args.from {
        let bytes = briscola_store::input::read_bytes(path).map_err(|e| format!("--from {e}"))?;
        let net = Mlp::from_bytes(&bytes).map_err(|e| format!("--from {}: {e}", path.display()))?;
        from = Some(net::checksum(&bytes));
        teacher = Some(net);
    }
    fs::create_dir_all(&top).map_err(|e| format!("{}: {e}", top.display()))?;
    let stamp = top.join("options.txt");
    let fingerprint = args.fingerprint(&rules, from);
    match fs::read_to_string(&stamp) {
        Ok(old) if old != fingerprint => {
            return Err(format!(
                "{} holds a run with other options ({}); use another --dir",
                top.display(),
                old.trim()
            ));
        }
        Ok(_) => {}
        Err(_) => write_atomic(&stamp, fingerprint.as_bytes())?,
    }
    for round in 1..=args.rounds {
        let dir = top.join(format!("round-{round}"));
        fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        label(args, &rules, round, &dir, teacher.as_ref())?;
        let (train, held) = load(args, &dir)?;
        teacher = Some(fit(args, round, &dir, &train, &held)?);
    }
    let bytes = teacher.map(|n| n.to_bytes()).unwrap_or_default();
    write_atomic(&out, &bytes)?;
    outln!(
        "wrote {} ({} bytes, checksum {:016x})",
        out.display(),
        bytes.len(),
        net::checksum(&bytes)
    );
    Ok(())
}

/// Labels every chunk of the round not yet on disk, on `args.threads` threads.
fn label(
    args: &TrainArgs,
    rules: &Ruleset,
    round: u32,
    dir: &Path,
    teacher: Option<&Mlp>,
) -> Result<(), String> {
    let chunks = args.hands.div_ceil(CHUNK);
    let started = Instant::now();
    let threads = args.threads.clamp(1, 64) as u64;
    let results: Vec<Result<u64, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut made = 0;
                    for chunk in (t..chunks).step_by(threads as usize) {
                        let path = chunk_path(dir, chunk);
                        if path.exists() {
                            continue;
                        }
                        let mut bytes = Vec::new();
                        let first = chunk * CHUNK;
                        for hand in first..(first + CHUNK).min(args.hands) {
                            let seed = Rng::derive_seed(args.seed, u64::from(round) << 40 | hand);
                            let search = Teacher {
                                worlds: args.worlds,
                                race: args.race,
                                playout_net: teacher,
                            };
                            for sample in learn::label_hand(rules, seed, search) {
                                sample.write(&mut bytes);
                            }
                        }
                        write_atomic(&path, &bytes)?;
                        made += 1;
                        if t == 0 {
                            outln!(
                                "round {round}: chunk {chunk}/{chunks} labelled ({:.0} s)",
                                started.elapsed().as_secs_f64()
                            );
                        }
                    }
                    Ok(made)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a labelling thread panicked".into()))
            })
            .collect()
    });
    let made: u64 = results.into_iter().sum::<Result<u64, String>>()?;
    outln!(
        "round {round}: {made} chunks labelled now, {chunks} in all ({:.0} s)",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn chunk_path(dir: &Path, chunk: u64) -> PathBuf {
    dir.join(format!("hands-{chunk:05}.bin"))
}

/// Every labelled sample of the round, in chunk order: those to train on, and those of every 20th
/// chunk (whole hands, leads and replies alike), held out to report the fit.
fn load(args: &TrainArgs, dir: &Path) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for chunk in 0..args.hands.div_ceil(CHUNK) {
        let path = chunk_path(dir, chunk);
        let bytes = fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let samples = if chunk % 20 == 19 {
            &mut held
        } else {
            &mut train
        };
        let mut rest = &bytes[..];
        while !rest.is_empty() {
            let (sample, after) = Sample::read(rest)
                .ok_or_else(|| format!("{}: not a file of labelled hands", path.display()))?;
            samples.push(sample);
            rest = after;
        }
    }
    Ok((train, held))
}

/// Trains the round's network (resuming from its last epoch) and returns it.
fn fit(
    args: &TrainArgs,
    round: u32,
    dir: &Path,
    train: &[Sample],
    held: &[Sample],
) -> Result<Mlp, String> {
    let train: Vec<&Sample> = train.iter().collect();
    let mut epoch = 0;
    let mut trainer = Trainer::new(Mlp::new(
        [args.hidden, args.hidden],
        Rng::derive_seed(args.seed, u64::from(round)),
    ));
    for e in (1..=args.epochs).rev() {
        if let Ok(bytes) = fs::read(dir.join(format!("epoch-{e}.bin"))) {
            trainer = Trainer::from_bytes(&bytes)
                .ok_or_else(|| format!("{}: epoch {e}: not a trainer checkpoint", dir.display()))?;
            epoch = e;
            break;
        }
    }
    let started = Instant::now();
    while epoch < args.epochs {
        let progress = epoch as f32 / args.epochs as f32;
        let rate = args.rate * (1.0 - 0.9 * progress);
        let mut order: Vec<&Sample> = train.clone();
        Rng::new(Rng::derive_seed(
            args.seed,
            1_000 * u64::from(round) + u64::from(epoch),
        ))
        .shuffle(&mut order);
        let mut loss = 0.0;
        let mut steps = 0;
        for batch in order.chunks(args.batch) {
            loss += trainer.step(batch, rate);
            steps += 1;
        }
        epoch += 1;
        write_atomic(&dir.join(format!("epoch-{epoch}.bin")), &trainer.to_bytes())?;
        let check = learn::fit(&trainer.net, held);
        outln!(
            "round {round} epoch {epoch}: train loss {:.4}, held-out loss {:.4}, agrees with the teacher's top card {:.1}% ({} samples, {:.0} s)",
            loss / steps.max(1) as f32,
            check.loss,
            100.0 * check.agreement,
            train.len(),
            started.elapsed().as_secs_f64()
        );
    }
    Ok(trainer.net)
}

/// Writes a file whole or not at all: a new temporary file `.<name>.tmp-<pid>-<n>` beside it
/// (never an existing file), renamed over it, and removed again if any step fails.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .ok_or_else(|| format!("{}: not a file name", path.display()))?;
    let tmp = path.with_file_name(format!(
        ".{}.tmp-{}-{}",
        name.to_string_lossy(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let result = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()))
        .and_then(|()| fs::rename(&tmp, path));
    if result.is_err() {
        // Best effort: the bytes are still in memory; a half-written temporary file is not kept.
        let _ = fs::remove_file(&tmp);
    }
    result.map_err(|e| format!("{}: {e}", path.display()))
}
