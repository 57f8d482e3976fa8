//! The store the app uses: `briscola-store` holding the app's [`Preferences`].

pub use briscola_store::{
    FolderProblem, HistoryEntry, StoreError, StoreWarning, UNFINISHED_MATCH, WarningKind, disk,
    document, stamp,
};

use crate::preferences::Preferences;

/// The data folder and what was loaded from it.
pub type Store = briscola_store::Store<Preferences>;
