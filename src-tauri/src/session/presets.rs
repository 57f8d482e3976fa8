//! The rulesets the New game screen offers: every preset with its player counts, the default rules for
//! each count, and the usual match format and deck style — all from the engine, so the UI never
//! restates a rule.

use briscola::{DeckStyle, MatchFormat, Preset, Ruleset};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One preset as the New game screen shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PresetInfo {
    /// The preset.
    pub preset: Preset,
    /// One line in English (the UI shows its own translations).
    pub summary: String,
    /// The default rules for each supported player count, in the preset's order.
    pub defaults: Vec<Ruleset>,
    /// The usual match format.
    pub usual_format: MatchFormat,
    /// The deck style players of this variant expect.
    pub usual_deck_style: DeckStyle,
}

/// Every preset.
pub fn presets() -> Vec<PresetInfo> {
    Preset::ALL
        .into_iter()
        .map(|preset| {
            let defaults: Vec<Ruleset> = preset
                .player_counts()
                .iter()
                .filter_map(|&n| Ruleset::preset(preset, n).ok())
                .collect();
            let usual_format = defaults
                .first()
                .map_or(MatchFormat::SingleHand, MatchFormat::usual);
            PresetInfo {
                preset,
                summary: preset.summary().to_string(),
                defaults,
                usual_format,
                usual_deck_style: preset.usual_deck_style(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_offered_with_valid_defaults() {
        let all = presets();
        assert_eq!(all.len(), Preset::ALL.len());
        for info in &all {
            assert_eq!(info.defaults.len(), info.preset.player_counts().len());
            assert!(
                info.defaults
                    .iter()
                    .all(|r| r.validate().is_ok() && r.preset == info.preset)
            );
        }
    }
}
