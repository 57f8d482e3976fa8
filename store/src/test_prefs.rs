//! A small preferences document for the store's tests, shaped like the app's: a bounded card
//! size and a flag, version 2, repaired into range on load.

use serde::{Deserialize, Serialize};

use crate::PreferencesDocument;
use crate::document::DocumentSpec;

/// The store the tests open.
pub type Store = crate::Store<Preferences>;

/// The test preferences.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Preferences {
    /// 50 to 200.
    pub card_size_percent: u16,
    /// Any value.
    pub sound: bool,
}

impl Default for Preferences {
    fn default() -> Self {
        Self {
            card_size_percent: 100,
            sound: true,
        }
    }
}

impl Preferences {
    /// Whether the card size is in range.
    pub fn validate(&self) -> Result<(), String> {
        if (50..=200).contains(&self.card_size_percent) {
            Ok(())
        } else {
            Err("card_size_percent must be 50 to 200".into())
        }
    }
}

impl PreferencesDocument for Preferences {
    const DOCUMENT: DocumentSpec = DocumentSpec {
        file_name: "preferences.json",
        version: 2,
        migrations: &[],
    };

    fn repaired(self) -> (Self, Vec<&'static str>) {
        if self.validate().is_ok() {
            return (self, Vec::new());
        }
        let card_size_percent = self.card_size_percent.clamp(50, 200);
        (
            Self {
                card_size_percent,
                ..self
            },
            vec!["card_size_percent"],
        )
    }
}
