//! `briscola play`: one hand in the terminal, you at the first seat against the AI level of your choice, with
//! `?` for your options and `hint` for a suggestion: the match review's evaluation of your decision,
//! as the app's hint is, so `briscola review` of the hand's record rates a hint taken as best.
//! With señas, `?` offers them and every seña your seat sees is shown as it is made (yours, a
//! partner's, one you caught). Everything shown to you comes from your seat's `Observation`.

use briscola::ai::{self, Budget, HintRequest, Level};
use briscola::{Action, Deal, Game, Observation, Phase, Record, Rng, Stakes};
use clap::Args;

use crate::out;
use crate::outln;
use crate::setup::RulesArgs;

/// Options of `briscola play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Seed of the deal (and of the opponents' choices).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The opponents' AI level.
    #[arg(long, default_value = "medium")]
    level: Level,
    /// Write the hand's record (JSON, for `briscola replay`) to this file when the hand ends.
    #[arg(long)]
    record: Option<std::path::PathBuf>,
}

/// Plays one hand, reading your moves from standard input.
pub fn run(args: &PlayArgs) -> Result<(), String> {
    let rules = args.rules.ruleset()?;
    let (preset, players) = (rules.preset, rules.players);
    let mut game =
        Game::new(rules, players - 1, &Deal::Seed(args.seed)).map_err(|e| e.to_string())?;
    let mut actions = Vec::new();
    let mut senas_shown = 0;
    let mut opponents: Vec<_> = (0..players)
        .map(|s| ai::agent(args.level, Rng::derive_seed(args.seed, u64::from(s))))
        .collect();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    outln!(
        "{} for {players}: you are seat 1. Type a card (e.g. Ad), `?` for your options, `hint` for advice, `quit` to stop.",
        preset.summary()
    );
    while game.phase() != Phase::Finished {
        let seat = game.to_move();
        let obs = game.observation(seat);
        let action = if seat == 0 {
            show(&obs);
            loop {
                out::prompt("> ");
                // Bounded: a line over `input::MAX_LINE_BYTES` stops the game, unread.
                let Some(line) = briscola_store::input::read_line(&mut input)? else {
                    return Err("input ended".to_string());
                };
                match line.trim() {
                    "quit" => return Ok(()),
                    "?" | "help" => outln!(
                        "  {}",
                        crate::seat_text::your_turn(&obs.legal_actions, &obs.legal_senas, None)
                    ),
                    "hint" => {
                        let worlds = Budget::default().worlds;
                        let request =
                            HintRequest::of_view(obs.clone(), 0, Stakes::SINGLE_HAND, worlds);
                        let advice = request.decide();
                        outln!("  hint: {} — {}", advice.action, advice.hint);
                    }
                    text => match text.parse::<Action>() {
                        Ok(action) if obs.allows(&action) => break action,
                        Ok(action) => outln!(
                            "  `{action}` is not allowed now; you can: {}",
                            list(&obs.legal_actions)
                        ),
                        Err(e) => outln!("  {e}"),
                    },
                }
            }
        } else {
            let action = opponents[usize::from(seat)].choose(&obs).action;
            // A seña shows below only if your seat saw it.
            if !matches!(action, Action::Signal(_)) {
                outln!("{}: {action}", names().of(seat));
            }
            action
        };
        game.apply(action).map_err(|e| e.to_string())?;
        actions.push(action);
        let mine = game.observation(0);
        for seen in mine.signals.iter().skip(senas_shown) {
            outln!(
                "  {}",
                crate::table_words::sena(seen, mine.teams.as_deref(), &names())
            );
        }
        senas_shown = mine.signals.len();
        if let Some(trick) = mine.tricks.last().filter(|_| {
            !matches!(action, Action::Signal(_)) && game.current_trick().next().is_none()
        }) {
            outln!(
                "  trick to {} ({} points)",
                names().of(trick.winner),
                trick.points
            );
        }
    }
    if let Some(path) = &args.record {
        let record = Record {
            version: Record::VERSION,
            ruleset: rules,
            dealer: players - 1,
            deal: Deal::Seed(args.seed),
            actions,
        };
        let json = serde_json::to_string_pretty(&record).map_err(|e| e.to_string())?;
        std::fs::write(path, json).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        outln!("record written to {}", path.display());
    }
    if let Some(result) = game.result() {
        outln!(
            "Hand over ({:?}): points per seat {:?}, per side {:?}, {:?}",
            result.end,
            result.seat_points,
            result.side_points,
            result.outcome
        );
    }
    Ok(())
}

/// Actions as text, separated by spaces.
pub(crate) fn list(actions: &[Action]) -> String {
    actions
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Prints what you see at seat 0: trump, stock, points, the trick, your hand — seats named as at a
/// table (you, then the others counted from 1).
pub(crate) fn show(obs: &Observation) {
    outln!("{}", crate::table_words::view(obs, &names()));
}

/// Seats named as at a table, you at seat 0.
fn names() -> crate::table_words::Names<'static> {
    crate::table_words::Names {
        you: Some(0),
        lobby: None,
    }
}
