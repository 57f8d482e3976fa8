//! The nameplate: the public part of a table code (its first characters), the one key the relay
//! routes by. To the relay it is an opaque routing key: 1 to 16 characters of `[0-9A-Z]`.
//!
//! Deliberately absent: any knowledge of table codes (their length, alphabet or check characters
//! belong to the table crate, which this crate does not depend on).

use std::fmt;

/// The longest nameplate accepted.
pub const MAX_LEN: usize = 16;

/// A valid nameplate.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nameplate(String);

/// Why a text is not a nameplate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameplateError {
    /// It is empty.
    #[error("the nameplate is empty")]
    Empty,
    /// It is longer than [`MAX_LEN`].
    #[error("the nameplate is longer than {MAX_LEN} characters")]
    TooLong,
    /// It holds a character outside `[0-9A-Z]`.
    #[error("the nameplate holds a character other than 0-9 and A-Z")]
    BadCharacter,
}

impl Nameplate {
    /// Checks `text`: 1 to 16 characters of `[0-9A-Z]`.
    pub fn parse(text: &str) -> Result<Self, NameplateError> {
        if text.is_empty() {
            return Err(NameplateError::Empty);
        }
        if text.len() > MAX_LEN {
            return Err(NameplateError::TooLong);
        }
        if !text
            .bytes()
            .all(|b| b.is_ascii_digit() || b.is_ascii_uppercase())
        {
            return Err(NameplateError::BadCharacter);
        }
        Ok(Self(text.to_owned()))
    }

    /// The nameplate's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Nameplate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_short_runs_of_digits_and_capitals_are_nameplates() {
        assert_eq!(
            Nameplate::parse("7KQ").map(|n| n.to_string()),
            Ok("7KQ".into())
        );
        assert!(Nameplate::parse("0123456789ABCDEF").is_ok());
        assert_eq!(Nameplate::parse(""), Err(NameplateError::Empty));
        assert_eq!(
            Nameplate::parse("0123456789ABCDEFG"),
            Err(NameplateError::TooLong)
        );
        for bad in ["7kq", "7K-", "7K Q", "É", "7K\u{0}"] {
            assert_eq!(
                Nameplate::parse(bad),
                Err(NameplateError::BadCharacter),
                "{bad}"
            );
        }
    }
}
