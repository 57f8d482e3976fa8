//! AI speed: decisions per second per level, on positions from real 2-player Briscola hands (every
//! decision of a few Medium-vs-Medium hands, replayed in a loop). Hard runs its default world budget
//! without the clock, so the figure is its deterministic cost. Run with `cargo bench --bench ai`.

use briscola::ai::{self, AgentConfig, Budget, Level};
use briscola::{Deal, Game, Observation, Phase, Preset, Ruleset};
use criterion::{Criterion, Throughput};

/// Every observation of the seat to move in a few hands played by Medium.
fn positions(preset: Preset, players: u8, hands: u64) -> Vec<Observation> {
    let Ok(rules) = Ruleset::preset(preset, players) else {
        return Vec::new();
    };
    let mut all = Vec::new();
    for deal in 0..hands {
        let Ok(mut game) = Game::new(rules, 0, &Deal::Seed(deal)) else {
            continue;
        };
        let mut player = ai::agent(Level::Medium, deal);
        while game.phase() != Phase::Finished {
            let obs = game.observation(game.to_move());
            let decision = player.choose(&obs);
            all.push(obs);
            if game.apply(decision.action).is_err() {
                break;
            }
        }
    }
    all
}

/// Decisions per second of each level on the positions of one ruleset.
fn bench_levels(c: &mut Criterion) {
    for (name, preset, players) in [
        ("briscola-2p", Preset::Briscola, 2),
        ("briscola-4p", Preset::Briscola, 4),
        ("chiamata-5p", Preset::Chiamata, 5),
    ] {
        let obs = positions(preset, players, 4);
        let mut group = c.benchmark_group(format!("decisions/{name}"));
        group.throughput(Throughput::Elements(1));
        if name != "briscola-2p" {
            group.sample_size(10);
        }
        for level in Level::ALL {
            let default = Budget::default();
            let mut agent = ai::agent_with(AgentConfig {
                level,
                seed: 1,
                budget: Budget::worlds(default.worlds),
            });
            let mut i = 0;
            group.bench_function(level.id(), |b| {
                b.iter(|| {
                    i = (i + 1) % obs.len().max(1);
                    obs.get(i).map(|o| agent.choose(o))
                })
            });
        }
        group.finish();
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    bench_levels(&mut c);
    c.final_summary();
}
