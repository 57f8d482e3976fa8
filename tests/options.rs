//! Options described once: for every preset × player count, every combination of option values that
//! `with_option` allows round-trips through `option` and validates; `allowed` says exactly what
//! `with_option` accepts; and every field that differs between reachable rulesets is reached through an
//! option, except the fields that define a preset.

use std::collections::{BTreeSet, HashSet};

use briscola::{Deal, Game, OptionKind, OptionValue, Phase, Preset, Rng, Ruleset};
use serde_json::{Map, Value};

/// Fields no option changes, and why: they are what makes the preset (or the table) what it is.
/// `preset` and `players` choose the defaults; `open_hands` is scoperta, `plays_per_trick` dupla.
const PRESET_DEFINED: [&str; 4] = ["preset", "players", "open_hands", "plays_per_trick"];

fn fields(rules: &Ruleset) -> Map<String, Value> {
    match serde_json::to_value(rules) {
        Ok(Value::Object(map)) => map,
        other => panic!("a ruleset serializes as an object, not {other:?}"),
    }
}

fn values(kind: &OptionKind) -> Vec<OptionValue> {
    match kind {
        OptionKind::Bool => vec![OptionValue::Bool(false), OptionValue::Bool(true)],
        OptionKind::Choice { values } => values
            .iter()
            .map(|v| OptionValue::Choice(v.clone()))
            .collect(),
    }
}

/// Every ruleset reachable from the preset's defaults through `with_option`, checking each step.
fn reachable(preset: Preset, players: u8, touched: &mut BTreeSet<String>) -> Vec<Ruleset> {
    let base = Ruleset::preset(preset, players).expect("the preset's own player count");
    for spec in base.options() {
        assert_eq!(
            spec.value.as_ref(),
            Some(&spec.default),
            "{preset} {players}p: {} default",
            spec.id
        );
        assert!(spec.players.contains(&players));
    }
    let mut seen: HashSet<Ruleset> = HashSet::from([base]);
    let mut queue = vec![base];
    while let Some(rules) = queue.pop() {
        for spec in rules.options() {
            for value in values(&spec.kind) {
                let result = rules.with_option(spec.id, value.clone());
                assert_eq!(
                    result.is_ok(),
                    spec.allowed.contains(&value),
                    "{preset} {players}p {}={value}: allowed disagrees with with_option ({result:?})",
                    spec.id
                );
                let Ok(next) = result else { continue };
                assert_eq!(next.option(spec.id), Some(value.clone()), "{}", spec.id);
                assert!(next.validate().is_ok());
                let (before, after) = (fields(&rules), fields(&next));
                touched.extend(
                    after
                        .iter()
                        .filter(|(k, v)| before.get(*k) != Some(v))
                        .map(|(k, _)| k.clone()),
                );
                if seen.insert(next) {
                    queue.push(next);
                }
            }
        }
    }
    seen.into_iter().collect()
}

#[test]
fn every_allowed_combination_round_trips_and_every_varying_field_is_an_option() {
    let mut touched = BTreeSet::new();
    let mut all = Vec::new();
    for preset in Preset::ALL {
        for &players in preset.player_counts() {
            all.extend(reachable(preset, players, &mut touched));
        }
    }
    assert!(all.len() > 100, "only {} rulesets reached", all.len());
    let first = fields(&all[0]);
    let varying: BTreeSet<String> = first
        .keys()
        .filter(|k| all.iter().any(|r| fields(r).get(*k) != first.get(*k)))
        .cloned()
        .collect();
    for field in &varying {
        assert!(
            touched.contains(field) || PRESET_DEFINED.contains(&field.as_str()),
            "`{field}` differs between rulesets but no option reaches it"
        );
    }
    for field in PRESET_DEFINED {
        assert!(!touched.contains(field), "an option changes `{field}`");
    }
    // Every reachable ruleset plays: a hand of random legal actions, every invariant checked.
    for (i, rules) in all.iter().enumerate() {
        let mut rng = Rng::new(i as u64);
        let mut game = Game::new(*rules, 0, &Deal::Seed(i as u64)).expect("a valid ruleset deals");
        while game.phase() != Phase::Finished {
            let actions = game.legal_actions();
            let action = actions[rng.below(actions.len())];
            game.apply(action).expect("a legal action");
            if let Err(broken) = game.check_invariants() {
                panic!("{rules:?}: {broken}");
            }
        }
    }
}

#[test]
fn unavailable_options_are_reported_and_follow_their_requirement() {
    let brisca = Ruleset::preset(Preset::Brisca, 3).expect("preset");
    let removed = |r: &Ruleset| {
        r.options()
            .into_iter()
            .find(|o| o.id == briscola::OptionId::RemovedTwo)
            .expect("three players choose the removed 2")
    };
    assert!(removed(&brisca).available);
    let catalan = brisca
        .with_option(
            briscola::OptionId::Deck,
            OptionValue::Choice("catalan".into()),
        )
        .expect("48 cards deal to three");
    assert!(!removed(&catalan).available);
    let deck = catalan
        .options()
        .into_iter()
        .find(|o| o.id == briscola::OptionId::Deck)
        .expect("deck");
    assert_eq!(
        deck.allowed,
        [
            OptionValue::Choice("standard".into()),
            OptionValue::Choice("catalan".into())
        ],
        "the 20-card deck does not deal to three"
    );
}

/// The option table of `docs/rules.md`, built from the specification.
fn option_table() -> String {
    let mut rows = vec![
        "| option | presets (players) | values (* default) | meaning | source |".to_string(),
        "|---|---|---|---|---|".to_string(),
    ];
    for id in briscola::OptionId::ALL {
        let mut offered: Vec<String> = Vec::new();
        let mut spec = None;
        for preset in Preset::ALL {
            let mut counts = Vec::new();
            for &n in preset.player_counts() {
                let rules = Ruleset::preset(preset, n).expect("preset");
                if let Some(s) = rules.options().into_iter().find(|s| s.id == id) {
                    counts.push(n.to_string());
                    spec.get_or_insert(s);
                }
            }
            if counts.len() == preset.player_counts().len() {
                offered.push(preset.id().to_string());
            } else if !counts.is_empty() {
                offered.push(format!("{} ({})", preset.id(), counts.join(", ")));
            }
        }
        let spec = spec.expect("every option is offered by some preset");
        let values: Vec<String> = values(&spec.kind)
            .iter()
            .map(|v| {
                let mark = if *v == spec.default { "*" } else { "" };
                format!("`{v}`{mark}")
            })
            .collect();
        rows.push(format!(
            "| `{id}` | {} | {} | {} | {} |",
            offered.join(", "),
            values.join(" "),
            id.summary(),
            spec.source
        ));
    }
    rows.join("\n")
}

#[test]
fn the_option_table_in_the_docs_is_generated_from_the_specification() {
    const BEGIN: &str =
        "<!-- option-table:begin (generated: UPDATE_DOCS=1 cargo test --test options) -->\n";
    const END: &str = "<!-- option-table:end -->";
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules.md");
    let doc = std::fs::read_to_string(path).expect("docs/rules.md");
    let (head, rest) = doc.split_once(BEGIN).expect("begin marker");
    let (_, tail) = rest.split_once(END).expect("end marker");
    let current = format!("{head}{BEGIN}{}\n{END}{tail}", option_table());
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(path, &current).expect("write docs/rules.md");
    } else {
        assert!(
            current == doc,
            "docs/rules.md's option table is stale: run UPDATE_DOCS=1 cargo test --test options"
        );
    }
}
