//! The kept table: a round trip through the database, records refused on the way in, a corrupt
//! or foreign row set aside with a warning, a newer one left alone, and a change kept in memory
//! while the database is held.

use rusqlite::Connection;
use serde_json::json;

use super::*;
use crate::kept_table::examples;
use crate::test_prefs::Store;
use crate::tests::kinds;

fn other_connection(dir: &std::path::Path) -> Connection {
    Connection::open(dir.join(db::DATABASE_FILE)).unwrap()
}

#[test]
fn a_kept_table_round_trips_and_is_forgotten() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    assert_eq!(store.kept_table(), None);
    assert!(store.keep_table(&examples::joined()).unwrap());
    drop(store);
    let mut store = Store::open(dir.path());
    assert_eq!(store.kept_table(), Some(examples::joined()));
    // One at a time: the latest table replaces the other.
    assert!(store.keep_table(&examples::hosted()).unwrap());
    drop(store);
    let mut store = Store::open(dir.path());
    let kept = store.kept_table().unwrap();
    assert!(kept.hosted());
    assert_eq!(kept, examples::hosted());
    store.forget_table().unwrap();
    drop(store);
    let mut store = Store::open(dir.path());
    assert_eq!(store.kept_table(), None);
    assert!(store.warnings().is_empty(), "{:?}", store.warnings());
}

#[test]
fn a_record_that_does_not_hold_together_is_refused_and_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    store.keep_table(&examples::joined()).unwrap();
    let bad = [
        KeptTable {
            token: "not a token".into(),
            ..examples::joined()
        },
        KeptTable {
            code: String::new(),
            ..examples::joined()
        },
        KeptTable {
            your_name: " ".into(),
            ..examples::joined()
        },
        KeptTable {
            table_name: "a\u{7}b".into(),
            ..examples::joined()
        },
        KeptTable {
            seated_ms: -1,
            ..examples::joined()
        },
        KeptTable {
            place: KeptPlace::Joined {
                address: "host name:7878".into(),
                more: Vec::new(),
                relay: None,
            },
            ..examples::joined()
        },
        // Blank only beside a relay; further addresses checked alike; a relay of visible text.
        KeptTable {
            place: KeptPlace::Joined {
                address: String::new(),
                more: Vec::new(),
                relay: None,
            },
            ..examples::joined()
        },
        KeptTable {
            place: KeptPlace::Joined {
                address: "192.168.1.20:7878".into(),
                more: vec!["bad host:1".into()],
                relay: None,
            },
            ..examples::joined()
        },
        KeptTable {
            place: KeptPlace::Joined {
                address: String::new(),
                more: Vec::new(),
                relay: Some("wss://relay example".into()),
            },
            ..examples::joined()
        },
        KeptTable {
            place: KeptPlace::Hosted {
                port: 0,
                snapshot: json!({}),
            },
            ..examples::joined()
        },
        KeptTable {
            place: KeptPlace::Hosted {
                port: 7878,
                snapshot: json!([1]),
            },
            ..examples::joined()
        },
    ];
    for kept in bad {
        assert!(store.keep_table(&kept).is_err(), "{kept:?}");
    }
    drop(store);
    assert_eq!(
        Store::open(dir.path()).kept_table(),
        Some(examples::joined())
    );
}

#[test]
fn a_corrupt_or_foreign_row_is_set_aside_with_a_warning() {
    for data in [
        "[1,2]",
        r#"{"code":"X"}"#,
        r#"{"something":"else","entirely":true}"#,
        // Well formed, but a token that is not one.
        r#"{"code":"1RGK4-T8SA9","token":"x","your_name":"Bea","table_name":"","seated_ms":1,"place":{"kind":"joined","address":"h:1"}}"#,
    ] {
        let dir = tempfile::tempdir().unwrap();
        drop(Store::open(dir.path()));
        let conn = other_connection(dir.path());
        conn.execute(
            "INSERT INTO documents VALUES ('kept-table.json', 1, ?1)",
            [data],
        )
        .unwrap();
        let mut store = Store::open(dir.path());
        assert_eq!(store.kept_table(), None, "{data}");
        assert_eq!(kinds(&store), [WarningKind::Quarantined], "{data}");
        let aside: i64 = conn
            .query_row(
                "SELECT count(*) FROM documents WHERE name LIKE 'kept-table.json.corrupt-%'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(aside, 1, "kept aside: {data}");
        // A new table can be kept at once.
        assert!(store.keep_table(&examples::joined()).unwrap());
        assert_eq!(store.kept_table(), Some(examples::joined()));
    }
}

#[test]
fn a_newer_kept_table_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    drop(Store::open(dir.path()));
    let conn = other_connection(dir.path());
    conn.execute(
        "INSERT INTO documents VALUES ('kept-table.json', 9, '{\"new\":1}')",
        [],
    )
    .unwrap();
    let mut store = Store::open(dir.path());
    assert_eq!(store.kept_table(), None);
    assert_eq!(kinds(&store), [WarningKind::FutureVersion]);
    assert!(!store.keep_table(&examples::joined()).unwrap());
    store.forget_table().unwrap();
    let version: i64 = conn
        .query_row(
            "SELECT version FROM documents WHERE name = 'kept-table.json'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(version, 9, "never overwritten");
}

#[test]
fn a_held_database_keeps_the_table_in_memory_then_writes_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    let holder = other_connection(dir.path());
    holder.execute_batch("BEGIN EXCLUSIVE").unwrap();
    assert!(!store.keep_table(&examples::hosted()).unwrap());
    assert_eq!(store.kept_table(), Some(examples::hosted()));
    assert!(!store.is_saving());
    holder.execute_batch("COMMIT").unwrap();
    store.forget_table().unwrap();
    assert!(store.keep_table(&examples::joined()).unwrap());
    assert!(store.is_saving(), "{:?}", store.warnings());
    drop(store);
    assert_eq!(
        Store::open(dir.path()).kept_table(),
        Some(examples::joined())
    );
}

#[test]
fn a_seat_joined_through_a_relay_keeps_every_route_and_an_older_record_reads_without_them() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    let kept = KeptTable {
        place: KeptPlace::Joined {
            address: String::new(),
            more: vec!["203.0.113.5:41000".into()],
            relay: Some("wss://relay.example.org".into()),
        },
        ..examples::joined()
    };
    assert!(store.keep_table(&kept).unwrap());
    drop(store);
    assert_eq!(Store::open(dir.path()).kept_table(), Some(kept));
    // A record from before routes were kept: its address alone.
    let older: KeptTable = serde_json::from_value(json!({
        "code": "1RGK4-T8SA9",
        "token": "0123456789ABCDEF0123456789ABCDEF",
        "your_name": "Bea",
        "table_name": "",
        "seated_ms": 1,
        "place": { "kind": "joined", "address": "192.168.1.20:7878" }
    }))
    .unwrap();
    assert_eq!(
        older.place,
        KeptPlace::Joined {
            address: "192.168.1.20:7878".into(),
            more: Vec::new(),
            relay: None,
        }
    );
}
