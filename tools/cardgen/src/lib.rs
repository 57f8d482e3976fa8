//! Deterministic generator of the card art of the Briscola app.
//!
//! The Italian and Spanish decks are drawn here, from code, as plain SVG paths (no text, no
//! fonts, no bitmaps, no external links), one file per card in `assets/cards/<style>/`. The
//! generator is the source of truth: `cardgen check` and the tests compare the committed files
//! with its current output. The French decks' faces are copied from a CC0 set by
//! `tools/french-cards/copy.mjs` and only checked here; their back is generated (the set's back is
//! a fine black-dot pattern that reads as a flat grey slab at table sizes).

pub mod back;
pub mod courts;
pub mod deck;
pub mod glyphs;
pub mod model;
pub mod pips;
pub mod render;
pub mod svg;

use std::path::{Path, PathBuf};

pub use model::Style;

/// All styles found under `assets/cards/`, generated and copied.
pub const ALL_STYLES: [&str; 5] = [
    "italian",
    "italian-fcr",
    "spanish",
    "french",
    "french-4color",
];

/// The French decks: faces copied, back generated.
pub const FRENCH_STYLES: [&str; 2] = ["french", "french-4color"];

/// The 48 card names (without extension) in notation order.
pub fn card_names() -> Vec<String> {
    let mut v = Vec::new();
    for suit in model::Suit::ALL {
        for rank in model::RANKS {
            v.push(format!("{rank}{}", suit.ch()));
        }
    }
    v
}

/// The repository's `assets/cards` folder, found from this crate's manifest directory.
pub fn cards_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("..")
        .join("assets")
        .join("cards")
}

/// Every generated file: (path relative to `assets/cards`, contents).
pub fn generate() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for style in Style::ALL {
        for file in deck::style_files(style) {
            out.push((Path::new(style.dir()).join(file.name), file.svg));
        }
    }
    for dir in FRENCH_STYLES {
        out.push((Path::new(dir).join("back.svg"), back::french_back()));
    }
    out
}

/// Writes every generated file under `dir`; returns how many files changed.
pub fn write_all(dir: &Path) -> std::io::Result<usize> {
    let mut changed = 0;
    for (rel, svg) in generate() {
        let path = dir.join(&rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        if std::fs::read_to_string(&path).ok().as_deref() != Some(svg.as_str()) {
            std::fs::write(&path, svg)?;
            changed += 1;
        }
    }
    Ok(changed)
}

/// Files under `dir` that differ from the generator's output (missing files included).
pub fn check_all(dir: &Path) -> Vec<PathBuf> {
    generate()
        .into_iter()
        .filter(|(rel, svg)| {
            std::fs::read_to_string(dir.join(rel)).ok().as_deref() != Some(svg.as_str())
        })
        .map(|(rel, _)| rel)
        .collect()
}
