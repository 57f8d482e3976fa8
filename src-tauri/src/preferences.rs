//! The user's preferences: a versioned document (`preferences.json`, version 1) with the
//! migration from the version-0 layout of early builds.
//!
//! `ruleset`, `ruleset_options`, `match_format` and `ai_levels` are plain strings and JSON
//! for now: the engine owns their real types and phase 2 replaces these placeholders (with a
//! migration if the stored shape changes). Missing fields take their defaults, so adding a
//! field does not need a new version.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use ts_rs::TS;

use crate::store::document::DocumentSpec;

/// The preferences document: version 1, readable from version 0.
pub const PREFERENCES: DocumentSpec = DocumentSpec {
    file_name: "preferences.json",
    version: 1,
    migrations: &[v0_to_v1],
};

/// Card artwork.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
pub enum DeckStyle {
    /// Italian-suited cards (coins, cups, swords, batons).
    #[default]
    #[serde(rename = "italian")]
    Italian,
    /// Spanish-suited cards.
    #[serde(rename = "spanish")]
    Spanish,
    /// French-suited cards in two colours.
    #[serde(rename = "french")]
    French,
    /// French-suited cards with one colour per suit.
    #[serde(rename = "french-4color")]
    French4Color,
}

/// Interface language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// Follow the operating system.
    #[default]
    System,
    /// Italiano.
    It,
    /// Español.
    Es,
    /// English.
    En,
    /// Português.
    Pt,
}

/// How fast cards move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum AnimationSpeed {
    /// No animation.
    Off,
    /// Slow.
    Slow,
    /// Normal.
    #[default]
    Normal,
    /// Fast.
    Fast,
}

/// Which scores are visible during a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ScoreDisplay {
    /// Everyone's points.
    #[default]
    ShowAll,
    /// Only the human side's points.
    HideOpponents,
}

/// Who deals the first hand of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum FirstDealer {
    /// Drawn at random.
    #[default]
    Random,
    /// The human.
    Human,
    /// A computer player.
    Computer,
}

/// Everything the user can set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct Preferences {
    /// Card artwork.
    pub deck_style: DeckStyle,
    /// Interface language.
    pub language: Language,
    /// Card animation speed.
    pub animation_speed: AnimationSpeed,
    /// Sound effects on.
    pub sound: bool,
    /// Which scores are visible during a hand.
    pub score_display: ScoreDisplay,
    /// Card size in percent of the default, 50 to 200.
    pub card_size_percent: u16,
    /// Who deals first.
    pub first_dealer: FirstDealer,
    /// Ruleset identifier (placeholder until the engine's ruleset type is wired in).
    pub ruleset: String,
    /// Ruleset options as a JSON object (placeholder).
    #[ts(type = "Record<string, unknown>")]
    pub ruleset_options: Value,
    /// Match format identifier (placeholder).
    pub match_format: String,
    /// AI level per computer seat (placeholder identifiers).
    pub ai_levels: Vec<String>,
}

impl Default for Preferences {
    fn default() -> Self {
        Self {
            deck_style: DeckStyle::default(),
            language: Language::default(),
            animation_speed: AnimationSpeed::default(),
            sound: true,
            score_display: ScoreDisplay::default(),
            card_size_percent: 100,
            first_dealer: FirstDealer::default(),
            ruleset: "classic".into(),
            ruleset_options: Value::Object(Map::new()),
            match_format: "single".into(),
            ai_levels: vec!["medium".into()],
        }
    }
}

impl Preferences {
    /// Checks what the types cannot express.
    pub fn validate(&self) -> Result<(), String> {
        if !(50..=200).contains(&self.card_size_percent) {
            return Err("card_size_percent must be 50 to 200".into());
        }
        if !is_identifier(&self.ruleset) {
            return Err("ruleset must be 1 to 64 characters".into());
        }
        if !self.ruleset_options.is_object() {
            return Err("ruleset_options must be a JSON object".into());
        }
        if !is_identifier(&self.match_format) {
            return Err("match_format must be 1 to 64 characters".into());
        }
        if self.ai_levels.is_empty() || self.ai_levels.len() > 3 {
            return Err("ai_levels must name 1 to 3 levels".into());
        }
        if !self.ai_levels.iter().all(|level| is_identifier(level)) {
            return Err("each AI level must be 1 to 64 characters".into());
        }
        Ok(())
    }

    /// These preferences with every field [`Preferences::validate`] would refuse set back to
    /// its default, and the names of the fields changed (the store's repair step on load).
    pub fn repaired(self) -> (Preferences, Vec<&'static str>) {
        let defaults = Preferences::default();
        let mut fixed = self;
        let mut fields = Vec::new();
        if !(50..=200).contains(&fixed.card_size_percent) {
            fixed.card_size_percent = defaults.card_size_percent;
            fields.push("card_size_percent");
        }
        if !is_identifier(&fixed.ruleset) {
            fixed.ruleset = defaults.ruleset;
            fields.push("ruleset");
        }
        if !fixed.ruleset_options.is_object() {
            fixed.ruleset_options = defaults.ruleset_options;
            fields.push("ruleset_options");
        }
        if !is_identifier(&fixed.match_format) {
            fixed.match_format = defaults.match_format;
            fields.push("match_format");
        }
        if !(1..=3).contains(&fixed.ai_levels.len())
            || !fixed.ai_levels.iter().all(|level| is_identifier(level))
        {
            fixed.ai_levels = defaults.ai_levels;
            fields.push("ai_levels");
        }
        (fixed, fields)
    }
}

fn is_identifier(text: &str) -> bool {
    !text.trim().is_empty() && text.len() <= 64
}

/// Version 0 (early builds, no `version` field): `deck` named the pack (`napoletane`,
/// `piacentine`, `siciliane`, `spagnole`, `francesi`), `lang`, `animations` (bool),
/// `show_opponent_score`, `card_scale` (a factor), one `ai_level`, `variant`, `dealer`.
fn v0_to_v1(data: Value) -> Result<Value, String> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::WarningKind;
    use crate::store::disk::RealDisk;
    use std::fs;

    const V0_FIXTURE: &str = r#"{
        "deck": "piacentine",
        "lang": "it",
        "animations": false,
        "sound": false,
        "show_opponent_score": false,
        "card_scale": 1.25,
        "ai_level": "hard",
        "variant": "classic",
        "dealer": "cpu"
    }"#;

    #[test]
    fn migrates_the_version_zero_fixture() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(PREFERENCES.path(dir.path()), V0_FIXTURE).unwrap();
        let loaded = PREFERENCES
            .load::<Preferences>(&RealDisk, dir.path())
            .unwrap();
        assert_eq!(loaded.warnings[0].kind(), WarningKind::Migrated);
        let expected = Preferences {
            deck_style: DeckStyle::Italian,
            language: Language::It,
            animation_speed: AnimationSpeed::Off,
            sound: false,
            score_display: ScoreDisplay::HideOpponents,
            card_size_percent: 125,
            first_dealer: FirstDealer::Computer,
            ruleset: "classic".into(),
            ruleset_options: json!({}),
            match_format: "single".into(),
            ai_levels: vec!["hard".into()],
        };
        assert_eq!(loaded.value, Some(expected.clone()));
        let saved: Value =
            serde_json::from_slice(&fs::read(PREFERENCES.path(dir.path())).unwrap()).unwrap();
        assert_eq!(saved["version"], 1);
        assert_eq!(saved["data"]["deck_style"], "italian");
        assert!(loaded.warnings[0].to_string().contains("v0-backup"));
    }

    #[test]
    fn unknown_version_zero_deck_is_quarantined_not_guessed() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(PREFERENCES.path(dir.path()), r#"{"deck":"tarocchi"}"#).unwrap();
        let loaded = PREFERENCES
            .load::<Preferences>(&RealDisk, dir.path())
            .unwrap();
        assert_eq!(loaded.warnings[0].kind(), WarningKind::Quarantined);
    }

    #[test]
    fn missing_fields_take_defaults_and_wire_names_are_stable() {
        let parsed: Preferences =
            serde_json::from_value(json!({"deck_style": "french-4color"})).unwrap();
        assert_eq!(parsed.deck_style, DeckStyle::French4Color);
        assert_eq!(parsed.card_size_percent, 100);
        let wire = serde_json::to_value(Preferences::default()).unwrap();
        assert_eq!(wire["language"], "system");
        assert_eq!(wire["score_display"], "show_all");
    }

    #[test]
    fn validation_rejects_out_of_range_values() {
        assert!(Preferences::default().validate().is_ok());
        let cases = [
            Preferences {
                card_size_percent: 10,
                ..Preferences::default()
            },
            Preferences {
                ruleset: String::new(),
                ..Preferences::default()
            },
            Preferences {
                ruleset_options: json!([1]),
                ..Preferences::default()
            },
            Preferences {
                ai_levels: vec![],
                ..Preferences::default()
            },
            Preferences {
                ai_levels: vec!["x".repeat(65)],
                ..Preferences::default()
            },
        ];
        for case in cases {
            assert!(case.validate().is_err(), "{case:?}");
        }
    }
}
