//! Index glyphs (digits and the letters F, C, R) drawn as stroked paths, so no font is needed.
//!
//! Each glyph lives in an 18 × 38 box (x 0..18, y 0..38, ink from y 2 to 36) and is drawn with a
//! round-capped stroke.

use crate::svg::PathData;

/// Width of a glyph box.
pub const GLYPH_W: f64 = 18.0;
/// Distance between the starts of two consecutive glyphs.
pub const ADVANCE: f64 = 20.0;
/// Height of the glyph ink (from its top to its baseline).
pub const INK_TOP: f64 = 2.0;
/// Baseline of the glyph ink.
pub const INK_BOTTOM: f64 = 36.0;

/// Path data of one glyph, or `None` for characters we do not draw.
pub fn glyph(ch: char) -> Option<&'static str> {
    Some(match ch {
        '0' => "M9,2 C18,2 18,36 9,36 C0,36 0,2 9,2 Z",
        '1' => "M3,9 L11,2 V36",
        '2' => "M2,9 C2,0 16,0 16,9 C16,18 2,25 2,36 H17",
        '3' => "M2,5 C5,1 16,0 16,9 C16,15 12,18 7,18 C13,18 17,21 17,27 C17,36 4,37 1,32",
        '4' => "M13,36 V2 L1,25 H17",
        '5' => "M16,2 H4 L3,17 C7,13 17,13 17,25 C17,36 4,37 1,32",
        '6' => "M15,4 C11,0 2,0 2,16 V26 C2,37 17,37 17,26 C17,15 4,14 2,22",
        '7' => "M1,2 H17 L7,36",
        '8' => {
            "M9,18 C3,18 2,13 2,9.5 C2,4 5,2 9,2 C13,2 16,4 16,9.5 C16,13 15,18 9,18 \
             C3,18 1,22 1,27 C1,33 5,36 9,36 C13,36 17,33 17,27 C17,22 15,18 9,18 Z"
        }
        '9' => "M3,34 C7,37 16,36 16,20 V12 C16,1 2,1 2,12 C2,22 14,23 16,16",
        'F' => "M4,36 V2 H16 M4,18 H14",
        'C' => "M17,7 C14,0 2,0 2,18 C2,36 14,36 17,30",
        'R' => "M3,36 V2 H10 C18,2 18,19 10,19 H3 M9,19 L17,36",
        _ => return None,
    })
}

/// Path data for a string of glyphs, left-aligned at x = 0.
pub fn text_path(text: &str) -> PathData {
    let mut d = PathData::new();
    for (i, ch) in text.chars().enumerate() {
        if let Some(g) = glyph(ch) {
            d = d.raw(&shift(g, i as f64 * ADVANCE));
        }
    }
    d
}

/// Width of the ink box of a string (without stroke).
pub fn text_width(text: &str) -> f64 {
    let n = text.chars().count() as f64;
    if n == 0.0 {
        0.0
    } else {
        (n - 1.0) * ADVANCE + GLYPH_W
    }
}

/// Shifts every x coordinate of literal glyph path data by `dx`.
fn shift(d: &str, dx: f64) -> String {
    if dx == 0.0 {
        return d.to_string();
    }
    let mut out = String::new();
    // Commands: M/L/C take x,y pairs; H takes x; V takes y; Z nothing.
    let mut cmd = ' ';
    for tok in d.split_whitespace() {
        let first = tok.chars().next().unwrap_or(' ');
        let body = if first.is_ascii_alphabetic() {
            cmd = first;
            out.push(first);
            &tok[1..]
        } else {
            tok
        };
        if !body.is_empty() {
            let shifted = match cmd {
                'H' => fmt_shift(body, dx),
                'V' => body.to_string(),
                _ => match body.split_once(',') {
                    Some((x, y)) => format!("{},{y}", fmt_shift(x, dx)),
                    None => body.to_string(),
                },
            };
            out.push_str(&shifted);
        }
        out.push(' ');
    }
    out.trim_end().to_string()
}

fn fmt_shift(x: &str, dx: f64) -> String {
    x.parse::<f64>()
        .map(|v| crate::svg::num(v + dx))
        .unwrap_or_else(|_| x.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifting_moves_x_only() {
        assert_eq!(shift("M3,9 L11,2 V36", 20.0), "M23,9 L31,2 V36");
        assert_eq!(shift("M4,36 V2 H16", 10.0), "M14,36 V2 H26");
    }

    #[test]
    fn all_index_characters_exist() {
        for ch in "0123456789FCR".chars() {
            assert!(glyph(ch).is_some(), "{ch}");
        }
    }
}
