//! The pure parts: an announcement as TXT properties, one resolved service as a checked
//! [`DiscoveredTable`] (or a [`Refusal`]), and the capped list of tables a browser keeps.

use std::collections::{BTreeMap, BTreeSet};
use std::net::IpAddr;
use std::str::FromStr;

use briscola::{MAX_PLAYERS, Preset};

use super::{
    Announcement, DiscoveredTable, DiscoveryError, MAX_ADDRESSES, MAX_TABLES, SERVICE_TYPE,
};
use crate::protocol::VERSION;
use crate::text;

/// The TXT keys (see the module docs).
pub(super) const KEY_VERSION: &str = "v";
pub(super) const KEY_NAME: &str = "name";
pub(super) const KEY_HOST: &str = "host";
pub(super) const KEY_PRESET: &str = "preset";
pub(super) const KEY_PLAYERS: &str = "players";
pub(super) const KEY_FREE: &str = "free";

/// The fewest seats at a table.
const MIN_PLAYERS: u8 = 2;

/// Most bytes in a DNS label, and so in an instance name.
const MAX_INSTANCE_BYTES: usize = 63;

/// Why a resolved service is not listed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The full name is not an instance of [`SERVICE_TYPE`], or its instance label is empty, longer
    /// than a DNS label or holds control characters.
    #[error("not a table's instance name")]
    BadInstance,
    /// A TXT key is missing.
    #[error("no `{key}` key")]
    Missing {
        /// The key.
        key: &'static str,
    },
    /// A TXT value is not valid: not UTF-8, not a number, a name empty, too long or holding control
    /// characters, a preset this build does not know, players outside 2 to 6, more seats free than
    /// seats.
    #[error("the `{key}` value is not valid")]
    Invalid {
        /// The key.
        key: &'static str,
    },
    /// Port 0.
    #[error("port 0")]
    BadPort,
    /// More than [`MAX_ADDRESSES`] distinct addresses.
    #[error("more than {MAX_ADDRESSES} addresses")]
    TooManyAddresses,
    /// An unspecified, multicast or broadcast address.
    #[error("an unspecified, multicast or broadcast address")]
    BadAddress,
    /// No address left once link-local IPv6 addresses are set aside.
    #[error("no usable address")]
    NoAddress,
    /// The browser already lists [`MAX_TABLES`] tables.
    #[error("already {MAX_TABLES} tables listed")]
    Full,
}

/// The TXT properties that announce `info`, once it passes the checks a browser makes: names through
/// [`text::name`], 2 to 6 players, no more seats free than seats. Nothing else goes in: no code, no
/// token.
pub fn txt_properties(info: &Announcement) -> Result<Vec<(&'static str, String)>, DiscoveryError> {
    let name = text::name(&info.name).map_err(|_| DiscoveryError::BadName)?;
    let host = text::name(&info.host).map_err(|_| DiscoveryError::BadHost)?;
    if !players_ok(info.players) {
        return Err(DiscoveryError::BadPlayers {
            players: info.players,
        });
    }
    if info.seats_free > info.players {
        return Err(DiscoveryError::BadSeatsFree {
            seats_free: info.seats_free,
            players: info.players,
        });
    }
    Ok(vec![
        (KEY_VERSION, VERSION.to_string()),
        (KEY_NAME, name),
        (KEY_HOST, host),
        (KEY_PRESET, info.preset.id().to_string()),
        (KEY_PLAYERS, info.players.to_string()),
        (KEY_FREE, info.seats_free.to_string()),
    ])
}

/// One resolved service as a table, or why it is not listed (see the module docs for the checks).
///
/// `fullname` is the service instance's full name (`<instance>._briscola._tcp.local.`);
/// `properties` its TXT key/value pairs, in order (keys compare ignoring ASCII case, and only the
/// first of a repeated key counts, as RFC 6763 says; unknown keys are ignored); `addresses` and `port`
/// come from its address and SRV records.
pub fn read_record<'a>(
    fullname: &str,
    properties: impl IntoIterator<Item = (&'a str, Option<&'a [u8]>)>,
    addresses: impl IntoIterator<Item = IpAddr>,
    port: u16,
) -> Result<DiscoveredTable, Refusal> {
    let id = instance(fullname).ok_or(Refusal::BadInstance)?;
    let properties = Properties::first_of_each(properties);

    let protocol = properties.number::<u32>(KEY_VERSION)?;
    let name = properties.name(KEY_NAME)?;
    let host = properties.name(KEY_HOST)?;
    let preset = Preset::from_str(properties.text(KEY_PRESET)?)
        .map_err(|_| Refusal::Invalid { key: KEY_PRESET })?;
    let players = properties.number::<u8>(KEY_PLAYERS)?;
    if !players_ok(players) {
        return Err(Refusal::Invalid { key: KEY_PLAYERS });
    }
    let seats_free = properties.number::<u8>(KEY_FREE)?;
    if seats_free > players {
        return Err(Refusal::Invalid { key: KEY_FREE });
    }
    if port == 0 {
        return Err(Refusal::BadPort);
    }
    let addresses = usable_addresses(addresses)?;

    Ok(DiscoveredTable {
        id: id.to_string(),
        name,
        host,
        preset,
        players,
        seats_free,
        protocol,
        compatible: protocol == VERSION,
        addresses,
        port,
    })
}

fn players_ok(players: u8) -> bool {
    (MIN_PLAYERS..=MAX_PLAYERS as u8).contains(&players)
}

/// The instance label of `fullname`, if it is one of [`SERVICE_TYPE`] and a clean DNS label.
fn instance(fullname: &str) -> Option<&str> {
    let split = fullname.len().checked_sub(SERVICE_TYPE.len() + 1)?;
    let (label, suffix) = (fullname.get(..split)?, fullname.get(split..)?);
    let suffix = suffix.strip_prefix('.')?;
    let clean = !label.is_empty()
        && label.len() <= MAX_INSTANCE_BYTES
        && !label.chars().any(text::is_forbidden);
    (suffix.eq_ignore_ascii_case(SERVICE_TYPE) && clean).then_some(label)
}

/// Distinct addresses, at most [`MAX_ADDRESSES`], none unspecified, multicast or broadcast; link-local
/// IPv6 ones (unreachable without their interface) set aside; IPv4 first.
fn usable_addresses(addresses: impl IntoIterator<Item = IpAddr>) -> Result<Vec<IpAddr>, Refusal> {
    let mut distinct = BTreeSet::new();
    for address in addresses {
        let bad = address.is_unspecified()
            || address.is_multicast()
            || matches!(address, IpAddr::V4(v4) if v4.is_broadcast());
        if bad {
            return Err(Refusal::BadAddress);
        }
        distinct.insert(address);
        if distinct.len() > MAX_ADDRESSES {
            return Err(Refusal::TooManyAddresses);
        }
    }
    let usable: Vec<IpAddr> = distinct
        .into_iter()
        .filter(|address| !matches!(address, IpAddr::V6(v6) if v6.is_unicast_link_local()))
        .collect();
    if usable.is_empty() {
        return Err(Refusal::NoAddress);
    }
    Ok(usable)
}

/// A record's TXT properties, the first of each key.
struct Properties<'a>(Vec<(&'a str, Option<&'a [u8]>)>);

impl<'a> Properties<'a> {
    fn first_of_each(properties: impl IntoIterator<Item = (&'a str, Option<&'a [u8]>)>) -> Self {
        let mut first: Vec<(&'a str, Option<&'a [u8]>)> = Vec::new();
        for (key, value) in properties {
            if !first.iter().any(|(seen, _)| seen.eq_ignore_ascii_case(key)) {
                first.push((key, value));
            }
        }
        Properties(first)
    }

    /// The value of `key` as text.
    fn text(&self, key: &'static str) -> Result<&'a str, Refusal> {
        let (_, value) = self
            .0
            .iter()
            .find(|(candidate, _)| candidate.eq_ignore_ascii_case(key))
            .ok_or(Refusal::Missing { key })?;
        // A key without `=` has no value: as invalid as a value that is not UTF-8.
        value
            .and_then(|bytes| std::str::from_utf8(bytes).ok())
            .ok_or(Refusal::Invalid { key })
    }

    /// The value of `key` as a name ([`text::name`]).
    fn name(&self, key: &'static str) -> Result<String, Refusal> {
        text::name(self.text(key)?).map_err(|_| Refusal::Invalid { key })
    }

    /// The value of `key` as a number: decimal digits only (no sign, no spaces).
    fn number<N: FromStr>(&self, key: &'static str) -> Result<N, Refusal> {
        let text = self.text(key)?;
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Refusal::Invalid { key });
        }
        text.parse().map_err(|_| Refusal::Invalid { key })
    }
}

/// The tables a browser lists, keyed by full name (ignoring ASCII case, as DNS does), at most
/// [`MAX_TABLES`].
#[derive(Debug, Default)]
pub(crate) struct TableList {
    tables: BTreeMap<String, DiscoveredTable>,
}

impl TableList {
    /// A service `fullname` was resolved (again) to `record`. A listed table is replaced; a refused
    /// record takes its table off the list (it is no longer what was checked); a new table is refused
    /// when the list is full.
    pub(crate) fn resolved(
        &mut self,
        fullname: &str,
        record: Result<DiscoveredTable, Refusal>,
    ) -> Result<(), Refusal> {
        let key = fullname.to_ascii_lowercase();
        match record {
            Err(refusal) => {
                self.tables.remove(&key);
                Err(refusal)
            }
            Ok(table) => {
                if !self.tables.contains_key(&key) && self.tables.len() >= MAX_TABLES {
                    return Err(Refusal::Full);
                }
                self.tables.insert(key, table);
                Ok(())
            }
        }
    }

    /// The service `fullname` left.
    pub(crate) fn removed(&mut self, fullname: &str) {
        self.tables.remove(&fullname.to_ascii_lowercase());
    }

    /// Forgets every table.
    pub(crate) fn clear(&mut self) {
        self.tables.clear();
    }

    /// The tables listed, by name (then host, then id).
    pub(crate) fn tables(&self) -> Vec<DiscoveredTable> {
        let mut tables: Vec<DiscoveredTable> = self.tables.values().cloned().collect();
        tables.sort_by(|a, b| {
            (a.name.to_lowercase(), &a.host, &a.id).cmp(&(b.name.to_lowercase(), &b.host, &b.id))
        });
        tables
    }
}
