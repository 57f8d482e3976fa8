//! TypeScript bindings for every command and DTO, generated from the Rust types into
//! `ui/src/lib/bindings/` and checked to be current (the test fails on any difference).
//! Regenerate with `UPDATE_BINDINGS=1 cargo test -p briscola-app bindings`.
//!
//! Besides one file per type (ts-rs), `commands.ts` holds a typed client: the UI passes it
//! Tauri's `invoke` (`commands(invoke)`), so this folder needs no npm dependency, and
//! `defaults.ts` the default preferences (what the UI shows before the shell answers), and
//! `constants.ts` the engine's lists and numbers the UI shows before asking anything: the AI levels,
//! deck styles and presets in the engine's order, the minimum bid and the card points of a hand.
//!
//! `data/` holds real shell data for the UI's tests, generated and checked the same way: what
//! `list_presets` sends, a game view after one trick and the catalog of every message the UI words
//! ([`crate::messages`]) — so UI tests check what Rust really sends, never a hand-written
//! restatement of the rules.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use briscola::Ruleset;
use briscola::ai::review::{MatchReview, Progress};
use ts_rs::{Config, TS};

use briscola_table::discovery::DiscoveredTable;
use briscola_table::protocol::ClientMessage;

use crate::commands::game::Hint;
use crate::commands::names::COMMANDS;
use crate::error::AppError;
use crate::history::{HistoryPage, HistoryQuery, HistoryStats};
use crate::preferences::Preferences;
use crate::review::ReviewStats;
use crate::seat::{HostInfo, HostRequest, KeptOffer, Returned, SeatEvent, SeatState};
use crate::session::{NewGame, PresetInfo, Replay, RulesetEdit, RulesetInfo, SavedMatch, presets};
use crate::state::MatchRecord;
use crate::store::{HistoryEntry, StoreWarning};

/// One command: its name, its arguments (camelCase on the wire) and its result type.
struct Signature {
    name: &'static str,
    args: Vec<(&'static str, String)>,
    result: String,
}

fn signatures(cfg: &Config) -> Vec<Signature> {
    let sig = |name, args: &[(&'static str, String)], result: String| Signature {
        name,
        args: args.to_vec(),
        result,
    };
    vec![
        sig("get_preferences", &[], Preferences::name(cfg)),
        sig(
            "set_preferences",
            &[("preferences", Preferences::name(cfg))],
            Preferences::name(cfg),
        ),
        sig("store_warnings", &[], <Vec<StoreWarning>>::name(cfg)),
        sig(
            "list_history",
            &[("query", HistoryQuery::name(cfg))],
            HistoryPage::name(cfg),
        ),
        sig(
            "history_stats",
            &[("with_people", bool::name(cfg))],
            HistoryStats::name(cfg),
        ),
        sig(
            "get_match_record",
            &[("id", String::name(cfg))],
            <HistoryEntry<MatchRecord>>::name(cfg),
        ),
        sig(
            "delete_match",
            &[("id", String::name(cfg))],
            bool::name(cfg),
        ),
        sig("list_presets", &[], <Vec<PresetInfo>>::name(cfg)),
        sig(
            "edit_ruleset",
            &[
                ("ruleset", Ruleset::name(cfg)),
                ("edit", RulesetEdit::name(cfg)),
            ],
            RulesetInfo::name(cfg),
        ),
        sig(
            "start_match",
            &[
                ("new_game", NewGame::name(cfg)),
                ("opponent_names", <Vec<String>>::name(cfg)),
                ("your_name", String::name(cfg)),
                ("events", channel(SeatEvent::name(cfg))),
            ],
            <()>::name(cfg),
        ),
        sig(
            "resume_match",
            &[
                ("your_name", String::name(cfg)),
                ("events", channel(SeatEvent::name(cfg))),
            ],
            bool::name(cfg),
        ),
        sig(
            "get_replay",
            &[("id", String::name(cfg))],
            Replay::name(cfg),
        ),
        sig(
            "start_review",
            &[("id", String::name(cfg))],
            MatchReview::name(cfg),
        ),
        sig(
            "review_progress",
            &[("id", String::name(cfg))],
            <Option<Progress>>::name(cfg),
        ),
        sig(
            "cancel_review",
            &[("id", String::name(cfg))],
            bool::name(cfg),
        ),
        sig(
            "get_review",
            &[("id", String::name(cfg))],
            <Option<MatchReview>>::name(cfg),
        ),
        sig("review_stats", &[], ReviewStats::name(cfg)),
        sig(
            "friends_host",
            &[
                ("request", HostRequest::name(cfg)),
                ("events", channel(SeatEvent::name(cfg))),
            ],
            HostInfo::name(cfg),
        ),
        sig(
            "friends_join",
            &[
                ("address", String::name(cfg)),
                ("code", String::name(cfg)),
                ("name", String::name(cfg)),
                ("events", channel(SeatEvent::name(cfg))),
            ],
            <()>::name(cfg),
        ),
        sig("friends_tables", &[], <Vec<DiscoveredTable>>::name(cfg)),
        sig("table_hint", &[], Hint::name(cfg)),
        sig(
            "table_send",
            &[("message", ClientMessage::name(cfg))],
            <()>::name(cfg),
        ),
        sig(
            "table_invite",
            &[("port", u16::name(cfg))],
            HostInfo::name(cfg),
        ),
        sig("table_leave", &[], <()>::name(cfg)),
        sig("kept_table", &[], <Option<KeptOffer>>::name(cfg)),
        sig("forget_table", &[], <()>::name(cfg)),
        sig(
            "table_return",
            &[("events", channel(SeatEvent::name(cfg)))],
            Returned::name(cfg),
        ),
        sig(
            "watch_invitations",
            &[("links", channel(String::name(cfg)))],
            <()>::name(cfg),
        ),
    ]
}

/// The type of a channel argument: Tauri's `Channel` (from `@tauri-apps/api/core`) as far as the
/// shell uses it, so this folder needs no npm dependency.
fn channel(of: String) -> String {
    format!("Channel<{of}>")
}

/// Writes every DTO (and what it refers to) into the configured folder.
fn export_types(cfg: &Config) {
    AppError::export_all(cfg).unwrap();
    Preferences::export_all(cfg).unwrap();
    StoreWarning::export_all(cfg).unwrap();
    HistoryQuery::export_all(cfg).unwrap();
    HistoryPage::export_all(cfg).unwrap();
    HistoryStats::export_all(cfg).unwrap();
    <HistoryEntry<MatchRecord>>::export_all(cfg).unwrap();
    PresetInfo::export_all(cfg).unwrap();
    RulesetEdit::export_all(cfg).unwrap();
    briscola::message::MessageCatalog::export_all(cfg).unwrap();
    Hint::export_all(cfg).unwrap();
    Replay::export_all(cfg).unwrap();
    SavedMatch::export_all(cfg).unwrap();
    MatchReview::export_all(cfg).unwrap();
    Progress::export_all(cfg).unwrap();
    ReviewStats::export_all(cfg).unwrap();
    HostRequest::export_all(cfg).unwrap();
    HostInfo::export_all(cfg).unwrap();
    KeptOffer::export_all(cfg).unwrap();
    Returned::export_all(cfg).unwrap();
    SeatEvent::export_all(cfg).unwrap();
    ClientMessage::export_all(cfg).unwrap();
    DiscoveredTable::export_all(cfg).unwrap();
}

fn camel(name: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

fn commands_ts(cfg: &Config, type_files: &[String]) -> String {
    let mut body = String::new();
    for s in signatures(cfg) {
        let params: Vec<String> = s
            .args
            .iter()
            .map(|(arg, ty)| format!("{}: {ty}", camel(arg)))
            .collect();
        let payload = if s.args.is_empty() {
            String::new()
        } else {
            let keys: Vec<String> = s.args.iter().map(|(arg, _)| camel(arg)).collect();
            format!(", {{ {} }}", keys.join(", "))
        };
        body.push_str(&format!(
            "    {}: ({}): Promise<{}> => invoke<{}>(\"{}\"{payload}),\n",
            camel(s.name),
            params.join(", "),
            s.result,
            s.result,
            s.name
        ));
    }
    let mut imports = String::new();
    for file in type_files {
        let name = file.rsplit('/').next().unwrap_or(file);
        let used = body
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .any(|word| word == name);
        if used {
            imports.push_str(&format!("import type {{ {name} }} from \"./{file}\";\n"));
        }
    }
    let names: Vec<String> = COMMANDS.iter().map(|c| format!("\"{c}\"")).collect();
    format!(
        "// Generated by `cargo test -p briscola-app bindings` from src-tauri/src/bindings.rs. Do not edit.\n\
         {imports}\n\
         /** Every command name the app grants to the UI. */\n\
         export type CommandName = {};\n\n\
         /** Tauri's `Channel` (from `@tauri-apps/api/core`) as the commands use it: the shell sends on it. */\n\
         export interface Channel<T> {{ onmessage: (message: T) => void }}\n\n\
         /** Tauri's `invoke` (from `@tauri-apps/api/core`) or a test double. Failures reject with an `AppError`. */\n\
         export type Invoke = <T>(cmd: CommandName, args?: Record<string, unknown>) => Promise<T>;\n\n\
         /** A typed client for the app's commands. */\n\
         export function commands(invoke: Invoke) {{\n  return {{\n{body}  }};\n}}\n\n\
         export type {{ AppError }} from \"./AppError\";\n",
        names.join(" | ")
    )
}

/// A match against the computer (two-player Briscola, best of 3) as your seat sees it after its
/// first trick: the table run without a transport (seeded: the same every time), its messages folded
/// by the shell's mirror exactly as the webview receives them.
fn state_after_one_trick() -> SeatState {
    use briscola::{MatchFormat, Preset, Ruleset, ai::Level};
    use briscola_table::protocol::{ClientMessage, SeatChoice};
    use briscola_table::{Entropy, MatchSeeds, Table, TableSettings};

    use crate::seat::{LinkEvent, Mirror, MovesSent};
    let settings = TableSettings {
        hints: true,
        undo: true,
        deal_when_asked: true,
        format: MatchFormat::BestOf { hands: 3 },
        ..TableSettings::new(Ruleset::preset(Preset::Briscola, 2).unwrap())
    };
    let address = std::net::IpAddr::from([127, 0, 0, 1]);
    let (mut table, out) =
        Table::with_entropy(settings, 0, address, "Player", Entropy::seeded(7)).unwrap();
    let moves = MovesSent::default();
    let mut mirror = Mirror::new("Player", moves.clone());
    let hear = |mirror: &mut Mirror, out: Vec<briscola_table::Outgoing>| {
        for o in out {
            mirror.hear(&LinkEvent::Message { message: o.message }, 0);
        }
    };
    hear(&mut mirror, out);
    let seat = ClientMessage::SetSeat {
        seat: 1,
        occupant: SeatChoice::Ai { level: Level::Easy },
    };
    let out = table.handle(0, seat, 0);
    hear(&mut mirror, out);
    table.set_next_match(MatchSeeds {
        deal: 7,
        ai: 7,
        dealer: 1,
    });
    let out = table.handle(0, ClientMessage::Start, 0);
    hear(&mut mirror, out);
    while mirror
        .state()
        .game
        .as_ref()
        .is_none_or(|g| g.observation.tricks.is_empty())
    {
        if let Some(request) = table.ai_request() {
            let action = briscola_table::decide(&request);
            let out = table.apply_ai(&request, action, 0).unwrap();
            hear(&mut mirror, out);
            continue;
        }
        let action = mirror
            .state()
            .game
            .as_ref()
            .unwrap()
            .observation
            .legal_actions[0];
        moves.count_one();
        let out = table.handle(0, ClientMessage::Act { action }, 0);
        hear(&mut mirror, out);
    }
    mirror.state().clone()
}

/// The shell data files, relative path → content.
fn data_files() -> BTreeMap<String, String> {
    let json = |value: serde_json::Value| format!("{value:#}\n");
    BTreeMap::from([
        (
            "data/presets.json".to_string(),
            json(serde_json::to_value(presets()).unwrap()),
        ),
        (
            "data/seat-state.json".to_string(),
            json(serde_json::to_value(state_after_one_trick()).unwrap()),
        ),
        (
            "data/catalog.json".to_string(),
            json(serde_json::to_value(crate::messages::catalogs()).unwrap()),
        ),
    ])
}

fn defaults_ts() -> String {
    let value = serde_json::to_string_pretty(&Preferences::default()).unwrap();
    format!(
        "// Generated by `cargo test -p briscola-app bindings` from src-tauri/src/bindings.rs. Do not edit.\n\
         import type {{ Preferences }} from \"./Preferences\";\n\n\
         /** `Preferences::default()`: what a first start shows. */\n\
         export const DEFAULT_PREFERENCES: Preferences = {value};\n"
    )
}

/// The most card points a hand holds under any preset (every deck the presets use holds 120).
fn max_hand_points() -> u16 {
    briscola::Preset::ALL
        .into_iter()
        .flat_map(|preset| {
            preset
                .player_counts()
                .iter()
                .filter_map(move |&players| Ruleset::preset(preset, players).ok())
        })
        .map(|rules| rules.total_points())
        .max()
        .unwrap()
}

fn constants_ts() -> String {
    use briscola::{Bid, DeckStyle, Preset, ai::Level};
    use briscola_table::protocol::QuickPhrase;
    use briscola_table::{text, timer};
    let list = |value: serde_json::Value| value.to_string().replace(',', ", ");
    format!(
        "// Generated by `cargo test -p briscola-app bindings` from src-tauri/src/bindings.rs. Do not edit.\n\
         import type {{ DeckStyle }} from \"./DeckStyle\";\n\
         import type {{ Level }} from \"./Level\";\n\
         import type {{ Preset }} from \"./Preset\";\n\
         import type {{ QuickPhrase }} from \"./QuickPhrase\";\n\n\
         /** Every AI level, weakest first (`Level::ALL`). */\n\
         export const LEVELS: readonly Level[] = {};\n\n\
         /** Every deck style, in the order Settings lists them (`DeckStyle::ALL`). */\n\
         export const DECK_STYLES: readonly DeckStyle[] = {};\n\n\
         /** Every preset, in the engine's order (`Preset::ALL`). */\n\
         export const PRESETS: readonly Preset[] = {};\n\n\
         /** The card points a chiamata bid of a rank alone promises (`Bid::MIN_POINTS`). */\n\
         export const MIN_BID_POINTS = {};\n\n\
         /** The most card points a hand holds under any preset (`Ruleset::total_points`). */\n\
         export const MAX_HAND_POINTS = {};\n\n\
         /** Every quick phrase of a friends' table, in the order Talk offers them (`QuickPhrase::ALL`). */\n\
         export const QUICK_PHRASES: readonly QuickPhrase[] = {};\n\n\
         /** The port a hosted table listens on unless the host picks another (`seat::DEFAULT_PORT`). */\n\
         export const DEFAULT_PORT = {};\n\n\
         /** A turn timer's seconds per move, fewest and most (`timer::MIN_SECONDS`, `MAX_SECONDS`). */\n\
         export const TIMER_SECONDS = {{ min: {}, max: {} }} as const;\n\n\
         /** The last milliseconds of a turn, when the table warns the seat to move (`timer::WARNING_MS`). */\n\
         export const WARNING_MS = {};\n\n\
         /** The longest name at a table, and the longest chat line, in characters (`text`). */\n\
         export const MAX_NAME_CHARS = {};\n\
         export const MAX_CHAT_CHARS = {};\n\n\
         /** How every invitation link starts (`invitation::PREFIX`). */\n\
         export const INVITATION_PREFIX = {};\n",
        list(serde_json::json!(Level::ALL)),
        list(serde_json::json!(DeckStyle::ALL)),
        list(serde_json::json!(Preset::ALL)),
        Bid::MIN_POINTS,
        max_hand_points(),
        list(serde_json::json!(QuickPhrase::ALL)),
        crate::seat::DEFAULT_PORT,
        timer::MIN_SECONDS,
        timer::MAX_SECONDS,
        timer::WARNING_MS,
        text::MAX_NAME_CHARS,
        text::MAX_CHAT_CHARS,
        serde_json::json!(briscola_table::invitation::PREFIX),
    )
}

/// Every generated file, relative path → content.
fn generate() -> BTreeMap<String, String> {
    let temp = tempfile::tempdir().unwrap();
    let cfg = Config::new().with_out_dir(temp.path());
    export_types(&cfg);
    let mut files = BTreeMap::new();
    collect(temp.path(), temp.path(), &mut files);
    let type_files: Vec<String> = files
        .keys()
        .map(|path| path.trim_end_matches(".ts").to_string())
        .collect();
    files.insert("commands.ts".into(), commands_ts(&cfg, &type_files));
    files.insert("defaults.ts".into(), defaults_ts());
    files.insert("constants.ts".into(), constants_ts());
    files.extend(data_files());
    files
}

fn collect(root: &Path, dir: &Path, files: &mut BTreeMap<String, String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(root, &path, files);
        } else if path.extension().is_some_and(|e| e == "ts" || e == "json") {
            let relative = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            files.insert(relative, fs::read_to_string(&path).unwrap());
        }
    }
}

fn committed_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/src/lib/bindings")
}

#[test]
fn bindings_are_current() {
    let wanted = generate();
    let dir = committed_dir();
    let mut found = BTreeMap::new();
    collect(&dir, &dir, &mut found);
    if wanted == found {
        return;
    }
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        for stale in found.keys().filter(|name| !wanted.contains_key(*name)) {
            fs::remove_file(dir.join(stale)).unwrap();
        }
        for (name, content) in &wanted {
            let path = dir.join(name);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, content).unwrap();
        }
        return;
    }
    let differing: Vec<&String> = wanted
        .keys()
        .chain(found.keys())
        .filter(|name| wanted.get(*name) != found.get(*name))
        .collect();
    panic!(
        "TypeScript bindings in ui/src/lib/bindings are out of date ({differing:?}); \
         run `UPDATE_BINDINGS=1 cargo test -p briscola-app bindings` and commit the result"
    );
}

#[test]
fn every_command_has_a_signature_and_a_permission() {
    let names: Vec<&str> = signatures(&Config::new()).iter().map(|s| s.name).collect();
    assert_eq!(names, COMMANDS, "signatures() must list COMMANDS in order");
    let capability: serde_json::Value =
        serde_json::from_str(include_str!("../capabilities/default.json")).unwrap();
    let granted: Vec<&str> = capability["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    let expected: Vec<String> = COMMANDS
        .iter()
        .map(|c| format!("allow-{}", c.replace('_', "-")))
        .collect();
    assert_eq!(
        granted, expected,
        "grant exactly the app's commands, nothing else"
    );
}
