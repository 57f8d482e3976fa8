//! Small helpers for writing SVG markup deterministically.
//!
//! Every number goes through [`num`], which rounds to two decimals and trims trailing zeros, so
//! the output is byte-for-byte stable across platforms.

use std::fmt::Write as _;

/// Formats a coordinate rounded to at most two decimals, without trailing zeros or `-0`.
pub fn num(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// Builder for the `d` attribute of a `<path>`.
#[derive(Debug, Default, Clone)]
pub struct PathData(String);

impl PathData {
    /// An empty path.
    pub fn new() -> Self {
        Self(String::new())
    }

    fn cmd(mut self, c: char, vals: &[f64]) -> Self {
        if !self.0.is_empty() {
            self.0.push(' ');
        }
        self.0.push(c);
        for (i, v) in vals.iter().enumerate() {
            if i > 0 {
                self.0.push(if i % 2 == 1 { ',' } else { ' ' });
            }
            self.0.push_str(&num(*v));
        }
        self
    }

    /// Move to.
    pub fn m(self, x: f64, y: f64) -> Self {
        self.cmd('M', &[x, y])
    }
    /// Line to.
    pub fn l(self, x: f64, y: f64) -> Self {
        self.cmd('L', &[x, y])
    }
    /// Quadratic Bézier to (x, y) with control point (cx, cy).
    pub fn q(self, cx: f64, cy: f64, x: f64, y: f64) -> Self {
        self.cmd('Q', &[cx, cy, x, y])
    }
    /// Cubic Bézier to (x, y).
    pub fn c(self, c1x: f64, c1y: f64, c2x: f64, c2y: f64, x: f64, y: f64) -> Self {
        self.cmd('C', &[c1x, c1y, c2x, c2y, x, y])
    }
    /// Closes the current sub-path.
    pub fn z(mut self) -> Self {
        self.0.push_str(" Z");
        self
    }
    /// Adds a closed polygon through the given points.
    pub fn poly(mut self, pts: &[(f64, f64)]) -> Self {
        for (i, &(x, y)) in pts.iter().enumerate() {
            self = if i == 0 { self.m(x, y) } else { self.l(x, y) };
        }
        self.z()
    }
    /// Adds an open polyline through the given points.
    pub fn polyline(mut self, pts: &[(f64, f64)]) -> Self {
        for (i, &(x, y)) in pts.iter().enumerate() {
            self = if i == 0 { self.m(x, y) } else { self.l(x, y) };
        }
        self
    }
    /// Adds a full ellipse as two arcs.
    pub fn ellipse(mut self, cx: f64, cy: f64, rx: f64, ry: f64) -> Self {
        if !self.0.is_empty() {
            self.0.push(' ');
        }
        let _ = write!(
            self.0,
            "M{},{} A{},{} 0 1 0 {},{} A{},{} 0 1 0 {},{} Z",
            num(cx - rx),
            num(cy),
            num(rx),
            num(ry),
            num(cx + rx),
            num(cy),
            num(rx),
            num(ry),
            num(cx - rx),
            num(cy)
        );
        self
    }
    /// Adds a full circle.
    pub fn circle(self, cx: f64, cy: f64, r: f64) -> Self {
        self.ellipse(cx, cy, r, r)
    }
    /// Adds a rectangle with rounded corners of radius `r` (clockwise).
    pub fn rrect(mut self, x: f64, y: f64, w: f64, h: f64, r: f64) -> Self {
        if !self.0.is_empty() {
            self.0.push(' ');
        }
        let (r_, x2, y2) = (num(r), x + w, y + h);
        let _ = write!(
            self.0,
            "M{},{} H{} A{r_},{r_} 0 0 1 {},{} V{} A{r_},{r_} 0 0 1 {},{} H{} A{r_},{r_} 0 0 1 {},{} V{} A{r_},{r_} 0 0 1 {},{} Z",
            num(x + r),
            num(y),
            num(x2 - r),
            num(x2),
            num(y + r),
            num(y2 - r),
            num(x2 - r),
            num(y2),
            num(x + r),
            num(x),
            num(y2 - r),
            num(y + r),
            num(x + r),
            num(y),
        );
        self
    }
    /// Adds a smooth curve through the points (Catmull-Rom splines as cubic Béziers), starting
    /// with a move to the first point.
    pub fn smooth(mut self, pts: &[(f64, f64)]) -> Self {
        if let Some(&(x, y)) = pts.first() {
            self = self.m(x, y);
        }
        for i in 0..pts.len().saturating_sub(1) {
            let p0 = pts[i.saturating_sub(1)];
            let (p1, p2) = (pts[i], pts[i + 1]);
            let p3 = pts[(i + 2).min(pts.len() - 1)];
            self = self.c(
                p1.0 + (p2.0 - p0.0) / 6.0,
                p1.1 + (p2.1 - p0.1) / 6.0,
                p2.0 - (p3.0 - p1.0) / 6.0,
                p2.1 - (p3.1 - p1.1) / 6.0,
                p2.0,
                p2.1,
            );
        }
        self
    }
    /// Appends raw path data written with literal numbers (used for hand-drawn glyph outlines).
    pub fn raw(mut self, d: &str) -> Self {
        if !self.0.is_empty() {
            self.0.push(' ');
        }
        self.0.push_str(d);
        self
    }
    /// The finished `d` string.
    pub fn build(self) -> String {
        self.0
    }
}

/// Paint of a path: fill colour, optional stroke colour and width.
#[derive(Debug, Clone, Copy)]
pub struct Paint<'a> {
    /// Fill colour, or `none`.
    pub fill: &'a str,
    /// Stroke colour and width.
    pub stroke: Option<(&'a str, f64)>,
}

/// Filled path with an outline.
pub fn fs<'a>(fill: &'a str, stroke: &'a str, width: f64) -> Paint<'a> {
    Paint {
        fill,
        stroke: Some((stroke, width)),
    }
}

/// Filled path without outline.
pub fn f(fill: &str) -> Paint<'_> {
    Paint { fill, stroke: None }
}

/// Stroke-only path.
pub fn s(stroke: &str, width: f64) -> Paint<'_> {
    Paint {
        fill: "none",
        stroke: Some((stroke, width)),
    }
}

/// An SVG fragment under construction.
#[derive(Debug, Default, Clone)]
pub struct Frag(pub String);

impl Frag {
    /// An empty fragment.
    pub fn new() -> Self {
        Self(String::new())
    }

    /// Appends a `<path>`; strokes get round joins and caps.
    pub fn path(&mut self, d: PathData, p: Paint<'_>) -> &mut Self {
        let _ = write!(self.0, "<path d=\"{}\" fill=\"{}\"", d.build(), p.fill);
        if let Some((c, w)) = p.stroke {
            let _ = write!(
                self.0,
                " stroke=\"{c}\" stroke-width=\"{}\" stroke-linejoin=\"round\" stroke-linecap=\"round\"",
                num(w)
            );
        }
        self.0.push_str("/>\n");
        self
    }

    /// Draws a limb or thick line as an outlined stroke: a dark stroke under a lighter one.
    pub fn limb(
        &mut self,
        d: PathData,
        fill: &str,
        outline: &str,
        width: f64,
        ow: f64,
    ) -> &mut Self {
        self.path(d.clone(), s(outline, width + 2.0 * ow));
        self.path(d, s(fill, width))
    }

    /// Appends a `<use>` of `#id` with a transform.
    pub fn use_ref(&mut self, id: &str, t: &Transform) -> &mut Self {
        let _ = writeln!(self.0, "<use href=\"#{id}\"{}/>", t.attr());
        self
    }

    /// Appends another fragment wrapped in a group with a transform.
    pub fn group(&mut self, t: &Transform, inner: &Frag) -> &mut Self {
        let _ = write!(self.0, "<g{}>\n{}</g>\n", t.attr(), inner.0);
        self
    }

    /// Appends raw markup.
    pub fn raw(&mut self, s: &str) -> &mut Self {
        self.0.push_str(s);
        self
    }
}

/// An SVG transform list (translate, rotate, scale), written in that order.
#[derive(Debug, Default, Clone, Copy)]
pub struct Transform {
    /// Translation.
    pub tx: f64,
    /// Translation.
    pub ty: f64,
    /// Rotation in degrees.
    pub rot: f64,
    /// Horizontal scale.
    pub sx: f64,
    /// Vertical scale.
    pub sy: f64,
}

impl Transform {
    /// Translation, then uniform scale.
    pub fn at(tx: f64, ty: f64, scale: f64) -> Self {
        Self {
            tx,
            ty,
            rot: 0.0,
            sx: scale,
            sy: scale,
        }
    }
    /// Adds a rotation in degrees.
    pub fn rot(mut self, deg: f64) -> Self {
        self.rot = deg;
        self
    }
    /// Mirrors horizontally.
    pub fn flip_x(mut self) -> Self {
        self.sx = -self.sx;
        self
    }

    fn attr(&self) -> String {
        let mut parts = Vec::new();
        if self.tx != 0.0 || self.ty != 0.0 {
            parts.push(format!("translate({} {})", num(self.tx), num(self.ty)));
        }
        if self.rot != 0.0 {
            parts.push(format!("rotate({})", num(self.rot)));
        }
        if self.sx != 1.0 || self.sy != 1.0 {
            if self.sx == self.sy {
                parts.push(format!("scale({})", num(self.sx)));
            } else {
                parts.push(format!("scale({} {})", num(self.sx), num(self.sy)));
            }
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!(" transform=\"{}\"", parts.join(" "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_rounded_and_trimmed() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(2.345_67), "2.35");
        assert_eq!(num(-12.5), "-12.5");
    }
}
