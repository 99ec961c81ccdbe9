//! A `Sketch` as SVG: the same shapes the rasteriser draws, written as
//! vector elements for pages that show many boards (the archive's replays
//! carry each distinct shape once, where a PNG per position would not fit).
//! Labels are drawn by the browser's fonts, no smaller than the PNG's.

use super::html::{escape, fit};
use super::LEGIBLE_CAP;
use crate::engine::{Anchor, Color, Shape, Sketch};
use std::fmt::Write;

/// Font size per capital height: a sans-serif capital is about 0.72 em.
const EM_PER_CAP: f64 = 1.0 / 0.72;

/// The widest a replay page shows a board, in CSS pixels.
const PAGE_WIDTH: u32 = 568;

/// The size a page shows the sketch at, in CSS pixels.
pub fn shown_size(sketch: &Sketch) -> (u32, u32) {
    fit(sketch.width, sketch.height, PAGE_WIDTH)
}

/// The smallest capital height in the sketch's own units that still shows
/// as `LEGIBLE_CAP` CSS pixels at the shown size.
pub fn min_cap(sketch: &Sketch) -> f64 {
    let shown = f64::from(shown_size(sketch).0.max(1));
    f64::from(LEGIBLE_CAP) * f64::from(sketch.width.max(1)) / shown
}

fn hex(c: Color) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

fn paint(fill: &Option<Color>, stroke: &Option<Color>) -> String {
    let fill = fill.map_or("none".to_string(), hex);
    match stroke {
        Some(s) => format!(
            " fill=\"{fill}\" stroke=\"{}\" stroke-width=\"1\" vector-effect=\"non-scaling-stroke\"",
            hex(*s)
        ),
        None => format!(" fill=\"{fill}\""),
    }
}

fn text(
    at: (i32, i32),
    anchor: Anchor,
    text: &str,
    size: i32,
    color: Color,
    min_cap: f64,
) -> String {
    let (x, y) = at;
    let cap = f64::from(size).max(min_cap);
    let anchor = match anchor {
        Anchor::Start => "",
        Anchor::Middle => " text-anchor=\"middle\"",
        Anchor::End => " text-anchor=\"end\"",
    };
    format!(
        "<text x=\"{x}\" y=\"{:.1}\" font-size=\"{:.1}\" fill=\"{}\"{anchor}>{}</text>",
        f64::from(y) + cap,
        cap * EM_PER_CAP,
        hex(color),
        escape(text)
    )
}

/// One shape as an SVG element, labels in `lang`, none with capitals
/// smaller than `min_cap` (sketch units).
pub fn shape_svg(shape: &Shape, lang: &str, min_cap: f64) -> String {
    match shape {
        Shape::Rect {
            x,
            y,
            w,
            h,
            fill,
            stroke,
        } => format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{}\" height=\"{}\"{}/>",
            w.max(&0),
            h.max(&0),
            paint(fill, stroke)
        ),
        Shape::Circle {
            x,
            y,
            r,
            fill,
            stroke,
        } => format!(
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\"{}/>",
            r.max(&0),
            paint(fill, stroke)
        ),
        Shape::Line {
            x1,
            y1,
            x2,
            y2,
            color,
            width,
        } => format!(
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\"/>",
            hex(*color),
            width.clamp(&1, &1024)
        ),
        Shape::Polygon {
            points,
            fill,
            stroke,
        } => {
            let mut pts = String::new();
            for (x, y) in points {
                let _ = write!(pts, "{x},{y} ");
            }
            format!(
                "<polygon points=\"{}\"{}/>",
                pts.trim_end(),
                paint(fill, stroke)
            )
        }
        Shape::Label {
            x,
            y,
            text: t,
            size,
            color,
            anchor,
        } => text((*x, *y), *anchor, t, *size, *color, min_cap),
        Shape::Caption {
            x,
            y,
            text: t,
            size,
            color,
            anchor,
        } => text((*x, *y), *anchor, t.get(lang), *size, *color, min_cap),
    }
}

/// The opening tag of the sketch's `<svg>` at its shown size, with its
/// background, the description and the font; shapes follow, then `</svg>`.
pub fn svg_open(sketch: &Sketch, lang: &str, alt: &str) -> String {
    let (w, h) = shown_size(sketch);
    let background = sketch.background.map_or(String::new(), |c| {
        format!(
            "<rect width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            sketch.width,
            sketch.height,
            hex(c)
        )
    });
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" width=\"{w}\" height=\"{h}\" \
role=\"img\" aria-label=\"{}\" lang=\"{lang}\" font-family=\"Arial,Helvetica,'Noto Sans CJK KR',sans-serif\">{background}",
        sketch.width,
        sketch.height,
        escape(alt)
    )
}

/// The whole sketch as one SVG document.
pub fn svg(sketch: &Sketch, lang: &str, alt: &str) -> String {
    let cap = min_cap(sketch);
    let mut out = svg_open(sketch, lang, alt);
    for shape in &sketch.shapes {
        out.push_str(&shape_svg(shape, lang, cap));
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Text;

    #[test]
    fn shapes_keep_their_geometry_and_labels_their_language() {
        let mut sketch = Sketch::new(1136, 100);
        sketch.shapes.push(Shape::Caption {
            x: 10,
            y: 20,
            text: Text::new("Temple <1>", "신전"),
            size: 30,
            color: Color::BLACK,
            anchor: Anchor::Start,
        });
        let en = svg(&sketch, "en", "board");
        assert!(en.contains("width=\"568\" height=\"50\""), "{en}");
        assert!(en.contains(">Temple &lt;1&gt;</text>"), "{en}");
        assert!(
            en.contains("y=\"50.0\""),
            "the baseline sits a capital below the top: {en}"
        );
        assert!(svg(&sketch, "ko", "board").contains(">신전</text>"));
    }

    #[test]
    fn small_labels_are_enlarged_as_in_the_png() {
        let sketch = Sketch::new(1136, 100);
        // Shown at half size, so 8 CSS px of capitals are 16 sketch units.
        assert!((min_cap(&sketch) - 16.0).abs() < 1e-9);
        let label = Shape::Label {
            x: 0,
            y: 0,
            text: "x".into(),
            size: 4,
            color: Color::BLACK,
            anchor: Anchor::Start,
        };
        assert!(shape_svg(&label, "en", 16.0).contains("y=\"16.0\""));
    }
}
