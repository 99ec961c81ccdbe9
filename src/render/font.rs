//! The font board pictures are drawn in: a subset of Noto Sans CJK KR
//! (SIL Open Font License 1.1; `assets/font/`, licence in `assets/font/OFL.txt`)
//! with Latin, punctuation and every Hangul syllable, embedded in the binary
//! so a picture never depends on the fonts of the machine it is made on.
//! Glyph outlines are rasterised with `ab_glyph` into coverage values, once
//! per glyph, size and quarter-pixel position on a thread (`GLYPHS`): a board
//! repeats the same letters and digits in every picture.

use ab_glyph::{point, Font, FontRef, GlyphId, PxScale, ScaleFont};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::OnceLock;

/// The subset made by `assets/font/subset.sh`.
static FONT_FILE: &[u8] = include_bytes!("../../assets/font/quipu-sans-kr.otf");

/// Labels are set in cells (`engine::layout`), so pictures lay out the same
/// text the same width in both languages' drawings.
pub use crate::engine::layout::CELL_PER_CAP;
use crate::engine::layout::{advance, char_advance};

/// How far right of its start a line is drawn at most (twice the largest
/// canvas), so a long label costs bounded work.
const RUN_LIMIT: f32 = 4096.0;

/// The narrowest a glyph is squeezed to fit its cell, as a share of its width.
pub const MIN_SQUEEZE: f32 = 0.7;

/// Line distance as a multiple of the capital height (the old bitmap font's 11/7).
pub const LINE_PER_CAP: f32 = 11.0 / 7.0;

/// Depth below the baseline reserved for descenders, per capital height.
pub const DESCENT_PER_CAP: f32 = 2.0 / 7.0;

/// The parsed font and the unscaled height of its capital H.
struct Face {
    font: FontRef<'static>,
    cap_units: f32,
}

/// The embedded font; `None` only if the file built into the binary does not
/// parse, which the unit tests rule out.
fn face() -> Option<&'static Face> {
    static FACE: OnceLock<Option<Face>> = OnceLock::new();
    FACE.get_or_init(|| {
        let font = FontRef::try_from_slice(FONT_FILE).ok()?;
        let h = font.glyph_id('H');
        let cap_units = font
            .outline(h)
            // ab_glyph's unscaled bounds run from the top down (min.y is the top).
            .map(|o| (o.bounds.max.y - o.bounds.min.y).abs())
            .filter(|c| *c > 0.0)?;
        Some(Face { font, cap_units })
    })
    .as_ref()
}

/// Whether the font has a glyph for `c` (otherwise it is drawn as a box).
pub fn has_glyph(c: char) -> bool {
    face().is_some_and(|f| f.font.glyph_id(c) != GlyphId(0))
}

/// A capital's height per font size (em): a label `cap` pixels tall is set
/// in a font `cap / cap_per_em()` pixels large.
pub fn cap_per_em() -> f32 {
    face()
        .map(|f| f.cap_units / f.font.units_per_em().unwrap_or(1000.0))
        .unwrap_or(0.72)
}

/// The `ab_glyph` scale whose capitals are `cap` pixels tall.
fn scale_for(f: &Face, cap: f32) -> PxScale {
    PxScale::from(cap.max(1.0) * f.font.height_unscaled() / f.cap_units)
}

/// Width and height in pixels of `text` with capitals `cap` pixels tall:
/// the box a label fills (lines split at `\n`, descenders included).
pub fn text_extent(text: &str, cap: f32) -> (f32, f32) {
    let cell = cap * CELL_PER_CAP;
    let width = text
        .split('\n')
        .map(|line| advance(line) * cell)
        .fold(0.0, f32::max);
    let lines = text.split('\n').count().max(1) as f32;
    let height = (lines - 1.0) * cap * LINE_PER_CAP + cap * (1.0 + DESCENT_PER_CAP);
    (width, height)
}

/// Calls `paint(x, y, coverage)` for every pixel `text` touches, with its
/// top left at (x, y): capitals fill rows y..y+cap, descenders go below,
/// `\n` starts a new line. Each character is centred in cells
/// `cell_cap * CELL_PER_CAP` wide (`layout::char_advance` of them), squeezed to
/// fit down to `MIN_SQUEEZE`, so a label enlarged for legibility keeps
/// close to the width it was laid out for. Coverage is in 0..=1.
pub fn draw_text(
    text: &str,
    (x, y): (f32, f32),
    cap: f32,
    cell_cap: f32,
    mut paint: impl FnMut(i64, i64, f32),
) {
    let Some(f) = face() else {
        return;
    };
    let scale = scale_for(f, cap);
    let scaled = f.font.as_scaled(scale);
    let cell = cell_cap.max(cap * MIN_SQUEEZE) * CELL_PER_CAP;
    for (i, line) in text.split('\n').enumerate() {
        let baseline = y + cap + i as f32 * cap * LINE_PER_CAP;
        let mut pen = x;
        for c in line.chars() {
            if pen > x + RUN_LIMIT {
                break;
            }
            let room = cell * char_advance(c);
            let id = f.font.glyph_id(c);
            let natural = scaled.h_advance(id);
            let squeeze = if natural > room && natural > 0.0 {
                room / natural
            } else {
                1.0
            };
            let glyph_scale = PxScale {
                x: scale.x * squeeze,
                y: scale.y,
            };
            let left = pen + (room - natural * squeeze) / 2.0;
            pen += room;
            let ((ix, fx), (iy, fy)) = (quarters(left), quarters(baseline));
            let key = GlyphKey {
                id: id.0,
                scale: (glyph_scale.x.to_bits(), glyph_scale.y.to_bits()),
                offset: (fx, fy),
            };
            let raster = raster(f, key);
            for &(gx, gy, cov) in raster.iter() {
                paint(ix + i64::from(gx), iy + i64::from(gy), cov);
            }
        }
    }
}

/// A glyph at a size, placed a whole number of pixels plus `offset`
/// quarters of a pixel from the origin.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct GlyphKey {
    id: u16,
    /// The bits of `PxScale`'s x and y.
    scale: (u32, u32),
    offset: (u8, u8),
}

/// A glyph's inked pixels relative to its whole-pixel origin, with coverage.
type Raster = Rc<[(i32, i32, f32)]>;

/// Glyphs rasterised on this thread. Bounded: emptied when it holds
/// `GLYPHS_KEPT`, and glyphs of more than `GLYPH_PIXELS_KEPT` inked pixels
/// (titles, not labels) are not kept, so a flood of sizes costs time, never
/// memory.
const GLYPHS_KEPT: usize = 2048;
const GLYPH_PIXELS_KEPT: usize = 4096;

thread_local! {
    static GLYPHS: RefCell<HashMap<GlyphKey, Raster, BuildKeyHasher>> =
        RefCell::new(HashMap::default());
}

/// A hasher for `GlyphKey`s, which are made here, never from outside
/// input, so it need not resist chosen keys: a multiply and rotate a word
/// (as rustc's FxHash), where SipHash cost more than the lookup it served
/// (a lookup per character drawn).
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }
    fn write_u8(&mut self, v: u8) {
        self.write_u64(u64::from(v));
    }
    fn write_u16(&mut self, v: u16) {
        self.write_u64(u64::from(v));
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(u64::from(v));
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type BuildKeyHasher = std::hash::BuildHasherDefault<KeyHasher>;

/// `v` split into whole pixels and quarters (0..4) of one, to the nearest
/// quarter: a glyph is drawn at most an eighth of a pixel from where asked.
fn quarters(v: f32) -> (i64, u8) {
    let q = (v * 4.0 + 0.5).floor() as i64;
    (q.div_euclid(4), q.rem_euclid(4) as u8)
}

/// The key's glyph rasterised, from the cache or drawn now.
fn raster(f: &Face, key: GlyphKey) -> Raster {
    if let Some(r) = GLYPHS.with(|g| g.borrow().get(&key).cloned()) {
        return r;
    }
    let scale = PxScale {
        x: f32::from_bits(key.scale.0),
        y: f32::from_bits(key.scale.1),
    };
    let at = point(f32::from(key.offset.0) / 4.0, f32::from(key.offset.1) / 4.0);
    let glyph = GlyphId(key.id).with_scale_and_position(scale, at);
    let mut inked = Vec::new();
    if let Some(outline) = f.font.outline_glyph(glyph) {
        let b = outline.px_bounds();
        let (gx0, gy0) = (b.min.x as i32, b.min.y as i32);
        outline.draw(|gx, gy, cov| {
            if cov > 0.0 {
                inked.push((gx0 + gx as i32, gy0 + gy as i32, cov));
            }
        });
    }
    let keep = inked.len() <= GLYPH_PIXELS_KEPT;
    let r: Raster = inked.into();
    if !keep {
        return r;
    }
    GLYPHS.with(|g| {
        let mut g = g.borrow_mut();
        if g.len() >= GLYPHS_KEPT {
            g.clear();
        }
        g.insert(key, r.clone());
    });
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_font_parses_and_has_latin_and_hangul() {
        assert!(face().is_some());
        for c in ('!'..='~').chain("한국어 출킨 티칼 쿠스코 타완틴수유 문명 ·—→".chars())
        {
            if c != ' ' {
                assert!(has_glyph(c), "{c:?} is missing");
            }
        }
        assert!(
            !has_glyph('\u{0378}'),
            "an unassigned code point has no glyph"
        );
    }

    #[test]
    fn capitals_are_as_tall_as_asked() {
        let mut rows = std::collections::BTreeSet::new();
        draw_text("H", (0.0, 10.0), 20.0, 20.0, |_, y, c| {
            if c > 0.5 {
                rows.insert(y);
            }
        });
        let (first, last) = (rows.first().copied(), rows.last().copied());
        assert_eq!(first, Some(10));
        assert_eq!(last, Some(29));
    }

    #[test]
    fn extent_grows_with_text_and_lines() {
        let (w1, h1) = text_extent("AB", 7.0);
        let (w2, _) = text_extent("AB한", 7.0);
        let (_, h2) = text_extent("A\nB", 7.0);
        assert_eq!(w1, 12.0);
        assert!((w2 - 21.6).abs() < 1e-4, "{w2}");
        assert_eq!(h1, 9.0);
        assert_eq!(h2, 20.0);
        assert_eq!(text_extent("", 7.0).0, 0.0);
    }
}
