//! The friends' table this player keeps a seat at, so that the app can sit them there again after
//! it restarts ([`KeptTable`], the document [`KEPT_TABLE`]): a table joined elsewhere (its address,
//! code and this player's seat token) or a table this app hosts (its code, the host's token, the
//! port it listened on and the table's own snapshot, which holds every seat token and deal). One at
//! a time: the latest table this player sat at.
//!
//! The store checks the record's shape both ways ([`KeptTable::validate`]); a stored one that fails
//! is set aside like any unreadable document. What the snapshot means is the table's business: the
//! app restores it through the table, which checks it whole.
//!
//! Deliberately absent: several tables, and anything about the match beyond the snapshot.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::document::DocumentSpec;

/// The kept table, written when a table seats this player and removed when it is over for them.
pub const KEPT_TABLE: DocumentSpec = DocumentSpec {
    file_name: "kept-table.json",
    version: 1,
    migrations: &[],
};

/// The longest table code kept (a code is ten characters, shown with a dash).
pub const MAX_CODE_CHARS: usize = 32;

/// The longest address kept (`HOST:PORT`, as the app accepts it).
pub const MAX_ADDRESS_CHARS: usize = 255;
/// The most further addresses a joined seat keeps (an invitation holds at most four in all).
pub const MAX_MORE_ADDRESSES: usize = 8;

/// The longest name kept, yours or the table's, in bytes (a table takes far shorter ones).
pub const MAX_NAME_BYTES: usize = 128;

/// A seat this player can go back to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeptTable {
    /// The table's code.
    pub code: String,
    /// This player's seat token (the host's, at a hosted table): 32 hex digits.
    pub token: String,
    /// This player's name at the table.
    pub your_name: String,
    /// The table's name (may be empty).
    pub table_name: String,
    /// When this player was seated (milliseconds since the Unix epoch).
    pub seated_ms: i64,
    /// Where the table is.
    pub place: KeptPlace,
}

/// Where a kept table is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum KeptPlace {
    /// Joined at another machine: its address (`HOST:PORT`; blank when the invitation named only a
    /// relay), the invitation's further addresses, and the relay it is registered with.
    Joined {
        /// The address.
        address: String,
        /// Further addresses, tried after `address` (a record written before there were any has
        /// none).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        more: Vec<String>,
        /// The relay (`HOST:PORT`, `ws://…` or `wss://…`), if the table was reached through one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        relay: Option<String>,
    },
    /// Hosted by this app: the port it listened on and the table's latest snapshot.
    Hosted {
        /// The port friends joined on.
        port: u16,
        /// The table's snapshot (the table's own format; the table checks it when restored).
        snapshot: Value,
    },
}

impl KeptTable {
    /// Whether the record holds together: a code, a token of 32 hex digits, names of printable
    /// text within [`MAX_NAME_BYTES`] (yours not blank), a time not before the epoch, an address
    /// of `HOST:PORT` characters within [`MAX_ADDRESS_CHARS`] (blank only beside a relay; at most
    /// [`MAX_MORE_ADDRESSES`] more), a relay of visible characters, a port other than 0 and a snapshot
    /// that is a JSON object. The field that fails is named.
    pub fn validate(&self) -> Result<(), String> {
        let code_ok = !self.code.is_empty()
            && self.code.chars().count() <= MAX_CODE_CHARS
            && self
                .code
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-');
        if !code_ok {
            return Err("code".into());
        }
        if self.token.len() != 32 || !self.token.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err("token".into());
        }
        if self.your_name.trim().is_empty() || !printable(&self.your_name) {
            return Err("your_name".into());
        }
        if !printable(&self.table_name) {
            return Err("table_name".into());
        }
        if self.seated_ms < 0 {
            return Err("seated_ms".into());
        }
        match &self.place {
            KeptPlace::Joined {
                address,
                more,
                relay,
            } => {
                let address_ok = |address: &str| {
                    address.contains(':')
                        && address.chars().count() <= MAX_ADDRESS_CHARS
                        && address.chars().all(|c| {
                            c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '[' | ']' | ':')
                        })
                };
                let blank_with_relay = address.is_empty() && relay.is_some();
                if !(blank_with_relay || address_ok(address)) {
                    return Err("address".into());
                }
                if more.len() > MAX_MORE_ADDRESSES || !more.iter().all(|a| address_ok(a)) {
                    return Err("more".into());
                }
                let relay_ok = |relay: &str| {
                    !relay.is_empty()
                        && relay.chars().count() <= MAX_ADDRESS_CHARS
                        && relay.chars().all(|c| c.is_ascii_graphic())
                };
                if relay.as_deref().is_some_and(|relay| !relay_ok(relay)) {
                    return Err("relay".into());
                }
            }
            KeptPlace::Hosted { port, snapshot } => {
                if *port == 0 {
                    return Err("port".into());
                }
                if !snapshot.is_object() {
                    return Err("snapshot".into());
                }
            }
        }
        Ok(())
    }

    /// Whether this app hosts the table.
    pub fn hosted(&self) -> bool {
        matches!(self.place, KeptPlace::Hosted { .. })
    }
}

/// Text of at most [`MAX_NAME_BYTES`] without control characters.
fn printable(text: &str) -> bool {
    text.len() <= MAX_NAME_BYTES && !text.chars().any(char::is_control)
}

/// Example records for tests (this crate's and the app's).
#[cfg(any(test, feature = "test-support"))]
pub mod examples {
    use super::*;

    /// A seat at a table joined at another machine.
    pub fn joined() -> KeptTable {
        KeptTable {
            code: "1RGK4-T8SA9".into(),
            token: "0123456789ABCDEF0123456789ABCDEF".into(),
            your_name: "Bea".into(),
            table_name: "Friday cards".into(),
            seated_ms: 1_700_000_000_000,
            place: KeptPlace::Joined {
                address: "192.168.1.20:7878".into(),
                more: Vec::new(),
                relay: None,
            },
        }
    }

    /// A table this app hosts.
    pub fn hosted() -> KeptTable {
        KeptTable {
            place: KeptPlace::Hosted {
                port: 7878,
                snapshot: serde_json::json!({"version": 1, "code": "1RGK4-T8SA9"}),
            },
            your_name: "Ada".into(),
            ..joined()
        }
    }
}
