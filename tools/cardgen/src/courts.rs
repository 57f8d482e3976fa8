//! Court figures: the page (Fante, Sota), the knight on horseback (Cavallo, Caballo) and the
//! crowned king (Re, Rey), each holding the object of its suit.
//!
//! Figures are flat vector illustrations in the suit's colours, single-ended and full length.
//! Limbs are drawn as outlined strokes; everything else as filled, outlined paths. The Italian
//! style stands its figures on a base in the suit colour; the Spanish style on a light shadow.

use crate::model::{Palette, Style, Suit, colour};
use crate::pips::leaf;
use crate::svg::{Frag, PathData, Transform, f, fs, s};

const OUT: f64 = 1.4;

/// The court figure of a card (`rank` is `J`, `Q` or `K`).
pub fn court(style: Style, rank: char, suit: Suit, pip_id: &str) -> Frag {
    let p = suit.palette();
    let mut g = Frag::new();
    let (scale, dy) = if style.is_italian() {
        g.path(
            PathData::new().rrect(-58.0, 134.0, 116.0, 16.0, 3.0),
            fs(p.main, p.dark, 1.4),
        );
        g.path(
            PathData::new().m(-54.0, 138.5).l(54.0, 138.5),
            s(p.light, 1.6),
        );
        (1.18, -4.0)
    } else {
        g.path(PathData::new().ellipse(0.0, 131.0, 54.0, 7.0), f(p.light));
        (1.08, 2.0)
    };
    let figure = match rank {
        'J' => page(suit, pip_id),
        'Q' => knight(suit, pip_id),
        _ => king(suit, pip_id),
    };
    g.group(&Transform::at(0.0, dy, scale), &figure);
    g
}

/// A face looking at the viewer, centred on (cx, cy).
fn face(g: &mut Frag, cx: f64, cy: f64, scale: f64) {
    let k = scale;
    g.path(
        PathData::new().rrect(cx - 4.5 * k, cy + 10.0 * k, 9.0 * k, 10.0 * k, 2.0),
        fs(colour::SKIN, colour::SKIN_DARK, 1.0),
    );
    g.path(
        PathData::new().ellipse(cx, cy, 12.0 * k, 14.5 * k),
        fs(colour::SKIN, colour::SKIN_DARK, 1.2),
    );
    g.path(
        PathData::new()
            .ellipse(cx - 4.6 * k, cy - 1.0 * k, 1.5 * k, 1.7 * k)
            .ellipse(cx + 4.6 * k, cy - 1.0 * k, 1.5 * k, 1.7 * k),
        f(colour::BLACK),
    );
    g.path(
        PathData::new()
            .m(cx - 7.5 * k, cy - 5.0 * k)
            .q(cx - 4.5 * k, cy - 7.0 * k, cx - 2.0 * k, cy - 5.2 * k)
            .m(cx + 7.5 * k, cy - 5.0 * k)
            .q(cx + 4.5 * k, cy - 7.0 * k, cx + 2.0 * k, cy - 5.2 * k),
        s(colour::HAIR, 1.1),
    );
    g.path(
        PathData::new()
            .m(cx, cy - 1.0 * k)
            .l(cx - 1.8 * k, cy + 4.0 * k)
            .l(cx + 0.6 * k, cy + 4.6 * k),
        s(colour::SKIN_DARK, 0.9),
    );
    g.path(
        PathData::new()
            .ellipse(cx - 7.0 * k, cy + 4.0 * k, 2.4 * k, 1.6 * k)
            .ellipse(cx + 7.0 * k, cy + 4.0 * k, 2.4 * k, 1.6 * k),
        f("#f2a98e"),
    );
    g.path(
        PathData::new().m(cx - 3.2 * k, cy + 8.0 * k).q(
            cx,
            cy + 10.0 * k,
            cx + 3.2 * k,
            cy + 8.0 * k,
        ),
        s("#a8423a", 1.3),
    );
}

/// Where and how the held object is drawn, relative to the hand that holds it.
fn held(g: &mut Frag, suit: Suit, pip_id: &str, hx: f64, hy: f64, scale: f64, lean: f64) {
    let t = match suit {
        Suit::Coins => Transform::at(hx - 4.0 * scale, hy - 20.0 * scale, scale),
        Suit::Cups => Transform::at(hx, hy - 20.0 * scale, scale),
        Suit::Swords => Transform::at(hx, hy - 33.0 * scale, scale),
        Suit::Clubs => {
            // Hold the cudgel near its lower end, leaning by `lean` degrees.
            let a: f64 = lean;
            let (dx, dy) = crate::pips::rot((0.0, -36.0 * scale), a.to_radians());
            Transform::at(hx + dx, hy + dy, scale).rot(a)
        }
    };
    g.use_ref(pip_id, &t);
}

fn hand(g: &mut Frag, x: f64, y: f64) {
    g.path(
        PathData::new().circle(x, y, 5.2),
        fs(colour::SKIN, colour::SKIN_DARK, 1.1),
    );
}

fn shoes(g: &mut Frag, xs: &[f64], y: f64) {
    let mut d = PathData::new();
    for &x in xs {
        d = d.raw(&format!(
            "M{},{} C{},{} {},{} {},{} C{},{} {},{} {},{} Z",
            crate::svg::num(x - 8.0),
            crate::svg::num(y + 4.0),
            crate::svg::num(x - 8.0),
            crate::svg::num(y - 4.0),
            crate::svg::num(x + 8.0),
            crate::svg::num(y - 4.0),
            crate::svg::num(x + 9.0),
            crate::svg::num(y + 4.0),
            crate::svg::num(x + 4.0),
            crate::svg::num(y + 6.0),
            crate::svg::num(x - 4.0),
            crate::svg::num(y + 6.0),
            crate::svg::num(x - 8.0),
            crate::svg::num(y + 4.0),
        ));
    }
    g.path(d, fs(colour::BLACK, colour::BLACK, 0.8));
}

/// Hose colours of the page, parti-coloured.
fn hose(p: &Palette) -> (&'static str, &'static str) {
    (p.light, p.dark)
}

/// Hair colour of the page and the knight: brown, fair, black or auburn by suit.
fn hair(suit: Suit) -> &'static str {
    match suit {
        Suit::Coins => colour::HAIR,
        Suit::Cups => "#c8963e",
        Suit::Swords => "#2f2420",
        Suit::Clubs => "#8a3b1c",
    }
}

/// The page's hat, different for each suit: a feathered beret (coins), a brimmed hat (cups), a
/// plumed cap (swords), a pointed hunter's hat (clubs).
fn page_hat(g: &mut Frag, suit: Suit) {
    let p = suit.palette();
    match suit {
        Suit::Coins => {
            g.path(
                leaf(PathData::new(), 12.0, -110.0, 1.15, 30.0, 6.0),
                fs(colour::WHITE, colour::LINE, 1.0),
            );
            g.path(
                PathData::new()
                    .raw("M-20,-101 C-24,-114 4,-124 22,-112 C20,-104 -6,-98 -20,-101 Z"),
                fs(p.main, colour::LINE, OUT),
            );
            g.path(
                PathData::new()
                    .m(-19.0, -103.0)
                    .c(-6.0, -100.0, 12.0, -104.0, 20.0, -109.0),
                s(colour::GOLD_DARK, 1.6),
            );
        }
        Suit::Cups => {
            g.path(
                PathData::new().raw("M-12,-104 C-13,-121 13,-121 12,-104 Z"),
                fs(p.main, colour::LINE, OUT),
            );
            g.path(
                PathData::new()
                    .m(-12.0, -108.0)
                    .c(-4.0, -110.0, 4.0, -110.0, 12.0, -108.0),
                s(colour::GOLD, 3.0),
            );
            g.path(
                PathData::new().ellipse(0.0, -104.0, 23.0, 4.6),
                fs(p.dark, colour::LINE, OUT),
            );
            g.path(
                leaf(PathData::new(), 8.0, -112.0, 0.5, 18.0, 4.5),
                fs(colour::WHITE, colour::LINE, 1.0),
            );
        }
        Suit::Swords => {
            g.path(
                leaf(PathData::new(), 4.0, -112.0, 1.35, 34.0, 8.0),
                fs(p.light, colour::LINE, 1.0),
            );
            g.path(
                leaf(PathData::new(), 4.0, -112.0, 1.0, 26.0, 6.0),
                fs(colour::WHITE, colour::LINE, 1.0),
            );
            g.path(
                PathData::new()
                    .raw("M-16,-100 C-17,-118 17,-118 16,-100 C8,-104 -8,-104 -16,-100 Z"),
                fs(p.main, colour::LINE, OUT),
            );
            g.path(
                PathData::new()
                    .m(-15.5, -102.0)
                    .c(-6.0, -105.0, 6.0, -105.0, 15.5, -102.0),
                s(colour::GOLD, 2.4),
            );
            g.path(
                PathData::new().circle(4.0, -112.0, 2.4),
                fs(colour::GOLD, colour::GOLD_DARK, 0.8),
            );
        }
        Suit::Clubs => {
            g.path(
                leaf(PathData::new(), 10.0, -110.0, 1.25, 26.0, 5.0),
                fs("#c8262e", colour::LINE, 1.0),
            );
            g.path(
                PathData::new().raw("M-20,-100 C-16,-108 -8,-124 10,-125 C8,-118 12,-108 20,-101 C6,-104 -6,-104 -20,-100 Z"),
                fs(p.main, colour::LINE, OUT),
            );
            g.path(
                PathData::new()
                    .m(-19.0, -101.5)
                    .c(-6.0, -104.5, 6.0, -104.5, 19.5, -102.0),
                s(p.dark, 2.6),
            );
        }
    }
}

fn page(suit: Suit, pip_id: &str) -> Frag {
    let p = suit.palette();
    let mut g = Frag::new();
    let (h1, h2) = hose(&p);
    // Short cape behind the shoulders.
    g.path(
        PathData::new()
            .raw("M-22,-70 C-42,-58 -46,-20 -40,8 L-24,0 L24,0 L40,8 C46,-20 42,-58 22,-70 Z"),
        fs(p.dark, colour::LINE, OUT),
    );
    // Legs and shoes.
    g.limb(
        PathData::new().m(-10.0, 18.0).l(-12.0, 110.0),
        h1,
        colour::LINE,
        11.0,
        1.3,
    );
    g.limb(
        PathData::new().m(10.0, 18.0).l(12.0, 110.0),
        h2,
        colour::LINE,
        11.0,
        1.3,
    );
    g.path(
        PathData::new()
            .m(-16.0, 62.0)
            .l(-7.0, 62.0)
            .m(7.0, 62.0)
            .l(16.0, 62.0),
        s(colour::GOLD, 2.2),
    );
    shoes(&mut g, &[-14.0, 14.0], 112.0);
    // Left arm hanging, hand on the hip.
    g.limb(
        PathData::new().m(-20.0, -64.0).q(-36.0, -40.0, -30.0, -8.0),
        p.light,
        colour::LINE,
        10.0,
        1.3,
    );
    // Tunic with trim and belt.
    g.path(
        PathData::new().raw("M-22,-71 C-27,-50 -25,-22 -31,24 C-18,30 18,30 31,24 C25,-22 27,-50 22,-71 C10,-75 -10,-75 -22,-71 Z"),
        fs(p.main, colour::LINE, OUT),
    );
    g.path(
        PathData::new()
            .m(-13.0, -6.0)
            .c(-15.0, 6.0, -17.0, 16.0, -19.0, 24.0)
            .m(13.0, -6.0)
            .c(15.0, 6.0, 17.0, 16.0, 19.0, 24.0)
            .m(-12.0, -60.0)
            .c(-14.0, -44.0, -13.0, -30.0, -12.0, -18.0)
            .m(12.0, -60.0)
            .c(14.0, -44.0, 13.0, -30.0, 12.0, -18.0),
        s(p.dark, 1.1),
    );
    g.path(
        PathData::new().m(0.0, -68.0).l(0.0, 26.0),
        s(colour::GOLD, 4.0),
    );
    g.path(
        PathData::new()
            .m(-29.0, 20.0)
            .c(-18.0, 26.0, 18.0, 26.0, 29.0, 20.0),
        s(colour::GOLD, 3.0),
    );
    g.path(
        PathData::new()
            .m(-25.0, -14.0)
            .c(-10.0, -10.0, 10.0, -10.0, 25.0, -14.0),
        s(p.dark, 5.0),
    );
    g.path(
        PathData::new().rrect(-4.5, -15.5, 9.0, 7.0, 1.5),
        fs(colour::GOLD, colour::GOLD_DARK, 1.0),
    );
    hand(&mut g, -30.0, -6.0);
    // Ruff collar, hair, face and beret with a feather.
    g.path(
        PathData::new()
            .ellipse(0.0, -96.0, 16.5, 17.0)
            .raw("M-16,-96 C-18,-84 -16,-76 -12,-74 L12,-74 C16,-76 18,-84 16,-96 Z"),
        fs(hair(suit), colour::LINE, 1.2),
    );
    face(&mut g, 0.0, -92.0, 1.0);
    g.path(
        PathData::new().ellipse(0.0, -72.0, 13.0, 4.2),
        fs(colour::WHITE, colour::LINE, 1.0),
    );
    g.path(
        PathData::new().raw("M-13,-99 C-10,-108 10,-108 13,-99 C6,-103 -6,-103 -13,-99 Z"),
        f(hair(suit)),
    );
    page_hat(&mut g, suit);
    // Right arm holding the suit object.
    let (hx, hy) = match suit {
        Suit::Coins => (26.0, -30.0),
        Suit::Cups => (30.0, -34.0),
        Suit::Swords | Suit::Clubs => (33.0, -10.0),
    };
    g.limb(
        PathData::new().m(20.0, -64.0).q(40.0, -48.0, hx, hy),
        p.light,
        colour::LINE,
        10.0,
        1.3,
    );
    held(&mut g, suit, pip_id, hx, hy, 1.05, 14.0);
    hand(&mut g, hx, hy);
    g
}

fn king(suit: Suit, pip_id: &str) -> Frag {
    let p = suit.palette();
    let mut g = Frag::new();
    // Cloak behind, lined in the light tint.
    g.path(
        PathData::new().raw("M-24,-72 C-50,-52 -54,40 -48,114 L48,114 C54,40 50,-52 24,-72 Z"),
        fs(p.dark, colour::LINE, OUT),
    );
    g.path(PathData::new().raw("M-38,-20 C-43,30 -44,80 -43,112 L-35,112 C-35,70 -35,20 -30,-30 Z M38,-20 C43,30 44,80 43,112 L35,112 C35,70 35,20 30,-30 Z"), f(p.light));
    // Robe.
    g.path(PathData::new().raw("M-22,-71 C-28,-40 -31,40 -35,112 L35,112 C31,40 28,-40 22,-71 C10,-75 -10,-75 -22,-71 Z"), fs(p.main, colour::LINE, OUT));
    g.path(
        PathData::new()
            .m(-14.0, -2.0)
            .c(-17.0, 40.0, -20.0, 76.0, -22.0, 100.0)
            .m(14.0, -2.0)
            .c(17.0, 40.0, 20.0, 76.0, 22.0, 100.0)
            .m(-6.0, 20.0)
            .c(-7.0, 50.0, -8.0, 80.0, -9.0, 100.0)
            .m(6.0, 20.0)
            .c(7.0, 50.0, 8.0, 80.0, 9.0, 100.0),
        s(p.dark, 1.1),
    );
    g.path(
        PathData::new().m(0.0, -66.0).l(0.0, 108.0),
        s(colour::GOLD, 6.0),
    );
    let mut studs = PathData::new();
    for k in 0..8 {
        studs = studs.circle(0.0, -50.0 + k as f64 * 20.0, 1.6);
    }
    g.path(studs, f("#c8262e"));
    // Ermine hem.
    g.path(
        PathData::new().m(-34.0, 106.0).l(34.0, 106.0),
        s(colour::LINE, 9.0),
    );
    g.path(
        PathData::new().m(-33.0, 106.0).l(33.0, 106.0),
        s(colour::WHITE, 7.0),
    );
    let mut spots = PathData::new();
    for k in 0..7 {
        let x = -27.0 + k as f64 * 9.0;
        spots = spots.m(x, 103.5).l(x - 1.2, 108.0).l(x + 1.2, 108.0).z();
    }
    g.path(spots, f(colour::BLACK));
    shoes(&mut g, &[-12.0, 12.0], 114.0);
    g.path(
        PathData::new()
            .m(-28.0, -12.0)
            .c(-10.0, -8.0, 10.0, -8.0, 28.0, -12.0),
        s(colour::GOLD, 5.0),
    );
    g.path(
        PathData::new()
            .m(-28.0, -12.0)
            .c(-10.0, -8.0, 10.0, -8.0, 28.0, -12.0),
        s(colour::GOLD_DARK, 0.8),
    );
    // Left arm: hand on the belt.
    g.limb(
        PathData::new()
            .m(-22.0, -64.0)
            .q(-40.0, -40.0, -16.0, -12.0),
        p.main,
        colour::LINE,
        11.0,
        1.3,
    );
    g.path(
        PathData::new().m(-27.0, -22.0).l(-19.0, -15.0),
        s(colour::WHITE, 5.0),
    );
    hand(&mut g, -14.0, -11.0);
    // Ermine collar.
    g.path(
        PathData::new().raw("M-30,-70 C-22,-56 22,-56 30,-70 C22,-80 -22,-80 -30,-70 Z"),
        fs(colour::WHITE, colour::LINE, 1.2),
    );
    let mut cspots = PathData::new();
    for &(x, y) in &[(-20.0, -68.0), (-8.0, -64.0), (6.0, -64.0), (18.0, -68.0)] {
        cspots = cspots
            .m(x, y - 2.5)
            .l(x - 1.2, y + 2.0)
            .l(x + 1.2, y + 2.0)
            .z();
    }
    g.path(cspots, f(colour::BLACK));
    // Hair, face, beard and crown.
    let beard = match suit {
        Suit::Coins => "#7a5a3c",
        Suit::Cups => "#bdb5a8",
        Suit::Swords => "#3b2e26",
        Suit::Clubs => "#94502a",
    };
    g.path(
        PathData::new().ellipse(0.0, -95.0, 15.5, 16.5),
        fs(beard, colour::LINE, 1.2),
    );
    face(&mut g, 0.0, -92.0, 1.0);
    g.path(PathData::new().raw("M-12.5,-90 C-13,-74 -5,-64 0,-63 C5,-64 13,-74 12.5,-90 C9,-80 4,-83 0,-83 C-4,-83 -9,-80 -12.5,-90 Z"), fs(beard, colour::LINE, 1.0));
    g.path(
        PathData::new().m(-6.5, -84.0).q(0.0, -88.0, 6.5, -84.0),
        s(beard, 2.4),
    );
    g.path(
        PathData::new().m(-3.0, -80.5).q(0.0, -79.0, 3.0, -80.5),
        s("#a8423a", 1.2),
    );
    g.path(
        PathData::new().raw("M-15,-104 L-17,-126 L-8.5,-114 L0,-130 L8.5,-114 L17,-126 L15,-104 C6,-107 -6,-107 -15,-104 Z"),
        fs(colour::GOLD, colour::GOLD_DARK, 1.2),
    );
    g.path(
        PathData::new()
            .circle(-17.0, -127.0, 2.2)
            .circle(0.0, -131.0, 2.4)
            .circle(17.0, -127.0, 2.2),
        fs(colour::GOLD, colour::GOLD_DARK, 0.9),
    );
    g.path(
        PathData::new()
            .m(-15.0, -108.0)
            .c(-6.0, -111.0, 6.0, -111.0, 15.0, -108.0),
        s(colour::GOLD_DARK, 1.0),
    );
    g.path(
        PathData::new().circle(0.0, -115.0, 2.6),
        fs("#c8262e", colour::GOLD_DARK, 0.8),
    );
    g.path(
        PathData::new()
            .circle(-9.0, -109.5, 1.8)
            .circle(9.0, -109.5, 1.8),
        fs("#2f62bd", colour::GOLD_DARK, 0.6),
    );
    // Right arm holding the suit object.
    let (hx, hy) = match suit {
        Suit::Coins => (30.0, -36.0),
        Suit::Cups => (32.0, -36.0),
        Suit::Swords | Suit::Clubs => (34.0, -12.0),
    };
    g.limb(
        PathData::new().m(22.0, -64.0).q(44.0, -46.0, hx, hy),
        p.main,
        colour::LINE,
        11.0,
        1.3,
    );
    held(&mut g, suit, pip_id, hx, hy, 1.1, 14.0);
    hand(&mut g, hx, hy);
    g
}

/// Horse coat, mane colours.
fn horse_colours(suit: Suit) -> (&'static str, &'static str, &'static str) {
    match suit {
        Suit::Coins => ("#f4efe4", "#b9ab92", "#5a4a36"),
        Suit::Cups => ("#b87a43", "#4a2c16", "#3a2412"),
        Suit::Swords => ("#ece7dc", "#a79c88", "#4e4434"),
        Suit::Clubs => ("#8c5c33", "#33200f", "#2a1a0c"),
    }
}

fn knight(suit: Suit, pip_id: &str) -> Frag {
    let p = suit.palette();
    let (coat, mane, line) = horse_colours(suit);
    let mut h = Frag::new();
    // The horse faces left in local coordinates; it is mirrored for swords and clubs.
    // Far legs first (darker), then tail, body, near legs, neck and head.
    let shade = mane;
    h.limb(
        PathData::new().m(-22.0, 24.0).q(-44.0, 40.0, -46.0, 58.0),
        shade,
        line,
        8.0,
        1.2,
    );
    h.limb(
        PathData::new().m(40.0, 22.0).q(54.0, 56.0, 46.0, 96.0),
        shade,
        line,
        8.5,
        1.2,
    );
    h.path(
        PathData::new()
            .rrect(-51.0, 56.0, 9.0, 7.0, 2.0)
            .rrect(41.0, 94.0, 10.0, 7.0, 2.0),
        f(colour::BLACK),
    );
    h.path(
        PathData::new().raw(
            "M48,-8 C70,-6 74,24 66,56 C62,44 60,38 56,32 C56,44 52,50 48,54 C52,30 50,12 44,2 Z",
        ),
        fs(mane, line, 1.2),
    );
    h.path(
        PathData::new().raw("M-38,2 C-40,-16 -22,-24 0,-22 C20,-22 40,-24 48,-10 C56,4 52,24 40,30 C20,36 -20,36 -34,28 C-42,22 -40,10 -38,0 Z"),
        fs(coat, line, OUT),
    );
    h.limb(
        PathData::new().m(-28.0, 26.0).q(-34.0, 62.0, -30.0, 96.0),
        coat,
        line,
        9.0,
        1.2,
    );
    h.limb(
        PathData::new().m(32.0, 24.0).q(44.0, 60.0, 34.0, 96.0),
        coat,
        line,
        9.5,
        1.2,
    );
    h.path(
        PathData::new()
            .rrect(-36.0, 94.0, 11.0, 7.0, 2.0)
            .rrect(28.0, 94.0, 11.0, 7.0, 2.0),
        f(colour::BLACK),
    );
    h.path(
        PathData::new().raw("M-42,12 C-56,-10 -62,-32 -56,-56 L-36,-62 C-34,-42 -26,-28 -12,-18 Z"),
        fs(coat, line, OUT),
    );
    h.path(
        PathData::new().raw("M-44,-71 C-58,-69 -70,-57 -81,-39 C-86,-31 -83,-21 -75,-20 C-68,-20 -62,-27 -55,-33 C-48,-39 -40,-47 -35,-58 C-34,-66 -38,-71 -44,-71 Z"),
        fs(coat, line, OUT),
    );
    let mut ears = PathData::new();
    ears = leaf(ears, -46.0, -68.0, -0.35, 13.0, 4.4);
    ears = leaf(ears, -40.0, -68.0, -0.05, 12.0, 4.4);
    h.path(ears, fs(coat, line, 1.1));
    // Mane: tufts along the crest of the neck, from the poll to the withers.
    let crest = |u: f64| (-38.0 + 26.0 * u, -66.0 + 46.0 * u);
    let (nx, ny) = (0.87, -0.45);
    let mut pts = Vec::new();
    for k in 0..7 {
        let u = k as f64 / 6.0;
        let (x, y) = crest(u);
        pts.push((x - nx * 3.0, y - ny * 3.0));
        if k < 6 {
            let (mx, my) = crest(u + 0.6 / 6.0);
            pts.push((mx + nx * 10.0, my + ny * 10.0 + 6.0));
        }
    }
    let (ex, ey) = crest(1.0);
    pts.push((ex - nx * 7.0, ey - ny * 7.0));
    let (sx, sy) = crest(0.0);
    pts.push((sx - nx * 7.0, sy - ny * 7.0));
    let manes = PathData::new().poly(&pts);
    h.path(manes, fs(mane, line, 1.0));
    h.path(
        PathData::new()
            .circle(-58.0, -55.0, 2.3)
            .circle(-79.0, -30.0, 1.4),
        f(colour::BLACK),
    );
    // Bridle and caparison in the suit colour.
    h.path(
        PathData::new()
            .m(-44.0, -66.0)
            .l(-64.0, -30.0)
            .m(-73.0, -36.0)
            .l(-62.0, -32.0),
        s(p.dark, 2.0),
    );
    h.path(
        PathData::new().raw("M-20,-23 C-8,-26 18,-26 28,-22 L32,20 C28,24 24,20 20,24 C16,28 10,22 6,26 C2,30 -4,24 -8,27 C-12,30 -16,22 -20,24 Z"),
        fs(p.main, colour::LINE, OUT),
    );
    h.path(
        PathData::new()
            .m(-19.0, 16.0)
            .c(0.0, 19.0, 16.0, 15.0, 31.0, 13.0),
        s(colour::GOLD, 2.4),
    );
    h.path(
        PathData::new()
            .m(-48.0, -8.0)
            .c(-40.0, -2.0, -30.0, 0.0, -20.0, 0.0),
        s(p.dark, 3.0),
    );
    // Rider: near leg over the caparison, torso, head with a plumed hat.
    h.path(
        PathData::new().raw("M-10,-34 L20,-34 L26,-6 C12,-2 -6,-2 -16,-6 Z"),
        fs(p.main, colour::LINE, OUT),
    );
    h.path(
        PathData::new().m(-8.0, -10.0).l(-10.0, 22.0),
        s(colour::GOLD_DARK, 1.6),
    );
    h.path(
        PathData::new().m(-18.0, 24.0).l(-3.0, 24.0),
        s(colour::GOLD, 2.4),
    );
    h.limb(
        PathData::new().polyline(&[(10.0, -24.0), (-9.0, -18.0), (-8.0, 10.0)]),
        p.dark,
        colour::LINE,
        10.0,
        1.3,
    );
    h.path(
        PathData::new().raw("M-15,6 L-3,6 L-3,21 L-19,23 C-23,23 -23,16 -15,15 Z"),
        fs(colour::BLACK, colour::BLACK, 0.8),
    );
    h.path(
        PathData::new().raw("M-8,-34 C-11,-50 -8,-64 -2,-72 L16,-72 C22,-64 24,-50 20,-34 Z"),
        fs(p.main, colour::LINE, OUT),
    );
    h.path(
        PathData::new().m(6.0, -70.0).l(6.0, -36.0),
        s(colour::GOLD, 3.0),
    );
    h.path(
        PathData::new()
            .m(-9.0, -40.0)
            .c(0.0, -37.0, 12.0, -37.0, 21.0, -40.0),
        s(p.dark, 4.0),
    );
    // Reins arm.
    h.limb(
        PathData::new().m(-2.0, -66.0).q(-14.0, -54.0, -16.0, -42.0),
        p.light,
        colour::LINE,
        9.0,
        1.3,
    );
    h.path(
        PathData::new()
            .m(-16.0, -42.0)
            .q(-40.0, -40.0, -72.0, -31.0),
        s(p.dark, 1.4),
    );
    hand(&mut h, -16.0, -42.0);
    // Head.
    h.path(
        PathData::new().ellipse(6.0, -92.0, 14.0, 14.5),
        fs(hair(suit), colour::LINE, 1.2),
    );
    face(&mut h, 6.0, -89.0, 0.85);
    h.path(
        PathData::new().ellipse(6.0, -73.0, 10.5, 3.6),
        fs(colour::WHITE, colour::LINE, 1.0),
    );
    h.path(
        leaf(PathData::new(), 14.0, -104.0, 1.3, 26.0, 5.5),
        fs(colour::WHITE, colour::LINE, 1.0),
    );
    h.path(
        PathData::new().raw("M-10,-98 C-12,-110 16,-116 24,-104 C20,-99 -2,-95 -10,-98 Z"),
        fs(p.dark, colour::LINE, OUT),
    );
    h.path(
        PathData::new()
            .m(-9.0, -100.0)
            .c(2.0, -98.0, 14.0, -100.0, 22.0, -104.0),
        s(colour::GOLD, 2.0),
    );
    // Arm raising the suit object.
    let (hx, hy) = match suit {
        Suit::Coins | Suit::Cups => (32.0, -82.0),
        Suit::Swords | Suit::Clubs => (34.0, -56.0),
    };
    h.limb(
        PathData::new().m(16.0, -66.0).q(32.0, -62.0, hx, hy),
        p.light,
        colour::LINE,
        9.0,
        1.3,
    );
    let mirror = matches!(suit, Suit::Swords | Suit::Clubs);
    held(
        &mut h,
        suit,
        pip_id,
        hx,
        hy,
        if mirror { 0.85 } else { 1.0 },
        -5.0,
    );
    hand(&mut h, hx, hy);
    let t = if mirror {
        Transform::at(0.0, 18.0, 1.0).flip_x()
    } else {
        Transform::at(0.0, 18.0, 1.0)
    };
    let mut g = Frag::new();
    g.group(&t, &h);
    g
}
