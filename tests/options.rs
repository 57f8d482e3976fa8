//! Options described once: for every preset × player count, every combination of option values that
//! `with_option` allows round-trips through `option` and validates; `allowed` says exactly what
//! `with_option` accepts; and every field that differs between reachable rulesets is reached through an
//! option, except the fields that define a preset.

use std::collections::{BTreeSet, HashSet};

use briscola::{OptionKind, OptionValue, Preset, Ruleset};
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
