//! `briscola rules`: the presets, their player counts and their options, generated from the engine's
//! option specification ([`Ruleset::options`]), card-value table ([`Ruleset::rank_values`]) and match
//! formats ([`MatchFormat::choices`]); nothing here restates a rule.

use briscola::{MatchFormat, OptionKind, OptionSpec, OptionValue, Preset, Ruleset};
use serde_json::{Value, json};

use super::out;

/// The rulesets of a preset, one per player count.
fn rulesets(preset: Preset) -> Result<Vec<Ruleset>, String> {
    preset
        .player_counts()
        .iter()
        .map(|&n| Ruleset::preset(preset, n).map_err(|e| e.to_string()))
        .collect()
}

/// The options of a preset over all its player counts, each once, in form order.
fn preset_options(rulesets: &[Ruleset]) -> Vec<OptionSpec> {
    let mut specs: Vec<OptionSpec> = Vec::new();
    for spec in rulesets.iter().flat_map(Ruleset::options) {
        if !specs.iter().any(|s| s.id == spec.id) {
            specs.push(spec);
        }
    }
    specs.sort_by_key(|s| s.id);
    specs
}

fn values_text(spec: &OptionSpec) -> String {
    let values = match &spec.kind {
        OptionKind::Bool => vec![OptionValue::Bool(true), OptionValue::Bool(false)],
        OptionKind::Choice { values } => values
            .iter()
            .map(|v| OptionValue::Choice(v.clone()))
            .collect(),
    };
    let marked: Vec<String> = values
        .iter()
        .map(|v| {
            if *v == spec.default {
                format!("{v}*")
            } else {
                v.to_string()
            }
        })
        .collect();
    marked.join(" | ")
}

fn preset_json(preset: Preset, rulesets: &[Ruleset]) -> Value {
    let tables: Vec<Value> = rulesets
        .iter()
        .map(|r| {
            json!({
                "players": r.players,
                "defaults": r,
                "options": r.options(),
                "rank_values": r.rank_values(),
                "usual_match_format": MatchFormat::usual(r),
                "match_formats": MatchFormat::choices(r),
            })
        })
        .collect();
    json!({
        "id": preset.id(),
        "summary": preset.summary(),
        "players": preset.player_counts(),
        "usual_deck_style": preset.usual_deck_style(),
        "rulesets": tables,
    })
}

/// Prints the presets and their options.
pub fn run(as_json: bool) -> Result<(), String> {
    let mut all = Vec::new();
    for preset in Preset::ALL {
        all.push((preset, rulesets(preset)?));
    }
    if as_json {
        let presets: Vec<Value> = all.iter().map(|(p, r)| preset_json(*p, r)).collect();
        let text = serde_json::to_string_pretty(&json!({ "presets": presets }))
            .map_err(|e| e.to_string())?;
        out::line(text);
        return Ok(());
    }
    out::line("Presets (id, players, summary):");
    for (preset, _) in &all {
        out::line(format_args!(
            "  {:<11} {:<12} {}",
            preset.id(),
            format!("{:?}", preset.player_counts()),
            preset.summary()
        ));
    }
    out::line(
        "\nOptions (* marks the default; `briscola rules --json` adds values, sources, card values):",
    );
    for (preset, rulesets) in &all {
        out::line(format_args!("  {preset}"));
        let options = preset_options(rulesets);
        if options.is_empty() {
            out::line("    (no options)");
        }
        for spec in options {
            let players = if spec.players == preset.player_counts() {
                String::new()
            } else {
                let counts: Vec<String> = spec.players.iter().map(ToString::to_string).collect();
                format!(" ({} players)", counts.join(", "))
            };
            out::line(format_args!(
                "    {:<18} {}{players}: {}",
                spec.id.id(),
                values_text(&spec),
                spec.id.summary()
            ));
        }
    }
    Ok(())
}
