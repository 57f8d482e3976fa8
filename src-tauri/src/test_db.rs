//! Tests' direct view of the store's database, as an outside process (or a hand edit) would
//! see it: documents read and rewritten, and a logical dump of everything stored.

#![allow(clippy::unwrap_used)] // test helpers: a panic is the failure report

use std::path::Path;

use rusqlite::Connection;
use serde_json::{Map, Value, json};

fn open(dir: &Path) -> Connection {
    Connection::open(dir.join(briscola_store::db::DATABASE_FILE)).unwrap()
}

/// The data of document `name` (`None` when there is none).
pub fn document(dir: &Path, name: &str) -> Option<Value> {
    open(dir)
        .query_row("SELECT data FROM documents WHERE name = ?1", [name], |r| {
            r.get::<_, String>(0)
        })
        .ok()
        .map(|data| serde_json::from_str(&data).unwrap())
}

/// Replaces the data of document `name`, as a hand edit would.
pub fn set_document(dir: &Path, name: &str, data: &Value) {
    let changed = open(dir)
        .execute(
            "UPDATE documents SET data = ?2 WHERE name = ?1",
            [name, data.to_string().as_str()],
        )
        .unwrap();
    assert_eq!(changed, 1, "{name} is stored");
}

/// The names of every stored document.
pub fn document_names(dir: &Path) -> Vec<String> {
    let conn = open(dir);
    let mut statement = conn
        .prepare("SELECT name FROM documents ORDER BY name")
        .unwrap();
    statement
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Every row of every table (but the time of the last open), as JSON.
pub fn dump(dir: &Path) -> Value {
    let conn = open(dir);
    let mut tables = Map::new();
    for (table, order) in [
        ("documents", "name"),
        ("matches", "seq"),
        ("records", "seq"),
        ("reviews", "seq"),
        ("hand_points", "with_people, points"),
        ("meta", "key"),
    ] {
        let mut statement = conn
            .prepare(&format!("SELECT * FROM {table} ORDER BY {order}"))
            .unwrap();
        let columns = statement.column_count();
        let rows: Vec<Value> = statement
            .query_map([], |row| {
                (0..columns)
                    .map(|i| {
                        row.get::<_, rusqlite::types::Value>(i).map(|v| match v {
                            rusqlite::types::Value::Integer(n) => json!(n),
                            rusqlite::types::Value::Text(t) => json!(t),
                            other => json!(format!("{other:?}")),
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .unwrap()
            .map(|row| Value::Array(row.unwrap()))
            .filter(|row| row[0] != json!("opened_ms"))
            .collect();
        tables.insert(table.into(), Value::Array(rows));
    }
    Value::Object(tables)
}

/// Each stored review's digest (match id and digest JSON, `None` where there is none), by id.
pub fn review_digests(dir: &Path) -> Vec<(String, Option<Value>)> {
    let conn = open(dir);
    let mut statement = conn
        .prepare(
            "SELECT m.id, v.digest FROM reviews v JOIN matches m ON m.seq = v.seq ORDER BY m.id",
        )
        .unwrap();
    statement
        .query_map([], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, Option<String>>(1)?))
        })
        .unwrap()
        .map(|row| {
            let (id, digest) = row.unwrap();
            (id, digest.map(|d| serde_json::from_str(&d).unwrap()))
        })
        .collect()
}

/// Takes every review's digest away, as a data folder upgraded from review files leaves them.
pub fn forget_review_digests(dir: &Path) {
    open(dir)
        .execute("UPDATE reviews SET digest = NULL", [])
        .unwrap();
}

/// Replaces the digest of match `id`'s review, as a hand edit would.
pub fn set_review_digest(dir: &Path, id: &str, digest: &Value) {
    let changed = open(dir)
        .execute(
            "UPDATE reviews SET digest = ?2 WHERE seq = (SELECT seq FROM matches WHERE id = ?1)",
            [id, digest.to_string().as_str()],
        )
        .unwrap();
    assert_eq!(changed, 1, "{id} is reviewed");
}
