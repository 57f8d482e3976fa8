//! AI speed: decisions per second per level, on positions from real 2-player Briscola hands (every
//! decision of a few Medium-vs-Medium hands, replayed in a loop). Hard runs its default world budget
//! without the clock, so the figure is its deterministic cost; `net/choose` is one card chosen by Hard's
//! playout network (view, input, forward pass). Run with `cargo bench -p briscola-lab --bench ai`.

use briscola::ai::{self, AgentConfig, Budget, Level};
use briscola::{Preset, Ruleset};
use briscola_lab::speed;
use criterion::{Criterion, Throughput};

/// Decisions per second of each level on the positions of one ruleset.
fn bench_levels(c: &mut Criterion) {
    for (name, preset, players) in [
        ("briscola-2p", Preset::Briscola, 2),
        ("briscola-4p", Preset::Briscola, 4),
        ("chiamata-5p", Preset::Chiamata, 5),
    ] {
        let Ok(rules) = Ruleset::preset(preset, players) else {
            continue;
        };
        // Every position of the seat to move in four hands played by Medium.
        let obs = speed::positions(rules, 4, 0);
        let mut group = c.benchmark_group(format!("decisions/{name}"));
        group.throughput(Throughput::Elements(1));
        if name != "briscola-2p" {
            group.sample_size(10);
        }
        for level in Level::ALL {
            let default = Budget::default();
            let mut agent = ai::agent_with(AgentConfig {
                budget: Budget::worlds(default.worlds),
                ..AgentConfig::new(level, 1)
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

/// One playout step of the network: the view of the seat to move, its input, the best legal card.
fn bench_net(c: &mut Criterion) {
    let Ok(rules) = Ruleset::preset(Preset::Briscola, 2) else {
        return;
    };
    let Some(net) = ai::net::for_rules(&rules) else {
        return;
    };
    let obs = speed::positions(rules, 4, 0);
    let mut i = 0;
    c.bench_function("net/choose", |b| {
        b.iter(|| {
            i = (i + 1) % obs.len().max(1);
            obs.get(i).and_then(|o| {
                let view = ai::net::View::from_observation(o);
                let legal = o.legal_actions.iter().filter_map(|a| match a {
                    briscola::Action::Play(card) => Some(view.to_net(*card)),
                    _ => None,
                });
                net.best(&view.input(), legal.collect())
            })
        })
    });
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    bench_levels(&mut c);
    bench_net(&mut c);
    c.final_summary();
}
