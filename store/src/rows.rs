//! The history's rows: one finished match is a `matches` row (the filter columns and the summary
//! as JSON) and a `records` row (the record, read only when the match is opened); a review is a
//! `reviews` row. Pages, filters and totals are SQL over the `matches_newest` index, so listing
//! costs one page whatever the history's size.
//!
//! Every value is checked on the way in and on the way out: a summary must parse, pass
//! [`MatchSummary::validate`] (list lengths bounded by the rules) and stay under
//! [`MAX_SUMMARY_BYTES`]; a record stays under [`MAX_RECORD_BYTES`], a review under
//! [`MAX_REVIEW_BYTES`]. SQL checks the lengths before a value is loaded, so a crafted row costs
//! what a normal one does; a row that fails is left out and counted (`unreadable-lines`).
//!
//! The live history is capped ([`MAX_MATCHES`], [`MAX_HISTORY_BYTES`]): an append past the cap
//! first moves the oldest matches out to an archive file (see [`crate::archive`]), so a full
//! history never refuses a match.

mod index;

pub use index::for_each_review_digest;

use std::io;

use briscola::Preset;
use briscola::ai::Level;
use rusqlite::{Connection, OptionalExtension, Transaction, params, params_from_iter};
use serde_json::Value;

use crate::db::io_error;
use crate::disk::too_large;
use crate::history::HistoryEntry;
use crate::summary::{
    HistoryPage, HistoryQuery, HistoryStats, MatchSummary, Outcome, RatePoint, WonOf,
};
use index::{filters, levels_column, name};

/// Largest stored summary (JSON bytes); a real one is under 1 KB, one within every list bound
/// about 12 KB.
pub const MAX_SUMMARY_BYTES: usize = 32 * 1024;

/// Largest stored match record (JSON bytes); real ones are a few KB.
pub const MAX_RECORD_BYTES: usize = 1024 * 1024;

/// Largest stored review (JSON bytes); a two-player hand's review is about 10 KB.
pub const MAX_REVIEW_BYTES: usize = 2 * 1024 * 1024;

/// Largest stored review digest (JSON bytes): what statistics over every review read of one.
pub const MAX_DIGEST_BYTES: usize = 64 * 1024;

/// Most matches the live history holds; older ones are archived.
pub const MAX_MATCHES: u64 = 500_000;

/// Most bytes (summaries and records) the live history holds; older matches are archived.
pub const MAX_HISTORY_BYTES: u64 = 1024 * 1024 * 1024;

/// The live history's caps: past either, an append first archives the oldest matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caps {
    /// Most matches.
    pub matches: u64,
    /// Most bytes of summaries and records.
    pub bytes: u64,
}

impl Default for Caps {
    fn default() -> Self {
        Self {
            matches: MAX_MATCHES,
            bytes: MAX_HISTORY_BYTES,
        }
    }
}

/// A summary as stored: checked, then serialized within [`MAX_SUMMARY_BYTES`].
fn summary_json(summary: &MatchSummary) -> io::Result<String> {
    summary
        .validate()
        .map_err(|reason| io::Error::new(io::ErrorKind::InvalidInput, reason))?;
    let json = serde_json::to_string(summary).map_err(io::Error::other)?;
    if json.len() > MAX_SUMMARY_BYTES {
        return Err(too_large(json.len() as u64, MAX_SUMMARY_BYTES as u64));
    }
    Ok(json)
}

/// A stored summary read back, checked as on the way in.
fn read_summary(json: &str) -> Result<MatchSummary, String> {
    let summary: MatchSummary = serde_json::from_str(json).map_err(|e| e.to_string())?;
    summary.validate()?;
    Ok(summary)
}

/// Live totals kept with every change: matches and bytes.
pub fn totals(conn: &Connection) -> io::Result<(u64, u64)> {
    conn.query_row(
        "SELECT (SELECT value FROM meta WHERE key = 'matches'), \
                (SELECT value FROM meta WHERE key = 'bytes')",
        [],
        |row| Ok((row.get::<_, i64>(0)?, row.get::<_, i64>(1)?)),
    )
    .map(|(m, b)| (m.max(0).unsigned_abs(), b.max(0).unsigned_abs()))
    .map_err(io_error)
}

fn add_totals(tx: &Transaction<'_>, matches: i64, bytes: i64) -> io::Result<()> {
    tx.execute(
        "UPDATE meta SET value = value + CASE key WHEN 'matches' THEN ?1 ELSE ?2 END \
         WHERE key IN ('matches', 'bytes')",
        params![matches, bytes],
    )
    .map_err(io_error)?;
    Ok(())
}

/// A match ready to insert: checked and serialized.
pub struct NewMatch {
    id: String,
    finished_at_ms: i64,
    preset: String,
    players: u8,
    levels: String,
    with_people: bool,
    outcome: String,
    summary: String,
    record: String,
    points: Vec<u32>,
}

/// Your side's card points in each hand of a match, for [`HistoryStats::hand_points`] (none for
/// chiamata, whose sides change every hand), capped at [`HistoryStats::MAX_POINTS`].
fn hand_points(summary: &MatchSummary) -> Vec<u32> {
    if summary.ruleset.preset == Preset::Chiamata {
        return Vec::new();
    }
    summary
        .hand_scores
        .iter()
        .map(|hand| {
            hand.first()
                .copied()
                .unwrap_or(0)
                .min(HistoryStats::MAX_POINTS)
        })
        .collect()
}

/// A match's place in the `tallies`: with people, preset, levels, outcome.
type TallyKey<'a> = (bool, &'a str, &'a str, &'a str);

/// Adds `delta` matches to one tally.
fn tally(
    tx: &Transaction<'_>,
    (with_people, preset, levels, outcome): TallyKey<'_>,
    delta: i64,
) -> io::Result<()> {
    tx.prepare_cached(
        "INSERT INTO tallies (with_people, preset, levels, outcome, matches) \
         VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (with_people, preset, levels, outcome) \
         DO UPDATE SET matches = max(0, matches + excluded.matches)",
    )
    .and_then(|mut statement| {
        statement.execute(params![with_people, preset, levels, outcome, delta])
    })
    .map_err(io_error)?;
    Ok(())
}

/// Adds `delta` hands at each of `points` for one kind of match.
fn count_points(
    tx: &Transaction<'_>,
    with_people: bool,
    points: &[u32],
    delta: i64,
) -> io::Result<()> {
    let mut statement = tx
        .prepare_cached(
            "INSERT INTO hand_points (with_people, points, hands) VALUES (?1, ?2, ?3) \
             ON CONFLICT (with_people, points) DO UPDATE SET hands = max(0, hands + excluded.hands)",
        )
        .map_err(io_error)?;
    for &point in points {
        statement
            .execute(params![with_people, point, delta])
            .map_err(io_error)?;
    }
    Ok(())
}

impl NewMatch {
    /// Checks and serializes `entry`; a summary that fails its checks or a value over its cap is
    /// refused (`InvalidInput` / too large).
    pub fn new<R: serde::Serialize>(entry: &HistoryEntry<R>) -> io::Result<Self> {
        let record = serde_json::to_string(&entry.record).map_err(io::Error::other)?;
        if record.len() > MAX_RECORD_BYTES {
            return Err(too_large(record.len() as u64, MAX_RECORD_BYTES as u64));
        }
        let summary = &entry.summary;
        Ok(Self {
            id: summary.id.clone(),
            finished_at_ms: summary.finished_at_ms,
            preset: name(&summary.ruleset.preset)?,
            players: summary.ruleset.players,
            levels: levels_column(summary)?,
            with_people: summary.with_people(),
            outcome: name(&summary.outcome)?,
            summary: summary_json(summary)?,
            record,
            points: hand_points(summary),
        })
    }

    /// Its size in the history's byte total.
    pub fn bytes(&self) -> u64 {
        (self.summary.len() + self.record.len()) as u64
    }

    /// Its id.
    pub fn id(&self) -> &str {
        &self.id
    }
}

/// Inserts `new` unless its id is there; returns whether it was added.
pub fn insert(tx: &Transaction<'_>, new: &NewMatch) -> io::Result<bool> {
    let added = tx
        .execute(
            "INSERT INTO matches (id, finished_at_ms, preset, players, levels, with_people, \
             outcome, bytes, summary) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) \
             ON CONFLICT (id) DO NOTHING",
            params![
                new.id,
                new.finished_at_ms,
                new.preset,
                new.players,
                new.levels,
                new.with_people,
                new.outcome,
                i64::try_from(new.bytes()).unwrap_or(i64::MAX),
                new.summary
            ],
        )
        .map_err(io_error)?;
    if added == 0 {
        return Ok(false);
    }
    tx.execute(
        "INSERT INTO records (seq, record) VALUES (last_insert_rowid(), ?1)",
        params![new.record],
    )
    .map_err(io_error)?;
    add_totals(tx, 1, i64::try_from(new.bytes()).unwrap_or(i64::MAX))?;
    count_points(tx, new.with_people, &new.points, 1)?;
    tally(
        tx,
        (new.with_people, &new.preset, &new.levels, &new.outcome),
        1,
    )?;
    Ok(true)
}

/// Whether match `id` is stored.
pub fn contains(conn: &Connection, id: &str) -> io::Result<bool> {
    conn.query_row("SELECT 1 FROM matches WHERE id = ?1", [id], |_| Ok(()))
        .optional()
        .map(|found| found.is_some())
        .map_err(io_error)
}

/// Deletes match `id` with its record and review; returns whether it was there.
pub fn delete(tx: &Transaction<'_>, id: &str) -> io::Result<bool> {
    let deleted: Option<(i64, Leaving)> = tx
        .query_row(
            "DELETE FROM matches WHERE id = ?1 \
             RETURNING bytes, summary, with_people, preset, levels, outcome",
            [id],
            |row| Ok((row.get(0)?, Leaving::of(row, 1)?)),
        )
        .optional()
        .map_err(io_error)?;
    let Some((bytes, leaving)) = deleted else {
        return Ok(false);
    };
    add_totals(tx, -1, -bytes)?;
    leaving.forget(tx)?;
    Ok(true)
}

/// One page of the query, newest first (ties by id), with the number of matches that pass its
/// filters, and how many rows of the page were unreadable (left out).
pub fn page(conn: &Connection, query: &HistoryQuery) -> io::Result<(HistoryPage, u64)> {
    let (clause, values) = filters(query)?;
    let total: i64 = conn
        .query_row(
            &format!("SELECT count(*) FROM matches INDEXED BY matches_newest {clause}"),
            params_from_iter(values.iter()),
            |row| row.get(0),
        )
        .map_err(io_error)?;
    let mut statement = conn
        .prepare(&format!(
            "SELECT CASE WHEN length(summary) <= {MAX_SUMMARY_BYTES} THEN summary END \
             FROM matches INDEXED BY matches_newest {clause} \
             ORDER BY finished_at_ms DESC, id LIMIT {} OFFSET {}",
            query.limit, query.offset
        ))
        .map_err(io_error)?;
    let mut rows = statement
        .query(params_from_iter(values.iter()))
        .map_err(io_error)?;
    let mut items = Vec::new();
    let mut unreadable = 0;
    while let Some(row) = rows.next().map_err(io_error)? {
        let json: Option<String> = row.get(0).map_err(io_error)?;
        match json.as_deref().map(read_summary) {
            Some(Ok(summary)) => items.push(summary),
            _ => unreadable += 1,
        }
    }
    let page = HistoryPage {
        total: u32::try_from(total).unwrap_or(u32::MAX),
        offset: query.offset,
        items,
    };
    Ok((page, unreadable))
}

/// The summary and record of match `id` as JSON, checked on the way out (an unreadable row is an
/// `InvalidData` error naming why).
pub fn entry(conn: &Connection, id: &str) -> io::Result<Option<HistoryEntry<Value>>> {
    let row: Option<(Option<String>, Option<String>)> = conn
        .query_row(
            &format!(
                "SELECT CASE WHEN length(m.summary) <= {MAX_SUMMARY_BYTES} THEN m.summary END, \
                        CASE WHEN length(r.record) <= {MAX_RECORD_BYTES} THEN r.record END \
                 FROM matches m JOIN records r ON r.seq = m.seq WHERE m.id = ?1"
            ),
            [id],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .optional()
        .map_err(io_error)?;
    let Some((summary, record)) = row else {
        return Ok(None);
    };
    let bad =
        |why: String| io::Error::new(io::ErrorKind::InvalidData, format!("match {id}: {why}"));
    let summary = read_summary(&summary.ok_or_else(|| bad("summary too large".into()))?)
        .map_err(|why| bad(format!("summary: {why}")))?;
    let record = serde_json::from_str(&record.ok_or_else(|| bad("record too large".into()))?)
        .map_err(|e| bad(format!("record: {e}")))?;
    Ok(Some(HistoryEntry { summary, record }))
}

/// Stores `review` (JSON within [`MAX_REVIEW_BYTES`]) for match `id`, with its `digest` (JSON
/// within [`MAX_DIGEST_BYTES`], or none: an imported review gets its digest later,
/// [`set_review_digest`]): `None` if the match is not stored, `Some(false)` if it already has a
/// review (never replaced).
pub fn insert_review(
    tx: &Transaction<'_>,
    id: &str,
    review: &str,
    digest: Option<&str>,
) -> io::Result<Option<bool>> {
    if review.len() > MAX_REVIEW_BYTES {
        return Err(too_large(review.len() as u64, MAX_REVIEW_BYTES as u64));
    }
    check_digest(digest)?;
    let seq: Option<i64> = tx
        .query_row("SELECT seq FROM matches WHERE id = ?1", [id], |row| {
            row.get(0)
        })
        .optional()
        .map_err(io_error)?;
    let Some(seq) = seq else {
        return Ok(None);
    };
    let added = tx
        .execute(
            "INSERT INTO reviews (seq, review, digest) VALUES (?1, ?2, ?3) \
             ON CONFLICT (seq) DO NOTHING",
            params![seq, review, digest],
        )
        .map_err(io_error)?;
    Ok(Some(added == 1))
}

/// Sets the digest of the review of match `id` (derived from the review, so replacing one loses
/// nothing); false if there is no such review.
pub fn set_review_digest(conn: &Connection, id: &str, digest: &str) -> io::Result<bool> {
    check_digest(Some(digest))?;
    let changed = conn
        .execute(
            "UPDATE reviews SET digest = ?2 WHERE seq = (SELECT seq FROM matches WHERE id = ?1)",
            params![id, digest],
        )
        .map_err(io_error)?;
    Ok(changed == 1)
}

fn check_digest(digest: Option<&str>) -> io::Result<()> {
    match digest {
        Some(d) if d.len() > MAX_DIGEST_BYTES => {
            Err(too_large(d.len() as u64, MAX_DIGEST_BYTES as u64))
        }
        _ => Ok(()),
    }
}

/// The stored review of match `id` as JSON text, checked for size on the way out.
pub fn review(conn: &Connection, id: &str) -> io::Result<Option<String>> {
    let row: Option<Option<String>> = conn
        .query_row(
            &format!(
                "SELECT CASE WHEN length(v.review) <= {MAX_REVIEW_BYTES} THEN v.review END \
                 FROM reviews v JOIN matches m ON m.seq = v.seq WHERE m.id = ?1"
            ),
            [id],
            |row| row.get(0),
        )
        .optional()
        .map_err(io_error)?;
    match row {
        None => Ok(None),
        Some(Some(json)) => Ok(Some(json)),
        Some(None) => Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("the review of match {id} is over {MAX_REVIEW_BYTES} bytes"),
        )),
    }
}

/// Calls `each` with every stored match (summary and record as JSON text), oldest first, for
/// export and archiving; stops early when `each` says so.
pub fn for_each_match(
    conn: &Connection,
    oldest_first_limit: Option<u64>,
    mut each: impl FnMut(i64, &str, &str, i64) -> io::Result<bool>,
) -> io::Result<()> {
    let limit = oldest_first_limit.map_or(-1, |n| i64::try_from(n).unwrap_or(i64::MAX));
    let mut statement = conn
        .prepare(
            "SELECT m.seq, m.summary, r.record, m.bytes FROM matches m \
             JOIN records r ON r.seq = m.seq ORDER BY m.seq LIMIT ?1",
        )
        .map_err(io_error)?;
    let mut rows = statement.query([limit]).map_err(io_error)?;
    while let Some(row) = rows.next().map_err(io_error)? {
        let seq: i64 = row.get(0).map_err(io_error)?;
        let summary: String = row.get(1).map_err(io_error)?;
        let record: String = row.get(2).map_err(io_error)?;
        let bytes: i64 = row.get(3).map_err(io_error)?;
        if !each(seq, &summary, &record, bytes)? {
            break;
        }
    }
    Ok(())
}

/// A match leaving the history: what the kept counts hold of it.
struct Leaving {
    summary: String,
    with_people: bool,
    preset: String,
    levels: String,
    outcome: String,
}

impl Leaving {
    /// From a `RETURNING summary, with_people, preset, levels, outcome` row, from column `at`.
    fn of(row: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<Self> {
        Ok(Self {
            summary: row.get(at)?,
            with_people: row.get(at + 1)?,
            preset: row.get(at + 2)?,
            levels: row.get(at + 3)?,
            outcome: row.get(at + 4)?,
        })
    }

    /// Takes it out of the tallies and the hand-point counts (a summary that no longer reads had
    /// no hands counted that could be told from it).
    fn forget(&self, tx: &Transaction<'_>) -> io::Result<()> {
        let key = (
            self.with_people,
            self.preset.as_str(),
            self.levels.as_str(),
            self.outcome.as_str(),
        );
        tally(tx, key, -1)?;
        if let Ok(summary) = read_summary(&self.summary) {
            count_points(tx, self.with_people, &hand_points(&summary), -1)?;
        }
        Ok(())
    }
}

/// Deletes the matches up to `seq` (archived), updating the totals and the hand-point counts.
pub fn delete_through(tx: &Transaction<'_>, seq: i64, matches: i64, bytes: i64) -> io::Result<()> {
    let leaving: Vec<Leaving> = tx
        .prepare(
            "DELETE FROM matches WHERE seq <= ?1 \
             RETURNING summary, with_people, preset, levels, outcome",
        )
        .and_then(|mut statement| {
            statement
                .query_map([seq], |row| Leaving::of(row, 0))?
                .collect()
        })
        .map_err(io_error)?;
    for match_ in &leaving {
        match_.forget(tx)?;
    }
    add_totals(tx, -matches, -bytes)
}

/// The Statistics screen's figures for matches with people (`with_people`) or against the AI
/// alone: the kept tallies and hand-point counts, and one pass over the `matches_by_kind` index
/// (date and result only) for the streak and the running win rate.
pub fn stats(conn: &Connection, with_people: bool) -> io::Result<HistoryStats> {
    let mut stats = HistoryStats::default();
    let mut statement = conn
        .prepare_cached(
            "SELECT preset, levels, outcome, matches FROM tallies \
             WHERE with_people = ?1 AND matches > 0",
        )
        .map_err(io_error)?;
    let tallies: Vec<(String, String, bool, u32)> = statement
        .query_map([with_people], |row| {
            Ok((
                row.get(0)?,
                row.get(1)?,
                row.get::<_, String>(2)? == "won",
                count(row.get(3)?),
            ))
        })
        .and_then(Iterator::collect)
        .map_err(io_error)?;
    let add = |won: u32, played: u32, (_, _, is_won, n): &(String, String, bool, u32)| {
        (
            won.saturating_add(if *is_won { *n } else { 0 }),
            played.saturating_add(*n),
        )
    };
    for preset in Preset::ALL {
        let key = name(&preset)?;
        let (won, played) = tallies
            .iter()
            .filter(|(p, ..)| *p == key)
            .fold((0, 0), |(w, p), t| add(w, p, t));
        if played > 0 {
            stats.by_preset.push(WonOf {
                key: preset,
                won,
                played,
            });
        }
    }
    for level in Level::ALL {
        let key = format!(",{},", name(&level)?);
        let (won, played) = tallies
            .iter()
            .filter(|(_, levels, ..)| levels.contains(&key))
            .fold((0, 0), |(w, p), t| add(w, p, t));
        stats.by_level.push(WonOf {
            key: level,
            won,
            played,
        });
    }
    let total: u32 = tallies
        .iter()
        .fold(0, |sum, (.., n)| sum.saturating_add(*n));
    let mut statement = conn
        .prepare_cached(
            "SELECT finished_at_ms, outcome FROM matches INDEXED BY matches_by_kind \
             WHERE with_people = ?1 ORDER BY finished_at_ms, id",
        )
        .map_err(io_error)?;
    let mut rows = statement.query([with_people]).map_err(io_error)?;
    let (mut streak, mut step) = (0u32, 0usize);
    let every = (total as usize).div_ceil(HistoryStats::RATE_POINTS).max(1);
    while let Some(row) = rows.next().map_err(io_error)? {
        let finished_at_ms: i64 = row.get(0).map_err(io_error)?;
        let outcome: String = row.get(1).map_err(io_error)?;
        stats.played += 1;
        match outcome.as_str() {
            "won" => stats.won += 1,
            "lost" => stats.lost += 1,
            _ => {}
        }
        streak = if outcome == "won" { streak + 1 } else { 0 };
        stats.best_streak = stats.best_streak.max(streak);
        step += 1;
        if step == every || stats.played == total {
            step = 0;
            let percent = u64::from(stats.won) * 100 / u64::from(stats.played.max(1));
            stats.rate.push(RatePoint {
                finished_at_ms,
                percent: u8::try_from(percent).unwrap_or(100),
            });
        }
    }
    stats.current_streak = streak;
    let mut statement = conn
        .prepare_cached(
            "SELECT points, hands FROM hand_points WHERE with_people = ?1 AND hands > 0",
        )
        .map_err(io_error)?;
    let mut rows = statement.query([with_people]).map_err(io_error)?;
    stats.hand_points = vec![0; HistoryStats::MAX_POINTS as usize + 1];
    while let Some(row) = rows.next().map_err(io_error)? {
        let points: i64 = row.get(0).map_err(io_error)?;
        let hands: i64 = row.get(1).map_err(io_error)?;
        let at = usize::try_from(points.clamp(0, i64::from(HistoryStats::MAX_POINTS))).unwrap_or(0);
        stats.hand_points[at] = stats.hand_points[at].saturating_add(count(hands));
    }
    Ok(stats)
}

/// Adds matches not yet stored (kept in memory while the disk refuses) to `stats`, in date order
/// after the stored ones.
pub fn add_waiting(stats: &mut HistoryStats, waiting: &[&MatchSummary]) {
    let mut waiting = waiting.to_vec();
    waiting.sort_by_key(|s| s.finished_at_ms);
    if stats.hand_points.is_empty() {
        stats.hand_points = vec![0; HistoryStats::MAX_POINTS as usize + 1];
    }
    for summary in waiting {
        let won = summary.outcome == Outcome::Won;
        stats.played += 1;
        stats.won += u32::from(won);
        stats.lost += u32::from(summary.outcome == Outcome::Lost);
        stats.current_streak = if won { stats.current_streak + 1 } else { 0 };
        stats.best_streak = stats.best_streak.max(stats.current_streak);
        stats.rate.push(RatePoint {
            finished_at_ms: summary.finished_at_ms,
            percent: u8::try_from(u64::from(stats.won) * 100 / u64::from(stats.played))
                .unwrap_or(100),
        });
        let preset = summary.ruleset.preset;
        match stats.by_preset.iter_mut().find(|p| p.key == preset) {
            Some(known) => bump(known, won),
            None => {
                stats.by_preset.push(WonOf {
                    key: preset,
                    won: u32::from(won),
                    played: 1,
                });
                stats
                    .by_preset
                    .sort_by_key(|p| Preset::ALL.iter().position(|&q| q == p.key));
            }
        }
        let levels = summary.ai_levels();
        for level in stats
            .by_level
            .iter_mut()
            .filter(|l| levels.contains(&l.key))
        {
            bump(level, won);
        }
        if stats.by_level.is_empty() {
            stats.by_level = Level::ALL
                .iter()
                .map(|&level| WonOf {
                    key: level,
                    won: u32::from(won && levels.contains(&level)),
                    played: u32::from(levels.contains(&level)),
                })
                .collect();
        }
        for point in hand_points(summary) {
            let at = point as usize;
            stats.hand_points[at] = stats.hand_points[at].saturating_add(1);
        }
    }
}

fn bump<K>(count: &mut WonOf<K>, won: bool) {
    count.played += 1;
    count.won += u32::from(won);
}

/// A SQL count as a `u32` (negative counts, which the schema never holds, are 0).
fn count(n: i64) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(u32::MAX)
}
