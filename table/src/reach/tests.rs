//! The route outside, for every combination of the ladder's findings; the report in words.

use std::net::SocketAddr;

use super::*;

fn address(text: &str) -> SocketAddr {
    text.parse().expect("an address")
}

fn mappings() -> Vec<MappingOutcome> {
    vec![
        MappingOutcome::Mapped {
            external: address("81.2.69.142:41000"),
            protocol: MappingProtocol::Upnp,
        },
        MappingOutcome::NoRouter,
        MappingOutcome::Refused {
            reason: "no".into(),
        },
        MappingOutcome::BehindAnotherNat {
            address: "100.64.0.7".parse().expect("an address"),
        },
        MappingOutcome::NotNeeded,
        MappingOutcome::NotAsked,
    ]
}

fn relays() -> Vec<RelayOutcome> {
    vec![
        RelayOutcome::NotConfigured,
        RelayOutcome::Registered {
            relay: "wss://relay.example.org".into(),
        },
        RelayOutcome::Connecting {
            relay: "wss://relay.example.org".into(),
        },
        RelayOutcome::Unreachable {
            relay: "wss://relay.example.org".into(),
            problem: RelayProblem::Refused,
        },
    ]
}

#[test]
fn the_route_is_the_first_rung_that_holds_with_why_the_earlier_ones_failed() {
    let publics = [vec![], vec![address("81.2.69.10:7878")]];
    let mut seen = 0;
    for public in &publics {
        for mapping in mappings() {
            for relay in relays() {
                let got = outside(public, &mapping, &relay);
                let no_public = PassedOver::NoPublicAddress;
                let mapping_failed = PassedOver::Mapping {
                    outcome: mapping.clone(),
                };
                let relay_failed = PassedOver::Relay {
                    outcome: relay.clone(),
                };
                let expected = match (public.as_slice(), &mapping, &relay) {
                    ([first], _, _) => Outside {
                        route: Route::Direct { address: *first },
                        passed_over: vec![],
                    },
                    ([], MappingOutcome::Mapped { external, .. }, _) => Outside {
                        route: Route::Mapping { address: *external },
                        passed_over: vec![no_public],
                    },
                    ([], _, RelayOutcome::Registered { relay }) => Outside {
                        route: Route::Relay {
                            relay: relay.clone(),
                        },
                        passed_over: vec![no_public, mapping_failed],
                    },
                    ([], _, _) => Outside {
                        route: Route::None,
                        passed_over: vec![no_public, mapping_failed, relay_failed],
                    },
                    _ => unreachable!("one public address or none"),
                };
                assert_eq!(got, expected, "{public:?} {mapping:?} {relay:?}");
                seen += 1;
            }
        }
    }
    assert_eq!(seen, 2 * 6 * 4);
}

#[test]
fn the_first_public_address_is_the_direct_route() {
    let public = [address("81.2.69.10:7878"), address("81.2.69.11:7878")];
    let got = outside(
        &public,
        &MappingOutcome::NotNeeded,
        &RelayOutcome::NotConfigured,
    );
    assert_eq!(got.route, Route::Direct { address: public[0] });
}

#[test]
fn a_new_relay_outcome_changes_the_route() {
    let mut report = ReachReport::new(
        7878,
        vec![address("192.168.1.20:7878")],
        vec![],
        MappingOutcome::NoRouter,
        RelayOutcome::NotConfigured,
    );
    assert_eq!(report.outside.route, Route::None);
    assert_eq!(report.addresses(), vec![address("192.168.1.20:7878")]);
    report.set_relay(RelayOutcome::Registered {
        relay: "wss://relay.example.org".into(),
    });
    assert_eq!(
        report.outside.route,
        Route::Relay {
            relay: "wss://relay.example.org".into()
        }
    );
    assert_eq!(
        report.relay,
        RelayOutcome::Registered {
            relay: "wss://relay.example.org".into()
        }
    );
}

#[test]
fn the_report_reads_in_words() {
    let report = ReachReport::new(
        7878,
        vec![address("192.168.1.20:7878")],
        vec![],
        MappingOutcome::BehindAnotherNat {
            address: "100.64.0.7".parse().expect("an address"),
        },
        RelayOutcome::NotConfigured,
    );
    let text = report.to_string();
    assert!(text.contains("local network: 192.168.1.20:7878"), "{text}");
    assert!(text.contains("100.64.0.7 is private or shared"), "{text}");
    assert!(text.contains("from outside this network: none"), "{text}");
    assert!(
        text.contains("no public address on this computer"),
        "{text}"
    );
    let mapped = ReachReport::new(
        7878,
        vec![address("192.168.1.20:7878")],
        vec![],
        MappingOutcome::Mapped {
            external: address("81.2.69.142:41000"),
            protocol: MappingProtocol::NatPmp,
        },
        RelayOutcome::NotConfigured,
    );
    let text = mapped.to_string();
    assert!(
        text.contains("forwards 81.2.69.142:41000 to this table (NAT-PMP)"),
        "{text}"
    );
    assert!(
        text.contains("through the router's port mapping at 81.2.69.142:41000"),
        "{text}"
    );
    assert_eq!(
        mapped.addresses(),
        vec![address("192.168.1.20:7878"), address("81.2.69.142:41000")]
    );
}

#[test]
fn the_report_is_tagged_json() {
    let report = ReachReport::new(
        7878,
        vec![],
        vec![],
        MappingOutcome::Refused {
            reason: "606 Action not authorized".into(),
        },
        RelayOutcome::NotConfigured,
    );
    let json = serde_json::to_value(&report).expect("serializable");
    assert_eq!(json["mapping"]["outcome"], "refused");
    assert_eq!(json["relay"]["outcome"], "not-configured");
    assert_eq!(json["outside"]["route"]["route"], "none");
    assert_eq!(
        json["outside"]["passed_over"][0]["rung"],
        "no-public-address"
    );
    let back: ReachReport = serde_json::from_value(json).expect("reads back");
    assert_eq!(back, report);
}

#[test]
fn a_routers_reason_is_kept_short_and_printable() {
    let hostile = format!("bad\u{1b}[2J\u{202E}{}", "x".repeat(500));
    let kept = mapping::reason(&hostile);
    assert!(kept.starts_with("bad[2J"), "{kept}");
    assert_eq!(kept.chars().count(), 120);
    assert!(!kept.chars().any(|c| c.is_control() || c == '\u{202E}'));
}

#[test]
fn a_lease_is_renewed_half_way_through() {
    assert_eq!(
        mapping::renew_after(3600),
        std::time::Duration::from_secs(1800)
    );
    assert_eq!(mapping::renew_after(0), std::time::Duration::from_secs(1));
}
