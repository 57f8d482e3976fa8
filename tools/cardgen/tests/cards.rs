//! Checks of the card art under `assets/cards/`: generated files are current (the French back
//! included), the French faces match their pinned hashes, and every card of every deck renders, distinctly, from plain paths.

use briscola_cardgen::{ALL_STYLES, card_names, cards_dir, check_all, generate, render};
use sha2::{Digest, Sha256};
use std::collections::HashMap;

fn file_names() -> Vec<String> {
    let mut names: Vec<String> = card_names()
        .into_iter()
        .map(|n| format!("{n}.svg"))
        .collect();
    names.push("back.svg".to_string());
    names
}

#[test]
fn committed_generated_svgs_match_the_generator() {
    let stale = check_all(&cards_dir());
    assert!(
        stale.is_empty(),
        "out of date (run `cargo run -p briscola-cardgen -- write`): {stale:?}"
    );
}

#[test]
fn generator_is_deterministic() {
    assert_eq!(generate(), generate());
}

#[test]
fn every_style_has_48_cards_and_a_back() {
    assert_eq!(card_names().len(), 48);
    for style in ALL_STYLES {
        for name in file_names() {
            let path = cards_dir().join(style).join(&name);
            assert!(path.is_file(), "missing {}", path.display());
        }
    }
}

/// SHA-256 of each French style's `SHA256SUMS`, pinning the manifests themselves to the files of
/// `@heruka_urgyen/react-playing-cards@0.5.0`. Changing the French art means changing these.
const PINNED_MANIFESTS: [(&str, &str); 2] = [
    (
        "french",
        "fe72f7a0d069431814e2f9a2445258870893d55beae2f9791e52556784ffcb3a",
    ),
    (
        "french-4color",
        "abfc08a1e2ebbd74ad61f7ed0091daa0a2009f05477553818b23204a9651b580",
    ),
];

fn sha256_hex(data: &[u8]) -> String {
    Sha256::digest(data)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn french_files_match_the_pinned_manifest() {
    for (style, manifest_hash) in PINNED_MANIFESTS {
        let dir = cards_dir().join(style);
        let manifest = std::fs::read_to_string(dir.join("SHA256SUMS")).expect("manifest");
        assert_eq!(
            sha256_hex(manifest.as_bytes()),
            manifest_hash,
            "{style}/SHA256SUMS is not the pinned one"
        );
        let mut pinned = HashMap::new();
        for line in manifest.lines() {
            let (hash, name) = line.split_once("  ").expect("`<sha256>  <name>` lines");
            pinned.insert(name.to_string(), hash.to_string());
        }
        // The faces come from the package; the back is generated (checked above).
        let mut expected: Vec<String> = file_names()
            .into_iter()
            .filter(|name| name != "back.svg")
            .collect();
        expected.sort();
        let mut listed: Vec<String> = pinned.keys().cloned().collect();
        listed.sort();
        assert_eq!(listed, expected, "{style}: manifest lists other files");
        for (name, hash) in &pinned {
            let data = std::fs::read(dir.join(name)).expect("card file");
            let actual: String = Sha256::digest(&data)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            assert_eq!(
                &actual, hash,
                "{style}/{name}: hash differs from the pinned manifest"
            );
        }
    }
}

#[test]
fn cards_are_plain_paths_with_the_common_geometry() {
    for style in ALL_STYLES {
        for (name, svg) in render::read_style(&cards_dir().join(style)).expect("read deck") {
            let lower = svg.to_lowercase();
            let what = format!("{style}/{name}");
            assert!(
                svg.contains("viewBox=\"-120 -168 240 336\""),
                "{what}: viewBox"
            );
            for bad in [
                "<text",
                "<image",
                "<foreignobject",
                "font-family",
                "@font-face",
                "<style",
                "url(http",
                "data:",
            ] {
                assert!(!lower.contains(bad), "{what}: contains {bad}");
            }
            for (i, _) in lower.match_indices("href=\"") {
                let target = &lower[i + 6..];
                assert!(
                    target.starts_with('#'),
                    "{what}: external link {}",
                    &target[..target.len().min(40)]
                );
            }
        }
    }
}

#[test]
fn every_card_renders_and_no_two_cards_of_a_deck_look_the_same() {
    for style in ALL_STYLES {
        let mut seen: HashMap<Vec<u8>, String> = HashMap::new();
        for (name, svg) in render::read_style(&cards_dir().join(style)).expect("read deck") {
            let pix =
                render::render(&svg, 80, 112).unwrap_or_else(|e| panic!("{style}/{name}: {e}"));
            let data = pix.data().to_vec();
            let opaque = data.chunks(4).filter(|px| px[3] == 255).count();
            assert!(
                opaque > 80 * 112 * 9 / 10,
                "{style}/{name}: mostly transparent"
            );
            if let Some(other) = seen.insert(data, name.clone()) {
                panic!("{style}: {name} and {other} render identically");
            }
        }
    }
}
