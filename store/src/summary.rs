//! Match history as the UI sees it: the summary stored with every finished match (its full rules
//! and match format, typed), the query (filters + page) that `list_history` answers, newest match
//! first, and the upgrade of summaries stored by older builds.
//!
//! Every seat of a match is one [`SeatPlayer`]: a person or an AI level, each with the name the
//! table showed (summary format 3, [`crate::history::HISTORY_VERSION`]).
//!
//! History lines are `{"v": N, "summary": …, "record": …}` (see [`crate::store`]). Version 1
//! summaries named the rules `"<preset>-<n>p"` and the opponents by name and level string; they
//! are read through [`read_summary`], which takes the rules and format from the match record
//! stored on the same line and keeps the names. Version-2 summaries kept three lists for the seats
//! after yours (`opponents` levels, `opponent_names`, the `people` seats, the last two possibly
//! absent); a version-2 summary, in a line or in a database row stored by an earlier build, is
//! read as seats ([`MatchSummary`]'s `Deserialize`): a person's seat becomes a [`SeatPlayer::Person`]
//! with their name, never the level that stood for them. Deliberately absent: the record's type
//! (the store keeps it opaque).

use briscola::ai::Level;
use briscola::{MatchFormat, Preset, Ruleset};
use serde::{Deserialize, Deserializer, Serialize};

/// Longest match id (bytes).
pub const MAX_ID_BYTES: usize = 128;

/// The most hands a stored summary may list: far above any real match (a best of 9 plays at most
/// 9, a target of game points a few dozen).
pub const MAX_HANDS: usize = 512;

/// The longest name of a seat's player a stored summary may hold, in bytes (the app keeps 24
/// characters).
pub const MAX_NAME_BYTES: usize = 128;

/// The human's result in a finished match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The human (or the human's team) won.
    Won,
    /// The human lost, including by resigning.
    Lost,
    /// Neither side won.
    Drawn,
}

/// Who played one seat of a finished match, with the name the table showed for them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SeatPlayer {
    /// A person: at seat 0 the player (an empty name when the app knew none: the UI says "You"),
    /// elsewhere a friend at a friends' table.
    Person {
        /// Their name as the table showed it.
        name: String,
    },
    /// The computer.
    Ai {
        /// The level it played at.
        level: Level,
        /// Its name as the table showed it; empty in matches stored before names were kept (the
        /// UI then shows the names of today).
        name: String,
    },
}

impl SeatPlayer {
    /// The player's name, whoever they are.
    pub fn name(&self) -> &str {
        match self {
            SeatPlayer::Person { name } | SeatPlayer::Ai { name, .. } => name,
        }
    }

    /// The AI level, for an AI seat.
    pub fn level(&self) -> Option<Level> {
        match self {
            SeatPlayer::Ai { level, .. } => Some(*level),
            SeatPlayer::Person { .. } => None,
        }
    }
}

/// What the history list shows about one finished match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchSummary {
    /// Unique match id; the key for duplicates on import.
    pub id: String,
    /// Start, in milliseconds since the Unix epoch (UTC).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub started_at_ms: i64,
    /// End, in milliseconds since the Unix epoch (UTC).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub finished_at_ms: i64,
    /// From start to end, in milliseconds.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub duration_ms: u64,
    /// The complete rules the match was played with.
    pub ruleset: Ruleset,
    /// How the match was decided.
    pub format: MatchFormat,
    /// Who played each seat, in playing order, the player's own seat first (seat 0: a match at a
    /// friends' table is kept as seen from the player's seat).
    pub seats: Vec<SeatPlayer>,
    /// Points per hand, one entry per side, human's side first.
    pub hand_scores: Vec<Vec<u32>>,
    /// The human's result.
    pub outcome: Outcome,
    /// Whether the human resigned.
    pub resigned: bool,
    /// Moves the human took back.
    pub undos: u32,
}

/// A stored summary of format 2 or 3, as read: the seats, or the three lists format 2 kept.
#[derive(Deserialize)]
struct StoredSummary {
    id: String,
    started_at_ms: i64,
    finished_at_ms: i64,
    duration_ms: u64,
    ruleset: Ruleset,
    format: MatchFormat,
    seats: Option<Vec<SeatPlayer>>,
    /// Format 2: the AI level of each seat after yours (a person's seat held a stand-in level).
    opponents: Option<Vec<Level>>,
    /// Format 2: their names (absent, or empty, in summaries stored before names were kept).
    #[serde(default)]
    opponent_names: Vec<String>,
    /// Format 2: the seats after yours (1, 2, …) where people played.
    #[serde(default)]
    people: Vec<u8>,
    hand_scores: Vec<Vec<u32>>,
    outcome: Outcome,
    resigned: bool,
    #[serde(default)]
    undos: u32,
}

impl<'de> Deserialize<'de> for MatchSummary {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let stored = StoredSummary::deserialize(deserializer)?;
        let seats = match (stored.seats, stored.opponents) {
            (Some(seats), _) => seats,
            (None, Some(levels)) => {
                seats_of_format_2(&levels, &stored.opponent_names, &stored.people)
            }
            (None, None) => return Err(serde::de::Error::missing_field("seats")),
        };
        Ok(MatchSummary {
            id: stored.id,
            started_at_ms: stored.started_at_ms,
            finished_at_ms: stored.finished_at_ms,
            duration_ms: stored.duration_ms,
            ruleset: stored.ruleset,
            format: stored.format,
            seats,
            hand_scores: stored.hand_scores,
            outcome: stored.outcome,
            resigned: stored.resigned,
            undos: stored.undos,
        })
    }
}

/// The seats of a format-2 summary: you, then each seat after yours — a person with their name
/// where `people` lists it, else the AI at its level with its name (empty where none was kept).
fn seats_of_format_2(levels: &[Level], names: &[String], people: &[u8]) -> Vec<SeatPlayer> {
    let you = SeatPlayer::Person {
        name: String::new(),
    };
    let others = (1u8..).zip(levels).enumerate().map(|(i, (seat, &level))| {
        let name = names.get(i).cloned().unwrap_or_default();
        if people.contains(&seat) {
            SeatPlayer::Person { name }
        } else {
            SeatPlayer::Ai { level, name }
        }
    });
    std::iter::once(you).chain(others).collect()
}

impl MatchSummary {
    /// The levels of the AI seats, in seat order (people left out).
    pub fn ai_levels(&self) -> Vec<Level> {
        self.seats.iter().filter_map(SeatPlayer::level).collect()
    }

    /// Whether people other than the player sat at the table (a match at a friends' table).
    pub fn with_people(&self) -> bool {
        self.seats
            .iter()
            .skip(1)
            .any(|seat| matches!(seat, SeatPlayer::Person { .. }))
    }

    /// Checks what the type cannot: a usable id, a sane time span, and every list within what
    /// the match's rules can hold (the player's seat a person, at most one entry per seat, one score
    /// per side and at most [`MAX_HANDS`] hands), so a crafted summary costs what a real one does.
    pub fn validate(&self) -> Result<(), String> {
        if self.id.trim().is_empty() || self.id.len() > MAX_ID_BYTES {
            return Err("match id must be 1 to 128 characters".into());
        }
        if self.finished_at_ms < self.started_at_ms {
            return Err("match finishes before it starts".into());
        }
        let players = usize::from(self.ruleset.players);
        if self.seats.len() > players {
            return Err(format!("more seats than the {players} players"));
        }
        if !matches!(self.seats.first(), Some(SeatPlayer::Person { .. })) {
            return Err("the player's own seat is not a person".into());
        }
        if self
            .seats
            .iter()
            .any(|seat| seat.name().len() > MAX_NAME_BYTES)
        {
            return Err(format!("a player's name over {MAX_NAME_BYTES} bytes"));
        }
        if self.hand_scores.len() > MAX_HANDS {
            return Err(format!("more than {MAX_HANDS} hands"));
        }
        let sides = usize::from(self.ruleset.players);
        if self.hand_scores.iter().any(|hand| hand.len() > sides) {
            return Err(format!("a hand with more than {sides} scores"));
        }
        Ok(())
    }
}

/// The summary of a stored history line of format `version` (1 or later; the store refuses
/// newer ones before asking). A version-1 summary takes its rules and format from the line's record.
pub fn read_summary(version: u32, line: &[u8]) -> Result<MatchSummary, String> {
    if version == 1 {
        let old: LineV1 = serde_json::from_slice(line).map_err(|e| format!("not valid: {e}"))?;
        return Ok(old.upgrade());
    }
    #[derive(Deserialize)]
    struct Line {
        summary: MatchSummary,
    }
    serde_json::from_slice::<Line>(line)
        .map(|line| line.summary)
        .map_err(|e| format!("not valid: {e}"))
}

/// A version-1 line: the summary as it was, and the parts of the record it lacked.
#[derive(Deserialize)]
struct LineV1 {
    summary: SummaryV1,
    record: RulesOfRecord,
}

#[derive(Deserialize)]
struct SummaryV1 {
    id: String,
    started_at_ms: i64,
    finished_at_ms: i64,
    duration_ms: u64,
    opponents: Vec<OpponentV1>,
    hand_scores: Vec<Vec<u32>>,
    outcome: Outcome,
    resigned: bool,
    #[serde(default)]
    undos: u32,
}

#[derive(Deserialize)]
struct OpponentV1 {
    #[serde(default)]
    name: String,
    level: Level,
}

#[derive(Deserialize)]
struct RulesOfRecord {
    ruleset: Ruleset,
    format: MatchFormat,
}

impl LineV1 {
    fn upgrade(self) -> MatchSummary {
        let old = self.summary;
        MatchSummary {
            id: old.id,
            started_at_ms: old.started_at_ms,
            finished_at_ms: old.finished_at_ms,
            duration_ms: old.duration_ms,
            ruleset: self.record.ruleset,
            format: self.record.format,
            // Version 1 stored each opponent's name with its level: kept, unless one is missing.
            seats: {
                let named = !old.opponents.iter().any(|o| o.name.trim().is_empty());
                let levels: Vec<Level> = old.opponents.iter().map(|o| o.level).collect();
                let names: Vec<String> = if named {
                    old.opponents.into_iter().map(|o| o.name).collect()
                } else {
                    Vec::new()
                };
                seats_of_format_2(&levels, &names, &[])
            },
            hand_scores: old.hand_scores,
            outcome: old.outcome,
            resigned: old.resigned,
            undos: old.undos,
        }
    }
}

/// Filters and page for `list_history`. Absent filters match everything.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct HistoryQuery {
    /// Only this preset.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub preset: Option<Preset>,
    /// Only matches with this many players.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub players: Option<u8>,
    /// Only matches with an AI opponent at this level.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub level: Option<Level>,
    /// Only matches with people other than the player (`true`) or against the AI alone (`false`).
    #[cfg_attr(feature = "ts", ts(optional))]
    pub with_people: Option<bool>,
    /// Only this result.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub outcome: Option<Outcome>,
    /// Only matches finished at or after this time (ms since the epoch).
    #[cfg_attr(feature = "ts", ts(optional, type = "number"))]
    pub from_ms: Option<i64>,
    /// Only matches finished before this time (ms since the epoch).
    #[cfg_attr(feature = "ts", ts(optional, type = "number"))]
    pub to_ms: Option<i64>,
    /// Matches to skip, newest first.
    pub offset: u32,
    /// Page size, 1 to [`HistoryQuery::MAX_LIMIT`].
    pub limit: u32,
}

impl Default for HistoryQuery {
    fn default() -> Self {
        Self {
            preset: None,
            players: None,
            level: None,
            with_people: None,
            outcome: None,
            from_ms: None,
            to_ms: None,
            offset: 0,
            limit: 50,
        }
    }
}

/// One page of matching summaries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryPage {
    /// How many matches pass the filters in all.
    pub total: u32,
    /// The offset this page starts at.
    pub offset: u32,
    /// At most `limit` summaries, newest first.
    pub items: Vec<MatchSummary>,
}

impl HistoryQuery {
    /// The largest page served at once.
    pub const MAX_LIMIT: u32 = 500;

    /// Rejects pages that make no sense.
    pub fn validate(&self) -> Result<(), String> {
        if self.limit == 0 || self.limit > Self::MAX_LIMIT {
            return Err(format!("limit must be 1 to {}", Self::MAX_LIMIT));
        }
        if let (Some(from), Some(to)) = (self.from_ms, self.to_ms)
            && from > to
        {
            return Err("from_ms is after to_ms".into());
        }
        Ok(())
    }

    fn matches(&self, summary: &MatchSummary) -> bool {
        self.preset.is_none_or(|p| p == summary.ruleset.preset)
            && self.players.is_none_or(|n| n == summary.ruleset.players)
            && self.level.is_none_or(|l| summary.ai_levels().contains(&l))
            && self
                .with_people
                .is_none_or(|people| people == summary.with_people())
            && self.outcome.is_none_or(|o| o == summary.outcome)
            && self.from_ms.is_none_or(|t| summary.finished_at_ms >= t)
            && self.to_ms.is_none_or(|t| summary.finished_at_ms < t)
    }

    /// Filters, sorts newest first (ties by id) and cuts the page.
    pub fn apply(&self, summaries: Vec<MatchSummary>) -> HistoryPage {
        let mut selected: Vec<MatchSummary> =
            summaries.into_iter().filter(|s| self.matches(s)).collect();
        selected.sort_unstable_by(|a, b| {
            b.finished_at_ms
                .cmp(&a.finished_at_ms)
                .then_with(|| a.id.cmp(&b.id))
        });
        let total = u32::try_from(selected.len()).unwrap_or(u32::MAX);
        let start = usize::try_from(self.offset)
            .unwrap_or(usize::MAX)
            .min(selected.len());
        let end = start
            .saturating_add(usize::try_from(self.limit).unwrap_or(usize::MAX))
            .min(selected.len());
        HistoryPage {
            total,
            offset: self.offset,
            items: selected.drain(start..end).collect(),
        }
    }
}

/// Matches won out of matches played, for one AI level or one preset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WonOf<K> {
    /// The level or preset.
    pub key: K,
    /// Matches won.
    pub won: u32,
    /// Matches played.
    pub played: u32,
}

/// A point of the running win rate: after the match finished at `finished_at_ms`, `percent` of
/// the matches so far were won.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RatePoint {
    /// When that match finished (ms since the epoch).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub finished_at_ms: i64,
    /// The whole percentage of matches won up to it.
    pub percent: u8,
}

/// The Statistics screen's figures over one kind of match (with people or against the AI alone),
/// computed by the store's database, never from the whole history in memory.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryStats {
    /// Matches played, won and lost (the rest were drawn).
    pub played: u32,
    /// Matches won.
    pub won: u32,
    /// Matches lost.
    pub lost: u32,
    /// The longest run of consecutive wins.
    pub best_streak: u32,
    /// The run of wins the last matches make (to continue the count over matches not yet stored).
    #[serde(skip)]
    #[cfg_attr(feature = "ts", ts(skip))]
    pub current_streak: u32,
    /// The running win rate, at most [`HistoryStats::RATE_POINTS`] points evenly spread over the
    /// matches in date order (the last match always included).
    pub rate: Vec<RatePoint>,
    /// Per AI level (weakest first), the matches with an opponent at that level.
    pub by_level: Vec<WonOf<Level>>,
    /// Per preset (the engine's order), the matches played with it.
    pub by_preset: Vec<WonOf<Preset>>,
    /// `hands[p]`: how many finished hands your side scored `p` card points in (chiamata left out:
    /// its sides change each hand); a higher score counts at the last index.
    pub hand_points: Vec<u32>,
}

impl HistoryStats {
    /// Most points of the running win rate sent to the chart.
    pub const RATE_POINTS: usize = 240;
    /// Highest card-point count kept apart in [`HistoryStats::hand_points`].
    pub const MAX_POINTS: u32 = 130;
}

/// Summaries for tests (this crate's and, with the `test-support` feature, the app's).
#[cfg(any(test, feature = "test-support"))]
pub mod examples {
    use super::*;

    /// A summary for tests: match `n`, finished at `n` seconds, two players.
    pub fn summary(n: i64, preset: Preset, level: Level, outcome: Outcome) -> MatchSummary {
        let ruleset = Ruleset::preset(preset, 2).expect("every preset plays with two");
        MatchSummary {
            id: format!("m{n}"),
            started_at_ms: n * 1000 - 500,
            finished_at_ms: n * 1000,
            duration_ms: 500,
            format: MatchFormat::usual(&ruleset),
            ruleset,
            seats: vec![
                SeatPlayer::Person {
                    name: String::new(),
                },
                SeatPlayer::Ai {
                    level,
                    name: "Alice".into(),
                },
            ],
            hand_scores: vec![vec![61, 59]],
            outcome,
            resigned: false,
            undos: 0,
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::examples::summary;
    use super::*;
    use serde_json::json;

    fn sample() -> Vec<MatchSummary> {
        (1..=10)
            .map(|n| {
                let preset = if n % 2 == 0 {
                    Preset::Briscola
                } else {
                    Preset::Bisca
                };
                let level = if n <= 5 { Level::Easy } else { Level::Hard };
                let outcome = if n % 3 == 0 {
                    Outcome::Won
                } else {
                    Outcome::Lost
                };
                let mut summary = summary(n, preset, level, outcome);
                if n == 8 {
                    summary.ruleset = Ruleset::preset(preset, 4).unwrap();
                }
                summary
            })
            .collect()
    }

    fn ids(page: &HistoryPage) -> Vec<&str> {
        page.items.iter().map(|s| s.id.as_str()).collect()
    }

    #[test]
    fn pages_newest_first() {
        let query = HistoryQuery {
            offset: 2,
            limit: 3,
            ..HistoryQuery::default()
        };
        let page = query.apply(sample());
        assert_eq!(page.total, 10);
        assert_eq!(ids(&page), ["m8", "m7", "m6"]);
        let past_end = HistoryQuery {
            offset: 50,
            ..HistoryQuery::default()
        };
        assert!(past_end.apply(sample()).items.is_empty());
    }

    #[test]
    fn filters_combine() {
        let query = HistoryQuery {
            preset: Some(Preset::Briscola),
            level: Some(Level::Hard),
            outcome: Some(Outcome::Lost),
            from_ms: Some(7000),
            to_ms: Some(10_000),
            ..HistoryQuery::default()
        };
        assert_eq!(ids(&query.apply(sample())), ["m8"]);
        let four_players = HistoryQuery {
            players: Some(4),
            ..query.clone()
        };
        assert_eq!(ids(&four_players.apply(sample())), ["m8"]);
        let two_players = HistoryQuery {
            players: Some(2),
            ..query
        };
        assert!(two_players.apply(sample()).items.is_empty());
    }

    /// Match 9 of [`sample`] as played with a friend, Ben, at seat 1 and a Hard AI at seat 2.
    fn with_ben(matches: &mut [MatchSummary]) {
        matches[8].ruleset = Ruleset::preset(Preset::Briscola, 3).unwrap();
        matches[8].seats = vec![
            SeatPlayer::Person { name: "Ada".into() },
            SeatPlayer::Person { name: "Ben".into() },
            SeatPlayer::Ai {
                level: Level::Hard,
                name: "Computer 2".into(),
            },
        ];
    }

    #[test]
    fn matches_with_people_are_told_from_matches_against_the_ai() {
        let mut matches = sample();
        with_ben(&mut matches);
        let with_people = HistoryQuery {
            with_people: Some(true),
            ..HistoryQuery::default()
        };
        assert_eq!(ids(&with_people.apply(matches.clone())), ["m9"]);
        let against_ai = HistoryQuery {
            with_people: Some(false),
            ..HistoryQuery::default()
        };
        assert_eq!(against_ai.apply(matches.clone()).total, 9);
        let level = |level| HistoryQuery {
            level: Some(level),
            ..HistoryQuery::default()
        };
        assert!(ids(&level(Level::Hard).apply(matches.clone())).contains(&"m9"));
        assert!(
            !ids(&level(Level::Medium).apply(matches.clone())).contains(&"m9"),
            "a person's seat is not an AI level"
        );
        assert_eq!(matches[8].ai_levels(), [Level::Hard]);
        assert!(matches[8].validate().is_ok());
        // The player's own seat alone being a person is a match against the AI.
        assert!(!matches[0].with_people());
    }

    #[test]
    fn format_two_summaries_are_read_as_seats() {
        // A friends' match stored by an earlier build: a person at seat 1 (Medium stood for them),
        // a Hard AI at seat 2.
        let mut friends =
            serde_json::to_value(summary(1, Preset::Briscola, Level::Easy, Outcome::Won)).unwrap();
        let object = friends.as_object_mut().unwrap();
        object.remove("seats");
        object.insert(
            "ruleset".into(),
            json!(Ruleset::preset(Preset::Briscola, 3).unwrap()),
        );
        object.insert("opponents".into(), json!(["medium", "hard"]));
        object.insert("opponent_names".into(), json!(["Ben", ""]));
        object.insert("people".into(), json!([1]));
        let read: MatchSummary = serde_json::from_value(friends).unwrap();
        assert_eq!(
            read.seats,
            [
                SeatPlayer::Person {
                    name: String::new()
                },
                SeatPlayer::Person { name: "Ben".into() },
                SeatPlayer::Ai {
                    level: Level::Hard,
                    name: String::new()
                },
            ]
        );
        assert!(read.with_people());
        assert_eq!(read.ai_levels(), [Level::Hard], "Ben is no Medium AI");
        // Against the AI, stored before names and people were kept.
        let mut old =
            serde_json::to_value(summary(2, Preset::Briscola, Level::Easy, Outcome::Won)).unwrap();
        let object = old.as_object_mut().unwrap();
        object.remove("seats");
        object.insert("opponents".into(), json!(["easy"]));
        let read: MatchSummary = serde_json::from_value(old.clone()).unwrap();
        assert_eq!(
            read.seats,
            [
                SeatPlayer::Person {
                    name: String::new()
                },
                SeatPlayer::Ai {
                    level: Level::Easy,
                    name: String::new()
                },
            ]
        );
        assert!(!read.with_people());
        // Written again, it is format 3, and reads back the same.
        let written = serde_json::to_value(&read).unwrap();
        assert!(written.get("opponents").is_none() && written.get("people").is_none());
        assert_eq!(
            serde_json::from_value::<MatchSummary>(written).unwrap(),
            read
        );
        // Neither seats nor opponents: not a summary.
        old.as_object_mut().unwrap().remove("opponents");
        assert!(serde_json::from_value::<MatchSummary>(old).is_err());
    }

    #[test]
    fn rejects_bad_pages_and_summaries() {
        let zero = HistoryQuery {
            limit: 0,
            ..HistoryQuery::default()
        };
        assert!(zero.validate().is_err());
        let reversed = HistoryQuery {
            from_ms: Some(5),
            to_ms: Some(4),
            ..HistoryQuery::default()
        };
        assert!(reversed.validate().is_err());
        assert!(HistoryQuery::default().validate().is_ok());
        let mut bad = summary(1, Preset::Briscola, Level::Easy, Outcome::Won);
        bad.id = " ".into();
        assert!(bad.validate().is_err());
        bad.id = "ok".into();
        bad.finished_at_ms = bad.started_at_ms - 1;
        assert!(bad.validate().is_err());
    }

    #[test]
    fn version_one_lines_take_rules_and_format_from_their_record() {
        let rules = Ruleset::preset(Preset::Bisca, 3).unwrap();
        let line = json!({
            "v": 1,
            "summary": {
                "id": "old", "started_at_ms": 1000, "finished_at_ms": 2000, "duration_ms": 1000,
                "ruleset": "bisca-3p",
                "opponents": [{"name": "Seat 1", "level": "hard"}, {"name": "Seat 2", "level": "easy"}],
                "hand_scores": [[40, 50, 30]], "outcome": "lost", "resigned": true
            },
            "record": { "ruleset": rules, "format": {"kind": "first-to", "hands": 2}, "seed": 7 }
        });
        let summary = read_summary(1, line.to_string().as_bytes()).unwrap();
        assert_eq!(summary.ruleset, rules);
        assert_eq!(summary.format, MatchFormat::FirstTo { hands: 2 });
        assert_eq!((summary.resigned, summary.undos), (true, 0));
        assert_eq!(summary.hand_scores, [[40, 50, 30]]);
        assert_eq!(
            summary.seats,
            [
                SeatPlayer::Person {
                    name: String::new()
                },
                SeatPlayer::Ai {
                    level: Level::Hard,
                    name: "Seat 1".into()
                },
                SeatPlayer::Ai {
                    level: Level::Easy,
                    name: "Seat 2".into()
                },
            ],
            "their levels and names kept"
        );
        let current = json!({ "v": 3, "summary": summary, "record": {} });
        assert_eq!(
            read_summary(3, current.to_string().as_bytes()),
            Ok(summary.clone())
        );
        // A version-2 line stored before names were kept reads with empty names.
        let mut unnamed = json!({ "v": 2, "summary": summary, "record": {} });
        let object = unnamed["summary"].as_object_mut().unwrap();
        object.remove("seats");
        object.insert("opponents".into(), json!(["hard", "easy"]));
        let read = read_summary(2, unnamed.to_string().as_bytes()).unwrap();
        assert!(read.seats.iter().all(|seat| seat.name().is_empty()));
        assert_eq!(read.ai_levels(), [Level::Hard, Level::Easy]);
        let no_record = json!({ "v": 1, "summary": line["summary"] });
        assert!(read_summary(1, no_record.to_string().as_bytes()).is_err());
    }
}

/// What the statistics over the reviews need of a reviewed match: the columns the history keeps
/// beside its summary (never the summary itself, whose lists a crafted row may fill to their bounds).
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewedRow {
    /// The match's id.
    pub id: String,
    /// When it finished (ms since the Unix epoch).
    pub finished_at_ms: i64,
    /// The preset played.
    pub preset: Preset,
    /// Players at the table.
    pub players: u8,
    /// The AI seats' levels, in seat order (people left out): [`MatchSummary::ai_levels`].
    pub opponents: Vec<Level>,
    /// Whether people sat at the table.
    pub with_people: bool,
}

impl ReviewedRow {
    /// The row of `summary`.
    pub fn of(summary: &MatchSummary) -> ReviewedRow {
        ReviewedRow {
            id: summary.id.clone(),
            finished_at_ms: summary.finished_at_ms,
            preset: summary.ruleset.preset,
            players: summary.ruleset.players,
            opponents: summary.ai_levels(),
            with_people: summary.with_people(),
        }
    }
}
