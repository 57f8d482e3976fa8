//! How an option reads and writes a ruleset: on/off over a `bool`, or a choice over the values of
//! the field's own type (an enum such as [`DeckKind`](crate::DeckKind), or a number), each named on
//! the wire by its serde name — so no table restates a name, and a name that is not one of the
//! values is refused, never read as some default.

use serde::Serialize;
use serde_json::Value;

use super::OptionValue;
use crate::ruleset::Ruleset;

/// The wire name of a choice's value: its serde name (`"catalan"`, `"seven-second"`), or its number
/// written out (`"7"`).
pub(super) fn serde_name<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(name)) => name,
        Ok(other) => other.to_string(),
        // Unreachable for the unit enums and integers choices hold: serde_json writes them all.
        Err(error) => error.to_string(),
    }
}

/// A choice's value as an [`OptionValue`].
pub(super) fn choice_value<T: Serialize>(value: T) -> OptionValue {
    OptionValue::Choice(serde_name(&value))
}

/// A choice among `values` of one ruleset field's type.
pub(super) struct Choice<T: 'static> {
    /// Every value, in menu order.
    pub values: &'static [T],
    /// The field's value; `None` when the fields hold a combination the option does not name.
    pub get: fn(&Ruleset) -> Option<T>,
    /// Writes one of `values`.
    pub set: fn(&mut Ruleset, T),
}

/// A [`Choice`] with its value type erased, so that options of different types share one table.
pub(super) trait Choosable: Sync {
    /// Every value's name, in menu order.
    fn names(&self) -> Vec<String>;
    /// The current value's name.
    fn get(&self, rules: &Ruleset) -> Option<String>;
    /// Writes the value with this name; `false` when no value has it (the ruleset is unchanged).
    fn set(&self, rules: &mut Ruleset, name: &str) -> bool;
}

impl<T: Serialize + Copy + Sync + 'static> Choosable for Choice<T> {
    fn names(&self) -> Vec<String> {
        self.values.iter().map(serde_name).collect()
    }

    fn get(&self, rules: &Ruleset) -> Option<String> {
        (self.get)(rules).map(|value| serde_name(&value))
    }

    fn set(&self, rules: &mut Ruleset, name: &str) -> bool {
        match self.values.iter().find(|v| serde_name(*v) == name) {
            Some(&value) => {
                (self.set)(rules, value);
                true
            }
            None => false,
        }
    }
}

/// How an option reads and writes a ruleset.
pub(super) enum Access {
    /// On or off.
    Bool {
        /// The value; `None` when the fields hold a combination the option does not name.
        get: fn(&Ruleset) -> Option<bool>,
        /// Writes it.
        set: fn(&mut Ruleset, bool),
    },
    /// One of a choice's values.
    Choice(&'static dyn Choosable),
}

impl Access {
    /// Every value, in menu order.
    pub fn values(&self) -> Vec<OptionValue> {
        match self {
            Access::Bool { .. } => vec![OptionValue::Bool(false), OptionValue::Bool(true)],
            Access::Choice(choice) => choice
                .names()
                .into_iter()
                .map(OptionValue::Choice)
                .collect(),
        }
    }

    /// The value in `rules`.
    pub fn get(&self, rules: &Ruleset) -> Option<OptionValue> {
        match self {
            Access::Bool { get, .. } => get(rules).map(OptionValue::Bool),
            Access::Choice(choice) => choice.get(rules).map(OptionValue::Choice),
        }
    }

    /// Writes `value`; `false` when it is not one of the option's values (nothing written).
    pub fn set(&self, rules: &mut Ruleset, value: &OptionValue) -> bool {
        match (self, value) {
            (Access::Bool { set, .. }, OptionValue::Bool(on)) => {
                set(rules, *on);
                true
            }
            (Access::Choice(choice), OptionValue::Choice(name)) => choice.set(rules, name),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{CardOrder, DeckKind};

    #[test]
    fn names_are_serde_names_and_numbers() {
        assert_eq!(serde_name(&DeckKind::Catalan), "catalan");
        assert_eq!(serde_name(&CardOrder::SevenSecond), "seven-second");
        assert_eq!(serde_name(&7u8), "7");
    }

    #[test]
    fn an_unknown_name_is_refused_and_changes_nothing() -> Result<(), crate::RulesetError> {
        let deck = Choice {
            values: &[DeckKind::Standard, DeckKind::Catalan],
            get: |r| Some(r.deck),
            set: |r, v| r.deck = v,
        };
        let mut rules = Ruleset::preset(crate::Preset::Brisca, 2)?;
        let before = rules;
        assert!(!deck.set(&mut rules, "rapida"));
        assert!(!deck.set(&mut rules, "Catalan"));
        assert_eq!(rules, before);
        assert!(deck.set(&mut rules, "catalan"));
        assert_eq!(rules.deck, DeckKind::Catalan);
        Ok(())
    }
}
