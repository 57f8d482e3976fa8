//! Rendering cards to pixels with resvg, and contact sheets of whole decks.

use resvg::tiny_skia::{Color, Pixmap, Transform};
use resvg::usvg;
use std::path::Path;

/// Card size on a phone, in pixels.
pub const PHONE: (u32, u32) = (60, 84);
/// Card size on a desktop table, in pixels.
pub const DESKTOP: (u32, u32) = (160, 224);

/// Parses an SVG document.
pub fn parse(svg: &str) -> Result<usvg::Tree, String> {
    usvg::Tree::from_str(svg, &usvg::Options::default()).map_err(|e| e.to_string())
}

/// Renders a parsed card into `pix` with the card's top-left corner at (x, y), `w` pixels wide,
/// turned by `angle` degrees around its bottom centre.
fn draw(tree: &usvg::Tree, pix: &mut Pixmap, x: f32, y: f32, w: f32, angle: f32) {
    let size = tree.size();
    let k = w / size.width();
    let h = size.height() * k;
    let t = Transform::from_translate(x + w / 2.0, y + h)
        .pre_rotate(angle)
        .pre_translate(-w / 2.0, -h)
        .pre_scale(k, k);
    resvg::render(tree, t, &mut pix.as_mut());
}

/// Renders an SVG document to a `w` × `h` pixmap on a transparent background.
pub fn render(svg: &str, w: u32, h: u32) -> Result<Pixmap, String> {
    let tree = parse(svg)?;
    let mut pix = Pixmap::new(w, h).ok_or("empty pixmap")?;
    draw(&tree, &mut pix, 0.0, 0.0, w as f32, 0.0);
    Ok(pix)
}

/// Reads the 48 cards and the back of a style folder, in notation order, back last.
pub fn read_style(dir: &Path) -> Result<Vec<(String, String)>, String> {
    let mut names = crate::card_names();
    names.push("back".to_string());
    names
        .into_iter()
        .map(|n| {
            let path = dir.join(format!("{n}.svg"));
            std::fs::read_to_string(&path)
                .map(|s| (n, s))
                .map_err(|e| format!("{}: {e}", path.display()))
        })
        .collect()
}

/// A contact sheet of one deck: four rows of twelve cards (one row per suit) with the back at
/// the end of the first row, and below them two fanned hands, as a player holds them.
pub fn contact_sheet(cards: &[(String, String)], (cw, ch): (u32, u32)) -> Result<Pixmap, String> {
    let trees: Vec<usvg::Tree> = cards
        .iter()
        .map(|(_, s)| parse(s))
        .collect::<Result<_, _>>()?;
    let gap = (cw / 8).max(4);
    let cols = 13u32;
    let fan_h = ch * 3 / 2;
    let w = cols * (cw + gap) + gap;
    let h = 4 * (ch + gap) + gap + fan_h + gap;
    let mut pix = Pixmap::new(w, h).ok_or("empty pixmap")?;
    pix.fill(Color::from_rgba8(30, 90, 58, 255));
    for (i, tree) in trees.iter().enumerate().take(48) {
        let (row, col) = (i as u32 / 12, i as u32 % 12);
        draw(
            tree,
            &mut pix,
            (gap + col * (cw + gap)) as f32,
            (gap + row * (ch + gap)) as f32,
            cw as f32,
            0.0,
        );
    }
    if let Some(back) = trees.get(48) {
        draw(
            back,
            &mut pix,
            (gap + 12 * (cw + gap)) as f32,
            gap as f32,
            cw as f32,
            0.0,
        );
    }
    // Two fanned hands: a court hand and a mixed pip hand, cards turned around their bottoms.
    let hands: [[usize; 5]; 2] = [[0, 21, 34, 47, 9], [22, 2, 45, 19, 35]];
    for (k, hand) in hands.iter().enumerate() {
        let cx = w as f32 * (0.25 + 0.5 * k as f32) - cw as f32 / 2.0;
        let y = (4 * (ch + gap) + gap) as f32 + fan_h as f32 - ch as f32 - gap as f32;
        for (j, &idx) in hand.iter().enumerate() {
            if let Some(t) = trees.get(idx) {
                let angle = (j as f32 - 2.0) * 9.0;
                draw(
                    t,
                    &mut pix,
                    cx + (j as f32 - 2.0) * cw as f32 * 0.22,
                    y,
                    cw as f32,
                    angle,
                );
            }
        }
    }
    Ok(pix)
}

/// Writes `<style>-phone.png` and `<style>-desktop.png` for every style into `out`; returns the
/// written paths.
pub fn write_contact_sheets(
    cards_dir: &Path,
    out: &Path,
) -> Result<Vec<std::path::PathBuf>, String> {
    std::fs::create_dir_all(out).map_err(|e| e.to_string())?;
    let mut written = Vec::new();
    for style in crate::ALL_STYLES {
        let cards = read_style(&cards_dir.join(style))?;
        for (label, size) in [("phone", PHONE), ("desktop", DESKTOP)] {
            let sheet = contact_sheet(&cards, size)?;
            let path = out.join(format!("{style}-{label}.png"));
            sheet
                .save_png(&path)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            written.push(path);
        }
    }
    Ok(written)
}

/// Renders SVG files side by side, each `width` pixels wide, into one PNG.
pub fn render_row(files: &[std::path::PathBuf], width: u32, out: &Path) -> Result<(), String> {
    let trees: Vec<usvg::Tree> = files
        .iter()
        .map(|p| {
            std::fs::read_to_string(p)
                .map_err(|e| format!("{}: {e}", p.display()))
                .and_then(|s| parse(&s))
        })
        .collect::<Result<_, _>>()?;
    let height = width * 7 / 5;
    let gap = 8;
    let n = trees.len() as u32;
    let mut pix = Pixmap::new(n * (width + gap) + gap, height + 2 * gap).ok_or("empty pixmap")?;
    pix.fill(Color::from_rgba8(30, 90, 58, 255));
    for (i, t) in trees.iter().enumerate() {
        draw(
            t,
            &mut pix,
            (gap + i as u32 * (width + gap)) as f32,
            gap as f32,
            width as f32,
            0.0,
        );
    }
    pix.save_png(out)
        .map_err(|e| format!("{}: {e}", out.display()))
}
