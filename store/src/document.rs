//! Versioned JSON documents (preferences, the unfinished match): `{"version": N, "data": …}`,
//! upgraded on load through an ordered list of migrations, written atomically and durably (a
//! save returns only once the new content survives a power loss).
//!
//! Loading never destroys anything: an unparsable file (or one over [`MAX_DOCUMENT_BYTES`]) is
//! moved aside; a file from a newer app version is left untouched and the document becomes
//! read-only for this run; a migrated file keeps its original bytes in a backup beside it. A
//! file without a `version` field is version 0 (the whole object is its data).
//!
//! Deliberately absent: locking (callers hold the data-folder lock around load and save).

use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::atomic::{create_new_durable, write_atomic};
use super::disk::{Disk, read_capped, too_large};
use super::quarantine::{fresh_side_path, move_aside};
use super::warning::StoreWarning;

/// Largest document read or written: far above any real preferences or unfinished match, low
/// enough that a huge file is refused at once instead of parsed.
pub const MAX_DOCUMENT_BYTES: u64 = 4 * 1024 * 1024;

/// Upgrades a document's data by one version, or says why it cannot.
pub type Migration = fn(Value) -> Result<Value, String>;

/// A kind of document: its file name, current version and migrations.
#[derive(Debug, Clone, Copy)]
pub struct DocumentSpec {
    /// File name inside the data folder.
    pub file_name: &'static str,
    /// The version this build writes.
    pub version: u32,
    /// `migrations[i]` upgrades version `version - migrations.len() + i` by one; older
    /// versions are unreadable.
    pub migrations: &'static [Migration],
}

/// The result of loading a document.
#[derive(Debug)]
pub struct Loaded<T> {
    /// The data, or `None` if the file is missing or was unusable.
    pub value: Option<T>,
    /// False when the file is from a newer version: saving would destroy it.
    pub writable: bool,
    /// What was worked around.
    pub warnings: Vec<StoreWarning>,
}

impl<T> Loaded<T> {
    /// The repair step on load: `repair` puts out-of-range fields back in range and names
    /// them; a `repaired` warning lists them. The file is not rewritten (the next save
    /// writes the repaired value), so nothing on disk changes just by opening.
    pub fn repaired(
        mut self,
        file: &str,
        repair: impl FnOnce(T) -> (T, Vec<&'static str>),
    ) -> Self {
        if let Some(value) = self.value.take() {
            let (value, fields) = repair(value);
            if !fields.is_empty() {
                self.warnings.push(StoreWarning::Repaired {
                    file: file.into(),
                    fields: fields.into_iter().map(String::from).collect(),
                });
            }
            self.value = Some(value);
        }
        self
    }
}

impl DocumentSpec {
    /// The document's path inside `dir`.
    pub fn path(&self, dir: &Path) -> PathBuf {
        dir.join(self.file_name)
    }

    /// Reads, upgrades and parses the document (see the module docs for what happens to bad
    /// files). Only I/O errors other than "not found" are returned as errors (a symbolic link
    /// or a folder in the document's place is one).
    pub fn load<T: DeserializeOwned + Serialize>(
        &self,
        disk: &dyn Disk,
        dir: &Path,
    ) -> io::Result<Loaded<T>> {
        let path = self.path(dir);
        let bytes = match read_capped(disk, &path, MAX_DOCUMENT_BYTES) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => {
                return Ok(Loaded {
                    value: None,
                    writable: true,
                    warnings: Vec::new(),
                });
            }
            Err(error) if error.kind() == io::ErrorKind::InvalidData => {
                return self.quarantine(disk, &path, format!("too large: {error}"));
            }
            Err(error) => return Err(error),
        };
        match self.decode::<T>(&bytes) {
            Decoded::Current(value) => Ok(Loaded {
                value: Some(value),
                writable: true,
                warnings: Vec::new(),
            }),
            Decoded::Migrated { value, from } => {
                let backup = fresh_side_path(disk, &path, &format!("v{from}-backup"))?;
                create_new_durable(disk, &backup, &bytes)?;
                self.save(disk, dir, &value)?;
                Ok(Loaded {
                    value: Some(value),
                    writable: true,
                    warnings: vec![StoreWarning::Migrated {
                        file: self.file_name.into(),
                        from,
                        to: self.version,
                        backup: backup.display().to_string(),
                    }],
                })
            }
            Decoded::Future(found) => Ok(Loaded {
                value: None,
                writable: false,
                warnings: vec![StoreWarning::FutureVersion {
                    file: self.file_name.into(),
                    found,
                    supported: self.version,
                }],
            }),
            Decoded::Unreadable(detail) => self.quarantine(disk, &path, detail),
        }
    }

    /// Moves an unreadable document aside and reports it.
    fn quarantine<T>(&self, disk: &dyn Disk, path: &Path, detail: String) -> io::Result<Loaded<T>> {
        let aside = move_aside(disk, path, "corrupt")?;
        Ok(Loaded {
            value: None,
            writable: true,
            warnings: vec![StoreWarning::Quarantined {
                file: self.file_name.into(),
                moved_to: aside.display().to_string(),
                detail,
            }],
        })
    }

    /// Writes `value` as the current version, atomically and durably. A document over
    /// [`MAX_DOCUMENT_BYTES`] is refused (nothing is written).
    pub fn save<T: Serialize>(&self, disk: &dyn Disk, dir: &Path, value: &T) -> io::Result<()> {
        let document = json!({ "version": self.version, "data": value });
        let mut bytes = serde_json::to_vec_pretty(&document).map_err(io::Error::other)?;
        bytes.push(b'\n');
        let len = bytes.len() as u64;
        if len > MAX_DOCUMENT_BYTES {
            return Err(too_large(len, MAX_DOCUMENT_BYTES));
        }
        write_atomic(disk, &self.path(dir), &bytes)
    }

    /// Removes the document (a missing file is fine), durably.
    pub fn remove(&self, disk: &dyn Disk, dir: &Path) -> io::Result<()> {
        match disk.remove(&self.path(dir)) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
            _ => disk.sync_dir(dir),
        }
    }

    fn decode<T: DeserializeOwned>(&self, bytes: &[u8]) -> Decoded<T> {
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

enum Decoded<T> {
    Current(T),
    Migrated { value: T, from: u32 },
    Future(u32),
    Unreadable(String),
}

fn len_u32<T>(items: &[T]) -> u32 {
    u32::try_from(items.len()).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::disk::RealDisk;
    use crate::warning::WarningKind;
    use serde::Deserialize;
    use std::fs;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
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

    fn files(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn missing_file_is_empty_and_writable() {
        let dir = tempfile::tempdir().unwrap();
        let loaded = SPEC.load::<Doc>(&RealDisk, dir.path()).unwrap();
        assert!(loaded.value.is_none() && loaded.writable && loaded.warnings.is_empty());
    }

    #[test]
    fn round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let doc = Doc {
            name: "a".into(),
            size: 3,
        };
        SPEC.save(&RealDisk, dir.path(), &doc).unwrap();
        let loaded = SPEC.load::<Doc>(&RealDisk, dir.path()).unwrap();
        assert_eq!(loaded.value, Some(doc));
        assert!(loaded.warnings.is_empty());
    }

    #[test]
    fn version_zero_runs_every_migration_and_keeps_a_backup() {
        let dir = tempfile::tempdir().unwrap();
        let original = br#"{"title":"old"}"#;
        fs::write(SPEC.path(dir.path()), original).unwrap();
        let loaded = SPEC.load::<Doc>(&RealDisk, dir.path()).unwrap();
        assert_eq!(
            loaded.value,
            Some(Doc {
                name: "old".into(),
                size: 7
            })
        );
        assert_eq!(loaded.warnings[0].kind(), WarningKind::Migrated);
        let StoreWarning::Migrated { backup, .. } = &loaded.warnings[0] else {
            panic!("{:?}", loaded.warnings);
        };
        let backup = PathBuf::from(backup);
        assert_eq!(fs::read(backup).unwrap(), original);
        // The upgraded file is now current and loads without warnings.
        let again = SPEC.load::<Doc>(&RealDisk, dir.path()).unwrap();
        assert!(again.warnings.is_empty());
        assert_eq!(again.value.unwrap().size, 7);
    }

    #[test]
    fn middle_version_runs_only_later_migrations() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(
            SPEC.path(dir.path()),
            br#"{"version":1,"data":{"name":"mid"}}"#,
        )
        .unwrap();
        let loaded = SPEC.load::<Doc>(&RealDisk, dir.path()).unwrap();
        assert_eq!(loaded.value.unwrap().name, "mid");
    }

    #[test]
    fn future_version_is_left_untouched_and_read_only() {
        let dir = tempfile::tempdir().unwrap();
        let future = br#"{"version":9,"data":{"whatever":true}}"#;
        fs::write(SPEC.path(dir.path()), future).unwrap();
        let loaded = SPEC.load::<Doc>(&RealDisk, dir.path()).unwrap();
        assert!(loaded.value.is_none());
        assert!(!loaded.writable);
        assert_eq!(loaded.warnings[0].kind(), WarningKind::FutureVersion);
        assert_eq!(fs::read(SPEC.path(dir.path())).unwrap(), future);
        assert_eq!(files(dir.path()), vec!["doc.json"]);
    }

    #[test]
    fn corrupt_and_truncated_files_are_moved_aside() {
        for bad in [
            &b"{\"version\":2,\"data\":{\"name\":\"x\",\"si"[..],
            b"\x00\xff garbage",
            b"[1,2,3]",
            b"{\"version\":\"two\",\"data\":{}}",
            b"{\"version\":2,\"data\":{\"name\":5,\"size\":1}}",
            b"",
        ] {
            let dir = tempfile::tempdir().unwrap();
            fs::write(SPEC.path(dir.path()), bad).unwrap();
            let loaded = SPEC.load::<Doc>(&RealDisk, dir.path()).unwrap();
            assert!(loaded.value.is_none());
            assert!(loaded.writable);
            assert_eq!(loaded.warnings[0].kind(), WarningKind::Quarantined);
            let StoreWarning::Quarantined { moved_to, .. } = &loaded.warnings[0] else {
                panic!("{:?}", loaded.warnings);
            };
            let aside = PathBuf::from(moved_to);
            assert_eq!(fs::read(aside).unwrap(), bad, "content kept byte for byte");
            assert!(!SPEC.path(dir.path()).exists());
        }
    }

    #[test]
    fn failed_migration_quarantines() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(SPEC.path(dir.path()), br#"{"no_title":1}"#).unwrap();
        let loaded = SPEC.load::<Doc>(&RealDisk, dir.path()).unwrap();
        assert_eq!(loaded.warnings[0].kind(), WarningKind::Quarantined);
        assert!(
            loaded.warnings[0]
                .to_string()
                .contains("upgrade from version 0")
        );
    }

    #[test]
    fn oversized_files_are_moved_aside_unread_and_never_written() {
        let dir = tempfile::tempdir().unwrap();
        let huge = vec![b' '; usize::try_from(MAX_DOCUMENT_BYTES).unwrap() + 1];
        fs::write(SPEC.path(dir.path()), &huge).unwrap();
        let loaded = SPEC.load::<Doc>(&RealDisk, dir.path()).unwrap();
        assert_eq!(loaded.warnings[0].kind(), WarningKind::Quarantined);
        assert!(loaded.warnings[0].to_string().contains("too large"));
        let big = Doc {
            name: "x".repeat(huge.len()),
            size: 1,
        };
        let error = SPEC.save(&RealDisk, dir.path(), &big).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert!(!SPEC.path(dir.path()).exists());
    }

    #[test]
    fn remove_tolerates_a_missing_file() {
        let dir = tempfile::tempdir().unwrap();
        SPEC.remove(&RealDisk, dir.path()).unwrap();
        SPEC.save(
            &RealDisk,
            dir.path(),
            &Doc {
                name: "x".into(),
                size: 1,
            },
        )
        .unwrap();
        SPEC.remove(&RealDisk, dir.path()).unwrap();
        assert!(files(dir.path()).is_empty());
    }
}
