//! The arena: two levels play duplicate deals, and the report says who is stronger and how fast.
//!
//! Every deal (a "pair", or deal set) is played once per seat rotation: with `n` players, `n` games in
//! which the seats of level A move round the table (two players: the seats swapped; partnerships: A
//! takes one team, B the other; otherwise A plays one seat against `n - 1` B players). Luck of the deal
//! cancels within a set, so the 95% confidence interval of the mean point difference is computed over
//! sets. Games are spread over threads by set index; the result does not depend on the thread count
//! (with a deterministic [`Budget`]). Decision times are measured around each player's choice.
//! Either side may be one of our levels, a named configuration of Hard's search ([`NamedHard`]), a
//! public AI re-implemented for comparison ([`crate::public`]), or an external program speaking the bot protocol
//! (`cmd:...`, [`program`]): one process per game stream (a thread's seat), fed the games in order. A
//! program that fails (cannot start, exits, hangs past the per-decision timeout, answers an error or
//! an illegal action) stops the run with an [`ArenaError`] naming the game. Deliberately absent:
//! matches of several hands (the arena plays single hands).

mod paired;
mod program;

pub use paired::{Paired, Pooled, SetsError, SetsRecord, pool, pool_paired};

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

use briscola::ai::{AgentConfig, Budget, Level, agent_with};
use briscola::{
    Action, Deal, Game, HandOutcome, Observation, OptionId, OptionValue, Phase, Preset, Rng,
    Ruleset, Seat,
};
use program::Program;

use crate::Player;
use crate::named::NamedHard;
use crate::public::PublicAi;
use crate::stats::{Timing, mean_ci95};

/// The prefix of an external program's contender id: `cmd:python3 bot.py`.
pub const COMMAND_PREFIX: &str = "cmd:";

/// A player the arena can seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Contender {
    /// One of our levels.
    Level(Level),
    /// A named configuration of Hard's search.
    Named(NamedHard),
    /// A public Briscola AI.
    Public(PublicAi),
    /// An external program speaking the bot protocol: the whole id, `cmd:` and the command.
    Command(String),
}

impl Contender {
    /// The id on the command line: `easy`, `medium`, `hard`, a named configuration's id
    /// ([`NamedHard::id`]), a public AI's id ([`PublicAi::id`]), or `cmd:` followed by a command.
    pub fn id(&self) -> &str {
        match self {
            Contender::Level(level) => level.id(),
            Contender::Named(named) => named.id(),
            Contender::Public(ai) => ai.id(),
            Contender::Command(id) => id,
        }
    }

    /// A fresh seeded player (Hard's searches with `budget`), or `None` for an external program,
    /// which runs as a process instead.
    pub fn player(&self, seed: u64, budget: Budget) -> Option<Box<dyn Player>> {
        match self {
            Contender::Level(level) => Some(Box::new(agent_with(AgentConfig {
                budget,
                ..AgentConfig::new(*level, seed)
            }))),
            Contender::Named(named) => Some(named.player(seed, budget)),
            Contender::Public(ai) => Some(ai.player(seed)),
            Contender::Command(_) => None,
        }
    }

    /// The player of one seat for one game: a fresh player, or this thread's process for the seat
    /// (started on first use).
    fn seated<'p>(
        &self,
        seed: u64,
        budget: Budget,
        program: &'p mut Option<Program>,
        timeout: Duration,
    ) -> Result<Seated<'p>, String> {
        if let Some(player) = self.player(seed, budget) {
            return Ok(Seated::InProcess(player));
        }
        let command = self.id().strip_prefix(COMMAND_PREFIX).unwrap_or(self.id());
        let program = match program {
            Some(program) => program,
            None => program.insert(Program::spawn(command, timeout)?),
        };
        Ok(Seated::Program(program))
    }
}

/// One seat's player in one game.
enum Seated<'p> {
    InProcess(Box<dyn Player>),
    Program(&'p mut Program),
}

impl Seated<'_> {
    fn choose(&mut self, obs: &Observation) -> Result<Action, String> {
        match self {
            Seated::InProcess(player) => Ok(player.choose(obs)),
            Seated::Program(program) => program.choose(obs),
        }
    }
}

impl From<Level> for Contender {
    fn from(level: Level) -> Contender {
        Contender::Level(level)
    }
}

impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl Serialize for Contender {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl FromStr for Contender {
    type Err = String;
    fn from_str(s: &str) -> Result<Contender, String> {
        if let Ok(level) = s.parse::<Level>() {
            return Ok(Contender::Level(level));
        }
        if let Ok(named) = s.parse::<NamedHard>() {
            return Ok(Contender::Named(named));
        }
        if let Some(command) = s.strip_prefix(COMMAND_PREFIX) {
            if command.trim().is_empty() {
                return Err(format!("`{s}`: give the command after `{COMMAND_PREFIX}`"));
            }
            return Ok(Contender::Command(s.to_string()));
        }
        s.parse::<PublicAi>().map(Contender::Public).map_err(|_| {
            format!(
                "unknown player `{s}`: choose easy, medium, hard, hard-heuristic-late, hard-heuristic, \
                 hard-net-fixed, hard-net-race, hard-recent-plays, hard-heuristic-auction, \
                 hard-team-outcome, hard-team-heuristic, deep-briscola, greedy, \
                 brimarl-heuristic, ismcts, or cmd:COMMAND (a program speaking the bot protocol)"
            )
        })
    }
}

/// What to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaConfig {
    /// Player A (the one the statistics are about).
    pub a: Contender,
    /// Player B.
    pub b: Contender,
    /// The rules.
    pub rules: Ruleset,
    /// Deal sets to play (each is played once per seat rotation).
    pub pairs: usize,
    /// Seeds the deals and the agents.
    pub seed: u64,
    /// Worker threads (at least one).
    pub threads: usize,
    /// The budget of Hard agents.
    pub budget: Budget,
    /// How long an external program may take to answer one request (its start-up included, on its
    /// first request).
    pub timeout: Duration,
}

impl ArenaConfig {
    /// `a` against `b` under `rules`: 1,000 deal sets, seed 1, one thread, the default budget, 30 s
    /// for an external program's answer.
    pub fn new(a: impl Into<Contender>, b: impl Into<Contender>, rules: Ruleset) -> ArenaConfig {
        ArenaConfig {
            a: a.into(),
            b: b.into(),
            rules,
            pairs: 1_000,
            seed: 1,
            threads: 1,
            budget: Budget::default(),
            timeout: Duration::from_secs(30),
        }
    }
}

/// Reads a ruleset id: a preset id with an optional player count, `briscola-2p`, `brisca-4p`,
/// `chiamata` (the preset's default count), then any options changed from the preset's defaults,
/// each after a `+`: `brisca-4p+senas` (an on/off option turned on), `brisca-4p+interception=50`.
pub fn ruleset_from_id(id: &str) -> Result<Ruleset, String> {
    let mut parts = id.split('+');
    let base = parts.next().unwrap_or_default();
    let (name, players) = match base.rsplit_once('-') {
        Some((name, count)) if count.ends_with('p') => {
            let n = count
                .trim_end_matches('p')
                .parse::<u8>()
                .map_err(|_| format!("`{id}`: the player count must look like `2p`"))?;
            (name, Some(n))
        }
        _ => (base, None),
    };
    let preset: Preset = name.parse().map_err(|e| format!("{e}"))?;
    let players = players.unwrap_or(preset.player_counts()[0]);
    let mut rules = Ruleset::preset(preset, players).map_err(|e| e.to_string())?;
    for option in parts {
        let (name, value) = option.split_once('=').unwrap_or((option, "on"));
        let id: OptionId = name.parse().map_err(|e| format!("`{option}`: {e}"))?;
        let spec = rules
            .options()
            .into_iter()
            .find(|o| o.id == id)
            .ok_or_else(|| format!("`{option}`: {} does not offer {id}", ruleset_id(&rules)))?;
        rules = rules
            .with_option(id, OptionValue::parse(&spec.kind, value))
            .map_err(|e| format!("`{option}`: {e}"))?;
    }
    Ok(rules)
}

/// The id [`ruleset_from_id`] reads back: the options that differ from the preset's defaults
/// follow, each after a `+`.
pub fn ruleset_id(rules: &Ruleset) -> String {
    let mut id = format!("{}-{}p", rules.preset.id(), rules.players);
    for o in rules.options() {
        match o.value {
            Some(value) if value != o.default => match value {
                OptionValue::Bool(true) => id.push_str(&format!("+{}", o.id)),
                other => id.push_str(&format!("+{}={other}", o.id)),
            },
            _ => {}
        }
    }
    id
}

/// What the arena measured. Its `Display` is the printed table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArenaReport {
    /// Player A.
    pub a: Contender,
    /// Player B.
    pub b: Contender,
    /// The ruleset id (`briscola-2p`).
    pub ruleset: String,
    /// The seed.
    pub seed: u64,
    /// Deal sets played.
    pub pairs: usize,
    /// Games played (sets × rotations).
    pub games: usize,
    /// Games level A's side won.
    pub wins: usize,
    /// Games it lost.
    pub losses: usize,
    /// Drawn games (void hands included).
    pub draws: usize,
    /// Void hands (all passed in chiamata, or a replayed tie), counted among the draws.
    pub voids: usize,
    /// (W + D/2) / games.
    pub score_rate: f64,
    /// The score rate of an equally strong level, where the seating makes it known.
    pub fair_share: Option<f64>,
    /// Mean card-point difference per game: A's side minus the mean of the other sides.
    pub mean_diff: f64,
    /// Half-width of the 95% confidence interval of `mean_diff`, over deal sets.
    pub ci95: f64,
    /// A's mean point difference per game in each deal set, in set order: runs with the same
    /// ruleset, seed and set count play the same deals, so they can be compared set by set
    /// ([`SetsRecord`]).
    pub set_diffs: Vec<f64>,
    /// A's score rate ((W + D/2) / games) in each deal set, in set order.
    pub set_scores: Vec<f64>,
    /// Decision times per player.
    pub timings: Vec<Timing>,
    /// Illegal actions chosen by an agent (replaced by the first legal action); always 0 unless a bug.
    pub illegal: usize,
}

/// The result of one game for level A.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    wins: usize,
    losses: usize,
    draws: usize,
    voids: usize,
    illegal: usize,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.wins += other.wins;
        self.losses += other.losses;
        self.draws += other.draws;
        self.voids += other.voids;
        self.illegal += other.illegal;
    }
}

/// What one thread brings back.
#[derive(Default)]
struct Partial {
    tally: Tally,
    /// Per deal set: its index, A's mean point difference and A's score rate.
    sets: Vec<(usize, f64, f64)>,
    /// Decision times of player A and of player B.
    nanos: [Vec<u64>; 2],
}

/// Why a run stopped: a player failed in one game (only external programs can).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("deal set {set} (seed {seed}), rotation {rotation}, seat {seat}: `{player}` {message}")]
pub struct ArenaError {
    /// The deal set.
    pub set: usize,
    /// The seat rotation within it.
    pub rotation: usize,
    /// The arena seed.
    pub seed: u64,
    /// The seat that was to move.
    pub seat: Seat,
    /// The failing player's id.
    pub player: String,
    /// What went wrong.
    pub message: String,
}

/// Plays the arena. See the module docs.
pub fn run(config: &ArenaConfig) -> Result<ArenaReport, ArenaError> {
    let threads = config.threads.max(1);
    let stop = AtomicBool::new(false);
    let results: Vec<Result<Partial, ArenaError>> = std::thread::scope(|scope| {
        let stop = &stop;
        let handles: Vec<_> = (0..threads)
            .map(|t| scope.spawn(move || play_sets(config, t, threads, stop)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let mut partials = Vec::with_capacity(results.len());
    for result in results {
        partials.push(result?);
    }
    let mut tally = Tally::default();
    let mut sets: Vec<(usize, f64, f64)> = Vec::new();
    let mut nanos: [Vec<u64>; 2] = Default::default();
    for p in partials {
        tally.add(p.tally);
        sets.extend(p.sets);
        for (all, mine) in nanos.iter_mut().zip(p.nanos) {
            all.extend(mine);
        }
    }
    sets.sort_by_key(|&(i, _, _)| i);
    let values: Vec<f64> = sets.iter().map(|&(_, d, _)| d).collect();
    let (mean_diff, ci95) = mean_ci95(&values);
    let games = tally.wins + tally.losses + tally.draws;
    let score_rate = if games == 0 {
        0.0
    } else {
        (tally.wins as f64 + tally.draws as f64 / 2.0) / games as f64
    };
    let [a_nanos, b_nanos] = nanos;
    let timings = if config.a == config.b {
        vec![Timing::from_nanos(
            config.a.id(),
            [a_nanos, b_nanos].concat(),
        )]
    } else {
        vec![
            Timing::from_nanos(config.a.id(), a_nanos),
            Timing::from_nanos(config.b.id(), b_nanos),
        ]
    };
    Ok(ArenaReport {
        a: config.a.clone(),
        b: config.b.clone(),
        ruleset: ruleset_id(&config.rules),
        seed: config.seed,
        pairs: config.pairs,
        games,
        wins: tally.wins,
        losses: tally.losses,
        draws: tally.draws,
        voids: tally.voids,
        score_rate,
        fair_share: fair_share(&config.rules),
        mean_diff,
        ci95,
        set_diffs: values,
        set_scores: sets.iter().map(|&(_, _, s)| s).collect(),
        timings,
        illegal: tally.illegal,
    })
}

fn fair_share(rules: &Ruleset) -> Option<f64> {
    if rules.preset == Preset::Chiamata {
        None
    } else if rules.players == 2 || rules.fixed_team(0).is_some() {
        Some(0.5)
    } else {
        Some(1.0 / f64::from(rules.players))
    }
}

/// Whether `seat` plays level A in rotation `k`.
fn plays_a(rules: &Ruleset, seat: Seat, k: usize) -> bool {
    let n = usize::from(rules.players);
    let rotated = ((usize::from(seat) + k) % n) as Seat;
    match rules.fixed_team(0) {
        Some(team) => rules.fixed_team(rotated) == Some(team),
        None => rotated == 0,
    }
}

/// The deal sets of worker `thread`; stops early (with an empty result) once `stop` is set by a
/// failing worker, and sets it when one of its own games fails.
fn play_sets(
    config: &ArenaConfig,
    thread: usize,
    threads: usize,
    stop: &AtomicBool,
) -> Result<Partial, ArenaError> {
    let mut partial = Partial::default();
    let n = usize::from(config.rules.players);
    // This thread's external processes, one per seat: each sees its seat's games in order.
    let mut programs: Vec<Option<Program>> = (0..n).map(|_| None).collect();
    for set in (thread..config.pairs).step_by(threads) {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let deal_seed = Rng::derive_seed(config.seed, set as u64);
        let dealer = (set % n) as Seat;
        let mut sum = 0.0;
        let mut set_tally = Tally::default();
        for k in 0..n {
            let game = GameId {
                set,
                k,
                deal_seed,
                dealer,
            };
            let (tally, diff) = play_game(config, game, &mut programs, &mut partial.nanos)
                .inspect_err(|_| stop.store(true, Ordering::Relaxed))?;
            set_tally.add(tally);
            sum += diff;
        }
        partial.tally.add(set_tally);
        let score = (set_tally.wins as f64 + set_tally.draws as f64 / 2.0) / n as f64;
        partial.sets.push((set, sum / n as f64, score));
    }
    Ok(partial)
}

/// Which game of the run: deal set, rotation, and the deal.
#[derive(Clone, Copy)]
struct GameId {
    set: usize,
    k: usize,
    deal_seed: u64,
    dealer: Seat,
}

fn play_game(
    config: &ArenaConfig,
    id: GameId,
    programs: &mut [Option<Program>],
    nanos: &mut [Vec<u64>; 2],
) -> Result<(Tally, f64), ArenaError> {
    let GameId {
        set,
        k,
        deal_seed,
        dealer,
    } = id;
    let rules = config.rules;
    let n = usize::from(rules.players);
    let mut tally = Tally::default();
    let Ok(mut game) = Game::new(rules, dealer, &Deal::Seed(deal_seed)) else {
        return Ok((tally, 0.0));
    };
    let is_a: Vec<bool> = (0..rules.players).map(|s| plays_a(&rules, s, k)).collect();
    let fail = |seat: Seat, message: String| ArenaError {
        set,
        rotation: k,
        seed: config.seed,
        seat,
        player: if is_a[usize::from(seat)] {
            &config.a
        } else {
            &config.b
        }
        .id()
        .to_string(),
        message,
    };
    let mut players = Vec::with_capacity(n);
    for (s, program) in programs.iter_mut().enumerate() {
        let stream = ((set * n + k) * 8 + s) as u64;
        let seed = Rng::derive_seed(config.seed ^ 0xA6E7, stream);
        let contender = if is_a[s] { &config.a } else { &config.b };
        let player = contender
            .seated(seed, config.budget, program, config.timeout)
            .map_err(|e| fail(s as Seat, e))?;
        players.push(player);
    }
    while game.phase() != Phase::Finished {
        let seat = game.to_move();
        let obs = game.observation(seat);
        let start = Instant::now();
        let action = players[usize::from(seat)]
            .choose(&obs)
            .map_err(|e| fail(seat, e))?;
        let elapsed = start.elapsed().as_nanos() as u64;
        nanos[usize::from(!is_a[usize::from(seat)])].push(elapsed);
        if game.apply(action).is_err() {
            tally.illegal += 1;
            let Some(&action) = game.legal_actions().as_slice().first() else {
                break;
            };
            if game.apply(action).is_err() {
                break;
            }
        }
    }
    let Some(result) = game.result() else {
        return Ok((tally, 0.0));
    };
    let a_seat = (0..rules.players)
        .find(|&s| plays_a(&rules, s, k))
        .unwrap_or(0);
    let a_side = result.side_of(a_seat).unwrap_or(0);
    match result.outcome {
        HandOutcome::Won { side } if usize::from(side) == a_side => tally.wins += 1,
        HandOutcome::Won { .. } => tally.losses += 1,
        HandOutcome::Drawn => tally.draws += 1,
        HandOutcome::Void => {
            tally.draws += 1;
            tally.voids += 1;
        }
    }
    let mine = f64::from(result.side_points.get(a_side).copied().unwrap_or(0));
    let others: Vec<f64> = result
        .side_points
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != a_side)
        .map(|(_, &p)| f64::from(p))
        .collect();
    let diff = if others.is_empty() {
        0.0
    } else {
        mine - others.iter().sum::<f64>() / others.len() as f64
    };
    Ok((tally, diff))
}

impl fmt::Display for ArenaReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} (A) vs {} (B), {}, seed {}: {} deal sets, {} games",
            self.a, self.b, self.ruleset, self.seed, self.pairs, self.games
        )?;
        let fair = self
            .fair_share
            .map_or(String::new(), |x| format!(" (equal strength: {x:.3})"));
        writeln!(
            f,
            "A: W {}  L {}  D {}{}  score rate {:.3}{}",
            self.wins,
            self.losses,
            self.draws,
            if self.voids > 0 {
                format!(" ({} void)", self.voids)
            } else {
                String::new()
            },
            self.score_rate,
            fair
        )?;
        writeln!(
            f,
            "mean point difference A - B per game: {:+.2} ± {:.2} (95% CI over deal sets)",
            self.mean_diff, self.ci95
        )?;
        let width = self
            .timings
            .iter()
            .map(|t| t.player.chars().count())
            .fold(17, usize::max);
        writeln!(
            f,
            "{:<width$} {:>10} {:>12} {:>12} {:>12} {:>12}",
            "player", "decisions", "median µs", "p95 µs", "p99 µs", "max µs"
        )?;
        for t in &self.timings {
            writeln!(
                f,
                "{:<width$} {:>10} {:>12.1} {:>12.1} {:>12.1} {:>12.1}",
                t.player, t.decisions, t.median_us, t.p95_us, t.p99_us, t.max_us
            )?;
        }
        if self.illegal > 0 {
            writeln!(f, "ILLEGAL ACTIONS: {}", self.illegal)?;
        }
        Ok(())
    }
}
