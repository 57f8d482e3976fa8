//! [`FormatChoice`]: the match formats a ruleset is offered with, each with the values its parameter may
//! take, so that a New game form lists formats from the engine instead of restating them.
//!
//! Deliberately absent: labels (the user interface words each `kind`), and formats no text plays with a
//! preset (Briscolone is played to card points; chiamata one hand at a time or to game points).

use serde::{Deserialize, Serialize};

use crate::{MatchFormat, Preset, Ruleset};

/// One match format a ruleset may be played as.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FormatChoice {
    /// The format with its default parameter.
    pub format: MatchFormat,
    /// The values its parameter (`hands` or `target`) may take, default included; empty for
    /// `single-hand`.
    pub values: Vec<u16>,
}

impl MatchFormat {
    /// The formats offered with a ruleset, in menu order; [`MatchFormat::usual`] is among them.
    ///
    /// ```
    /// use briscola::{MatchFormat, Preset, Ruleset};
    /// let briscolone = Ruleset::preset(Preset::Briscolone, 2)?;
    /// let choices = MatchFormat::choices(&briscolone);
    /// assert_eq!(choices.len(), 1);
    /// assert_eq!(choices[0].values, [121, 151]);
    /// # Ok::<(), briscola::RulesetError>(())
    /// ```
    pub fn choices(rules: &Ruleset) -> Vec<FormatChoice> {
        let choice = |format, values: &[u16]| FormatChoice {
            format,
            values: values.to_vec(),
        };
        let single = choice(MatchFormat::SingleHand, &[]);
        let card_points = choice(MatchFormat::CardPoints { target: 121 }, &[121, 151]);
        match rules.preset {
            Preset::Briscolone => vec![card_points],
            Preset::Chiamata => vec![
                single,
                choice(MatchFormat::GamePoints { target: 12 }, &[10, 12, 15, 20]),
            ],
            _ => {
                let first_to: Vec<u16> = (1..=20).collect();
                vec![
                    single,
                    choice(MatchFormat::BestOf { hands: 3 }, &[3, 5]),
                    choice(MatchFormat::FirstTo { hands: 3 }, &first_to),
                    choice(MatchFormat::GamePoints { target: 12 }, &[12]),
                    card_points,
                ]
            }
        }
    }

    /// This format with its parameter set to `value`; `None` for `single-hand` or a value that does
    /// not fit the parameter or makes the format unplayable (best of an even number).
    pub fn with_parameter(self, value: u16) -> Option<MatchFormat> {
        let small = u8::try_from(value).ok();
        let format = match self {
            MatchFormat::SingleHand => return None,
            MatchFormat::BestOf { .. } => MatchFormat::BestOf { hands: small? },
            MatchFormat::FirstTo { .. } => MatchFormat::FirstTo { hands: small? },
            MatchFormat::GamePoints { .. } => MatchFormat::GamePoints { target: small? },
            MatchFormat::CardPoints { .. } => MatchFormat::CardPoints { target: value },
        };
        format.validate().ok().map(|()| format)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_choice_is_playable_and_the_usual_format_is_offered() {
        for preset in Preset::ALL {
            for &players in preset.player_counts() {
                let rules = Ruleset::preset(preset, players).expect("preset");
                let choices = MatchFormat::choices(&rules);
                for choice in &choices {
                    assert!(choice.format.validate().is_ok());
                    for &value in &choice.values {
                        let format = choice.format.with_parameter(value);
                        assert!(format.is_some(), "{:?} {value}", choice.format);
                    }
                }
                let usual = MatchFormat::usual(&rules);
                assert!(
                    choices.iter().any(|c| c.format == usual),
                    "{preset}: {usual:?} not offered"
                );
            }
        }
        assert_eq!(MatchFormat::BestOf { hands: 3 }.with_parameter(4), None);
        assert_eq!(MatchFormat::SingleHand.with_parameter(3), None);
    }
}
