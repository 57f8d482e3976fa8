//! The history's index columns: what a finished match's `matches` row holds besides its summary
//! (`finished_at_ms`, `preset`, `players`, `levels`, `with_people`, `outcome`), how a summary becomes
//! them, the `WHERE` clause a [`HistoryQuery`]'s filters make of them, and the reviewed matches'
//! columns read back for the statistics over reviews without reading a summary.

use std::io;

use briscola::ai::Level;
use rusqlite::Connection;
use serde_json::Value;

use super::MAX_DIGEST_BYTES;
use crate::db::io_error;
use crate::summary::{HistoryQuery, MAX_ID_BYTES, MatchSummary, ReviewedRow};

/// The JSON name of a serde enum value (`"briscola"`, `"won"`).
pub(super) fn name<T: serde::Serialize>(value: &T) -> io::Result<String> {
    match serde_json::to_value(value).map_err(io::Error::other)? {
        Value::String(name) => Ok(name),
        other => Err(io::Error::other(format!("{other} is not a name"))),
    }
}

/// `levels` column: the AI levels as `,easy,hard,` so a level filter is a `LIKE`.
pub(super) fn levels_column(summary: &MatchSummary) -> io::Result<String> {
    let mut column = String::from(",");
    for level in summary.ai_levels() {
        column.push_str(&name(&level)?);
        column.push(',');
    }
    Ok(column)
}

/// The `WHERE` clause and parameters of a query's filters.
pub(super) fn filters(query: &HistoryQuery) -> io::Result<(String, Vec<rusqlite::types::Value>)> {
    use rusqlite::types::Value as Sql;
    let mut clauses = Vec::new();
    let mut values = Vec::new();
    if let Some(preset) = query.preset {
        clauses.push("preset = ?");
        values.push(Sql::Text(name(&preset)?));
    }
    if let Some(players) = query.players {
        clauses.push("players = ?");
        values.push(Sql::Integer(players.into()));
    }
    if let Some(level) = query.level {
        clauses.push("levels LIKE ?");
        values.push(Sql::Text(format!("%,{},%", name(&level)?)));
    }
    if let Some(people) = query.with_people {
        clauses.push("with_people = ?");
        values.push(Sql::Integer(people.into()));
    }
    if let Some(outcome) = query.outcome {
        clauses.push("outcome = ?");
        values.push(Sql::Text(name(&outcome)?));
    }
    if let Some(from) = query.from_ms {
        clauses.push("finished_at_ms >= ?");
        values.push(Sql::Integer(from));
    }
    if let Some(to) = query.to_ms {
        clauses.push("finished_at_ms < ?");
        values.push(Sql::Integer(to));
    }
    let clause = if clauses.is_empty() {
        String::new()
    } else {
        format!("WHERE {}", clauses.join(" AND "))
    };
    Ok((clause, values))
}

/// Longest `levels` column read back (a real one is under 40 bytes).
const MAX_LEVELS_BYTES: usize = 256;

/// Calls `each` with every reviewed match's index columns ([`ReviewedRow`]) and review digest text
/// (`None` where the review has none, or one over [`MAX_DIGEST_BYTES`]), oldest finish first;
/// neither the summaries nor the reviews are read. Rows whose columns do not read back are
/// skipped and counted in the result.
pub fn for_each_review_digest(
    conn: &Connection,
    mut each: impl FnMut(ReviewedRow, Option<&str>),
) -> io::Result<u64> {
    let mut statement = conn
        .prepare(&format!(
            "SELECT m.id, m.finished_at_ms, m.preset, m.players, \
                    CASE WHEN length(m.levels) <= {MAX_LEVELS_BYTES} THEN m.levels END, \
                    m.with_people, \
                    CASE WHEN length(v.digest) <= {MAX_DIGEST_BYTES} THEN v.digest END \
             FROM reviews v JOIN matches m ON m.seq = v.seq ORDER BY m.finished_at_ms, m.id"
        ))
        .map_err(io_error)?;
    let mut rows = statement.query([]).map_err(io_error)?;
    let mut unreadable = 0;
    while let Some(row) = rows.next().map_err(io_error)? {
        let digest: Option<String> = row.get(6).map_err(io_error)?;
        match reviewed_row(row) {
            Some(reviewed) => each(reviewed, digest.as_deref()),
            None => unreadable += 1,
        }
    }
    Ok(unreadable)
}

/// A reviewed match's columns, read back as the summary they were made from had them.
fn reviewed_row(row: &rusqlite::Row<'_>) -> Option<ReviewedRow> {
    fn named<T: serde::de::DeserializeOwned>(text: String) -> Option<T> {
        serde_json::from_value(Value::String(text)).ok()
    }
    let id: String = row.get(0).ok()?;
    let levels: String = row.get::<_, Option<String>>(4).ok()??;
    let opponents = levels
        .split(',')
        .filter(|l| !l.is_empty())
        .map(|l| named(l.to_owned()))
        .collect::<Option<Vec<Level>>>()?;
    Some(ReviewedRow {
        finished_at_ms: row.get(1).ok()?,
        preset: named(row.get(2).ok()?)?,
        players: row.get(3).ok()?,
        opponents,
        with_people: row.get(5).ok()?,
        id: (!id.is_empty() && id.len() <= MAX_ID_BYTES).then_some(id)?,
    })
}
