//! A small rasteriser: draws a `Sketch`'s shapes into an RGB pixel buffer.
//! No anti-aliasing, so a picture has exactly the colours its shapes name
//! (which keeps the PNG indexed and small) and tests can check exact pixels.
//!
//! Geometry: pixel (px, py) is the unit square from (px, py) to (px+1, py+1)
//! and is painted when its centre (px+½, py+½) lies inside a shape. A `Rect`
//! at (x, y, w, h) therefore covers pixels x..x+w-1, a `Circle` of radius r
//! at (x, y) is 2r pixels across, and a `Polygon`'s points are pixel corners.
//! A `Line` runs through the centres of its end pixels and includes them.

use super::font;
use crate::engine::{Color, Shape, Sketch};

/// Width in pixels of the outline drawn for a shape's `stroke` colour. Rect
/// and circle outlines lie inside the shape; polygon outlines straddle the
/// edges. Two pixels stay visible when a mail client shrinks the picture.
pub const STROKE: i32 = 2;

/// The largest side a picture may have; bigger sketches are cropped. Twice
/// a mail's 600-px column is plenty, and it bounds memory at 12 MB a canvas.
pub const MAX_SIDE: u32 = 2048;

/// The background when a sketch names none (pictures are always opaque).
pub const DEFAULT_BACKGROUND: Color = Color::WHITE;

/// An opaque RGB picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<[u8; 3]>,
    /// Outline width in pixels: `STROKE` at scale 1, scaled with the picture.
    stroke: i32,
}

fn rgb(c: Color) -> [u8; 3] {
    [c.0, c.1, c.2]
}

impl Canvas {
    /// A canvas filled with `background`; sides are clamped to 1..=`MAX_SIDE`.
    pub fn new(width: u32, height: u32, background: Color) -> Canvas {
        let width = width.clamp(1, MAX_SIDE);
        let height = height.clamp(1, MAX_SIDE);
        Canvas {
            width,
            height,
            pixels: vec![rgb(background); (width * height) as usize],
            stroke: STROKE,
        }
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// The pixels row by row from the top left.
    pub fn pixels(&self) -> &[[u8; 3]] {
        &self.pixels
    }

    /// The colour at (x, y), if that is on the canvas.
    pub fn get(&self, x: i64, y: i64) -> Option<Color> {
        let i = self.index(x, y)?;
        self.pixels.get(i).map(|p| Color(p[0], p[1], p[2]))
    }

    fn index(&self, x: i64, y: i64) -> Option<usize> {
        if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) {
            return None;
        }
        usize::try_from(y * i64::from(self.width) + x).ok()
    }

    fn put(&mut self, x: i64, y: i64, c: [u8; 3]) {
        if let Some(p) = self.index(x, y).and_then(|i| self.pixels.get_mut(i)) {
            *p = c;
        }
    }

    /// Paints pixels x0..x1 (x1 excluded) of row y, clipped to the canvas.
    fn span(&mut self, y: i64, x0: i64, x1: i64, c: [u8; 3]) {
        if y < 0 || y >= i64::from(self.height) {
            return;
        }
        let x0 = x0.max(0);
        let x1 = x1.min(i64::from(self.width));
        for x in x0..x1 {
            self.put(x, y, c);
        }
    }

    /// Rows whose centres may lie between `top` and `bottom`, clipped.
    fn rows(&self, top: f64, bottom: f64) -> std::ops::Range<i64> {
        let first = (top - 0.5).ceil().max(0.0);
        let last = (bottom - 0.5).ceil().min(f64::from(self.height));
        if first.is_nan() || last.is_nan() || last <= first {
            return 0..0;
        }
        first as i64..last as i64
    }

    /// Pixels x..x+w-1 × y..y+h-1 (negative sizes count leftwards/upwards).
    pub fn fill_rect(&mut self, x: i32, y: i32, w: i32, h: i32, c: Color) {
        let (x0, x1) = ordered(i64::from(x), i64::from(x) + i64::from(w));
        let (y0, y1) = ordered(i64::from(y), i64::from(y) + i64::from(h));
        let c = rgb(c);
        for py in y0.max(0)..y1.min(i64::from(self.height)) {
            self.span(py, x0, x1, c);
        }
    }

    /// A stroke-wide outline just inside the rectangle.
    pub fn stroke_rect(&mut self, x: i32, y: i32, w: i32, h: i32, c: Color) {
        let (x0, x1) = ordered(i64::from(x), i64::from(x) + i64::from(w));
        let (y0, y1) = ordered(i64::from(y), i64::from(y) + i64::from(h));
        let s = i64::from(self.stroke);
        let c = rgb(c);
        for py in y0.max(0)..y1.min(i64::from(self.height)) {
            if py < y0 + s || py >= y1 - s {
                self.span(py, x0, x1, c);
            } else {
                self.span(py, x0, (x0 + s).min(x1), c);
                self.span(py, (x1 - s).max(x0), x1, c);
            }
        }
    }

    /// The disc of radius `r` around the pixel corner (cx, cy); with `inner`,
    /// only the part outside radius `r - inner` (a ring).
    fn disc(&mut self, cx: i32, cy: i32, r: i32, inner: Option<i32>, c: Color) {
        if r <= 0 {
            return;
        }
        let (cx, cy, r) = (i64::from(cx), i64::from(cy), i64::from(r));
        let hole = inner.map(|t| r - i64::from(t)).filter(|h| *h > 0);
        let c = rgb(c);
        let rows = (cy - r).max(0)..(cy + r).min(i64::from(self.height));
        let cols = (cx - r).max(0)..(cx + r).min(i64::from(self.width));
        for py in rows {
            // Twice the distance from the pixel centre, to stay in integers.
            let dy = i128::from(2 * py + 1 - 2 * cy);
            for px in cols.clone() {
                let dx = i128::from(2 * px + 1 - 2 * cx);
                let d2 = dx * dx + dy * dy;
                let inside = d2 < 4 * i128::from(r) * i128::from(r);
                let in_hole = hole.is_some_and(|h| d2 < 4 * i128::from(h) * i128::from(h));
                if inside && !in_hole {
                    self.put(px, py, c);
                }
            }
        }
    }

    pub fn fill_circle(&mut self, cx: i32, cy: i32, r: i32, c: Color) {
        self.disc(cx, cy, r, None, c);
    }

    /// A stroke-wide ring just inside the circle.
    pub fn stroke_circle(&mut self, cx: i32, cy: i32, r: i32, c: Color) {
        self.disc(cx, cy, r, Some(self.stroke), c);
    }

    /// A disc with a fractional centre and radius (round line caps).
    fn disc_f(&mut self, cx: f64, cy: f64, r: f64, c: [u8; 3]) {
        for py in self.rows(cy - r, cy + r) {
            let dy = py as f64 + 0.5 - cy;
            let half = (r * r - dy * dy).max(0.0).sqrt();
            let (x0, x1) = cols_between(cx - half, cx + half);
            if dy * dy < r * r {
                self.span(py, x0, x1, c);
            }
        }
    }

    /// Fills a polygon by scanlines with the non-zero winding rule.
    pub fn fill_polygon_f(&mut self, points: &[(f64, f64)], c: Color) {
        if points.len() < 3 {
            return;
        }
        let c = rgb(c);
        let top = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        let bottom = points.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
        let mut crossings: Vec<(f64, i32)> = Vec::new();
        for py in self.rows(top, bottom) {
            let yc = py as f64 + 0.5;
            crossings.clear();
            for (i, a) in points.iter().enumerate() {
                let b = points.get((i + 1) % points.len()).unwrap_or(a);
                // Half-open in y, so a vertex shared by two edges counts once.
                let (dir, lo, hi) = if a.1 < b.1 { (1, a, b) } else { (-1, b, a) };
                if lo.1 <= yc && yc < hi.1 {
                    let x = lo.0 + (yc - lo.1) * (hi.0 - lo.0) / (hi.1 - lo.1);
                    crossings.push((x, dir));
                }
            }
            crossings.sort_by(|p, q| p.0.total_cmp(&q.0));
            let mut winding = 0;
            let mut start = 0.0;
            for &(x, dir) in &crossings {
                let was_inside = winding != 0;
                winding += dir;
                if !was_inside && winding != 0 {
                    start = x;
                } else if was_inside && winding == 0 {
                    let (x0, x1) = cols_between(start, x);
                    self.span(py, x0, x1, c);
                }
            }
        }
    }

    pub fn fill_polygon(&mut self, points: &[(i32, i32)], c: Color) {
        let pts: Vec<(f64, f64)> = points
            .iter()
            .map(|&(x, y)| (f64::from(x), f64::from(y)))
            .collect();
        self.fill_polygon_f(&pts, c);
    }

    /// The polygon's closed outline, stroke wide, centred on its edges.
    pub fn stroke_polygon(&mut self, points: &[(i32, i32)], c: Color) {
        for (i, a) in points.iter().enumerate() {
            let b = points.get((i + 1) % points.len()).unwrap_or(a);
            let (a, b) = (
                (f64::from(a.0), f64::from(a.1)),
                (f64::from(b.0), f64::from(b.1)),
            );
            self.thick_line(a, b, f64::from(self.stroke), c);
        }
    }

    /// A line through the centres of pixels (x1, y1) and (x2, y2), both
    /// included, `width` pixels wide (at least 1).
    pub fn line(&mut self, x1: i32, y1: i32, x2: i32, y2: i32, width: i32, c: Color) {
        let a = (f64::from(x1) + 0.5, f64::from(y1) + 0.5);
        let b = (f64::from(x2) + 0.5, f64::from(y2) + 0.5);
        self.thick_line(a, b, f64::from(width.clamp(1, 1024)), c);
    }

    /// A segment `w` wide: square ends reaching w/2 past the end points up
    /// to two pixels wide, round ends beyond (so joined lines look whole).
    fn thick_line(&mut self, a: (f64, f64), b: (f64, f64), w: f64, c: Color) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        let half = w / 2.0;
        if len < 1e-9 {
            if w >= 3.0 {
                self.disc_f(a.0, a.1, half, rgb(c));
            } else {
                let sq = [
                    (a.0 - half, a.1 - half),
                    (a.0 + half, a.1 - half),
                    (a.0 + half, a.1 + half),
                    (a.0 - half, a.1 + half),
                ];
                self.fill_polygon_f(&sq, c);
            }
            return;
        }
        let (ux, uy) = (dx / len, dy / len);
        let (nx, ny) = (-uy * half, ux * half);
        let ext = if w >= 3.0 { 0.0 } else { half };
        let (a, b) = (
            (a.0 - ux * ext, a.1 - uy * ext),
            (b.0 + ux * ext, b.1 + uy * ext),
        );
        let quad = [
            (a.0 + nx, a.1 + ny),
            (b.0 + nx, b.1 + ny),
            (b.0 - nx, b.1 - ny),
            (a.0 - nx, a.1 - ny),
        ];
        self.fill_polygon_f(&quad, c);
        if w >= 3.0 {
            self.disc_f(a.0, a.1, half, rgb(c));
            self.disc_f(b.0, b.1, half, rgb(c));
        }
    }

    /// Text with its top left at (x, y) and capitals `cap` pixels tall, set
    /// in cells for capitals `cell_cap` tall (see `font::draw_text`), blended
    /// over what is there in `COVERAGE_STEPS` steps so the picture keeps few
    /// colours.
    pub fn text(&mut self, at: (f32, f32), text: &str, (cap, cell_cap): (f32, f32), c: Color) {
        // Bounded work whatever the numbers: nothing off the canvas's right
        // or bottom, no capital taller than the largest canvas.
        let limit = MAX_SIDE as f32;
        let sane = |v: f32| v.is_finite() && v.abs() <= 2.0 * limit;
        if !(sane(at.0) && sane(at.1) && sane(cap) && sane(cell_cap)) || cap <= 0.0 {
            return;
        }
        if at.0 >= self.width as f32 || at.1 >= self.height as f32 {
            return;
        }
        let (cap, cell_cap) = (cap.min(limit), cell_cap.clamp(0.0, limit));
        let ink = rgb(c);
        let steps = f32::from(COVERAGE_STEPS);
        let mut marks: Vec<(i64, i64, f32)> = Vec::new();
        font::draw_text(text, at, cap, cell_cap, |px, py, cov| {
            let q = (cov.clamp(0.0, 1.0) * steps).round() / steps;
            if q > 0.0 {
                marks.push((px, py, q));
            }
        });
        for (px, py, q) in marks {
            if let Some(p) = self.index(px, py).and_then(|i| self.pixels.get_mut(i)) {
                *p = blend(*p, ink, q);
            }
        }
    }

    /// Draws one shape at scale 1 with English labels.
    pub fn draw(&mut self, shape: &Shape) {
        self.draw_as(shape, &Drawing::ACTUAL);
    }

    /// Draws one shape as `d` says: geometry scaled by its factor, labels in
    /// its language and at least its smallest capital height.
    pub fn draw_as(&mut self, shape: &Shape, d: &Drawing) {
        let k = d.factor;
        let label = |canvas: &mut Canvas, x: &i32, y: &i32, text: &str, size: &i32, c: &Color| {
            let planned = (f64::from(*size) * k) as f32;
            let cap = planned.max(d.min_cap);
            let (x, y) = (f64::from(*x) * k, f64::from(*y) * k);
            canvas.text((x as f32, y as f32), text, (cap, planned), *c);
        };
        match shape {
            Shape::Label {
                x,
                y,
                text,
                size,
                color,
            } => label(self, x, y, text, size, color),
            Shape::Caption {
                x,
                y,
                text,
                size,
                color,
            } => label(self, x, y, text.get(d.lang), size, color),
            _ => self.draw_plain(&scaled(shape, k)),
        }
    }

    /// Draws one shape at its own coordinates: fill first, then its outline.
    fn draw_plain(&mut self, shape: &Shape) {
        match shape {
            Shape::Rect {
                x,
                y,
                w,
                h,
                fill,
                stroke,
            } => {
                if let Some(f) = fill {
                    self.fill_rect(*x, *y, *w, *h, *f);
                }
                if let Some(s) = stroke {
                    self.stroke_rect(*x, *y, *w, *h, *s);
                }
            }
            Shape::Circle {
                x,
                y,
                r,
                fill,
                stroke,
            } => {
                if let Some(f) = fill {
                    self.fill_circle(*x, *y, *r, *f);
                }
                if let Some(s) = stroke {
                    self.stroke_circle(*x, *y, *r, *s);
                }
            }
            Shape::Line {
                x1,
                y1,
                x2,
                y2,
                color,
                width,
            } => self.line(*x1, *y1, *x2, *y2, *width, *color),
            Shape::Polygon {
                points,
                fill,
                stroke,
            } => {
                if let Some(f) = fill {
                    self.fill_polygon(points, *f);
                }
                if let Some(s) = stroke {
                    self.stroke_polygon(points, *s);
                }
            }
            Shape::Label { .. } | Shape::Caption { .. } => self.draw_as(shape, &Drawing::ACTUAL),
        }
    }
}

/// How many levels of coverage text edges get: a few soften the glyphs
/// while a board keeps within a PNG palette.
pub const COVERAGE_STEPS: u8 = 3;

/// `over` laid on `under` with opacity `a` (0..=1).
fn blend(under: [u8; 3], over: [u8; 3], a: f32) -> [u8; 3] {
    let mix = |u: u8, o: u8| (f32::from(u) + (f32::from(o) - f32::from(u)) * a).round() as u8;
    [
        mix(under[0], over[0]),
        mix(under[1], over[1]),
        mix(under[2], over[2]),
    ]
}

/// The two ends of an interval in ascending order.
fn ordered(a: i64, b: i64) -> (i64, i64) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

/// The columns whose centres lie in [left, right), as a half-open range.
fn cols_between(left: f64, right: f64) -> (i64, i64) {
    let clamp = |v: f64| v.clamp(-1.0, f64::from(MAX_SIDE) + 1.0) as i64;
    (clamp((left - 0.5).ceil()), clamp((right - 0.5).ceil()))
}

/// How a sketch becomes pixels: `factor` picture pixels per sketch unit,
/// labels in `lang`, no capital shorter than `min_cap` picture pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drawing<'a> {
    pub factor: f64,
    pub lang: &'a str,
    pub min_cap: f32,
}

impl Drawing<'_> {
    /// The sketch as drawn: scale 1, English, labels as sized.
    pub const ACTUAL: Drawing<'static> = Drawing {
        factor: 1.0,
        lang: "en",
        min_cap: 0.0,
    };
}

/// A sketch length in picture pixels at factor `k`.
fn at(v: i32, k: f64) -> i32 {
    (f64::from(v) * k).round() as i32
}

/// A shape's geometry at factor `k` (labels are sized by `Canvas::draw_as`).
fn scaled(shape: &Shape, k: f64) -> Shape {
    if k == 1.0 {
        return shape.clone();
    }
    match shape {
        Shape::Rect {
            x,
            y,
            w,
            h,
            fill,
            stroke,
        } => Shape::Rect {
            x: at(*x, k),
            y: at(*y, k),
            // Edges are scaled, not sizes, so shapes that touch still touch.
            w: at(x.saturating_add(*w), k) - at(*x, k),
            h: at(y.saturating_add(*h), k) - at(*y, k),
            fill: *fill,
            stroke: *stroke,
        },
        Shape::Circle {
            x,
            y,
            r,
            fill,
            stroke,
        } => Shape::Circle {
            x: at(*x, k),
            y: at(*y, k),
            r: at(*r, k).max(1),
            fill: *fill,
            stroke: *stroke,
        },
        Shape::Line {
            x1,
            y1,
            x2,
            y2,
            color,
            width,
        } => Shape::Line {
            x1: at(*x1, k),
            y1: at(*y1, k),
            x2: at(*x2, k),
            y2: at(*y2, k),
            color: *color,
            width: at(*width, k).max(1),
        },
        Shape::Polygon {
            points,
            fill,
            stroke,
        } => Shape::Polygon {
            points: points.iter().map(|&(x, y)| (at(x, k), at(y, k))).collect(),
            fill: *fill,
            stroke: *stroke,
        },
        Shape::Label { .. } | Shape::Caption { .. } => shape.clone(),
    }
}

/// Draws a sketch's shapes in order on its opaque background.
pub fn rasterise(sketch: &Sketch) -> Canvas {
    rasterise_as(sketch, &Drawing::ACTUAL)
}

/// Draws a sketch as `d` says, on a canvas of its sides times the factor.
pub fn rasterise_as(sketch: &Sketch, d: &Drawing) -> Canvas {
    let side = |v: u32| {
        (f64::from(v) * d.factor)
            .round()
            .clamp(1.0, f64::from(MAX_SIDE)) as u32
    };
    let mut canvas = Canvas::new(
        side(sketch.width),
        side(sketch.height),
        sketch.background.unwrap_or(DEFAULT_BACKGROUND),
    );
    canvas.stroke = at(STROKE, d.factor).max(1);
    for shape in &sketch.shapes {
        canvas.draw_as(shape, d);
    }
    canvas
}

#[cfg(test)]
mod tests {
    use super::*;

    const BG: Color = Color::WHITE;

    fn canvas() -> Canvas {
        Canvas::new(40, 30, BG)
    }

    /// Pixels of colour `c`, as (x, y), row by row.
    fn painted(cv: &Canvas, c: Color) -> Vec<(i64, i64)> {
        let mut out = Vec::new();
        for y in 0..i64::from(cv.height()) {
            for x in 0..i64::from(cv.width()) {
                if cv.get(x, y) == Some(c) {
                    out.push((x, y));
                }
            }
        }
        out
    }

    #[test]
    fn rect_covers_exactly_its_box() {
        let mut cv = canvas();
        cv.fill_rect(2, 3, 4, 5, Color::RED);
        let px = painted(&cv, Color::RED);
        assert_eq!(px.len(), 20);
        assert_eq!(px.first(), Some(&(2, 3)));
        assert_eq!(px.last(), Some(&(5, 7)));
    }

    #[test]
    fn negative_rect_sizes_count_backwards() {
        let mut cv = canvas();
        cv.fill_rect(6, 8, -4, -5, Color::RED);
        let px = painted(&cv, Color::RED);
        assert_eq!(px.len(), 20);
        assert_eq!(px.first(), Some(&(2, 3)));
    }

    #[test]
    fn rect_outline_is_two_pixels_inside() {
        let mut cv = canvas();
        cv.stroke_rect(0, 0, 10, 10, Color::BLUE);
        assert_eq!(painted(&cv, Color::BLUE).len(), 100 - 36);
        assert_eq!(cv.get(1, 5), Some(Color::BLUE));
        assert_eq!(cv.get(2, 5), Some(BG));
        assert_eq!(cv.get(9, 9), Some(Color::BLUE));
        assert_eq!(cv.get(10, 9), Some(BG));
    }

    #[test]
    fn circle_is_two_r_across_and_symmetric() {
        let mut cv = canvas();
        cv.fill_circle(20, 15, 5, Color::GREEN);
        let px = painted(&cv, Color::GREEN);
        let xs: Vec<i64> = px.iter().map(|p| p.0).collect();
        assert_eq!(xs.iter().min(), Some(&15));
        assert_eq!(xs.iter().max(), Some(&24));
        // Pixel centres within 5 of (20, 15): 80 of them.
        assert_eq!(px.len(), 80);
        assert_eq!(cv.get(15, 15), Some(Color::GREEN));
        assert_eq!(cv.get(15, 10), Some(BG));
    }

    #[test]
    fn circle_outline_leaves_the_middle() {
        let mut cv = canvas();
        cv.stroke_circle(20, 15, 6, Color::GREEN);
        assert_eq!(cv.get(20, 15), Some(BG));
        assert_eq!(cv.get(14, 15), Some(Color::GREEN));
        assert_eq!(cv.get(15, 15), Some(Color::GREEN));
        assert_eq!(cv.get(16, 15), Some(BG));
    }

    #[test]
    fn polygon_square_matches_rect() {
        let mut a = canvas();
        a.fill_polygon(&[(2, 3), (6, 3), (6, 8), (2, 8)], Color::RED);
        let mut b = canvas();
        b.fill_rect(2, 3, 4, 5, Color::RED);
        assert_eq!(a, b);
    }

    #[test]
    fn triangle_area_is_half() {
        let mut cv = canvas();
        cv.fill_polygon(&[(0, 0), (20, 0), (0, 20)], Color::RED);
        // Centres with x + y < 20 - 1: 190 pixels.
        assert_eq!(painted(&cv, Color::RED).len(), 190);
    }

    #[test]
    fn self_overlapping_polygon_fills_by_winding() {
        let mut cv = canvas();
        // The same square twice, same direction: the overlap stays filled.
        cv.fill_polygon(
            &[
                (0, 0),
                (10, 0),
                (10, 10),
                (0, 10),
                (0, 0),
                (10, 0),
                (10, 10),
                (0, 10),
            ],
            Color::RED,
        );
        assert_eq!(painted(&cv, Color::RED).len(), 100);
    }

    #[test]
    fn degenerate_shapes_draw_nothing_and_do_not_panic() {
        let mut cv = canvas();
        cv.fill_polygon(&[(0, 0), (10, 10)], Color::RED);
        cv.fill_circle(5, 5, 0, Color::RED);
        cv.fill_circle(5, 5, -3, Color::RED);
        cv.fill_rect(i32::MAX, i32::MIN, i32::MAX, i32::MAX, Color::RED);
        cv.fill_circle(i32::MIN, i32::MAX, i32::MAX, Color::RED);
        cv.line(
            i32::MIN,
            i32::MIN,
            i32::MAX,
            i32::MAX,
            i32::MAX,
            Color::BLUE,
        );
        cv.text(
            (f32::MAX, f32::MAX),
            "overflow",
            (f32::MAX, f32::MAX),
            Color::RED,
        );
        cv.text((0.0, 0.0), "huge", (f32::INFINITY, f32::NAN), Color::RED);
        cv.text((-1e9, -1e9), "far", (8.0, 8.0), Color::RED);
        assert_eq!(painted(&cv, Color::RED).len(), 0);
    }

    #[test]
    fn one_pixel_lines_include_both_ends() {
        let mut cv = canvas();
        cv.line(3, 4, 12, 4, 1, Color::BLUE);
        assert_eq!(
            painted(&cv, Color::BLUE),
            (3..=12).map(|x| (x, 4)).collect::<Vec<_>>()
        );
        let mut cv = canvas();
        cv.line(5, 2, 5, 9, 1, Color::BLUE);
        assert_eq!(painted(&cv, Color::BLUE).len(), 8);
    }

    #[test]
    fn diagonal_line_has_no_gaps() {
        let mut cv = canvas();
        cv.line(0, 0, 29, 9, 1, Color::BLUE);
        for x in 0..30 {
            assert!(
                (0..30).any(|y| cv.get(x, y) == Some(Color::BLUE)),
                "gap at x={x}"
            );
        }
    }

    #[test]
    fn thick_line_is_as_wide_as_asked() {
        let mut cv = canvas();
        cv.line(10, 15, 30, 15, 5, Color::BLUE);
        let column: Vec<i64> = (0..30)
            .filter(|&y| cv.get(20, y) == Some(Color::BLUE))
            .collect();
        assert_eq!(column, vec![13, 14, 15, 16, 17]);
        // Round caps reach two pixels past each end on the centre row.
        assert_eq!(cv.get(8, 15), Some(Color::BLUE));
        assert_eq!(cv.get(7, 15), Some(BG));
        assert_eq!(cv.get(32, 15), Some(Color::BLUE));
        assert_eq!(cv.get(33, 15), Some(BG));
    }

    #[test]
    fn polygon_outline_straddles_edges() {
        let mut cv = canvas();
        cv.stroke_polygon(&[(5, 5), (25, 5), (25, 25), (5, 25)], Color::RED);
        assert_eq!(cv.get(15, 4), Some(Color::RED));
        assert_eq!(cv.get(15, 5), Some(Color::RED));
        assert_eq!(cv.get(15, 6), Some(BG));
        assert_eq!(cv.get(15, 15), Some(BG));
    }

    /// Pixels in columns `xs`, rows `ys` that are not the background.
    fn inked(cv: &Canvas, xs: std::ops::Range<i64>, ys: std::ops::Range<i64>) -> usize {
        ys.flat_map(|y| xs.clone().map(move |x| (x, y)))
            .filter(|&(x, y)| cv.get(x, y) != Some(BG))
            .count()
    }

    #[test]
    fn text_fills_the_capital_height_from_the_top() {
        let mut cv = canvas();
        cv.text((1.0, 2.0), "I", (14.0, 14.0), Color::BLACK);
        // The stem of 'I' is solid from row 2 to row 15 and nothing is below.
        assert!(painted(&cv, Color::BLACK).len() >= 14);
        assert_eq!(inked(&cv, 0..30, 0..2), 0);
        assert!(inked(&cv, 0..30, 2..4) > 0);
        assert!(inked(&cv, 0..30, 14..16) > 0);
        assert_eq!(inked(&cv, 0..30, 17..30), 0);
    }

    #[test]
    fn text_advances_by_cells_and_breaks_lines() {
        let mut cv = canvas();
        cv.text((0.0, 0.0), "..\n.", (7.0, 7.0), Color::BLACK);
        // Cells of 6 px; the second line's capitals start 11 px lower.
        assert!(inked(&cv, 0..6, 4..8) > 0, "first dot");
        assert!(inked(&cv, 6..12, 4..8) > 0, "second dot");
        assert!(inked(&cv, 0..6, 15..19) > 0, "dot on the second line");
        assert_eq!(inked(&cv, 6..30, 9..30), 0);
        assert_eq!(inked(&cv, 0..30, 0..3), 0);
    }

    #[test]
    fn canvas_size_is_clamped() {
        assert_eq!(Canvas::new(0, 0, BG).width(), 1);
        assert_eq!(Canvas::new(100_000, 3, BG).width(), MAX_SIDE);
    }

    #[test]
    fn shapes_draw_in_order_on_the_background() {
        let mut s = Sketch::new(20, 20);
        s.background = Some(Color::GREY);
        s.rect(0, 0, 10, 10, Some(Color::RED), None);
        s.circle(10, 10, 4, Some(Color::BLUE), None);
        let cv = rasterise(&s);
        assert_eq!(cv.get(0, 0), Some(Color::RED));
        assert_eq!(cv.get(9, 9), Some(Color::BLUE));
        assert_eq!(cv.get(19, 19), Some(Color::GREY));
    }
}
