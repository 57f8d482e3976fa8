//! Command arguments that never fail to arrive: a missing or malformed argument — or a call
//! whose body is raw bytes instead of JSON — becomes an [`AppError`] of kind `invalid_input`
//! from the command itself, instead of Tauri's untyped error string, so the UI always receives
//! `{ kind, message }`.
//!
//! [`Input`] is a Tauri [`CommandArg`] read straight from the call's body (not through serde's
//! `Deserialize`, which Tauri would fail before our code runs on a bytes body).

use serde::de::DeserializeOwned;
use serde_json::Value;
use tauri::Runtime;
use tauri::ipc::{CommandArg, CommandItem, InvokeBody, InvokeError};

use crate::error::AppError;

/// A command argument of type `T`, or why the value sent was not one.
#[derive(Debug)]
pub struct Input<T>(Result<T, String>);

impl<T: DeserializeOwned> Input<T> {
    /// The argument from its JSON value (`None`: the key was absent).
    fn from_json(raw: Option<&Value>) -> Self {
        Self(match raw {
            None | Some(Value::Null) => Err("is missing".into()),
            Some(value) => T::deserialize(value).map_err(|error| error.to_string()),
        })
    }
}

impl<'de, R: Runtime, T: DeserializeOwned> CommandArg<'de, R> for Input<T> {
    fn from_command(command: CommandItem<'de, R>) -> Result<Self, InvokeError> {
        Ok(match command.message.payload() {
            InvokeBody::Json(body) => Self::from_json(body.get(command.key)),
            InvokeBody::Raw(_) => Self(Err("must be sent as JSON, not as bytes".into())),
        })
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
    use serde_json::json;

    fn parse(body: &Value) -> Result<u8, AppError> {
        Input::<u8>::from_json(body.get("value")).get("value")
    }

    #[test]
    fn good_missing_and_malformed_values() {
        assert_eq!(parse(&json!({"value": 7})).unwrap(), 7);
        assert_eq!(
            parse(&json!({"value": null})).unwrap_err().kind,
            ErrorKind::InvalidInput
        );
        assert_eq!(parse(&json!({})).unwrap_err().kind, ErrorKind::InvalidInput);
        let wrong = parse(&json!({"value": "seven"})).unwrap_err();
        assert!(
            wrong.message.starts_with("argument `value`"),
            "{}",
            wrong.message
        );
    }
}
