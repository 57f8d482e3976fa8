//! Card backs: a dark panel with a geometric lattice and a central medallion, symmetric under a
//! half turn so a back never shows which way up the card is. The French decks' faces are copied
//! (see `tools/french-cards`); their back is drawn here too ([`french_back`]), in the classic
//! blue of French-suited packs.

use crate::deck::{document, outline};
use crate::model::{Style, colour};
use crate::pips::{leaf, rot};
use crate::svg::{Frag, PathData, Transform, f, fs, s};
use std::f64::consts::PI;

struct Scheme {
    ground: &'static str,
    line: &'static str,
    accent: &'static str,
    pale: &'static str,
}

/// The back of a style: dark red lattice for the Italian decks, navy rosettes for the Spanish.
pub fn back(style: Style) -> String {
    let scheme = if style.is_italian() {
        Scheme {
            ground: "#7c1622",
            line: "#d8a23c",
            accent: "#b8313c",
            pale: "#f3d98b",
        }
    } else {
        Scheme {
            ground: "#1c2f5e",
            line: "#d8b04c",
            accent: "#3b5a9a",
            pale: "#f1e2a8",
        }
    };
    let lattice = if style.is_italian() {
        Lattice::Diamonds
    } else {
        Lattice::Rosettes
    };
    draw(&scheme, style.id_prefix(), lattice)
}

/// The back of both French decks: royal blue rosettes on a white-edged panel, silver lines.
pub fn french_back() -> String {
    let scheme = Scheme {
        ground: "#1f4fa3",
        line: "#e8eef8",
        accent: "#4f7fcf",
        pale: "#ffffff",
    };
    draw(&scheme, "fr", Lattice::Rosettes)
}

/// The ornament repeated over the panel.
#[derive(Clone, Copy, PartialEq)]
enum Lattice {
    /// A diamond lattice with a quatrefoil at every crossing (Italian).
    Diamonds,
    /// Eight-petalled rosettes on a square grid (Spanish, French).
    Rosettes,
}

fn draw(sc: &Scheme, prefix: &str, lattice: Lattice) -> String {
    let italian = lattice == Lattice::Diamonds;
    let clip_id = format!("{prefix}back-clip");
    let (px, py, pw, ph) = (-110.0, -158.0, 220.0, 316.0);
    let panel = PathData::new().rrect(px, py, pw, ph, 8.0);
    let mut defs = Frag::new();
    defs.raw(&format!("<clipPath id=\"{clip_id}\">\n"));
    defs.path(panel.clone(), f("#000"));
    defs.raw("</clipPath>\n");

    let mut body = Frag::new();
    body.path(outline(), fs(colour::FACE, colour::LINE, 1.0));
    body.path(panel.clone(), f(sc.ground));
    // The ornament: one motif, defined once, repeated on a grid with <use>.
    let motif_id = format!("{prefix}back-motif");
    let mut motif = Frag::new();
    let mut pattern = Frag::new();
    let mut cells = Vec::new();
    if italian {
        // Diamond lattice with a quatrefoil at every crossing.
        let step = 22.0;
        let mut lines = PathData::new();
        for k in -20..=20 {
            let c = k as f64 * step;
            lines = lines
                .m(c - 200.0, -200.0)
                .l(c + 200.0, 200.0)
                .m(c + 200.0, -200.0)
                .l(c - 200.0, 200.0);
        }
        pattern.path(lines, s(sc.line, 1.1));
        let mut petals = PathData::new();
        for q in 0..4 {
            petals = leaf(petals, 0.0, 0.0, q as f64 * PI / 2.0, 6.0, 3.0);
        }
        motif.path(petals, f(sc.accent));
        motif.path(PathData::new().circle(0.0, 0.0, 1.2), f(sc.pale));
        for i in -10..=10 {
            for j in -15..=15 {
                if (i + j) % 2 == 0 {
                    cells.push((i as f64 * step / 2.0, j as f64 * step / 2.0));
                }
            }
        }
    } else {
        // Eight-petalled rosettes on a square grid, linked by fine lines, with dots between.
        let step = 24.0;
        let mut grid = PathData::new();
        for k in -10..=10 {
            let c = k as f64 * step + step / 2.0;
            grid = grid.m(c, -200.0).l(c, 200.0).m(-200.0, c).l(200.0, c);
        }
        pattern.path(grid, s(sc.accent, 1.0));
        let mut petals = PathData::new();
        for q in 0..8 {
            petals = leaf(petals, 0.0, 0.0, q as f64 * PI / 4.0, 8.5, 3.2);
        }
        motif.path(petals, f(sc.line));
        motif.path(
            PathData::new()
                .circle(0.0, 0.0, 2.0)
                .circle(step / 2.0, step / 2.0, 1.4),
            f(sc.pale),
        );
        for i in -5..=5 {
            for j in -7..=7 {
                cells.push((i as f64 * step, j as f64 * step));
            }
        }
    }
    defs.raw(&format!("<g id=\"{motif_id}\">\n{}</g>\n", motif.0));
    for (x, y) in cells {
        pattern.use_ref(&motif_id, &Transform::at(x, y, 1.0));
    }
    body.raw(&format!(
        "<g clip-path=\"url(#{clip_id})\">\n{}</g>\n",
        pattern.0
    ));
    // Inner double border.
    body.path(
        PathData::new().rrect(px + 5.0, py + 5.0, pw - 10.0, ph - 10.0, 5.0),
        s(sc.line, 2.0),
    );
    body.path(panel, s(sc.line, 1.2));
    // Central medallion.
    let mut med = PathData::new().ellipse(0.0, 0.0, 52.0, 66.0);
    body.path(med.clone(), fs(sc.ground, sc.line, 3.0));
    med = PathData::new().ellipse(0.0, 0.0, 45.0, 59.0);
    body.path(med, s(sc.pale, 1.2));
    let mut star = PathData::new();
    let n = if italian { 8 } else { 12 };
    for k in 0..n {
        let a = k as f64 * 2.0 * PI / n as f64;
        star = leaf(star, 0.0, 0.0, a, 38.0, 9.0);
    }
    body.path(star, fs(sc.accent, sc.line, 1.4));
    let mut inner = PathData::new();
    for k in 0..n {
        let a = (k as f64 + 0.5) * 2.0 * PI / n as f64;
        inner = leaf(inner, 0.0, 0.0, a, 22.0, 6.0);
    }
    body.path(inner, fs(sc.line, sc.ground, 0.8));
    body.path(
        PathData::new().circle(0.0, 0.0, 8.0),
        fs(sc.pale, sc.line, 1.4),
    );
    let mut beads = PathData::new();
    for k in 0..24 {
        let (x, y) = rot((0.0, -1.0), k as f64 * PI / 12.0);
        beads = beads.circle(x * 48.5, y * 62.5, 1.6);
    }
    body.path(beads, f(sc.line));
    document(&defs.0, &body.0)
}
