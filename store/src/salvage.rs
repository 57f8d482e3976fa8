//! Keeping the readable rows of a damaged database: the damaged file (moved aside by the store)
//! is attached to the new database and its rows are copied one at a time, so a corrupt page
//! loses only the rows stored on it. Documents are copied by name, matches by their sequence
//! number (with their record and review), and the totals, tallies and hand-point counts recomputed from what was copied.
//!
//! Deliberately absent: repairing the damaged file itself (it is kept, moved aside, for anyone
//! who wants to try).

use std::path::Path;

use rusqlite::Connection;

/// Copies every readable row of the database at `damaged` into `conn` (a new, empty database);
/// returns how many rows were copied. Failures only mean fewer rows.
pub fn copy_rows(conn: &Connection, damaged: &Path) -> u64 {
    let Some(name) = damaged.to_str() else {
        return 0;
    };
    if conn.execute("ATTACH DATABASE ?1 AS old", [name]).is_err() {
        return 0;
    }
    let mut copied = 0u64;
    let names: Vec<String> = conn
        .prepare("SELECT name FROM old.documents")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .unwrap_or_default();
    for name in names {
        copied += one(
            conn,
            "INSERT OR IGNORE INTO documents SELECT * FROM old.documents WHERE name = ?1",
            &name,
        );
    }
    // The highest sequence number is read from the table's last page; every number up to it is
    // tried, so a damaged page in the middle skips only its own rows.
    let last: i64 = conn
        .query_row("SELECT max(seq) FROM old.matches", [], |r| {
            r.get::<_, Option<i64>>(0)
        })
        .ok()
        .flatten()
        .unwrap_or(0);
    for seq in 1..=last {
        let seq = seq.to_string();
        let matched = one(
            conn,
            "INSERT OR IGNORE INTO matches SELECT * FROM old.matches WHERE seq = ?1",
            &seq,
        );
        if matched == 0 {
            continue;
        }
        let record = one(
            conn,
            "INSERT OR IGNORE INTO records SELECT * FROM old.records WHERE seq = ?1",
            &seq,
        );
        if record == 0 {
            // A match without its record cannot be opened: left out.
            let _ = conn.execute("DELETE FROM matches WHERE seq = ?1", [&seq]);
            continue;
        }
        copied += 1;
        one(
            conn,
            "INSERT OR IGNORE INTO reviews SELECT * FROM old.reviews WHERE seq = ?1",
            &seq,
        );
    }
    let _ = conn.execute_batch(
        "UPDATE meta SET value = (SELECT count(*) FROM matches) WHERE key = 'matches';
         UPDATE meta SET value = (SELECT coalesce(sum(bytes), 0) FROM matches) WHERE key = 'bytes';
         DELETE FROM tallies;
         INSERT INTO tallies (with_people, preset, levels, outcome, matches)
             SELECT with_people, preset, levels, outcome, count(*) FROM matches GROUP BY 1, 2, 3, 4;
         DELETE FROM hand_points;
         INSERT INTO hand_points (with_people, points, hands)
             SELECT m.with_people,
                    min(max(coalesce(json_extract(h.value, '$[0]'), 0), 0), 130), count(*)
             FROM matches m, json_each(m.summary, '$.hand_scores') h
             WHERE m.preset != 'chiamata' GROUP BY 1, 2;
         UPDATE meta SET value = coalesce(
             (SELECT value FROM old.meta WHERE key = 'legacy_imported'), 1)
         WHERE key = 'legacy_imported';",
    );
    let _ = conn.execute("DETACH DATABASE old", []);
    copied
}

/// Runs one copying statement for `key`; how many rows it copied (0 on any failure).
fn one(conn: &Connection, sql: &str, key: &str) -> u64 {
    conn.execute(sql, [key]).map_or(0, |n| n as u64)
}
