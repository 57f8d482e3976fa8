//! The rules flags `briscola play` and `briscola serve` share (`--ruleset`, `--players`, `--option`),
//! and the match format flag of `briscola serve` (`--format`), each checked by the engine.

use briscola::{MatchFormat, OptionError, OptionId, OptionValue, Preset, Ruleset};
use clap::Args;

/// The ruleset flags.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Ruleset preset id (see `briscola rules`).
    #[arg(long, default_value = "briscola")]
    ruleset: String,
    /// Number of players (default: the preset's first).
    #[arg(long)]
    players: Option<u8>,
    /// An option of the preset, `ID=VALUE` (repeatable; `briscola rules` lists them), e.g.
    /// `--option hand-size=7` or `--option mano-negra=on`.
    #[arg(long = "option", value_name = "ID=VALUE")]
    options: Vec<String>,
}

impl RulesArgs {
    /// The ruleset the flags name, with its options set.
    pub fn ruleset(&self) -> Result<Ruleset, String> {
        let preset: Preset = self
            .ruleset
            .parse()
            .map_err(|e: briscola::RulesetError| e.to_string())?;
        let players = self.players.unwrap_or(preset.player_counts()[0]);
        let rules = Ruleset::preset(preset, players).map_err(|e| e.to_string())?;
        self.options
            .iter()
            .try_fold(rules, |r, o| with_option(r, o))
    }
}

/// The ruleset with one `ID=VALUE` option set, through the checked [`Ruleset::with_option`].
fn with_option(rules: Ruleset, text: &str) -> Result<Ruleset, String> {
    let (id, value) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}`: write an option as ID=VALUE (see `briscola rules`)"))?;
    let id: OptionId = id.parse().map_err(|e: OptionError| e.to_string())?;
    let value = match rules.options().into_iter().find(|o| o.id == id) {
        Some(spec) => OptionValue::parse(&spec.kind, value),
        None => OptionValue::Choice(value.to_string()),
    };
    rules.with_option(id, value).map_err(|e| e.to_string())
}

/// A format's kind as the engine spells it (`best-of`).
fn kind(format: &MatchFormat) -> String {
    serde_json::to_value(format)
        .ok()
        .and_then(|v| v.get("kind").and_then(|k| k.as_str()).map(str::to_string))
        .unwrap_or_default()
}

/// The match format `text` names for `rules`: a kind the ruleset is offered with (`briscola rules
/// --json` lists them), with its parameter after a colon (`best-of:5`, `card-points:151`) or its
/// default; none: the ruleset's usual format.
pub fn format(rules: &Ruleset, text: Option<&str>) -> Result<MatchFormat, String> {
    let Some(text) = text else {
        return Ok(MatchFormat::usual(rules));
    };
    let (name, value) = match text.split_once(':') {
        Some((name, value)) => (name, Some(value)),
        None => (text, None),
    };
    let choices = MatchFormat::choices(rules);
    let offered: Vec<String> = choices.iter().map(|c| kind(&c.format)).collect();
    let choice = choices
        .iter()
        .find(|c| kind(&c.format) == name)
        .ok_or_else(|| format!("`{name}`: this ruleset is played as {}", offered.join(", ")))?;
    let Some(value) = value else {
        return Ok(choice.format);
    };
    value
        .parse::<u16>()
        .ok()
        .filter(|v| choice.values.contains(v))
        .and_then(|v| choice.format.with_parameter(v))
        .ok_or_else(|| format!("`{text}`: {name} takes one of {:?}", choice.values))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_read_as_the_engine_names_them() {
        let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        assert_eq!(format(&rules, None), Ok(MatchFormat::SingleHand));
        assert_eq!(
            format(&rules, Some("best-of:5")),
            Ok(MatchFormat::BestOf { hands: 5 })
        );
        assert_eq!(
            format(&rules, Some("first-to")),
            Ok(MatchFormat::FirstTo { hands: 3 })
        );
        assert!(format(&rules, Some("best-of:4")).is_err());
        assert!(format(&rules, Some("best-of:x")).is_err());
        assert!(format(&rules, Some("marathon")).is_err());
    }
}
