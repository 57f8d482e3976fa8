//! The versioned documents in the database (`documents` table: name, version, JSON data): the
//! preferences and the unfinished match. A row is read through its [`DocumentSpec`]'s migrations
//! like the files of earlier versions were, and written whole in one statement (SQLite makes it
//! atomic and durable). Data over [`MAX_DOCUMENT_BYTES`] is refused on the way in and left unread
//! on the way out.
//!
//! Deliberately absent: keeping old versions of a row (the upgrade from files keeps the files).

use std::io;

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;

use crate::db::io_error;
use crate::disk::too_large;
use crate::document::MAX_DOCUMENT_BYTES;

/// Writes document `name` as `version` with `data`, replacing any row.
pub fn put(conn: &Connection, name: &str, version: u32, data: &Value) -> io::Result<()> {
    let json = serde_json::to_string(data).map_err(io::Error::other)?;
    if json.len() as u64 > MAX_DOCUMENT_BYTES {
        return Err(too_large(json.len() as u64, MAX_DOCUMENT_BYTES));
    }
    conn.execute(
        "INSERT INTO documents (name, version, data) VALUES (?1, ?2, ?3) \
         ON CONFLICT (name) DO UPDATE SET version = excluded.version, data = excluded.data",
        params![name, version, json],
    )
    .map_err(io_error)?;
    Ok(())
}

/// Removes document `name` (a missing one is fine).
pub fn remove(conn: &Connection, name: &str) -> io::Result<()> {
    conn.execute("DELETE FROM documents WHERE name = ?1", [name])
        .map_err(io_error)?;
    Ok(())
}

/// Document `name` as the bytes of a versioned file (`{"version": N, "data": …}`), for
/// [`crate::document::DocumentSpec::decode`]; `None` if there is none. One over the size cap is
/// an `InvalidData` error (it is not loaded).
pub fn get(conn: &Connection, name: &str) -> io::Result<Option<Vec<u8>>> {
    let row: Option<(i64, Option<String>)> = conn
        .query_row(
            &format!(
                "SELECT version, CASE WHEN length(data) <= {MAX_DOCUMENT_BYTES} THEN data END \
                 FROM documents WHERE name = ?1"
            ),
            [name],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .optional()
        .map_err(io_error)?;
    match row {
        None => Ok(None),
        Some((version, Some(data))) => Ok(Some(
            format!("{{\"version\":{version},\"data\":{data}}}").into_bytes(),
        )),
        Some((_, None)) => Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{name} is over {MAX_DOCUMENT_BYTES} bytes"),
        )),
    }
}
