#![allow(missing_docs)] // criterion_group! generates an undocumented public function
//! Engine speed: random 2-player Briscola games (deal + 40 plays) per second on one core, and the cost
//! of one observation and one sampled world. Run with `cargo bench --bench engine`.

use briscola::{Deal, Game, Phase, Preset, Rng, Ruleset};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Plays one random game from a seed: the deal, then uniformly random legal cards.
fn random_game(rules: Ruleset, seed: u64, rng: &mut Rng) -> u16 {
    let Ok(mut game) = Game::new(rules, 0, &Deal::Seed(seed)) else {
        return 0;
    };
    while game.phase() == Phase::Playing {
        let cards = game.legal_cards();
        let card = cards
            .nth(rng.below(cards.len()))
            .unwrap_or_else(|| unreachable!());
        game.play_unchecked(card);
    }
    game.pile_points(0)
}

fn bench_random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random-games");
    for (name, preset, players) in [
        ("briscola-2p", Preset::Briscola, 2),
        ("briscola-4p", Preset::Briscola, 4),
        ("brisca-2p", Preset::Brisca, 2),
    ] {
        let Ok(rules) = Ruleset::preset(preset, players) else {
            continue;
        };
        group.throughput(Throughput::Elements(1));
        let mut rng = Rng::new(1);
        let mut seed = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed = seed.wrapping_add(1);
                random_game(rules, seed, &mut rng)
            })
        });
    }
    group.finish();
}

fn bench_observation(c: &mut Criterion) {
    let Ok(rules) = Ruleset::preset(Preset::Briscola, 2) else {
        return;
    };
    let Ok(mut game) = Game::new(rules, 0, &Deal::Seed(9)) else {
        return;
    };
    for _ in 0..16 {
        if let Some(card) = game.legal_cards().first() {
            game.play_unchecked(card);
        }
    }
    let seat = game.to_move();
    c.bench_function("observation", |b| b.iter(|| game.observation(seat)));
    let obs = game.observation(seat);
    let mut rng = Rng::new(3);
    c.bench_function("sample-world", |b| b.iter(|| obs.sample_world(&mut rng)));
}

criterion_group!(benches, bench_random_games, bench_observation);
criterion_main!(benches);
