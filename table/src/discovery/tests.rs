//! The pure parts, without a network: TXT properties from an announcement, records read back, every
//! kind of bad record, and the capped list. Then one real announce and browse, run in a network
//! namespace of its own (only its loopback interface) so that nothing leaves the machine.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use briscola::Preset;

use super::record::{
    KEY_FREE, KEY_HOST, KEY_NAME, KEY_PLAYERS, KEY_PRESET, KEY_VERSION, TableList,
};
use super::*;
use crate::protocol::VERSION;

const FULLNAME: &str = "briscola-0011223344556677._briscola._tcp.local.";
const LAN: IpAddr = IpAddr::V4(Ipv4Addr::new(192, 168, 1, 20));

fn announcement() -> Announcement {
    Announcement {
        name: "Ann's table".to_string(),
        host: "Ann".to_string(),
        preset: Preset::Briscola,
        players: 4,
        seats_free: 3,
    }
}

/// A good record's TXT properties, as strings.
fn good_properties() -> Vec<(String, String)> {
    txt_properties(&announcement())
        .expect("a good announcement")
        .into_iter()
        .map(|(key, value)| (key.to_string(), value))
        .collect()
}

/// Reads a record with these properties, the LAN address and port 7878.
fn read(fullname: &str, properties: &[(String, String)]) -> Result<DiscoveredTable, Refusal> {
    read_record(
        fullname,
        properties
            .iter()
            .map(|(key, value)| (key.as_str(), Some(value.as_bytes()))),
        [LAN],
        7878,
    )
}

/// The good record with `key` set to `value` (added if absent).
fn with(key: &str, value: &str) -> Vec<(String, String)> {
    let mut properties = good_properties();
    match properties.iter_mut().find(|(k, _)| k == key) {
        Some(property) => property.1 = value.to_string(),
        None => properties.push((key.to_string(), value.to_string())),
    }
    properties
}

fn without(key: &str) -> Vec<(String, String)> {
    let mut properties = good_properties();
    properties.retain(|(k, _)| k != key);
    properties
}

fn good_table() -> DiscoveredTable {
    DiscoveredTable {
        id: "briscola-0011223344556677".to_string(),
        name: "Ann's table".to_string(),
        host: "Ann".to_string(),
        preset: Preset::Briscola,
        players: 4,
        seats_free: 3,
        protocol: VERSION,
        compatible: true,
        addresses: vec![LAN],
        port: 7878,
    }
}

#[test]
fn an_announcement_is_its_public_fields_and_nothing_else() {
    let properties = txt_properties(&announcement()).expect("a good announcement");
    assert_eq!(
        properties,
        vec![
            ("v", VERSION.to_string()),
            ("name", "Ann's table".to_string()),
            ("host", "Ann".to_string()),
            ("preset", "briscola".to_string()),
            ("players", "4".to_string()),
            ("free", "3".to_string()),
        ]
    );
    // Every preset goes out as its kebab-case id, and comes back.
    for preset in Preset::ALL {
        let info = Announcement {
            preset,
            players: preset.player_counts()[0],
            seats_free: 0,
            ..announcement()
        };
        let properties: Vec<(String, String)> = txt_properties(&info)
            .expect("announced")
            .into_iter()
            .map(|(key, value)| (key.to_string(), value))
            .collect();
        assert!(properties.contains(&("preset".to_string(), preset.id().to_string())));
        assert_eq!(read(FULLNAME, &properties).map(|t| t.preset), Ok(preset));
    }
}

#[test]
fn announcing_refuses_what_browsers_would_refuse() {
    let bad = |change: fn(&mut Announcement)| {
        let mut info = announcement();
        change(&mut info);
        txt_properties(&info)
    };
    assert_eq!(bad(|i| i.name = " ".into()), Err(DiscoveryError::BadName));
    assert_eq!(
        bad(|i| i.name = "x".repeat(25)),
        Err(DiscoveryError::BadName)
    );
    assert_eq!(
        bad(|i| i.name = "a\nb".into()),
        Err(DiscoveryError::BadName)
    );
    assert_eq!(
        bad(|i| i.host = "\u{202E}Ann".into()),
        Err(DiscoveryError::BadHost)
    );
    assert_eq!(
        bad(|i| i.players = 7),
        Err(DiscoveryError::BadPlayers { players: 7 })
    );
    assert_eq!(
        bad(|i| i.players = 1),
        Err(DiscoveryError::BadPlayers { players: 1 })
    );
    assert_eq!(
        bad(|i| i.seats_free = 5),
        Err(DiscoveryError::BadSeatsFree {
            seats_free: 5,
            players: 4
        })
    );
    // Names are announced trimmed, as the table shows them.
    let mut info = announcement();
    info.host = "  Ann ".into();
    assert!(
        txt_properties(&info)
            .expect("announced")
            .contains(&("host", "Ann".to_string()))
    );
}

#[test]
fn announcing_on_port_0_is_refused_before_any_daemon_starts() {
    assert!(matches!(
        announce(&announcement(), 0),
        Err(DiscoveryError::BadPort)
    ));
    // A bad announcement too: both are checked before the daemon (and its sockets) exist.
    let mut info = announcement();
    info.players = 9;
    assert!(matches!(
        announce(&info, 7878),
        Err(DiscoveryError::BadPlayers { players: 9 })
    ));
}

#[test]
fn a_good_record_reads_back_as_announced() {
    assert_eq!(read(FULLNAME, &good_properties()), Ok(good_table()));
    // Key case does not matter; unknown keys are ignored; names are trimmed.
    let properties = vec![
        ("V".to_string(), VERSION.to_string()),
        ("Name".to_string(), "  Ann's table ".to_string()),
        ("HOST".to_string(), "Ann".to_string()),
        ("preset".to_string(), "briscola".to_string()),
        ("players".to_string(), "4".to_string()),
        ("free".to_string(), "3".to_string()),
        ("colour".to_string(), "blue".to_string()),
    ];
    assert_eq!(read(FULLNAME, &properties), Ok(good_table()));
    // The instance name's case and the domain's case do not matter either.
    let shouting = "Briscola-00112233AABBCCDD._BRISCOLA._TCP.LOCAL.";
    assert_eq!(
        read(shouting, &good_properties()).map(|t| t.id),
        Ok("Briscola-00112233AABBCCDD".to_string())
    );
    // A table with every seat taken is still listed, with none free.
    assert_eq!(
        read(FULLNAME, &with(KEY_FREE, "0")).map(|t| t.seats_free),
        Ok(0)
    );
}

#[test]
fn a_record_missing_a_key_is_refused() {
    for key in [
        KEY_VERSION,
        KEY_NAME,
        KEY_HOST,
        KEY_PRESET,
        KEY_PLAYERS,
        KEY_FREE,
    ] {
        assert_eq!(
            read(FULLNAME, &without(key)),
            Err(Refusal::Missing { key }),
            "{key}"
        );
    }
    // A key without a value (`players` rather than `players=4`) is no better.
    let owned = good_properties();
    let mut properties: Vec<(&str, Option<&[u8]>)> = owned
        .iter()
        .filter(|(k, _)| k != KEY_PLAYERS)
        .map(|(k, v)| (k.as_str(), Some(v.as_bytes())))
        .collect();
    properties.push((KEY_PLAYERS, None));
    assert_eq!(
        read_record(FULLNAME, properties, [LAN], 7878),
        Err(Refusal::Invalid { key: KEY_PLAYERS })
    );
}

#[test]
fn names_that_are_too_long_empty_or_hold_control_characters_are_refused() {
    for key in [KEY_NAME, KEY_HOST] {
        for value in [
            "x".repeat(25).as_str(),
            "",
            "   ",
            "Ann\u{7}",
            "Ann\nBob",
            "\u{1b}[31mAnn",
            "Ann\u{202E}elbat",
            "\u{2066}Ann",
        ] {
            assert_eq!(
                read(FULLNAME, &with(key, value)),
                Err(Refusal::Invalid { key }),
                "{key}={value:?}"
            );
        }
        // 24 characters of two bytes each pass: the cap is in characters.
        assert!(read(FULLNAME, &with(key, &"é".repeat(24))).is_ok());
    }
    // A value that is not UTF-8.
    let properties = good_properties();
    let bytes: Vec<(&str, Option<&[u8]>)> = properties
        .iter()
        .map(|(k, v)| {
            let value: &[u8] = if k == KEY_NAME {
                b"\xff\xfeAnn"
            } else {
                v.as_bytes()
            };
            (k.as_str(), Some(value))
        })
        .collect();
    assert_eq!(
        read_record(FULLNAME, bytes, [LAN], 7878),
        Err(Refusal::Invalid { key: KEY_NAME })
    );
}

#[test]
fn numbers_presets_and_seats_are_checked() {
    let invalid = |key: &'static str, value: &str| {
        assert_eq!(
            read(FULLNAME, &with(key, value)),
            Err(Refusal::Invalid { key }),
            "{key}={value:?}"
        );
    };
    for value in [
        "7", "1", "0", "", "four", "+4", "-4", " 4", "4 ", "256", "0x4",
    ] {
        invalid(KEY_PLAYERS, value);
    }
    for value in ["piquet", "Briscola", "", "briscola ", "brisca\0"] {
        invalid(KEY_PRESET, value);
    }
    // More seats free than seats, and numbers that are not plain digits.
    for value in ["5", "-1", "+1", "1.0", "999"] {
        invalid(KEY_FREE, value);
    }
    for value in ["", "one", "-1", "+1", "99999999999"] {
        invalid(KEY_VERSION, value);
    }
    // Every count from 2 to 6 passes, with every seat free.
    for players in 2..=6u8 {
        let count = players.to_string();
        let mut properties = with(KEY_PLAYERS, &count);
        properties.retain(|(k, _)| k != KEY_FREE);
        properties.push((KEY_FREE.to_string(), count));
        assert_eq!(
            read(FULLNAME, &properties).map(|t| (t.players, t.seats_free)),
            Ok((players, players))
        );
    }
}

#[test]
fn another_protocol_version_is_listed_as_incompatible() {
    let other = VERSION + 1;
    let table = read(FULLNAME, &with(KEY_VERSION, &other.to_string())).expect("listed");
    assert_eq!(table.protocol, other);
    assert!(!table.compatible);
    assert_eq!(
        read(FULLNAME, &with(KEY_VERSION, "0")).map(|t| t.compatible),
        Ok(false)
    );
    // The rest of its record is checked all the same.
    let mut properties = with(KEY_VERSION, &other.to_string());
    properties.retain(|(k, _)| k != KEY_HOST);
    assert_eq!(
        read(FULLNAME, &properties),
        Err(Refusal::Missing { key: KEY_HOST })
    );
}

#[test]
fn a_repeated_key_counts_once_the_first_time() {
    let mut properties = good_properties();
    properties.push((KEY_NAME.to_string(), "Impostor".to_string()));
    properties.push(("PLAYERS".to_string(), "7".to_string()));
    assert_eq!(read(FULLNAME, &properties), Ok(good_table()));
}

#[test]
fn the_port_and_the_addresses_are_checked() {
    let properties = good_properties();
    let read_at = |addresses: Vec<IpAddr>, port: u16| {
        read_record(
            FULLNAME,
            properties
                .iter()
                .map(|(key, value)| (key.as_str(), Some(value.as_bytes()))),
            addresses,
            port,
        )
    };
    assert_eq!(read_at(vec![LAN], 0), Err(Refusal::BadPort));
    assert_eq!(read_at(vec![], 7878), Err(Refusal::NoAddress));
    let v6: IpAddr = "fd00::20".parse().expect("an address");
    let link_local: IpAddr = "fe80::1".parse().expect("an address");
    // IPv4 first, then IPv6; duplicates once; link-local IPv6 set aside.
    assert_eq!(
        read_at(vec![v6, LAN, link_local, LAN], 7878).map(|t| t.addresses),
        Ok(vec![LAN, v6])
    );
    assert_eq!(read_at(vec![link_local], 7878), Err(Refusal::NoAddress));
    for bad in [
        IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        IpAddr::V6(Ipv6Addr::UNSPECIFIED),
        IpAddr::V4(Ipv4Addr::BROADCAST),
        IpAddr::V4(Ipv4Addr::new(224, 0, 0, 251)),
        "ff02::fb".parse().expect("an address"),
    ] {
        assert_eq!(
            read_at(vec![LAN, bad], 7878),
            Err(Refusal::BadAddress),
            "{bad}"
        );
    }
    // At most MAX_ADDRESSES distinct addresses.
    let many = |count: u8| -> Vec<IpAddr> {
        (1..=count)
            .map(|i| IpAddr::V4(Ipv4Addr::new(10, 0, 0, i)))
            .collect()
    };
    assert_eq!(
        read_at(many(MAX_ADDRESSES as u8), 7878).map(|t| t.addresses.len()),
        Ok(MAX_ADDRESSES)
    );
    assert_eq!(
        read_at(many(MAX_ADDRESSES as u8 + 1), 7878),
        Err(Refusal::TooManyAddresses)
    );
    // A flood of addresses is refused as soon as it passes the cap, without reading it all.
    let endless = (0..=u32::MAX).map(|i| IpAddr::V4(Ipv4Addr::from(i.wrapping_add(1))));
    assert_eq!(
        read_record(
            FULLNAME,
            properties
                .iter()
                .map(|(key, value)| (key.as_str(), Some(value.as_bytes()))),
            endless,
            7878
        ),
        Err(Refusal::TooManyAddresses)
    );
}

#[test]
fn instance_names_are_checked() {
    let properties = good_properties();
    for fullname in [
        "",
        "._briscola._tcp.local.",
        "_briscola._tcp.local.",
        "x._http._tcp.local.",
        "x._briscola._udp.local.",
        "x._briscola._tcp.local",
        "x_briscola._tcp.local.",
        "bad\u{7}name._briscola._tcp.local.",
        "bad\u{202E}name._briscola._tcp.local.",
        "é._briscola._tcp.local",
    ] {
        assert_eq!(
            read(fullname, &properties),
            Err(Refusal::BadInstance),
            "{fullname:?}"
        );
    }
    let longest = format!("{}._briscola._tcp.local.", "x".repeat(63));
    assert!(read(&longest, &properties).is_ok());
    let too_long = format!("{}._briscola._tcp.local.", "x".repeat(64));
    assert_eq!(read(&too_long, &properties), Err(Refusal::BadInstance));
    // An instance name with spaces and accents (another implementation's) is fine.
    assert_eq!(
        read("Tavolo di Anna é._briscola._tcp.local.", &properties).map(|t| t.id),
        Ok("Tavolo di Anna é".to_string())
    );
}

#[test]
fn the_list_replaces_a_table_seen_again_under_the_same_name() {
    let mut list = TableList::default();
    assert_eq!(list.resolved(FULLNAME, Ok(good_table())), Ok(()));
    let mut fuller = good_table();
    fuller.seats_free = 1;
    // The same instance again, in another case: one table, the later record.
    let shouting = FULLNAME.to_ascii_uppercase();
    assert_eq!(list.resolved(&shouting, Ok(fuller.clone())), Ok(()));
    assert_eq!(list.tables(), vec![fuller]);
    // A record that no longer passes takes its table off the list.
    assert_eq!(
        list.resolved(FULLNAME, Err(Refusal::BadPort)),
        Err(Refusal::BadPort)
    );
    assert_eq!(list.tables(), vec![]);
    // A refused record of a table never listed changes nothing.
    assert_eq!(
        list.resolved(FULLNAME, Err(Refusal::NoAddress)),
        Err(Refusal::NoAddress)
    );
    assert!(list.tables().is_empty());
}

#[test]
fn the_list_forgets_tables_that_leave_and_sorts_by_name() {
    let mut list = TableList::default();
    let table = |id: &str, name: &str| DiscoveredTable {
        id: id.to_string(),
        name: name.to_string(),
        ..good_table()
    };
    let fullname = |id: &str| format!("{id}.{SERVICE_TYPE}");
    for (id, name) in [("a", "zebra"), ("b", "Apple"), ("c", "mango")] {
        assert_eq!(list.resolved(&fullname(id), Ok(table(id, name))), Ok(()));
    }
    let names =
        |list: &TableList| -> Vec<String> { list.tables().into_iter().map(|t| t.name).collect() };
    assert_eq!(names(&list), ["Apple", "mango", "zebra"]);
    list.removed(&fullname("C").to_ascii_uppercase());
    assert_eq!(names(&list), ["Apple", "zebra"]);
    list.removed("never-seen._briscola._tcp.local.");
    assert_eq!(names(&list), ["Apple", "zebra"]);
    list.clear();
    assert!(list.tables().is_empty());
}

#[test]
fn the_list_holds_at_most_max_tables() {
    let mut list = TableList::default();
    let fullname = |i: usize| format!("flood-{i}.{SERVICE_TYPE}");
    for i in 0..MAX_TABLES {
        assert_eq!(list.resolved(&fullname(i), Ok(good_table())), Ok(()));
    }
    // A flood of new names is refused...
    for i in MAX_TABLES..MAX_TABLES * 4 {
        assert_eq!(
            list.resolved(&fullname(i), Ok(good_table())),
            Err(Refusal::Full)
        );
    }
    assert_eq!(list.tables().len(), MAX_TABLES);
    // ...while a listed table is still updated,
    let mut updated = good_table();
    updated.seats_free = 0;
    assert_eq!(list.resolved(&fullname(0), Ok(updated)), Ok(()));
    assert_eq!(list.tables().len(), MAX_TABLES);
    // and once one leaves, a new one has room.
    list.removed(&fullname(1));
    assert_eq!(
        list.resolved(&fullname(MAX_TABLES), Ok(good_table())),
        Ok(())
    );
    assert_eq!(
        list.resolved(&fullname(MAX_TABLES + 1), Ok(good_table())),
        Err(Refusal::Full)
    );
}

#[test]
fn a_discovered_table_serializes_for_the_app() {
    let json = serde_json::to_value(good_table()).expect("serializes");
    assert_eq!(
        json,
        serde_json::json!({
            "id": "briscola-0011223344556677",
            "name": "Ann's table",
            "host": "Ann",
            "preset": "briscola",
            "players": 4,
            "seats_free": 3,
            "protocol": VERSION,
            "compatible": true,
            "addresses": ["192.168.1.20"],
            "port": 7878,
        })
    );
}

#[cfg(feature = "ts")]
#[test]
fn the_typescript_declaration_uses_numbers_and_strings() {
    use ts_rs::TS;
    let decl = DiscoveredTable::decl(&ts_rs::Config::default());
    assert!(!decl.contains("bigint"), "{decl}");
    assert!(decl.contains("addresses: Array<string>"), "{decl}");
    assert!(decl.contains("preset: Preset"), "{decl}");
}

/// The name of the test below, as the test harness knows it.
const ON_LOOPBACK: &str = "discovery::tests::announce_update_and_browse_on_loopback_only";

/// The threads of this process named `name`.
fn threads_named(name: &str) -> usize {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return 0;
    };
    tasks
        .filter_map(Result::ok)
        .filter(|task| {
            std::fs::read_to_string(task.path().join("comm")).is_ok_and(|comm| comm.trim() == name)
        })
        .count()
}

/// Waits (at most 5 s) until this process has `count` threads named `name` (a new thread names
/// itself once it runs); how many it has then.
fn wait_for_threads(name: &str, count: usize) -> usize {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let now = threads_named(name);
        if now == count || std::time::Instant::now() > deadline {
            return now;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Waits (at most 20 s) until the browser's list satisfies `done`.
fn wait_for(browser: &Browser, done: impl Fn(&[DiscoveredTable]) -> bool) -> Vec<DiscoveredTable> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let tables = browser.tables();
        if done(&tables) || std::time::Instant::now() > deadline {
            return tables;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// A real announcement and browse, through the daemons and multicast. It sends multicast on every
/// interface it finds, so it refuses to run where there is any but loopback: the test after it runs it
/// in a network namespace of its own.
#[test]
#[ignore = "sends multicast: run by `discovery_works_in_a_network_namespace`, in a namespace of its own"]
fn announce_update_and_browse_on_loopback_only() {
    // This process's network namespace's interfaces (/sys/class/net shows the namespace sysfs was
    // mounted in, not necessarily this one).
    let interfaces: Vec<String> = std::fs::read_to_string("/proc/self/net/dev")
        .expect("network interfaces listed")
        .lines()
        .skip(2)
        .filter_map(|line| Some(line.split_once(':')?.0.trim().to_string()))
        .collect();
    assert_eq!(interfaces, ["lo"], "only loopback, or nothing may be sent");

    assert_eq!(threads_named("mDNS_daemon"), 0);
    let browser = browse().expect("browsing");
    let mut announcer = announce(&announcement(), 7878).expect("announced");
    assert_eq!(wait_for_threads("mDNS_daemon", 2), 2);

    let tables = wait_for(&browser, |tables| !tables.is_empty());
    assert_eq!(tables.len(), 1, "{tables:?}");
    let table = &tables[0];
    assert!(table.id.starts_with("briscola-"), "{table:?}");
    assert_eq!(
        (
            &*table.name,
            &*table.host,
            table.preset,
            table.players,
            table.seats_free
        ),
        ("Ann's table", "Ann", Preset::Briscola, 4, 3)
    );
    assert_eq!(
        (table.port, table.protocol, table.compatible),
        (7878, VERSION, true)
    );
    assert!(
        table.addresses.contains(&IpAddr::V4(Ipv4Addr::LOCALHOST)),
        "{table:?}"
    );

    // Seats taken: the same table, one seat free.
    let mut fuller = announcement();
    fuller.seats_free = 1;
    announcer.update(&fuller).expect("updated");
    let tables = wait_for(&browser, |tables| {
        tables.len() == 1 && tables[0].seats_free == 1
    });
    assert_eq!(tables.len(), 1, "{tables:?}");
    assert_eq!((tables[0].seats_free, &tables[0].id), (1, &table.id));

    // The host stops: its goodbye takes the table off the list, long before its records expire.
    announcer.stop();
    let tables = wait_for(&browser, <[DiscoveredTable]>::is_empty);
    assert!(tables.is_empty(), "{tables:?}");
    assert_eq!(wait_for_threads("mDNS_daemon", 1), 1);
    assert_eq!(threads_named("briscola-browse"), 1);

    // Dropping the browser ends its thread and its daemon's.
    drop(browser);
    assert_eq!(threads_named("briscola-browse"), 0);
    assert_eq!(wait_for_threads("mDNS_daemon", 0), 0);
}

/// Runs the test above in a network namespace of its own (a new user and network namespace, with
/// only its loopback interface, brought up): real multicast between two daemons, and nothing sent
/// beyond this machine. It needs `unshare` (util-linux), `ip` (iproute2) and leave to create
/// namespaces (root, or unprivileged user namespaces); without them it fails, it does not skip.
#[test]
fn discovery_works_in_a_network_namespace() {
    crate::tests::namespace::run_in_network_namespace(ON_LOOPBACK);
}
