//! What the New game form, the Rules screen and the table show about rules — all from the engine, so
//! the UI never restates a rule: every preset with, for each player count, its default rules, their
//! options ([`Ruleset::options`]: kind, values, availability, dependencies) and their card-value
//! table ([`Ruleset::rank_values`]); the match formats on offer ([`MatchFormat::choices`]); and
//! [`edit`], the form's one way to change rules ([`Ruleset::with_option`], or another player count
//! keeping the options that still apply).
//!
//! Deliberately absent: labels and explanations (the UI words every id in the player's language) and
//! any check of its own (the engine refuses; the form shows the refusal and keeps its rules).

use briscola::{
    DeckStyle, FormatChoice, MatchFormat, OptionError, OptionId, OptionSpec, OptionValue, Preset,
    RankValue, Ruleset, RulesetError,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Rules with what a screen shows about them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RulesetInfo {
    /// The rules.
    pub ruleset: Ruleset,
    /// Their options, with current values and availability.
    pub options: Vec<OptionSpec>,
    /// Every rank with its strength and points, strongest first.
    pub card_values: Vec<RankValue>,
}

impl RulesetInfo {
    /// Describes `ruleset`.
    pub fn of(ruleset: Ruleset) -> Self {
        Self {
            options: ruleset.options(),
            card_values: ruleset.rank_values(),
            ruleset,
        }
    }
}

/// One preset as the New game screen shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PresetInfo {
    /// The preset.
    pub preset: Preset,
    /// One line in English (the UI shows its own translations).
    pub summary: String,
    /// The default rules for each supported player count, in the preset's order.
    pub defaults: Vec<RulesetInfo>,
    /// The match formats offered with the default rules, each with the values its parameter takes.
    pub formats: Vec<FormatChoice>,
    /// The usual match format, one of `formats`.
    pub usual_format: MatchFormat,
    /// The deck style players of this variant expect.
    pub usual_deck_style: DeckStyle,
}

/// Every preset.
pub fn presets() -> Vec<PresetInfo> {
    Preset::ALL
        .into_iter()
        .map(|preset| {
            let defaults: Vec<RulesetInfo> = preset
                .player_counts()
                .iter()
                .filter_map(|&n| Ruleset::preset(preset, n).ok())
                .map(RulesetInfo::of)
                .collect();
            let first = defaults.first().map(|info| info.ruleset);
            PresetInfo {
                preset,
                summary: preset.summary().to_string(),
                formats: first.as_ref().map(MatchFormat::choices).unwrap_or_default(),
                usual_format: first
                    .as_ref()
                    .map_or(MatchFormat::SingleHand, MatchFormat::usual),
                defaults,
                usual_deck_style: preset.usual_deck_style(),
            }
        })
        .collect()
}

/// A change the New game form asks for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum RulesetEdit {
    /// No change: describe the rules as they are (e.g. remembered ones).
    Show,
    /// Set one option.
    Option {
        /// The option.
        option: OptionId,
        /// Its new value.
        value: OptionValue,
    },
    /// Another player count: the preset's defaults for it, with every option of the old rules that
    /// the new count still offers and accepts.
    Players {
        /// Players at the table.
        players: u8,
    },
}

/// Why an edit was refused; the rules are unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, thiserror::Error)]
#[serde(tag = "id", rename_all = "kebab-case")]
pub enum EditError {
    /// The rules sent, or the player count asked for, are not playable.
    #[error("{reason}")]
    RulesRefused {
        /// Why.
        reason: RulesetError,
    },
    /// The option cannot take that value.
    #[error("{reason}")]
    OptionRefused {
        /// Why.
        reason: OptionError,
    },
}

/// Applies `edit` to `rules`; on error the caller keeps its rules.
pub fn edit(rules: Ruleset, edit: RulesetEdit) -> Result<RulesetInfo, EditError> {
    rules
        .validate()
        .map_err(|reason| EditError::RulesRefused { reason })?;
    let edited = match edit {
        RulesetEdit::Show => rules,
        RulesetEdit::Option { option, value } => rules
            .with_option(option, value)
            .map_err(|reason| EditError::OptionRefused { reason })?,
        RulesetEdit::Players { players } => {
            let fresh = Ruleset::preset(rules.preset, players)
                .map_err(|reason| EditError::RulesRefused { reason })?;
            // Options in their order, so an option another depends on is set first.
            rules
                .options()
                .into_iter()
                .filter_map(|spec| Some((spec.id, spec.value?)))
                .fold(fresh, |acc, (id, value)| {
                    acc.with_option(id, value).unwrap_or(acc)
                })
        }
    };
    Ok(RulesetInfo::of(edited))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_offered_with_valid_defaults_options_and_card_values() {
        let all = presets();
        assert_eq!(all.len(), Preset::ALL.len());
        for info in &all {
            assert_eq!(info.defaults.len(), info.preset.player_counts().len());
            assert!(!info.formats.is_empty());
            for choice in &info.defaults {
                let rules = choice.ruleset;
                assert!(rules.validate().is_ok() && rules.preset == info.preset);
                assert_eq!(choice.options, rules.options());
                assert_eq!(choice.card_values, rules.rank_values());
                assert!(choice.card_values.iter().any(|v| v.points > 0));
            }
            assert_eq!(
                info.formats,
                MatchFormat::choices(&info.defaults[0].ruleset)
            );
            assert!(info.formats.iter().any(|c| c.format == info.usual_format));
        }
    }

    #[test]
    fn every_option_of_the_spec_is_in_the_payload() {
        // Every option any preset offers with any player count reaches the form.
        let payload = serde_json::to_value(presets()).unwrap();
        let sent: Vec<String> = payload
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|p| p["defaults"].as_array().unwrap().clone())
            .flat_map(|d| d["options"].as_array().unwrap().clone())
            .map(|o| o["id"].as_str().unwrap().to_string())
            .collect();
        for preset in Preset::ALL {
            for &players in preset.player_counts() {
                for spec in Ruleset::preset(preset, players).unwrap().options() {
                    assert!(sent.contains(&spec.id.to_string()), "{}", spec.id);
                }
            }
        }
        for id in OptionId::ALL {
            let offered_somewhere = Preset::ALL.into_iter().any(|p| {
                p.player_counts()
                    .iter()
                    .any(|&n| Ruleset::preset(p, n).unwrap().option(id).is_some())
            });
            assert!(!offered_somewhere || sent.contains(&id.to_string()), "{id}");
        }
    }

    #[test]
    fn an_edit_sets_an_option_or_refuses_and_changes_nothing() {
        let brisca = Ruleset::preset(Preset::Brisca, 2).unwrap();
        let on = OptionValue::Bool(true);
        let info = edit(
            brisca,
            RulesetEdit::Option {
                option: OptionId::ManoNegra,
                value: on.clone(),
            },
        )
        .unwrap();
        assert_eq!(info.ruleset.option(OptionId::ManoNegra), Some(on.clone()));
        assert_eq!(info, RulesetInfo::of(info.ruleset));
        let refused = edit(
            brisca,
            RulesetEdit::Option {
                option: OptionId::HandSize,
                value: on,
            },
        );
        assert!(matches!(
            refused,
            Err(EditError::OptionRefused {
                reason: OptionError::NotOffered { .. }
            })
        ));
        assert!(matches!(
            edit(brisca, RulesetEdit::Players { players: 5 }),
            Err(EditError::RulesRefused { .. })
        ));
        assert_eq!(edit(brisca, RulesetEdit::Show).unwrap().ruleset, brisca);
    }

    #[test]
    fn another_player_count_keeps_the_options_that_still_apply() {
        let rules = Ruleset::preset(Preset::Brisca, 2)
            .unwrap()
            .with_option(OptionId::ManoNegra, OptionValue::Bool(true))
            .unwrap();
        let four = edit(rules, RulesetEdit::Players { players: 4 }).unwrap();
        assert_eq!(four.ruleset.players, 4);
        assert_eq!(
            four.ruleset.option(OptionId::ManoNegra),
            Some(OptionValue::Bool(true))
        );
        assert!(four.ruleset.validate().is_ok());
    }
}
