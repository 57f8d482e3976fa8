//! Assembles whole cards: face, frame, corner indices, pips or court figure, and backs.

use crate::courts;
use crate::glyphs;
use crate::model::{RANKS, Style, Suit, colour};
use crate::pips;
use crate::svg::{Frag, PathData, Transform, fs, s};

/// Left edge of the card in SVG units.
pub const X0: f64 = -120.0;
/// Top edge of the card in SVG units.
pub const Y0: f64 = -168.0;
/// Card width.
pub const W: f64 = 240.0;
/// Card height.
pub const H: f64 = 336.0;
/// Corner radius.
pub const RADIUS: f64 = 12.0;
/// Scale of the index glyphs: their ink is 34 × 1.25 = 42.5 units, 12.6 % of the card height.
const INDEX_SCALE: f64 = 1.25;

/// One generated file: its name inside the style folder and its contents.
#[derive(Debug, Clone)]
pub struct CardFile {
    /// File name, e.g. `Qb.svg` or `back.svg`.
    pub name: String,
    /// SVG document.
    pub svg: String,
}

/// All files of a style: 48 cards in notation order, then `back.svg`.
pub fn style_files(style: Style) -> Vec<CardFile> {
    let mut out = Vec::new();
    for suit in Suit::ALL {
        for rank in RANKS {
            out.push(CardFile {
                name: format!("{rank}{}.svg", suit.ch()),
                svg: card(style, rank, suit),
            });
        }
    }
    out.push(CardFile {
        name: "back.svg".to_string(),
        svg: crate::back::back(style),
    });
    out
}

/// Wraps body markup into a complete card document.
pub fn document(defs: &str, body: &str) -> String {
    let mut doc = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-120 -168 240 336\" width=\"240\" height=\"336\">\n",
    );
    if !defs.is_empty() {
        doc.push_str("<defs>\n");
        doc.push_str(defs);
        doc.push_str("</defs>\n");
    }
    doc.push_str(body);
    doc.push_str("</svg>\n");
    doc
}

/// The card outline, as path data.
pub fn outline() -> PathData {
    PathData::new().rrect(X0 + 0.5, Y0 + 0.5, W - 1.0, H - 1.0, RADIUS)
}

/// The SVG of one card.
pub fn card(style: Style, rank: char, suit: Suit) -> String {
    let pip_id = format!("{}{rank}{}-pip", style.id_prefix(), suit.ch());
    let mut defs = Frag::new();
    defs.raw(&format!("<g id=\"{pip_id}\">\n"));
    defs.raw(&pips::pip(suit).0);
    defs.raw("</g>\n");

    let mut body = Frag::new();
    body.path(outline(), fs(colour::FACE, colour::LINE, 1.0));
    if style == Style::Spanish {
        body.raw(&pinta(suit).0);
    }
    match rank {
        'A' => body.raw(&ace(suit, &pip_id).0),
        'J' | 'Q' | 'K' => body.raw(&courts::court(style, rank, suit, &pip_id).0),
        _ => {
            let n = rank.to_digit(10).unwrap_or(2) as usize;
            body.raw(&pip_layout(suit, n, &pip_id).0)
        }
    };
    let label = style.index_label(rank);
    let idx = corner_index(style, &label, suit, &pip_id);
    body.raw(&idx.0);
    let mut rotated = Frag::new();
    rotated.raw(&format!("<g transform=\"rotate(180)\">\n{}</g>\n", idx.0));
    body.raw(&rotated.0);
    document(&defs.0, &body.0)
}

/// Inset of the Spanish frame from the card edge.
const PINTA_X: f64 = 106.0;
const PINTA_Y: f64 = 154.0;

/// The Spanish frame ("la pinta"): a rounded rectangle whose top and bottom lines are broken
/// 0, 1, 2 or 3 times according to the suit.
fn pinta(suit: Suit) -> Frag {
    let n = suit.pinta_breaks();
    let (x, y, r) = (PINTA_X, PINTA_Y, 8.0);
    let gap = 9.0;
    let arc = |d: PathData, sx: f64, sy: f64| {
        d.raw(&format!(
            "A{r},{r} 0 0 {} {},{}",
            if sx * sy > 0.0 { 1 } else { 0 },
            crate::svg::num(sx * x),
            crate::svg::num(sy * (y - r))
        ))
    };
    let mut d = PathData::new();
    // Top line, left to right, with breaks; then down the right side, bottom line right to
    // left with breaks, up the left side. The frame is symmetric under a half turn.
    let breaks: Vec<f64> = (1..=n)
        .map(|k| -x + 2.0 * x * k as f64 / (n + 1) as f64)
        .collect();
    d = d.m(-x + r, -y);
    for &bx in &breaks {
        d = d.l(bx - gap / 2.0, -y).m(bx + gap / 2.0, -y);
    }
    d = d.l(x - r, -y);
    d = arc(d, 1.0, -1.0);
    d = d.l(x, y - r);
    d = d.raw(&format!(
        "A{r},{r} 0 0 1 {},{}",
        crate::svg::num(x - r),
        crate::svg::num(y)
    ));
    for &bx in &breaks {
        d = d.l(-bx + gap / 2.0, y).m(-bx - gap / 2.0, y);
    }
    d = d.l(-x + r, y);
    d = d.raw(&format!(
        "A{r},{r} 0 0 1 {},{}",
        crate::svg::num(-x),
        crate::svg::num(y - r)
    ));
    d = d.l(-x, -y + r);
    d = d.raw(&format!(
        "A{r},{r} 0 0 1 {},{}",
        crate::svg::num(-x + r),
        crate::svg::num(-y)
    ));
    let mut g = Frag::new();
    g.path(d, s(colour::LINE, 2.2));
    g
}

/// The corner index (label and a small pip) for the top-left corner.
fn corner_index(style: Style, label: &str, suit: Suit, pip_id: &str) -> Frag {
    let p = suit.palette();
    let left = if style == Style::Spanish {
        -101.0
    } else {
        -111.0
    };
    let top = if style == Style::Spanish {
        -150.0
    } else {
        -161.0
    };
    let tw = glyphs::text_width(label) * INDEX_SCALE;
    // The label and the small pip below it are centred on one axis; a single glyph sits in a
    // column a little wider than itself.
    let min_column = glyphs::GLYPH_W * INDEX_SCALE + 4.0;
    let cx = left + min_column.max(tw) / 2.0 + 1.0;
    let x = cx - tw / 2.0;
    let mut g = Frag::new();
    let glyph = Frag({
        let mut inner = Frag::new();
        inner.path(glyphs::text_path(label), s(p.ink, 4.6));
        inner.0
    });
    g.group(&Transform::at(x, top, INDEX_SCALE), &glyph);
    let pip_y = top + glyphs::INK_BOTTOM * INDEX_SCALE + 17.0;
    let t = if suit.is_long() {
        Transform::at(cx, pip_y + 9.0, 0.42).rot(if suit == Suit::Swords { 0.0 } else { 10.0 })
    } else {
        Transform::at(cx, pip_y, 0.56)
    };
    g.use_ref(pip_id, &t);
    g
}

/// Pip positions `(x, y, scale, rotation)` of a pip card with `n` pips.
pub fn positions(suit: Suit, n: usize) -> Vec<(f64, f64, f64, f64)> {
    if !suit.is_long() {
        let mut v: Vec<(f64, f64)> = Vec::new();
        let (col, sc) = (
            36.0,
            match n {
                2 => 1.45,
                3 => 1.25,
                4 => 1.25,
                5 | 6 => 1.1,
                7 => 0.94,
                _ => 0.92,
            },
        );
        let rows3 = [-92.0, 0.0, 92.0];
        let rows4 = [-105.0, -35.0, 35.0, 105.0];
        match n {
            2 => v.extend([(0.0, -70.0), (0.0, 70.0)]),
            3 => v.extend(rows3.map(|y| (0.0, y))),
            4 | 5 => {
                v.extend([(-col, -64.0), (col, -64.0), (-col, 64.0), (col, 64.0)]);
                if n == 5 {
                    v.push((0.0, 0.0));
                }
            }
            6 => {
                for y in rows3 {
                    v.extend([(-col, y), (col, y)]);
                }
            }
            7 => {
                for y in [-102.0, 6.0, 102.0] {
                    v.extend([(-col, y), (col, y)]);
                }
                v.push((0.0, -48.0));
            }
            _ => {
                for y in rows4 {
                    v.extend([(-col, y), (col, y)]);
                }
                if n == 9 {
                    v.push((0.0, 0.0));
                }
            }
        }
        return v.into_iter().map(|(x, y)| (x, y, sc, 0.0)).collect();
    }
    let mut v: Vec<(f64, f64, f64, f64)> = Vec::new();
    let tilt = match (suit, n) {
        (Suit::Swords, _) | (_, 2 | 3) => 0.0,
        (_, 4..=6) => 6.0,
        _ => 8.0,
    };
    let row = |v: &mut Vec<(f64, f64, f64, f64)>, xs: &[f64], y: f64, sc: f64| {
        for (i, &x) in xs.iter().enumerate() {
            let r = if i % 2 == 0 { -tilt } else { tilt };
            v.push((x, y, sc, r));
        }
    };
    match n {
        2 => row(&mut v, &[-34.0, 34.0], 0.0, 2.0),
        3 => {
            row(&mut v, &[-46.0, 46.0], 8.0, 1.7);
            v.push((0.0, -8.0, 1.7, 0.0));
        }
        4 => {
            row(&mut v, &[-28.0, 28.0], -64.0, 1.12);
            row(&mut v, &[-28.0, 28.0], 64.0, 1.12);
        }
        5 => {
            row(&mut v, &[-44.0, 44.0], -64.0, 1.12);
            row(&mut v, &[-44.0, 44.0], 64.0, 1.12);
            v.push((0.0, 0.0, 2.15, 0.0));
        }
        6 => {
            row(&mut v, &[-40.0, 0.0, 40.0], -64.0, 1.12);
            row(&mut v, &[-40.0, 0.0, 40.0], 64.0, 1.12);
        }
        7 => {
            row(&mut v, &[-24.0, 24.0], -90.0, 0.86);
            row(&mut v, &[-40.0, 0.0, 40.0], 0.0, 0.86);
            row(&mut v, &[-24.0, 24.0], 90.0, 0.86);
        }
        8 => {
            row(&mut v, &[-40.0, 0.0, 40.0], -90.0, 0.86);
            row(&mut v, &[-24.0, 24.0], 0.0, 0.86);
            row(&mut v, &[-40.0, 0.0, 40.0], 90.0, 0.86);
        }
        _ => {
            row(&mut v, &[-40.0, 0.0, 40.0], -90.0, 0.86);
            row(&mut v, &[-40.0, 0.0, 40.0], 0.0, 0.86);
            row(&mut v, &[-40.0, 0.0, 40.0], 90.0, 0.86);
        }
    }
    v
}

fn pip_layout(suit: Suit, n: usize, pip_id: &str) -> Frag {
    let mut g = Frag::new();
    for (x, y, sc, r) in positions(suit, n) {
        g.use_ref(pip_id, &Transform::at(x, y, sc).rot(r));
    }
    g
}

fn ace(suit: Suit, pip_id: &str) -> Frag {
    let mut g = Frag::new();
    g.raw(&pips::ace_glory(suit).0);
    let t = match suit {
        Suit::Coins => Transform::at(0.0, 0.0, 3.4),
        Suit::Cups => Transform::at(0.0, 4.0, 3.5),
        Suit::Swords | Suit::Clubs => Transform::at(0.0, 0.0, 2.7),
    };
    if suit == Suit::Swords {
        g.raw(&pips::ace_ornament(suit).0);
        g.use_ref(pip_id, &t);
    } else {
        g.use_ref(pip_id, &t);
        g.raw(&pips::ace_ornament(suit).0);
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pip_layouts_have_n_pips_inside_the_central_area() {
        for suit in Suit::ALL {
            for n in 2..=9 {
                let v = positions(suit, n);
                assert_eq!(v.len(), n, "{suit:?} {n}");
                for &(x, y, sc, _) in &v {
                    // Half extents of the pip at this scale (long pips are 100 units long).
                    let (hw, hh) = if suit.is_long() {
                        (14.0 * sc, 52.0 * sc)
                    } else {
                        (20.0 * sc, 22.0 * sc)
                    };
                    let limit = if suit.is_long() { 72.0 } else { 62.0 };
                    assert!(x.abs() + hw <= limit, "{suit:?} {n}: x {x}");
                    assert!(y.abs() + hh <= 136.0, "{suit:?} {n}: y {y}");
                }
            }
        }
    }

    #[test]
    fn round_pips_do_not_overlap() {
        for suit in [Suit::Coins, Suit::Cups] {
            for n in 2..=9 {
                let v = positions(suit, n);
                for (i, a) in v.iter().enumerate() {
                    for b in &v[i + 1..] {
                        let dist = (a.0 - b.0).hypot(a.1 - b.1);
                        assert!(
                            dist >= 22.0 * (a.2 + b.2),
                            "{suit:?} {n}: {a:?} and {b:?} overlap"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn labels_follow_each_tradition() {
        let labels = |st: Style| ['A', '7', '8', '9', 'J', 'Q', 'K'].map(|r| st.index_label(r));
        assert_eq!(labels(Style::Italian), ["1", "7", "8", "9", "8", "9", "10"]);
        assert_eq!(
            labels(Style::ItalianFcr),
            ["1", "7", "8", "9", "F", "C", "R"]
        );
        assert_eq!(
            labels(Style::Spanish),
            ["1", "7", "8", "9", "10", "11", "12"]
        );
    }
}
