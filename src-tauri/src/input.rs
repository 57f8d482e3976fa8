//! Command arguments that never fail to deserialize: a missing or malformed argument
//! becomes an [`AppError`] of kind `invalid_input` from the command itself, instead of
//! Tauri's untyped error string, so the UI always receives `{ kind, message }`.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use crate::error::AppError;

/// A command argument of type `T`, or why the value sent was not one.
#[derive(Debug)]
pub struct Input<T>(Result<T, String>);

impl<'de, T: DeserializeOwned> Deserialize<'de> for Input<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = Option::<Value>::deserialize(deserializer)?;
        Ok(Self(match raw {
            None | Some(Value::Null) => Err("is missing".into()),
            Some(value) => serde_json::from_value(value).map_err(|error| error.to_string()),
        }))
    }
}

impl<T> Input<T> {
    /// The value, or an `invalid_input` error naming the argument.
    pub fn get(self, name: &str) -> Result<T, AppError> {
        self.0
            .map_err(|reason| AppError::bad_argument(name, &reason))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    #[derive(Debug, Deserialize)]
    struct Args {
        value: Input<u8>,
    }

    fn parse(json: &str) -> Result<u8, AppError> {
        serde_json::from_str::<Args>(json)
            .unwrap()
            .value
            .get("value")
    }

    #[test]
    fn good_missing_and_malformed_values() {
        assert_eq!(parse(r#"{"value": 7}"#).unwrap(), 7);
        assert_eq!(
            parse(r#"{"value": null}"#).unwrap_err().kind,
            ErrorKind::InvalidInput
        );
        let wrong = parse(r#"{"value": "seven"}"#).unwrap_err();
        assert!(
            wrong.message.starts_with("argument `value`"),
            "{}",
            wrong.message
        );
    }
}
