//! Seeded fuzzing of the bot protocol: mutations of real observations (random positions of every
//! variant) fed to `bot::serve` at each level. Every line gets exactly one reply; a mutation that keeps
//! the position (reordered actions or keys, a deleted null field or empty list of señas) still gets a legal action; one that
//! breaks it (deleted fields, wrong types, number extremes, edited legal actions, duplicated cards,
//! truncated JSON, random bytes, non-UTF-8, over-long lines) gets an error; a card swap may give either,
//! and an action then is one of its legal actions (or a seña it may make). No reply is an internal error (a caught panic).
//!
//! Lines: `BRISCOLA_FUZZ_LINES` (default 1,200, enough for a debug `cargo test`); the CI script runs
//! this file in release mode with 30,000.

mod common;

use std::collections::BTreeMap;
use std::io::Cursor;

use briscola::ai::bot::{self, BotConfig};
use briscola::ai::{Budget, Level};
use briscola::{Action, Card, Deal, Game, Observation, Phase, Rng};
use common::{random_action, variants};
use serde_json::Value;

fn lines_to_fuzz() -> usize {
    std::env::var("BRISCOLA_FUZZ_LINES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_200)
}

/// What a mutated line must get.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Expect {
    /// A legal action: the position is unchanged.
    Action,
    /// An error.
    Error,
    /// Either; an action must then be legal in the mutated observation.
    Either,
}

/// One fuzzed line.
struct Case {
    kind: &'static str,
    bytes: Vec<u8>,
    expect: Expect,
}

/// Observations of the seat to move at random positions of random games of every variant.
fn real_observations(rng: &mut Rng) -> Vec<Observation> {
    let mut out = Vec::new();
    for (_, rules) in variants() {
        for seed in 0..4 {
            let dealer = rng.below(usize::from(rules.players)) as u8;
            let mut game = Game::new(rules, dealer, &Deal::Seed(seed)).expect("deal");
            while game.phase() != Phase::Finished {
                if rng.below(3) == 0 {
                    out.push(game.observation(game.to_move()));
                }
                game.apply(random_action(&game, rng)).expect("legal");
            }
        }
    }
    out
}

/// JSON pointers to every value under `value` (itself included).
fn pointers(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                pointers(item, format!("{at}/{i}"), out);
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                pointers(item, format!("{at}/{key}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

fn pick<'a, T>(items: &'a [T], rng: &mut Rng) -> Option<&'a T> {
    (!items.is_empty()).then(|| &items[rng.below(items.len())])
}

fn is_card(value: &Value) -> bool {
    value.as_str().is_some_and(|s| s.parse::<Card>().is_ok())
}

/// A value of another JSON type than `value`.
fn other_type(value: &Value, rng: &mut Rng) -> Value {
    let candidates = [
        Value::Null,
        Value::Bool(true),
        Value::from(7),
        Value::from("x"),
        Value::Array(vec![]),
        Value::Object(Default::default()),
    ];
    let kind = |v: &Value| std::mem::discriminant(v);
    let others: Vec<&Value> = candidates
        .iter()
        .filter(|c| kind(c) != kind(value))
        .collect();
    others[rng.below(others.len())].clone()
}

/// An error for a mutation that changed the observation, an action for one that kept it.
fn error_if(changed: bool) -> Expect {
    if changed {
        Expect::Error
    } else {
        Expect::Action
    }
}

fn text(value: &Value) -> Vec<u8> {
    serde_json::to_vec(value).expect("serializes")
}

/// One mutation of `obs`.
fn mutate(obs: &Observation, rng: &mut Rng) -> Case {
    let original = serde_json::to_value(obs).expect("to json");
    let mut v = original.clone();
    let mut all = Vec::new();
    pointers(&v, String::new(), &mut all);
    let case = |kind, bytes, expect| Case {
        kind,
        bytes,
        expect,
    };
    match rng.below(16) {
        0 => case("unchanged", text(&v), Expect::Action),
        1 => {
            let mut actions = obs.legal_actions.clone();
            rng.shuffle(&mut actions);
            v["legal_actions"] = serde_json::to_value(actions).expect("json");
            case("legal actions reordered", text(&v), Expect::Action)
        }
        2 => {
            let pretty = serde_json::to_string_pretty(&v).expect("json");
            let spaced = pretty.replace('\n', " \t ");
            case(
                "whitespace and key order",
                spaced.into_bytes(),
                Expect::Action,
            )
        }
        3 => {
            let keys: Vec<String> = v.as_object().expect("object").keys().cloned().collect();
            let key = pick(&keys, rng).expect("keys").clone();
            // Señas' lists read as empty when absent (requests from before señas still read); a
            // seat that saw no seña is a position too, so deleting the señas it saw may be one.
            let empty_senas = ["signals", "legal_senas"].contains(&key.as_str())
                && v[&key].as_array().is_some_and(Vec::is_empty);
            let changed = !v[&key].is_null() && !empty_senas;
            let expect = if key == "signals" && changed {
                Expect::Either
            } else {
                error_if(changed)
            };
            v.as_object_mut().expect("object").remove(&key);
            case("field deleted", text(&v), expect)
        }
        4 => {
            let at = pick(&all[..all.len() - 1], rng).expect("values").clone();
            let target = v.pointer_mut(&at).expect("pointer");
            *target = other_type(target, rng);
            case("type changed", text(&v), Expect::Error)
        }
        5 => {
            let numbers: Vec<&String> = all
                .iter()
                .filter(|p| v.pointer(p).is_some_and(Value::is_number))
                .collect();
            let at = pick(&numbers, rng).expect("numbers").to_string();
            let extremes = [
                Value::from(-1),
                Value::from(255),
                Value::from(256),
                Value::from(65_535),
                Value::from(65_536),
                Value::from(u32::MAX),
                Value::from(i64::MIN),
                Value::from(u64::MAX),
                Value::from(1e300),
                Value::from(0.5),
            ];
            let new = pick(&extremes, rng).expect("extremes").clone();
            let changed = v.pointer(&at) != Some(&new);
            *v.pointer_mut(&at).expect("pointer") = new;
            case("number extreme", text(&v), error_if(changed))
        }
        6 => {
            let cards: Vec<&String> = all
                .iter()
                .filter(|p| v.pointer(p).is_some_and(is_card))
                .collect();
            let (Some(a), Some(b)) = (pick(&cards, rng), pick(&cards, rng)) else {
                return case("unchanged", text(&v), Expect::Action);
            };
            let (a, b) = (a.to_string(), b.to_string());
            let (x, y) = (v.pointer(&a).cloned(), v.pointer(&b).cloned());
            *v.pointer_mut(&a).expect("pointer") = y.expect("card");
            *v.pointer_mut(&b).expect("pointer") = x.expect("card");
            case("cards swapped", text(&v), Expect::Either)
        }
        7 => {
            let not_legal = [
                "Kd",
                "As",
                "pass",
                "mano-negra",
                "bid 2:120",
                "call Ac",
                "exchange 7c",
            ]
            .map(|t| t.parse::<Action>().expect("action"));
            let fresh: Vec<&Action> = not_legal
                .iter()
                .filter(|a| !obs.legal_actions.contains(a))
                .collect();
            let mut actions = obs.legal_actions.clone();
            match rng.below(3) {
                0 => actions.push(**pick(&fresh, rng).expect("a fresh action")),
                1 => {
                    actions.remove(rng.below(actions.len()));
                }
                _ => {
                    let i = rng.below(actions.len());
                    actions[i] = **pick(&fresh, rng).expect("a fresh action");
                }
            }
            v["legal_actions"] = serde_json::to_value(actions).expect("json");
            case("legal actions edited", text(&v), Expect::Error)
        }
        8 => {
            let played: Vec<Value> = obs
                .tricks
                .iter()
                .flat_map(|t| &t.plays)
                .chain(&obs.current_trick)
                .map(|p| Value::from(p.card.to_string()))
                .collect();
            let hand: Vec<Value> = obs
                .hand
                .iter()
                .map(|c| Value::from(c.to_string()))
                .collect();
            match (pick(&played, rng), pick(&hand, rng)) {
                (Some(card), _) if rng.below(2) == 0 => {
                    v["hand"].as_array_mut().expect("hand").push(card.clone());
                }
                (_, Some(card)) => {
                    let play = serde_json::json!({"seat": obs.seat, "card": card});
                    v["current_trick"].as_array_mut().expect("trick").push(play);
                }
                _ => return case("unchanged", text(&v), Expect::Action),
            }
            case("card duplicated", text(&v), Expect::Error)
        }
        9 => {
            let voids = v["known_voids"].as_array_mut().expect("voids");
            let seat = rng.below(voids.len());
            let suits = voids[seat].as_array_mut().expect("suits");
            if suits.is_empty() || rng.below(2) == 0 {
                let suit = ["coins", "cups", "swords", "clubs"][rng.below(4)];
                if suits.iter().any(|s| s == suit) {
                    return case("unchanged", text(&original), Expect::Action);
                }
                suits.push(Value::from(suit));
            } else {
                suits.clear();
            }
            case("voids edited", text(&v), Expect::Error)
        }
        10 => {
            let phases = ["bidding", "calling", "playing", "finished"];
            let phase = *pick(&phases, rng).expect("phases");
            let changed = v["phase"] != phase;
            v["phase"] = Value::from(phase);
            case("phase changed", text(&v), error_if(changed))
        }
        11 => {
            let bytes = text(&v);
            let cut = rng.below(bytes.len() - 1) + 1;
            case("truncated", bytes[..cut].to_vec(), Expect::Error)
        }
        12 => {
            let len = rng.below(200) + 1;
            let mut bytes: Vec<u8> = (0..len)
                .map(|_| rng.below(256) as u8)
                .filter(|&b| b != b'\n')
                .collect();
            bytes.push(b'#');
            case("random bytes", bytes, Expect::Error)
        }
        13 => {
            let mut bytes = text(&v);
            let at = rng.below(bytes.len());
            bytes.insert(at, [0xff, 0xc3, 0x80][rng.below(3)]);
            case("non-UTF-8", bytes, Expect::Error)
        }
        14 if rng.below(40) == 0 => {
            let mut bytes = text(&v);
            bytes.extend(std::iter::repeat_n(b' ', bot::MAX_LINE_BYTES));
            case("over-long line", bytes, Expect::Error)
        }
        _ => {
            let seats = ["seat", "dealer", "to_move"];
            let field = *pick(&seats, rng).expect("seats");
            let players = u64::from(obs.ruleset.players);
            let new = rng.below(8) as u64;
            let changed = v[field] != new;
            v[field] = Value::from(new);
            let expect = match (changed, new >= players) {
                (false, _) => Expect::Action,
                (true, true) => Expect::Error,
                (true, false) => Expect::Either,
            };
            case("seat changed", text(&v), expect)
        }
    }
}

#[test]
fn fuzzed_lines_get_one_reply_each_and_never_an_internal_error() {
    let total = lines_to_fuzz();
    let mut rng = Rng::new(2026);
    let observations = real_observations(&mut rng);
    let levels = [
        (Level::Easy, Budget::worlds(4)),
        (Level::Medium, Budget::worlds(4)),
        (Level::Hard, Budget::worlds(4)),
    ];
    let mut tally: BTreeMap<(&str, Expect), [usize; 2]> = BTreeMap::new();
    for (i, (level, budget)) in levels.into_iter().enumerate() {
        let cases: Vec<Case> = (0..total / levels.len() + usize::from(i < total % levels.len()))
            .map(|_| {
                mutate(
                    pick(&observations, &mut rng).expect("observations"),
                    &mut rng,
                )
            })
            .collect();
        let mut input = Vec::new();
        for case in &cases {
            assert!(!case.bytes.contains(&b'\n'), "{}", case.kind);
            input.extend(&case.bytes);
            input.push(b'\n');
        }
        let mut out = Vec::new();
        let config = BotConfig {
            level,
            seed: 13,
            budget,
        };
        bot::serve(Cursor::new(input), &mut out, config).expect("in-memory io");
        let replies: Vec<Value> = String::from_utf8(out)
            .expect("replies are UTF-8")
            .lines()
            .map(|l| serde_json::from_str(l).expect("each reply is one JSON object"))
            .collect();
        assert_eq!(replies.len(), cases.len(), "one reply per line");
        for (case, reply) in cases.iter().zip(&replies) {
            let line = String::from_utf8_lossy(&case.bytes);
            let shown = &line[..line.len().min(2_000)];
            let error = reply["error"].as_str();
            assert!(
                !error.is_some_and(|e| e.contains("internal error")),
                "{}: {reply} for {shown}",
                case.kind
            );
            let action = reply["action"].as_str();
            match (case.expect, action) {
                (Expect::Error, None) | (Expect::Either, None) => {}
                (Expect::Action | Expect::Either, Some(action)) => {
                    let obs: Observation = serde_json::from_slice(&case.bytes).expect("accepted");
                    let action: Action = action.parse().expect("action text");
                    assert!(obs.allows(&action), "{reply} for {shown}");
                }
                _ => panic!("{} ({:?}): {reply} for {shown}", case.kind, case.expect),
            }
            tally.entry((case.kind, case.expect)).or_default()[usize::from(action.is_some())] += 1;
        }
    }
    eprintln!("{total} lines; (kind, expected): [errors, actions]");
    for ((kind, expect), [errors, actions]) in &tally {
        eprintln!("  {kind:<26} {expect:<6?} {errors:>6} {actions:>6}");
    }
}
