//! Versioned JSON documents (preferences, the unfinished match): `{"version": N, "data": …}`,
//! upgraded when read through an ordered list of migrations. The database keeps each document as
//! a row of the same shape ([`crate::documents`]); the files of earlier versions are read through
//! the same [`DocumentSpec::decode`] when a data folder is upgraded ([`crate::legacy`]).
//!
//! A document without a `version` field is version 0 (the whole object is its data); one newer
//! than this build is reported as such and never changed; one that does not parse or upgrade is
//! unreadable (the caller keeps its bytes aside).
//!
//! Deliberately absent: reading or writing files (the store and the upgrade do).

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde_json::Value;

/// Largest document read or written: far above any real preferences or unfinished match, low
/// enough that a huge one is refused at once instead of parsed.
pub const MAX_DOCUMENT_BYTES: u64 = 4 * 1024 * 1024;

/// Upgrades a document's data by one version, or says why it cannot.
pub type Migration = fn(Value) -> Result<Value, String>;

/// A kind of document: its name (its file name in earlier versions), current version and
/// migrations.
#[derive(Debug, Clone, Copy)]
pub struct DocumentSpec {
    /// Its name: the database row's, and the file's in the data folder of earlier versions.
    pub file_name: &'static str,
    /// The version this build writes.
    pub version: u32,
    /// `migrations[i]` upgrades version `version - migrations.len() + i` by one; older
    /// versions are unreadable.
    pub migrations: &'static [Migration],
}

impl DocumentSpec {
    /// The document's file inside `dir` (earlier versions).
    pub fn path(&self, dir: &Path) -> PathBuf {
        dir.join(self.file_name)
    }

    /// Parses and upgrades a document's bytes (`{"version": N, "data": …}`, or version 0).
    pub fn decode<T: DeserializeOwned>(&self, bytes: &[u8]) -> Decoded<T> {
        let root: Value = match serde_json::from_slice(bytes) {
            Ok(root) => root,
            Err(error) => return Decoded::Unreadable(format!("not valid JSON: {error}")),
        };
        let Value::Object(mut object) = root else {
            return Decoded::Unreadable("not a JSON object".into());
        };
        let (found, mut data) = match object.remove("version") {
            None => (0, Value::Object(object)),
            Some(version) => {
                let Some(found) = version.as_u64().and_then(|v| u32::try_from(v).ok()) else {
                    return Decoded::Unreadable(format!("bad version {version}"));
                };
                (found, object.remove("data").unwrap_or(Value::Null))
            }
        };
        if found > self.version {
            return Decoded::Future(found);
        }
        let oldest = self.version.saturating_sub(len_u32(self.migrations));
        if found < oldest {
            return Decoded::Unreadable(format!("version {found} is too old to upgrade"));
        }
        let first = usize::try_from(found - oldest).unwrap_or(usize::MAX);
        for (step, migrate) in self.migrations.iter().enumerate().skip(first) {
            data = match migrate(data) {
                Ok(next) => next,
                Err(reason) => {
                    return Decoded::Unreadable(format!(
                        "upgrade from version {} failed: {reason}",
                        u64::from(oldest) + step as u64
                    ));
                }
            };
        }
        match serde_json::from_value(data) {
            Ok(value) if found == self.version => Decoded::Current(value),
            Ok(value) => Decoded::Migrated { value, from: found },
            Err(error) => Decoded::Unreadable(format!("unexpected content: {error}")),
        }
    }
}

/// A document's bytes, read.
#[derive(Debug)]
pub enum Decoded<T> {
    /// Of the current version.
    Current(T),
    /// Upgraded from version `from`.
    Migrated {
        /// The data, upgraded.
        value: T,
        /// Its version before.
        from: u32,
    },
    /// Of a newer version than this build reads.
    Future(u32),
    /// Not a readable document, and why.
    Unreadable(String),
}

fn len_u32<T>(items: &[T]) -> u32 {
    u32::try_from(items.len()).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, PartialEq, Deserialize)]
    struct Doc {
        name: String,
        size: u32,
    }

    fn rename_field(mut data: Value) -> Result<Value, String> {
        let object = data.as_object_mut().ok_or("not an object")?;
        let old = object.remove("title").ok_or("no title")?;
        object.insert("name".into(), old);
        Ok(data)
    }

    fn add_size(mut data: Value) -> Result<Value, String> {
        data.as_object_mut()
            .ok_or("not an object")?
            .insert("size".into(), json!(7));
        Ok(data)
    }

    const SPEC: DocumentSpec = DocumentSpec {
        file_name: "doc.json",
        version: 2,
        migrations: &[rename_field, add_size],
    };

    #[test]
    fn current_documents_read_as_they_are() {
        let decoded = SPEC.decode::<Doc>(br#"{"version":2,"data":{"name":"a","size":3}}"#);
        assert!(matches!(decoded, Decoded::Current(Doc { size: 3, .. })));
    }

    #[test]
    fn version_zero_runs_every_migration() {
        match SPEC.decode::<Doc>(br#"{"title":"old"}"#) {
            Decoded::Migrated { value, from: 0 } => assert_eq!(
                value,
                Doc {
                    name: "old".into(),
                    size: 7
                }
            ),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn middle_version_runs_only_later_migrations() {
        match SPEC.decode::<Doc>(br#"{"version":1,"data":{"name":"mid"}}"#) {
            Decoded::Migrated { value, from: 1 } => assert_eq!(value.name, "mid"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn future_versions_are_named_not_read() {
        let decoded = SPEC.decode::<Doc>(br#"{"version":9,"data":{"whatever":true}}"#);
        assert!(matches!(decoded, Decoded::Future(9)));
    }

    #[test]
    fn corrupt_truncated_and_failed_upgrades_are_unreadable() {
        for bad in [
            &b"{\"version\":2,\"data\":{\"name\":\"x\",\"si"[..],
            b"\x00\xff garbage",
            b"[1,2,3]",
            b"{\"version\":\"two\",\"data\":{}}",
            b"{\"version\":2,\"data\":{\"name\":5,\"size\":1}}",
            b"",
            br#"{"no_title":1}"#,
        ] {
            assert!(
                matches!(SPEC.decode::<Doc>(bad), Decoded::Unreadable(_)),
                "{bad:?}"
            );
        }
        let Decoded::Unreadable(why) = SPEC.decode::<Doc>(br#"{"no_title":1}"#) else {
            panic!("unreadable");
        };
        assert!(why.contains("upgrade from version 0"), "{why}");
    }
}
