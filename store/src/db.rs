//! The database file: `briscola.sqlite` in the data folder, opened through SQLite (bundled with
//! the crate, so nothing depends on the system's version) with write-ahead logging, full
//! synchronous commits, foreign keys and a bounded busy wait; its schema has a version
//! (`PRAGMA user_version`) and an ordered list of migrations, each applied in one transaction.
//!
//! Tables (see `docs/persistence.md`): `documents` (the preferences and the unfinished match, as
//! versioned JSON), `matches` (one row per finished match: the columns the History screen filters
//! and sorts on, and the summary as JSON), `records` (the full match record, read only when a match
//! is opened), `reviews` (one per reviewed match, with the caller's small digest of it, which the
//! statistics over all reviews read instead of the review), `tallies` (matches per kind, preset, levels and
//! outcome) and `hand_points` (how many finished hands scored each card-point count), both kept
//! with every change for the Statistics screen, `meta` (totals kept with every change, and
//! whether the files of earlier versions were imported).
//!
//! SQLite errors become I/O errors of the matching kind (busy, read-only, full, corrupt), so the
//! store names a folder problem the same way whatever failed. Deliberately absent: any other
//! connection setting, and opening through a symbolic link (`SQLITE_OPEN_NOFOLLOW`).

use std::io;
use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, OpenFlags};

/// The database's file name in the data folder.
pub const DATABASE_FILE: &str = "briscola.sqlite";

/// How long a statement waits for another connection's lock before it gives up.
pub const BUSY_WAIT: Duration = Duration::from_millis(1500);

/// The schema version this build writes; `MIGRATIONS[i]` brings version `i` to `i + 1`.
pub const SCHEMA_VERSION: u32 = 1;

const MIGRATIONS: [&str; SCHEMA_VERSION as usize] = [r"
CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL) STRICT;
CREATE TABLE documents (
    name TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    data TEXT NOT NULL
) STRICT;
CREATE TABLE matches (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    finished_at_ms INTEGER NOT NULL,
    preset TEXT NOT NULL,
    players INTEGER NOT NULL,
    levels TEXT NOT NULL,
    with_people INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    summary TEXT NOT NULL
) STRICT;
CREATE INDEX matches_newest
    ON matches (finished_at_ms DESC, id, preset, players, levels, with_people, outcome);
CREATE TABLE records (
    seq INTEGER PRIMARY KEY REFERENCES matches (seq) ON DELETE CASCADE,
    record TEXT NOT NULL
) STRICT;
CREATE TABLE reviews (
    seq INTEGER PRIMARY KEY REFERENCES matches (seq) ON DELETE CASCADE,
    review TEXT NOT NULL,
    digest TEXT
) STRICT;
CREATE INDEX matches_by_kind ON matches (with_people, finished_at_ms, id, outcome);
CREATE TABLE tallies (
    with_people INTEGER NOT NULL,
    preset TEXT NOT NULL,
    levels TEXT NOT NULL,
    outcome TEXT NOT NULL,
    matches INTEGER NOT NULL,
    PRIMARY KEY (with_people, preset, levels, outcome)
) STRICT;
CREATE TABLE hand_points (
    with_people INTEGER NOT NULL,
    points INTEGER NOT NULL,
    hands INTEGER NOT NULL,
    PRIMARY KEY (with_people, points)
) STRICT;
INSERT INTO meta (key, value) VALUES ('matches', 0), ('bytes', 0), ('legacy_imported', 0);
"];

/// Opens (creating if missing) the database at `path` and brings its schema up to date. A newer
/// schema than this build knows is refused (`Unsupported`), never changed.
pub fn open(path: &Path, busy: Duration) -> io::Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
        | OpenFlags::SQLITE_OPEN_CREATE
        | OpenFlags::SQLITE_OPEN_NO_MUTEX
        | OpenFlags::SQLITE_OPEN_NOFOLLOW;
    let mut conn = Connection::open_with_flags(path, flags).map_err(io_error)?;
    conn.busy_timeout(busy).map_err(io_error)?;
    let mode: String = conn
        .query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))
        .map_err(io_error)?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(io::Error::other(format!(
            "the database could not use write-ahead logging (journal mode {mode})"
        )));
    }
    conn.execute_batch("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
        .map_err(io_error)?;
    migrate(&mut conn)?;
    Ok(conn)
}

/// Applies the migrations the database lacks, each in its own immediate transaction.
fn migrate(conn: &mut Connection) -> io::Result<()> {
    loop {
        let tx = conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .map_err(io_error)?;
        let version: u32 = tx
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .map_err(io_error)?;
        if version > SCHEMA_VERSION {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                format!(
                    "the database has schema {version}, newer than this version reads ({SCHEMA_VERSION})"
                ),
            ));
        }
        let Some(step) = MIGRATIONS.get(version as usize) else {
            return Ok(());
        };
        tx.execute_batch(step).map_err(io_error)?;
        tx.pragma_update(None, "user_version", version + 1)
            .map_err(io_error)?;
        tx.commit().map_err(io_error)?;
    }
}

/// A SQLite error as an I/O error of the matching kind: busy or locked → `ResourceBusy`,
/// read-only or no permission → `PermissionDenied`, full → `StorageFull`, corrupt or not a
/// database → `InvalidData`, an I/O failure → `Other` with SQLite's message.
pub fn io_error(error: rusqlite::Error) -> io::Error {
    let kind = match error.sqlite_error_code() {
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => io::ErrorKind::ResourceBusy,
        Some(ErrorCode::ReadOnly | ErrorCode::PermissionDenied | ErrorCode::CannotOpen) => {
            io::ErrorKind::PermissionDenied
        }
        Some(ErrorCode::DiskFull) => io::ErrorKind::StorageFull,
        Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => io::ErrorKind::InvalidData,
        _ => io::ErrorKind::Other,
    };
    io::Error::new(kind, error)
}

/// Whether `error` says the database file itself is damaged (a corrupt page, not a database).
pub fn is_corrupt(error: &io::Error) -> bool {
    error
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<rusqlite::Error>())
        .and_then(rusqlite::Error::sqlite_error_code)
        .is_some_and(|code| matches!(code, ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase))
}
