//! The arena and its statistics on small runs with a deterministic budget, plus an opt-in driver for
//! real measurements:
//!
//! ```text
//! AI_ARENA="hard medium briscola-2p 2000 1 2" \
//!   cargo test --release -p briscola-lab --test ai_arena -- --ignored --nocapture
//! ```
//! (levels A and B, ruleset id, deal sets, seed, threads; optional seventh field: Hard's worlds).

use briscola::ai::{Budget, Level};
use briscola_lab::arena::{self, ArenaConfig, Contender, ruleset_from_id, ruleset_id};
use briscola_lab::public::PublicAi;

fn small(
    a: impl Into<Contender>,
    b: impl Into<Contender>,
    id: &str,
    pairs: usize,
    threads: usize,
) -> ArenaConfig {
    ArenaConfig {
        pairs,
        seed: 5,
        threads,
        budget: Budget::worlds(3),
        ..ArenaConfig::new(a, b, ruleset_from_id(id).expect("ruleset"))
    }
}

#[test]
fn duplicate_deals_play_every_rotation_and_no_illegal_action() {
    for (id, players) in [
        ("briscola-2p", 2),
        ("briscola-3p", 3),
        ("brisca-4p", 4),
        ("chiamata", 5),
    ] {
        let report = arena::run(&small(Level::Medium, Level::Easy, id, 6, 2)).expect("arena");
        assert_eq!(report.games, 6 * players, "{id}");
        assert_eq!(report.wins + report.losses + report.draws, report.games);
        assert_eq!(report.illegal, 0);
        assert_eq!(report.timings.len(), 2);
        assert!(report.timings.iter().all(|t| t.decisions > 0));
    }
}

#[test]
fn a_level_against_itself_is_even_within_its_interval() {
    // A seating bias (A always dealt the better seat) would show as a difference far outside the CI.
    let report =
        arena::run(&small(Level::Medium, Level::Medium, "briscola-2p", 60, 1)).expect("arena");
    assert!(
        report.mean_diff.abs() <= report.ci95 * 2.0 + 1.0,
        "{report}"
    );
    assert_eq!(report.timings.len(), 1);
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let one = arena::run(&small(Level::Hard, Level::Easy, "briscola-2p", 8, 1)).expect("arena");
    let two = arena::run(&small(Level::Hard, Level::Easy, "briscola-2p", 8, 2)).expect("arena");
    assert_eq!(
        (one.wins, one.losses, one.draws),
        (two.wins, two.losses, two.draws)
    );
    assert_eq!(one.mean_diff, two.mean_diff);
    assert_eq!(one.ci95, two.ci95);
}

#[test]
fn report_prints_the_table() {
    let report =
        arena::run(&small(Level::Medium, Level::Easy, "briscola-2p", 4, 1)).expect("arena");
    let text = report.to_string();
    for needle in [
        "medium (A) vs easy (B)",
        "score rate",
        "95% CI",
        "p99",
        "easy",
        "medium",
    ] {
        assert!(text.contains(needle), "{needle} missing in\n{text}");
    }
}

#[test]
fn public_ais_take_a_seat_in_every_ruleset_and_play_only_legal_cards() {
    for ai in PublicAi::ALL {
        for id in ["briscola-2p", "brisca-2p", "briscola-4p", "chiamata"] {
            let report =
                arena::run(&small(Level::Easy, Contender::Public(ai), id, 3, 1)).expect("arena");
            assert_eq!(report.illegal, 0, "{ai} {id}");
            assert!(report.timings.iter().any(|t| t.player == ai.id()));
        }
    }
}

#[test]
fn players_are_read_by_id() {
    assert_eq!(
        "hard".parse::<Contender>(),
        Ok(Contender::Level(Level::Hard))
    );
    assert_eq!(
        "deep-briscola".parse::<Contender>(),
        Ok(Contender::Public(PublicAi::DeepBriscola))
    );
    let err = "alphazero".parse::<Contender>().expect_err("unknown");
    assert!(err.contains("deep-briscola"), "{err}");
}

#[test]
fn ruleset_ids_are_read() {
    assert_eq!(ruleset_from_id("brisca-4p").expect("id").players, 4);
    assert_eq!(ruleset_from_id("chiamata").expect("id").players, 5);
    assert!(ruleset_from_id("briscola-5p").is_err());
    assert!(ruleset_from_id("tressette").is_err());
    // Options after `+`, written back the same way.
    let senas = ruleset_from_id("brisca-4p+senas+interception=50").expect("señas");
    assert!(senas.senas);
    assert_eq!(senas.interception, 50);
    assert_eq!(ruleset_id(&senas), "brisca-4p+senas+interception=50");
    let alone = ruleset_from_id("bisca-4p+partnerships=off").expect("alone");
    assert!(!alone.partnerships);
    assert_eq!(ruleset_id(&alone), "bisca-4p+partnerships=off");
    assert_eq!(
        ruleset_id(&ruleset_from_id("briscola-2p").expect("id")),
        "briscola-2p"
    );
    assert!(
        ruleset_from_id("briscola-2p+senas").is_err(),
        "two players have no señas"
    );
    assert!(
        ruleset_from_id("brisca-4p+interception=50").is_err(),
        "the chance needs señas"
    );
    assert!(ruleset_from_id("brisca-4p+wings").is_err());
}

/// The measurement driver (see the module docs).
#[test]
#[ignore = "long: run with --ignored and AI_ARENA set"]
fn arena_driver() {
    let Ok(spec) = std::env::var("AI_ARENA") else {
        return;
    };
    let f: Vec<&str> = spec.split_whitespace().collect();
    assert!(
        f.len() >= 6,
        "AI_ARENA=\"A B ruleset pairs seed threads [worlds]\""
    );
    let mut config = ArenaConfig {
        pairs: f[3].parse().expect("pairs"),
        seed: f[4].parse().expect("seed"),
        threads: f[5].parse().expect("threads"),
        ..ArenaConfig::new(
            f[0].parse::<Contender>().expect("player A"),
            f[1].parse::<Contender>().expect("player B"),
            ruleset_from_id(f[2]).expect("ruleset"),
        )
    };
    if let Some(w) = f.get(6) {
        config.budget = Budget::worlds(w.parse().expect("worlds"));
    }
    println!("{}", arena::run(&config).expect("arena"));
}

#[test]
fn speed_runs_decide_every_position_of_the_hands() {
    use briscola::ai::AgentConfig;
    use briscola_lab::speed;
    let rules = ruleset_from_id("briscola-2p").expect("ruleset");
    let positions = speed::positions(rules, 3, 1);
    // Three two-player hands of 40 cards: 40 decisions each.
    assert_eq!(positions.len(), 120);
    let config = AgentConfig {
        budget: Budget::worlds(2),
        ..AgentConfig::new(Level::Hard, 1)
    };
    let report = speed::measure(config, rules, 3, 1, speed::Positions::All);
    assert_eq!(report.timing.decisions, 120);
    assert!(report.per_second > 0.0);
    assert!(report.to_string().contains("decisions/s"));
}

#[test]
fn an_auction_speed_run_decides_the_bids_and_calls_only() {
    use briscola::Phase;
    use briscola::ai::AgentConfig;
    use briscola_lab::speed;
    let rules = ruleset_from_id("chiamata-5p").expect("ruleset");
    let auction = speed::positions(rules, 2, 1)
        .into_iter()
        .filter(|o| matches!(o.phase, Phase::Bidding | Phase::Calling))
        .filter(|o| o.legal_actions.len() > 1)
        .count();
    assert!(auction >= 4, "{auction}");
    let config = AgentConfig {
        budget: Budget::worlds(2),
        ..AgentConfig::new(Level::Hard, 1)
    };
    let report = speed::measure(config, rules, 2, 1, speed::Positions::Auction);
    assert_eq!(report.timing.decisions, auction);
}
