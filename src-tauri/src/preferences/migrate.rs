//! Upgrades of older preference files, one version at a time (run by [`super::PREFERENCES`]).
//!
//! Version 1 kept the New game form's choice as placeholders: `ruleset` (a preset id), the form's
//! option values in `ruleset_options` with the last started setup under `last_setup`,
//! `match_format` (the form's format id, `firstTo:N` for first-to), and `ai_levels`. Version 2 keeps
//! the typed [`super::NewGame`] instead. The last started setup is the exact record of what the
//! form chose (v1 builds wrote it with every start), so it is preferred; without one, the preset,
//! format and levels are read from the placeholders and the rules start from the preset's defaults.
//! Either way the original file stays in the backup the document store writes.

use briscola::ai::Level;
use briscola::{MatchFormat, Preset};
use serde_json::{Map, Value, json};

use super::NewGame;
use crate::session::MatchSetup;

/// Version 0 (early builds, no `version` field): `deck` named the pack (`napoletane`,
/// `piacentine`, `siciliane`, `spagnole`, `francesi`), `lang`, `animations` (bool),
/// `show_opponent_score`, `card_scale` (a factor), one `ai_level`, `variant`, `dealer`.
pub(super) fn v0_to_v1(data: Value) -> Result<Value, String> {
    let Value::Object(old) = data else {
        return Err("not an object".into());
    };
    let text = |key: &str| old.get(key).and_then(Value::as_str);
    let mut new = Map::new();
    if let Some(deck) = text("deck") {
        let style = match deck {
            "napoletane" | "piacentine" | "siciliane" | "trevisane" => "italian",
            "spagnole" => "spanish",
            "francesi" => "french",
            other => return Err(format!("unknown deck {other:?}")),
        };
        new.insert("deck_style".into(), json!(style));
    }
    if let Some(lang) = text("lang") {
        new.insert("language".into(), json!(lang));
    }
    if let Some(animations) = old.get("animations").and_then(Value::as_bool) {
        new.insert(
            "animation_speed".into(),
            json!(if animations { "normal" } else { "off" }),
        );
    }
    if let Some(sound) = old.get("sound").and_then(Value::as_bool) {
        new.insert("sound".into(), json!(sound));
    }
    if let Some(show) = old.get("show_opponent_score").and_then(Value::as_bool) {
        new.insert(
            "score_display".into(),
            json!(if show { "show_all" } else { "hide_opponents" }),
        );
    }
    if let Some(scale) = old.get("card_scale").and_then(Value::as_f64) {
        let percent = (scale * 100.0).round().clamp(50.0, 200.0);
        new.insert("card_size_percent".into(), json!(percent as u16));
    }
    if let Some(level) = text("ai_level") {
        new.insert("ai_levels".into(), json!([level]));
    }
    if let Some(variant) = text("variant") {
        new.insert("ruleset".into(), json!(variant));
    }
    if let Some(dealer) = text("dealer") {
        let dealer = if dealer == "cpu" { "computer" } else { dealer };
        new.insert("first_dealer".into(), json!(dealer));
    }
    Ok(Value::Object(new))
}

/// Version 1 → 2: renamed enum values and the typed New game choice (see the module docs).
pub(super) fn v1_to_v2(data: Value) -> Result<Value, String> {
    let Value::Object(mut data) = data else {
        return Err("not an object".into());
    };
    rename_value(&mut data, "animation_speed", &[("off", "instant")]);
    rename_value(
        &mut data,
        "score_display",
        &[("show_all", "all"), ("hide_opponents", "mine")],
    );
    let ruleset = data.remove("ruleset");
    let options = data.remove("ruleset_options");
    let format = data.remove("match_format");
    let levels = data.remove("ai_levels");
    let last_setup = options
        .as_ref()
        .and_then(|options| options.get("last_setup"))
        .and_then(|setup| serde_json::from_value::<MatchSetup>(setup.clone()).ok());
    let new_game = match &last_setup {
        Some(setup) => NewGame {
            preset: setup.ruleset.preset,
            rulesets: vec![setup.ruleset],
            format: setup.format,
            opponents: setup.opponents.clone(),
        },
        None => from_placeholders(
            ruleset.as_ref(),
            options.as_ref(),
            format.as_ref(),
            levels.as_ref(),
        ),
    };
    if let Some(setup) = &last_setup {
        data.insert("allow_undo".into(), json!(setup.allow_undo));
    }
    let new_game = serde_json::to_value(new_game).map_err(|e| e.to_string())?;
    data.insert("new_game".into(), new_game);
    Ok(Value::Object(data))
}

fn rename_value(data: &mut Map<String, Value>, key: &str, renames: &[(&str, &str)]) {
    if let Some(value) = data.get_mut(key)
        && let Some((_, new)) = renames.iter().find(|(old, _)| value == old)
    {
        *value = json!(new);
    }
}

/// The New game choice from version 1's placeholders; anything unrecognised keeps its default.
fn from_placeholders(
    ruleset: Option<&Value>,
    options: Option<&Value>,
    format: Option<&Value>,
    levels: Option<&Value>,
) -> NewGame {
    let defaults = NewGame::default();
    let preset = ruleset
        .and_then(Value::as_str)
        .and_then(|id| id.parse::<Preset>().ok())
        .unwrap_or(defaults.preset);
    let rules = defaults.ruleset_of(preset);
    let target =
        options
            .and_then(|options| options.get("target"))
            .and_then(|target| match target {
                Value::Number(n) => n.as_u64().and_then(|n| u8::try_from(n).ok()),
                Value::String(text) => text.parse().ok(),
                _ => None,
            });
    let format = format
        .and_then(Value::as_str)
        .and_then(|id| format_from_id(id, target))
        .unwrap_or_else(|| MatchFormat::usual(&rules));
    let opponents: Vec<Level> = levels
        .and_then(Value::as_array)
        .map(|levels| {
            levels
                .iter()
                .filter_map(|level| serde_json::from_value(level.clone()).ok())
                .collect()
        })
        .filter(|levels: &Vec<Level>| !levels.is_empty())
        .unwrap_or(defaults.opponents);
    NewGame {
        preset,
        rulesets: Vec::new(),
        format,
        opponents,
    }
}

/// Version 1's format ids (the New game form's): `single`, `bestOf3`, `bestOf5`, `firstTo:N`,
/// `gamePoints` (to the form's `target` option), `cardPoints121`, `cardPoints151`.
fn format_from_id(id: &str, target: Option<u8>) -> Option<MatchFormat> {
    Some(match id {
        "single" => MatchFormat::SingleHand,
        "bestOf3" => MatchFormat::BestOf { hands: 3 },
        "bestOf5" => MatchFormat::BestOf { hands: 5 },
        "gamePoints" => MatchFormat::GamePoints { target: target? },
        "cardPoints121" => MatchFormat::CardPoints { target: 121 },
        "cardPoints151" => MatchFormat::CardPoints { target: 151 },
        other => MatchFormat::FirstTo {
            hands: other.strip_prefix("firstTo:")?.parse().ok()?,
        },
    })
}
