//! The four suit pips, each drawn once in its own local coordinates, plus ace ornaments.
//!
//! Round pips (coin, cup) fit a 40 × 44 box centred on the origin; long pips (sword, cudgel) are
//! 100 units long, pointing up, centred on the origin.

use crate::model::{Suit, colour};
use crate::svg::{Frag, PathData, f, fs, s};
use std::f64::consts::PI;

/// Olive-green wood of the cudgel and its shades.
const WOOD: &str = "#6a8c2c";
const WOOD_DARK: &str = "#2c4212";
const WOOD_LIGHT: &str = "#a8c45a";
const WOOD_CUT: &str = "#e3d79a";

/// Rotates a point around the origin by `a` radians.
pub fn rot((x, y): (f64, f64), a: f64) -> (f64, f64) {
    (x * a.cos() - y * a.sin(), x * a.sin() + y * a.cos())
}

/// A pointed leaf from (x, y) along angle `a` (radians, 0 = up), `len` long and `w` wide.
pub fn leaf(d: PathData, x: f64, y: f64, a: f64, len: f64, w: f64) -> PathData {
    let p = |px: f64, py: f64| {
        let (rx, ry) = rot((px, py), a);
        (x + rx, y + ry)
    };
    let (tx, ty) = p(0.0, -len);
    let (c1x, c1y) = p(w, -len * 0.45);
    let (c2x, c2y) = p(-w, -len * 0.45);
    d.m(x, y).q(c1x, c1y, tx, ty).q(c2x, c2y, x, y).z()
}

/// The pip of a suit.
pub fn pip(suit: Suit) -> Frag {
    match suit {
        Suit::Coins => coin(),
        Suit::Cups => cup(),
        Suit::Swords => sword(),
        Suit::Clubs => cudgel(),
    }
}

fn coin() -> Frag {
    let p = Suit::Coins.palette();
    let mut g = Frag::new();
    g.path(
        PathData::new().circle(0.0, 0.0, 20.0),
        fs(p.main, p.dark, 1.6),
    );
    g.path(
        PathData::new().circle(0.0, 0.0, 15.2),
        fs(p.light, p.dark, 1.1),
    );
    let mut beads = PathData::new();
    for k in 0..16 {
        let (x, y) = rot((0.0, -17.6), k as f64 * PI / 8.0);
        beads = beads.circle(x, y, 0.95);
    }
    g.path(beads, f(p.dark));
    let mut petals = PathData::new();
    for k in 0..8 {
        petals = leaf(petals, 0.0, 0.0, k as f64 * PI / 4.0 + PI / 8.0, 13.5, 6.0);
    }
    g.path(petals, fs(p.main, p.dark, 0.9));
    g.path(
        PathData::new().circle(0.0, 0.0, 4.2),
        fs("#c8262e", p.dark, 0.9),
    );
    g
}

fn cup() -> Frag {
    let p = Suit::Cups.palette();
    let mut g = Frag::new();
    let body = PathData::new().raw(
        "M-17,-19 H17 C17,-5 10,1 3.5,3 V8 C7.5,8 7.5,13 3.5,13 V15.5 C10,17 15,19 15,22 H-15 \
         C-15,19 -10,17 -3.5,15.5 V13 C-7.5,13 -7.5,8 -3.5,8 V3 C-10,1 -17,-5 -17,-19 Z",
    );
    g.path(body, fs(p.main, p.dark, 1.5));
    g.path(
        PathData::new()
            .m(-16.6, -12.5)
            .c(-8.0, -9.5, 8.0, -9.5, 16.6, -12.5),
        s(colour::GOLD, 2.6),
    );
    g.path(
        PathData::new()
            .m(-12.5, -8.0)
            .c(-11.0, -3.0, -8.0, -0.5, -5.0, 0.8),
        s(p.light, 1.8),
    );
    g.path(
        PathData::new().ellipse(0.0, -19.0, 17.0, 3.4),
        fs(p.dark, p.dark, 1.0),
    );
    g.path(
        PathData::new().ellipse(0.0, 10.5, 5.6, 2.9),
        fs(colour::GOLD, colour::GOLD_DARK, 0.9),
    );
    g.path(
        PathData::new().m(-12.5, 20.3).l(12.5, 20.3),
        s(colour::GOLD, 1.6),
    );
    g
}

fn sword() -> Frag {
    let p = Suit::Swords.palette();
    let mut g = Frag::new();
    g.path(
        PathData::new().poly(&[
            (0.0, -50.0),
            (4.4, -41.0),
            (4.4, 20.0),
            (-4.4, 20.0),
            (-4.4, -41.0),
        ]),
        fs(p.main, p.dark, 1.3),
    );
    g.path(PathData::new().m(0.0, -40.0).l(0.0, 17.0), s(p.light, 1.4));
    g.path(
        PathData::new().rrect(-2.8, 24.0, 5.6, 17.0, 1.5),
        fs(p.dark, p.dark, 0.8),
    );
    g.path(
        PathData::new()
            .m(-2.6, 28.0)
            .l(2.6, 26.0)
            .m(-2.6, 32.0)
            .l(2.6, 30.0)
            .m(-2.6, 36.0)
            .l(2.6, 34.0)
            .m(-2.6, 40.0)
            .l(2.6, 38.0),
        s(p.light, 0.8),
    );
    g.path(
        PathData::new().raw("M-11.5,22 C-10,18.8 -7,20 0,20 C7,20 10,18.8 11.5,22 C10,25.2 7,24.5 0,24.5 C-7,24.5 -10,25.2 -11.5,22 Z"),
        fs(colour::GOLD, colour::GOLD_DARK, 1.0),
    );
    g.path(
        PathData::new()
            .circle(-11.4, 22.0, 2.1)
            .circle(11.4, 22.0, 2.1),
        fs(colour::GOLD, colour::GOLD_DARK, 0.9),
    );
    g.path(
        PathData::new().circle(0.0, 45.0, 4.6),
        fs(colour::GOLD, colour::GOLD_DARK, 1.0),
    );
    g.path(PathData::new().circle(0.0, 45.0, 1.6), f("#c8262e"));
    g
}

fn cudgel() -> Frag {
    let mut g = Frag::new();
    // Knots: cut-off branch stubs on alternating sides where the trunk swells, drawn under the
    // trunk outline.
    let knots: [(f64, f64, f64); 4] = [
        (-1.0, -31.0, 10.2),
        (1.0, -12.0, 9.4),
        (-1.0, 8.0, 8.6),
        (1.0, 27.0, 7.4),
    ];
    let mut stubs = PathData::new();
    let mut cuts = PathData::new();
    for &(side, y, w) in &knots {
        stubs = stubs.poly(&[
            (side * (w - 2.0), y + 3.5),
            (side * (w + 6.0), y - 3.0),
            (side * (w + 3.4), y - 8.0),
            (side * (w - 2.0), y - 4.5),
        ]);
        cuts = cuts.ellipse(side * (w + 4.8), y - 5.6, 2.5, 2.5);
    }
    g.path(stubs, fs(WOOD, WOOD_DARK, 1.2));
    let outline = [
        (8.2, -48.0),
        (9.0, -40.0),
        (8.0, -30.0),
        (7.8, -20.0),
        (9.4, -12.0),
        (7.0, -4.0),
        (6.6, 6.0),
        (6.2, 18.0),
        (7.4, 27.0),
        (5.8, 36.0),
        (5.2, 46.0),
        (3.4, 50.2),
        (0.0, 51.0),
        (-3.4, 50.2),
        (-5.2, 46.0),
        (-5.6, 38.0),
        (-6.0, 28.0),
        (-6.6, 16.0),
        (-8.6, 8.0),
        (-7.8, -2.0),
        (-7.2, -12.0),
        (-7.6, -22.0),
        (-10.2, -31.0),
        (-9.2, -40.0),
        (-8.2, -48.0),
    ];
    g.path(
        PathData::new().smooth(&outline).z(),
        fs(WOOD, WOOD_DARK, 1.4),
    );
    g.path(
        PathData::new().smooth(&[
            (-4.0, -42.0),
            (-5.2, -30.0),
            (-3.6, -14.0),
            (-4.0, 4.0),
            (-3.4, 22.0),
            (-2.6, 44.0),
        ]),
        s(WOOD_LIGHT, 1.8),
    );
    g.path(
        PathData::new()
            .smooth(&[(3.4, -40.0), (4.2, -30.0), (3.0, -20.0)])
            .smooth(&[(2.4, 0.0), (3.0, 10.0), (2.2, 20.0)])
            .smooth(&[(1.6, 33.0), (2.2, 40.0), (1.4, 46.0)]),
        s(WOOD_DARK, 0.8),
    );
    g.path(
        PathData::new()
            .ellipse(1.4, -1.0, 1.3, 2.4)
            .ellipse(-1.6, 36.0, 1.1, 2.0),
        f(WOOD_DARK),
    );
    g.path(cuts, fs(WOOD_CUT, WOOD_DARK, 0.9));
    g.path(
        PathData::new().ellipse(0.0, -48.0, 8.2, 2.8),
        fs(WOOD_CUT, WOOD_DARK, 1.2),
    );
    g.path(PathData::new().ellipse(0.0, -48.0, 3.8, 1.2), s(WOOD, 0.7));
    g
}

/// A sunburst drawn behind an ace's large pip.
pub fn ace_glory(suit: Suit) -> Frag {
    let p = suit.palette();
    let mut rays = PathData::new();
    let n = 32;
    for k in 0..n {
        let a = k as f64 * 2.0 * PI / n as f64;
        let r = if k % 2 == 0 { 98.0 } else { 76.0 };
        let half = 0.06;
        let (x1, y1) = rot((0.0, -r), a);
        let (x2, y2) = rot((0.0, -28.0), a - half * 1.6);
        let (x3, y3) = rot((0.0, -28.0), a + half * 1.6);
        rays = rays.poly(&[(x2, y2), (x1, y1), (x3, y3)]);
    }
    let mut g = Frag::new();
    g.path(rays, f(p.light));
    g
}

/// Ornaments drawn over an ace's large pip (a bead ring, a laurel, sprouting leaves).
pub fn ace_ornament(suit: Suit) -> Frag {
    let p = suit.palette();
    let mut g = Frag::new();
    match suit {
        Suit::Coins => {
            let mut petals = PathData::new();
            for k in 0..24 {
                let a = k as f64 * PI / 12.0;
                let (x, y) = rot((0.0, -72.0), a);
                petals = leaf(petals, x, y, a, 12.0, 4.6);
            }
            g.path(petals, fs(p.main, p.dark, 1.1));
        }
        Suit::Cups => {
            // Jewels set in the gold band of the large cup (drawn at scale 3.5, 4 units down).
            let mut red = PathData::new();
            let mut blue = PathData::new();
            for (i, x) in [-12.0_f64, -6.0, 0.0, 6.0, 12.0].into_iter().enumerate() {
                let y = -12.5 + 2.25 * (1.0 - (x / 16.6).powi(2));
                let (cx, cy) = (x * 3.5, 4.0 + y * 3.5);
                if i % 2 == 0 {
                    blue = blue.circle(cx, cy, 4.2);
                } else {
                    red = red.ellipse(cx, cy, 3.2, 4.4);
                }
            }
            g.path(blue, fs("#2f62bd", colour::GOLD_DARK, 1.2));
            g.path(red, fs(colour::WHITE, colour::GOLD_DARK, 1.2));
        }
        Suit::Swords => {
            // A laurel wreath around the blade.
            let mut leaves = PathData::new();
            for side in [-1.0, 1.0] {
                for k in 0..7 {
                    let t = k as f64 / 6.0;
                    let ang = PI * (0.95 - 0.55 * t);
                    let (x, y) = (side * 44.0 * ang.sin(), 10.0 + 58.0 * ang.cos() - 5.0);
                    let dir = side * (PI * 0.5 - ang) * 0.9 + side * 0.35;
                    leaves = leaf(leaves, x, y, dir, 16.0, 5.5);
                }
            }
            g.path(
                PathData::new()
                    .m(-6.0, 62.0)
                    .c(-40.0, 50.0, -48.0, 10.0, -30.0, -30.0),
                s(Suit::Clubs.palette().dark, 2.0),
            );
            g.path(
                PathData::new()
                    .m(6.0, 62.0)
                    .c(40.0, 50.0, 48.0, 10.0, 30.0, -30.0),
                s(Suit::Clubs.palette().dark, 2.0),
            );
            g.path(
                leaves,
                fs(Suit::Clubs.palette().main, Suit::Clubs.palette().dark, 1.0),
            );
            g.path(
                PathData::new()
                    .m(-10.0, 62.0)
                    .l(10.0, 66.0)
                    .m(10.0, 62.0)
                    .l(-10.0, 66.0),
                s(p.main, 3.0),
            );
        }
        Suit::Clubs => {
            // Leaves sprouting from the knots of the large cudgel (drawn at scale 2.7).
            let mut leaves = PathData::new();
            for &(side, y, w) in &[(-1.0, -31.0, 10.2), (1.0, -12.0, 9.4), (-1.0, 8.0, 8.6)] {
                let (x, y) = (side * (w + 3.0) * 2.7, (y - 6.0) * 2.7);
                leaves = leaf(leaves, x, y, side * 0.5, 22.0, 7.5);
                leaves = leaf(leaves, x, y, side * 1.4, 18.0, 6.5);
            }
            g.path(leaves, fs(p.main, p.dark, 1.1));
        }
    }
    g
}
