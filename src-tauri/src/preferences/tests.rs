use super::*;
use crate::store::{Store, StoreWarning, WarningKind};
use briscola::{CardOrder, Preset, Ruleset};
use serde_json::{Value, json};
use std::fs;

/// What the store made of a preferences file of an earlier version: the preferences (`None`
/// when the file could not be read and was kept aside) and the warnings.
struct Loaded {
    value: Option<Preferences>,
    warnings: Vec<StoreWarning>,
}

/// Opens the store on a data folder of an earlier version holding `file` as its preferences
/// (the upgrade imports it, the first read migrates it).
fn load(file: &str) -> (tempfile::TempDir, Loaded) {
    let dir = tempfile::tempdir().unwrap();
    fs::write(PREFERENCES.path(dir.path()), file).unwrap();
    let store = Store::open(dir.path());
    let warnings = store.warnings().to_vec();
    let unread = warnings
        .iter()
        .any(|w| w.kind() == WarningKind::Quarantined);
    let value = (!unread).then(|| store.preferences().clone());
    (dir, Loaded { value, warnings })
}

/// The preferences as stored in the database, as `{"version", "data"}`.
fn saved(dir: &tempfile::TempDir) -> Value {
    let conn =
        rusqlite::Connection::open(dir.path().join(briscola_store::db::DATABASE_FILE)).unwrap();
    let (version, data): (i64, String) = conn
        .query_row(
            "SELECT version, data FROM documents WHERE name = 'preferences.json'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    json!({ "version": version, "data": serde_json::from_str::<Value>(&data).unwrap() })
}

/// The original file, kept byte for byte beside the database.
fn backup(dir: &tempfile::TempDir) -> String {
    fs::read_to_string(dir.path().join("pre-sqlite-backup/preferences.json")).unwrap()
}

const V0_FIXTURE: &str = r#"{
    "deck": "piacentine",
    "lang": "it",
    "animations": false,
    "sound": false,
    "show_opponent_score": false,
    "card_scale": 1.25,
    "ai_level": "hard",
    "variant": "classic",
    "dealer": "cpu"
}"#;

#[test]
fn migrates_the_version_zero_fixture_through_both_versions() {
    let (dir, loaded) = load(V0_FIXTURE);
    assert_eq!(loaded.warnings[0].kind(), WarningKind::Migrated);
    assert!(loaded.warnings[0].to_string().contains("v0-backup"));
    let expected = Preferences {
        deck_style: DeckStyle::Italian,
        language: Language::It,
        animation_speed: AnimationSpeed::Instant,
        sound: false,
        collect_trick: TrickCollect::Auto,
        score_display: ScoreDisplay::Mine,
        card_size_percent: 125,
        allow_undo: true,
        first_dealer: FirstDealer::Computer,
        table_turn: TableTurn::CounterClockwise,
        new_game: NewGame {
            opponents: vec![Level::Hard],
            ..NewGame::default()
        },
        opponent_names: Vec::new(),
        your_name: String::new(),
        relay: String::new(),
        port_mapping: true,
    };
    assert_eq!(loaded.value, Some(expected));
    let saved = saved(&dir);
    assert_eq!(saved["version"], 2);
    assert_eq!(saved["data"]["deck_style"], "italian");
}

/// What a version-1 build wrote after a Bisca game with the simplified order was started.
fn v1_fixture() -> Value {
    let mut rules = Ruleset::preset(Preset::Bisca, 3).unwrap();
    rules.order = CardOrder::SevenSecond;
    json!({
        "version": 1,
        "data": {
            "deck_style": "french-4color",
            "language": "pt",
            "animation_speed": "off",
            "sound": false,
            "score_display": "show_all",
            "card_size_percent": 130,
            "first_dealer": "human",
            "ruleset": "bisca",
            "ruleset_options": {
                "order": "simplified",
                "last_setup": {
                    "ruleset": rules,
                    "format": {"kind": "first-to", "hands": 4},
                    "opponents": ["hard", "easy"],
                    "first_dealer": 2,
                    "allow_undo": false
                }
            },
            "match_format": "firstTo:4",
            "ai_levels": ["hard", "easy"]
        }
    })
}

#[test]
fn version_one_keeps_every_field_and_the_exact_last_setup() {
    let fixture = v1_fixture();
    let (dir, loaded) = load(&fixture.to_string());
    assert_eq!(loaded.warnings.len(), 1);
    assert_eq!(loaded.warnings[0].kind(), WarningKind::Migrated);
    let StoreWarning::Migrated { backup, .. } = &loaded.warnings[0] else {
        panic!("a migration warning: {:?}", loaded.warnings[0]);
    };
    assert!(backup.contains("v1-backup"), "{backup}");
    assert_eq!(
        self::backup(&dir),
        fixture.to_string(),
        "the version-1 file is kept byte for byte"
    );
    let prefs = loaded.value.unwrap();
    let last = &fixture["data"]["ruleset_options"]["last_setup"];
    let rules: Ruleset = serde_json::from_value(last["ruleset"].clone()).unwrap();
    assert_eq!(
        prefs,
        Preferences {
            deck_style: DeckStyle::French4Color,
            language: Language::Pt,
            animation_speed: AnimationSpeed::Instant,
            sound: false,
            collect_trick: TrickCollect::Auto,
            score_display: ScoreDisplay::All,
            card_size_percent: 130,
            allow_undo: false,
            first_dealer: FirstDealer::Human,
            table_turn: TableTurn::CounterClockwise,
            new_game: NewGame {
                preset: Preset::Bisca,
                rulesets: vec![rules],
                format: MatchFormat::FirstTo { hands: 4 },
                opponents: vec![Level::Hard, Level::Easy],
            },
            opponent_names: Vec::new(),
            your_name: String::new(),
            relay: String::new(),
            port_mapping: true,
        }
    );
    assert_eq!(saved(&dir)["version"], 2);
    assert!(saved(&dir)["data"].get("ruleset_options").is_none());
    // The upgraded document is current: the next open has nothing to report.
    let again = Store::open(dir.path());
    assert!(again.warnings().is_empty(), "{:?}", again.warnings());
    assert_eq!(again.preferences(), &prefs);
}

#[test]
fn version_one_without_a_last_setup_reads_the_placeholders() {
    let mut fixture = v1_fixture();
    let data = &mut fixture["data"];
    data["ruleset_options"] = json!({ "target": "15" });
    data["ruleset"] = json!("chiamata");
    data["match_format"] = json!("gamePoints");
    data["ai_levels"] = json!(["easy", "nonsense", "medium"]);
    data["score_display"] = json!("hide_opponents");
    let (_dir, loaded) = load(&fixture.to_string());
    let prefs = loaded.value.unwrap();
    assert_eq!(prefs.score_display, ScoreDisplay::Mine);
    assert!(prefs.allow_undo, "undo stays on without a record of it");
    assert_eq!(
        prefs.new_game,
        NewGame {
            preset: Preset::Chiamata,
            rulesets: vec![],
            format: MatchFormat::GamePoints { target: 15 },
            opponents: vec![Level::Easy, Level::Medium],
        }
    );
    for (id, format) in [
        ("single", MatchFormat::SingleHand),
        ("bestOf5", MatchFormat::BestOf { hands: 5 }),
        ("cardPoints151", MatchFormat::CardPoints { target: 151 }),
        ("firstTo:7", MatchFormat::FirstTo { hands: 7 }),
    ] {
        let mut fixture = v1_fixture();
        fixture["data"]["ruleset_options"] = json!({});
        fixture["data"]["match_format"] = json!(id);
        let (_dir, loaded) = load(&fixture.to_string());
        assert_eq!(loaded.value.unwrap().new_game.format, format, "{id}");
    }
}

#[test]
fn version_one_defaults_and_unknown_values() {
    // What a version-1 build wrote before anyone touched the New game form.
    let (_dir, loaded) = load(
        r#"{"version":1,"data":{"ruleset":"classic","ruleset_options":{},"match_format":"single","ai_levels":["medium"]}}"#,
    );
    assert_eq!(loaded.value, Some(Preferences::default()));
    // An unknown deck is not guessed: the file is moved aside, never lost.
    let (_dir, loaded) = load(r#"{"version":1,"data":{"deck_style":"tarot"}}"#);
    assert_eq!(loaded.warnings[0].kind(), WarningKind::Quarantined);
    assert!(loaded.value.is_none());
}

#[test]
fn unknown_version_zero_deck_is_quarantined_not_guessed() {
    let (_dir, loaded) = load(r#"{"deck":"tarocchi"}"#);
    assert_eq!(loaded.warnings[0].kind(), WarningKind::Quarantined);
}

#[test]
fn missing_fields_take_defaults_and_wire_names_are_stable() {
    let parsed: Preferences = serde_json::from_value(json!({"deck_style": "italian-fcr"})).unwrap();
    assert_eq!(parsed.deck_style, DeckStyle::ItalianFcr);
    assert_eq!(parsed.card_size_percent, 100);
    let wire = serde_json::to_value(Preferences {
        deck_style: DeckStyle::French4Color,
        ..Preferences::default()
    })
    .unwrap();
    assert_eq!(wire["deck_style"], "french-4color");
    assert_eq!(wire["language"], "system");
    assert_eq!(wire["score_display"], "all");
    assert_eq!(wire["animation_speed"], "normal");
    assert_eq!(wire["collect_trick"], "auto");
    let tap: Preferences = serde_json::from_value(json!({"collect_trick": "tap"})).unwrap();
    assert_eq!(tap.collect_trick, TrickCollect::Tap);
    assert!(serde_json::from_value::<Preferences>(json!({"collect_trick": "later"})).is_err());
    assert_eq!(wire["table_turn"], "counter_clockwise");
    let clockwise: Preferences =
        serde_json::from_value(json!({"table_turn": "clockwise"})).unwrap();
    assert_eq!(clockwise.table_turn, TableTurn::Clockwise);
    assert!(serde_json::from_value::<Preferences>(json!({"table_turn": "left"})).is_err());
    assert_eq!(wire["new_game"]["preset"], "briscola");
    assert_eq!(wire["new_game"]["format"], json!({"kind": "single-hand"}));
}

#[test]
fn validation_names_and_repair_fixes_out_of_range_values() {
    assert!(Preferences::default().validate().is_ok());
    assert_eq!(Preferences::default().repaired().1, Vec::<&str>::new());
    let mut bad_rules = Ruleset::preset(Preset::Briscola, 2).unwrap();
    bad_rules.hand_size = 0;
    let briscola = Ruleset::preset(Preset::Briscola, 4).unwrap();
    let bad = Preferences {
        card_size_percent: 10,
        new_game: NewGame {
            preset: Preset::Briscola,
            rulesets: vec![
                briscola,
                bad_rules,
                Ruleset::preset(Preset::Briscola, 2).unwrap(),
            ],
            format: MatchFormat::BestOf { hands: 4 },
            opponents: vec![],
        },
        ..Preferences::default()
    };
    let error = bad.validate().unwrap_err();
    assert!(
        error.contains("card_size_percent") && error.contains("new_game.format"),
        "{error}"
    );
    let (fixed, fields) = bad.repaired();
    assert_eq!(
        fields,
        [
            "card_size_percent",
            "new_game.rulesets",
            "new_game.opponents",
            "new_game.format"
        ]
    );
    assert_eq!(fixed.card_size_percent, 50);
    assert_eq!(
        fixed.new_game.rulesets,
        [briscola],
        "the first of a preset is kept"
    );
    assert_eq!(fixed.new_game.opponents, [Level::Medium]);
    assert_eq!(fixed.new_game.format, MatchFormat::SingleHand);
    assert!(fixed.validate().is_ok());
    let too_many = Preferences {
        card_size_percent: 900,
        new_game: NewGame {
            opponents: vec![Level::Easy; 9],
            ..NewGame::default()
        },
        ..Preferences::default()
    };
    let (fixed, _) = too_many.repaired();
    assert_eq!(
        (fixed.card_size_percent, fixed.new_game.opponents.len()),
        (200, 5)
    );
}

#[test]
fn the_first_dealer_follows_the_preference() {
    for seed in 0..50 {
        assert_eq!(FirstDealer::Human.seat(4, seed), 0);
        let computer = FirstDealer::Computer.seat(4, seed);
        assert!((1..4).contains(&computer));
        assert!(FirstDealer::Random.seat(5, seed) < 5);
    }
    let seats: std::collections::HashSet<u8> = (0..200)
        .map(|seed| FirstDealer::Random.seat(3, seed))
        .collect();
    assert_eq!(seats.len(), 3, "every seat can deal");
    let computers: std::collections::HashSet<u8> = (0..200)
        .map(|seed| FirstDealer::Computer.seat(3, seed))
        .collect();
    assert_eq!(computers, [1, 2].into());
}

#[test]
fn every_deck_style_names_its_artwork_folder() {
    // The match makes the compiler ask for a new style here.
    let styles = [
        DeckStyle::Italian,
        DeckStyle::ItalianFcr,
        DeckStyle::Spanish,
        DeckStyle::French,
        DeckStyle::French4Color,
    ];
    for style in styles {
        match style {
            DeckStyle::Italian
            | DeckStyle::ItalianFcr
            | DeckStyle::Spanish
            | DeckStyle::French
            | DeckStyle::French4Color => {}
        }
        let name = serde_json::to_value(style).unwrap();
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../assets/cards")
            .join(name.as_str().unwrap());
        assert!(folder.join("back.svg").is_file(), "{}", folder.display());
    }
}

#[test]
fn opponent_names_are_trimmed_cut_and_at_most_five() {
    let parsed: Preferences = serde_json::from_value(json!({"deck_style": "italian"})).unwrap();
    assert!(
        parsed.opponent_names.is_empty(),
        "missing: the language's defaults"
    );
    let kept = Preferences {
        opponent_names: vec!["Luca".into(), String::new(), "Sara".into()],
        ..Preferences::default()
    };
    assert!(kept.validate().is_ok(), "a blank name means the default");
    let long = "Bartolomeo Giovanni Maria Rossi";
    let bad = Preferences {
        opponent_names: vec![
            "  Luca ".into(),
            long.into(),
            "c".into(),
            "d".into(),
            "e".into(),
            "f".into(),
        ],
        ..Preferences::default()
    };
    assert!(bad.validate().unwrap_err().contains("opponent_names"));
    let (fixed, fields) = bad.repaired();
    assert_eq!(fields, ["opponent_names"]);
    assert_eq!(
        fixed.opponent_names,
        ["Luca", "Bartolomeo Giovanni Mari", "c", "d", "e"]
    );
    assert!(fixed.validate().is_ok());
}

#[test]
fn your_name_is_trimmed_cut_or_blank_when_a_table_would_refuse_it() {
    let parsed: Preferences = serde_json::from_value(json!({"deck_style": "italian"})).unwrap();
    assert_eq!(parsed.your_name, "", "missing: the forms ask");
    let kept = Preferences {
        your_name: "Ann".into(),
        ..Preferences::default()
    };
    assert!(kept.validate().is_ok());
    for (given, fixed) in [
        ("  Ann ", "Ann"),
        (
            "Bartolomeo Giovanni Maria Rossi",
            "Bartolomeo Giovanni Mari",
        ),
        ("Ann\u{202e}", ""),
    ] {
        let bad = Preferences {
            your_name: given.into(),
            ..Preferences::default()
        };
        assert!(
            bad.validate().unwrap_err().contains("your_name"),
            "{given:?}"
        );
        let (repaired, fields) = bad.repaired();
        assert_eq!(
            (repaired.your_name.as_str(), fields),
            (fixed, vec!["your_name"])
        );
    }
}

#[test]
fn every_field_a_repair_can_name_is_worded_in_every_language() {
    let mut broken = Preferences {
        card_size_percent: 9_999,
        ..Preferences::default()
    };
    let mut bad_rules = Ruleset::preset(Preset::Briscola, 2).unwrap();
    bad_rules.players = 9;
    broken.new_game.rulesets = vec![bad_rules];
    broken.new_game.opponents = Vec::new();
    broken.new_game.format = briscola::MatchFormat::BestOf { hands: 4 };
    broken.opponent_names = vec![" Luca ".into()];
    broken.your_name = " Ann ".into();
    broken.relay = "ftp://relay".into();
    let (_, fields) = broken.repaired();
    assert_eq!(
        fields,
        [
            "opponent_names",
            "your_name",
            "relay",
            "card_size_percent",
            "new_game.rulesets",
            "new_game.opponents",
            "new_game.format"
        ]
    );
    // The UI words a `repaired` warning's fields with `warning.field.<name>` (storeWarnings.ts).
    let i18n = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/src/lib/i18n");
    for lang in ["it", "es", "en", "pt"] {
        let text = fs::read_to_string(i18n.join(format!("{lang}.ts"))).unwrap();
        for field in &fields {
            assert!(
                text.contains(&format!("'warning.field.{field}'")),
                "{lang}.ts words {field}"
            );
        }
    }
}

#[test]
fn the_relay_is_blank_by_default_trimmed_and_blank_when_it_is_not_a_relay_address() {
    assert_eq!(
        Preferences::default().relay,
        "",
        "the project runs no relay"
    );
    assert_eq!(Preferences::default().relay_address(), None);
    for (given, kept) in [
        (" relay.example.org:443 ", "relay.example.org:443"),
        ("wss://relay.example.org", "wss://relay.example.org"),
        ("ws://127.0.0.1:9000", "ws://127.0.0.1:9000"),
        ("", ""),
    ] {
        let prefs = Preferences {
            relay: given.into(),
            ..Preferences::default()
        };
        let (repaired, fields) = prefs.clone().repaired();
        assert_eq!(repaired.relay, kept, "{given:?}");
        assert_eq!(fields.contains(&"relay"), given != kept, "{given:?}");
        assert_eq!(repaired.relay_address().is_some(), !kept.is_empty());
    }
    for bad in ["ftp://relay", "relay example", "http://x:1"] {
        let prefs = Preferences {
            relay: bad.into(),
            ..Preferences::default()
        };
        assert!(prefs.validate().unwrap_err().contains("relay"), "{bad}");
        assert_eq!(prefs.repaired().0.relay, "");
    }
}
