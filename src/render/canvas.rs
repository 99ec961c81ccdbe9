//! A small rasteriser: draws a `Sketch`'s shapes into a buffer of palette
//! indices. No anti-aliasing, so a picture has exactly the colours its shapes
//! name (which keeps the PNG indexed and small) and tests can check exact
//! pixels; the pixels are palette indices from the start, so encoding needs
//! no pass that looks colours up.
//!
//! Geometry: pixel (px, py) is the unit square from (px, py) to (px+1, py+1)
//! and is painted when its centre (px+½, py+½) lies inside a shape. A `Rect`
//! at (x, y, w, h) therefore covers pixels x..x+w-1, a `Circle` of radius r
//! at (x, y) is 2r pixels across, and a `Polygon`'s points are pixel corners.
//! A `Line` runs through the centres of its end pixels and includes them.

use super::font;
use crate::engine::{Anchor, Color, Shape, Sketch};

/// Width in pixels of the outline drawn for a shape's `stroke` colour. Rect
/// and circle outlines lie inside the shape; polygon outlines straddle the
/// edges. Two pixels stay visible when a mail client shrinks the picture.
pub const STROKE: i32 = 2;

/// The largest side a picture may have; bigger sketches are cropped. Twice
/// a mail's 600-px column is plenty, and it bounds memory at 12 MB a canvas.
pub const MAX_SIDE: u32 = 2048;

/// The background when a sketch names none (pictures are always opaque).
pub const DEFAULT_BACKGROUND: Color = Color::WHITE;

/// An opaque picture: each pixel an index into its palette of RGB colours.
#[derive(Clone, Debug, PartialEq)]
pub struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<u16>,
    /// The colours in order of first use; at most `MAX_COLOURS`.
    palette: Vec<[u8; 3]>,
    /// Outline width in pixels: `STROKE` at scale 1, scaled with the picture.
    stroke: i32,
    /// Every text drawn, in order, with its size and where its ink went.
    texts: Vec<TextMark>,
}

/// The box of a text's ink: pixels x0..x1 × y0..y1.
pub type InkBox = (i64, i64, i64, i64);

/// One text as the canvas drew it: what the legibility checks read.
#[derive(Clone, Debug, PartialEq)]
pub struct TextMark {
    pub text: String,
    /// The capital height the sketch asked for, in canvas pixels.
    pub planned: f32,
    /// The capital height drawn (the planned one, or enlarged to legibility).
    pub cap: f32,
    /// The box of its ink (x0, y0, x1, y1), pixels x0..x1 × y0..y1, before
    /// clipping to the canvas; `None` for text without ink (spaces).
    pub ink: Option<InkBox>,
    pub color: Color,
    /// The colour most of the pixels under its ink had before it was drawn.
    pub ground: Color,
}

fn rgb(c: Color) -> [u8; 3] {
    [c.0, c.1, c.2]
}

/// The most colours a canvas holds: a u16 index each. Shapes name a few
/// dozen and text edges blend a few steps of each, far below this; a colour
/// beyond it is drawn as the nearest one already held.
pub const MAX_COLOURS: usize = 1 << 16;

impl Canvas {
    /// A canvas filled with `background`; sides are clamped to 1..=`MAX_SIDE`.
    pub fn new(width: u32, height: u32, background: Color) -> Canvas {
        let width = width.clamp(1, MAX_SIDE);
        let height = height.clamp(1, MAX_SIDE);
        Canvas {
            width,
            height,
            pixels: vec![0; (width * height) as usize],
            palette: vec![rgb(background)],
            stroke: STROKE,
            texts: Vec::new(),
        }
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// Every text drawn so far, in order.
    pub fn texts(&self) -> &[TextMark] {
        &self.texts
    }

    /// The pixels row by row from the top left, as indices into `palette`.
    pub fn pixels(&self) -> &[u16] {
        &self.pixels
    }

    /// The colours `pixels` index (some may no longer be on the canvas).
    pub fn palette(&self) -> &[[u8; 3]] {
        &self.palette
    }

    /// The colour at (x, y), if that is on the canvas.
    pub fn get(&self, x: i64, y: i64) -> Option<Color> {
        let i = self.index(x, y)?;
        let p = self.palette.get(usize::from(*self.pixels.get(i)?))?;
        Some(Color(p[0], p[1], p[2]))
    }

    /// The palette index of colour `c`, added to the palette if new.
    fn ink(&mut self, c: Color) -> u16 {
        self.index_of(rgb(c))
    }

    fn index_of(&mut self, c: [u8; 3]) -> u16 {
        if let Some(i) = self.palette.iter().position(|p| *p == c) {
            return i as u16;
        }
        if self.palette.len() < MAX_COLOURS {
            self.palette.push(c);
            return (self.palette.len() - 1) as u16;
        }
        let dist = |p: &[u8; 3]| {
            p.iter()
                .zip(c)
                .map(|(a, b)| (i32::from(*a) - i32::from(b)).pow(2))
                .sum::<i32>()
        };
        let nearest = (0..self.palette.len()).min_by_key(|&i| self.palette.get(i).map(dist));
        nearest.unwrap_or(0) as u16
    }

    fn index(&self, x: i64, y: i64) -> Option<usize> {
        if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) {
            return None;
        }
        usize::try_from(y * i64::from(self.width) + x).ok()
    }

    /// Paints pixels x0..x1 (x1 excluded) of row y, clipped to the canvas.
    fn span(&mut self, y: i64, x0: i64, x1: i64, c: u16) {
        if y < 0 || y >= i64::from(self.height) {
            return;
        }
        let x0 = x0.max(0);
        let x1 = x1.min(i64::from(self.width));
        if x1 <= x0 {
            return;
        }
        let row = y * i64::from(self.width);
        let (a, b) = ((row + x0) as usize, (row + x1) as usize);
        if let Some(run) = self.pixels.get_mut(a..b) {
            run.fill(c);
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
        let c = self.ink(c);
        for py in y0.max(0)..y1.min(i64::from(self.height)) {
            self.span(py, x0, x1, c);
        }
    }

    /// A stroke-wide outline just inside the rectangle.
    pub fn stroke_rect(&mut self, x: i32, y: i32, w: i32, h: i32, c: Color) {
        let (x0, x1) = ordered(i64::from(x), i64::from(x) + i64::from(w));
        let (y0, y1) = ordered(i64::from(y), i64::from(y) + i64::from(h));
        let s = i64::from(self.stroke);
        let c = self.ink(c);
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
    /// only the part outside radius `r - inner` (a ring). A pixel is inside
    /// when its centre is nearer than the radius; each row is one span (two
    /// for a ring), found by an integer square root.
    fn disc(&mut self, cx: i32, cy: i32, r: i32, inner: Option<i32>, c: Color) {
        if r <= 0 {
            return;
        }
        let (cx, cy, r) = (i64::from(cx), i64::from(cy), i64::from(r));
        let hole = inner.map(|t| r - i64::from(t)).filter(|h| *h > 0);
        let c = self.ink(c);
        for py in (cy - r).max(0)..(cy + r).min(i64::from(self.height)) {
            // Twice the distances from the pixel centre, to stay in integers.
            let dy = 2 * py + 1 - 2 * cy;
            let Some((x0, x1)) = chord(cx, dy, r) else {
                continue;
            };
            match hole.and_then(|h| chord(cx, dy, h)) {
                Some((h0, h1)) => {
                    self.span(py, x0, h0, c);
                    self.span(py, h1, x1, c);
                }
                None => self.span(py, x0, x1, c),
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
    fn disc_f(&mut self, cx: f64, cy: f64, r: f64, c: u16) {
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
        let c = self.ink(c);
        let top = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        let bottom = points.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
        // Each edge as (lower end, upper end, direction, x per row); flat
        // edges never cross a row's centre line.
        let next = points.iter().cycle().skip(1);
        let edges: Vec<Edge> = points
            .iter()
            .zip(next)
            .filter(|(a, b)| a.1 != b.1)
            .map(|(a, b)| if a.1 < b.1 { (*a, *b, 1) } else { (*b, *a, -1) })
            .map(|(lo, hi, dir)| (lo, hi, dir, (hi.0 - lo.0) / (hi.1 - lo.1)))
            .collect();
        let mut crossings: Vec<(f64, i32)> = Vec::with_capacity(edges.len());
        for py in self.rows(top, bottom) {
            let yc = py as f64 + 0.5;
            crossings.clear();
            for &(lo, hi, dir, slope) in &edges {
                // Half-open in y, so a vertex shared by two edges counts once.
                if lo.1 <= yc && yc < hi.1 {
                    crossings.push((lo.0 + (yc - lo.1) * slope, dir));
                }
            }
            if let [(a, _), (b, _)] = crossings[..] {
                // A convex outline's row (most of them): one span.
                let (x0, x1) = cols_between(a.min(b), a.max(b));
                self.span(py, x0, x1, c);
                continue;
            }
            crossings.sort_unstable_by(|p, q| p.0.total_cmp(&q.0));
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
            // A closed outline's corners are each the start of one edge:
            // one round cap each is enough.
            self.thick_line(a, b, f64::from(self.stroke), c, false);
        }
    }

    /// A line through the centres of pixels (x1, y1) and (x2, y2), both
    /// included, `width` pixels wide (at least 1).
    pub fn line(&mut self, x1: i32, y1: i32, x2: i32, y2: i32, width: i32, c: Color) {
        let a = (f64::from(x1) + 0.5, f64::from(y1) + 0.5);
        let b = (f64::from(x2) + 0.5, f64::from(y2) + 0.5);
        self.thick_line(a, b, f64::from(width.clamp(1, 1024)), c, true);
    }

    /// A segment `w` wide: square ends reaching w/2 past the end points up
    /// to two pixels wide, round ends beyond (so joined lines look whole);
    /// without `end_cap`, the round end at `b` is left to the next segment.
    fn thick_line(&mut self, a: (f64, f64), b: (f64, f64), w: f64, c: Color, end_cap: bool) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        let half = w / 2.0;
        if len < 1e-9 {
            if w >= 3.0 {
                let c = self.ink(c);
                self.disc_f(a.0, a.1, half, c);
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
            let c = self.ink(c);
            self.disc_f(a.0, a.1, half, c);
            if end_cap {
                self.disc_f(b.0, b.1, half, c);
            }
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
        let (cap, cell_cap) = (cap.min(limit), cell_cap.clamp(0.0, limit));
        let steps = f32::from(COVERAGE_STEPS);
        let mut marks: Vec<(i64, i64, u8)> = Vec::new();
        if at.0 < self.width as f32 && at.1 < self.height as f32 {
            font::draw_text(text, at, cap, cell_cap, |px, py, cov| {
                // Coverage in 0..=1 to the nearest step (no `round`: hot).
                let q = (cov.clamp(0.0, 1.0) * steps + 0.5) as u8;
                if q > 0 {
                    marks.push((px, py, q));
                }
            });
        }
        self.record(text, (cell_cap, cap), &marks, c, at);
        self.blend_marks(&marks, rgb(c));
    }

    /// Lays `ink` over the pixels at `marks` with their coverage steps. Each
    /// (colour under, step) pair is blended and looked up once a text.
    fn blend_marks(&mut self, marks: &[(i64, i64, u8)], ink: [u8; 3]) {
        let steps = usize::from(COVERAGE_STEPS);
        let mut blended: Vec<u16> = Vec::new();
        for &(px, py, q) in marks {
            let Some(i) = self.index(px, py) else {
                continue;
            };
            let Some(&under) = self.pixels.get(i) else {
                continue;
            };
            let slot = usize::from(under) * steps + usize::from(q.min(COVERAGE_STEPS)) - 1;
            if blended.len() <= slot {
                blended.resize(slot + 1, u16::MAX);
            }
            let known = blended.get(slot).copied().filter(|b| *b != u16::MAX);
            let new = match known {
                Some(b) => b,
                None => {
                    let under_rgb = self.palette.get(usize::from(under)).copied().unwrap_or(ink);
                    let a = f32::from(q) / f32::from(COVERAGE_STEPS);
                    let b = self.index_of(blend(under_rgb, ink, a));
                    if let Some(e) = blended.get_mut(slot) {
                        *e = b;
                    }
                    b
                }
            };
            if let Some(p) = self.pixels.get_mut(i) {
                *p = new;
            }
        }
    }

    /// Notes a text about to be drawn with ink at `marks`, and the colour
    /// under it.
    fn record(
        &mut self,
        text: &str,
        (planned, cap): (f32, f32),
        marks: &[(i64, i64, u8)],
        color: Color,
        at: (f32, f32),
    ) {
        let ink = marks.iter().fold(None, |b: Option<InkBox>, &(x, y, _)| {
            Some(match b {
                None => (x, y, x + 1, y + 1),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1)),
            })
        });
        // Text wholly off the canvas has no ink but still a place.
        let ink = ink.or_else(|| {
            (!text.trim().is_empty()).then(|| {
                let (x, y) = (at.0 as i64, at.1 as i64);
                (x, y, x + 1, y + 1)
            })
        });
        let mut counts: Vec<(u16, usize)> = Vec::new();
        for &(x, y, _) in marks {
            if let Some(p) = self.index(x, y).and_then(|i| self.pixels.get(i)) {
                match counts.iter_mut().find(|(c, _)| c == p) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((*p, 1)),
                }
            }
        }
        let ground = counts
            .iter()
            .max_by_key(|(_, n)| *n)
            .and_then(|(i, _)| self.palette.get(usize::from(*i)))
            .map_or(DEFAULT_BACKGROUND, |p| Color(p[0], p[1], p[2]));
        self.texts.push(TextMark {
            text: text.to_string(),
            planned,
            cap,
            ink,
            color,
            ground,
        });
    }

    /// Draws one shape at scale 1 with English labels.
    pub fn draw(&mut self, shape: &Shape) {
        self.draw_as(shape, &Drawing::ACTUAL);
    }

    /// Draws one shape as `d` says: geometry scaled by its factor, labels in
    /// its language and at least its smallest capital height.
    pub fn draw_as(&mut self, shape: &Shape, d: &Drawing) {
        let k = d.factor;
        let label = |canvas: &mut Canvas,
                     text: &str,
                     (x, y): (i32, i32),
                     size: i32,
                     c: Color,
                     anchor: Anchor| {
            let planned = (f64::from(size) * k) as f32;
            let cap = planned.max(d.min_cap);
            let cell = planned.max(cap * font::MIN_SQUEEZE);
            let width = f64::from(font::text_extent(text, cell).0);
            let x = anchor.left(f64::from(x) * k, width);
            let y = f64::from(y) * k;
            canvas.text((x as f32, y as f32), text, (cap, planned), c);
        };
        match shape {
            Shape::Label {
                x,
                y,
                text,
                size,
                color,
                anchor,
            } => label(self, text.as_str(), (*x, *y), *size, *color, *anchor),
            Shape::Caption {
                x,
                y,
                text,
                size,
                color,
                anchor,
            } => label(self, text.get(d.lang), (*x, *y), *size, *color, *anchor),
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

/// A polygon edge for scanlines: its lower end (smaller y), its upper end,
/// +1 if it runs down the outline's order, -1 if up, and its x per unit of
/// y (a multiplication a row, not a division).
type Edge = ((f64, f64), (f64, f64), i32, f64);

/// The columns x0..x1 of pixels whose centres lie nearer than `r` to the
/// corner column `cx`, on a row `dy / 2` from the centre: those with
/// (2px + 1 - 2cx)² + dy² < 4r².
fn chord(cx: i64, dy: i64, r: i64) -> Option<(i64, i64)> {
    let room = 4 * r * r - dy * dy;
    if room <= 0 {
        return None;
    }
    // The largest s with s² < room, i.e. s² <= room - 1.
    let mut s = ((room - 1) as f64).sqrt() as i64;
    while s * s > room - 1 {
        s -= 1;
    }
    while (s + 1) * (s + 1) < room {
        s += 1;
    }
    // |2px + 1 - 2cx| <= s.
    let x0 = (2 * cx - 1 - s).div_euclid(2) + i64::from((2 * cx - 1 - s).rem_euclid(2) != 0);
    let x1 = (2 * cx - 1 + s).div_euclid(2) + 1;
    (x1 > x0).then_some((x0, x1))
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
    (column_at(left), column_at(right))
}

/// The first column whose centre is at or right of `v`, within
/// -1..=`MAX_SIDE` + 1: ceil(v - ½) by a truncation, as `f64::ceil` is a
/// library call on baseline x86-64 and this runs for every span.
fn column_at(v: f64) -> i64 {
    let side = i64::from(MAX_SIDE);
    let t = (v - 0.5).clamp(-2.0, f64::from(MAX_SIDE) + 2.0);
    let i = t as i64;
    let ceil = if (i as f64) < t { i + 1 } else { i };
    ceil.clamp(-1, side + 1)
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
#[path = "canvas_tests.rs"]
mod tests;
